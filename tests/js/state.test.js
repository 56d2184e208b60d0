// static/js/state.js's field types: how a chapter's state is read from the URL and written back.
// (createState itself, with the browser's history, is tested in Chromium: test_browser_share.py,
// test_browser_stepper.py.)

import assert from "node:assert/strict";
import { test } from "node:test";

import { T } from "../../static/js/state.js";
import { NAMES } from "./core.js";

/** Read `text` as the URL would give it, then write the value back. */
const roundTrip = (field, text) => field.write(field.read(text));

test("a square reads any case of a name, refuses the rest, and writes its name", () => {
  const field = T.square("e4");
  assert.equal(field.fallback, "e4");
  for (const name of NAMES) {
    assert.equal(field.read(name), name);
    assert.equal(field.read(name.toUpperCase()), name);
    assert.equal(roundTrip(field, name), name);
  }
  for (const bad of ["", "i9", "e44", "28"]) assert.equal(field.read(bad), "e4", bad);
  assert.equal(T.square().read("z9"), null);
  assert.equal(T.square().write(null), "");
  assert.equal(T.square().fallback, null);
});

test("a bitboard reads the API's forms, refuses the rest, and writes the shortest hex", () => {
  const field = T.bb(0x81n);
  assert.equal(field.fallback, 0x81n);
  assert.equal(field.read("0x0000001000100010"), 0x1000100010n);
  assert.equal(field.read("255"), 255n);
  assert.equal(field.read("0x10000000000000000"), 0x81n);
  assert.equal(field.read("junk"), 0x81n);
  assert.equal(field.write(0x1000100010n), "0x1000100010");
  assert.equal(field.write(0n), "0x0");
  assert.equal(roundTrip(field, "0xFFFFFFFFFFFFFFFF"), "0xffffffffffffffff");
  assert.equal(T.bb().fallback, 0n);
});

test("a choice reads one of its choices, else its fallback (the first unless given)", () => {
  const field = T.choice(["rank", "file", "diagonal"]);
  assert.equal(field.fallback, "rank");
  assert.equal(field.read("file"), "file");
  assert.equal(field.read("File"), "rank");
  assert.equal(field.read(""), "rank");
  assert.equal(field.write("diagonal"), "diagonal");
  assert.equal(T.choice(["a", "b"], "b").read("c"), "b");
  assert.equal(T.choice(["a", "b"], "b").fallback, "b");
});

test("an integer reads whole numbers within its bounds, bounds included", () => {
  const field = T.int(3, 1, 10);
  assert.equal(field.fallback, 3);
  assert.deepEqual(["1", "10", "7", "0", "11", "-1", "x", "", "5.9", "1e3"].map(field.read), [1, 10, 7, 3, 3, 3, 3, 3, 5, 1]);
  assert.equal(field.write(7), "7");
  const plain = T.int();
  assert.deepEqual([plain.fallback, plain.read("1000000"), plain.read("1000001"), plain.read("-1")], [0, 1000000, 0, 0]);
});

test("a flag is on only for 1, and writes 1 or 0", () => {
  const field = T.bool();
  assert.equal(field.fallback, false);
  assert.deepEqual(["1", "0", "true", ""].map(field.read), [true, false, false, false]);
  assert.deepEqual([true, false].map(field.write), ["1", "0"]);
  assert.equal(T.bool(true).fallback, true);
});

test("a text is kept up to its length, else its fallback", () => {
  const field = T.text("none", 5);
  assert.equal(field.fallback, "none");
  assert.deepEqual(["", "abcde", "abcdef"].map(field.read), ["", "abcde", "none"]);
  assert.equal(field.write("x y"), "x y");
  const plain = T.text();
  assert.deepEqual([plain.fallback, plain.read("a".repeat(200)), plain.read("a".repeat(201))], ["", "a".repeat(200), ""]);
});
