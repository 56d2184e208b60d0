// Chapter "squares": one set of squares, its value in LERF and in the devlog's lerbef.

import { api } from "../api.js";
import { BB_ALL, parseBB, squareBB, squareIndex, toggleSquare } from "../bits.js";
import { createBoard } from "../board.js";
import { answersHidden, createChapter } from "../chapter.js";
import { randomOccupancy, randomSquare } from "../exercise.js";
import { createQuestion, questionFields } from "../question.js";
import { createReadout } from "../readout.js";
import { T } from "../state.js";
import { DEVLOG, mappingName } from "../terms.js";

// One column per mapping, LERF first (the template's data-column order).
const TITLES = { lerf: "LERF (wiki, python-chess): a1 = bit 0", lerbef: "lerbef (devlog): h1 = bit 0" };
const { root, state, error, run } = createChapter({ bb: T.bb(0x1000000010000001n), sq: T.square("e4"), ...questionFields() });
const inspect = document.getElementById("inspect");

const views = {};
for (const [mapping, title] of Object.entries(TITLES)) {
  const column = root.querySelector(`[data-column="${mapping}"]`);
  const board = createBoard(column, {
    role: mapping,
    label: title,
    interactive: true,
    onSquare: (name) => state.set({ bb: toggleSquare(state.get().bb, squareIndex(name)), sq: name, ans: "", rev: false }),
  });
  const readout = createReadout(column, {
    role: mapping,
    label: `value in ${mappingName(mapping)}`,
    editable: true,
    // A value typed in either mapping: the API gives the same squares' LERF value, the state's.
    onInput: (value) =>
      api("/bitboard", { value, mapping }).then(
        (data) => state.set({ bb: parseBB(data.values.lerf) }),
        (e) => error.show(e),
      ),
  });
  views[mapping] = { board, readout };
}

const question = createQuestion(root, state, { kind: "number" });

const PRESETS = {
  clear: { bb: 0n },
  all: { bb: BB_ALL },
  a1: { bb: squareBB(0), sq: "a1" },
  devlog: { bb: DEVLOG.occupancy.lerf },
};
root.querySelector(".toolbar").addEventListener("click", (event) => {
  const preset = PRESETS[event.target.dataset?.preset];
  if (preset) state.set(preset);
});

/** The set's value in every mapping, and the square inspected. */
const queries = ({ bb, sq }) => [
  ["/bitboard", { value: bb, mapping: "lerf" }],
  ["/square", { sq }],
];

run({
  // After the panel, not in it: a slide keeps the error line, and would keep the panel's empty frame.
  errorAfter: inspect.closest("section"),
  // The boards and both values: "read both values, type one in" is the lesson on the projector too.
  present: [...root.querySelectorAll("[data-column]"), ...Object.values(views).map((v) => v.readout.element)],
  exercise: {
    // The lerbef board and its value, and the line naming the square's lerbef bit.
    answers: [root.querySelector('[data-column="lerbef"]'), inspect.closest("section")],
    next: (_s, random) => {
      const bb = randomOccupancy(random, 0.05) || 1n << BigInt(Math.floor(random() * 64));
      return { bb, sq: randomSquare(random) };
    },
  },
  load: (s) => Promise.all(queries(s).map(([path, query]) => api(path, query))),
  // A tap toggles the square in the set and inspects it.
  taps: (s) => ({ tap: "value^,sq", requests: queries(s) }),
  draw(s, [set, square]) {
    const { sq } = s;
    for (const mapping of Object.keys(views)) {
      const value = parseBB(set.values[mapping]);
      // The square last chosen is framed; an exercise's square is no choice of the student's (a
      // frame on a square outside the set read as a mark of it, on paper too).
      const marks = answersHidden(s) ? {} : { [sq]: "selected" };
      views[mapping].board.draw({ bits: value, mapping, index: mapping, marks, cursor: sq });
      views[mapping].readout.set(value);
    }
    inspect.replaceChildren(
      // A chess player's rank and file first; the 0-based indices only where labelled as such.
      `${square.name} is on the ${square.name[0]}-file, rank ${square.name[1]}: index ${square.index} = 8 × rank index ${square.rank} + file index ${square.file} (indices count from 0); `,
      `0x88 coordinate (the board in 16 columns, the 8 right of h off the board: chapter Directions) ${square.x88} = 16 × ${square.rank} + ${square.file} (0x${square.x88.toString(16).padStart(2, "0")}); `,
      `bit ${square.bits.lerf} in lerf, bit ${square.bits.lerbef} in lerbef = 8 × ${square.rank} + (7 − ${square.file}). `,
      `The set holds ${set.popcount} square${set.popcount === 1 ? "" : "s"}.`,
    );
    inspect.dataset.square = square.name;
    const lerbef = parseBB(set.values.lerbef);
    question.draw({
      prompt:
        "What is this set's value in lerbef (the devlog's mapping, h1 = bit 0)? Type it in hex (0x...) or decimal, then reveal.",
      answer: lerbef,
      answerText: `${set.values.lerbef} (${lerbef} in decimal)`,
      revealed: s.rev,
      given: s.ans,
    });
  },
});
