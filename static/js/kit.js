// Building blocks the chapters share: a tiny DOM helper, chapter links, the slider setup
// (occupancy board, slider board, line and mapping choice) and a clickable list of steps.

import { SQUARE_NAMES, convert, parseBB, squareIndex, toggleSquare } from "./bits.js";
import { createBoard } from "./board.js";
import { createMappingSwitch } from "./controls.js";
import { createReadout } from "./readout.js";
import { T } from "./state.js";

/** Create an element: el("p", {class: "x", "data-role": "y"}, "text", child). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** Return the URL of another chapter with a query, from #chapter[data-urls] (never hard-coded). */
export function chapterUrl(slug, query = {}) {
  const urls = JSON.parse(document.getElementById("chapter").dataset.urls);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, typeof value === "bigint" ? "0x" + value.toString(16) : String(value));
  }
  const text = params.toString();
  return urls[slug] + (text ? `?${text}` : "");
}

/** Return a BigInt from the API's "0x..." string. */
export const big = (text) => parseBB(text);

/** Return {name: true} for every square of a LERF-or-mapping bitboard, as board marks/fills want. */
export function squaresMap(bb, mapping, value) {
  const out = {};
  const lerf = convert(bb, mapping, "lerf");
  SQUARE_NAMES.forEach((name, sq) => {
    if ((lerf >> BigInt(sq)) & 1n) out[name] = value;
  });
  return out;
}

export const DEVLOG_OCCUPANCY = 0x1000804200000010n; // lerbef, as printed in the devlog

/** The state fields of a slider chapter; the occupancy is kept in LERF in the URL. */
export function sliderFields({ sq = "f4", line = "rank", occupied = convert(DEVLOG_OCCUPANCY, "lerbef", "lerf") } = {}) {
  return {
    sq: T.square(sq),
    occ: T.bb(occupied),
    line: T.choice(["rank", "file", "diagonal", "anti_diagonal"], line),
    mapping: T.choice(["lerbef", "lerf"], "lerbef"),
  };
}

/**
 * The setup shared by the o - r chapters: a mapping switch, an occupancy board (click toggles
 * a blocker), a slider board (click places the slider) and optionally a line choice.
 * `prefetch(patch)` asks the API for the state a click would make, when the pointer or
 * focus reaches a square. Returns { draw(state, values) } where values = {o, r} BigInts
 * from the API in `mapping`.
 */
export function createSliderSetup(container, state, { piece = "R", lineChoice = false, mappingNote = "", prefetch = null } = {}) {
  const top = el("div", { class: "toolbar" });
  container.append(top);
  const mapping = createMappingSwitch(top, { onChange: (value) => state.set({ mapping: value }), note: mappingNote });
  let lineSelect = null;
  if (lineChoice) {
    lineSelect = el("select", { id: "line-choice", "data-control": "line" },
      ...["rank", "file", "diagonal", "anti_diagonal"].map((k) => el("option", { value: k, text: k.replace("_", "-") })));
    lineSelect.addEventListener("change", () => state.set({ line: lineSelect.value }));
    top.append(el("label", { class: "panel", for: "line-choice" }, "Line: ", lineSelect));
  }
  const reset = el("button", { type: "button", "data-action": "devlog-occupancy" }, "The devlog's occupancy");
  const clear = el("button", { type: "button", "data-action": "clear-occupancy" }, "No blockers");
  reset.addEventListener("click", () => state.set({ occ: convert(DEVLOG_OCCUPANCY, "lerbef", "lerf") }));
  clear.addEventListener("click", () => state.set({ occ: 0n }));
  top.append(el("div", { class: "stack" }, reset, clear));
  const boards = el("div", { class: "boards" });
  container.append(boards);
  const occColumn = el("div", { class: "column" });
  const sliderColumn = el("div", { class: "column" });
  boards.append(occColumn, sliderColumn);
  const occupied = createBoard(occColumn, {
    role: "occupied", label: "Occupied o: click to toggle a blocker", interactive: true,
    onSquare: (name) => state.set({ occ: toggleSquare(state.get().occ, squareIndex(name)) }),
    onHover: prefetch && ((name) => prefetch({ occ: toggleSquare(state.get().occ, squareIndex(name)) })),
  });
  const occReadout = createReadout(occColumn, { role: "occupied", label: "o" });
  const slider = createBoard(sliderColumn, {
    role: "slider", label: "Sliding piece r: click to place it", interactive: true,
    onSquare: (name) => state.set({ sq: name }),
    onHover: prefetch && ((name) => prefetch({ sq: name })),
  });
  const sliderReadout = createReadout(sliderColumn, { role: "slider", label: "r" });
  return {
    boards,
    draw(s, { o, r }) {
      mapping.set(s.mapping);
      if (lineSelect) lineSelect.value = s.line;
      const pieces = squaresMap(o, s.mapping, "p");
      occupied.draw({ bits: o, mapping: s.mapping, pieces, index: s.mapping });
      occReadout.set(o);
      slider.draw({ bits: r, mapping: s.mapping, pieces: { [s.sq]: piece }, index: s.mapping });
      sliderReadout.set(r);
    },
  };
}

/** The occupancy to send to the API in the chapter's mapping. */
export function occupancyIn(s) {
  return convert(s.occ, "lerf", s.mapping);
}

/**
 * A clickable ordered list of steps {id, label, formula}. onPick(index).
 * Returns { element, draw(steps, index) }.
 */
export function createStepList(container, { label = "Steps", onPick }) {
  const list = el("ol", { class: "steps", "aria-label": label });
  container.append(list);
  list.addEventListener("click", (event) => {
    const item = event.target.closest("button[data-index]");
    if (item) onPick(Number(item.dataset.index));
  });
  let shown = "";
  return {
    element: list,
    draw(steps, index) {
      const key = steps.map((s) => s.id).join();
      if (key !== shown) {
        shown = key;
        list.replaceChildren(...steps.map((step, i) => el("li", { "data-step": step.id },
          el("button", { type: "button", class: "linklike", "data-index": String(i) },
            el("span", { class: "formula" }, step.formula), " ", el("span", { class: "muted" }, step.label)))));
      }
      [...list.children].forEach((li, i) => (i === index ? li.setAttribute("aria-current", "step") : li.removeAttribute("aria-current")));
    },
  };
}

/** Predict-then-reveal state fields (prediction kept in LERF). */
export const predictFields = () => ({ pred: T.bb(0n), rev: T.bool(false) });

/** Wire a predict component to the state: toggling, revealing and resetting. */
export function predictHandlers(state) {
  return {
    onToggle: (name) => state.set({ pred: toggleSquare(state.get().pred, squareIndex(name)), rev: false }),
    onReveal: () => state.set({ rev: true }),
    onReset: () => state.set({ pred: 0n, rev: false }),
  };
}
