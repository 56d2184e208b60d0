// Chapter "kogge-stone": a slider's attacks by occluded fills, one direction at a time: the
// propagator, three doubling steps of 1, 2 and 4 squares, one more step; dumb7fill beside it,
// one square a step. Every value is a step of /api/methods (kogge_stone and dumb7fill).

import { api } from "../api.js";
import { createBoard } from "../board.js";
import { createChapter } from "../chapter.js";
import { createRadioGroup } from "../controls.js";
import { add, columns, el, setText } from "../dom.js";
import { pick, randomInt, randomSlider } from "../exercise.js";
import { big, createSliderSetup, createStatePredict, createValueBoard, predictFields, SLIDER_TAPS, squaresMap } from "../kit.js";
import {
  createPieceSelect,
  createStepView,
  DIRECTIONS,
  directionWords,
  engineFields,
  PIECE_DIRECTIONS,
  setupValues,
  stepById,
  stepsOf,
} from "../methods-view.js";
import { T } from "../state.js";
import { SLIDER_LETTERS } from "../terms.js";

const SLIDERS = Object.keys(SLIDER_LETTERS);
const { root, state, run } = createChapter({
  ...engineFields(),
  piece: T.choice(SLIDERS, "rook"),
  dir: T.choice(
    DIRECTIONS.map(([d]) => d),
    "w",
  ),
  step: T.int(0, 0, 6),
  ds: T.int(1, 1, 3), // the doubling step the exercise asks about
  ...predictFields(),
});

/** The direction shown: the state's, if the piece has it, else the piece's first. */
const direction = (s) => (PIECE_DIRECTIONS[s.piece].includes(s.dir) ? s.dir : PIECE_DIRECTIONS[s.piece][0]);
const letter = (s) => SLIDER_LETTERS[s.piece];
// The o the page shows (a blocker under the slider is out of it), so that empty = ~o reads off the o board.
const query = (s) => ({ piece: s.piece, sq: s.sq, occupied: setupValues(s).o, mapping: s.mapping });

const setup = createSliderSetup(root, state, {
  piece: letter,
  mappingNote:
    "A step east shifts by 1 in lerf and by -1 in lerbef, so the shifts and wrap masks change with the mapping; the fills, as squares, do not.",
});
const toolbar = root.querySelector(".toolbar");
const pieceSelect = createPieceSelect(toolbar, state, { choices: SLIDERS.map((p) => [p, p]) });
const directionSelect = createPieceSelect(toolbar, state, {
  key: "dir",
  id: "direction-choice",
  label: "Direction: ",
  choices: DIRECTIONS.map(([d, words]) => [d, words]),
});

// The Kogge-Stone steps of the chosen direction, one at a time, and all of them in a list.
const fillTitle = add(root, "h2", { class: "section-title" });
const view = createStepView(root, state, { listTitle: "The fill's steps", listLabel: "Steps of the fill" });
const counts = add(view.listColumn, "p", { class: "explain", "data-role": "counts" });

// Dumb7fill: the same fill one square a step, every step a small board.
const dumb7 = el("section", { class: "panel dumb7", "aria-labelledby": "dumb7-title" });
dumb7.append(el("h2", { id: "dumb7-title", text: "Dumb7fill: the same fill, one square a step" }));
const dumb7Note = add(dumb7, "p", { class: "explain" });
const dumb7Row = add(dumb7, "div", { class: "boards strip" });
const DUMB7_STEPS = ["fill1", "fill2", "fill3", "fill4", "fill5", "fill6", "attacks"];
const dumb7Boards = DUMB7_STEPS.map((id, i) =>
  createBoard(add(dumb7Row, "div", { class: "column" }), {
    role: `dumb7-${id}`,
    label: i < 6 ? `Step ${i + 1}` : "One more: the attacks",
    size: "small",
  }),
);
root.append(dumb7);

// The union over the piece's directions.
const [unionColumn] = columns(root, 1);
const unionBoard = createValueBoard(unionColumn, { role: "attacks", label: "All directions: the attacks", readout: "attacks" });

// The exercise: the fill before a doubling step and its propagator are given; mark the fill after it.
const predict = createStatePredict(root, state, "");
const promptLine = predict.element.querySelector(".predict-prompt");
const givens = el("div", { class: "boards givens" });
predict.element.classList.add("with-givens"); // on a slide, as wide as its three boards (methods.css)
const doubling = createRadioGroup(predict.element, {
  legend: "Doubling step",
  choices: [
    ["1", "1 (1 square)"],
    ["2", "2 (2 squares)"],
    ["3", "3 (4 squares)"],
  ],
  onChange: (value) => state.set({ ds: Number(value), pred: 0n, rev: false }),
});
const givenFill = createBoard(add(givens, "div", { class: "column" }), { role: "fill", label: "The fill so far", size: "small" });
const givenPro = createBoard(add(givens, "div", { class: "column" }), {
  role: "propagator",
  label: "Its propagator",
  size: "small",
});
givens.append(predict.element.querySelector(".predict-board"));
// The step chosen above a row of the three boards: the two given, then the student's (a projector
// shows them side by side; the prediction's board was a screen below the givens).
promptLine.after(doubling.element, givens);

/** A step of the fill by its kind, in a few words (for the stepper and the board's caption). */
const STEP_NAMES = {
  pro0: "the propagator",
  gen1: "doubling step 1",
  pro1: "the propagator for 2",
  gen2: "doubling step 2",
  pro2: "the propagator for 4",
  gen3: "doubling step 3",
  attacks: "one more step",
};

/** What a step of the fill does, in words, by its kind. */
const STEP_NOTES = {
  pro0: "The propagator: the empty squares, where a fill may go on. Moving east or west (and on the diagonals) a shift would wrap a bit round the board's edge onto the other side, so the file it would land on is cut off.",
  gen1: "Doubling step 1: every filled square moves one square on, and stays where the propagator allows.",
  pro1: "The propagator doubles: a square is open for a jump of 2 when it and the square 1 back are both empty.",
  gen2: "Doubling step 2: the fill jumps 2 squares, over squares the propagator says are empty.",
  pro2: "The propagator doubles again: open for a jump of 4 when it and the square 2 back are open for 2.",
  gen3: "Doubling step 3: the fill jumps 4 squares. After 1 + 2 + 4 the fill has run up to 7 squares, the longest ray.",
  attacks:
    "One more single step: the squares the fill reaches, the first blocker included (a capture), the slider's own square gone.",
};

run({
  errorAfter: unionColumn,
  present: [...[...setup.boards.children].slice(0, 2), view.column],
  exercise: {
    answers: [fillTitle, view.row, dumb7, unionColumn.parentElement],
    sheet: 4, // five boards an exercise: four of them fill 4 A4 pages with the key
    // A fresh question whose doubling step moves the fill: drawn blindly, two in three had an
    // answer equal to the fill given (a blocker or the edge next to the slider, or a fill already
    // whole), which the student could copy. Up to a few draws, the API saying which move it.
    next: async (s, random) => {
      let drawn = null;
      for (let tries = 0; tries < 12; tries += 1) {
        const piece = pick(random, SLIDERS);
        drawn = {
          piece,
          dir: pick(random, PIECE_DIRECTIONS[piece]),
          ...randomSlider(random),
          ds: 1 + randomInt(random, 3),
          step: 0,
        };
        const answer = await api("/methods", query({ ...s, ...drawn }));
        const fill = (id) => stepById(answer, "kogge_stone", id).value;
        if (fill(`${drawn.dir}_gen${drawn.ds}`) !== fill(drawn.ds === 1 ? "r" : `${drawn.dir}_gen${drawn.ds - 1}`)) break;
      }
      return drawn;
    },
  },
  controls(s) {
    pieceSelect.set(s.piece);
    directionSelect.set(direction(s));
    for (const option of directionSelect.element.options) option.disabled = !PIECE_DIRECTIONS[s.piece].includes(option.value);
    doubling.set(String(s.ds));
  },
  load: (s) => api("/methods", query(s)),
  taps: (s) => ({ tap: SLIDER_TAPS, requests: [["/methods", query(s)]] }),
  draw(s, answer) {
    const d = direction(s);
    const words = directionWords(d);
    const at = { [s.sq]: letter(s) };
    // Small boards mark the slider (a glyph that small would not read) and the blockers that stop a fill.
    const ring = { ...squaresMap(s.occ, "lerf", "blocker"), [s.sq]: "slider" };
    setup.draw(s, setupValues(s));
    const steps = stepsOf(answer, "kogge_stone", d);
    const index = Math.min(s.step, steps.length - 1);
    const step = steps[index];
    const kind = step.id.slice(d.length + 1);
    setText(fillTitle, `Kogge-Stone to the ${words}, step by step`);
    // A doubling step is drawn over the propagator it used (dotted): the fill may land only there.
    const used = kind.startsWith("gen") ? stepById(answer, "kogge_stone", `${d}_pro${Number(kind.slice(3)) - 1}`) : null;
    view.draw({
      steps,
      index,
      label: STEP_NAMES[kind],
      view: {
        bits: big(step.value),
        mapping: s.mapping,
        index: s.mapping,
        pieces: at,
        fills: used ? squaresMap(big(used.value), s.mapping, "mask") : {},
        caption: `${STEP_NAMES[kind][0].toUpperCase()}${STEP_NAMES[kind].slice(1)}${used ? " (dotted: the propagator it used)" : ""}`,
      },
      note: `${step.label}. ${STEP_NOTES[kind]}`,
    });
    const operations = (method) => stepsOf(answer, method, d).reduce((sum, x) => sum + x.operations, 0);
    setText(
      counts,
      `To the ${words}: Kogge-Stone takes 3 doubling steps and ${operations("kogge_stone")} operations; dumb7fill takes 6 single steps and ${operations("dumb7fill")} operations. Neither reads a table.`,
    );
    // Dumb7fill's steps, each a small board.
    DUMB7_STEPS.forEach((id, i) => {
      dumb7Boards[i].draw({ bits: big(stepById(answer, "dumb7fill", `${d}_${id}`).value), mapping: s.mapping, marks: ring });
    });
    setText(
      dumb7Note,
      `Dumb7fill moves the fill one square a step: after 6 steps it has run as far as Kogge-Stone after 3, and its attacks to the ${words} are the same. On each board the ring is the slider, a filled square a blocker.`,
    );
    const part = big(stepById(answer, "kogge_stone", `${d}_attacks`).value);
    unionBoard.draw({
      bits: big(answer.attacks),
      mapping: s.mapping,
      pieces: at,
      fills: squaresMap(part, s.mapping, "positive"),
      caption: `All directions: the ${s.piece}'s attacks (striped: to the ${words})`,
    });
    // The exercise's givens and answer.
    const before = s.ds === 1 ? stepById(answer, "kogge_stone", "r") : stepById(answer, "kogge_stone", `${d}_gen${s.ds - 1}`);
    const pro = stepById(answer, "kogge_stone", `${d}_pro${s.ds - 1}`);
    givenFill.draw({
      bits: big(before.value),
      mapping: s.mapping,
      marks: ring,
      caption: `The fill before doubling step ${s.ds} (ringed: the slider)`,
    });
    givenPro.draw({
      bits: big(pro.value),
      mapping: s.mapping,
      marks: ring,
      fills: squaresMap(big(pro.value), s.mapping, "mask"),
    });
    const jump = 2 ** (s.ds - 1);
    predict.prompt(
      `Doubling step ${s.ds} to the ${words} moves the fill ${jump} square${jump > 1 ? "s" : ""} on, landing only on the propagator's squares. Mark the squares the fill covers after it, then reveal.`,
    );
    predict.draw({
      predicted: s.pred,
      answer: big(stepById(answer, "kogge_stone", `${d}_gen${s.ds}`).value),
      mapping: s.mapping,
      revealed: s.rev,
    });
  },
});
