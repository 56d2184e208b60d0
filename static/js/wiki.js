// Shared by the wiki chapters: the 64-square overview, the board with its "next click sets"
// switch, tables and verdict cells.

import { api } from "./api.js";
import { parseBB, SQUARE_NAMES, squaresOf } from "./bits.js";
import { createBoard } from "./board.js";
import { answersHidden } from "./chapter.js";
import { add, columns, el } from "./dom.js";
import { createPickSwitch } from "./kit.js";

/** Return the /api/square body of every square, by name (one cached request). */
export async function allSquares() {
  const data = await api("/squares", { mapping: "lerf" });
  return Object.fromEntries(data.squares.map((s) => [s.name, s]));
}

/** Return the names of the squares that share a line with `name` (LERF order), as the API's square answer gives them. */
export async function alignedWith(name) {
  return namesOf((await allSquares())[name].aligned);
}

/** Return the names of the squares on either diagonal through `name`, itself left out (LERF order). */
export async function onDiagonalsOf(name) {
  return namesOf((await allSquares())[name].diagonals).filter((other) => other !== name);
}

const namesOf = (lerf) => squaresOf(parseBB(lerf)).map((sq) => SQUARE_NAMES[sq]);

/**
 * Build a table from a header row and body rows of cells (strings or nodes). It is a tab
 * stop so that, where it scrolls inside its own box (a phone), the keyboard can scroll it.
 */
export function table(headers, rows, attrs = {}) {
  // Four columns and more (a routine's code among them) cannot share a phone's width: there each
  // row is a card of its cells, each cell named by its column (data-label, on its header too, so
  // that a style sheet names a column rather than counting to it; chessviz.css). The roles
  // keep it a table for a screen reader, which a table laid out as blocks would no longer be.
  const cards = headers.length >= 4;
  return el(
    "table",
    { class: cards ? "data phone-cards" : "data", tabindex: "0", role: "table", ...attrs },
    el(
      "thead",
      { role: "rowgroup" },
      el("tr", { role: "row" }, ...headers.map((h) => el("th", { scope: "col", role: "columnheader", "data-label": h }, h))),
    ),
    el(
      "tbody",
      { role: "rowgroup" },
      ...rows.map((cells) => {
        const [first, ...rest] = Array.isArray(cells) ? [{}, ...cells] : [cells.attrs, ...cells.cells];
        return el(
          "tr",
          { role: "row", ...first },
          ...rest.map((c, i) => el("td", { role: "cell", "data-label": headers[i] }, c)),
        );
      }),
    ),
  );
}

/** Return a ✓ / ✗ cell that says it in words too. */
export function verdict(ok, yes = "right", no = "wrong") {
  return el("span", { class: ok ? "ok" : "bad", "data-correct": String(ok) }, ok ? `✓ ${yes}` : `✗ ${no}`);
}

/**
 * The layout every wiki chapter shares: a toolbar with the "next click sets" switch, an
 * interactive board (its caption `label`, or `hiddenLabel` while its answers are hidden; its
 * `legend`) and an info column beside it. A click sets the state key chosen in the switch; with
 * `alternate` the switch then moves on to the next key (a, then b, then a...).
 * Returns { top, pick, board, drawBoard, infoColumn }.
 */
export function createWikiLayout(
  root,
  state,
  { role, label, hiddenLabel = "The squares S and D", legend, picks, alternate = true },
) {
  const top = add(root, "div", { class: "toolbar" });
  const pick = createPickSwitch(top, state, picks);
  const [boardColumn, infoColumn] = columns(root, 2, ["", "info-column"]);
  const keys = picks.map(([key]) => key);
  const board = createBoard(boardColumn, {
    role,
    label,
    legend,
    interactive: true,
    onSquare: (name) => {
      const s = state.get();
      const next = alternate ? keys[(keys.indexOf(s.pick) + 1) % keys.length] : s.pick;
      // A new pair is a new question: an answer given or revealed belonged to the old one.
      state.set({ [s.pick]: name, pick: next, ans: "", rev: false });
    },
  });
  /**
   * Draw the board as `view` says, or, while s hides its answers, its marked squares alone (what it
   * draws round them, lines, steps or numbers, would answer), captioned for what it then shows.
   */
  const drawBoard = (s, view) =>
    board.draw(
      answersHidden(s)
        ? { bits: null, mapping: view.mapping, marks: view.marks, index: view.index, cursor: view.cursor, caption: hiddenLabel }
        : { ...view, caption: label },
    );
  return { top, pick, board, drawBoard, infoColumn };
}
