// Shared by the wiki chapters: the 64-square overview, a "next click sets" switch and tables.

import { api } from "./api.js";
import { createBoard } from "./board.js";
import { el } from "./kit.js";

/** Return the /api/square body of every square, by name (one cached request). */
export async function allSquares() {
  const data = await api("/squares", { mapping: "lerf" });
  return Object.fromEntries(data.squares.map((s) => [s.name, s]));
}

/**
 * A radio group choosing which state key the next board click sets.
 * choices: [[key, label], ...]. Returns { element, set(key) }.
 */
export function createPickSwitch(container, { choices, onChange, legend = "The next click sets" }) {
  const name = `pick-${Math.random().toString(36).slice(2)}`;
  const box = el("fieldset", { class: "panel pick" }, el("legend", { text: legend }),
    ...choices.map(([key, label]) => el("label", {}, el("input", { type: "radio", name, value: key }), ` ${label}`)));
  box.addEventListener("change", (event) => onChange(event.target.value));
  container.append(box);
  return {
    element: box,
    set(key) {
      for (const input of box.querySelectorAll("input")) input.checked = input.value === key;
    },
  };
}

/**
 * Build a table from a header row and body rows of cells (strings or nodes). It is a tab
 * stop so that, where it scrolls inside its own box (a phone), the keyboard can scroll it.
 */
export function table(headers, rows, attrs = {}) {
  return el("table", { class: "data", tabindex: "0", ...attrs },
    el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, ...rows.map((cells) => {
      const [first, ...rest] = Array.isArray(cells) ? [{}, ...cells] : [cells.attrs, ...cells.cells];
      return el("tr", first, ...rest.map((c) => el("td", {}, c)));
    })));
}

/** Return a ✓ / ✗ cell that says it in words too. */
export function verdict(ok, yes = "right", no = "wrong") {
  return el("span", { class: ok ? "ok" : "bad", "data-correct": String(ok) }, ok ? `✓ ${yes}` : `✗ ${no}`);
}

/**
 * The layout every wiki chapter shares: a toolbar with the "next click sets" switch, an
 * interactive board and an info column beside it. A click sets the state key chosen in the
 * switch; with `alternate` the switch then moves on to the next key (a, then b, then a...).
 * Returns { top, pick, board, infoColumn }.
 */
export function createWikiLayout(root, state, { role, label, picks, alternate = true }) {
  const top = el("div", { class: "toolbar" });
  root.append(top);
  const pick = createPickSwitch(top, { choices: picks, onChange: (key) => state.set({ pick: key }, { history: "replace" }) });
  const boards = el("div", { class: "boards" });
  root.append(boards);
  const boardColumn = el("div", { class: "column" });
  const infoColumn = el("div", { class: "column info-column" });
  boards.append(boardColumn, infoColumn);
  const keys = picks.map(([key]) => key);
  const board = createBoard(boardColumn, {
    role, label, interactive: true,
    onSquare: (name) => {
      const s = state.get();
      const next = alternate ? keys[(keys.indexOf(s.pick) + 1) % keys.length] : s.pick;
      state.set({ [s.pick]: name, pick: next });
    },
  });
  return { top, pick, board, infoColumn };
}
