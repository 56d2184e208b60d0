// Chapter "msb": which way is the destination? The devlog compares the two numbers.

import { api, showError } from "../api.js";
import { convert, squareBB, squareIndex, toggleSquare } from "../bits.js";
import { createBoard } from "../board.js";
import { createErrorLine, createMappingSwitch } from "../controls.js";
import { big, el, predictFields, predictHandlers } from "../kit.js";
import { createPredict } from "../predict.js";
import { createReadout } from "../readout.js";
import { T, createState } from "../state.js";

const root = document.getElementById("chapter");
// Boards are kept in LERF in the URL; b1 and g1 by default: a strip of one rank, as in the sketch.
const state = createState({
  dest: T.bb(squareBB(squareIndex("b1"))), start: T.bb(squareBB(squareIndex("g1"))),
  mapping: T.choice(["lerbef", "lerf"], "lerbef"), multi: T.bool(false), ...predictFields(),
}, render);

const top = el("div", { class: "toolbar" });
root.append(top);
const mapping = createMappingSwitch(top, {
  onChange: (value) => state.set({ mapping: value }),
  note: "In lerbef a bigger single-bit number lies further left (or higher); in lerf it lies further right (or higher), so the devlog's rule reads backwards there.",
});
const multi = el("input", { type: "checkbox", id: "multi", "data-control": "multi" });
multi.addEventListener("change", () => state.set({ multi: multi.checked }));
top.append(el("label", { class: "panel", for: "multi" }, multi, " Allow several bits per board"));

const boards = el("div", { class: "boards" });
root.append(boards);
const views = {};
for (const [key, role, label] of [["dest", "destination", "Destination: click to set its bit"], ["start", "start", "Start: click to set its bit"]]) {
  const column = el("div", { class: "column" });
  boards.append(column);
  const board = createBoard(column, {
    role, label, interactive: true,
    onSquare: (name) => {
      const s = state.get();
      const sq = squareIndex(name);
      state.set({ [key]: s.multi ? toggleSquare(s[key], sq) : squareBB(sq), pred: 0n, rev: false });
    },
  });
  views[key] = { board, readout: createReadout(column, { role, label: `${role} value` }) };
}
const verdict = el("section", { class: "panel verdict", "aria-live": "polite" },
  el("p", { class: "formula", "data-role": "comparison" }), el("p", { class: "verdict-text", "data-role": "verdict" }),
  el("p", { "data-role": "reason" }));
root.append(verdict);
const error = createErrorLine(verdict);
const predict = createPredict(root, {
  prompt: "The comparison looks at one bit of the destination board more than any other: its most significant bit. Mark that square, then reveal.",
  ...predictHandlers(state),
});

let drawId = 0;
async function render(s) {
  const id = ++drawId;
  try {
    const data = await api("/compare", { destination: convert(s.dest, "lerf", s.mapping), start: convert(s.start, "lerf", s.mapping), mapping: s.mapping });
    if (id !== drawId) return;
    showError(error, null);
    mapping.set(s.mapping);
    multi.checked = s.multi;
    for (const [key, side] of [["dest", data.destination], ["start", data.start]]) {
      const value = big(side.value);
      const labels = side.msb_square ? { [side.msb_square]: "msb" } : {};
      views[key].board.draw({ bits: value, mapping: s.mapping, index: s.mapping, labels, caption: `${key === "dest" ? "Destination" : "Start"} = ${side.decimal}` });
      views[key].readout.set(value);
    }
    verdict.querySelector('[data-role="comparison"]').textContent = `${data.destination.decimal} ${data.comparison.includes(">=") ? "≥" : "<"} ${data.start.decimal}`;
    verdict.querySelector('[data-role="verdict"]').textContent = `The devlog says: destination is to the ${data.verdict} of the start square.`;
    verdict.dataset.verdict = data.verdict;
    verdict.dataset.meaningful = String(data.meaningful);
    const actual = data.actual ? ` Truly the destination is ${data.actual.file === "same file" ? "on the same file" : `to the ${data.actual.file}`}, ${data.actual.rank === "same rank" ? "on the same rank" : data.actual.rank}.` : "";
    verdict.querySelector('[data-role="reason"]').textContent = `${data.meaningful ? "Meaningful" : "Not meaningful"}: ${data.reason}.${actual}`;
    const answer = data.destination.msb_square ? squareBB(squareIndex(data.destination.msb_square)) : null;
    predict.draw({ predicted: s.pred, answer, mapping: "lerf", revealed: s.rev });
  } catch (e) {
    if (id === drawId) showError(error, e);
  }
}
state.redraw();
