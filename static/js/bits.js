// Pure bit and square helpers (BigInt), no DOM. The one place the front end knows the
// two square mappings: LERF (a1 = bit 0) and the devlog's lerbef (h1 = bit 0, a1 = bit 7).
//
// The rule: what is here follows from a number's bits and the two mappings' definition
// alone (name <-> index, set, test, toggle, count, convert, format, and comparing a student's
// marks with an answer, which never reaches the server). Pages use it to edit their state,
// to draw what the API answered and to mark the student's squares against it. Anything about the board beyond that (lines,
// directions, colours, distances, the square a difference leads to) and every verdict comes
// from the API, never from a page (board.js's checkered shading is drawing, not an answer).

export const BB_ALL = (1n << 64n) - 1n;
export const FILES = "abcdefgh";

/** Return the name of a LERF square index, e.g. squareName(28) === "e4". */
export function squareName(sq) {
  return FILES[sq & 7] + String((sq >> 3) + 1);
}

/** Return the LERF index of a square name, e.g. squareIndex("e4") === 28; -1 if not a square. */
export function squareIndex(name) {
  const m = /^([a-h])([1-8])$/.exec(String(name || "").toLowerCase());
  return m ? 8 * (Number(m[2]) - 1) + FILES.indexOf(m[1]) : -1;
}

export const SQUARE_NAMES = Array.from({ length: 64 }, (_, sq) => squareName(sq));

/** Return the bit number of a LERF square in a mapping: a1 is bit 0 in lerf, bit 7 in lerbef. */
export function bitOf(sq, mapping = "lerf") {
  return mapping === "lerbef" ? sq ^ 7 : sq;
}

/** Return the LERF square of a bit number in a mapping (inverse of bitOf). */
export function squareOfBit(bit, mapping = "lerf") {
  return mapping === "lerbef" ? bit ^ 7 : bit;
}

/** Return true when the square's bit is set in bb (a BigInt in `mapping`). */
export function hasSquare(bb, sq, mapping = "lerf") {
  return ((bb >> BigInt(bitOf(sq, mapping))) & 1n) === 1n;
}

/** Return bb with the square's bit flipped. */
export function toggleSquare(bb, sq, mapping = "lerf") {
  return bb ^ (1n << BigInt(bitOf(sq, mapping)));
}

/** Return the single-bit bitboard of a square. */
export function squareBB(sq, mapping = "lerf") {
  return 1n << BigInt(bitOf(sq, mapping));
}

/** Return the bitboard of some square names, e.g. bbOf(["a1", "h1"]) === 0x81n. */
export function bbOf(names, mapping = "lerf") {
  return names.reduce((bb, name) => bb | squareBB(squareIndex(name), mapping), 0n);
}

/** Return the LERF squares set in bb, sorted by LERF index. */
export function squaresOf(bb, mapping = "lerf") {
  return SQUARE_NAMES.map((_, sq) => sq).filter((sq) => hasSquare(bb, sq, mapping));
}

/**
 * Return how marked squares compare with an answer (both in one mapping): right (in both),
 * wrong (marked only) and missed (answer only), as chessviz.squares.compare_marked does.
 */
export function compareMarked(marked, answer) {
  return { right: marked & answer, wrong: marked & ~answer & BB_ALL, missed: answer & ~marked & BB_ALL };
}

/** Return the number of set bits. */
export function popcount(bb) {
  let n = 0;
  for (let x = bb; x; x &= x - 1n) n++;
  return n;
}

/** Parse the API's "0x" + 16 hex digits (or any 0x.. / decimal string) into a BigInt; null if invalid. */
export function parseBB(text) {
  const t = String(text ?? "")
    .trim()
    .toLowerCase();
  if (!/^(0x[0-9a-f]{1,16}|[0-9]{1,20})$/.test(t)) return null;
  const v = BigInt(t);
  return v <= BB_ALL ? v : null;
}

/** Return "0x" + 16 lowercase hex digits, the API's form. */
export function hex(bb) {
  return `0x${BigInt.asUintN(64, bb).toString(16).padStart(16, "0")}`;
}

/** Return the shortest "0x.." form, for URLs. */
export function shortHex(bb) {
  return `0x${BigInt.asUintN(64, bb).toString(16)}`;
}

/** Return the 64 binary digits, bit 63 first. */
export function binary(bb) {
  return BigInt.asUintN(64, bb).toString(2).padStart(64, "0");
}

/** Return the binary digits in eight bytes separated by spaces, bit 63 first. */
export function binaryBytes(bb) {
  return binary(bb).match(/.{8}/g).join(" ");
}

/** Return the value as a C, Python and JavaScript literal. */
export function literals(bb) {
  const h = hex(bb);
  return { c: `${h}ULL`, python: h, js: `${h}n` };
}

/** Return the same squares re-encoded from mapping `from` to `to` (a byte-wise bit mirror). */
export function convert(bb, from, to) {
  if (from === to) return bb;
  let out = 0n;
  for (let bit = 0; bit < 64; bit++) {
    if ((bb >> BigInt(bit)) & 1n) out |= 1n << BigInt(bit ^ 7);
  }
  return out;
}
