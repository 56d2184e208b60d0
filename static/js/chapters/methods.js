// Chapter "methods": one board, every method of /api/methods side by side: its result (the
// same attacks), its 64-bit operations, its table memory, the published C++ speed and this
// project's Python figure from /api/method-speeds; any method's steps one at a time.

import { api } from "../api.js";
import { popcount, SQUARE_NAMES, squareOfBit } from "../bits.js";
import { createBoard } from "../board.js";
import { createChapter } from "../chapter.js";
import { add, el, setText } from "../dom.js";
import { pick, randomSlider } from "../exercise.js";
import { big, createSliderSetup, createStatePredict, createStepList, predictFields, SLIDER_TAPS } from "../kit.js";
import { createPieceSelect, createStepView, engineFields, memory, setupValues } from "../methods-view.js";
import { T } from "../state.js";
import { SLIDER_LETTERS } from "../terms.js";

const SLIDERS = Object.keys(SLIDER_LETTERS);
// The methods in the API's order, with their names for students and how each finds the attacks.
const METHODS = [
  [
    "classical",
    "Classical approach",
    "a ray per direction from a table, the nearest blocker by bit scan, its own ray XORed away",
  ],
  [
    "hyperbola",
    "Hyperbola quintessence",
    "the devlog's o^(o-2r) per line, with the whole board's bits reversed for the negative rays, ranks " +
      "included (one operation on a CPU with a bit reversal, as ARM's rbit); the wiki's version, the one " +
      "the C++ figure measures, flips the board's bytes (bswap) and takes ranks from a table",
  ],
  ["kogge_stone", "Kogge-Stone fill", "per direction three doubling steps of 1, 2 and 4 squares, then one more"],
  ["dumb7fill", "Dumb7fill", "per direction six single steps, then one more"],
  ["obstruction_difference", "Obstruction difference", "per line upper ^ (upper - ms1b), the ms1b of the lower blockers"],
  ["magic", "Fancy magic bitboards", "the relevant occupancy times a magic number, shifted: an index into a table"],
  ["pext", "PEXT bitboards", "the relevant occupancy packed by PEXT into the index of a table of the same size"],
];
const NAMES = Object.fromEntries(METHODS.map(([id, name]) => [id, name]));
const { root, state, run } = createChapter({
  ...engineFields(),
  piece: T.choice(SLIDERS, "queen"),
  m: T.choice(
    METHODS.map(([id]) => id),
    "magic",
  ),
  step: T.int(0, 0, 200),
  ...predictFields(),
});
const letter = (s) => SLIDER_LETTERS[s.piece];
const setup = createSliderSetup(root, state, {
  piece: letter,
  mappingNote:
    "Every value of every step is in the mapping chosen, magic numbers included (lerbef has its own); the attacks, as squares, are the same.",
});
const pieceSelect = createPieceSelect(root.querySelector(".toolbar"), state, { choices: SLIDERS.map((p) => [p, p]) });

// --- The methods side by side.
const cardsTitle = add(root, "h2", { class: "section-title", text: "Seven methods, one board" });
const cardsNote = add(root, "p", { class: "explain", "data-role": "cards-note" });
const cards = add(root, "div", { class: "method-cards" });
const views = METHODS.map(([id, name, how]) => {
  const card = add(cards, "article", { class: "panel method-card", "data-method": id, "aria-labelledby": `card-${id}` });
  add(card, "h3", { id: `card-${id}`, text: name });
  add(card, "p", { class: "muted", text: `${how[0].toUpperCase()}${how.slice(1)}.` });
  const board = createBoard(card, { role: `result-${id}`, label: `${name}: the attacks`, size: "small" });
  const facts = add(card, "dl");
  const fact = (label) => {
    facts.append(el("dt", { text: label }));
    return add(facts, "dd");
  };
  const operations = fact("64-bit operations");
  const table = fact("Table memory");
  const published = fact("C++, published");
  const python = fact("Python, here");
  // Its steps, folded: a click on one shows it on the step board below.
  const fold = add(card, "details", { class: "method-steps" });
  const summary = add(fold, "summary");
  const steps = createStepList(fold, {
    label: `Steps of ${name}`,
    onPick: (i) => state.set({ m: id, step: i }, { history: "replace" }),
  });
  const show = add(card, "button", { type: "button", "data-action": "show-steps", "aria-pressed": "false" }, "Step through it");
  show.addEventListener("click", () => state.set({ m: id, step: 0 }, { history: "replace" }));
  return { id, name, card, board, operations, table, published, python, show, summary, steps };
});
const sources = add(root, "p", { class: "source", "data-role": "speeds-source" });

// --- One method's steps, one at a time.
const stepsTitle = add(root, "h2", { class: "section-title" });
const view = createStepView(root, state, { listTitle: "Its steps", listLabel: "Steps of the method" });

const predict = createStatePredict(root, state, "");

/** The published figures of a method as a line: the source's name for it and its million queens a second. */
function publishedText(figures) {
  return figures.map((f) => `${Math.round(f.mqueens).toLocaleString("en")} million queens a second (${f.name})`).join("; ");
}

/** A step's value on the board: a bitboard as it is, a bit scan's answer as its square, an index as its bits. */
function stepView(s, step, index) {
  const value = big(step.value);
  if (step.kind === "square") {
    const name = SQUARE_NAMES[squareOfBit(Number(value), s.mapping)];
    return { bits: 1n << value, caption: `Step ${index}: bit ${value}, square ${name}` };
  }
  if (step.kind === "number") return { bits: value, caption: `Step ${index}: the number ${value}, its bits` };
  return { bits: value, caption: `Step ${index}` };
}

/** The methods' request: every method's attacks for the state's piece, square and blockers. */
// The o the page shows (a blocker under the slider is out of it), so that empty = ~o reads off the o board.
const query = (s) => ({ piece: s.piece, sq: s.sq, occupied: setupValues(s).o, mapping: s.mapping });

run({
  errorAfter: sources,
  present: [...[...setup.boards.children].slice(0, 2), view.column],
  exercise: {
    answers: [cardsTitle, cardsNote, cards, stepsTitle, view.row],
    next: (_s, random) => ({ piece: pick(random, SLIDERS), ...randomSlider(random), step: 0 }),
  },
  controls: (s) => pieceSelect.set(s.piece),
  load: (s) => Promise.all([api("/methods", query(s)), api("/method-speeds")]),
  taps: (s) => ({ tap: SLIDER_TAPS, requests: [["/methods", query(s)]] }),
  draw(s, [answer, speeds]) {
    setup.draw(s, setupValues(s));
    const at = { [s.sq]: letter(s) };
    const python = speeds.python;
    for (const view of views) {
      const method = answer.methods[view.id];
      view.board.draw({ bits: big(method.attacks), mapping: s.mapping, marks: { [s.sq]: "slider" } });
      setText(view.operations, String(method.operations));
      setText(view.table, memory(method.table_bytes));
      setText(view.published, publishedText(speeds.published.methods[view.id]));
      setText(
        view.python,
        `${python.ratios[s.piece][view.id]} × python-chess's time (${Math.round(python.nanoseconds[s.piece][view.id])} ns a ${s.piece})`,
      );
      view.card.setAttribute("aria-current", String(view.id === s.m));
      view.show.setAttribute("aria-pressed", String(view.id === s.m));
      setText(view.summary, `Its ${method.steps.length} steps, folded`);
      view.steps.draw(method.steps, view.id === s.m ? Math.min(s.step, method.steps.length - 1) : -1);
    }
    const fewest = METHODS.map(([id]) => answer.methods[id].operations);
    setText(
      cardsNote,
      `The ${s.piece} on ${s.sq}: every method gives the same ${popcount(big(answer.attacks))} squares, each in its own way, from ${Math.min(...fewest)} to ${Math.max(...fewest)} operations.`,
    );
    setText(
      sources,
      `C++ speeds as published by ${speeds.published.source} (${speeds.published.date}), measured on one ${speeds.published.cpu}, one thread: ${speeds.published.measure}. Python figures: measured by this project (${python.date}, ${python.cpu}, Python ${python.python}), each method's time for a ${s.piece} as a multiple of the time python-chess takes for the same attacks.`,
    );
    const method = answer.methods[s.m];
    const index = Math.min(s.step, method.steps.length - 1);
    const step = method.steps[index];
    setText(stepsTitle, `${NAMES[s.m]}, step by step`);
    view.draw({
      steps: method.steps,
      index,
      label: NAMES[s.m], // the method stepped through, named on the stepper: a slide shows no heading
      view: { ...stepView(s, step, index + 1), mapping: s.mapping, index: s.mapping, pieces: at },
      value: big(step.value),
      note: `${step.label}. This step adds ${step.operations} operation${step.operations === 1 ? "" : "s"}; the method takes ${method.operations} in all.`,
    });
    predict.prompt(
      `Mark the squares the ${s.piece} on ${s.sq} attacks, the first blocker of each ray included (the answer every method must give), then reveal.`,
    );
    predict.draw({ predicted: s.pred, answer: big(answer.attacks), mapping: s.mapping, revealed: s.rev });
  },
});
