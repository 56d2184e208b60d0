// Building blocks the chapters share: chapter links, state fields, the slider setup
// (occupancy board, slider board, line and mapping choice) and a clickable list of steps.

import { announce } from "./announce.js";
import { queryString } from "./api.js";
import { convert, hasSquare, parseBB, SQUARE_NAMES, squareIndex, toggleSquare } from "./bits.js";
import { createBoard } from "./board.js";
import { createMappingSwitch, createRadioGroup, createSelect } from "./controls.js";
import { add, columns, el, pointerWords } from "./dom.js";
import { createPredict } from "./predict.js";
import { createReadout } from "./readout.js";
import { T } from "./state.js";
import { DEVLOG, LINE_CHOICES, LINE_KINDS, MAPPINGS } from "./terms.js";

/** Return the URL of another chapter with a query, from #chapter[data-urls] (never hard-coded). */
export function chapterUrl(slug, query = {}) {
  const urls = JSON.parse(document.getElementById("chapter").dataset.urls);
  const text = queryString(query);
  return urls[slug] + (text ? `?${text}` : "");
}

/** Return a BigInt from the API's "0x..." string. */
export const big = (text) => parseBB(text);

/** Return the board marks of a pair of squares: the first "start", the second (if any) "end". */
export const ends = (a, b) => ({ [a]: "start", ...(b ? { [b]: "end" } : {}) });

/** Return {step id: BigInt} of an /api/slide answer. */
export const stepValues = (slide) => Object.fromEntries(slide.steps.map((step) => [step.id, parseBB(step.value)]));

/** Return {name: true} for every square of a LERF-or-mapping bitboard, as board marks/fills want. */
export function squaresMap(bb, mapping, value) {
  const out = {};
  const lerf = convert(bb, mapping, "lerf");
  SQUARE_NAMES.forEach((name, sq) => {
    if ((lerf >> BigInt(sq)) & 1n) out[name] = value;
  });
  return out;
}

/** The mapping field of a devlog chapter: lerbef unless the URL says lerf. */
export const mappingField = () => T.choice(MAPPINGS, "lerbef");

/** The state fields of a slider chapter; the occupancy is kept in LERF in the URL. */
export function sliderFields({ sq = "f4", line = "rank", occupied = DEVLOG.occupancy.lerf } = {}) {
  return { sq: T.square(sq), occ: T.bb(occupied), line: T.choice(LINE_KINDS, line), mapping: mappingField() };
}

/**
 * Create a board with its value's readout below it, in `column`: `readout` is the readout's
 * label, `readoutRole` its data-readout (the board's role by default); the other options are
 * createBoard's. Returns { board, readout, draw(view, value = view.bits) } drawing both.
 */
export function createValueBoard(column, { readout: readoutLabel, readoutRole, ...options }) {
  const board = createBoard(column, options);
  const readout = createReadout(column, { role: readoutRole ?? options.role, label: readoutLabel });
  return {
    board,
    readout,
    draw(view, value = view.bits) {
      board.draw(view);
      readout.set(value);
    },
  };
}

/**
 * The setup shared by the o - r chapters: a mapping switch, an occupancy board (click toggles
 * a blocker), a slider board (click places the slider) and optionally a line choice.
 * `piece` is the slider's letter, or a function of the state giving it.
 * Returns { draw(state, values, glyphs) } where values = {o, r} BigInts from the API in
 * `mapping`. A tap places the slider (sq) or toggles a blocker (occupied): SLIDER_TAPS.
 */
export function createSliderSetup(container, state, { piece = "R", lineChoice = false, mappingNote = "" } = {}) {
  // Another slider, blocker or line is another question: the prediction starts again, and in
  // exercise mode the new answers hide until the student reveals them (the mapping only writes
  // the same squares' bits another way: it keeps them).
  const ask = (patch) => state.set({ ...patch, ...NO_PREDICTION });
  const top = add(container, "div", { class: "toolbar" });
  const mapping = createMappingSwitch(top, state, mappingNote);
  const lineSelect = lineChoice
    ? createSelect(top, {
        id: "line-choice",
        control: "line",
        label: "Line: ",
        choices: LINE_CHOICES,
        onChange: (line) => ask({ line }),
      })
    : null;
  const reset = el("button", { type: "button", "data-action": "devlog-occupancy" }, "The devlog's occupancy");
  const clear = el("button", { type: "button", "data-action": "clear-occupancy" }, "No blockers");
  reset.addEventListener("click", () => ask({ occ: DEVLOG.occupancy.lerf }));
  clear.addEventListener("click", () => ask({ occ: 0n }));
  top.append(el("div", { class: "stack" }, reset, clear));
  const [occColumn, sliderColumn] = columns(container, 2);
  // The boards to choose on: on a phone a stepper of what they give stands after them (chessviz.css).
  for (const column of [occColumn, sliderColumn]) column.classList.add("input-before-steps");
  // A square holds one piece: a click that would put the slider and a blocker on one square
  // is refused with a sentence, instead of one of them silently vanishing. The sentence goes
  // right under the board that was tapped: on a phone the boards stand one above the other, and
  // a sentence above the first (or beside the readouts) is out of view of the finger that tapped.
  const noteUnder = (role, board) =>
    // In the board's figure: under the board in every layout, as wide as it.
    add(board.figure, "p", {
      class: "click-note",
      role: "status",
      "data-role": "click-note",
      "data-note-for": role,
      "data-present-fold": "",
    });
  const refuse = (role, text) => {
    for (const [other, note] of Object.entries(notes)) if (other !== role) announce(note, "");
    const note = notes[role];
    // The same refusal twice is heard twice; once written, the sentence is scrolled into view
    // if the board's bottom edge hid it (the least scroll that shows it).
    announce(note, text, { again: true }).then(() => {
      if (note.textContent === text) note.scrollIntoView({ block: "nearest" });
    });
  };
  const toggled = (name) => ({ occ: toggleSquare(state.get().occ, squareIndex(name)) });
  const occupied = createValueBoard(occColumn, {
    role: "occupied",
    label: "Occupied o",
    hint: "click to toggle a blocker",
    readout: "o",
    interactive: true,
    onSquare: (name) =>
      name === state.get().sq
        ? refuse("occupied", `${name} holds the slider, so it cannot take a blocker: place the slider elsewhere first.`)
        : ask(toggled(name)),
  });
  const blocked = (name) => name !== state.get().sq && hasSquare(state.get().occ, squareIndex(name));
  const slider = createValueBoard(sliderColumn, {
    role: "slider",
    label: "Sliding piece r",
    hint: "click to place it",
    readout: "r",
    interactive: true,
    onSquare: (name) =>
      blocked(name)
        ? refuse("slider", `${name} holds a blocker, so the slider cannot stand there: take the blocker off first.`)
        : ask({ sq: name }),
  });
  const notes = { occupied: noteUnder("occupied", occupied.board), slider: noteUnder("slider", slider.board) };
  return {
    boards: occColumn.parentElement,
    /**
     * Draw both boards; `glyphs` may give {pieces, slider}: the letters of the blockers (by
     * square) and of the slider, when the chapter knows the real pieces (a game position).
     */
    draw(s, { o, r }, glyphs = {}) {
      for (const note of Object.values(notes)) announce(note, ""); // also drops a refusal still waiting to be said again
      mapping.set(s.mapping);
      lineSelect?.set(s.line);
      const letter = glyphs.slider ?? (typeof piece === "function" ? piece(s) : piece);
      const blockers = glyphs.pieces ?? squaresMap(o, s.mapping, "p");
      occupied.draw({ bits: o, mapping: s.mapping, pieces: blockers, index: s.mapping });
      slider.draw({ bits: r, mapping: s.mapping, pieces: { [s.sq]: letter }, index: s.mapping, cursor: s.sq });
    },
  };
}

/** What a tap on the slider setup's boards changes in a request (as /api/taps reads it): the slider's square, or one blocker. */
export const SLIDER_TAPS = "sq;occupied^";

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
        list.replaceChildren(
          ...steps.map((step, i) =>
            el(
              "li",
              { "data-step": step.id },
              el(
                "button",
                { type: "button", class: "linklike", "data-index": String(i) },
                el("span", { class: "formula" }, step.formula),
                " ",
                el("span", { class: "muted" }, step.label),
              ),
            ),
          ),
        );
      }
      for (const [i, li] of [...list.children].entries()) {
        if (i === index) li.setAttribute("aria-current", "step");
        else li.removeAttribute("aria-current");
      }
    },
  };
}

/** Predict-then-reveal state fields (prediction kept in LERF). */
export const predictFields = () => ({ pred: T.bb(0n), rev: T.bool(false) });

/** The state patch that starts the exercise again (a new question was asked). */
export const NO_PREDICTION = Object.freeze({ pred: 0n, rev: false });

/** Create the predict-then-reveal exercise of a chapter, wired to its state's pred and rev fields. */
export function createStatePredict(root, state, prompt) {
  return createPredict(root, { prompt, ...predictHandlers(state) });
}

/** Wire a predict component to the state: toggling, revealing and resetting. */
function predictHandlers(state) {
  return {
    onToggle: (name) => state.set({ pred: toggleSquare(state.get().pred, squareIndex(name)), rev: false }),
    onReveal: () => state.set({ rev: true }),
    onReset: () => state.set(NO_PREDICTION),
  };
}

/**
 * The radio group choosing which state key (`pick`) the next board click sets; picks: [[key, label], ...].
 * A switch for the mouse: not on paper.
 */
export function createPickSwitch(container, state, picks) {
  return createRadioGroup(container, {
    className: "panel pick screen-only",
    legend: pointerWords("The next click sets"),
    choices: picks,
    onChange: (key) => state.set({ pick: key }, { history: "replace" }),
  });
}
