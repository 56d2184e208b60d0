// The Web Worker that runs a student's code for the code chapter. Served by /code-worker.js
// with its own Content-Security-Policy (eval allowed, no network, no scripts to import).
// It receives {task: {entry, call}, code, inputs}, evaluates the code once, then calls it
// on every input in order. Before each call it posts {type: "call", index}, so the page
// knows which call is running and can terminate the worker when one runs too long; the
// answers follow in order, in batches ({type: "answers", from, answers}). It
// never sees the expected answers: the page compares.

// ---- What the devlog's code relies on (lerbef: h1 is bit 0, a1 is bit 7, a8 is bit 63) ----

const BB_ALL = (1n << 64n) - 1n;

/** Return the 64-bit reversal of x (bit 0 <-> bit 63), x read as a 64-bit unsigned value. */
function reverseBitboard(x) {
  let value = BigInt.asUintN(64, x);
  let out = 0n;
  for (let i = 0; i < 64; i++) {
    out = (out << 1n) | (value & 1n);
    value >>= 1n;
  }
  return out;
}

function bitOfSquare(rank, file) {
  // rank and file count from 1 (e4: rank 4, file 5); lerbef numbers files from h.
  return BigInt(8 * (rank - 1) + (8 - file));
}

function lineMask(rank, file, dRank, dFile) {
  let mask = 0n;
  for (const sign of [1, -1]) {
    for (let r = rank, f = file; r >= 1 && r <= 8 && f >= 1 && f <= 8; r += sign * dRank, f += sign * dFile) {
      mask |= 1n << bitOfSquare(r, f);
    }
  }
  return mask;
}

/** The whole rank 1..8 as a bitboard. */
function getRank(rank) {
  return lineMask(rank, 1, 0, 1);
}
/** The whole file 1..8 (a = 1) as a bitboard. */
function getFile(file) {
  return lineMask(1, file, 1, 0);
}
/** The a1-h8 diagonal through (rank, file). */
// biome-ignore lint/correctness/noUnusedVariables: in scope for the student's code
function getDiagonal(rank, file) {
  return lineMask(rank, file, 1, 1);
}
/** The h1-a8 anti-diagonal through (rank, file). */
// biome-ignore lint/correctness/noUnusedVariables: in scope for the student's code
function getAntiDiagonal(rank, file) {
  return lineMask(rank, file, 1, -1);
}

const E_PieceType = Object.freeze({ King: "k", Queen: "q", Rook: "r", Bishop: "b", Knight: "n", Pawn: "p" });
const E_PieceColor = Object.freeze({ White: "w", Black: "b" });
const WHITE = E_PieceColor.White;

class Piece {
  constructor(color, rank, file) {
    this.color = color;
    this.rank = rank;
    this.file = file;
    this.position = 1n << bitOfSquare(rank, file);
  }
  getType() {
    throw new Error("Method 'GetType()' must be implemented.");
  }
}

// The devlog's SlidingPiece, its getMoves with `mask` read as `ray` (as printed, `mask` is
// never defined and the first call throws).
class SlidingPiece extends Piece {
  getMoves(board) {
    const occupied = board.getOccupied();
    const rays = this.getSlidingRays();
    const position = this.position;
    let slidingMoves = 0n;
    rays.forEach((mask) => {
      const blockers = occupied & mask;
      const positiveRay = ((blockers - 2n * position) ^ occupied) & mask;
      const negativeRay = (reverseBitboard(reverseBitboard(blockers) - 2n * reverseBitboard(position)) ^ occupied) & mask;
      slidingMoves = positiveRay | negativeRay | slidingMoves;
    });
    return slidingMoves & ~board.getOccupied(this.color);
  }
  getSlidingRays() {
    throw new Error("Method 'GetType()' must be implemented.");
  }
}

// biome-ignore lint/correctness/noUnusedVariables: in scope for the student's code
class Rook extends SlidingPiece {
  getType() {
    return E_PieceType.Rook;
  }
  getMoves(board) {
    return super.getMoves(board);
  }
  getSlidingRays() {
    return [getFile(this.file), getRank(this.rank)];
  }
}

class BoardImplementation {
  constructor(occupied, own) {
    this.occupied = occupied;
    this.own = own;
  }
  /** Every occupied square; with a colour, only that colour's (here: the piece's own). */
  getOccupied(color) {
    return color === undefined ? this.occupied : this.own;
  }
}

// ---- Running the student's code ----

const post = self.postMessage.bind(self);
// Lines new Function puts before the student's first line (its own two, then ours).
let lineOffset = 3;

function compile(code, entry) {
  // A script that defines the entry (function or class); or, as the devlog prints its
  // functions, method definitions without the word `function`: read those as an object's.
  const tail = `\n;return typeof ${entry} === "undefined" ? undefined : ${entry};`;
  try {
    lineOffset = 3;
    return new Function(`"use strict";\n${code}${tail}`)();
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    try {
      lineOffset = 4;
      return new Function(`"use strict";\nreturn ({\n${code}\n}).${entry};`)();
    } catch (_) {
      lineOffset = 3;
      throw error;
    }
  }
}

/** Return "Name: message (line n)", the line in the student's code where it was thrown. */
function failure(error) {
  const text = `${error?.name || "Error"}: ${String(error?.message ?? error)}`;
  const at = /<anonymous>:(\d+):\d+/.exec(String(error?.stack ?? ""));
  const line = at ? Number(at[1]) - lineOffset : 0;
  return line > 0 ? `${text} (line ${line})` : text;
}

function describe(value) {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "bigint") {
    // A huge BigInt would take long to write in decimal: say how big it is instead.
    const bits = (value < 0n ? -value : value).toString(2).length;
    return bits <= 80 ? `${value}n` : `a ${value < 0n ? "negative " : ""}BigInt of ${bits} bits`;
  }
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);
  if (typeof value === "function") return "a function";
  if (value && typeof value.then === "function") return "a Promise";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === "object" ? "an object" : String(value);
}

/** Return the answer as a token the page compares: "0x" + 16 hex digits, "true"/"false", an integer. */
function token(kind, value) {
  if (kind === "bitboard") {
    if (typeof value === "bigint" && value >= 0n && value <= BB_ALL)
      return { value: `0x${value.toString(16).padStart(16, "0")}` };
    if (typeof value === "bigint") return { bad: `${describe(value)}, not a 64-bit bitboard (0 to 2^64 - 1)` };
    return { bad: `${describe(value)}, not a BigInt` };
  }
  if (kind === "boolean") {
    if (typeof value === "boolean") return { value: String(value) };
    if (value === 0 || value === 1) return { value: String(value === 1) }; // C's int 0 and 1
    return { bad: `${describe(value)}, not true or false` };
  }
  // A table index: a whole number, as a BigInt (the bitboards' arithmetic gives one) or a Number.
  if (kind === "index" && typeof value === "bigint" && value >= 0n && value <= BB_ALL) return { value: String(value) };
  if (Number.isInteger(value)) return { value: String(value) };
  return { bad: `${describe(value)}, not a whole number` };
}

function argument(kind, value) {
  return kind === "bitboard" ? BigInt(value) : value;
}

self.onmessage = (event) => {
  const { task, code, inputs, args, result } = event.data;
  post({ type: "call", index: -1 });
  let entry;
  try {
    entry = compile(code, task.entry);
  } catch (error) {
    post({ type: "compile-error", name: error?.name || "Error", message: failure(error).replace(/^[^:]*: /, "") });
    return;
  }
  if (typeof entry !== "function") {
    post({
      type: "compile-error",
      name: "",
      message: `it defines no ${task.call === "piece" ? "class" : "function"} named ${task.entry}`,
    });
    return;
  }
  const kinds = args.map((a) => a.kind);
  const answers = [];
  // Answers go to the page every 512 calls, and at least every 100 ms: a slow function stopped
  // by the time limit or by the student keeps what it had answered.
  let sent = performance.now();
  for (let i = 0; i < inputs.length; i++) {
    post({ type: "call", index: i });
    const values = inputs[i].map((value, k) => argument(kinds[k], value));
    try {
      let answer;
      if (task.call === "piece") {
        const [rank, file, occupied, own] = values;
        answer = new entry(WHITE, rank, file).getMoves(new BoardImplementation(occupied, own));
      } else {
        answer = entry(...values);
      }
      answers.push(token(result, answer));
    } catch (error) {
      answers.push({ error: failure(error) });
    }
    if (answers.length === 512 || performance.now() - sent > 100) {
      post({ type: "answers", from: i + 1 - answers.length, answers: answers.splice(0) });
      sent = performance.now();
    }
  }
  post({ type: "answers", from: inputs.length - answers.length, answers });
  post({ type: "done" });
};
