// Chapter "diagonals": enumerations, lengths and colours; a square's two diagonals; the page's
// "same diagonal" routines checked against the truth. Opened from the routine audit
// (routine=... in the URL), it shows that printed routine's answer beside the truth (/api/routine).

import { api } from "../api.js";
import { SQUARE_NAMES } from "../bits.js";
import { createChapter } from "../chapter.js";
import { createSelect } from "../controls.js";
import { el, screenOnly } from "../dom.js";
import { pick as pickOne, randomSquare } from "../exercise.js";
import { big, ends, squaresMap } from "../kit.js";
import { createQuestion, questionFields } from "../question.js";
import { createRoutinePanel, loadRoutine, routineQuery } from "../routine-panel.js";
import { T } from "../state.js";
import { allSquares, createWikiLayout, onDiagonalsOf, table, verdict } from "../wiki.js";

const OVERLAYS = {
  rank_minus_file: ["rank − file", (s) => s.diagonal.index],
  plus7: ["7 + rank − file", (s) => s.diagonal.index_plus7],
  and15: ["(rank − file) & 15", (s) => s.diagonal.index_and15],
  anti: ["rank + file (anti-diagonal)", (s) => s.anti_diagonal.index],
  length: ["diagonal length", (s) => s.diagonal.length],
  anti_length: ["anti-diagonal length", (s) => s.anti_diagonal.length],
  color: ["colour (d = dark)", (s) => (s.color === "dark" ? "d" : "l")],
};
const { root, state, run } = createChapter({
  a: T.square("e4"),
  b: T.square(null),
  pick: T.choice(["a", "b"], "b"),
  overlay: T.choice(Object.keys(OVERLAYS), "rank_minus_file"),
  routine: T.text("", 80),
  ...questionFields(),
});
const { top, pick, board, drawBoard, infoColumn } = createWikiLayout(root, state, {
  role: "diagonals",
  label: "The diagonal and anti-diagonal of S",
  legend: { "line-a": "the diagonal of S", "line-b": "its anti-diagonal", both: "S, on both" },
  picks: [
    ["a", "the first square (S)"],
    ["b", "the second square (D)"],
  ],
});
const overlay = createSelect(top, {
  id: "overlay",
  control: "overlay",
  label: "Numbers on the board: ",
  choices: Object.entries(OVERLAYS).map(([key, [label]]) => [key, label]),
  onChange: (value) => state.set({ overlay: value }),
});
const clearB = el("button", { type: "button", "data-action": "clear-b" }, "Forget the second square (D)");
clearB.addEventListener("click", () => state.set({ b: null }));
top.append(clearB);

const info = el("section", { class: "panel", "aria-live": "polite", "data-role": "info" });
const pair = el("section", { class: "panel", "aria-live": "polite", "data-role": "pair" });
infoColumn.append(info, pair);
const routinePanel = createRoutinePanel(infoColumn, () => state.set({ routine: "" }));

const question = createQuestion(root, state, { kind: "choice" });
const SAME = [
  ["diagonal", "one diagonal (a1–h8 direction)"],
  ["anti_diagonal", "one anti-diagonal (a8–h1 direction)"],
  ["neither", "neither"],
];

function drawInfo(a) {
  info.replaceChildren(
    el("h2", { text: `Square S = ${a.name}` }),
    table(
      ["measure", "diagonal", "anti-diagonal"],
      [
        ["rank − file / rank + file", String(a.diagonal.index), String(a.anti_diagonal.index)],
        ["7 + rank − file", String(a.diagonal.index_plus7), "—"],
        ["(rank − file) & 15", String(a.diagonal.index_and15), "—"],
        ["length", String(a.diagonal.length), String(a.anti_diagonal.length)],
      ],
      { "data-role": "indices" },
    ),
    el("p", {
      text: `${a.name} is ${a.color}; its diagonal index ${a.diagonal.index} is ${a.diagonal.parity}: the page says even diagonals are the dark ones.`,
    }),
  );
}

function drawPair(same, linked) {
  // With no second square the panel holds only a mouse's invitation: paper gets no empty frame.
  pair.classList.toggle("screen-only", !same);
  if (!same) {
    pair.replaceChildren(el("p", {}, screenOnly("Click a second square (D) to ask whether S and D share a diagonal.")));
    return;
  }
  const shared = (yes) => (yes ? "shared" : "not shared");
  pair.replaceChildren(
    el("h2", { text: `Same diagonal? S = ${same.a}, D = ${same.b}` }),
    el(
      "p",
      { "data-role": "truth", "data-diagonal": String(same.diagonal) },
      `Truth: ${same.diagonal ? "yes, on one diagonal" : "no"} (rank ${shared(same.rank)}, file ${shared(same.file)}, anti-diagonal ${shared(same.anti_diagonal)}).`,
    ),
    table(
      ["routine as printed", "returns", "verdict"],
      same.routines.map((r) => ({
        // The routine a link from the audit names is outlined here too.
        attrs: { "data-routine": r.name, "aria-current": r.name === linked ? "true" : null },
        cells: [el("code", {}, r.formula), r.means, verdict(r.correct)],
      })),
      { "data-role": "routines" },
    ),
  );
}

run({
  errorAfter: info,
  // The numbering too: switching between the page's enumerations is the lesson on the projector.
  present: [overlay.element.closest("label"), board.element.closest(".column"), pair],
  exercise: {
    // The pair's verdicts, a's indices, and (drawn by draw) the shaded lines and numbers on the board.
    answers: [info, pair, routinePanel.element],
    next: async (_s, random) => {
      const a = randomSquare(random);
      const diagonal = await onDiagonalsOf(a);
      const others = SQUARE_NAMES.filter((b) => b !== a);
      // Half the time a square on one of a's diagonals, so "neither" is no safe guess.
      return { a, b: pickOne(random, random() < 0.5 ? diagonal : others) };
    },
  },
  controls(s) {
    overlay.set(s.overlay);
    pick.set(s.pick);
  },
  load: (s) => Promise.all([allSquares(), s.b ? api("/same-line", { a: s.a, b: s.b }) : null, s.b ? loadRoutine(s) : null]),
  // A tap sets the square the switch names; with b unset and a chosen, it needs nothing new.
  taps: (s) =>
    s.b || s.pick === "b" ? { tap: s.pick, requests: [["/same-line", { a: s.a, b: s.b }], ...routineQuery(s)] } : null,
  draw(s, [squares, same, routine]) {
    routinePanel.draw(routine);
    const a = squares[s.a];
    const diagonal = big(a.masks.diagonal);
    const anti = big(a.masks.anti_diagonal);
    const both = big(a.diagonals);
    const fills = { ...squaresMap(diagonal, "lerf", "line-a"), ...squaresMap(anti, "lerf", "line-b"), [s.a]: "both" };
    const labels = Object.fromEntries(Object.values(squares).map((sq) => [sq.name, String(OVERLAYS[s.overlay][1](sq))]));
    drawBoard(s, { bits: both, mapping: "lerf", fills, labels, marks: ends(s.a, s.b), cursor: s.a });
    drawInfo(a);
    drawPair(same, s.routine);
    const answer = same ? (same.diagonal ? "diagonal" : same.anti_diagonal ? "anti_diagonal" : "neither") : null;
    question.draw({
      prompt: s.b
        ? `Do ${s.a} and ${s.b} lie on one diagonal?`
        : "Choose a second square (D), then answer: do S and D lie on one diagonal?",
      choices: SAME,
      answer,
      answerText: SAME.find(([v]) => v === answer)?.[1] ?? "",
      revealed: s.rev,
      given: s.ans,
    });
  },
});
