// Chapter "msb": which way is the destination? The devlog compares the two numbers.

import { api } from "../api.js";
import { bbOf, convert, popcount, SQUARE_NAMES, squareBB, squareIndex, toggleSquare } from "../bits.js";
import { answersHidden, createChapter } from "../chapter.js";
import { createMappingSwitch } from "../controls.js";
import { add, columns, el } from "../dom.js";
import { pick, randomOccupancy, randomSquare } from "../exercise.js";
import { big, createStatePredict, createValueBoard, mappingField, NO_PREDICTION, predictFields } from "../kit.js";
import { T } from "../state.js";

// Boards are kept in LERF in the URL. The devlog's sketch is a 4-square strip with the
// destination on its leftmost square and the start on its rightmost; on a full board in
// lerbef that strip is e1..h1 (e1 = bit 3 = 8, h1 = bit 0 = 1).
const SKETCH = { dest: bbOf(["e1"]), start: bbOf(["h1"]) };
const { root, state, run } = createChapter({
  dest: T.bb(SKETCH.dest),
  start: T.bb(SKETCH.start),
  mapping: mappingField(),
  multi: T.bool(false),
  ...predictFields(),
});

const top = add(root, "div", { class: "toolbar" });
const mapping = createMappingSwitch(
  top,
  state,
  "In lerbef a bigger single-bit number lies further left (or higher); in lerf it lies further right (or higher), so the devlog's rule reads backwards there.",
);
const multi = el("input", { type: "checkbox", id: "multi", "data-control": "multi" });
multi.addEventListener("change", () => state.set({ multi: multi.checked }));
// A switch of the screen's (paper has nothing to tick: on a worksheet it took a line an exercise).
const multiSwitch = el("label", { class: "panel screen-only", for: "multi" }, multi, " Allow several bits per board");
top.append(multiSwitch);
const sketch = el("button", { type: "button", "data-action": "sketch" }, "The devlog's sketch: e1 and h1");
sketch.addEventListener("click", () => state.set({ ...SKETCH, mapping: "lerbef", multi: false, ...NO_PREDICTION }));
top.append(sketch);

const views = {};
const sides = [
  ["dest", "destination", "Destination"],
  ["start", "start", "Start"],
];
const sideColumns = columns(root, sides.length);
for (const [i, [key, role, label]] of sides.entries()) {
  views[key] = createValueBoard(sideColumns[i], {
    role,
    label,
    readout: `${role} value`,
    interactive: true,
    onSquare: (name) => {
      const s = state.get();
      const sq = squareIndex(name);
      state.set({ [key]: s.multi ? toggleSquare(s[key], sq) : squareBB(sq), ...NO_PREDICTION });
    },
  });
}
const verdict = el(
  "section",
  // On a slide it stands whole beside the boards (presenter.js): its last lines say why.
  { class: "panel verdict", "aria-live": "polite", "data-present-whole": "" },
  el("p", { class: "formula", "data-role": "comparison" }),
  el("p", { class: "verdict-text", "data-role": "verdict" }),
  el("p", { "data-role": "actual" }),
  el("p", { "data-role": "reason" }),
);
// In the boards' row: beside them on a wide screen, and on a phone right after them, before their
// values (chessviz.css), where the finger that changed a board looks.
sideColumns[0].parentElement.append(verdict);
const predict = createStatePredict(
  root,
  state,
  "The comparison looks at one bit of the destination board more than any other: its most significant bit. Mark that square, then reveal.",
);

/** Write the API's words on where the destination lies, and whether the devlog is right there. */
function actualText(data) {
  const a = data.actual;
  if (!a) return 'On the board: with other than one square per board there is no single "left" or "right" to compare with.';
  if (data.verdict_correct === null)
    return `On the board: the destination is the start square itself, so "${data.verdict}" is neither right nor wrong.`;
  const file = a.file === "same file" ? "on the same file as" : `to the ${a.file} of`;
  const rank = a.rank === "same rank" ? "on the same rank" : a.rank === "above" ? "on a higher rank" : "on a lower rank";
  return `On the board: the destination is ${file} the start, ${rank}${data.verdict_correct ? ", as the devlog says" : `, so "${data.verdict}" is wrong`}.`;
}

/** The comparison's request: both boards in the chapter's mapping. */
const query = (s) => ({
  destination: convert(s.dest, "lerf", s.mapping),
  start: convert(s.start, "lerf", s.mapping),
  mapping: s.mapping,
});

run({
  errorAfter: verdict,
  // The switch too: the guide's second question ticks it on the projector.
  present: [multiSwitch, ...sideColumns, verdict],
  exercise: {
    answers: [verdict],
    // Two or more bits on the destination: with one, the board would show its msb, the answer.
    next: (_s, random) => {
      const first = randomSquare(random);
      const second = pick(
        random,
        SQUARE_NAMES.filter((name) => name !== first),
      );
      return { multi: true, dest: bbOf([first, second]) | randomOccupancy(random, 0.04), start: bbOf([randomSquare(random)]) };
    },
    asks: (s) => popcount(s.dest) >= 2,
  },
  controls(s) {
    mapping.set(s.mapping);
    multi.checked = s.multi;
  },
  load: (s) => api("/compare", query(s)),
  // A tap sets a board to the tapped square alone, or with several bits toggles it there.
  taps: (s) => ({ tap: s.multi ? "destination^;start^" : "destination=;start=", requests: [["/compare", query(s)]] }),
  draw(s, data) {
    for (const [key, side] of [
      ["dest", data.destination],
      ["start", data.start],
    ]) {
      const value = big(side.value);
      const labels = side.msb_square && !answersHidden(s) ? { [side.msb_square]: "msb" } : {};
      views[key].draw({
        bits: value,
        mapping: s.mapping,
        index: s.mapping,
        labels,
        cursor: side.msb_square ?? undefined,
        caption: `${key === "dest" ? "Destination" : "Start"} = ${side.decimal}`,
      });
    }
    const part = (role) => verdict.querySelector(`[data-role="${role}"]`);
    part("comparison").textContent =
      `destination >= start  →  ${data.destination.decimal} >= ${data.start.decimal} is ${data.greater_or_equal}  →  "${data.verdict}"`;
    part("verdict").textContent = `The devlog says: destination is to the ${data.verdict} of the start square.`;
    verdict.dataset.verdict = data.verdict;
    verdict.dataset.meaningful = String(data.meaningful);
    verdict.dataset.verdictCorrect = String(data.verdict_correct);
    part("actual").textContent = actualText(data);
    part("reason").textContent = `${data.meaningful ? "Meaningful" : "Not meaningful"}: ${data.reason}.`;
    const answer = data.destination.msb_square ? bbOf([data.destination.msb_square]) : null;
    predict.draw({ predicted: s.pred, answer, mapping: "lerf", revealed: s.rev });
  },
});
