// A printed routine's answer beside the truth, for the chapters the routine audit links to
// (diagonals, intersections): the link names the routine (routine=... in the URL), the chapter
// asks /api/routine for it on the chapter's squares and draws this panel.

import { api } from "./api.js";
import { el, screenOnly } from "./dom.js";
import { verdict } from "./wiki.js";

/** The letters the page names a routine's squares with, by the routine's page. */
const ARGUMENTS = { Diagonals: ["sq1", "sq2"], "Intersection Squares": ["a", "b"] };
/** What a routine of each page is meant to answer. */
const ASKS = {
  Diagonals: "It should answer true when the two squares lie on one diagonal, false otherwise.",
  "Intersection Squares": "It should answer the square where the two lines meet, or -1 where they do not meet on the board.",
};

/**
 * Return what /api/routine answers for the state's routine on squares a and b, or null when
 * the state names no routine. A name the audit does not know is drawn as a note, not an error.
 */
export function loadRoutine(s) {
  if (!s.routine) return Promise.resolve(null);
  const [[path, query]] = routineQuery(s);
  return api(path, query).catch((e) => ({ unknown: s.routine, error: e }));
}

/** Return the state's routine request as a list of [path, query] (empty when it names none), for askAhead(). */
export function routineQuery(s) {
  return s.routine ? [["/routine", { name: s.routine, a: s.a, b: s.b ?? undefined }]] : [];
}

/**
 * Create the panel (a section[data-role="routine"], empty while no routine is named) in
 * `container`, first. onClose() forgets the routine. Returns { element, draw(answer) }.
 */
export function createRoutinePanel(container, onClose) {
  const element = el("section", { class: "panel routine-panel", "data-role": "routine", "aria-live": "polite" });
  container.prepend(element);

  function draw(answer) {
    element.hidden = !answer;
    if (!answer) {
      element.replaceChildren();
      return;
    }
    const close = el("button", { type: "button", "data-action": "close-routine" }, "Close");
    close.addEventListener("click", onClose);
    if (answer.unknown) {
      element.replaceChildren(el("p", {}, `The link names a routine the audit does not list ("${answer.unknown}"). `, close));
      return;
    }
    const names = ARGUMENTS[answer.page] ?? ["a", "b"];
    const call = answer.input.map((square, i) => `${names[i]} = ${square}`).join(", ");
    element.dataset.routine = answer.name;
    element.replaceChildren(
      el("h2", {}, "From the routine audit: ", el("span", { class: "routine-name" }, answer.name)),
      el("p", {}, `The ${answer.page} page prints it as:`),
      el("pre", { class: "routine-formula" }, el("code", {}, answer.formula)),
      ASKS[answer.page] ? el("p", {}, ASKS[answer.page]) : "",
      el(
        "dl",
        { class: "routine-answers" },
        el("dt", {}, `As printed, with ${call}, it answers`),
        el(
          "dd",
          { "data-role": "routine-printed", "data-value": String(answer.printed) },
          el("strong", {}, answer.printed_means),
          " ",
          verdict(answer.correct),
        ),
        el("dt", {}, "The truth"),
        el(
          "dd",
          { "data-role": "routine-truth", "data-value": String(answer.expected) },
          el("strong", {}, answer.expected_means),
        ),
      ),
      el("p", {}, close, screenOnly(" Click other squares to try this routine on them.")),
    );
  }

  draw(null);
  return { element, draw };
}
