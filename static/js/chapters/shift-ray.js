// Chapter "shift-ray": the devlog's shift loop, one shift at a time, on any line.

import { api, showError } from "../api.js";

import { createBoard } from "../board.js";
import { createErrorLine, createMappingSwitch } from "../controls.js";
import { big, el, predictFields, predictHandlers } from "../kit.js";
import { createPredict } from "../predict.js";
import { createReadout } from "../readout.js";
import { T, createState } from "../state.js";
import { createStepper } from "../stepper.js";

const root = document.getElementById("chapter");
const state = createState({
  from: T.square("c4"), to: T.square("g4"), pick: T.choice(["from", "to"], "from"),
  mapping: T.choice(["lerbef", "lerf"], "lerbef"), step: T.int(0, 0, 64), shift: T.choice(["1", "7", "8", "9"], "8"), ...predictFields(),
}, render);

const top = el("div", { class: "toolbar" });
root.append(top);
const mapping = createMappingSwitch(top, {
  onChange: (value) => state.set({ mapping: value }),
  note: "The operator flips with the mapping on a rank (in lerbef east is >>, in lerf east is <<), and the two diagonals swap their shifts of 7 and 9.",
});
const pickBox = el("fieldset", { class: "panel pick" }, el("legend", { text: "The next click sets" }),
  ...["from", "to"].map((value) => el("label", {}, el("input", { type: "radio", name: "pick", value }), value === "from" ? " the start square" : " the destination")));
pickBox.addEventListener("change", (event) => state.set({ pick: event.target.value }, { history: "replace" }));
top.append(pickBox);

const boards = el("div", { class: "boards" });
root.append(boards);
const pickColumn = el("div", { class: "column" });
const stepColumn = el("div", { class: "column" });
const rayColumn = el("div", { class: "column" });
boards.append(pickColumn, stepColumn, rayColumn);
const pickBoard = createBoard(pickColumn, {
  role: "squares", label: "Start (S) and destination (D): click to choose", interactive: true,
  onSquare: (name) => {
    const s = state.get();
    state.set({ [s.pick]: name, pick: s.pick === "from" ? "to" : "from", step: 0, pred: 0n, rev: false });
  },
});
const stepper = createStepper(stepColumn, { label: "Step", onChange: (i) => state.set({ step: i }) });
const code = el("p", { class: "formula shift-code", "aria-live": "polite" });
stepColumn.append(code);
const shiftedBoard = createBoard(stepColumn, { role: "shifted", label: "shiftedBit" });
const shiftedReadout = createReadout(stepColumn, { role: "shifted", label: "shiftedBit" });
const rayBoard = createBoard(rayColumn, { role: "ray", label: "ray = ray | shiftedBit (so far)" });
const rayReadout = createReadout(rayColumn, { role: "ray", label: "ray so far" });
const explain = el("section", { class: "panel explain", "aria-live": "polite" });
root.append(explain);
const error = createErrorLine(explain);
const predict = createPredict(root, { prompt: "Mark the squares of the whole ray from start to destination, both ends included, then reveal.", ...predictHandlers(state) });

let drawId = 0;
async function render(s) {
  const id = ++drawId;
  mapping.set(s.mapping);
  for (const input of pickBox.querySelectorAll("input")) input.checked = input.value === s.pick;
  const ends = { [s.from]: "start", [s.to]: "end" };
  pickBoard.draw({ bits: null, mapping: s.mapping, index: s.mapping, marks: ends });
  try {
    const ray = await api("/ray", { from: s.from, to: s.to, mapping: s.mapping });
    if (id !== drawId) return;
    showError(error, null);
    const step = Math.min(s.step, ray.steps.length - 1);
    const shifted = big(ray.steps[step]);
    let sofar = 0n;
    for (const value of ray.steps.slice(0, step + 1)) sofar |= big(value);
    stepper.set(step, ray.steps.length, ray.squares[step]);
    code.textContent = `shiftedBit = startSquare ${ray.operator} BigInt(${ray.shift}*${step})  // ${ray.line}, ${ray.shift} bit${ray.shift === 1 ? "" : "s"} per step`;
    shiftedBoard.draw({ bits: shifted, mapping: s.mapping, index: s.mapping, marks: ends });
    shiftedReadout.set(shifted);
    rayBoard.draw({ bits: sofar, mapping: s.mapping, index: s.mapping, marks: ends });
    rayReadout.set(sofar);
    explain.replaceChildren(el("p", {
      text: `${s.from} and ${s.to} share a ${ray.line.replace("_", "-")}. The destination's bit is ${ray.operator === "<<" ? "higher" : "lower"} than the start's, so the loop shifts ${ray.operator === "<<" ? "left (<<)" : "right (>>)"} by ${ray.shift} each time and stops when shiftedBit equals the destination: ${ray.steps.length} steps.`,
    }));
    predict.draw({ predicted: s.pred, answer: big(ray.ray), mapping: s.mapping, revealed: s.rev });
  } catch (e) {
    if (id !== drawId) return;
    if (e.code !== "not_aligned") return showError(error, e);
    // Not on one line: explain, and show what the printed loop would do instead of running it.
    const loop = await api("/devlog-ray", { from: s.from, to: s.to, mapping: s.mapping, shift: s.shift });
    if (id !== drawId) return;
    showError(error, e);
    stepper.set(0, 1, "no ray");
    code.textContent = "";
    shiftedBoard.draw({ bits: 0n, mapping: s.mapping, index: s.mapping, marks: ends });
    shiftedReadout.set(0n);
    rayBoard.draw({ bits: big(loop.ray), mapping: s.mapping, index: s.mapping, marks: ends, caption: `What the printed loop would collect (shift ${loop.shift})` });
    rayReadout.set(big(loop.ray));
    const shiftSelect = el("select", { "data-control": "shift", "aria-label": "Shift per step of the printed loop" },
      ...["1", "7", "8", "9"].map((v) => el("option", { value: v, text: v })));
    shiftSelect.value = s.shift;
    shiftSelect.addEventListener("change", () => state.set({ shift: shiftSelect.value }));
    const outcome = {
      reached: loop.wrapped ? "reaches the destination, but only by running over the board's edge onto other ranks: the 'ray' it returns is no ray." : "reaches the destination.",
      never_ends: "shifts the bit right until it falls off bit 0; from then on shiftedBit is 0 forever and never equals the destination: the loop never ends.",
      left_64_bits: "shifts the bit left past bit 63; a BigInt does not wrap, so shiftedBit grows for ever and never equals the destination: the loop never ends.",
    }[loop.outcome];
    explain.replaceChildren(
      el("p", { "data-outcome": loop.outcome }, `The devlog's loop as printed, shifting by `, shiftSelect, ` per step, ${outcome} (${loop.iterations} iterations shown).`),
      el("p", { class: "muted", text: "chessviz refuses such a pair up front (400 not_aligned) instead of looping." }),
    );
    predict.draw({ predicted: s.pred, answer: null, mapping: s.mapping, revealed: false });
  }
}
state.redraw();
