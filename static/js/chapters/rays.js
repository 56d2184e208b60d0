// Chapter "rays": positive and negative rays of a queen, line by line, and the reversed board.

import { api } from "../api.js";
import { bbOf, SQUARE_NAMES, squaresOf } from "../bits.js";
import { createChapter } from "../chapter.js";
import { add, columns, el } from "../dom.js";
import { randomOccupancy, randomSquare } from "../exercise.js";
import {
  big,
  createSliderSetup,
  createStatePredict,
  createValueBoard,
  occupancyIn,
  predictFields,
  SLIDER_TAPS,
  sliderFields,
  squaresMap,
  stepValues,
} from "../kit.js";
import { T } from "../state.js";
import { createStepper } from "../stepper.js";
import { LINE_KINDS, lineName } from "../terms.js";

const VIEWS = [...LINE_KINDS, "all"];
const { root, state, run } = createChapter({
  // The devlog's picture: a queen on e4 and one pawn, on b7.
  ...sliderFields({ sq: "e4", occupied: bbOf(["b7"]) }),
  view: T.int(4, 0, 4),
  ...predictFields(),
});
const setup = createSliderSetup(root, state, {
  piece: "Q",
  mappingNote:
    "Which rays are positive depends on the mapping: in lerbef up, left, up-left and up-right (as in the devlog's picture); in lerf up, right, up-right and up-left.",
});
// The devlog's section as it writes it (x'' its reversal), before the final equation's 2r and XOR.
root.append(
  el(
    "section",
    { class: "panel equation", "aria-label": "The devlog's equations for the two sides" },
    el("p", { class: "formula" }, "p = ((o & m) − r) & m"),
    el("p", { class: "formula" }, "n = rev(rev(o & m) − rev(r)) & m"),
  ),
);
const stepper = createStepper(add(root, "div", { class: "toolbar" }), {
  label: "Line",
  onChange: (i) => state.set({ view: i }, { history: "replace" }),
});
const [raysColumn, positiveColumn, reversedColumn, reversedResultColumn, sectionColumn] = columns(root, 5);
const raysBoard = createValueBoard(raysColumn, {
  role: "rays",
  label: "Positive and negative rays",
  legend: { positive: "positive rays (subtraction works)", negative: "negative rays" },
  readout: "positive | negative",
});
const positiveBoard = createValueBoard(positiveColumn, {
  role: "section-p",
  label: "Subtracted and masked: p",
  legend: { positive: "the positive rays, for comparison" },
  readout: "p",
});
const reversedBoard = createValueBoard(reversedColumn, {
  role: "reversed",
  label: "The reversed board rev(o & m), the queen at rev(r)",
  readout: "rev(o & m)",
});
const reversedResult = createValueBoard(reversedResultColumn, {
  role: "reversed-result",
  label: "On the reversed board: rev(o & m) − rev(r)",
  readout: "rev(o & m) − rev(r)",
});
const sectionBoard = createValueBoard(sectionColumn, {
  role: "section-n",
  label: "Reversed back and masked: n",
  legend: { negative: "the negative rays, for comparison" },
  readout: "n",
});
const explain = el("p", { class: "explain panel", "aria-live": "polite" });
root.append(explain);
const predict = createStatePredict(
  root,
  state,
  "Mark the squares of the positive rays shown (all lines, or the one line chosen), then reveal.",
);

/** The two requests of a state: the queen's rays on every line, and o^(o-2r) on the line viewed. */
function queries(s) {
  const view = VIEWS[s.view];
  const occupied = occupancyIn(s);
  return [
    ["/attacks", { piece: "queen", sq: s.sq, occupied, mapping: s.mapping }],
    ["/slide", { sq: s.sq, occupied, line: view === "all" ? "rank" : view, mapping: s.mapping }],
  ];
}

run({
  errorAfter: explain,
  present: [...[...setup.boards.children].slice(0, 2), stepper.element, raysColumn],
  exercise: {
    answers: [raysColumn, positiveColumn, reversedResultColumn, sectionColumn],
    next: (_s, random) => ({ sq: randomSquare(random), occ: randomOccupancy(random) }),
  },
  load: (s) => Promise.all(queries(s).map(([path, query]) => api(path, query))),
  taps: (s) => ({ tap: SLIDER_TAPS, requests: queries(s) }),
  draw(s, [attacks, slide]) {
    const view = VIEWS[s.view];
    const v = stepValues(slide);
    setup.draw(s, v);
    stepper.set(s.view, VIEWS.length, view === "all" ? "all four lines" : lineName(view));
    // All four lines: the queen's rays; one line: that line's terms of o^(o-2r).
    const [positive, negative, both] =
      view === "all" ? [attacks.positive, attacks.negative, attacks.attacks].map(big) : [v.positive, v.negative, v.attacks];
    const blockers = squaresMap(v.o, s.mapping, "p");
    raysBoard.draw({
      bits: both,
      mapping: s.mapping,
      index: s.mapping,
      pieces: { ...blockers, [s.sq]: "Q" },
      fills: { ...squaresMap(positive, s.mapping, "positive"), ...squaresMap(negative, s.mapping, "negative") },
    });
    // The section's p and n on one line, the line viewed (on all four lines, the rank): p
    // subtracts the queen from the line's blockers and masks; n reverses the line's blockers,
    // subtracts the reversed queen, reverses back and masks.
    const line = lineName(slide.line);
    const which = view === "all" ? `${line}; step to a line for another` : line;
    const mirrored = SQUARE_NAMES[squaresOf(v.rev_r, s.mapping)[0]];
    const reversedPieces = { [mirrored]: "Q" };
    const section = Object.fromEntries(Object.entries(slide.rays_section).map(([name, value]) => [name, big(value)]));
    const lineAndQueen = { ...squaresMap(v.b, s.mapping, "p"), [s.sq]: "Q" };
    // Each of the section's boards in the chapter's mapping, its bit numbers shown.
    const drawOn = (board, view) => board.draw({ mapping: s.mapping, index: s.mapping, ...view });
    drawOn(positiveBoard, {
      bits: section.p,
      pieces: lineAndQueen,
      fills: squaresMap(v.positive, s.mapping, "positive"),
      caption: `Subtracted and masked (${which}): p = ((o & m) − r) & m`,
    });
    drawOn(reversedBoard, {
      bits: v.rev_b,
      pieces: { ...squaresMap(v.rev_b, s.mapping, "p"), ...reversedPieces },
      caption: `The reversed board (${which}): rev(o & m), the queen at rev(r)`,
    });
    drawOn(reversedResult, {
      bits: section.rev_b_minus_rev_r,
      pieces: reversedPieces,
      caption: `On the reversed board (${which}): rev(o & m) − rev(r)`,
    });
    drawOn(sectionBoard, {
      bits: section.n,
      pieces: lineAndQueen,
      fills: squaresMap(v.negative, s.mapping, "negative"),
      caption: `Reversed back and masked (${which}): n`,
    });
    explain.textContent = `Subtraction borrows towards higher bits only, so (o & m) − r works on the positive side: that is p, the masked-occupancy chapter's result. Reversing the bitboard turns bit i into bit 63 − i (the board rotated half a turn: the queen on ${s.sq} lands on ${mirrored}), so the negative side becomes positive there: subtract, reverse back and mask, and that is n. As the devlog writes them, p and n hold the queen and the empty squares up to the first blocker, not the blocker itself, and keep the line's other blockers; the final equation's 2r and XOR with o (next chapter) make rays of them.`;
    predict.draw({ predicted: s.pred, answer: positive, mapping: s.mapping, revealed: s.rev });
  },
});
