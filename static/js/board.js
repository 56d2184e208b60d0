// The one board component. Every drawn board is an element with data-board="<role>";
// each of its 64 squares carries data-square="<name>" and data-bit="1|0" for the bitboard
// drawn on it, as the API contract describes. Drawing reads a view and never changes state.

import { bitOf, FILES, hasSquare, SQUARE_NAMES, squareIndex } from "./bits.js";
import { add, el, pointerWords, screenOnly, setText } from "./dom.js";
import { FILL_WORDS } from "./terms.js";

const GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
const PARTS = ["piece", "idx", "label"]; // a square's parts, in their order in the square
const PIECE_NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
const TAP_SLOP_PX = 10; // how far a finger may move between touching and lifting and still tap

/**
 * Create a board inside `container`.
 * options: role (data-board), label (caption), interactive (squares are buttons),
 * onSquare(name, event) when a square is clicked or activated by keyboard (a chapter asks the
 * answers of every square's tap ahead, in one request: see askAhead in api.js),
 * legend: {fill: meaning} of the fills it draws (a view's legend replaces it); the board lists
 * those it draws under itself, each by its colour and pattern and a swatch as drawn;
 * hint: what a click does ("click to toggle a blocker"), after the caption on screen, not on paper.
 * Returns { element, draw(view), focusSquare(name) }.
 * view: { bits: BigInt|null, mapping, pieces: {e4: "Q"}, fills: {e4: "positive"},
 *         labels: {e4: "1"}, marks: {e4: "right"}, index: "lerf"|"lerbef"|null, caption,
 *         cursor: "e4" (the square Tab enters an interactive board on), flip: true (black at the bottom),
 *         legend: {fill: meaning} }
 */
export function createBoard(container, { role, label, hint = "", interactive = false, onSquare = null, size = "", legend = {} }) {
  const captionText = el("span", { class: "caption-text", text: label });
  const caption = el("figcaption", { class: "board-caption" }, captionText, hint ? screenOnly(` (${hint})`) : null);
  const said = hint && pointerWords(hint); // "tap to place it" on a touch screen
  const grid = el("div", { class: "board", "data-board": role, role: "grid", "aria-label": said ? `${label} (${said})` : label });
  const squares = new Map();
  const rows = [];
  let focused = "a1";
  let flipped = false;
  const hidden = (className, text) => el("span", { class: className, "aria-hidden": "true", text });

  for (let rank = 7; rank >= 0; rank--) {
    const row = add(grid, "div", { class: "board-row", role: "row" }, hidden("coord rank-coord", String(rank + 1)));
    rows.push(row);
    for (let file = 0; file < 8; file++) {
      const name = SQUARE_NAMES[8 * rank + file];
      // The board's own checkered shading (a1 dark), not a colour the page reports.
      const cell = add(row, interactive ? "button" : "div", {
        class: `sq ${(rank + file) % 2 === 0 ? "dark" : "light"}`,
        type: interactive ? "button" : null,
        tabindex: interactive ? (name === focused ? "0" : "-1") : null,
        "data-square": name,
        "data-bit": "0",
        role: "gridcell",
      });
      squares.set(name, { cell, state: {} });
    }
  }
  const fileCoords = add(
    grid,
    "div",
    { class: "board-row file-coords", "aria-hidden": "true" },
    el("span", { class: "coord" }),
    ...[...FILES].map((f) => el("span", { class: "coord", text: f })),
  );
  const key = el("ul", { class: "board-legend", "aria-label": "Legend", hidden: true });
  const figure = add(container, "figure", { class: `board-figure ${size}`.trim() }, caption, grid, key);
  // What holds a board is as wide as the board (chessviz.css), by this class rather than a
  // :has() rule, which a redraw would make the browser check again at every node it adds.
  container.classList.add("with-board");
  let keyShown = "";

  if (interactive) {
    const squareOf = (target) => {
      const cell = target.closest("[data-square]");
      return cell && grid.contains(cell) ? cell : null;
    };
    const activate = (cell, event, focus = null) => {
      moveFocus(cell.dataset.square, focus);
      onSquare?.(cell.dataset.square, event);
    };
    grid.addEventListener("click", (event) => {
      const cell = squareOf(event.target);
      if (cell) activate(cell, event);
    });
    // A finger that lifts where it came down, on one square, with nothing scrolled, is a tap:
    // the square acts at the lift and the browser's click is cancelled. That click would come
    // some 4 ms later, after the browser has styled, laid out and painted the page once more
    // to find what was tapped; the redraw it starts then misses its frame (a tap painted 3 to
    // 7 ms later in the median, bench/bench_browser.py). Anything else (a scroll, a second
    // finger, a slide off the square) is left to the browser, which decides as it always did.
    let touch = null; // the one finger on the board: its square and where it came down
    grid.addEventListener(
      "touchstart",
      (event) => {
        const [finger] = event.touches;
        const cell = event.touches.length === 1 ? squareOf(event.target) : null;
        touch = cell ? { cell, x: finger.clientX, y: finger.clientY } : null;
      },
      { passive: true },
    );
    grid.addEventListener("touchcancel", () => {
      touch = null;
    });
    grid.addEventListener("touchend", (event) => {
      const down = touch;
      touch = null;
      const [finger] = event.changedTouches;
      // Not cancelable when the touch scrolled the page or stopped a scroll under way: the
      // browser sends no click then, and nothing acts.
      if (!down || !event.cancelable || event.touches.length > 0 || event.changedTouches.length !== 1) return;
      if (Math.hypot(finger.clientX - down.x, finger.clientY - down.y) > TAP_SLOP_PX) return;
      event.preventDefault(); // no click, and none of the mouse events a touch stands in for
      // Focused as a click focuses: the arrow keys go on from here, and no ring shows (without
      // focusVisible: false, a focus given by a script after a touch shows the keyboard's ring).
      activate(down.cell, event, { preventScroll: true, focusVisible: false });
    });
    grid.addEventListener("keydown", (event) => {
      const cell = squareOf(event.target);
      if (!cell) return;
      // Arrows move as drawn: on a flipped board up is towards rank 1 and right towards the a-file.
      const sign = flipped ? -1 : 1;
      const steps = { ArrowUp: 8 * sign, ArrowDown: -8 * sign, ArrowLeft: -sign, ArrowRight: sign };
      if (!(event.key in steps)) return;
      event.preventDefault();
      event.stopPropagation(); // arrows on a board move focus, not the chapter's steps
      const sq = squareIndex(cell.dataset.square);
      const file = sq & 7;
      const next = sq + steps[event.key];
      if (next < 0 || next > 63) return;
      if ((steps[event.key] === -1 && file === 0) || (steps[event.key] === 1 && file === 7)) return;
      moveFocus(SQUARE_NAMES[next], {});
    });
  }

  /**
   * A square's piece, bit-number chip or label, made the first time it has something to show
   * (a board's squares are mostly bare: fewer elements to style, lay out and check), in the
   * order piece, number, label; emptied, not removed, when it has nothing more to show (the
   * style sheet hides an empty one). Returns the part, or null while none was ever needed.
   */
  function show(entry, which, text) {
    if (!entry[which] && String(text) !== "") {
      const made = hidden(which);
      const after =
        PARTS.slice(PARTS.indexOf(which) + 1)
          .map((w) => entry[w])
          .find(Boolean) ?? null;
      entry.cell.insertBefore(made, after);
      entry[which] = made;
    }
    if (entry[which]) setText(entry[which], text);
    return entry[which] ?? null;
  }

  /** Make `name` the square Tab enters the board on; with `focus` (focus()'s options), focus it too. */
  function moveFocus(name, focus = null) {
    if (!interactive) return;
    squares.get(focused).cell.tabIndex = -1;
    focused = name;
    const { cell } = squares.get(name);
    cell.tabIndex = 0;
    if (focus) cell.focus(focus);
  }

  function set(entry, key, value, apply) {
    if (entry.state[key] !== value) {
      entry.state[key] = value;
      apply(value);
    }
  }

  function draw(view = {}) {
    const { bits = null, mapping = "lerf", pieces = {}, fills = {}, labels = {}, marks = {}, index = null } = view;
    if (view.caption !== undefined) setText(captionText, view.caption);
    // The mappings of its bits and of the numbers it shows, for whoever reads the board (an export).
    setData(grid, "mapping", mapping);
    setData(grid, "index", index);
    if (Boolean(view.flip) !== flipped) flip(Boolean(view.flip));
    // Tab enters the board on the square the view is about (the selected one), unless the
    // keyboard is already moving inside it.
    if (interactive && view.cursor && !grid.contains(document.activeElement)) moveFocus(view.cursor);
    for (let sq = 0; sq < 64; sq++) {
      const name = SQUARE_NAMES[sq];
      const entry = squares.get(name);
      const { cell } = entry;
      const on = bits !== null && hasSquare(bits, sq, mapping);
      set(entry, "bit", on ? "1" : "0", (v) => (cell.dataset.bit = v));
      const letter = pieces[name] || "";
      set(entry, "piece", letter, (v) => {
        const piece = show(entry, "piece", v ? `${GLYPHS[v.toLowerCase()]}\uFE0E` : "");
        if (piece) piece.dataset.color = v ? (v === v.toUpperCase() ? "white" : "black") : "";
        if (v) cell.dataset.piece = v;
        else delete cell.dataset.piece;
      });
      set(entry, "fill", fills[name] || "", (v) => setData(cell, "fill", v));
      set(entry, "mark", marks[name] || "", (v) => setData(cell, "mark", v));
      set(entry, "label", labels[name] ?? "", (v) => show(entry, "label", v));
      const idx = index ? String(bitOf(sq, index)) : "";
      set(entry, "idx", idx, (v) => show(entry, "idx", v));
      const description = [
        name,
        idx ? `bit ${idx}` : null,
        bits !== null ? (on ? "set" : "clear") : null,
        letter ? `${letter === letter.toUpperCase() ? "white" : "black"} ${PIECE_NAMES[letter.toLowerCase()]}` : null,
        fills[name] || null,
        marks[name] || null,
        labels[name] || null,
      ]
        .filter(Boolean)
        .join(", ");
      set(entry, "aria", description, (v) => cell.setAttribute("aria-label", v));
    }
    drawLegend(view.legend ?? legend, new Set(Object.values(fills)));
    // The labels' longest word and most words, for their size (chessviz.css): never wider than a square.
    const words = Object.values(labels).map((text) => String(text).split(/\s+/).filter(Boolean));
    grid.style.setProperty("--label-chars", String(Math.max(1, ...words.flat().map((w) => w.length))));
    grid.style.setProperty("--label-lines", String(Math.max(1, ...words.map((w) => w.length))));
  }

  /** List the fills drawn that have a meaning: a swatch, the colour and pattern, the meaning. */
  function drawLegend(meanings, drawn) {
    const items = Object.entries(meanings).filter(([fill]) => drawn.has(fill));
    const text = JSON.stringify(items);
    if (text === keyShown) return;
    keyShown = text;
    key.replaceChildren(
      ...items.map(([fill, meaning]) =>
        el("li", { "data-legend": fill }, el("span", { class: "swatch", "data-fill": fill }), `${FILL_WORDS[fill]}: ${meaning}`),
      ),
    );
    key.hidden = items.length === 0;
  }

  /** Turn the board half round (black at the bottom), coordinates included, or back. */
  function flip(on) {
    flipped = on;
    grid.dataset.flipped = String(on);
    const order = on ? [...rows].reverse() : rows;
    for (const row of order) {
      const [coord, ...cells] = row.children;
      row.replaceChildren(coord, ...cells.reverse());
      grid.insertBefore(row, fileCoords);
    }
    const [corner, ...letters] = fileCoords.children;
    fileCoords.replaceChildren(corner, ...letters.reverse());
  }

  return { element: grid, figure, draw, focusSquare: (name) => moveFocus(name, {}) };
}

/** Set a data- attribute, or remove it for an empty value. */
function setData(element, key, value) {
  if (value) element.dataset[key] = value;
  else delete element.dataset[key];
}
