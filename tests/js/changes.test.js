// static/js/changes.js: the answers of a tap batch told apart (like, changes) built whole, held to
// the bodies the single endpoints send (tests/js/core_fixture.py asks both of the Python app).

import assert from "node:assert/strict";
import { test } from "node:test";

import { pointerKeys, withChanges } from "../../static/js/changes.js";
import { core } from "./core.js";

test("every answer of a batch, built, is its single endpoint's JSON text: values, types and key order", () => {
  let built = 0;
  for (const { answers, single } of core.taps) {
    answers.forEach((entry, i) => {
      const body = "like" in entry ? withChanges(answers[entry.like].body, entry.changes) : entry.body;
      assert.equal(JSON.stringify(body), JSON.stringify(single[i]), JSON.stringify(entry.query));
      built += "like" in entry;
    });
  }
  assert.ok(built >= 50, `only ${built} answers were told apart`);
});

test("building leaves the body it starts from as it was", () => {
  const [{ answers }] = core.taps;
  const told = answers.find((entry) => "like" in entry);
  const before = JSON.stringify(answers[told.like].body);
  withChanges(answers[told.like].body, told.changes);
  assert.equal(JSON.stringify(answers[told.like].body), before);
});

test("a pointer's keys, ~1 read as / and ~0 as ~, in that order", () => {
  assert.deepEqual(pointerKeys("/steps/0/value"), ["steps", "0", "value"]);
  assert.deepEqual(pointerKeys("/a~1b/~0/~01"), ["a/b", "~", "~1"]);
  assert.deepEqual(pointerKeys("/"), [""]);
  assert.throws(() => pointerKeys("steps/0"), /not a JSON pointer/);
});

test("a change sets what the body has, in objects and lists, and never adds", () => {
  const base = { a: { "x/y": [1, true, null] }, b: "0x1" };
  assert.deepEqual(
    withChanges(base, [
      ["/a/x~1y/1", 1],
      ["/a/x~1y/2", { c: [] }],
      ["/b", "0x2"],
    ]),
    { a: { "x/y": [1, 1, { c: [] }] }, b: "0x2" },
  );
  assert.throws(() => withChanges(base, [["/c", 1]]), /names nothing/);
  assert.throws(() => withChanges(base, [["/a/x~1y/3", 1]]), /names nothing/);
  assert.throws(() => withChanges(base, [["/b/0", 1]]), /names nothing/);
  assert.throws(() => withChanges({ a: null }, [["/a/b", 1]]), /names nothing/);
});
