// Chapter "colors": every colour formula of the page, with its working; same colour for two squares.

import { api } from "../api.js";
import { bbOf } from "../bits.js";
import { answersHidden, createChapter } from "../chapter.js";
import { el, screenOnly } from "../dom.js";
import { randomSquare } from "../exercise.js";
import { ends } from "../kit.js";
import { createQuestion, questionFields } from "../question.js";
import { T } from "../state.js";
import { allSquares, createWikiLayout, table, verdict } from "../wiki.js";

const { root, state, run } = createChapter({
  sq: T.square("e4"),
  other: T.square(null),
  pick: T.choice(["sq", "other"], "other"),
  ...questionFields(),
});
const { top, pick, board, infoColumn } = createWikiLayout(root, state, {
  role: "colors",
  label: "Set bits: the dark squares (0xAA55AA55AA55AA55)",
  picks: [
    ["sq", "the square (S)"],
    ["other", "a second square (D)"],
  ],
});
const clear = el("button", { type: "button", "data-action": "clear-other" }, "Forget the second square (D)");
clear.addEventListener("click", () => state.set({ other: null }));
top.append(clear);
const methods = el("section", { class: "panel", "aria-live": "polite", "data-role": "methods" });
const working = el("section", { class: "panel", "data-role": "working" });
const pair = el("section", { class: "panel", "aria-live": "polite", "data-role": "pair" });
infoColumn.append(methods, pair);
root.append(working);
const question = createQuestion(root, state, { kind: "choice" });
const SHADES = [
  ["light", "light"],
  ["dark", "dark"],
];

/** A table of formulas as the API evaluated them: name, code, value and meaning, verdict. */
const formulas = (head, list) =>
  table(
    [head, "as printed", "returns", "verdict"],
    list.map((m) => ({
      attrs: { "data-method": m.name },
      cells: [m.name, el("code", {}, m.formula), `${m.value} (${m.means})`, verdict(m.agrees, "agrees", "disagrees")],
    })),
  );

function drawWorking(color) {
  const w = color.working;
  const item = (code, rest) => el("li", {}, el("code", {}, code), rest);
  // What a method returns, as the table above has it: a parity line ends on it, once toggled.
  const returned = (name) => color.methods.find((m) => m.name === name)?.value;
  working.replaceChildren(
    el("h2", { text: `The working for ${color.square} (square = ${w.square}, x88square = ${w.x88square})` }),
    el(
      "ul",
      { class: "working" },
      item(`0xAA55AA55AA55AA55 >> ${w.lookup_shift} = ${w.lookup_shifted}`, `; & 1 = ${w.lookup_bit}`),
      item(
        `0xAA55AA55 >> ${w.square}`,
        ` shifts by ${w.square} & 31 = ${w.shift_mod32} on x86: ${w.shifted32}; & 1 = ${w.shifted32_bit}`,
      ),
      item(
        `0x00AA0055 >> ${w.x88square}`,
        ` shifts by ${w.x88square} & 31 = ${w.x88_shift_mod32}: ${w.x88_shifted}; & 1 = ${w.x88_shifted_bit}`,
      ),
      item(
        `(square >> 3) + square = ${w.square_shr3} + ${w.square}`,
        ` = ${w.square_shr3_plus_square}: bit 0 is the parity of the anti-diagonal index ${w.anti_diagonal_index}; toggled: ${returned("anti-diagonal parity")}`,
      ),
      // The prose's variants: a difference or an exclusive or has the parity of the sum.
      item(
        `(square >> 3) - square = ${w.square_shr3} - ${w.square}`,
        ` = ${w.square_shr3_minus_square}; & 1 = ${w.square_shr3_minus_square_bit}, the same bit 0 as the sum's; toggled: ${returned("diagonal parity (minus)")}`,
      ),
      item(
        `(square >> 3) ^ square = ${w.square_shr3} ^ ${w.square}`,
        ` = ${w.square_shr3_xor_square}; & 1 = ${w.square_shr3_xor_square_bit}, the same bit 0 as the sum's; toggled: ${returned("parity (exclusive or)")}`,
      ),
      item(
        `9 * square + 8 = ${w.nine_sq_plus8}`,
        ` = ${w.nine_sq_plus8_binary} in binary; >> 3 & 1 takes bit 3: ${w.nine_sq_plus8_bit3}`,
      ),
      item(
        `9 * square = ${w.nine_sq}`,
        ` = ${w.nine_sq_binary}; & 8 tests bit 3: ${w.nine_sq_and8}, so == 0 is ${w.nine_sq_and8 === 0 ? "true" : "false"}`,
      ),
    ),
  );
}

function drawPair(color) {
  // With no second square the panel holds only a mouse's invitation: paper gets no empty frame.
  pair.classList.toggle("screen-only", !color.other);
  if (!color.other) {
    pair.replaceChildren(
      el("p", {}, screenOnly("Click a second square for same or different colour, and the knight-distance parity.")),
    );
    return;
  }
  const even = color.knight_distance_parity === "even";
  pair.replaceChildren(
    el("h2", { text: `${color.square} and ${color.other}: ${color.same_color ? "same colour" : "different colours"}` }),
    el(
      "p",
      { "data-role": "same", "data-same": String(color.same_color) },
      `${color.other} is ${color.other_color}. Knight distance ${color.knight_distance}: ${even ? "even, so the same colour" : "odd, so different colours"}.`,
    ),
    formulas("formula", color.same_color_methods),
  );
}

run({
  errorAfter: methods,
  present: [board.element.closest(".column"), methods],
  exercise: {
    // The board's own checkering shows every square's colour: in exercise mode it goes too,
    // and the student works from the square's name (and the formulas they know).
    answers: [board.element.closest(".column"), methods, working, pair],
    next: (_s, random) => ({ sq: randomSquare(random), other: null }),
  },
  controls(s) {
    pick.set(s.pick);
    // What the next tap on the board sets, and forgetting D: with the board gone, nothing to tap.
    top.hidden = answersHidden(s);
  },
  load: (s) => Promise.all([allSquares(), api("/color", { sq: s.sq, other: s.other })]),
  // A tap sets the square the switch names.
  taps: (s) => ({ tap: s.pick, requests: [["/color", { sq: s.sq, other: s.other }]] }),
  draw(s, [squares, color]) {
    const dark = bbOf(
      Object.values(squares)
        .filter((sq) => sq.color === "dark")
        .map((sq) => sq.name),
    );
    board.draw({ bits: dark, mapping: "lerf", marks: ends(s.sq, s.other), index: "lerf", cursor: s.sq });
    methods.replaceChildren(el("h2", { text: `${color.square} is ${color.color}` }), formulas("method", color.methods));
    drawWorking(color);
    drawPair(color);
    question.draw({
      prompt: `Is ${color.square} a light or a dark square? Work it out from its name (a1 is dark), then reveal.`,
      choices: SHADES,
      answer: color.color,
      answerText: `${color.square} is ${color.color}`,
      revealed: s.rev,
      given: s.ans,
    });
  },
});
