// The code chapter's checker (static/js/code-worker.js, a Web Worker script) loaded for the node
// tests in a fresh JavaScript realm (node:vm) whose `self` collects the messages it posts, as a
// page's Worker would.

import { readFileSync } from "node:fs";
import vm from "node:vm";

import { core } from "./core.js";

const SOURCE = readFileSync(new URL("../../static/js/code-worker.js", import.meta.url), "utf8");
export const TASKS = core.code_tasks.tasks;

/** Load the worker's script in a new realm; return it (its top-level functions are the realm's globals). */
export function worker() {
  const posted = [];
  // postMessage copies as a Worker's does (structured clone), into this realm. `process.env` and
  // the namespace object only so that a mutation run (make mutate-js) sees into the new realm:
  // which mutant is on, and which code the tests reach.
  const namespace = process.env.STRYKER_NAMESPACE ?? "__stryker__";
  const realm = vm.createContext({
    self: { postMessage: (m) => posted.push(structuredClone(m)) },
    performance, // a Worker's clock
    process: { env: process.env },
    ...(globalThis[namespace] ? { [namespace]: globalThis[namespace] } : {}),
  });
  vm.runInContext(SOURCE, realm, { filename: "code-worker.js" });
  realm.posted = posted;
  return realm;
}

/** Run `code` for `task` on every input of `truth` (an /api/code-truth answer); return the worker's messages. */
export function check(task, code, truth) {
  const realm = worker();
  realm.self.onmessage({
    data: { task: { entry: task.entry, call: task.call }, code, inputs: truth.inputs, args: truth.args, result: truth.result },
  });
  return realm.posted;
}

/** The answers of a finished run, in input order. */
export function answers(posted, count) {
  const out = Array(count);
  for (const message of posted.filter((m) => m.type === "answers"))
    out.splice(message.from, message.answers.length, ...message.answers);
  return out;
}

/** What the worker answers when the code returns the core's value `expected` (as the API writes it). */
export function token(expected) {
  return { value: String(expected) };
}

/** `truth` cut to every `step`-th input, from the first. */
export function every(truth, step) {
  const keep = (list) => list.filter((_, i) => i % step === 0);
  return { ...truth, inputs: keep(truth.inputs), expected: keep(truth.expected), count: keep(truth.inputs).length };
}

/** Test `task`'s reference solution on `truth`: every answer right, the messages in order. */
export function solutionIsRight(assert, task, truth) {
  const posted = check(task, task.solution, truth);
  assert.deepEqual(posted[0], { type: "call", index: -1 });
  assert.deepEqual(posted.at(-1), { type: "done" });
  // A call message before each input, in order, so the page can name a call that runs too long.
  assert.deepEqual(
    posted.filter((m) => m.type === "call").map((m) => m.index),
    [-1, ...truth.inputs.keys()],
  );
  // Answers come in parts of at most 512 (fewer when 100 ms have passed), in order, none left out.
  const parts = posted.filter((m) => m.type === "answers");
  assert.ok(
    parts.every((m, i) => m.answers.length <= 512 && m.from === (i ? parts[i - 1].from + parts[i - 1].answers.length : 0)),
  );
  assert.equal(parts.at(-1).from + parts.at(-1).answers.length, truth.count);
  assert.deepEqual(answers(posted, truth.count), truth.expected.map(token));
}

/** Test a task's printed code on every input of `truth`: as wrong as the core's `report` says, or throwing what it says. */
export function printedIsAsWrong(assert, task, code, truth, report) {
  const got = answers(check(task, code, truth), truth.count);
  if (report.throws) {
    assert.ok(
      got.every((a) => a.error?.startsWith(`${report.throws}: `)),
      JSON.stringify(got[0]),
    );
    return;
  }
  const wrong = got.flatMap((a, k) => (a.value === token(truth.expected[k]).value ? [] : [k]));
  assert.equal(wrong.length, report.wrong);
  assert.equal(wrong[0] ?? null, report.first_wrong);
}

/** Test printed code that may never return on some inputs (the devlog's shift loops): each input up to
 * the core's first wrong one alone, under a time limit as the page's; those before it right, that one
 * wrong or never returning. (Its count of wrong inputs is held to an oracle in test_api_code.py.) */
export function firstWrongIsTheCores(assert, task, code, truth, report) {
  const last = report.first_wrong ?? truth.count - 1;
  for (let k = 0; k <= last; k++) {
    const realm = worker();
    realm.message = {
      task: { entry: task.entry, call: task.call },
      code,
      inputs: [truth.inputs[k]],
      args: truth.args,
      result: truth.result,
    };
    let answer = null;
    try {
      vm.runInContext("self.onmessage({ data: message })", realm, { timeout: 1000 });
      answer = answers(realm.posted, 1)[0];
    } catch (error) {
      if (!String(error?.message).includes("timed out")) throw error;
    }
    const right = answer?.value === token(truth.expected[k]).value;
    assert.equal(right, k < last || report.first_wrong === null, `input ${k}`);
  }
}
