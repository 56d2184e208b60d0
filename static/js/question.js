// A question with one answer (a choice, or a number typed in): the wiki chapters' exercise.
// The student answers, then reveals; the page then says right or not, in words and a glyph.
// Next exercise and the practise switch are handled by the chapter skeleton (chapter.js).

import { parseBB } from "./bits.js";
import { el, INVITE, setDisabled, taskLine, turnWords, verdictLine } from "./dom.js";
import { T } from "./state.js";

/** The state fields of a question: the student's answer (text) and whether it is revealed. */
export const questionFields = () => ({ ans: T.text("", 40), rev: T.bool(false) });

let uid = 0;

/**
 * Create the question box in `container`, wired to the state's ans and rev fields. kind:
 * "choice" (radio buttons), "number" (a value typed in hex or decimal) or "text" (a word
 * typed in, compared by `normalize`, which maps it to the form of the answer).
 * Returns { element, draw({prompt, choices: [[value, label]], answer, answerText, revealed, given}) }
 * where answer is the right value (a choice's value, or a BigInt for a number; null: no question yet).
 */
export function createQuestion(
  container,
  state,
  { kind = "choice", title = "Your turn: answer, then reveal", normalize = (text) => text.trim().toLowerCase() },
) {
  const name = `question-${++uid}`;
  const prompt = el("p", { class: "predict-prompt", id: `${name}-prompt` });
  const choices = el("fieldset", { class: "panel pick question-choices", "aria-labelledby": `${name}-prompt` });
  const input = el("input", {
    id: `${name}-input`,
    class: "mono",
    inputmode: "text",
    autocomplete: "off",
    spellcheck: "false",
    "aria-labelledby": `${name}-prompt`,
  });
  const reveal = el("button", { type: "button", "data-action": "reveal-answer" }, "Reveal the answer");
  // The verdict, or the invitation to answer and reveal, which is the screen's (paper has no reveal).
  const score = el("p", { class: "predict-score", role: "status", "aria-live": "polite" });
  const say = verdictLine(score);
  const sayPrompt = taskLine(prompt);
  const box = el(
    "section",
    { class: "predict question", "aria-label": "Answer, then reveal", "data-kind": kind },
    el("h2", {}, ...turnWords(title)),
    prompt,
    kind === "choice" ? choices : el("p", {}, input),
    el("p", { class: "predict-invite screen-only" }, INVITE),
    el(
      "div",
      { class: "predict-actions screen-only" },
      reveal,
      el("button", { type: "button", "data-action": "next-exercise", class: "exercise-only" }, "Next exercise"),
      el("button", { type: "button", "data-action": "exercise-mode", "aria-pressed": "false" }, "Practise: hide the answers"),
    ),
    score,
  );
  choices.addEventListener("change", (event) => state.set({ ans: event.target.value, rev: false }, { history: "replace" }));
  const typed = () => input.value.trim().slice(0, 40);
  // A new answer un-reveals; the change event that follows Enter (same answer) must not.
  input.addEventListener("change", () => {
    if (typed() !== state.get().ans) state.set({ ans: typed(), rev: false }, { history: "replace" });
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      state.set({ ans: typed() }, { history: "replace" });
      state.set({ rev: true });
    }
  });
  reveal.addEventListener("click", () => {
    if (kind !== "choice") state.set({ ans: typed() }, { history: "replace" });
    state.set({ rev: true });
  });
  container.append(box);
  let shownChoices = "";

  return {
    element: box,
    draw({ prompt: text, choices: list = [], answer, answerText, revealed, given }) {
      sayPrompt(text);
      box.dataset.revealed = revealed ? "1" : "0";
      setDisabled(reveal, revealed || answer === null);
      if (kind === "choice") {
        const key = list.map(([v]) => v).join();
        if (key !== shownChoices) {
          shownChoices = key;
          choices.replaceChildren(
            ...list.map(([value, label]) =>
              el("label", { "data-choice": value }, el("input", { type: "radio", name, value }), " ", el("span", {}, label)),
            ),
          );
        }
        for (const label of choices.querySelectorAll("label")) {
          const value = label.dataset.choice;
          label.querySelector("input").checked = value === given;
          // After reveal: ✓ on the right choice, ✗ on a wrong one chosen (a glyph, not colour alone).
          const mark = revealed && answer !== null ? (value === answer ? "right" : value === given ? "wrong" : "") : "";
          if (mark) label.dataset.mark = mark;
          else delete label.dataset.mark;
        }
      } else if (document.activeElement !== input) {
        input.value = given;
      }
      const right =
        answer !== null &&
        given !== "" &&
        (kind === "choice" ? given === answer : kind === "number" ? parseBB(given) === answer : normalize(given) === answer);
      if (revealed && answer !== null) {
        box.dataset.correct = String(right);
        say(
          right
            ? `✓ Right: ${answerText}.`
            : given === ""
              ? `The answer: ${answerText}.`
              : `✗ Not this one: the answer is ${answerText}.`,
        );
      } else {
        delete box.dataset.correct;
        say("", answer === null ? "" : "Answer, then reveal.");
      }
    },
  };
}
