// static/js/announce.js: what a live region holds, and when, as messages are written into it
// (a region here is any object with a textContent, as the function asks no more of it).

import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import { AGAIN_MS, announce } from "../../static/js/announce.js";

// Every write into a region, in order: a screen reader hears each change.
function region(text = "") {
  const writes = [];
  let value = text;
  return {
    writes,
    get textContent() {
      return value;
    },
    set textContent(next) {
      value = next;
      writes.push(next);
    },
  };
}

// Node's mock timers: the moment the same words come back is the test's to choose.
beforeEach((t) => t.mock.timers.enable({ apis: ["setTimeout"] }));
afterEach((t) => t.mock.timers.reset());

test("new words are written at once, and equal words of a redraw are not written again", async () => {
  const r = region();
  await announce(r, "Link copied.");
  await announce(r, "Link copied.");
  await announce(r, "");
  await announce(r, "");
  assert.deepEqual(r.writes, ["Link copied.", ""]);
});

test("the same words again, for an action, are taken out and written back after the pause", async (t) => {
  const r = region("Your answer is sent.");
  let written = false;
  const promise = announce(r, "Your answer is sent.", { again: true }).then(() => {
    written = true;
  });
  assert.deepEqual(r.writes, [""]);
  t.mock.timers.tick(AGAIN_MS - 1);
  await Promise.resolve();
  assert.equal(r.textContent, "");
  assert.equal(written, false);
  t.mock.timers.tick(1);
  await promise;
  assert.deepEqual(r.writes, ["", "Your answer is sent."]);
  assert.equal(written, true);
});

test("with again, different words and an empty message are written at once, as without it", async () => {
  const r = region("copied 0x1");
  await announce(r, "copied 0x2", { again: true });
  await announce(r, "", { again: true });
  await announce(r, "", { again: true });
  assert.deepEqual(r.writes, ["copied 0x2", ""]);
});

test("a message written while the same words wait joins them: one emptying, one writing", async (t) => {
  const r = region("Saved.");
  const first = announce(r, "Saved.", { again: true });
  const second = announce(r, "Saved.", { again: true });
  assert.equal(first, second);
  t.mock.timers.tick(AGAIN_MS);
  await second;
  assert.deepEqual(r.writes, ["", "Saved."]);
});

test("a different message while words wait replaces them: the waiting ones never come back", async (t) => {
  const r = region("Your answer is sent.");
  const sent = announce(r, "Your answer is sent.", { again: true });
  await announce(r, "✓ Right: e4."); // the teacher revealed before the pause ended
  await sent; // resolved: replaced
  t.mock.timers.tick(10 * AGAIN_MS);
  assert.equal(r.textContent, "✓ Right: e4.");
  assert.deepEqual(r.writes, ["", "✓ Right: e4."]);
});

test("the pause of one region does not hold another", async (t) => {
  const a = region("copied 0x1");
  const b = region();
  const waiting = announce(a, "copied 0x1", { again: true });
  await announce(b, "copied 0x1", { again: true });
  assert.equal(b.textContent, "copied 0x1");
  t.mock.timers.tick(AGAIN_MS);
  await waiting;
  assert.deepEqual(a.writes, ["", "copied 0x1"]);
  assert.deepEqual(b.writes, ["copied 0x1"]);
});

test("other words for an action, while words wait, are written at once in their place", async (t) => {
  const r = region("Saved game-board.png.");
  const saved = announce(r, "Saved game-board.png.", { again: true });
  await announce(r, "The export failed: no canvas", { again: true });
  await saved;
  t.mock.timers.tick(10 * AGAIN_MS);
  assert.deepEqual(r.writes, ["", "The export failed: no canvas"]);
});
