// Chapter "shift-ray": the devlog's shift loop, one shift at a time, on any line. Two
// squares on no common line are refused by /api/ray (not_aligned); the page then steps
// through what the printed loop would do there, bounded, from /api/devlog-ray.

import { api } from "../api.js";
import { createBoard } from "../board.js";
import { createChapter } from "../chapter.js";
import { createMappingSwitch, createSelect } from "../controls.js";
import { add, columns, el } from "../dom.js";
import { pick as pickOne, randomSquare } from "../exercise.js";
import {
  big,
  createPickSwitch,
  createStatePredict,
  createValueBoard,
  ends,
  mappingField,
  NO_PREDICTION,
  predictFields,
} from "../kit.js";
import { T } from "../state.js";
import { createStepper } from "../stepper.js";
import { aLine } from "../terms.js";
import { alignedWith } from "../wiki.js";

const SHIFTS = ["1", "7", "8", "9"];
const { root, state, error, run } = createChapter({
  from: T.square("c4"),
  to: T.square("g4"),
  pick: T.choice(["from", "to"], "from"),
  mapping: mappingField(),
  step: T.int(0, 0, 200),
  // Bits per step of the printed loop on a non-aligned pair: 1 as printed (getHorizontalRay).
  shift: T.choice(SHIFTS, "1"),
  ...predictFields(),
});

const top = add(root, "div", { class: "toolbar" });
const mapping = createMappingSwitch(
  top,
  state,
  "Switching the mapping keeps the squares but renumbers their bits: on a rank the operator flips (in lerbef east is >>, in lerf east is <<), and the two diagonals swap their shifts of 7 and 9.",
);
const pick = createPickSwitch(top, state, [
  ["from", "the start square (S)"],
  ["to", "the destination (D)"],
]);

// Above the boards, the loop's stepper and its line of code; then the board to choose on, the
// bit shifted at this step and the ray collected so far, side by side; below them the devlog's
// loop and what it does here. An error such as not_aligned goes right under the board to
// choose on: on a phone the boards stand one above the other, and the finger that chose a
// square off the start's lines is there, a screen and more above the loop.
// On a phone (chessviz.css) the stepper comes after the board to choose on (marked so below),
// over the boards it steps: a screen below it, Next seemed to change nothing but the step's words.
const steps = add(root, "div", { class: "toolbar" });
const stepper = createStepper(steps, { label: "Step", onChange: (i) => state.set({ step: i }, { history: "replace" }) });
const code = el("p", { class: "formula shift-code", "aria-live": "polite" });
steps.append(code);
const [pickColumn, shiftedColumn, rayColumn] = columns(root, 3);
// The board to choose on, named so where the loop's text sends the student to its refusal.
const PICK_LABEL = "Start (S) and destination (D)";
pickColumn.classList.add("input-before-steps");
const pickBoard = createBoard(pickColumn, {
  role: "squares",
  label: PICK_LABEL,
  hint: "click to choose",
  interactive: true,
  onSquare: (name) => {
    const s = state.get();
    state.set({ [s.pick]: name, pick: s.pick === "from" ? "to" : "from", step: 0, ...NO_PREDICTION });
  },
});
const shiftedBoard = createValueBoard(shiftedColumn, { role: "shifted", label: "shiftedBit", readout: "shiftedBit" });
const rayBoard = createValueBoard(rayColumn, { role: "ray", label: "ray = ray | shiftedBit (so far)", readout: "ray so far" });
const loopColumn = add(root, "div", { class: "column shift-loop" });
loopColumn.append(
  el(
    "pre",
    { class: "mono devlog-code", "aria-label": "The devlog's loop" },
    "while (shiftedBit !== destinationSquare) {\n  shiftedBit = startSquare << or >> BigInt(shift * i);\n  ray = ray | shiftedBit;\n  i++;\n}",
  ),
);
const explain = el("section", { class: "panel explain", "aria-live": "polite", "data-present-fold": "" });
loopColumn.append(explain);
const predict = createStatePredict(
  root,
  state,
  "Mark the squares of the whole ray from start to destination, both ends included, then reveal.",
);

const shiftSelect = createSelect(null, {
  id: "devlog-shift",
  control: "shift",
  choices: SHIFTS.map((v) => [v, v]),
  onChange: (shift) => state.set({ shift, step: 0 }),
});

const OUTCOME = {
  reached: (loop) =>
    loop.same_square
      ? "starts on the destination: shiftedBit equals it at once, so the loop stops with the start square alone, which is no ray."
      : loop.wrapped
        ? "reaches the destination, but only by running over the board's edge onto other lines: the 'ray' it returns is no ray."
        : "reaches the destination.",
  never_ends: () =>
    "shifts the bit right until it falls off bit 0; from then on shiftedBit is 0 for ever and never equals the destination: the loop never ends.",
  left_64_bits: () =>
    "shifts the bit left past bit 63; a BigInt does not wrap, so shiftedBit grows for ever and never equals the destination: the loop never ends.",
};

/** Return "1 iteration", "2 iterations". */
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function drawRay(s, ray) {
  const marks = ends(s.from, s.to);
  const step = Math.min(s.step, ray.steps.length - 1);
  const shifted = big(ray.steps[step]);
  const sofar = big(ray.so_far[step]);
  stepper.set(step, ray.steps.length, ray.squares[step]);
  code.textContent = `i = ${step}: shiftedBit = startSquare ${ray.operator} BigInt(${ray.shift}*${step})`;
  shiftedBoard.draw({ bits: shifted, mapping: s.mapping, index: s.mapping, marks, caption: `shiftedBit (i = ${step})` });
  rayBoard.draw({ bits: sofar, mapping: s.mapping, index: s.mapping, marks, caption: "ray = ray | shiftedBit (so far)" });
  explain.dataset.outcome = "ray";
  const left = ray.operator === "<<";
  explain.replaceChildren(
    el("p", {
      text: `${s.from} and ${s.to} share ${aLine(ray.line)}. In ${s.mapping} the destination's bit is ${left ? "higher" : "lower"} than the start's, so the loop shifts ${left ? "left (<<)" : "right (>>)"} by ${ray.shift} bit${ray.shift === 1 ? "" : "s"} each time and stops when shiftedBit equals the destination: ${plural(ray.steps.length, "step")}.`,
    }),
  );
  predict.draw({ predicted: s.pred, answer: big(ray.ray), mapping: s.mapping, revealed: s.rev });
}

/** Not on one line: the refusal on the error line, and the printed loop stepped through instead. */
function drawLoop(s, loop, refused) {
  const marks = ends(s.from, s.to);
  error.show(refused);
  const step = Math.min(s.step, loop.steps.length - 1);
  const here = loop.steps[step];
  stepper.set(step, loop.steps.length, here.square ?? (here.bit === null ? "shiftedBit is 0" : `bit ${here.bit}, off the board`));
  code.textContent =
    here.bit === null
      ? `i = ${step}: shiftedBit = 0 (the bit fell off bit 0)`
      : `i = ${step}: shiftedBit = 2^${here.bit}${here.bit > 63 ? ", past bit 63: no square" : ` (${here.square})`}`;
  // The API gives each step's bit (null past bit 63 or once 0) and what is collected so far, in the request's mapping.
  const shifted = here.value === null ? 0n : big(here.value);
  const sofar = big(here.so_far);
  // Past bit 63 there is no 64-bit value to read out.
  const caption = `shiftedBit of the printed loop (i = ${step})`;
  shiftedBoard.draw({ bits: shifted, mapping: s.mapping, index: s.mapping, marks, caption }, here.bit > 63 ? null : shifted);
  const collected = `What the printed loop collects (shift ${loop.shift}), so far`;
  rayBoard.draw({ bits: sofar, mapping: s.mapping, index: s.mapping, marks, caption: collected });
  shiftSelect.set(s.shift);
  explain.dataset.outcome = loop.outcome;
  explain.replaceChildren(
    el(
      "p",
      { "data-outcome": loop.outcome, "data-wrapped": String(loop.wrapped) },
      el("label", { for: "devlog-shift" }, "The devlog's loop as printed, shifting by "),
      shiftSelect.element,
      ` bit${s.shift === "1" ? "" : "s"} per step, ${OUTCOME[loop.outcome](loop)} (${plural(loop.iterations, "iteration")} shown; step through ${loop.iterations === 1 ? "it" : "them"}.)`,
    ),
    el("p", {
      class: "muted",
      text: loop.same_square
        ? `chessviz refuses a square to itself up front (see the note under the board “${PICK_LABEL}”): one square is no ray.`
        : `chessviz refuses such a pair up front, instead of looping (see the note under the board “${PICK_LABEL}”).`,
    }),
  );
  predict.draw({ predicted: s.pred, answer: null, mapping: s.mapping, revealed: false });
}

/** The ray's request, and the printed loop's for a pair on no common line. */
const queries = (s) => [
  ["/ray", { from: s.from, to: s.to, mapping: s.mapping }],
  ["/devlog-ray", { from: s.from, to: s.to, mapping: s.mapping, shift: s.shift }],
];

run({
  errorIn: pickBoard.figure,
  present: [pickColumn, stepper.element, code, shiftedColumn, rayColumn],
  exercise: {
    // The stepper names each square of the ray, the code and the note count its steps.
    answers: [stepper.element, code, explain, shiftedColumn, rayColumn],
    next: async (_s, random) => {
      const from = randomSquare(random);
      return { from, to: pickOne(random, await alignedWith(from)), step: 0 };
    },
  },
  controls(s) {
    mapping.set(s.mapping);
    pick.set(s.pick);
    pickBoard.draw({ bits: null, mapping: s.mapping, index: s.mapping, marks: ends(s.from, s.to), cursor: s.from });
  },
  async load(s) {
    const [[, ray], [, loop]] = queries(s);
    try {
      return { ray: await api("/ray", ray) };
    } catch (refused) {
      if (refused.code !== "not_aligned") throw refused;
      return { refused, loop: await api("/devlog-ray", loop) };
    }
  },
  // A tap sets the square the switch names; a pair on no line needs the printed loop's run too.
  taps: (s) => ({ tap: s.pick, requests: queries(s) }),
  draw: (s, { ray, loop, refused }) => (ray ? drawRay(s, ray) : drawLoop(s, loop, refused)),
});
