// The chapters built on one /api/slide call: propagation, mask and masked-occupied.
// Each lists the steps it draws as boards; the page asks the API and draws, nothing more.

import { api, showError } from "./api.js";

import { createBoard } from "./board.js";
import { createErrorLine } from "./controls.js";
import { big, createSliderSetup, el, occupancyIn, predictFields, predictHandlers, sliderFields, squaresMap } from "./kit.js";
import { createPredict } from "./predict.js";
import { createReadout } from "./readout.js";
import { createState } from "./state.js";

/**
 * config: { line, lineChoice, mappingNote, boards: [{role, label, step, fill, diffWith}],
 *           binary (write o - r out with its borrows), predict: {step, prompt}, explain(v, s, sub) }
 */
export function slideChapter(config) {
  const root = document.getElementById("chapter");
  const state = createState({ ...sliderFields({ line: config.line }), ...predictFields() }, render);
  const setup = createSliderSetup(root, state, { lineChoice: config.lineChoice, mappingNote: config.mappingNote });
  const views = config.boards.map((spec) => {
    const column = el("div", { class: "column" });
    setup.boards.append(column);
    return { spec, board: createBoard(column, { role: spec.role, label: spec.label }), readout: createReadout(column, { role: spec.role, label: spec.formula || spec.label }) };
  });
  const explain = el("p", { class: "explain panel", "aria-live": "polite", "data-role": "explain" });
  root.append(explain);
  const error = createErrorLine(explain);
  let binary = null;
  if (config.binary) {
    binary = el("section", { class: "panel subtraction", "aria-labelledby": "binary-title" },
      el("h2", { id: "binary-title", text: "The subtraction in binary (bit 63 on the left)" }), el("pre", { class: "mono binary-rows" }));
    root.append(binary);
  }
  const predict = createPredict(root, { prompt: config.predict.prompt, ...predictHandlers(state) });

  let drawId = 0;
  async function render(s) {
    const id = ++drawId;
    try {
      const slide = await api("/slide", { sq: s.sq, occupied: occupancyIn(s), line: s.line, mapping: s.mapping });
      const v = Object.fromEntries(slide.steps.map((step) => [step.id, big(step.value)]));
      const sub = config.binary ? await api("/subtract", { minuend: v.o, subtrahend: v.r }) : null;
      if (id !== drawId) return;
      showError(error, null);
      setup.draw(s, v);
      for (const { spec, board, readout } of views) {
        const value = v[spec.step];
        const marks = spec.diffWith ? squaresMap(value ^ v[spec.diffWith], s.mapping, "differs") : {};
        const fills = spec.borrow && sub ? squaresMap(big(sub.borrows) & value, s.mapping, "borrow") : spec.fill ? squaresMap(value, s.mapping, spec.fill) : {};
        board.draw({ bits: value, mapping: s.mapping, fills, marks, index: s.mapping, pieces: { [s.sq]: "R" } });
        readout.set(value);
      }
      if (binary) drawBinary(binary.querySelector("pre"), sub);
      explain.textContent = config.explain(v, s, sub);
      predict.draw({ predicted: s.pred, answer: v[config.predict.step], mapping: s.mapping, revealed: s.rev });
    } catch (e) {
      if (id === drawId) showError(error, e);
    }
  }
  state.redraw();
  return state;
}

/** Write minuend, subtrahend, borrows and difference as aligned binary rows. */
function drawBinary(pre, sub) {
  const rows = [
    ["o", sub.binary.minuend],
    ["r", sub.binary.subtrahend],
    ["borrow", sub.binary.borrows],
    ["o - r", sub.binary.difference],
  ];
  pre.replaceChildren(...rows.flatMap(([label, bits]) => {
    const line = el("span", { class: "binary-row", "data-row": label }, el("span", { class: "row-label" }, label.padStart(7) + "  "));
    bits.match(/.{8}/g).forEach((byte, b) => {
      const group = el("span", { class: "byte" });
      [...byte].forEach((bit, i) => {
        const position = 63 - (8 * b + i);
        const borrowed = sub.binary.borrows[63 - position] === "1";
        group.append(el("span", { class: borrowed ? "bit borrowed" : "bit", "data-position": String(position) }, bit));
      });
      line.append(group, " ");
    });
    return [line, "\n"];
  }));
}


