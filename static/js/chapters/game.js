// Chapter "game": the devlog's final position in free mode. Click a piece, click a target.

import { api } from "../api.js";
import { convert } from "../bits.js";
import { answersHidden, createChapter } from "../chapter.js";
import { createMappingSwitch } from "../controls.js";
import { columns, el, screenOnly, setDisabled } from "../dom.js";
import { shuffled } from "../exercise.js";
import { big, chapterUrl, createStatePredict, createValueBoard, mappingField, NO_PREDICTION, predictFields } from "../kit.js";
import { T } from "../state.js";
import { DEVLOG, lineName } from "../terms.js";

const { root, state, error, run } = createChapter(
  {
    fen: T.text(DEVLOG.fen, 100),
    sel: T.square(null),
    // The side to move: free mode lets either side move, but a move still passes the turn.
    turn: T.choice(["w", "b"], "w"),
    flip: T.bool(false),
    mapping: mappingField(),
    ...predictFields(),
  },
  // Only a new position is a step of the browser's history: Back is Undo, Forward is Redo.
  // Selecting, flipping, switching the mapping replace the entry and stay through Back/Forward.
  { history: { steps: ["fen", "turn"], reset: { sel: null, ...NO_PREDICTION } } },
);

const form = el("form", { class: "toolbar fen-form", "aria-label": "Load a position" });
const input = el("input", {
  id: "fen",
  name: "fen",
  class: "mono",
  size: "48",
  spellcheck: "false",
  autocomplete: "off",
  "aria-describedby": "fen-help",
});
form.append(
  el("label", { for: "fen" }, "FEN "),
  input,
  el("button", { type: "submit", "data-action": "load" }, "Load"),
  el("button", { type: "button", "data-action": "reset" }, "Reset to the devlog's position"),
  el("span", { id: "fen-help", class: "muted" }, "Any piece moves, whichever side is to move (free mode)."),
);
root.append(form);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  // Busy until the position is checked and played (screen readers hear it; tests wait for it).
  form.setAttribute("aria-busy", "true");
  try {
    const position = await api("/position", { fen: input.value, mapping: "lerf" });
    error.show(null);
    // A whole FEN names the side to move; a board part alone leaves White to move.
    play({ fen: position.fen, turn: position.turn ?? "w" }, "Position loaded");
  } catch (e) {
    error.show(e);
  } finally {
    form.removeAttribute("aria-busy");
  }
});
form
  .querySelector('[data-action="reset"]')
  .addEventListener("click", () => play({ fen: DEVLOG.fen, turn: "w" }, "The devlog's position"));

// The game's line: the positions played, [{fen, turn, move}], and where on it the board is.
// It lives in the browser's history: each position is one history entry (see the history
// option above), and each entry keeps the whole line, so Undo/Redo are Back/Forward, the list
// of moves is the history, and a reload keeps both. A new move after going back drops the
// undone moves, as the browser drops the entries ahead.
let line = [];
let at = 0;
let goingTo = null; // where a walk asked of the history is heading, until it arrives
const samePosition = (a, b) => a.fen === b.fen && a.turn === b.turn;

/** Take the line from the history entry on screen (a reload, Back, Forward), or start one; idempotent. */
function syncLine() {
  const s = state.get();
  const here = { fen: s.fen, turn: s.turn };
  const saved = state.entry()?.game;
  if (saved?.line[saved.at] && samePosition(saved.line[saved.at], here)) {
    // The line known here may run further ahead than the entry's: keep it when their pasts agree.
    const past = saved.line.slice(0, saved.at + 1);
    const agrees = line.length > saved.at && past.every((p, i) => samePosition(p, line[i]));
    if (!agrees) line = saved.line;
    at = saved.at;
  } else if (!(line[at] && samePosition(line[at], here))) {
    line = [{ ...here, move: null }];
    at = 0;
  }
  goingTo = null;
  state.remember({ game: { line, at } });
}

/** Go to a new position (a move, a loaded FEN): one step further on the line, undone moves dropped. */
function play(next, move) {
  const s = state.get();
  if (samePosition(next, s)) return state.set({ sel: null, ...NO_PREDICTION });
  const grown = [...line.slice(0, at + 1), { ...next, move }];
  state.remember({ game: { line: grown, at } });
  line = grown;
  at += 1;
  state.set({ ...next, sel: null, ...NO_PREDICTION }, { entry: { game: { line, at } } });
}
const heading = () => goingTo ?? at;
/**
 * Walk the line to position `target` (0 is the start): the browser's history does it, so
 * Back/Forward agree. A click before the last walk arrives counts from where that one is
 * heading, so a quick double Undo on the first move never walks out of the game.
 */
function travelTo(target) {
  const from = heading();
  if (target === from || target < 0 || target >= line.length) return;
  closePromotion();
  goingTo = target;
  window.history.go(target - from);
}
const gameTools = el(
  "div",
  { class: "toolbar game-tools" },
  el("button", { type: "button", "data-action": "undo" }, "Undo move"),
  el("button", { type: "button", "data-action": "redo" }, "Redo move"),
  el("button", { type: "button", "data-action": "flip", "aria-pressed": "false" }, "Flip the board"),
);
const undoButton = gameTools.querySelector('[data-action="undo"]');
const redoButton = gameTools.querySelector('[data-action="redo"]');
const flipButton = gameTools.querySelector('[data-action="flip"]');
undoButton.addEventListener("click", () => travelTo(heading() - 1));
redoButton.addEventListener("click", () => travelTo(heading() + 1));
flipButton.addEventListener("click", () => state.set({ flip: !state.get().flip }, { history: "replace" }));
// The side to move: a sentence beside the game's buttons, above the board, not on a slide.
const turnLine = el("p", { class: "turn", "data-role": "turn", "aria-live": "polite", "data-present-fold": "" });
gameTools.append(turnLine);
const mapping = createMappingSwitch(
  root,
  state,
  "The board is the same in both mappings; the occupied and moves values change, since a1 is bit 7 in lerbef and bit 0 in lerf.",
);

// The moves played, from the start: each a button that jumps there (through the history).
const played = el("ol", { class: "moves-played", "data-role": "moves-played" });
root.append(
  gameTools,
  el(
    "section",
    { class: "panel moves-panel", "aria-labelledby": "moves-played-title" },
    el("h2", { id: "moves-played-title", text: "Moves played" }),
    played,
    el("p", { class: "muted", text: "Undo and Redo, the browser's Back and Forward, and these buttons walk the same list." }),
  ),
);
const [gameColumn, movesColumn] = columns(root, 2);
const game = createValueBoard(gameColumn, {
  role: "game",
  label: "The position",
  hint: "click a piece, then one of its targets",
  readout: "occupied",
  readoutRole: "occupied",
  interactive: true,
  onSquare: clickSquare,
  size: "large",
});
const movesBoard = createValueBoard(movesColumn, { role: "moves", label: "Moves of the selected piece", readout: "moves" });
// The promotion choice: a pawn reaching its last rank waits here for the piece it becomes.
const PROMOTION_CHOICES = [
  ["q", "Queen"],
  ["r", "Rook"],
  ["b", "Bishop"],
  ["n", "Knight"],
];
const promotion = el(
  "fieldset",
  { class: "panel promotion", "data-role": "promotion", hidden: true },
  el("legend", {}),
  ...PROMOTION_CHOICES.map(([letter, name]) => el("button", { type: "button", "data-promotion": letter }, name)),
  el("button", { type: "button", "data-promotion": "" }, "Cancel"),
);
let pending = null; // {from, to} of the pawn move waiting for its piece
gameColumn.prepend(promotion);
promotion.addEventListener("click", (event) => {
  const letter = event.target.closest("[data-promotion]")?.dataset.promotion;
  if (letter === undefined) return;
  const move = pending;
  closePromotion();
  if (letter && move) makeMove(move.from, move.to, letter);
});
promotion.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closePromotion();
});
function openPromotion(from, to) {
  pending = { from, to };
  promotion.querySelector("legend").textContent = `The pawn on ${from} reaches ${to}: choose what it becomes`;
  promotion.hidden = false;
  promotion.querySelector("button").focus();
}
function closePromotion() {
  const wasOpen = !promotion.hidden;
  pending = null;
  promotion.hidden = true;
  if (wasOpen) game.board.focusSquare(state.get().sel ?? "a1");
}

async function makeMove(from, to, promote = null) {
  const s = state.get();
  try {
    const moved = await api("/move", { fen: s.fen, from, to, ...(promote ? { promotion: promote } : {}) });
    const white = moved.piece === moved.piece.toUpperCase();
    play({ fen: moved.fen, turn: white ? "b" : "w" }, moveWords(moved));
  } catch (e) {
    error.show(e);
  }
}

played.addEventListener("click", (event) => {
  const ply = event.target.closest("button[data-ply]")?.dataset.ply;
  if (ply !== undefined) travelTo(Number(ply));
});
const info = el("div", { class: "panel selection", "aria-live": "polite" });
movesColumn.append(info);
const predict = createStatePredict(root, state, "Select a piece and mark the squares you think it can move to, then reveal.");

/** The question the board asks of the API: the position of the state, with its selected piece's moves. */
const positionQuery = (s) => ({ fen: s.fen, square: s.sel, mapping: s.mapping });
let drawn = null; // { s, position }: the last position drawn and the state it was drawn for

/** A tap is read against the state's position. That is the one drawn, except when a quick second
 * tap lands before the first one's redraw: then it is asked for (from the answers asked ahead). A
 * drawn position is read at once, so that taps keep their order. */
async function clickSquare(name) {
  const s = state.get();
  if (!drawn) return;
  let position = drawn.position;
  if (drawn.s.fen !== s.fen || drawn.s.sel !== s.sel) {
    position = await api("/position", positionQuery(s));
    if (state.get() !== s) return; // the state moved on meanwhile: this tap was for a board no longer there
  }
  const selected = position.selected;
  if (selected?.piece && selected.moves.includes(name)) {
    if (selected.promotions.includes(name)) openPromotion(selected.square, name);
    else await makeMove(selected.square, name);
    return;
  }
  closePromotion();
  state.set({ sel: position.pieces[name] && name !== s.sel ? name : null, ...NO_PREDICTION });
}

const SIDE = { w: "White", b: "Black" };
/** A move as a player writes it, with the side that made it: "White Rh1–h2", "Black Qd4×d7", "White d7–d8=N". */
function moveWords(moved) {
  const side = moved.piece === moved.piece.toUpperCase() ? "White" : "Black";
  const letter = moved.piece.toUpperCase() === "P" ? "" : moved.piece.toUpperCase();
  const promotion = moved.promotion ? `=${moved.promotion.toUpperCase()}` : "";
  return `${side} ${letter}${moved.from}${moved.captured ? "×" : "–"}${moved.to}${promotion}`;
}

function drawLine() {
  played.replaceChildren(
    ...line.map((position, ply) => {
      const words = ply === 0 ? "Start" : `${ply}. ${position.move}`;
      return el(
        "li",
        { ...(ply ? { "data-move": position.move } : {}), ...(ply === at ? { "aria-current": "step" } : {}) },
        el("button", { type: "button", "data-ply": String(ply) }, words),
      );
    }),
  );
}
const PIECE_WORDS = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
/** "Q" -> "white queen", "n" -> "black knight". */
const pieceName = (letter) => `${letter === letter.toUpperCase() ? "white" : "black"} ${PIECE_WORDS[letter.toLowerCase()]}`;

/** The side to move, and what free mode allows beside it. */
function drawTurn(position, s) {
  const piece = position.selected?.piece;
  const other = piece && (piece === piece.toUpperCase() ? "w" : "b") !== s.turn;
  turnLine.dataset.turn = s.turn;
  turnLine.textContent = `${SIDE[s.turn]} to move. ${
    other
      ? `Free mode: the ${piece === piece.toUpperCase() ? "white" : "black"} piece on ${position.selected.square} may move anyway; after it, ${SIDE[s.turn]} is still to move.`
      : "Free mode: either side may move; a move passes the turn to the other side."
  }`;
}

function drawInfo(position, s) {
  const selected = position.selected;
  if (!selected?.piece) {
    info.replaceChildren(el("p", {}, "No piece selected.", screenOnly(" Click one (or focus a square and press Enter).")));
    return;
  }
  const children = [
    el("p", {
      text: `The ${pieceName(selected.piece)} on ${selected.square}: ${selected.moves.length} move${selected.moves.length === 1 ? "" : "s"} (${selected.moves.join(" ") || "none"}).`,
    }),
  ];
  if (selected.slider) {
    const occ = convert(big(position.occupied), s.mapping, "lerf");
    const links = selected.lines.map((line) =>
      el(
        "li",
        {},
        el(
          "a",
          {
            href: chapterUrl("hyperbola", {
              sq: selected.square,
              occ: `0x${occ.toString(16)}`,
              line,
              piece: selected.slider,
              mapping: s.mapping,
              fen: position.fen,
            }),
            "data-line": line,
          },
          `o^(o-2r) along the ${lineName(line)}`,
        ),
      ),
    );
    children.push(
      el("p", { text: "Computed by this project's engine; see each line's equation:" }),
      el("ul", { class: "hyperbola-links" }, ...links),
    );
  } else {
    children.push(el("p", { class: "muted", text: "Not a slider: moves by python-chess's pseudo-legal rules for its colour." }));
  }
  info.replaceChildren(...children);
}

// A bad FEN in the URL: the error line says so, and the last board stays.
run({
  errorAfter: form,
  present: [gameColumn, movesBoard.board.figure],
  exercise: {
    answers: [movesColumn],
    // A question is a selected piece's moves: with none selected, nothing to ask.
    asks: (s) => s.sel !== null,
    // A fresh question: another piece of the state's position (asked of the API, not read from
    // the board last drawn: a worksheet asks before anything is drawn) that has a move to mark.
    next: async (s, random) => {
      const position = await api("/position", { fen: s.fen, square: null, mapping: s.mapping });
      for (const name of shuffled(
        random,
        Object.keys(position.pieces).filter((name) => name !== s.sel),
      )) {
        const moves = await api("/position", { fen: s.fen, square: name, mapping: s.mapping });
        if (moves.selected.moves.length) return { sel: name };
      }
      return {};
    },
  },
  controls: (s) => {
    // Before anything is drawn: the state may come from Back, Forward or a reload.
    syncLine();
    mapping.set(s.mapping);
  },
  load: (s) => api("/position", positionQuery(s)),
  // A tap selects the piece on a square, or, with a piece selected, moves it there: then the
  // position after the move is what the board shows next.
  taps: (s, position) => {
    const query = positionQuery(s);
    const from = position.selected?.piece ? position.selected.square : null;
    return from
      ? {
          tap: "square,to",
          follow: "position",
          requests: [
            ["/position", query],
            ["/move", { fen: s.fen, from }],
          ],
        }
      : { tap: "square", requests: [["/position", query]] };
  },
  draw(s, position) {
    drawn = { s, position };
    if (document.activeElement !== input) input.value = position.fen;
    const selected = position.selected;
    const moves = selected ? big(selected.bitboard) : 0n;
    const marks = {};
    if (selected) {
      marks[selected.square] = "selected";
      // In exercise mode the targets are the answer: no dots until the student reveals.
      if (!answersHidden(s))
        for (const target of selected.moves) marks[target] = selected.captures.includes(target) ? "capture" : "target";
    }
    game.draw({
      bits: big(position.occupied),
      mapping: s.mapping,
      pieces: position.pieces,
      marks,
      flip: s.flip,
      cursor: s.sel ?? undefined,
    });
    flipButton.setAttribute("aria-pressed", String(s.flip));
    setDisabled(undoButton, at === 0);
    setDisabled(redoButton, at >= line.length - 1);
    drawLine();
    drawTurn(position, s);
    const caption = selected?.piece
      ? `Moves of the ${pieceName(selected.piece)} on ${selected.square}`
      : "Moves of the selected piece";
    const pieces = selected ? { [selected.square]: selected.piece } : {};
    // Every board of the page turns with the game board: a square is where the student saw it.
    movesBoard.draw({ bits: moves, mapping: s.mapping, pieces, caption, flip: s.flip });
    drawInfo(position, s);
    predict.draw({
      predicted: s.pred,
      answer: selected?.piece ? moves : null,
      mapping: s.mapping,
      revealed: s.rev,
      flip: s.flip,
    });
  },
});
