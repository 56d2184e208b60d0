// Chapter "hyperbola": every term of o^(o-2r) for one line as its own step, then the union
// over the piece's lines.

import { api } from "../api.js";
import { convert, SQUARE_NAMES, squaresOf } from "../bits.js";
import { createChapter } from "../chapter.js";
import { add, columns, el } from "../dom.js";
import { pick, randomOccupancy, randomSquare } from "../exercise.js";
import {
  big,
  createSliderSetup,
  createStatePredict,
  createStepList,
  createValueBoard,
  occupancyIn,
  predictFields,
  SLIDER_TAPS,
  sliderFields,
  squaresMap,
  stepValues,
} from "../kit.js";
import { createPieceSelect } from "../methods-view.js";
import { T } from "../state.js";
import { createStepper } from "../stepper.js";
import { PIECE_LINES, SLIDER_LETTERS } from "../terms.js";

const SLIDERS = Object.keys(SLIDER_LETTERS);
/** The line shown: the state's, if the piece moves along it, else the piece's first (a rook's rank). */
const lineOf = (s) => (PIECE_LINES[s.piece].includes(s.line) ? s.line : PIECE_LINES[s.piece][0]);
/** The state as drawn and asked: its line one the piece moves along. */
const shown = (s) => ({ ...s, line: lineOf(s) });
const { root, state, run } = createChapter({
  ...sliderFields(),
  piece: T.choice(SLIDERS, "rook"),
  step: T.int(0, 0, 40),
  // The game position the occupancy came from (a link from the game chapter), for its glyphs.
  fen: T.text("", 100),
  ...predictFields(),
});

const setup = createSliderSetup(root, state, {
  piece: (s) => SLIDER_LETTERS[s.piece],
  lineChoice: true,
  mappingNote:
    "Positive means towards higher bits: west and north in lerbef, east and north in lerf. The terms' values change with the mapping; the attacks, as squares, do not.",
});
const pieceSelect = createPieceSelect(root.querySelector(".toolbar"), state, {
  label: "Piece: ",
  choices: SLIDERS.map((p) => [p, p]),
});
const lineSelect = root.querySelector('[data-control="line"]');

const equation = el(
  "section",
  { class: "panel equation", "aria-label": "The equation" },
  el("p", { class: "formula" }, "b = o & m"),
  el("p", { class: "formula" }, "p = ((b − 2r) ⊕ o) & m"),
  el("p", { class: "formula" }, "n = rev((rev(b) − 2·rev(r)) ⊕ rev(o)) & m"),
  el("p", { class: "formula" }, "s = p | n"),
);
root.append(equation);

// The terms' stepper and the current term's formula, above the boards; the term's board beside
// the occupancy and the slider; the list of terms and the union further down.
const steps = add(root, "div", { class: "toolbar" });
const stepper = createStepper(steps, {
  label: "Term",
  onChange: (i) => state.set({ step: i }, { history: "replace" }),
});
const stepTitle = add(steps, "h2", { class: "formula step-formula", "aria-live": "polite" });
const [stepColumn, listColumn, unionColumn] = columns(root, 3, ["", "steps-column", ""]);
const stepBoard = createValueBoard(stepColumn, { role: "step", label: "This term", readout: "value" });
const stepNote = add(stepColumn, "p", { class: "explain" });

add(listColumn, "h2", { text: "All terms" });
const list = createStepList(listColumn, {
  label: "Terms of the equation",
  onPick: (i) => state.set({ step: i }, { history: "replace" }),
});
const unionBoard = createValueBoard(unionColumn, {
  role: "attacks",
  label: "Union over the piece's lines",
  legend: { positive: "positive rays", negative: "negative rays" },
  readout: "attacks",
});
const ownNote = add(unionColumn, "p", { class: "explain", "data-role": "own" });
const predict = createStatePredict(
  root,
  state,
  "Mark the squares the slider attacks on the chosen line (s = p | n), then reveal.",
);

const NEGATIVE_AS_PRINTED = {
  true: "The devlog prints n = [(b'' − 2r'') ⊕ o]'' ∩ m, XORing the unreversed o. For this input it happens to agree with n; toggle blockers to see it fail.",
  false:
    "The devlog prints n = [(b'' − 2r'') ⊕ o]'' ∩ m, XORing the unreversed o: for this input that is wrong (compare with n). Its code, reverseBitboard(...) ^ occupied, is right.",
};

/** The game position behind the occupancy, when the URL names one that still matches it. */
function gamePosition(s, position) {
  if (!position) return null;
  const letter = position.pieces[s.sq];
  const same = big(position.occupied) === s.occ && letter?.toUpperCase() === SLIDER_LETTERS[s.piece];
  return same ? position : null;
}

/** The two requests of a state: o^(o-2r) on the chosen line (one of the piece's), and the piece's attacks. */
function queries(s, game) {
  const occupied = occupancyIn(s);
  // In a game the slider's own pieces are no moves: attacks & ~own, as the game computes.
  const own = game
    ? convert(big(game.pieces[s.sq] === SLIDER_LETTERS[s.piece] ? game.white : game.black), "lerf", s.mapping)
    : 0n;
  return [
    ["/slide", { sq: s.sq, occupied, line: lineOf(s), mapping: s.mapping }],
    ["/attacks", { piece: s.piece, sq: s.sq, occupied, own, mapping: s.mapping }],
  ];
}

run({
  errorAfter: equation,
  present: [...[...setup.boards.children].slice(0, 2), stepper.element, stepTitle, stepColumn],
  exercise: {
    // Every term's board, the list of terms and the union hold or give away s = p | n.
    answers: [steps, stepColumn.parentElement],
    next: (s, random) => ({
      sq: randomSquare(random),
      occ: randomOccupancy(random),
      line: pick(random, PIECE_LINES[s.piece]),
      step: 0,
    }),
  },
  controls(s) {
    pieceSelect.set(s.piece);
    // Only the piece's own lines: a bishop has no rank to attack along.
    for (const option of lineSelect.options) option.disabled = !PIECE_LINES[s.piece].includes(option.value);
  },
  async load(s) {
    const position = s.fen ? await api("/position", { fen: s.fen, mapping: "lerf" }).catch(() => null) : null;
    const game = gamePosition(s, position);
    const [slide, attacks] = await Promise.all(queries(s, game).map(([path, query]) => api(path, query)));
    return [slide, attacks, game];
  },
  taps: (s, [, , game]) => ({ tap: SLIDER_TAPS, requests: queries(s, game) }),
  draw(s, [slide, attacks, game]) {
    const v = stepValues(slide);
    const letter = game ? game.pieces[s.sq] : SLIDER_LETTERS[s.piece];
    const blockers = game ? Object.fromEntries(Object.entries(game.pieces).filter(([name]) => name !== s.sq)) : undefined;
    setup.draw(shown(s), v, { slider: letter, pieces: blockers });
    const index = Math.min(s.step, slide.steps.length - 1);
    const step = slide.steps[index];
    stepper.set(index, slide.steps.length, step.label);
    list.draw(slide.steps, index);
    stepTitle.textContent = step.formula;
    stepTitle.dataset.step = step.id;
    // On the reversed terms the slider stands where rev(r) has its bit (f4 becomes c5).
    const reversed = step.id.startsWith("rev_");
    const at = reversed ? SQUARE_NAMES[squaresOf(v.rev_r, s.mapping)[0]] : s.sq;
    stepBoard.draw({
      bits: big(step.value),
      mapping: s.mapping,
      index: s.mapping,
      pieces: { [at]: letter },
      // The term's name is in the stepper's line above the boards; the caption gives its formula.
      caption: `${step.formula}${reversed ? ` (reversed board: the slider on ${s.sq} stands on ${at})` : ""}`,
    });
    stepNote.textContent = step.id === "negative_as_printed" ? NEGATIVE_AS_PRINTED[slide.negative_as_printed_correct] : "";
    const [positive, negative] = [attacks.positive, attacks.negative].map(big);
    unionBoard.draw({
      bits: big(attacks.attacks),
      mapping: s.mapping,
      pieces: { ...(blockers ?? {}), [s.sq]: letter },
      fills: { ...squaresMap(positive, s.mapping, "positive"), ...squaresMap(negative, s.mapping, "negative") },
    });
    const ownAttacked = big(attacks.own_attacked);
    ownNote.textContent = game
      ? `In the game the ${s.piece} cannot take its own pieces: moves = s & ~own leaves ${squaresOf(big(attacks.moves), s.mapping).length} of the ${squaresOf(big(attacks.attacks), s.mapping).length} attacked squares${
          ownAttacked
            ? ` (not its own ${squaresOf(ownAttacked, s.mapping)
                .map((i) => SQUARE_NAMES[i])
                .join(", ")})`
            : ""
        }, the moves the game shows.`
      : "Every blocker is counted as the enemy's here, so the attacks are the moves; with pieces of its own colour the last step is moves = s & ~own.";
    predict.draw({ predicted: s.pred, answer: v.attacks, mapping: s.mapping, revealed: s.rev });
  },
});
