// Chapter "colors": every colour formula of the page, with its working; same colour for two squares.

import { api, showError } from "../api.js";
import { createErrorLine } from "../controls.js";
import { el } from "../kit.js";
import { T, createState } from "../state.js";
import { allSquares, createWikiLayout, table, verdict } from "../wiki.js";

const root = document.getElementById("chapter");
const state = createState({ sq: T.square("e4"), other: T.square(null), pick: T.choice(["sq", "other"], "other") }, render);
const { top, pick, board, infoColumn } = createWikiLayout(root, state, {
  role: "colors", label: "Set bits: the dark squares (0xAA55AA55AA55AA55)", picks: [["sq", "the square"], ["other", "a second square"]],
});
const clear = el("button", { type: "button", "data-action": "clear-other" }, "Forget the second square");
clear.addEventListener("click", () => state.set({ other: null }));
top.append(clear);
const methods = el("section", { class: "panel", "aria-live": "polite", "data-role": "methods" });
const working = el("section", { class: "panel", "data-role": "working" });
const pair = el("section", { class: "panel", "aria-live": "polite", "data-role": "pair" });
infoColumn.append(methods, pair);
root.append(working);
const error = createErrorLine(methods);

let drawId = 0;
async function render(s) {
  const id = ++drawId;
  try {
    const [squares, color] = await Promise.all([allSquares(), api("/color", { sq: s.sq, other: s.other })]);
    if (id !== drawId) return;
    showError(error, null);
    pick.set(s.pick);
    let dark = 0n;
    for (const sq of Object.values(squares)) if (sq.color === "dark") dark |= 1n << BigInt(sq.index);
    const marks = { [s.sq]: "start", ...(s.other ? { [s.other]: "end" } : {}) };
    board.draw({ bits: dark, mapping: "lerf", marks, index: "lerf" });
    methods.replaceChildren(
      el("h2", { text: `${color.square} is ${color.color}` }),
      table(["method", "as printed", "returns", "verdict"], color.methods.map((m) => ({
        attrs: { "data-method": m.name }, cells: [m.name, el("code", {}, m.formula), `${m.value} (${m.means})`, verdict(m.agrees, "agrees", "disagrees")],
      }))),
    );
    const w = color.working;
    working.replaceChildren(el("h2", { text: `The working for ${color.square} (square = ${w.square}, x88square = ${w.x88square})` }),
      el("ul", { class: "working" },
        el("li", {}, el("code", {}, `0xAA55AA55AA55AA55 >> ${w.lookup_shift} = ${w.lookup_shifted}`), `; & 1 = ${BigInt(w.lookup_shifted) & 1n}`),
        el("li", {}, el("code", {}, `0xAA55AA55 >> ${w.square}`), ` shifts by ${w.square} & 31 = ${w.shift_mod32} on x86: ${w.shifted32}; & 1 = ${BigInt(w.shifted32) & 1n}`),
        el("li", {}, el("code", {}, `0x00AA0055 >> ${w.x88square}`), ` shifts by ${w.x88square} & 31 = ${w.x88_shift_mod32}: ${w.x88_shifted}; & 1 = ${BigInt(w.x88_shifted) & 1n}`),
        el("li", {}, el("code", {}, `(square >> 3) + square = ${w.square_shr3} + ${w.square}`), ` = ${w.square_shr3 + w.square}: bit 0 is the parity of the anti-diagonal index ${w.anti_diagonal_index}, toggled`),
        el("li", {}, el("code", {}, `9 * square + 8 = ${w.nine_sq_plus8}`), ` = ${w.nine_sq_plus8_binary} in binary; >> 3 & 1 takes bit 3`),
        el("li", {}, el("code", {}, `9 * square = ${w.nine_sq}`), ` = ${w.nine_sq_binary}; & 8 tests bit 3`)));
    if (!s.other) {
      pair.replaceChildren(el("p", { text: "Click a second square for same or different colour, and the knight-distance parity." }));
      return;
    }
    pair.replaceChildren(
      el("h2", { text: `${color.square} and ${color.other}: ${color.same_color ? "same colour" : "different colours"}` }),
      el("p", { "data-role": "same", "data-same": String(color.same_color) }, `${color.other} is ${color.other_color}. Knight distance ${color.knight_distance}: ${color.knight_distance % 2 === 0 ? "even, so the same colour" : "odd, so different colours"}.`),
      table(["formula", "as printed", "returns", "verdict"], color.same_color_methods.map((m) => ({
        attrs: { "data-method": m.name }, cells: [m.name, el("code", {}, m.formula), `${m.value} (${m.means})`, verdict(m.agrees, "agrees", "disagrees")],
      }))),
    );
  } catch (e) {
    if (id === drawId) showError(error, e);
  }
}
state.redraw();
