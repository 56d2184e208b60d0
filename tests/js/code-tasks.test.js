// The code chapter's checker on every input of the tasks that code-worker.test.js samples (the
// pieces and the negative ray): each reference solution right on all of them, the printed
// negative ray exactly as wrong as the core measures. Slow under mutation testing, so
// make mutate-js leaves this file out (tools/stryker/stryker.config.json).

import assert from "node:assert/strict";
import { test } from "node:test";

import { core } from "./core.js";
import { printedIsAsWrong, solutionIsRight, TASKS } from "./worker.js";

for (const task of TASKS.filter((t) => t.call === "piece" || t.id === "negative")) {
  const truth = core.code_truth[task.id];
  test(`${task.id}: the reference solution is right on all ${truth.count} inputs`, () => {
    solutionIsRight(assert, task, truth);
  });
  for (const [i, printed] of task.printed.entries()) {
    if (truth.printed[i].throws) continue; // code-worker.test.js has it
    test(`${task.id}: "${printed.label}" is as wrong as the core measures`, () => {
      printedIsAsWrong(assert, task, printed.code, truth, truth.printed[i]);
    });
  }
}
