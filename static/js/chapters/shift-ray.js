// Chapter "shift-ray": the devlog's shift loop, one shift at a time, on any line. Two
// squares on no common line are refused by /api/ray (not_aligned); the page then steps
// through what the printed loop would do there, bounded, from /api/devlog-ray.

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
  mapping: T.choice(["lerbef", "lerf"], "lerbef"), step: T.int(0, 0, 200),
  // Bits per step of the printed loop on a non-aligned pair: 1 as printed (getHorizontalRay).
  shift: T.choice(["1", "7", "8", "9"], "1"), ...predictFields(),
}, render);

const top = el("div", { class: "toolbar" });
root.append(top);
const mapping = createMappingSwitch(top, {
  onChange: (value) => state.set({ mapping: value }),
  note: "Switching the mapping keeps the squares but renumbers their bits: on a rank the operator flips (in lerbef east is >>, in lerf east is <<), and the two diagonals swap their shifts of 7 and 9.",
});
const pickBox = el("fieldset", { class: "panel pick" }, el("legend", { text: "The next click sets" }),
  ...["from", "to"].map((value) => el("label", {}, el("input", { type: "radio", name: "pick", value }), value === "from" ? " the start square (S)" : " the destination (D)")));
pickBox.addEventListener("change", (event) => state.set({ pick: event.target.value }, { history: "replace" }));
top.append(pickBox);

// Row 1: the board to choose on, and beside it the loop's controls, its code and the verdict
// (an error such as not_aligned appears right there, next to the board that caused it).
const upper = el("div", { class: "boards" });
root.append(upper);
const pickColumn = el("div", { class: "column" });
const loopColumn = el("div", { class: "column shift-loop" });
upper.append(pickColumn, loopColumn);
const pickBoard = createBoard(pickColumn, {
  role: "squares", label: "Start (S) and destination (D): click to choose", interactive: true,
  onSquare: (name) => {
    const s = state.get();
    state.set({ [s.pick]: name, pick: s.pick === "from" ? "to" : "from", step: 0, pred: 0n, rev: false });
  },
});
loopColumn.append(el("pre", { class: "mono devlog-code", "aria-label": "The devlog's loop" },
  "while (shiftedBit !== destinationSquare) {\n  shiftedBit = startSquare << or >> BigInt(shift * i);\n  ray = ray | shiftedBit;\n  i++;\n}"));
const stepper = createStepper(loopColumn, { label: "Step", onChange: (i) => state.set({ step: i }) });
const code = el("p", { class: "formula shift-code", "aria-live": "polite" });
const explain = el("section", { class: "panel explain", "aria-live": "polite" });
loopColumn.append(code, explain);
const error = createErrorLine(explain);

// Row 2: the bit shifted at this step, and the ray collected so far.
const lower = el("div", { class: "boards" });
root.append(lower);
const shiftedColumn = el("div", { class: "column" });
const rayColumn = el("div", { class: "column" });
lower.append(shiftedColumn, rayColumn);
const shiftedBoard = createBoard(shiftedColumn, { role: "shifted", label: "shiftedBit" });
const shiftedReadout = createReadout(shiftedColumn, { role: "shifted", label: "shiftedBit" });
const rayBoard = createBoard(rayColumn, { role: "ray", label: "ray = ray | shiftedBit (so far)" });
const rayReadout = createReadout(rayColumn, { role: "ray", label: "ray so far" });
const predict = createPredict(root, { prompt: "Mark the squares of the whole ray from start to destination, both ends included, then reveal.", ...predictHandlers(state) });

const shiftSelect = el("select", { "data-control": "shift", id: "devlog-shift" },
  ...["1", "7", "8", "9"].map((v) => el("option", { value: v, text: v })));
shiftSelect.addEventListener("change", () => state.set({ shift: shiftSelect.value, step: 0 }));

const OUTCOME = {
  reached: (loop) => (loop.wrapped
    ? "reaches the destination, but only by running over the board's edge onto other lines: the 'ray' it returns is no ray."
    : "reaches the destination."),
  never_ends: () => "shifts the bit right until it falls off bit 0; from then on shiftedBit is 0 for ever and never equals the destination: the loop never ends.",
  left_64_bits: () => "shifts the bit left past bit 63; a BigInt does not wrap, so shiftedBit grows for ever and never equals the destination: the loop never ends.",
};

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
    code.textContent = `i = ${step}: shiftedBit = startSquare ${ray.operator} BigInt(${ray.shift}*${step})`;
    shiftedBoard.draw({ bits: shifted, mapping: s.mapping, index: s.mapping, marks: ends, caption: `shiftedBit (i = ${step})` });
    shiftedReadout.set(shifted);
    rayBoard.draw({ bits: sofar, mapping: s.mapping, index: s.mapping, marks: ends, caption: "ray = ray | shiftedBit (so far)" });
    rayReadout.set(sofar);
    explain.dataset.outcome = "ray";
    explain.replaceChildren(el("p", {
      text: `${s.from} and ${s.to} share a ${ray.line.replace("_", "-")}. In ${s.mapping} the destination's bit is ${ray.operator === "<<" ? "higher" : "lower"} than the start's, so the loop shifts ${ray.operator === "<<" ? "left (<<)" : "right (>>)"} by ${ray.shift} bit${ray.shift === 1 ? "" : "s"} each time and stops when shiftedBit equals the destination: ${ray.steps.length} steps.`,
    }));
    predict.draw({ predicted: s.pred, answer: big(ray.ray), mapping: s.mapping, revealed: s.rev });
  } catch (e) {
    if (id !== drawId) return;
    if (e.code !== "not_aligned") return showError(error, e);
    // Not on one line: say so, and step through what the printed loop would do instead.
    let loop;
    try {
      loop = await api("/devlog-ray", { from: s.from, to: s.to, mapping: s.mapping, shift: s.shift });
    } catch (inner) {
      if (id === drawId) showError(error, inner);
      return;
    }
    if (id !== drawId) return;
    showError(error, e);
    const step = Math.min(s.step, loop.steps.length - 1);
    const here = loop.steps[step];
    const onBoard = (st) => st.bit !== null && st.bit <= 63;
    stepper.set(step, loop.steps.length, here.square ?? (here.bit === null ? "shiftedBit is 0" : `bit ${here.bit}, off the board`));
    code.textContent = here.bit === null
      ? `i = ${step}: shiftedBit = 0 (the bit fell off bit 0)`
      : `i = ${step}: shiftedBit = 2^${here.bit}${here.bit > 63 ? ", past bit 63: no square" : ` (${here.square})`}`;
    // The API gives each step's bit number in the request's mapping; the boards draw those bits.
    const shifted = onBoard(here) ? 1n << BigInt(here.bit) : 0n;
    let sofar = 0n;
    for (const st of loop.steps.slice(0, step + 1)) if (onBoard(st)) sofar |= 1n << BigInt(st.bit);
    shiftedBoard.draw({ bits: shifted, mapping: s.mapping, index: s.mapping, marks: ends, caption: `shiftedBit of the printed loop (i = ${step})` });
    shiftedReadout.set(here.bit !== null && here.bit > 63 ? null : shifted);
    rayBoard.draw({ bits: sofar, mapping: s.mapping, index: s.mapping, marks: ends, caption: `What the printed loop collects (shift ${loop.shift}), so far` });
    rayReadout.set(step === loop.steps.length - 1 ? big(loop.ray) : sofar);
    shiftSelect.value = s.shift;
    explain.dataset.outcome = loop.outcome;
    explain.replaceChildren(
      el("p", { "data-outcome": loop.outcome, "data-wrapped": String(loop.wrapped) },
        el("label", { for: "devlog-shift" }, "The devlog's loop as printed, shifting by "), shiftSelect,
        ` bit${s.shift === "1" ? "" : "s"} per step, ${OUTCOME[loop.outcome](loop)} (${loop.iterations} iterations shown; step through them.)`),
      el("p", { class: "muted", text: "chessviz refuses such a pair up front (400 not_aligned, below) instead of looping." }),
    );
    predict.draw({ predicted: s.pred, answer: null, mapping: s.mapping, revealed: false });
  }
}

state.redraw();
