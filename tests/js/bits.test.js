// static/js/bits.js, the front end's one place for squares and the two mappings, held to the
// Python core on every square and on bitboards from empty to full.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as b from "../../static/js/bits.js";
import { core, NAMES } from "./core.js";

const SQUARES = [...NAMES.keys()];
const boards = core.bitboards.map((x) => ({ ...x, value: BigInt(x.lerf) }));

test("square names and indices are the core's, both ways, in either case", () => {
  assert.deepEqual(b.SQUARE_NAMES, NAMES);
  assert.deepEqual(SQUARES.map(b.squareName), NAMES);
  assert.deepEqual(NAMES.map(b.squareIndex), SQUARES);
  assert.deepEqual(
    NAMES.map((n) => b.squareIndex(n.toUpperCase())),
    SQUARES,
  );
  for (const bad of ["", "i1", "a0", "a9", "e44", " e4", "e", null, undefined, 28])
    assert.equal(b.squareIndex(bad), -1, String(bad));
  assert.equal(b.FILES, "abcdefgh");
});

test("a square's bit in each mapping is the core's, and squareOfBit undoes it", () => {
  assert.deepEqual(
    SQUARES.map((sq) => b.bitOf(sq, "lerbef")),
    core.squares.map((s) => s.lerbef_bit),
  );
  assert.deepEqual(
    SQUARES.map((sq) => b.bitOf(sq)),
    SQUARES,
  );
  assert.deepEqual(
    SQUARES.map((sq) => b.bitOf(sq, "lerf")),
    SQUARES,
  );
  for (const m of ["lerf", "lerbef"]) {
    assert.deepEqual(
      SQUARES.map((sq) => b.squareOfBit(b.bitOf(sq, m), m)),
      SQUARES,
    );
  }
  assert.deepEqual(
    SQUARES.map((bit) => b.squareOfBit(bit)),
    SQUARES,
  );
  assert.deepEqual(
    core.squares.map((s) => b.squareOfBit(s.lerbef_bit, "lerbef")),
    SQUARES,
  );
});

test("a board's squares, count, forms and the other mapping's value are the core's", () => {
  for (const x of boards) {
    assert.equal(b.hex(x.value), x.lerf);
    assert.equal(b.hex(b.convert(x.value, "lerf", "lerbef")), x.lerbef);
    assert.equal(b.hex(b.convert(BigInt(x.lerbef), "lerbef", "lerf")), x.lerf);
    assert.equal(b.convert(x.value, "lerf", "lerf"), x.value);
    assert.equal(b.convert(x.value, "lerbef", "lerbef"), x.value);
    for (const m of ["lerf", "lerbef"]) {
      const value = m === "lerf" ? x.value : BigInt(x.lerbef);
      assert.deepEqual(
        b.squaresOf(value, m).map(b.squareName),
        [...x.squares.lerf].sort((p, q) => b.squareIndex(p) - b.squareIndex(q)),
      );
      assert.deepEqual(
        x.squares.lerf.map((n) => b.hasSquare(value, b.squareIndex(n), m)),
        x.squares.lerf.map(() => true),
      );
      assert.equal(b.bbOf(x.squares.lerf, m), value, `${x.lerf} in ${m}`);
      assert.equal(SQUARES.filter((sq) => b.hasSquare(value, sq, m)).length, x.popcount);
    }
    assert.deepEqual(b.squaresOf(x.value).map(b.squareName), x.squares.lerf);
    assert.equal(b.popcount(x.value), x.popcount);
    assert.equal(b.binary(x.value), x.binary);
    assert.equal(b.binaryBytes(x.value), x.binary.match(/.{8}/g).join(" "));
    assert.equal(b.shortHex(x.value), `0x${x.value.toString(16)}`);
    assert.equal(b.parseBB(x.lerf), x.value);
    assert.equal(b.parseBB(x.value.toString()), x.value);
    assert.equal(b.parseBB(` ${x.lerf.toUpperCase().replace("0X", "0x")} `), x.value);
  }
});

test("one square's board, and toggling it, in each mapping", () => {
  for (const sq of SQUARES) {
    const bit = BigInt(core.squares[sq].lerbef_bit);
    assert.equal(b.squareBB(sq, "lerbef"), 1n << bit);
    assert.equal(b.squareBB(sq), 1n << BigInt(sq));
    assert.equal(b.toggleSquare(0n, sq, "lerbef"), 1n << bit);
    assert.equal(b.toggleSquare(b.BB_ALL, sq), b.BB_ALL - (1n << BigInt(sq)));
    assert.equal(b.toggleSquare(b.toggleSquare(0x1234n, sq), sq), 0x1234n);
    assert.equal(b.hasSquare(1n << bit, sq, "lerbef"), true);
    assert.equal(b.hasSquare(b.BB_ALL ^ (1n << bit), sq, "lerbef"), false);
  }
});

test("parseBB reads a typed number as the core's parse_bitboard does, refusing what it refuses", () => {
  assert.ok(core.typed_numbers.length >= 20);
  for (const [text, value] of core.typed_numbers) {
    const read = b.parseBB(text);
    assert.equal(read === null ? null : b.hex(read), value, text);
  }
});

test("parseBB refuses what is not a 64-bit board, and the forms of a value", () => {
  for (const bad of [
    "",
    "0x",
    "-1",
    "0x1g",
    "0x10000000000000000",
    "18446744073709551616",
    "1e3",
    "0b1",
    "x10",
    null,
    undefined,
  ]) {
    assert.equal(b.parseBB(bad), null, String(bad));
  }
  assert.equal(b.parseBB("18446744073709551615"), b.BB_ALL);
  assert.equal(b.parseBB("0xFFFFFFFFFFFFFFFF"), b.BB_ALL);
  assert.equal(b.parseBB("0"), 0n);
  assert.equal(b.BB_ALL, (1n << 64n) - 1n);
  assert.equal(b.hex(-1n), "0xffffffffffffffff"); // read as 64 bits, as the API writes them
  assert.equal(b.shortHex(0n), "0x0");
  assert.deepEqual(b.literals(0x1000804200000010n), {
    c: "0x1000804200000010ULL",
    python: "0x1000804200000010",
    js: "0x1000804200000010n",
  });
});

test("marked squares against an answer: right, wrong and missed as the core compares them", () => {
  for (const x of core.compared) {
    const got = b.compareMarked(BigInt(x.marked), BigInt(x.answer));
    assert.deepEqual(
      { right: b.hex(got.right), wrong: b.hex(got.wrong), missed: b.hex(got.missed) },
      { right: x.right, wrong: x.wrong, missed: x.missed },
    );
  }
});
