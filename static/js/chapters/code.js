// Chapter "code": write the devlog's functions (and three wiki routines) and have them checked
// on every input. The student's code runs only in a Web Worker (/code-worker.js, its own
// strict CSP); this page never evaluates it. The truth comes from /api/code-truth in one
// request; the page compares, counts, and shows the first failing input on boards.
// The chapter skeleton keeps the task in the URL, loads the tasks and draws the chosen one;
// this module holds the editor, the worker's run and the comparison with the truth.

import { api } from "../api.js";
import { compareMarked, parseBB, SQUARE_NAMES, squareBB, squaresOf } from "../bits.js";
import { createBoard } from "../board.js";
import { createChapter } from "../chapter.js";
import { createCodeEditor } from "../code-editor.js";
import { el, setDisabled } from "../dom.js";
import { chapterUrl, squaresMap } from "../kit.js";
import { T } from "../state.js";

const PER_CALL_MS = 1000; // one call of the student's function
const PER_TASK_MS = 20000; // all inputs of a task
const STORE = "chessviz-code:";
const MAPPING = "lerbef";
/** A count as the page writes it: 4,096 (readable from the back row). */
const n = (count) => count.toLocaleString("en-US");

const app = document.getElementById("code-app").dataset;
const workerUrl = app.workerUrl;
const CHAPTER_TITLES = JSON.parse(app.chapterTitles);
// The task's id; an empty or unknown one is the first task (the list comes from the API).
const { root, state, error, run: runChapter, refit } = createChapter({ task: T.text("", 40) });

// ---- Layout: the task list, the task, the editor, the buttons, the result ----

const picker = el("nav", { class: "task-list panel", "aria-label": "Tasks" });
const pickerLists = {};
for (const [part, heading] of [
  ["devlog", "The devlog's exercises"],
  ["wiki", "Bonus: wiki routines"],
  ["engines", "How engines do it"],
]) {
  pickerLists[part] = el("ol");
  picker.append(el("h2", { text: heading }), pickerLists[part]);
}
picker.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-task]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  state.set({ task: link.dataset.task });
});

const layout = el("div", { class: "code-layout" });
const taskBox = el("section", { class: "task", "aria-labelledby": "task-title" });
layout.append(picker, taskBox);
root.append(layout);
const title = el("h2", { id: "task-title" });
const source = el("p", { class: "source" });
const statement = el("div", { class: "statement" });
const editorLabel = el("h3", { id: "editor-label", text: "Your code" });
const editorHost = el("div", { class: "code-editor", "data-role": "editor" });
const editorHint = el("p", {
  class: "muted editor-hint",
  text:
    "Tab indents; to leave the editor by keyboard, press Escape, then Tab. " +
    "Your code runs only in this browser, in a worker that can reach neither this page nor the network, and is kept in this browser only. A call that takes over a second is stopped.",
});
const saved = el("span", { class: "muted", "data-role": "saved", "aria-live": "polite" });
const checkButton = el("button", { type: "button", class: "primary", "data-action": "check" }, "Check on every input");
const stopButton = el("button", { type: "button", "data-action": "stop", disabled: true }, "Stop");
const resetButton = el("button", { type: "button", "data-action": "reset" }, "Reset to the stub");
const solutionButton = el(
  "button",
  { type: "button", "data-action": "solution", "aria-expanded": "false", "aria-controls": "solution-box" },
  "Show a solution",
);
const shareButton = el("button", { type: "button", "data-action": "share" }, "Copy a link to this task");
const actions = el(
  "div",
  { class: "toolbar code-actions" },
  checkButton,
  stopButton,
  resetButton,
  solutionButton,
  shareButton,
  saved,
);
const solutionBox = el("section", {
  id: "solution-box",
  class: "panel solution",
  "data-role": "solution",
  hidden: true,
  "aria-label": "A solution",
});
const status = el("p", {
  class: "code-status",
  role: "status",
  "aria-live": "polite",
  "data-role": "status",
  "data-state": "idle",
});
const progress = el("progress", { max: "1", value: "0", "aria-label": "Inputs checked" });
const statusRow = el("div", { class: "status-row" }, status, progress);
const resultBox = el("section", { class: "result", "data-role": "result", "aria-label": "The first failing input" });
const auditBox = el("section", { class: "panel audit", "data-role": "audit", hidden: true });
const printedBox = el("section", { class: "printed", "data-role": "printed" });
const outcome = el("div", { class: "outcome" }, statusRow, resultBox); // the verdict and the failing input
taskBox.append(
  title,
  source,
  statement,
  editorLabel,
  editorHost,
  editorHint,
  actions,
  solutionBox,
  outcome,
  auditBox,
  printedBox,
);

const editor = createCodeEditor(editorHost, {
  label: "Your code",
  stylesheet: app.editorCss,
  onChange: (text) => {
    if (!shown) return;
    localStorage.setItem(STORE + shown.id, text);
    saved.textContent = "Saved in this browser.";
  },
});

// Failing-input boards, built once.
const boards = el("div", { class: "boards failure-boards" });
const inputColumn = el("div", { class: "column small" });
const expectedColumn = el("div", { class: "column small" });
const gotColumn = el("div", { class: "column small" });
boards.append(inputColumn, expectedColumn, gotColumn);
const inputBoard = createBoard(inputColumn, { role: "input", label: "The input", size: "small", legend: { mask: "the mask" } });
const expectedBoard = createBoard(expectedColumn, { role: "expected", label: "Expected", size: "small" });
const gotBoard = createBoard(gotColumn, { role: "got", label: "Your answer", size: "small" });
const legend = el("p", { class: "muted", "data-role": "legend" });

// ---- Drawing: the list of tasks once, then the chosen task when it changes ----

let shown = null; // the task on screen

runChapter({
  errorAfter: status,
  // A slide: the task's name and what it asks, the editor and its buttons, the verdict and the failing input.
  present: [title, statement, editorHost, actions, outcome],
  load: () => api("/code-tasks"),
  draw(s, { tasks }) {
    if (!pickerLists.devlog.childElementCount) listTasks(tasks);
    const task = tasks.find((t) => t.id === s.task) ?? tasks[0];
    for (const link of picker.querySelectorAll("a[data-task]")) {
      if (link.dataset.task === task.id) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    if (shown?.id !== task.id) showTask(task);
    offerSolution(!s.hide);
  },
});

function listTasks(tasks) {
  for (const t of tasks) {
    pickerLists[t.part].append(
      el("li", {}, el("a", { href: chapterUrl("code", { task: t.id }), "data-task": t.id }, el("code", {}, t.title))),
    );
  }
}

function showTask(task) {
  stop(null);
  latest = null;
  shown = task;
  document.title = `${task.title} · Write the code yourself · chessviz`;
  title.replaceChildren(el("code", {}, task.title));
  source.replaceChildren(
    `Source: ${task.source}. `,
    el(
      "a",
      { href: chapterUrl(task.chapter), "data-role": "task-chapter" },
      `See it in the chapter “${chapterTitle(task.chapter)}”`,
    ),
    ".",
  );
  statement.replaceChildren(...task.statement.map((p) => el("p", { text: p })));
  editor.load(localStorage.getItem(STORE + task.id) ?? task.stub);
  saved.textContent = localStorage.getItem(STORE + task.id) === null ? "" : "Your code for this task, kept in this browser.";
  solutionBox.hidden = true;
  solutionButton.setAttribute("aria-expanded", "false");
  solutionBox.replaceChildren();
  printedBox.replaceChildren(
    ...(task.printed.length ? [el("h3", { text: "What the source prints" })] : []),
    ...task.printed.map((p, i) =>
      el(
        "section",
        { class: "panel", "data-printed": String(i) },
        el("h4", { text: p.label }),
        el("p", { class: "muted", text: p.note }),
        el("pre", { class: "mono" }, p.code),
        el("button", { type: "button", "data-action": "try-printed", "data-index": String(i) }, "Check this code"),
      ),
    ),
  );
  setStatus("idle", "Write the function, then check it on every input.");
  error.show(null);
  resultBox.replaceChildren();
  auditBox.hidden = true;
  progress.value = 0;
}

/**
 * Offer the task's solution (behind its button), or, in exercise mode (hide=1), keep it out of
 * the page altogether: no button, and its text nowhere in the document, not even folded away.
 */
function offerSolution(on) {
  if (!on) {
    solutionButton.remove();
    solutionBox.remove();
    solutionBox.replaceChildren();
    return;
  }
  if (!solutionButton.isConnected) resetButton.after(solutionButton);
  if (!solutionBox.isConnected) actions.after(solutionBox);
  if (!solutionBox.childElementCount)
    solutionBox.replaceChildren(
      el("h3", { text: "A solution" }),
      el("pre", { class: "mono", "data-role": "solution-code" }, shown.solution),
      el("button", { type: "button", "data-action": "use-solution" }, "Put it in the editor"),
      el("span", { class: "muted", text: " It replaces your code; Ctrl+Z in the editor brings yours back." }),
    );
}

function setStatus(kind, text) {
  status.dataset.state = kind;
  status.textContent = text;
  refit();
}

// ---- Buttons ----

checkButton.addEventListener("click", () => check());
stopButton.addEventListener("click", () => stop({ reason: "user" }));
resetButton.addEventListener("click", () => {
  editor.replace(shown.stub);
  localStorage.removeItem(STORE + shown.id);
  saved.textContent = "Back to the stub.";
});
solutionButton.addEventListener("click", () => {
  solutionBox.hidden = !solutionBox.hidden;
  solutionButton.setAttribute("aria-expanded", String(!solutionBox.hidden));
});
solutionBox.addEventListener("click", (event) => {
  if (!event.target.closest('[data-action="use-solution"]')) return;
  useCode(shown.solution);
});
printedBox.addEventListener("click", (event) => {
  const button = event.target.closest('[data-action="try-printed"]');
  if (!button) return;
  useCode(shown.printed[Number(button.dataset.index)].code);
  check();
});
shareButton.addEventListener("click", async () => {
  const url = new URL(chapterUrl("code", { task: shown.id }), window.location.href).href;
  try {
    await navigator.clipboard.writeText(url);
    saved.textContent = `Link copied: ${url}`;
  } catch {
    saved.textContent = `Share this link: ${url}`;
  }
});

function useCode(text) {
  editor.replace(text);
  localStorage.setItem(STORE + shown.id, text);
  saved.textContent = "Saved in this browser.";
}

// ---- Checking: the worker runs the code, this page watches the clock and compares ----

let run = null; // the check under way
let latest = null; // the newest check: only its failing input is drawn

async function check() {
  stop(null);
  const task = shown;
  const code = editor.text();
  const mine = { task, code, answers: [], index: -1, callStarted: 0, started: 0, worker: null, timer: null, done: false };
  run = mine;
  latest = mine;
  // Stop first: the keyboard's focus moves on from Check to it.
  stopButton.disabled = false;
  setDisabled(checkButton, true);
  resultBox.replaceChildren();
  auditBox.hidden = true;
  error.show(null);
  setStatus("running", "Fetching every input and its answer...");
  let truth;
  try {
    truth = await api("/code-truth", { task: task.id });
  } catch (e) {
    if (run === mine) {
      finishButtons();
      setStatus("error", "Could not fetch the inputs.");
      error.show(e);
      run = null;
    }
    return;
  }
  if (run !== mine) return;
  mine.truth = truth;
  progress.max = truth.count;
  progress.value = 0;
  setStatus("running", `Running your code on ${n(truth.count)} inputs...`);
  const worker = new Worker(workerUrl);
  mine.worker = worker;
  mine.started = mine.callStarted = performance.now();
  worker.onmessage = (event) => onWorkerMessage(mine, event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    finish(mine, { reason: "error", message: event.message || "the code failed outside any call" });
  };
  mine.timer = setInterval(() => {
    const now = performance.now();
    if (now - mine.started > PER_TASK_MS) finish(mine, { reason: "task" });
    else if (now - mine.callStarted > PER_CALL_MS) finish(mine, { reason: "call" });
  }, 50);
  worker.postMessage({
    task: { entry: task.entry, call: task.call },
    code,
    inputs: truth.inputs,
    args: truth.args,
    result: truth.result,
  });
}

function onWorkerMessage(mine, data) {
  if (run !== mine || mine.done || !data || typeof data !== "object") return;
  if (data.type === "call" && Number.isInteger(data.index)) {
    mine.index = data.index;
    mine.callStarted = performance.now();
    if (data.index % 64 === 0) progress.value = data.index;
  } else if (data.type === "answers" && Number.isInteger(data.from) && Array.isArray(data.answers)) {
    // The worker runs the student's code, so its messages are only data: keep strings only.
    data.answers.forEach((answer, k) => {
      mine.answers[data.from + k] = sanitize(answer);
    });
  } else if (data.type === "compile-error") {
    finish(mine, { reason: "compile", name: String(data.name), message: String(data.message) });
  } else if (data.type === "done") {
    finish(mine, { reason: "done" });
  }
}

function sanitize(answer) {
  for (const key of ["value", "bad", "error"]) {
    if (answer && typeof answer === "object" && typeof answer[key] === "string") return { [key]: answer[key].slice(0, 300) };
  }
  return { bad: "no answer" };
}

function finishButtons() {
  checkButton.disabled = false;
  setDisabled(stopButton, true, checkButton); // a stopped or finished run: back to Check
}

/** Stop whatever runs (outcome null: silently, as when switching tasks). */
function stop(outcome) {
  if (run && outcome) finish(run, outcome);
  else if (run) {
    run.done = true;
    run.worker?.terminate();
    clearInterval(run.timer);
    run = null;
    finishButtons();
  }
}

function finish(mine, outcome) {
  if (mine.done) return;
  mine.done = true;
  mine.worker?.terminate();
  clearInterval(mine.timer);
  if (run === mine) run = null;
  finishButtons();
  report(mine, outcome);
}

function report(mine, outcome) {
  const { truth } = mine;
  const total = truth?.count ?? 0;
  const elapsed = ((performance.now() - mine.started) / 1000).toFixed(1);
  if (outcome.reason === "compile") {
    setStatus("error", `Your code does not run: ${outcome.name ? `${outcome.name}: ` : ""}${outcome.message}`);
    progress.value = 0;
    showAudit(mine, { threw: outcome.name });
    return;
  }
  if (outcome.reason === "error") {
    setStatus("error", `Your code failed: ${outcome.message}`);
    return;
  }
  // Compare every answer received with the truth: all of them when the run is done, else the
  // answers that arrived before it was stopped (the worker sends them in order, in batches).
  let checked = 0;
  while (checked < total && mine.answers[checked]) checked++;
  let pass = 0;
  let firstFail = -1;
  for (let i = 0; i < (outcome.reason === "done" ? total : checked); i++) {
    const answer = mine.answers[i];
    if (answer && "value" in answer && answer.value === String(truth.expected[i])) pass++;
    else if (firstFail < 0) firstFail = i;
  }
  progress.value = outcome.reason === "done" ? total : checked;
  status.dataset.checked = String(outcome.reason === "done" ? total : checked);
  // A run stopped with every answer so far right is not shown as a failure.
  status.dataset.rightSoFar = String(firstFail < 0 && checked > 0 && outcome.reason !== "done");
  if (outcome.reason === "done") {
    if (firstFail < 0) {
      setStatus("passed", `✓ All ${n(total)} of ${n(total)} inputs pass.`);
    } else {
      setStatus("failed", `✗ ${n(pass)} of ${n(total)} inputs pass; ${n(total - pass)} fail. The first failing input is below.`);
      showFailure(mine, firstFail);
    }
    showAudit(mine, { wrong: total - pass, firstFail, threw: firstError(mine) });
    return;
  }
  if (!truth) {
    setStatus("stopped", "Stopped before your code ran.");
    return;
  }
  const stopper = {
    call: `one call did not return within ${PER_CALL_MS / 1000} s (a loop that never ends?)`,
    task: `the time limit (${PER_TASK_MS / 1000} s) stopped it`,
    user: "you stopped it",
  }[outcome.reason];
  // What was checked is kept: a right but slow function is told so, not "0 of N pass".
  if (firstFail >= 0) {
    setStatus(
      "stopped",
      `✗ ${n(pass)} of the ${n(checked)} inputs checked pass, then ${stopper} (${elapsed} s). The first failing input is below.`,
    );
    showFailure(mine, firstFail);
    return;
  }
  setStatus(
    "stopped",
    checked
      ? `${n(checked)} of ${n(total)} inputs checked, all right, then ${stopper} (${elapsed} s); ${n(total - checked)} not checked.`
      : `Stopped before any answer: ${stopper} (${elapsed} s).`,
  );
  const stuck = mine.index;
  if (stuck >= 0) {
    showFailure(mine, stuck, {
      stuck: outcome.reason === "call" ? "The call that did not return" : "The call running when it stopped",
    });
  } else
    resultBox.replaceChildren(
      el("p", {
        class: "explain",
        text: "It stopped before the first call: your code itself, not the function, did not finish.",
      }),
    );
}

function firstError(mine) {
  const answer = mine.answers.find((a) => a?.error);
  return answer ? answer.error.split(":")[0] : null;
}

/** Show one input on the boards: the first failing one, or (stuck: a heading) the call that ran. */
async function showFailure(mine, index, { stuck = null } = {}) {
  const { task, truth } = mine;
  let one;
  try {
    one = await api("/code-truth", { task: task.id, index });
  } catch (e) {
    if (latest === mine) error.show(e);
    return;
  }
  if (latest !== mine) return; // another check, or another task, since
  const answer = mine.answers[index];
  const expected = truth.expected[index];
  const heading = stuck || "The first failing input";
  const link = el(
    "a",
    { href: chapterUrl(one.chapter, one.query), "data-role": "open-chapter" },
    `Open this input in the chapter “${chapterTitle(one.chapter)}”`,
  );
  const lines = [el("h3", { text: heading }), el("p", {}, el("code", { "data-role": "call" }, one.call))];
  const got = stuck ? null : answer?.error ? `it threw ${answer.error}` : answer?.bad ? answer.bad : answer?.value;
  lines.push(el("p", { "data-role": "expected-text" }, "Expected: ", el("code", {}, meaning(task.result, expected))));
  if (!stuck)
    lines.push(
      el(
        "p",
        { "data-role": "got-text" },
        "Yours: ",
        el("code", {}, answer && "value" in answer ? meaning(task.result, answer.value) : got),
      ),
    );
  resultBox.replaceChildren(...lines);
  drawFailure(one, task, expected, stuck ? null : answer);
  resultBox.append(boards, legend, el("p", {}, link));
  refit();
}

function meaning(kind, value) {
  if (kind === "square") {
    const n = Number(value);
    return n === -1 ? "-1 (they do not meet)" : n >= 0 && n < 64 ? `${n} (${SQUARE_NAMES[n]})` : `${n} (not a square)`;
  }
  return String(value);
}

function chapterTitle(slug) {
  return CHAPTER_TITLES[slug] ?? slug;
}

function drawFailure(one, task, expected, answer) {
  const view = one.view;
  // The pieces show the occupancy; the set bits would only hide them.
  const fills = view.line ? squaresMap(parseBB(view.line), MAPPING, "mask") : {};
  // A true/false answer or a table index needs no boards of its own (its bits are no squares); a
  // bitboard or a square does.
  expectedColumn.hidden = gotColumn.hidden = task.result === "boolean" || task.result === "index";
  inputBoard.draw({ bits: null, mapping: MAPPING, pieces: view.pieces, marks: view.marks, fills, caption: "The input" });
  legend.textContent = `The input: ${view.caption}.`;
  if (task.result === "bitboard") {
    const want = parseBB(expected);
    const have = answer && "value" in answer ? parseBB(answer.value) : null;
    const { missed, wrong } = compareMarked(have ?? 0n, want);
    const differ = have === null ? {} : { ...squaresMap(missed, MAPPING, "differs"), ...squaresMap(wrong, MAPPING, "differs") };
    expectedBoard.draw({ bits: want, mapping: MAPPING, caption: "Expected" });
    gotBoard.draw({
      bits: have,
      mapping: MAPPING,
      marks: differ,
      caption: have === null ? "Your answer: no bitboard" : "Your answer (≠: differs)",
    });
    if (Object.keys(differ).length) {
      const [missing, extra] = [missed, wrong].map((squares) => squaresOf(squares, MAPPING).map((sq) => SQUARE_NAMES[sq]));
      resultBox.append(
        el(
          "p",
          { "data-role": "differs" },
          `Marked ≠ where the two differ: ${missing.length ? `missing ${missing.join(", ")}` : ""}${missing.length && extra.length ? "; " : ""}${extra.length ? `extra ${extra.join(", ")}` : ""}.`,
        ),
      );
    }
  } else {
    // A square's answer is its LERF index (or -1): drawn as that square's bit.
    const square = (v) => (task.result === "square" && Number(v) >= 0 && Number(v) < 64 ? squareBB(Number(v), MAPPING) : 0n);
    const have = answer && "value" in answer ? answer.value : null;
    const { missed, wrong } = compareMarked(have === null ? 0n : square(have), square(expected));
    const differ = have === null ? {} : { ...squaresMap(missed, MAPPING, "differs"), ...squaresMap(wrong, MAPPING, "differs") };
    expectedBoard.draw({
      bits: square(expected),
      mapping: MAPPING,
      marks: view.marks,
      caption: `Expected: ${meaning(task.result, expected)}`,
    });
    gotBoard.draw({
      bits: have === null ? null : square(have),
      mapping: MAPPING,
      marks: { ...view.marks, ...differ },
      caption: have === null ? "Your answer: none" : `Yours: ${meaning(task.result, have)}`,
    });
  }
}

/** When the checked code is one the source prints, say what the audit already knows about it. */
function showAudit(mine, { wrong = null, firstFail = -1, threw = null }) {
  const { task, truth } = mine;
  const index = task.printed.findIndex((p) => p.code.trim() === mine.code.trim());
  if (index < 0 || !truth) return;
  const known = truth.printed[index];
  let text;
  let agrees;
  if (known.wrong === null) {
    agrees = threw === known.throws;
    text = `The audit knows this code cannot run: it throws a ${known.throws}. ${known.note}`;
  } else {
    agrees = wrong === known.wrong && (known.first_wrong ?? -1) === firstFail;
    text =
      known.wrong === 0
        ? `The audit, run by the server on the same ${n(truth.count)} inputs, finds this code right on every one. ${known.note}`
        : `The audit, run by the server on the same ${n(truth.count)} inputs, finds this code wrong on ${n(known.wrong)} of them, ` +
          (known.first_wrong === firstFail
            ? "the first of them the one shown above"
            : `the first of them input number ${known.first_wrong + 1}`) +
          `. ${known.note}`;
  }
  auditBox.hidden = false;
  auditBox.dataset.agrees = String(agrees);
  auditBox.replaceChildren(
    el("h3", { text: `What the audit knows: ${known.label}` }),
    el("p", { "data-role": "audit-text", text }),
    el("p", {
      class: agrees ? "ok" : "bad",
      "data-role": "audit-verdict",
      text: agrees ? "✓ Your browser's run agrees with the audit." : "✗ Your browser's run differs from the audit.",
    }),
  );
}
