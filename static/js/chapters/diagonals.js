// Chapter "diagonals": enumerations, lengths and colours; a square's two diagonals; the page's
// "same diagonal" routines checked against the truth.

import { api, showError } from "../api.js";
import { createErrorLine } from "../controls.js";
import { big, el, squaresMap } from "../kit.js";
import { T, createState } from "../state.js";
import { allSquares, createWikiLayout, table, verdict } from "../wiki.js";

const OVERLAYS = {
  rank_minus_file: ["rank − file", (s) => s.diagonal.index],
  plus7: ["7 + rank − file", (s) => s.diagonal.index_plus7],
  and15: ["(rank − file) & 15", (s) => s.diagonal.index_and15],
  anti: ["rank + file (anti-diagonal)", (s) => s.anti_diagonal.index],
  length: ["diagonal length", (s) => s.diagonal.length],
  anti_length: ["anti-diagonal length", (s) => s.anti_diagonal.length],
  color: ["colour (d = dark)", (s) => (s.color === "dark" ? "d" : "l")],
};
const root = document.getElementById("chapter");
const state = createState({
  a: T.square("e4"), b: T.square(null), pick: T.choice(["a", "b"], "b"),
  overlay: T.choice(Object.keys(OVERLAYS), "rank_minus_file"),
}, render);

const { top, pick, board, infoColumn } = createWikiLayout(root, state, {
  role: "diagonals", label: "Blue: the diagonal of a; purple: its anti-diagonal", picks: [["a", "square a"], ["b", "square b"]],
});
const overlay = el("select", { id: "overlay", "data-control": "overlay" }, ...Object.entries(OVERLAYS).map(([k, [label]]) => el("option", { value: k, text: label })));
overlay.addEventListener("change", () => state.set({ overlay: overlay.value }));
top.append(el("label", { class: "panel", for: "overlay" }, "Numbers on the board: ", overlay));
const clearB = el("button", { type: "button", "data-action": "clear-b" }, "Forget square b");
clearB.addEventListener("click", () => state.set({ b: null }));
top.append(clearB);

const info = el("section", { class: "panel", "aria-live": "polite", "data-role": "info" });
const pair = el("section", { class: "panel", "aria-live": "polite", "data-role": "pair" });
infoColumn.append(info, pair);
const error = createErrorLine(info);

let drawId = 0;
async function render(s) {
  const id = ++drawId;
  try {
    const [squares, same] = await Promise.all([allSquares(), s.b ? api("/same-line", { a: s.a, b: s.b }) : null]);
    if (id !== drawId) return;
    showError(error, null);
    overlay.value = s.overlay;
    pick.set(s.pick);
    const a = squares[s.a];
    const diagonal = big(a.masks.diagonal), anti = big(a.masks.anti_diagonal);
    const fills = { ...squaresMap(diagonal, "lerf", "line-a"), ...squaresMap(anti, "lerf", "line-b"), [s.a]: "both" };
    const labels = Object.fromEntries(Object.values(squares).map((sq) => [sq.name, String(OVERLAYS[s.overlay][1](sq))]));
    const marks = { [s.a]: "start", ...(s.b ? { [s.b]: "end" } : {}) };
    board.draw({ bits: diagonal | anti, mapping: "lerf", fills, labels, marks });
    info.replaceChildren(
      el("h2", { text: `Square a = ${a.name}` }),
      table(["", "diagonal", "anti-diagonal"], [
        ["rank − file / rank + file", String(a.diagonal.index), String(a.anti_diagonal.index)],
        ["7 + rank − file", String(a.diagonal.index_plus7), "—"],
        ["(rank − file) & 15", String(a.diagonal.index_and15), "—"],
        ["length", String(a.diagonal.length), String(a.anti_diagonal.length)],
      ], { "data-role": "indices" }),
      el("p", { text: `${a.name} is ${a.color}; its diagonal index ${a.diagonal.index} is ${a.diagonal.index % 2 === 0 ? "even" : "odd"}: the page says even diagonals are the dark ones.` }),
    );
    if (!same) {
      pair.replaceChildren(el("p", { text: "Click a second square (b) to ask whether a and b share a diagonal." }));
      return;
    }
    pair.replaceChildren(
      el("h2", { text: `Same diagonal? a = ${same.a}, b = ${same.b}` }),
      el("p", { "data-role": "truth", "data-diagonal": String(same.diagonal) },
        `Truth: ${same.diagonal ? "yes, on one diagonal" : "no"}` + ` (rank ${same.rank ? "shared" : "not shared"}, file ${same.file ? "shared" : "not shared"}, anti-diagonal ${same.anti_diagonal ? "shared" : "not shared"}).`),
      table(["routine as printed", "returns", "verdict"], same.routines.map((r) => ({
        attrs: { "data-routine": r.name }, cells: [el("code", {}, r.formula), r.means, verdict(r.correct)],
      })), { "data-role": "routines" }),
    );
  } catch (e) {
    if (id === drawId) showError(error, e);
  }
}
state.redraw();
