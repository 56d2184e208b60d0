// What the three engine chapters (kogge-stone, magic, methods) share: their state fields, the
// piece choice, the compass directions as the API names them in step ids, the reading of a
// method's steps from /api/methods, and the step view (stepper, board, list).

import { bbOf, convert, squareBB, squareIndex } from "./bits.js";
import { createSelect } from "./controls.js";
import { add, columns, setText } from "./dom.js";
import { createStepList, createValueBoard, NO_PREDICTION } from "./kit.js";
import { T } from "./state.js";
import { createStepper } from "./stepper.js";
import { MAPPINGS } from "./terms.js";

/** The compass directions: the short name the API's step ids start with, and the words. */
export const DIRECTIONS = [
  ["e", "east"],
  ["w", "west"],
  ["n", "north"],
  ["s", "south"],
  ["ne", "north-east"],
  ["sw", "south-west"],
  ["nw", "north-west"],
  ["se", "south-east"],
];

/** The directions of each slider, in the API's order. */
export const PIECE_DIRECTIONS = {
  rook: ["e", "w", "n", "s"],
  bishop: ["ne", "sw", "nw", "se"],
  queen: ["e", "w", "n", "s", "ne", "sw", "nw", "se"],
};

export const directionWords = (short) => DIRECTIONS.find(([d]) => d === short)?.[1] ?? short;

/**
 * The state fields of an engine chapter: the slider's square, the occupancy (LERF, in the URL),
 * the mapping (lerf by default: engines and the wiki count a1 as bit 0). The default board: a few
 * blockers round e4, some on its lines, one behind another, one on an edge square.
 */
export function engineFields({ sq = "e4", occupied = bbOf(["c4", "b4", "e7", "g6", "b1", "h4", "e2"]) } = {}) {
  return { sq: T.square(sq), occ: T.bb(occupied), mapping: T.choice(MAPPINGS, "lerf") };
}

/**
 * Create a piece select in `toolbar` bound to the state's `key` field; choices [[value, text], ...].
 * Another piece (table, direction) is another question: the prediction starts again, hidden.
 */
export function createPieceSelect(toolbar, state, { key = "piece", label = "Piece: ", choices, id = "piece-choice" }) {
  return createSelect(toolbar, {
    id,
    control: key,
    label,
    choices,
    onChange: (value) => state.set({ [key]: value, ...NO_PREDICTION }),
  });
}

/** Return the steps of one method of an /api/methods answer whose id starts with `prefix_` (all without a prefix). */
export function stepsOf(answer, method, prefix = null) {
  const steps = answer.methods[method].steps;
  return prefix === null ? steps : steps.filter((step) => step.id.startsWith(`${prefix}_`));
}

/** Return a step of a method by id (undefined if the method has none). */
export const stepById = (answer, method, id) => answer.methods[method].steps.find((step) => step.id === id);

/** Return a number of bytes as students read a table's size: "none", "2 KiB", "800 KiB". */
export function memory(bytes) {
  if (bytes === 0) return "none";
  if (bytes < 1024) return `${bytes} bytes`;
  const kib = bytes / 1024;
  return `${Number.isInteger(kib) ? kib : kib.toFixed(1)} KiB`;
}

/** The setup boards' values for the state: {o, r} in the chapter's mapping (the slider's own bit out of o). */
export function setupValues(s) {
  const r = squareBB(squareIndex(s.sq), s.mapping);
  return { o: convert(s.occ, "lerf", s.mapping) & ~r, r };
}

/**
 * Create the step view of an engine chapter in `root`: a stepper, the step's formula, its board
 * (role "step") with its value's readout and a note beside it; in a second column, the list of
 * every step (titled `listTitle`). Moving sets the state's `step`. Returns { column (what a slide
 * keeps), row, listColumn, draw({steps, index, label, view, value, note}) } where steps are {id,
 * label, formula} in order, view the board's view of steps[index] (its bits, caption, pieces...)
 * and value what its readout shows (the view's bits unless given).
 */
export function createStepView(root, state, { listTitle, listLabel }) {
  const [column, listColumn] = columns(root, 2, ["", "steps-column"]);
  const go = (i) => state.set({ step: i }, { history: "replace" });
  const stepper = createStepper(column, { label: "Step", onChange: go });
  const title = add(column, "p", { class: "formula step-formula", "aria-live": "polite" });
  const board = createValueBoard(column, { role: "step", label: "This step", readout: "value" });
  const note = add(column, "p", { class: "explain", "data-role": "step-note", "data-present-fold": "" });
  add(listColumn, "h3", { text: listTitle });
  const list = createStepList(listColumn, { label: listLabel, onPick: go });
  return {
    column,
    listColumn,
    row: column.parentElement,
    draw({ steps, index, label = "", view, value = view.bits, note: words = "" }) {
      stepper.set(index, steps.length, label);
      list.draw(steps, index);
      setText(title, steps[index].formula);
      title.dataset.step = steps[index].id;
      board.draw(view, value);
      setText(note, words);
    },
  };
}
