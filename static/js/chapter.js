// The chapter skeleton: one state in the URL, one load of the API per state, one draw per
// answer. A chapter module declares its fields, builds its markup, then hands run() what is
// particular to it; the stale-response guard, the error line and the first redraw live here.
// Exercise mode (hide=1 in the URL) lives here too: until the student reveals, the elements
// a chapter declares as holding the answer are taken out of the page (not merely hidden).

import { askAhead } from "./api.js";
import { createErrorLine } from "./controls.js";
import { el, setText } from "./dom.js";
import { createPresenter } from "./presenter.js";
import { createState, T } from "./state.js";
import { buildWorksheet, worksheetRequest } from "./worksheet.js";

/** A fresh question: no prediction marked, no answer given, nothing revealed. */
const FRESH = Object.freeze({ pred: 0n, ans: "", rev: false });

/** True while the answers are to stay off the page: exercise mode, not yet revealed. */
export const answersHidden = (s) => Boolean(s.hide) && !s.rev;

/**
 * Create a chapter whose state holds `fields` (T.* types) and `hide` (exercise mode); `history`
 * ({steps, reset}, optional) says which fields' changes are steps of the browser's history (see
 * createState). Returns { root, state, error, run, refit } (error: the chapter's error line, for
 * event handlers too; refit(): call after changing what presenter mode keeps outside draw, e.g. a
 * result that arrives later, so the slide is sized again): build
 * the markup with root and state, then call run({ errorAfter, controls, load, draw, exercise }):
 * - errorAfter: the element the error line follows, or errorIn: the element it ends (a board's
 *   figure: under the board in every layout, where the finger that chose a square is);
 * - controls(s): optional, draws what follows from the state alone (switches, selects), at once;
 * - load(s): returns (a promise of) what the API answers for s;
 * - draw(s, data): draws that answer. Only the answer to the newest state is drawn; an error
 *   of the newest state is shown on the error line (draw may show a note there itself);
 * - present: the elements presenter mode keeps (input boards, the current result, the stepper);
 *   a part of a kept element that is not for the slide carries data-present-fold (presenter.js);
 * - exercise: optional { answers: [elements holding the answer], next(s, random) → the state
 *   patch (or a promise of it) of a fresh random question (random() as Math.random), asks(s) →
 *   false when s poses no question (its inputs show the answer), sheet: how many exercises the
 *   worksheet link asks for (6; fewer where an exercise has many boards: 4 A4 pages at most),
 *   inputs: what a worksheet copies of each question besides its box (present by default; [] where
 *   present holds nothing of the question, which every exercise would repeat) }. While answersHidden(s) the
 *   answers are replaced by a note; draw should leave out answer parts of other elements
 *   (labels, marks) itself, by answersHidden(s);
 * - taps(s, data): optional, for a chapter with an input board: what a tap there changes and the
 *   requests of the state drawn, as askAhead() takes them (null: nothing to ask). Once a state is
 *   drawn its taps' answers are asked in one request, so the next tap paints from memory.
 */
export function createChapter(fields, { history = {} } = {}) {
  const root = document.getElementById("chapter");
  let spec = null;
  let drawId = 0;
  const chapter = {
    root,
    state: createState({ hide: T.bool(false), present: T.bool(false), ...fields }, render, history),
    error: createErrorLine(),
    run,
    refit: () => presenter.refit(),
  };
  const presenter = createPresenter(root, () =>
    chapter.state.set({ present: !chapter.state.get().present }, { history: "replace" }),
  );
  const concealed = new Map(); // answer element -> the node standing in its place

  function conceal(hidden) {
    document.documentElement.dataset.answers = hidden ? "hidden" : "shown";
    (spec?.exercise?.answers ?? []).forEach((element, i) => {
      if (hidden && !concealed.has(element) && element.isConnected) {
        // One visible note (at the first answer); the others leave an empty mark behind.
        const stand =
          i === 0
            ? el(
                "p",
                { class: "panel answer-hidden", "data-role": "answer-hidden" },
                // A student answering the class's question has no Reveal: the teacher reveals (live.css).
                el("span", { class: "alone" }, "The answer is hidden until you reveal it."),
                el("span", { class: "in-class" }, "The answer is hidden until your teacher reveals it."),
              )
            : document.createComment("answer hidden");
        element.replaceWith(stand);
        concealed.set(element, stand);
      } else if (!hidden && concealed.has(element)) {
        concealed.get(element).replaceWith(element);
        concealed.delete(element);
      }
    });
  }

  async function render(s) {
    if (!spec) return;
    const id = ++drawId;
    root.dataset.exercise = s.hide ? "1" : "0";
    // Exploring, an exercise only invites to practise (chessviz.css): an invitation is no task for paper.
    for (const box of root.querySelectorAll(".predict")) box.classList.toggle("screen-only", !s.hide);
    // Whether exercise mode keeps this state as its question (the live class asks only such a state;
    // a chapter with no exercise, the code tasks', asks nothing).
    root.dataset.asks = String(Boolean(spec.exercise) && spec.exercise.asks?.(s) !== false);
    for (const button of root.querySelectorAll('[data-action="exercise-mode"]')) {
      button.setAttribute("aria-pressed", String(s.hide));
      setText(button, s.hide ? "Show the answers as I explore" : "Practise: hide the answers");
    }
    // A state whose inputs show their own answer (an exercise link made outside exercise mode)
    // asks nothing: pose a fresh question in its place.
    if (answersHidden(s) && spec.exercise?.asks?.(s) === false) {
      nextExercise("replace");
      return;
    }
    conceal(answersHidden(s));
    spec.controls?.(s);
    try {
      const data = await spec.load(s);
      if (id !== drawId) return;
      chapter.error.show(null);
      spec.draw(s, data);
      aheadOf(id, spec.taps?.(s, data));
    } catch (e) {
      if (id === drawId) chapter.error.show(e);
    }
    if (id !== drawId) return;
    stage(presented(s));
    presenter.apply(s.present, presented(s));
    // The newest state is on screen: a hook for tests and tools that wait for a settled page.
    root.dataset.drawn = String(id);
  }

  /**
   * Mark the chapter's stage (data-stage): what it declares for presenter mode, in every mode. The
   * layout puts it first (its boards side by side, then its panels), ahead of everything else.
   * The layout also needs what holds the stage (data-stage-holder: each element between a stage
   * node and the chapter) and which of both hold a board (data-stage-board). It reads these marks,
   * not :has(): a :has() rule high in the chapter made the browser look through the whole chapter
   * again at every node a tap added or removed (about 6 ms each on a phone).
   */
  function stage(keep) {
    const marks = {
      "data-stage": new Set(),
      "data-stage-holder": new Set(),
      "data-stage-board": new Set(),
      "data-stage-heading": new Set(),
    };
    for (const node of keep) {
      marks["data-stage"].add(node);
      if (node === root || !root.contains(node)) continue;
      for (let up = node.parentElement; up !== root; up = up.parentElement) marks["data-stage-holder"].add(up);
    }
    for (const node of [...marks["data-stage"], ...marks["data-stage-holder"]]) {
      if (node.querySelector(".board-figure")) marks["data-stage-board"].add(node);
      // The heading just before a part of the stage names it ("… step by step"): on a phone, where
      // the stage rises above the rest, it rises with it (data-stage-heading).
      const before = node.parentElement === root ? node.previousElementSibling : null;
      if (before?.matches("h2.section-title")) marks["data-stage-heading"].add(before);
    }
    // Only what changes is written, so a redraw that keeps the stage restyles nothing.
    for (const node of root.querySelectorAll("[data-stage], [data-stage-holder], [data-stage-board], [data-stage-heading]")) {
      for (const [name, nodes] of Object.entries(marks)) if (!nodes.has(node)) node.removeAttribute(name);
    }
    for (const [name, nodes] of Object.entries(marks)) for (const node of nodes) node.toggleAttribute(name, true);
    // A stage with a stepper (an engine's step): its boards start a line of their own (chessviz.css).
    root.toggleAttribute(
      "data-stage-stepper",
      keep.some((node) => node?.classList?.contains("with-stepper")),
    );
  }

  /**
   * Ask the answers of the drawn state's taps; data-ahead names the drawn state once they are in
   * memory (or once there is nothing to ask, or the asking failed): a hook for tests and tools.
   */
  function aheadOf(id, taps) {
    // Asked once the drawn state is painted, if it is still the newest: its answers (up to a few
    // hundred) are read in a task of their own, never in the frame that shows the tap.
    const painted = new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    const asked = taps ? painted.then(() => (id === drawId ? askAhead(taps) : null)) : null;
    (asked ?? Promise.resolve()).then(() => {
      if (id === drawId) root.dataset.ahead = String(id);
    });
  }

  /**
   * What presenter mode keeps: the chapter's list, the error line, and the exercise while answers
   * are hidden, unless a live class is being asked it (html[data-live-asking], live.js): the class
   * answers on its own devices, the slide shows the question's setup.
   */
  function presented(s) {
    const keep = [...(spec.present ?? []), chapter.error.element];
    const classAsked = document.documentElement.dataset.liveAsking === "1";
    if (answersHidden(s) && !classAsked) keep.push(...root.querySelectorAll(".predict"));
    return keep;
  }

  /** Draw a fresh random question of the chapter, in exercise mode (next may ask the API first). */
  async function nextExercise(history = "push") {
    const next = spec?.exercise?.next;
    if (!next) return;
    try {
      chapter.state.set({ ...(await next(chapter.state.get(), Math.random)), hide: true, ...FRESH }, { history });
    } catch (e) {
      chapter.error.show(e);
    }
  }

  root.addEventListener("click", (event) => {
    const action = event.target.closest?.("[data-action]")?.dataset.action;
    if (action === "next-exercise") nextExercise();
    if (action === "exercise-mode") {
      const s = chapter.state.get();
      chapter.state.set({ hide: !s.hide, ...FRESH });
    }
  });

  function run({ errorAfter, errorIn, controls = null, load = () => null, draw, exercise = null, present = [], taps = null }) {
    const sheet = exercise ? worksheetRequest() : null;
    spec = { controls, load, draw, exercise, present, taps: sheet ? null : taps }; // a printed sheet taps nothing
    root.dataset.hasExercise = exercise ? "1" : "0";
    if (errorIn) errorIn.append(chapter.error.element);
    else errorAfter.after(chapter.error.element);
    if (exercise && !sheet) {
      // A worksheet of the chapter's exercises (six, or what fits 4 A4 pages); its seed is in the
      // link, so it prints again the same. More are asked for in the link itself (sheet=12).
      const seed = 1 + Math.floor(Math.random() * 9999);
      const sheetUrl = `${window.location.pathname}?sheet=${exercise.sheet ?? 6}&seed=${seed}`;
      // The students' copy, and beside it the teacher's: the same sheet with its answer key. The
      // students' copy itself links no key: a student handed its link is not a tap from the answers.
      const link = el("a", { href: sheetUrl, "data-action": "worksheet" }, "Print a worksheet");
      const key = el("a", { href: `${sheetUrl}&key=1`, "data-action": "worksheet-key" }, "its answer key");
      document.querySelector(".presenter-bar")?.append(el("span", { class: "worksheet-links" }, link, " (", key, ")"));
    }
    if (sheet) {
      // Each exercise drawn in turn, then copied into the sheet: inputs (no answers) and the key.
      const box = () => root.querySelector(".predict");
      const shown = () => [...(exercise.inputs ?? spec.present ?? []), box()];
      buildWorksheet(root, { ...sheet, base: chapter.state.get(), next: exercise.next, draw: render, shown, box }).then(() => {
        root.dataset.drawn = "sheet";
      });
    } else chapter.state.redraw();
    return chapter;
  }

  return chapter;
}
