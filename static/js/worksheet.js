// Worksheets: ?sheet=N&seed=S on a chapter prints N of its exercises, each with
// the question's input and a blank board or answer line; with key=1 the answer key follows, on a
// page of its own (the teacher's copy: the students' copies carry no answers). The questions come
// from the chapter's own next() with a generator seeded by S, so the same link prints the same
// sheet again. Each exercise is drawn by the chapter itself, then
// copied (a snapshot of its DOM) into the sheet.

import { el } from "./dom.js";
import { seeded } from "./exercise.js";

/** Return {n, seed, key} from the URL when it asks for a worksheet, else null. */
export function worksheetRequest() {
  const params = new URLSearchParams(window.location.search);
  const n = Number.parseInt(params.get("sheet") ?? "", 10);
  if (!Number.isInteger(n) || n < 1) return null;
  const seed = Number.parseInt(params.get("seed") ?? "1", 10);
  return { n: Math.min(n, 12), seed: Number.isInteger(seed) ? seed : 1, key: params.get("key") === "1" };
}

/**
 * The screen's line above a sheet: which copy it is. The teacher's links the students' copy; the
 * students' links nothing (its key is linked beside the chapter's worksheet link, for the teacher).
 */
function keyLine(key) {
  const line = el("p", { class: "screen-only sheet-key-line", "data-role": "sheet-key-line" });
  if (!key) {
    line.textContent = "The students' copy: no answers on it.";
    return line;
  }
  const students = new URL(window.location.href);
  students.searchParams.delete("key");
  const link = el("a", { href: students.pathname + students.search, "data-action": "sheet-without-key" });
  link.textContent = "The students' copy, without the key";
  line.append("The teacher's copy: the answer key follows the exercises, on a page of its own. ", link);
  return line;
}

// What paper leaves out of a drawn element: the screen's controls, a choice with its label (the
// question's words name what was chosen) and the invitation to practise.
const CONTROLS = ".predict-actions, .predict-invite, .stepper, button:not(.sq), label:has(select), select, .readout .copy-row";

/** Return a copy of a drawn element for paper: no controls, no ids (they would repeat). */
function snapshot(node) {
  const copy = node.cloneNode(true);
  for (const gone of copy.querySelectorAll(CONTROLS)) gone.remove();
  for (const withId of [copy, ...copy.querySelectorAll("[id]")]) withId.removeAttribute("id");
  copy.removeAttribute("data-present-keep");
  for (const live of [copy, ...copy.querySelectorAll("[aria-live]")]) live.removeAttribute("aria-live");
  return copy;
}

/**
 * Build the sheet after `root`: base is the chapter's state, next(s, random) its exercise,
 * draw(s) draws a state and resolves once it is on screen, shown(s) lists what a question
 * shows (its inputs) and box() the exercise box (predict or question).
 */
export async function buildWorksheet(root, { n, seed, key: withKey, base, next, draw, shown, box }) {
  const random = seeded(seed);
  const title = document.querySelector("h1")?.textContent ?? "";
  const questions = el(
    "section",
    { class: "worksheet", "data-role": "worksheet" },
    el("h2", { text: "Worksheet" }), // under the chapter's title
    keyLine(withKey),
    el("p", { class: "muted", text: `${n} exercises, sheet number ${seed}. Name: ______________________` }),
  );
  const key = el(
    "section",
    { class: "worksheet answer-key", "data-role": "answer-key" },
    el("h2", { text: `Answer key: ${title} (sheet ${seed})` }),
  );
  let s = { ...base, hide: true, present: false, pred: 0n, ans: "", rev: false };
  for (let i = 1; i <= n; i++) {
    s = { ...s, ...(await next(s, random)), hide: true, pred: 0n, ans: "", rev: false };
    await draw(s);
    const item = el("article", { class: "sheet-item", "data-item": String(i) }, el("h3", { text: `Exercise ${i}` }));
    // Each once: a node the chapter keeps inside another it keeps (squares' values in their columns) comes with it.
    // A slide's choice (a select's label) is no input of the question: its words name what was chosen.
    const nodes = shown(s).filter((node) => node?.isConnected && !node.matches(CONTROLS));
    for (const node of nodes) if (!nodes.some((other) => other !== node && other.contains(node))) item.append(snapshot(node));
    questions.append(item);
    if (!withKey) continue;
    await draw({ ...s, rev: true });
    const answered = snapshot(box());
    // The key gives the answer in words: the empty field a student types into has no place there.
    for (const field of answered.querySelectorAll(".question input:not([type])")) field.closest("p")?.remove();
    key.append(el("article", { class: "sheet-item", "data-item": String(i) }, el("h3", { text: `Exercise ${i}` }), answered));
  }
  root.after(questions, ...(withKey ? [key] : []));
  document.documentElement.dataset.sheet = String(n);
}
