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
const stepper = createStepper(add(root, "div", { class: "toolbar" }), {
  label: "Line",
  onChange: (i) => state.set({ view: i }, { history: "replace" }),
});
const [raysColumn, reversedColumn, reversedResultColumn] = columns(root, 3);
const raysBoard = createValueBoard(raysColumn, {
  role: "rays",
  label: "Positive and negative rays",
  legend: { positive: "positive rays (subtraction works)", negative: "negative rays" },
  readout: "positive | negative",
});
const reversedBoard = createValueBoard(reversedColumn, {
  role: "reversed",
  label: "The reversed board rev(o), slider at rev(r)",
  readout: "rev(o)",
});
const reversedResult = createValueBoard(reversedResultColumn, {
  role: "reversed-result",
  label: "On the reversed board: rev(b) − 2·rev(r)",
  readout: "rev(b) − 2·rev(r)",
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
    answers: [raysColumn, reversedResultColumn],
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
    // Where the reversal puts the queen: the square of rev(r), as the API computed it.
    const mirrored = SQUARE_NAMES[squaresOf(v.rev_r, s.mapping)[0]];
    const reversedPieces = { [mirrored]: "Q" };
    reversedBoard.draw({
      bits: v.rev_o,
      mapping: s.mapping,
      index: s.mapping,
      pieces: { ...squaresMap(v.rev_o, s.mapping, "p"), ...reversedPieces },
    });
    const caption = `On the reversed board (${lineName(slide.line)}): rev(b) − 2·rev(r)`;
    reversedResult.draw({ bits: v.rev_b_minus_2rev_r, mapping: s.mapping, index: s.mapping, pieces: reversedPieces, caption });
    explain.textContent = `Subtraction borrows towards higher bits only, so o^(o-2r) finds the positive rays. Reversing the bitboard turns bit i into bit 63 − i (the board rotated half a turn: the queen on ${s.sq} lands on ${mirrored}), so the negative rays become positive there; compute, then reverse back.`;
    predict.draw({ predicted: s.pred, answer: positive, mapping: s.mapping, revealed: s.rev });
  },
});
