// Chapter "rays": positive and negative rays of a queen, line by line, and the reversed board.

import { api, showError } from "../api.js";
import { convert, squareIndex, SQUARE_NAMES } from "../bits.js";
import { createBoard } from "../board.js";
import { createErrorLine } from "../controls.js";
import { big, createSliderSetup, el, occupancyIn, predictFields, predictHandlers, squaresMap } from "../kit.js";
import { createPredict } from "../predict.js";
import { createReadout } from "../readout.js";
import { T, createState } from "../state.js";
import { createStepper } from "../stepper.js";

const VIEWS = ["rank", "file", "diagonal", "anti_diagonal", "all"];
const B7 = 1n << 49n; // the devlog's pawn, LERF
const root = document.getElementById("chapter");
const state = createState({
  sq: T.square("e4"), occ: T.bb(B7), line: T.choice(["rank"], "rank"),
  mapping: T.choice(["lerbef", "lerf"], "lerbef"), view: T.int(4, 0, 4), ...predictFields(),
}, render);
const setup = createSliderSetup(root, state, {
  piece: "Q",
  mappingNote: "Which rays are positive depends on the mapping: in lerbef up, left, up-left and up-right (the devlog's green); in lerf up, right, up-right and up-left.",
});
const top = el("div", { class: "toolbar" });
root.append(top);
const stepper = createStepper(top, { label: "Line", onChange: (i) => state.set({ view: i }) });
const boards = el("div", { class: "boards" });
root.append(boards);
const raysColumn = el("div", { class: "column" });
const reversedColumn = el("div", { class: "column" });
const reversedResultColumn = el("div", { class: "column" });
boards.append(raysColumn, reversedColumn, reversedResultColumn);
const raysBoard = createBoard(raysColumn, { role: "rays", label: "Green: positive rays (subtraction works); red: negative rays" });
const raysReadout = createReadout(raysColumn, { role: "rays", label: "positive | negative" });
const reversedBoard = createBoard(reversedColumn, { role: "reversed", label: "The reversed board rev(o), slider at rev(r)" });
const reversedReadout = createReadout(reversedColumn, { role: "reversed", label: "rev(o)" });
const reversedResult = createBoard(reversedResultColumn, { role: "reversed-result", label: "On the reversed board: rev(b) − 2·rev(r)" });
const reversedResultReadout = createReadout(reversedResultColumn, { role: "reversed-result", label: "rev(b) − 2·rev(r)" });
const explain = el("p", { class: "explain panel", "aria-live": "polite" });
root.append(explain);
const error = createErrorLine(explain);
const predict = createPredict(root, { prompt: "Mark the squares of the positive rays shown (all lines, or the one line chosen), then reveal.", ...predictHandlers(state) });

let drawId = 0;
async function render(s) {
  const id = ++drawId;
  const view = VIEWS[s.view];
  const line = view === "all" ? "rank" : view;
  try {
    const occupied = occupancyIn(s);
    const [attacks, slide] = await Promise.all([
      api("/attacks", { piece: "queen", sq: s.sq, occupied, mapping: s.mapping }),
      api("/slide", { sq: s.sq, occupied, line, mapping: s.mapping }),
    ]);
    if (id !== drawId) return;
    showError(error, null);
    const v = Object.fromEntries(slide.steps.map((step) => [step.id, big(step.value)]));
    setup.draw(s, v);
    stepper.set(s.view, VIEWS.length, view === "all" ? "all four lines" : view.replace("_", "-"));
    let positive = 0n, negative = 0n;
    for (const [kind, rays] of Object.entries(attacks.lines)) {
      if (view !== "all" && kind !== view) continue;
      positive |= big(rays.positive);
      negative |= big(rays.negative);
    }
    const blockers = squaresMap(v.o, s.mapping, "p");
    raysBoard.draw({
      bits: positive | negative, mapping: s.mapping, index: s.mapping, pieces: { ...blockers, [s.sq]: "Q" },
      fills: { ...squaresMap(positive, s.mapping, "positive"), ...squaresMap(negative, s.mapping, "negative") },
    });
    raysReadout.set(positive | negative);
    const mirrored = SQUARE_NAMES[63 - squareIndex(s.sq)];
    reversedBoard.draw({ bits: v.rev_o, mapping: s.mapping, index: s.mapping, pieces: { ...squaresMap(v.rev_o, s.mapping, "p"), [mirrored]: "Q" } });
    reversedReadout.set(v.rev_o);
    reversedResult.draw({ bits: v.rev_b_minus_2rev_r, mapping: s.mapping, index: s.mapping, pieces: { [mirrored]: "Q" }, caption: `On the reversed board (${line.replace("_", "-")}): rev(b) − 2·rev(r)` });
    reversedResultReadout.set(v.rev_b_minus_2rev_r);
    explain.textContent = `Subtraction borrows towards higher bits only, so o^(o-2r) finds the positive rays. Reversing the bitboard turns bit i into bit 63 − i (the board rotated half a turn: the queen on ${s.sq} lands on ${mirrored}), so the negative rays become positive there; compute, then reverse back.`;
    predict.draw({ predicted: s.pred, answer: positive, mapping: s.mapping, revealed: s.rev });
  } catch (e) {
    if (id === drawId) showError(error, e);
  }
}
state.redraw();
