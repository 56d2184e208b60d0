// Chapter "game": the devlog's final position in free mode. Click a piece, click a target.

import { api, showError } from "../api.js";
import { convert } from "../bits.js";
import { createBoard } from "../board.js";
import { createErrorLine, createMappingSwitch } from "../controls.js";
import { big, chapterUrl, el, predictFields, predictHandlers } from "../kit.js";
import { createPredict } from "../predict.js";
import { createReadout } from "../readout.js";
import { T, createState } from "../state.js";

const DEVLOG_FEN = "1b6/3P1P2/1P6/6r1/p2q4/1Q4p1/8/1B5R";
const LINES = { rook: ["rank", "file"], bishop: ["diagonal", "anti_diagonal"], queen: ["rank", "file", "diagonal", "anti_diagonal"] };
const root = document.getElementById("chapter");
const state = createState({
  fen: T.text(DEVLOG_FEN, 100), sel: T.square(null), mapping: T.choice(["lerbef", "lerf"], "lerbef"), ...predictFields(),
}, render);

const form = el("form", { class: "toolbar fen-form", "aria-label": "Load a position" });
const input = el("input", { id: "fen", name: "fen", class: "mono", size: "48", spellcheck: "false", autocomplete: "off", "aria-describedby": "fen-help" });
form.append(
  el("label", { for: "fen" }, "FEN "), input,
  el("button", { type: "submit", "data-action": "load" }, "Load"),
  el("button", { type: "button", "data-action": "reset" }, "Reset to the devlog's position"),
  el("span", { id: "fen-help", class: "muted" }, "Any piece moves, whichever side is to move (free mode)."),
);
root.append(form);
const fenError = createErrorLine(form);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const position = await api("/position", { fen: input.value, mapping: "lerf" });
    showError(fenError, null);
    state.set({ fen: position.fen, sel: null, pred: 0n, rev: false });
  } catch (e) {
    showError(fenError, e);
  }
});
form.querySelector('[data-action="reset"]').addEventListener("click", () => state.set({ fen: DEVLOG_FEN, sel: null, pred: 0n, rev: false }));
const mapping = createMappingSwitch(root, {
  onChange: (value) => state.set({ mapping: value }),
  note: "The board is the same in both mappings; the occupied and moves values change, since a1 is bit 7 in lerbef and bit 0 in lerf.",
});

const boards = el("div", { class: "boards" });
root.append(boards);
const gameColumn = el("div", { class: "column" });
const movesColumn = el("div", { class: "column" });
boards.append(gameColumn, movesColumn);
const game = createBoard(gameColumn, { role: "game", label: "Click a piece, then one of its targets", interactive: true, onSquare: clickSquare, onHover: prefetch, size: "large" });
const occupiedReadout = createReadout(gameColumn, { role: "occupied", label: "occupied" });
const movesBoard = createBoard(movesColumn, { role: "moves", label: "Moves of the selected piece" });
const movesReadout = createReadout(movesColumn, { role: "moves", label: "moves" });
const info = el("div", { class: "panel selection", "aria-live": "polite" });
movesColumn.append(info);
const predict = createPredict(root, { prompt: "Select a piece, then mark the squares you think it can move to, and reveal.", ...predictHandlers(state) });

let current = null; // the last position drawn, to interpret clicks

/** Ask ahead for what clicking this square will show: its piece selected, or the move made. */
function prefetch(name) {
  const s = state.get();
  // Only while the board on screen is the state's own: a stale one would ask wrong questions.
  if (!current || current.fen !== s.fen || (current.selected?.square ?? null) !== s.sel) return;
  const selected = current.selected;
  const ahead = selected && selected.piece && selected.moves.includes(name)
    ? api("/move", { fen: s.fen, from: selected.square, to: name }).then((moved) => api("/position", { fen: moved.fen, square: null, mapping: s.mapping }))
    : api("/position", { fen: s.fen, square: current.pieces[name] && name !== s.sel ? name : null, mapping: s.mapping });
  ahead.catch(() => {});
}

async function clickSquare(name) {
  const s = state.get();
  if (!current) return;
  const selected = current.selected;
  if (selected && selected.piece && selected.moves.includes(name)) {
    try {
      const moved = await api("/move", { fen: s.fen, from: selected.square, to: name });
      state.set({ fen: moved.fen, sel: null, pred: 0n, rev: false });
    } catch (e) {
      showError(fenError, e);
    }
    return;
  }
  state.set({ sel: current.pieces[name] && name !== s.sel ? name : null, pred: 0n, rev: false });
}

let drawId = 0;
async function render(s) {
  const id = ++drawId;
  try {
    const position = await api("/position", { fen: s.fen, square: s.sel, mapping: s.mapping });
    if (id !== drawId) return;
    current = position;
    showError(fenError, null);
    if (document.activeElement !== input) input.value = position.fen;
    mapping.set(s.mapping);
    const selected = position.selected;
    const moves = selected ? big(selected.bitboard) : 0n;
    const marks = {};
    if (selected) {
      marks[selected.square] = "selected";
      for (const target of selected.moves) marks[target] = position.pieces[target] ? "capture" : "target";
    }
    game.draw({ bits: big(position.occupied), mapping: s.mapping, pieces: position.pieces, marks });
    occupiedReadout.set(big(position.occupied));
    movesBoard.draw({ bits: moves, mapping: s.mapping, pieces: selected ? { [selected.square]: selected.piece } : {}, caption: selected && selected.piece ? `Moves of ${selected.piece} on ${selected.square}` : "Moves of the selected piece" });
    movesReadout.set(moves);
    drawInfo(position, s);
    predict.draw({ predicted: s.pred, answer: selected && selected.piece ? moves : null, mapping: s.mapping, revealed: s.rev });
  } catch (e) {
    if (id !== drawId) return;
    showError(fenError, e); // a bad FEN in the URL: say so, and keep the last board
  }
}

function drawInfo(position, s) {
  const selected = position.selected;
  if (!selected || !selected.piece) {
    info.replaceChildren(el("p", { text: "No piece selected. Click one (or focus a square and press Enter)." }));
    return;
  }
  const children = [el("p", { text: `${selected.piece} on ${selected.square}: ${selected.moves.length} move${selected.moves.length === 1 ? "" : "s"} (${selected.moves.join(" ") || "none"}).` })];
  if (selected.slider) {
    const occ = convert(big(position.occupied), s.mapping, "lerf");
    const links = LINES[selected.slider].map((line) => el("li", {},
      el("a", { href: chapterUrl("hyperbola", { sq: selected.square, occ: "0x" + occ.toString(16), line, piece: selected.slider, mapping: s.mapping }), "data-line": line },
        `o^(o-2r) along the ${line.replace("_", "-")}`)));
    children.push(el("p", { text: "Computed by this project's engine; see each line's equation:" }), el("ul", { class: "hyperbola-links" }, ...links));
  } else {
    children.push(el("p", { class: "muted", text: "Not a slider: moves by python-chess's pseudo-legal rules for its colour." }));
  }
  info.replaceChildren(...children);
}

state.redraw();
