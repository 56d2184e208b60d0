// The chapters built on one /api/slide call: propagation, mask and masked-occupied.
// Each lists the steps it draws as boards; the page asks the API and draws, nothing more.

import { api } from "./api.js";
import { binary } from "./bits.js";
import { createChapter } from "./chapter.js";
import { el } from "./dom.js";
import { pick, randomOccupancy, randomSquare } from "./exercise.js";
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
} from "./kit.js";
import { LINE_KINDS } from "./terms.js";

/**
 * config: { line, lineChoice, mappingNote, boards: [{role, label, legend, step, fill, borrow, differs, size, reveals, beside}],
 *           binary (write o - r out with its borrows), predict: {step, prompt}, explain(v, s, sub) }
 */
export function slideChapter(config) {
  const { root, state, run } = createChapter({ ...sliderFields({ line: config.line }), ...predictFields() });
  const query = (s) => ({ sq: s.sq, occupied: occupancyIn(s), line: s.line, mapping: s.mapping });
  const setup = createSliderSetup(root, state, { lineChoice: config.lineChoice, mappingNote: config.mappingNote });
  // Boards with a size (e.g. "small") share a row of their own, below the setup.
  let resultRow = null;
  const results = () => {
    resultRow ??= root.appendChild(el("div", { class: "boards" }));
    return resultRow;
  };
  const answers = [];
  let resultColumn = null;
  const views = config.boards.map((spec) => {
    // A board the result is compared with (beside) stands next to it on a phone (chessviz.css).
    const column = el("div", { class: ["column", spec.size, spec.beside && "beside-result"].filter(Boolean).join(" ") });
    // The predicted step's board, and any board that gives it away (reveals), hide in exercise mode.
    if (spec.step === config.predict.step || spec.reveals) answers.push(column);
    if (spec.step === config.predict.step) resultColumn = column;
    (spec.size ? results() : setup.boards).append(column);
    return {
      spec,
      view: createValueBoard(column, {
        role: spec.role,
        label: spec.label,
        legend: spec.legend,
        size: spec.size,
        readout: spec.formula || spec.label,
      }),
    };
  });
  // On a phone the result stands between the two boards tapped (chessviz.css: result-between), in
  // view beside whichever was tapped. A result drawn small in the row below them (mask's, beside
  // the two boards it is made of) moves up there while the screen is a phone's.
  setup.boards.classList.add("result-between");
  if (resultColumn && resultColumn.parentElement !== setup.boards) {
    const [home, next] = [resultColumn.parentElement, resultColumn.nextSibling];
    const phone = window.matchMedia("(max-width: 700px)"); // chessviz.css's phone width
    const place = () => (phone.matches ? setup.boards.append(resultColumn) : home.insertBefore(resultColumn, next));
    phone.addEventListener("change", place);
    place();
  }
  const explain = el("p", { class: "explain panel", "aria-live": "polite", "data-role": "explain" });
  root.append(explain);
  let binaryPanel = null;
  if (config.binary) {
    binaryPanel = el(
      "section",
      { class: "panel subtraction", "aria-labelledby": "binary-title" },
      el("h2", { id: "binary-title", text: "The subtraction in binary (bit 63 on the left)" }),
      // A tab stop: on a narrow screen the 64-digit rows scroll inside this box.
      el("pre", { class: "mono binary-rows", tabindex: "0", "aria-label": "The subtraction in binary" }),
    );
    root.append(binaryPanel);
  }
  const predict = createStatePredict(root, state, config.predict.prompt);
  answers.push(explain, ...(binaryPanel ? [binaryPanel] : []));

  run({
    errorAfter: explain,
    load: (s) => api("/slide", query(s)),
    taps: (s) => ({ tap: SLIDER_TAPS, requests: [["/slide", query(s)]] }),
    present: [...[...setup.boards.children].slice(0, 2), resultColumn],
    exercise: {
      answers,
      next: (s, random) => ({
        sq: randomSquare(random),
        occ: randomOccupancy(random),
        line: config.lineChoice ? pick(random, LINE_KINDS) : s.line,
      }),
    },
    draw(s, slide) {
      const v = stepValues(slide);
      const sub = { borrows: big(slide.o_minus_r_borrows), wrapped: slide.o_minus_r_wrapped };
      setup.draw(s, v);
      for (const { spec, view } of views) {
        const value = v[spec.step];
        // borrow: orange where the borrow turned a bit of o - r on; differs: ≠ where masking o first changes the result.
        const marks = spec.differs ? squaresMap(big(slide.masking_differs), s.mapping, "differs") : {};
        const fills = spec.borrow
          ? squaresMap(big(slide.o_minus_r_turned_on), s.mapping, "borrow")
          : spec.fill
            ? squaresMap(value, s.mapping, spec.fill)
            : {};
        view.draw({ bits: value, mapping: s.mapping, fills, marks, index: s.mapping, pieces: { [s.sq]: "R" } });
      }
      if (binaryPanel)
        drawBinary(binaryPanel.querySelector("pre"), [
          ["o", v.o],
          ["r", v.r],
          ["borrow", sub.borrows],
          ["o - r", v.o_minus_r],
        ]);
      explain.textContent = config.explain(v, s, sub);
      predict.draw({ predicted: s.pred, answer: v[config.predict.step], mapping: s.mapping, revealed: s.rev });
    },
  });
  return state;
}

/** Write minuend, subtrahend, borrows and difference as aligned binary rows (built once, then updated). */
function drawBinary(pre, values) {
  const rows = values.map(([label, value]) => [label, binary(value)]);
  const borrows = rows[2][1];
  if (!pre.firstChild) {
    pre.append(
      ...rows.flatMap(([label]) => {
        const line = el(
          "span",
          { class: "binary-row", "data-row": label },
          el("span", { class: "row-label" }, `${label.padStart(7)}  `),
        );
        for (let b = 0; b < 8; b++) {
          const group = el("span", { class: "byte" });
          for (let i = 0; i < 8; i++) group.append(el("span", { class: "bit", "data-position": String(63 - (8 * b + i)) }));
          line.append(group, " ");
        }
        return [line, "\n"];
      }),
    );
  }
  rows.forEach(([label, bits]) => {
    const cells = pre.querySelectorAll(`[data-row="${label}"] .bit`);
    cells.forEach((cell, i) => {
      if (cell.textContent !== bits[i]) cell.textContent = bits[i];
      cell.classList.toggle("borrowed", borrows[i] === "1");
    });
  });
}
