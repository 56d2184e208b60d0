// Predict-then-reveal: the student marks the squares they expect, then reveals the answer
// and sees right, wrong and missed squares marked on their own board.

import { compareMarked, convert, popcount, SQUARE_NAMES, squaresOf } from "./bits.js";
import { createBoard } from "./board.js";
import { INVITE, setDisabled, taskLine, turnWords, verdictLine } from "./dom.js";

/**
 * Create the exercise in `container`. options: prompt (the question, text),
 * onToggle(name) when the student marks a square, onReveal(), onReset().
 * Returns { board, prompt(text) (the task again, for a chapter whose task follows its state),
 * draw({predicted (LERF BigInt), answer (BigInt|null), mapping, revealed, flip}) }:
 * flip draws it as the chapter's flipped board is drawn (black at the bottom).
 */
export function createPredict(container, { prompt, onToggle, onReveal, onReset, role = "predict" }) {
  const box = document.createElement("section");
  box.className = "predict";
  box.setAttribute("aria-label", "Predict, then reveal");
  box.innerHTML = `
    <h2></h2>
    <p class="predict-prompt"></p>
    <div class="predict-board"></div>
    <p class="predict-invite screen-only">${INVITE}</p>
    <div class="predict-actions screen-only">
      <button type="button" data-action="reveal">Reveal the answer</button>
      <button type="button" data-action="reset">Start again</button>
      <button type="button" data-action="next-exercise" class="exercise-only">Next exercise</button>
      <button type="button" data-action="exercise-mode" aria-pressed="false">Practise: hide the answers</button>
    </div>
    <p class="predict-score" role="status" aria-live="polite"></p>`;
  // The task: a chapter whose task follows its state says it again at each draw.
  const say = taskLine(box.querySelector(".predict-prompt"));
  say(prompt);
  const board = createBoard(box.querySelector(".predict-board"), {
    role,
    label: "Your prediction",
    interactive: true,
    onSquare: (name) => onToggle(name),
  });
  box.querySelector("h2").append(...turnWords("Your turn: predict, then reveal"));
  // The score once revealed; before, the count of squares marked and the invitation to reveal,
  // which are the screen's (paper has no reveal, and no square a pen marked counted).
  const score = verdictLine(box.querySelector(".predict-score"));
  const reveal = box.querySelector('[data-action="reveal"]');
  box.querySelector(".predict-actions").addEventListener("click", (event) => {
    const action = event.target.dataset?.action;
    if (action === "reveal") onReveal();
    if (action === "reset") onReset();
  });
  container.append(box);

  return {
    board,
    element: box,
    prompt: say,
    draw({ predicted, answer, mapping = "lerf", revealed, flip = false }) {
      const marks = {};
      box.dataset.revealed = revealed ? "1" : "0";
      setDisabled(reveal, revealed || answer === null);
      if (revealed && answer !== null) {
        const truth = convert(answer, mapping, "lerf");
        const judged = compareMarked(predicted, truth);
        for (const [mark, squares] of Object.entries(judged)) for (const sq of squaresOf(squares)) marks[SQUARE_NAMES[sq]] = mark;
        const [right, wrong, missed] = [judged.right, judged.wrong, judged.missed].map(popcount);
        score(
          predicted === 0n
            ? `The answer: the ${popcount(truth)} square${popcount(truth) === 1 ? "" : "s"} marked ○.`
            : wrong === 0 && missed === 0
              ? right === 1
                ? "The one square is right."
                : `All ${right} squares right.`
              : `${right} of ${popcount(truth)} right, ${wrong} marked wrongly, ${missed} missed.`,
        );
        box.dataset.score = `${right}/${wrong}/${missed}`;
      } else {
        const marked = popcount(predicted);
        score("", revealed ? "" : `${marked} square${marked === 1 ? "" : "s"} marked. Reveal when you are ready.`);
        delete box.dataset.score;
      }
      board.draw({ bits: predicted, mapping: "lerf", marks, flip });
    },
  };
}
