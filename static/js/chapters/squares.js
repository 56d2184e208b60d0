// Chapter "squares": one set of squares, its value in LERF and in the devlog's lerbef.

import { api, showError } from "../api.js";
import { BB_ALL, parseBB, squareBB, squareIndex, toggleSquare } from "../bits.js";
import { createBoard } from "../board.js";
import { createReadout } from "../readout.js";
import { T, createState } from "../state.js";

const DEVLOG = 0x1000804200000010n; // lerbef, as printed in the devlog's sketches
const root = document.getElementById("chapter");
const error = root.querySelector(".input-error");
const inspect = document.getElementById("inspect");

const state = createState({ bb: T.bb(0x1000000010000001n), sq: T.square("e4") }, render);

const views = {};
for (const mapping of ["lerf", "lerbef"]) {
  const column = root.querySelector(`[data-column="${mapping}"]`);
  const title = mapping === "lerf" ? "LERF (wiki, python-chess): a1 = bit 0" : "lerbef (devlog): h1 = bit 0";
  const board = createBoard(column, {
    role: mapping, label: title, interactive: true,
    onSquare: (name) => state.set({ bb: toggleSquare(state.get().bb, squareIndex(name)), sq: name }),
  });
  const readout = createReadout(column, {
    role: mapping, label: `value in ${mapping}`, editable: true,
    onInput: async (value) => {
      try {
        const data = await api("/bitboard", { value, mapping });
        state.set({ bb: parseBB(data.values.lerf) });
      } catch (e) { showError(error, e); }
    },
  });
  views[mapping] = { board, readout };
}

root.querySelector(".toolbar").addEventListener("click", async (event) => {
  const preset = event.target.dataset?.preset;
  if (!preset) return;
  if (preset === "clear") state.set({ bb: 0n });
  if (preset === "all") state.set({ bb: BB_ALL });
  if (preset === "a1") state.set({ bb: squareBB(0), sq: "a1" });
  if (preset === "devlog") {
    const data = await api("/bitboard", { value: DEVLOG, mapping: "lerbef" });
    state.set({ bb: parseBB(data.values.lerf) });
  }
});

let drawId = 0;
async function render({ bb, sq }) {
  const id = ++drawId;
  try {
    const [set, square] = await Promise.all([api("/bitboard", { value: bb, mapping: "lerf" }), api("/square", { sq })]);
    if (id !== drawId) return;
    showError(error, null);
    for (const mapping of ["lerf", "lerbef"]) {
      const value = parseBB(set.values[mapping]);
      views[mapping].board.draw({ bits: value, mapping, index: mapping, marks: { [sq]: "selected" } });
      views[mapping].readout.set(value);
    }
    const bitLerf = square.index;
    const bitLerbef = square.index ^ 7;
    inspect.innerHTML = "";
    inspect.append(
      `${square.name}: index ${square.index} = 8 × rank ${square.rank} + file ${square.file}; `,
      `0x88 coordinate ${square.x88} = 16 × ${square.rank} + ${square.file} (0x${square.x88.toString(16).padStart(2, "0")}); `,
      `bit ${bitLerf} in lerf, bit ${bitLerbef} in lerbef = 8 × ${square.rank} + (7 − ${square.file}). `,
      `The set holds ${set.popcount} square${set.popcount === 1 ? "" : "s"}.`,
    );
    inspect.dataset.square = square.name;
  } catch (e) {
    if (id === drawId) showError(error, e);
  }
}

state.redraw();
