// Chapter "game": the devlog's final position in free mode. Click a piece, click a target.

import { api } from "../api.js";
import { convert } from "../bits.js";
import { answersHidden, createChapter } from "../chapter.js";
import { createMappingSwitch } from "../controls.js";
import { columns, el } from "../dom.js";
import { pick } from "../exercise.js";
import { big, chapterUrl, createStatePredict, createValueBoard, mappingField, NO_PREDICTION, predictFields } from "../kit.js";
import { T } from "../state.js";
import { DEVLOG, lineName } from "../terms.js";

const { root, state, error, run } = createChapter({
  fen: T.text(DEVLOG.fen, 100),
  sel: T.square(null),
  mapping: mappingField(),
  ...predictFields(),
});

const form = el("form", { class: "toolbar fen-form", "aria-label": "Load a position" });
const input = el("input", {
  id: "fen",
  name: "fen",
  class: "mono",
  size: "48",
  spellcheck: "false",
  autocomplete: "off",
  "aria-describedby": "fen-help",
});
form.append(
  el("label", { for: "fen" }, "FEN "),
  input,
  el("button", { type: "submit", "data-action": "load" }, "Load"),
  el("button", { type: "button", "data-action": "reset" }, "Reset to the devlog's position"),
  el("span", { id: "fen-help", class: "muted" }, "Any piece moves, whichever side is to move (free mode)."),
);
root.append(form);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const position = await api("/position", { fen: input.value, mapping: "lerf" });
    error.show(null);
    state.set({ fen: position.fen, sel: null, ...NO_PREDICTION });
  } catch (e) {
    error.show(e);
  }
});
form
  .querySelector('[data-action="reset"]')
  .addEventListener("click", () => state.set({ fen: DEVLOG.fen, sel: null, ...NO_PREDICTION }));
const mapping = createMappingSwitch(
  root,
  state,
  "The board is the same in both mappings; the occupied and moves values change, since a1 is bit 7 in lerbef and bit 0 in lerf.",
);

const [gameColumn, movesColumn] = columns(root, 2);
const game = createValueBoard(gameColumn, {
  role: "game",
  label: "Click a piece, then one of its targets",
  readout: "occupied",
  readoutRole: "occupied",
  interactive: true,
  onSquare: clickSquare,
  onHover: prefetch,
  size: "large",
});
const movesBoard = createValueBoard(movesColumn, { role: "moves", label: "Moves of the selected piece", readout: "moves" });
const info = el("div", { class: "panel selection", "aria-live": "polite" });
movesColumn.append(info);
const predict = createStatePredict(root, state, "Select a piece, then mark the squares you think it can move to, and reveal.");

let current = null; // the last position drawn, to interpret clicks

/** Ask ahead for what clicking this square will show: its piece selected, or the move made. */
function prefetch(name) {
  const s = state.get();
  // Only while the board on screen is the state's own: a stale one would ask wrong questions.
  if (!current || current.fen !== s.fen || (current.selected?.square ?? null) !== s.sel) return;
  const selected = current.selected;
  const ahead =
    selected?.piece && selected.moves.includes(name)
      ? api("/move", { fen: s.fen, from: selected.square, to: name }).then((moved) =>
          api("/position", { fen: moved.fen, square: null, mapping: s.mapping }),
        )
      : api("/position", { fen: s.fen, square: current.pieces[name] && name !== s.sel ? name : null, mapping: s.mapping });
  ahead.catch(() => {});
}

async function clickSquare(name) {
  const s = state.get();
  if (!current) return;
  const selected = current.selected;
  if (selected?.piece && selected.moves.includes(name)) {
    try {
      const moved = await api("/move", { fen: s.fen, from: selected.square, to: name });
      state.set({ fen: moved.fen, sel: null, ...NO_PREDICTION });
    } catch (e) {
      error.show(e);
    }
    return;
  }
  state.set({ sel: current.pieces[name] && name !== s.sel ? name : null, ...NO_PREDICTION });
}

function drawInfo(position, s) {
  const selected = position.selected;
  if (!selected?.piece) {
    info.replaceChildren(el("p", { text: "No piece selected. Click one (or focus a square and press Enter)." }));
    return;
  }
  const children = [
    el("p", {
      text: `${selected.piece} on ${selected.square}: ${selected.moves.length} move${selected.moves.length === 1 ? "" : "s"} (${selected.moves.join(" ") || "none"}).`,
    }),
  ];
  if (selected.slider) {
    const occ = convert(big(position.occupied), s.mapping, "lerf");
    const links = selected.lines.map((line) =>
      el(
        "li",
        {},
        el(
          "a",
          {
            href: chapterUrl("hyperbola", {
              sq: selected.square,
              occ: `0x${occ.toString(16)}`,
              line,
              piece: selected.slider,
              mapping: s.mapping,
            }),
            "data-line": line,
          },
          `o^(o-2r) along the ${lineName(line)}`,
        ),
      ),
    );
    children.push(
      el("p", { text: "Computed by this project's engine; see each line's equation:" }),
      el("ul", { class: "hyperbola-links" }, ...links),
    );
  } else {
    children.push(el("p", { class: "muted", text: "Not a slider: moves by python-chess's pseudo-legal rules for its colour." }));
  }
  info.replaceChildren(...children);
}

// A bad FEN in the URL: the error line says so, and the last board stays.
run({
  errorAfter: form,
  present: [gameColumn, movesBoard.board.figure],
  exercise: {
    answers: [movesColumn],
    // A fresh question: another piece of the position, whose moves the student marks.
    next: (s, random) => {
      const squares = Object.keys(current?.pieces ?? {}).filter((name) => name !== s.sel);
      return squares.length ? { sel: pick(random, squares) } : {};
    },
  },
  controls: (s) => mapping.set(s.mapping),
  load: (s) => api("/position", { fen: s.fen, square: s.sel, mapping: s.mapping }),
  draw(s, position) {
    current = position;
    if (document.activeElement !== input) input.value = position.fen;
    const selected = position.selected;
    const moves = selected ? big(selected.bitboard) : 0n;
    const marks = {};
    if (selected) {
      marks[selected.square] = "selected";
      // In exercise mode the targets are the answer: no dots until the student reveals.
      if (!answersHidden(s)) for (const target of selected.moves) marks[target] = position.pieces[target] ? "capture" : "target";
    }
    game.draw({ bits: big(position.occupied), mapping: s.mapping, pieces: position.pieces, marks });
    const caption = selected?.piece ? `Moves of ${selected.piece} on ${selected.square}` : "Moves of the selected piece";
    movesBoard.draw({ bits: moves, mapping: s.mapping, pieces: selected ? { [selected.square]: selected.piece } : {}, caption });
    drawInfo(position, s);
    predict.draw({ predicted: s.pred, answer: selected?.piece ? moves : null, mapping: s.mapping, revealed: s.rev });
  },
});
