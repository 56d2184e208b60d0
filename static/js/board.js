// The one board component. Every drawn board is an element with data-board="<role>";
// each of its 64 squares carries data-square="<name>" and data-bit="1|0" for the bitboard
// drawn on it, as the API contract describes. Drawing reads a view and never changes state.

import { bitOf, FILES, hasSquare, SQUARE_NAMES, squareIndex } from "./bits.js";

const GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
const PIECE_NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };

/**
 * Create a board inside `container`.
 * options: role (data-board), label (caption), interactive (squares are buttons),
 * onSquare(name, event) when a square is clicked or activated by keyboard,
 * onHover(name) when the pointer or the keyboard focus reaches a square (a click is likely
 * next: chapters use it to ask the API ahead, so the click's answer is already there).
 * Returns { element, draw(view), focusSquare(name) }.
 * view: { bits: BigInt|null, mapping, pieces: {e4: "Q"}, fills: {e4: "positive"},
 *         labels: {e4: "1"}, marks: {e4: "right"}, index: "lerf"|"lerbef"|null, caption }
 */
export function createBoard(container, { role, label, interactive = false, onSquare = null, onHover = null, size = "" }) {
  const figure = document.createElement("figure");
  figure.className = `board-figure ${size}`.trim();
  const caption = document.createElement("figcaption");
  caption.className = "board-caption";
  caption.textContent = label;
  const grid = document.createElement("div");
  grid.className = "board";
  grid.dataset.board = role;
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", label);
  const squares = new Map();
  let focused = "a1";

  for (let rank = 7; rank >= 0; rank--) {
    const row = document.createElement("div");
    row.className = "board-row";
    row.setAttribute("role", "row");
    const rankLabel = document.createElement("span");
    rankLabel.className = "coord rank-coord";
    rankLabel.setAttribute("aria-hidden", "true");
    rankLabel.textContent = String(rank + 1);
    row.append(rankLabel);
    for (let file = 0; file < 8; file++) {
      const sq = 8 * rank + file;
      const name = SQUARE_NAMES[sq];
      const cell = document.createElement(interactive ? "button" : "div");
      if (interactive) {
        cell.type = "button";
        cell.tabIndex = name === focused ? 0 : -1;
      }
      cell.className = `sq ${(rank + file) % 2 === 0 ? "dark" : "light"}`;
      cell.dataset.square = name;
      cell.dataset.bit = "0";
      cell.setAttribute("role", "gridcell");
      const piece = document.createElement("span");
      piece.className = "piece";
      piece.setAttribute("aria-hidden", "true");
      const index = document.createElement("span");
      index.className = "idx";
      index.setAttribute("aria-hidden", "true");
      const text = document.createElement("span");
      text.className = "label";
      text.setAttribute("aria-hidden", "true");
      cell.append(piece, index, text);
      row.append(cell);
      squares.set(name, { cell, piece, index, text, state: {} });
    }
    grid.append(row);
  }
  const fileRow = document.createElement("div");
  fileRow.className = "board-row file-coords";
  fileRow.setAttribute("aria-hidden", "true");
  fileRow.append(Object.assign(document.createElement("span"), { className: "coord" }));
  for (const f of FILES) {
    fileRow.append(Object.assign(document.createElement("span"), { className: "coord", textContent: f }));
  }
  grid.append(fileRow);
  figure.append(caption, grid);
  container.append(figure);

  if (interactive) {
    grid.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-square]");
      if (!cell || !grid.contains(cell)) return;
      moveFocus(cell.dataset.square, false);
      onSquare?.(cell.dataset.square, event);
    });
    if (onHover) {
      // The pointer must rest on a square for a moment (a sweep across the board asks
      // nothing); keyboard focus counts at once.
      let timer = null;
      const square = (event) => {
        const cell = event.target.closest?.("[data-square]");
        return cell && grid.contains(cell) ? cell.dataset.square : null;
      };
      grid.addEventListener("pointerover", (event) => {
        clearTimeout(timer);
        const name = square(event);
        if (name) timer = setTimeout(() => onHover(name), 40);
      });
      grid.addEventListener("pointerleave", () => clearTimeout(timer));
      grid.addEventListener("focusin", (event) => {
        const name = square(event);
        if (name) onHover(name);
      });
    }
    grid.addEventListener("keydown", (event) => {
      const cell = event.target.closest("[data-square]");
      if (!cell) return;
      const steps = { ArrowUp: 8, ArrowDown: -8, ArrowLeft: -1, ArrowRight: 1 };
      if (!(event.key in steps)) return;
      event.preventDefault();
      event.stopPropagation(); // arrows on a board move focus, not the chapter's steps
      const sq = squareIndex(cell.dataset.square);
      const file = sq & 7;
      const next = sq + steps[event.key];
      if (next < 0 || next > 63) return;
      if ((event.key === "ArrowLeft" && file === 0) || (event.key === "ArrowRight" && file === 7)) return;
      moveFocus(SQUARE_NAMES[next], true);
    });
  }

  function moveFocus(name, focus) {
    if (!interactive) return;
    squares.get(focused).cell.tabIndex = -1;
    focused = name;
    const { cell } = squares.get(name);
    cell.tabIndex = 0;
    if (focus) cell.focus();
  }

  function set(entry, key, value, apply) {
    if (entry.state[key] !== value) {
      entry.state[key] = value;
      apply(value);
    }
  }

  function draw(view = {}) {
    const { bits = null, mapping = "lerf", pieces = {}, fills = {}, labels = {}, marks = {}, index = null } = view;
    if (view.caption !== undefined) caption.textContent = view.caption;
    for (let sq = 0; sq < 64; sq++) {
      const name = SQUARE_NAMES[sq];
      const entry = squares.get(name);
      const { cell } = entry;
      const on = bits !== null && hasSquare(bits, sq, mapping);
      set(entry, "bit", on ? "1" : "0", (v) => (cell.dataset.bit = v));
      const letter = pieces[name] || "";
      set(entry, "piece", letter, (v) => {
        entry.piece.textContent = v ? `${GLYPHS[v.toLowerCase()]}\uFE0E` : "";
        entry.piece.dataset.color = v ? (v === v.toUpperCase() ? "white" : "black") : "";
        if (v) cell.dataset.piece = v;
        else delete cell.dataset.piece;
      });
      set(entry, "fill", fills[name] || "", (v) => setData(cell, "fill", v));
      set(entry, "mark", marks[name] || "", (v) => setData(cell, "mark", v));
      set(entry, "label", labels[name] ?? "", (v) => (entry.text.textContent = v));
      const idx = index ? String(bitOf(sq, index)) : "";
      set(entry, "idx", idx, (v) => (entry.index.textContent = v));
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
  }

  return { element: grid, figure, draw, focusSquare: (name) => moveFocus(name, true) };
}

/** Set a data- attribute, or remove it for an empty value. */
function setData(element, key, value) {
  if (value) element.dataset[key] = value;
  else delete element.dataset[key];
}
