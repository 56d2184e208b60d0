// static/js/terms.js: the API's enumerations as the pages offer them, held to the core's.

import assert from "node:assert/strict";
import { test } from "node:test";

import { aLine, DEVLOG, LINE_CHOICES, LINE_KINDS, lineName, MAPPINGS, SLIDER_LETTERS } from "../../static/js/terms.js";
import { core } from "./core.js";

test("the line kinds, mappings and sliders are the API's", () => {
  assert.deepEqual(LINE_KINDS, core.line_kinds);
  assert.deepEqual([...MAPPINGS].sort(), [...core.mappings].sort());
  assert.equal(MAPPINGS[0], "lerbef"); // the devlog's own, the devlog chapters' default
  assert.deepEqual(Object.keys(SLIDER_LETTERS), core.pieces);
  assert.deepEqual(Object.values(SLIDER_LETTERS), ["R", "B", "Q"]);
});

test("a line kind as students read it, with its article", () => {
  assert.deepEqual(LINE_KINDS.map(lineName), ["rank", "file", "diagonal", "anti-diagonal"]);
  assert.deepEqual(LINE_KINDS.map(aLine), ["a rank", "a file", "a diagonal", "an anti-diagonal"]);
  assert.deepEqual(
    LINE_CHOICES,
    LINE_KINDS.map((kind, i) => [kind, ["rank", "file", "diagonal", "anti-diagonal"][i]]),
  );
});

test("with no page (no #chapter), there are no devlog values", () => {
  assert.equal(DEVLOG, null);
});
