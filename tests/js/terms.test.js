// static/js/terms.js: the API's enumerations as the pages offer them, held to the core's.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  aLine,
  DEVLOG,
  LINE_CHOICES,
  LINE_KINDS,
  lineName,
  MAPPINGS,
  mappingName,
  PIECE_LINES,
  SLIDER_LETTERS,
  tapWords,
} from "../../static/js/terms.js";
import { core } from "./core.js";

test("the line kinds, mappings and sliders are the API's", () => {
  assert.deepEqual(LINE_KINDS, core.line_kinds);
  assert.deepEqual([...MAPPINGS].sort(), [...core.mappings].sort());
  assert.equal(MAPPINGS[0], "lerbef"); // the devlog's own, the devlog chapters' default
  assert.deepEqual(Object.keys(SLIDER_LETTERS), core.pieces);
  assert.deepEqual(Object.values(SLIDER_LETTERS), ["R", "B", "Q"]);
  assert.deepEqual(PIECE_LINES, core.piece_lines);
});

test("a mapping as the pages name it: the wiki's LERF in capitals, the devlog's lerbef as it writes it", () => {
  assert.deepEqual(MAPPINGS.map(mappingName), ["lerbef", "LERF"]);
});

test("a line kind as students read it, with its article", () => {
  assert.deepEqual(LINE_KINDS.map(lineName), ["rank", "file", "diagonal", "anti-diagonal"]);
  assert.deepEqual(LINE_KINDS.map(aLine), ["a rank", "a file", "a diagonal", "an anti-diagonal"]);
  assert.deepEqual(
    LINE_CHOICES,
    LINE_KINDS.map((kind, i) => [kind, ["rank", "file", "diagonal", "anti-diagonal"][i]]),
  );
});

test("a mouse's instruction in a finger's words: each form of click, its capital kept, nothing else", () => {
  assert.equal(tapWords("Click a square, then click a second."), "Tap a square, then tap a second.");
  assert.equal(tapWords("The next click sets"), "The next tap sets");
  assert.equal(tapWords("two clicks; clicked; clicking"), "two taps; tapped; tapping");
  assert.equal(tapWords("Clicks, Clicked, Clicking"), "Taps, Tapped, Tapping");
  // Words that only hold the letters, and a sentence with no click, are left as they are.
  assert.equal(tapWords("the click-note; clicker; unclick; Clickable"), "the tap-note; clicker; unclick; Clickable");
  assert.equal(tapWords("Choose a square (or press Enter)."), "Choose a square (or press Enter).");
});

test("a script says to a finger what a template says (templates/_words.html's table)", () => {
  assert.ok(Object.keys(core.tap_words).length >= 8);
  for (const [mouse, finger] of Object.entries(core.tap_words)) assert.equal(tapWords(mouse), finger, mouse);
});

test("with no page (no #chapter), there are no devlog values", () => {
  assert.equal(DEVLOG, null);
});
