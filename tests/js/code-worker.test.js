// static/js/code-worker.js, the code chapter's checker: the Web Worker that runs a student's
// code on every input (loaded by ./worker.js). Its helpers are the core's lines and reversal,
// a wrong kind of answer is named, code that cannot run says why; and every task's reference
// solution is right and its printed code as wrong as the core measures, on every input where
// that is quick (the rest of the inputs: code-tasks.test.js).

import assert from "node:assert/strict";
import { test } from "node:test";
import vm from "node:vm";

import { core, NAMES } from "./core.js";
import { answers, check, every, firstWrongIsTheCores, printedIsAsWrong, solutionIsRight, TASKS, worker } from "./worker.js";

test("the devlog's helpers in scope are the core's lines and 64-bit reversal (lerbef)", () => {
  const realm = worker();
  for (const [sq, name] of NAMES.entries()) {
    const rank = (sq >> 3) + 1;
    const file = (sq & 7) + 1;
    const masks = core.line_masks_lerbef;
    assert.equal(realm.getRank(rank), BigInt(masks.rank[sq]), name);
    assert.equal(realm.getFile(file), BigInt(masks.file[sq]), name);
    assert.equal(realm.getDiagonal(rank, file), BigInt(masks.diagonal[sq]), name);
    assert.equal(realm.getAntiDiagonal(rank, file), BigInt(masks.anti_diagonal[sq]), name);
    assert.equal(realm.bitOfSquare(rank, file), BigInt(core.squares[sq].lerbef_bit), name);
  }
  for (const x of core.bitboards) assert.equal(realm.reverseBitboard(BigInt(x.lerf)), BigInt(x.reversed), x.lerf);
  assert.equal(realm.reverseBitboard(-1n), (1n << 64n) - 1n); // read as 64 unsigned bits
  // The devlog's Rook, given: its moves on the empty board from a1 (h1 is bit 0: a1 is bit 7).
  // (Classes and constants of a script are in its realm's scope, not on its global object.)
  const [Rook, Piece, BoardImplementation, WHITE] = vm.runInContext("[Rook, Piece, BoardImplementation, WHITE]", realm);
  const rook = new Rook(WHITE, 1, 1);
  const a1 = 1n << 7n;
  const moves = rook.getMoves(new BoardImplementation(a1, a1));
  assert.equal(moves, (BigInt(core.line_masks_lerbef.rank[0]) | BigInt(core.line_masks_lerbef.file[0])) & ~a1);
  assert.equal(rook.getType(), "r");
  assert.throws(() => new Piece(WHITE, 1, 1).getType(), /must be implemented/);
});

const ray = TASKS.find((t) => t.id === "horizontal");
const one = {
  inputs: [["0x0000000000000001", "0x0000000000000004"]],
  args: [
    { name: "s", kind: "bitboard" },
    { name: "d", kind: "bitboard" },
  ],
};

/** Run `code` (a getHorizontalRay) on one input answering `result`; return its one answer or the compile error. */
function runOne(code, result = "bitboard", input = one) {
  const posted = check(ray, code, { ...input, result });
  return posted.find((m) => m.type === "compile-error") ?? answers(posted, 1)[0];
}

test("a wrong kind of answer is named, not compared", () => {
  const returning = (value) => runOne(`function getHorizontalRay(s, d) { return ${value}; }`);
  assert.deepEqual(returning("7n"), { value: "0x0000000000000007" });
  assert.deepEqual(returning("7"), { bad: "7, not a BigInt" });
  assert.deepEqual(returning("-1n"), { bad: "-1n, not a 64-bit bitboard (0 to 2^64 - 1)" });
  assert.deepEqual(returning("1n << 64n"), { bad: "18446744073709551616n, not a 64-bit bitboard (0 to 2^64 - 1)" });
  assert.deepEqual(returning("1n << 100n"), { bad: "a BigInt of 101 bits, not a 64-bit bitboard (0 to 2^64 - 1)" });
  assert.deepEqual(returning("-(1n << 100n)"), { bad: "a negative BigInt of 101 bits, not a 64-bit bitboard (0 to 2^64 - 1)" });
  assert.deepEqual(returning("undefined"), { bad: "undefined, not a BigInt" });
  assert.deepEqual(returning("null"), { bad: "null, not a BigInt" });
  assert.deepEqual(returning('"x".repeat(70)'), { bad: `"${"x".repeat(60)}...", not a BigInt` });
  assert.deepEqual(returning('"0x1"'), { bad: '"0x1", not a BigInt' });
  assert.deepEqual(returning("() => 1n"), { bad: "a function, not a BigInt" });
  assert.deepEqual(returning("Promise.resolve(1n)"), { bad: "a Promise, not a BigInt" });
  assert.deepEqual(returning("[1n, 2n]"), { bad: "an array of 2, not a BigInt" });
  assert.deepEqual(returning("{}"), { bad: "an object, not a BigInt" });
  assert.deepEqual(returning("true"), { bad: "true, not a BigInt" });
  const booleans = (value) => runOne(`function getHorizontalRay(s, d) { return ${value}; }`, "boolean");
  assert.deepEqual(["true", "false", "1", "0", "2", "1n", '"true"'].map(booleans), [
    { value: "true" },
    { value: "false" },
    { value: "true" }, // C's int 1 and 0 read as the page's C means them
    { value: "false" },
    { bad: "2, not true or false" },
    { bad: "1n, not true or false" },
    { bad: '"true", not true or false' },
  ]);
  const squares = (value) => runOne(`function getHorizontalRay(s, d) { return ${value}; }`, "square");
  assert.deepEqual(["-1", "63", "2.5", "1n", "NaN"].map(squares), [
    { value: "-1" },
    { value: "63" },
    { bad: "2.5, not a whole number" },
    { bad: "1n, not a whole number" },
    { bad: "NaN, not a whole number" },
  ]);
});

test("arguments arrive as their kinds: bitboards as BigInts, squares as numbers", () => {
  const input = {
    inputs: [["0x00000000000000ff", 28]],
    args: [
      { name: "s", kind: "bitboard" },
      { name: "d", kind: "integer" },
    ],
  };
  const got = runOne(
    "function getHorizontalRay(s, d) { return typeof s === 'bigint' && s === 255n && d === 28 ? 1n : 0n; }",
    "bitboard",
    input,
  );
  assert.deepEqual(got, { value: "0x0000000000000001" });
});

test("code that cannot run says why, and where in the student's code", () => {
  assert.deepEqual(runOne("function getHorizontalRay(s, d) {\n  return s +;\n}"), {
    type: "compile-error",
    name: "SyntaxError",
    message: "Unexpected token ';'",
  });
  assert.deepEqual(runOne("function getVerticalRay(s, d) { return s; }"), {
    type: "compile-error",
    name: "",
    message: "it defines no function named getHorizontalRay",
  });
  assert.deepEqual(runOne("const getHorizontalRay = 5;"), {
    type: "compile-error",
    name: "",
    message: "it defines no function named getHorizontalRay",
  });
  assert.deepEqual(runOne("throw new RangeError('at load');"), {
    type: "compile-error",
    name: "RangeError",
    message: "at load (line 1)",
  });
  // A throw inside a call is that input's answer, with the line it came from.
  assert.deepEqual(runOne("function getHorizontalRay(s, d) {\n  let x = 1n;\n  return undefinedName;\n}"), {
    error: "ReferenceError: undefinedName is not defined (line 3)",
  });
  assert.deepEqual(runOne("function getHorizontalRay(s, d) { throw 'plain'; }"), { error: "Error: plain" });
  // The devlog prints its functions as methods without `function`: they are read as an object's.
  assert.deepEqual(runOne("getHorizontalRay(s, d) {\n  return s | d;\n}"), { value: "0x0000000000000005" });
  assert.deepEqual(runOne("getHorizontalRay(s, d) {\n\n  return nope;\n}"), {
    error: "ReferenceError: nope is not defined (line 3)",
  });
  // Strict mode: an undeclared assignment throws rather than making a global.
  assert.deepEqual(runOne("function getHorizontalRay(s, d) {\n  leak = 1n;\n  return leak;\n}"), {
    error: "ReferenceError: leak is not defined (line 2)",
  });
});

test("a piece task's class is asked for its moves on the board of each input", () => {
  const bishop = TASKS.find((t) => t.id === "bishop");
  const truth = core.code_truth.bishop;
  const none = check(bishop, "function Bishop() {}", { ...truth, inputs: truth.inputs.slice(0, 1) });
  assert.match(answers(none, 1)[0].error, /^TypeError: /); // a function, not a class with getMoves
  const missing = check(bishop, "class Knight {}", { ...truth, inputs: [] });
  assert.deepEqual(missing.at(-1), { type: "compile-error", name: "", message: "it defines no class named Bishop" });
  // A piece that names no rays meets SlidingPiece's own refusal.
  const rayless = check(bishop, "class Bishop extends SlidingPiece {}", { ...truth, inputs: truth.inputs.slice(0, 1) });
  assert.deepEqual(answers(rayless, 1)[0], { error: "Error: Method 'GetType()' must be implemented." });
});

test("the devlog's enumerations tell every piece and colour apart", () => {
  const [types, colors, WHITE] = vm.runInContext("[E_PieceType, E_PieceColor, WHITE]", worker());
  for (const values of [Object.values(types), Object.values(colors)]) {
    assert.ok(values.every((v) => typeof v === "string" && v.length > 0));
    assert.equal(new Set(values).size, values.length);
  }
  assert.deepEqual(Object.keys(types), ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn"]);
  assert.deepEqual(Object.keys(colors), ["White", "Black"]);
  assert.equal(WHITE, colors.White);
  assert.ok(Object.isFrozen(types) && Object.isFrozen(colors));
});

test("the edges of each kind of answer", () => {
  const returning = (value, result = "bitboard") => runOne(`function getHorizontalRay(s, d) { return ${value}; }`, result);
  assert.deepEqual(returning("(1n << 64n) - 1n"), { value: "0xffffffffffffffff" }); // the largest board is one
  assert.deepEqual(returning("0n"), { value: "0x0000000000000000" });
  // Up to 80 bits a BigInt is written out; from 81 on its size is told.
  assert.deepEqual(returning("1n << 79n"), { bad: `${1n << 79n}n, not a 64-bit bitboard (0 to 2^64 - 1)` });
  assert.deepEqual(returning("1n << 80n"), { bad: "a BigInt of 81 bits, not a 64-bit bitboard (0 to 2^64 - 1)" });
  // Up to 60 characters a string is quoted whole.
  assert.deepEqual(returning('"y".repeat(60)'), { bad: `"${"y".repeat(60)}", not a BigInt` });
  assert.deepEqual(returning('"y".repeat(61)'), { bad: `"${"y".repeat(60)}...", not a BigInt` });
  // A table index is a whole number, as a BigInt or a Number, written in decimal; never negative.
  assert.deepEqual(returning("1791n", "index"), { value: "1791" });
  assert.deepEqual(returning("1791", "index"), { value: "1791" });
  assert.deepEqual(returning("(1n << 64n) - 1n", "index"), { value: String((1n << 64n) - 1n) });
  assert.deepEqual(returning("-1n", "index"), { bad: "-1n, not a whole number" });
  assert.deepEqual(returning("1.5", "index"), { bad: "1.5, not a whole number" });
});

test("whatever is thrown, the answer says it, with the line from 10 on", () => {
  const throwing = (what) => runOne(`function getHorizontalRay(s, d) { throw ${what}; }`);
  assert.deepEqual(throwing("null"), { error: "Error: null" });
  assert.deepEqual(throwing("undefined"), { error: "Error: undefined" });
  assert.deepEqual(throwing("{ name: 'Oops', message: 'no' }"), { error: "Oops: no" });
  assert.deepEqual(runOne(`function getHorizontalRay(s, d) {${"\n".repeat(11)}  return nope;\n}`), {
    error: "ReferenceError: nope is not defined (line 12)",
  });
  assert.deepEqual(runOne("throw null;"), { type: "compile-error", name: "Error", message: "null" });
});

// Every task, on all its inputs where its code is quick to run; the pieces (a class per input, three
// 64-bit reversals per line) and the negative ray on a sample, whole in code-tasks.test.js.
// Strides prime to the inputs' periods (64 occupancies per square, 16 per square and line), so that
// the sample meets every kind of board, not the first (empty) one of each square again and again.
const SAMPLED = { piece: 61, "negative-ray": 15 };

for (const task of TASKS) {
  const full = core.code_truth[task.id];
  const step = task.call === "piece" ? SAMPLED.piece : task.id === "negative" ? SAMPLED["negative-ray"] : 1;
  const truth = step === 1 ? full : every(full, step);
  test(`${task.id}: the reference solution is right on ${truth.count} of its ${full.count} inputs`, () => {
    solutionIsRight(assert, task, truth);
  });
  for (const [i, printed] of task.printed.entries()) {
    const report = full.printed[i];
    if (step !== 1 && !report.throws) continue; // a count of wrong answers needs every input
    const loops = task.chapter === "shift-ray"; // the devlog's shift loops: some never return
    test(`${task.id}: "${printed.label}" is as wrong as the core measures`, () => {
      (loops ? firstWrongIsTheCores : printedIsAsWrong)(assert, task, printed.code, truth, report);
    });
  }
}
