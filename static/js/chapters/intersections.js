// Chapter "intersections": where a line through a meets a line through b, by the page's 0x88
// arithmetic, with the off-board and colour cases, and all 12 pairs at once.

import { api, showError } from "../api.js";
import { createErrorLine } from "../controls.js";
import { big, el, squaresMap } from "../kit.js";
import { T, createState } from "../state.js";
import { allSquares, createWikiLayout, table, verdict } from "../wiki.js";

const KINDS = ["rank", "file", "diagonal", "anti_diagonal"];
const root = document.getElementById("chapter");
const state = createState({
  a: T.square("e4"), b: T.square("c7"), line_a: T.choice(KINDS, "rank"), line_b: T.choice(KINDS, "diagonal"), pick: T.choice(["a", "b"], "a"),
}, render);
const { top, pick, board, infoColumn } = createWikiLayout(root, state, {
  role: "intersections", label: "Blue: the line through a; purple: the line through b; set bit: the intersection", picks: [["a", "square a"], ["b", "square b"]],
});
const selects = {};
for (const key of ["line_a", "line_b"]) {
  selects[key] = el("select", { id: key, "data-control": key }, ...KINDS.map((k) => el("option", { value: k, text: k.replace("_", "-") })));
  selects[key].addEventListener("change", () => state.set({ [key]: selects[key].value }));
  top.append(el("label", { class: "panel", for: key }, `${key === "line_a" ? "Line through a" : "Line through b"}: `, selects[key]));
}
const working = el("section", { class: "panel", "aria-live": "polite", "data-role": "working" });
infoColumn.append(working);
const error = createErrorLine(working);
const all = el("section", { class: "panel", "data-role": "all" });
root.append(all);
all.addEventListener("click", (event) => {
  const row = event.target.closest("button[data-pair]");
  if (row) {
    const [lineA, lineB] = row.dataset.pair.split("/");
    state.set({ line_a: lineA, line_b: lineB });
  }
});

/** Binary digits with the bits of the test mask wrapped for highlighting. */
function highlighted(binary, maskBinary) {
  return el("code", { class: "bits" }, ...[...binary].map((bit, i) => el("span", { class: maskBinary[i] === "1" ? "tested" : "" }, bit)));
}

let drawId = 0;
async function render(s) {
  const id = ++drawId;
  for (const key of ["line_a", "line_b"]) selects[key].value = s[key];
  pick.set(s.pick);
  try {
    const [squares, many] = await Promise.all([allSquares(), api("/intersections", { a: s.a, b: s.b })]);
    if (id !== drawId) return;
    const lineA = big(squares[s.a].masks[s.line_a]);
    const lineB = big(squares[s.b].masks[s.line_b]);
    const fills = { ...squaresMap(lineA, "lerf", "line-a"), ...squaresMap(lineB, "lerf", "line-b"), ...squaresMap(lineA & lineB, "lerf", "both") };
    drawAll(many, s);
    if (s.line_a === s.line_b) {
      board.draw({ bits: 0n, mapping: "lerf", fills, marks: { [s.a]: "start", [s.b]: "end" } });
      return showError(error, { message: "Choose two different kinds of line: two ranks (or two files, ...) meet nowhere or everywhere.", code: "same_line_kind" });
    }
    const one = await api("/intersection", { a: s.a, b: s.b, line_a: s.line_a, line_b: s.line_b });
    if (id !== drawId) return;
    showError(error, null);
    const bits = one.square ? lineA & lineB : 0n;
    board.draw({ bits, mapping: "lerf", fills, marks: { [s.a]: "start", [s.b]: "end" } });
    const w = one.working;
    const why = one.reason === "different_colors"
      ? `No square: a diagonal and an anti-diagonal of different colours never meet (they would cross between squares). In the arithmetic, s88x2 is odd: bit 0 is set.`
      : one.reason === "off_board"
        ? `No square: the two lines would cross off the board. In the 0x88 arithmetic that shows as a set bit under the test mask ${w.doubled ? "(bits 4 and 8 of s88x2: file or rank beyond 7)" : "(bit 3: file beyond 7; bit 7: rank beyond 7)"}.`
        : `They meet on ${one.square}: no tested bit is set, so the 0x88 value converts back to a square.`;
    working.replaceChildren(
      el("h2", { "data-square": one.square || "none" }, one.square ? `The ${s.line_a.replace("_", "-")} of ${s.a} meets the ${s.line_b.replace("_", "-")} of ${s.b} on ${one.square}` : `No intersection (${one.reason.replace("_", " ")})`),
      el("p", {}, el("code", {}, w.formula), ` = ${w.value}`),
      el("p", { class: "mono" }, "value  ", highlighted(w.binary, w.test_mask_binary)),
      el("p", { class: "mono" }, `& 0x${w.test_mask.toString(16)}  `, highlighted(w.test_mask_binary, w.test_mask_binary)),
      el("p", { class: "mono" }, "=      ", highlighted(w.masked_binary, w.test_mask_binary), ` (${w.masked ? "not zero: no square" : "zero: on the board"})`),
      el("p", {}, w.square ? el("code", {}, `${w.square_formula} = ${w.square}`) : ""),
      el("p", { "data-role": "reason" }, why),
      el("p", { "data-role": "printed" }, `The page's routine as printed, ${one.printed.call}, returns ${one.printed.value}${one.printed.square ? ` (${one.printed.square})` : ""}: `, verdict(one.printed.correct)),
    );
  } catch (e) {
    if (id === drawId) showError(error, e);
  }
}

function drawAll(many, s) {
  all.replaceChildren(el("h2", { text: `All 12 pairs for a = ${many.a}, b = ${many.b}` }),
    table(["line through a", "line through b", "square", "reason", "page's routine"], many.combinations.map((c) => ({
      attrs: { "data-pair": `${c.line_a}/${c.line_b}`, ...(c.line_a === s.line_a && c.line_b === s.line_b ? { "aria-current": "true" } : {}) },
      cells: [el("button", { type: "button", class: "linklike", "data-pair": `${c.line_a}/${c.line_b}` }, c.line_a.replace("_", "-")), c.line_b.replace("_", "-"), c.square || "—", c.reason ? c.reason.replace("_", " ") : "", verdict(c.printed.correct)],
    }))));
}
state.redraw();
