// static/js/live-core.js: the view a teacher's page sends its class.

import assert from "node:assert/strict";
import { test } from "node:test";

// The module reads the page's API root when it loads: a page without one.
globalThis.document = { body: { dataset: {} } };
const { valueText, viewOrder, viewPath } = await import("../../static/js/live-core.js");

test("the view sent to the class keeps the chapter's state and drops the teacher's own", () => {
  const base = "http://classroom.local:8000";
  assert.equal(viewPath(`${base}/chapter/rays?sq=c3&view=2`), "/chapter/rays?sq=c3&view=2");
  // Presenter mode, a prediction and its reveal, a worksheet and its answer key are the teacher's.
  assert.equal(
    viewPath(`${base}/chapter/propagation?sq=f4&present=1&pred=0x10&rev=1&ans=3&sheet=6&seed=4410&key=1`),
    "/chapter/propagation?sq=f4",
  );
  assert.equal(viewPath(`${base}/chapter/squares?sheet=6&seed=12&key=1`), "/chapter/squares");
  // Exercise mode (hide) is the class's too: the question hides the followers' answers.
  assert.equal(viewPath(`${base}/chapter/rays?hide=1`), "/chapter/rays?hide=1");
});

test("a value answer reads in the question's words where it has them, else as a number", () => {
  assert.equal(valueText("0x0000000000000000", ["light", "dark"]), "0 (light)");
  assert.equal(valueText("0x0000000000000001", ["false", "true"]), "1 (true)");
  // A value past the words (a student typed 2 for a yes-or-no question) reads as a number.
  assert.equal(valueText("0x0000000000000002", ["light", "dark"]), "2 (0x2)");
  assert.equal(valueText("0x0000000000000081"), "129 (0x81)");
  assert.equal(valueText("0x0000000000000081", []), "129 (0x81)");
  assert.equal(valueText("0xffffffffffffffff"), "0xffffffffffffffff");
});

test("a view asked for is followed only if the class's stream said no newer one meanwhile", async () => {
  // An answer that comes while nothing was heard: followed.
  const views = viewOrder();
  assert.equal(await views.latest(async () => "/chapter/rays?sq=c3&hide=1"), "/chapter/rays?sq=c3&hide=1");
  // A view heard before the asking does not make the answer older.
  views.heard();
  assert.equal(await views.latest(async () => "/chapter/rays?sq=c3"), "/chapter/rays?sq=c3");
  // Asked before the reveal, answered after the stream told the view since (the answers shown):
  // the answer is the older view, and is dropped.
  let answer;
  const asked = views.latest(() => new Promise((resolve) => (answer = resolve)));
  views.heard();
  answer("/chapter/rays?sq=c3&hide=1");
  assert.equal(await asked, null);
  // The next asking starts afresh.
  assert.equal(await views.latest(async () => "/chapter/squares"), "/chapter/squares");
});
