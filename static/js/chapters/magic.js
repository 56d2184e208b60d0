// Chapter "magic": one fancy magic lookup step by step (the relevant-occupancy mask, the
// blockers on it, the multiplication term by term, the shift, the table entry), the same mask
// by PEXT, an exercise on a shared index, and the search that found the magic, replayed.
// Every number comes from /api/magic and /api/magic-search.

import { api } from "../api.js";
import { binary } from "../bits.js";
import { createBoard } from "../board.js";
import { createChapter } from "../chapter.js";
import { add, el, setDisabled, setText, verdictLine } from "../dom.js";
import { pick, randomSlider } from "../exercise.js";
import { big, createSliderSetup, createStatePredict, occupancyIn, predictFields, SLIDER_TAPS, squaresMap } from "../kit.js";
import { createPieceSelect, createStepView, engineFields, setupValues } from "../methods-view.js";
import { T } from "../state.js";

const KINDS = ["rook", "bishop"];
const LETTERS = { rook: "R", bishop: "B" };
const SHOWN = 20; // candidates of a search given in full
const { root, state, run } = createChapter({
  ...engineFields(),
  kind: T.choice(KINDS, "rook"),
  step: T.int(0, 0, 4),
  // The exercise on a shared index: the board picked (0..2, -1 none), for which question, revealed.
  pick: T.int(-1, -1, 2),
  pq: T.text("", 40),
  srev: T.bool(false),
  // The search: shown or not, its seed (-1: the project's), the candidate on screen.
  search: T.bool(false),
  seed: T.int(-1, -1, 999999),
  cand: T.int(0, 0, SHOWN - 1),
  ...predictFields(),
});

const letter = (s) => LETTERS[s.kind];
const questionKey = (s) => `${s.kind}-${s.sq}-${s.mapping}-${s.occ.toString(16)}`;
const setup = createSliderSetup(root, state, {
  piece: letter,
  mappingNote:
    "A magic works on the bit numbers of its mapping: lerbef has its own magics, found by the same search, and its masks and indices are lerbef's.",
});
const kindSelect = createPieceSelect(root.querySelector(".toolbar"), state, {
  key: "kind",
  id: "kind-choice",
  label: "Table: ",
  choices: KINDS.map((k) => [k, k]),
});

// --- The lookup, step by step.
const STEPS = [
  { id: "mask", label: "The relevant-occupancy mask", formula: (a) => `mask = ${a.piece}_masks[sq]` },
  { id: "blockers", label: "The blockers on the mask", formula: () => "blockers = occupied & mask" },
  { id: "product", label: "Times the magic number", formula: () => "product = blockers * magic" },
  { id: "index", label: "The top bits: the index", formula: (a) => `index = product >> ${a.shift}` },
  { id: "attacks", label: "One table read: the attacks", formula: () => "attacks = table[offset + index]" },
];
add(root, "h2", { class: "section-title", text: "One lookup, step by step" });
const view = createStepView(root, state, { listTitle: "The lookup's steps", listLabel: "Steps of the lookup" });
const multiplication = el(
  "section",
  { class: "panel", "aria-labelledby": "multiply-title" },
  el("h3", { id: "multiply-title", text: "The multiplication, term by term (bit 63 on the left; shaded: the index bits)" }),
  el("pre", { class: "mono binary-rows", tabindex: "0", "aria-label": "The multiplication in binary" }),
);
root.append(multiplication);

// --- PEXT: the same mask, the bits packed into an index.
const pextPanel = el("section", { class: "panel", "aria-labelledby": "pext-title" });
pextPanel.append(el("h2", { id: "pext-title", text: "The same mask by PEXT" }));
const gather = add(pextPanel, "ol", { class: "gather", "aria-label": "The mask's squares in the order PEXT packs them" });
const pextNote = add(pextPanel, "p", { class: "explain", "data-role": "pext-note" });
root.append(pextPanel);

// --- Exercise: which board shares the index?
const share = el("section", { class: "panel share", "aria-labelledby": "share-title" });
share.append(el("h2", { id: "share-title", text: "Two boards, one index" }));
const sharePrompt = add(share, "p", { class: "predict-prompt" });
const choiceRow = add(share, "div", { class: "boards choices" });
const choices = ["A", "B", "C"].map((name, i) => {
  const column = add(choiceRow, "div", { class: "column", "data-choice": String(i) });
  const board = createBoard(column, { role: `choice-${name.toLowerCase()}`, label: `Board ${name}`, size: "small" });
  const button = add(column, "button", { type: "button", "aria-pressed": "false", "data-action": "pick" }, `Board ${name}`);
  button.addEventListener("click", () => state.set({ pick: i, pq: questionKey(state.get()), srev: false }));
  const reason = add(column, "p", { class: "explain", "data-role": "reason" });
  return { column, board, button, reason, name };
});
const shareActions = add(share, "div", { class: "predict-actions" });
const shareReveal = add(shareActions, "button", { type: "button", "data-action": "share-reveal" }, "Reveal which one");
shareReveal.addEventListener("click", () => state.set({ srev: true, pq: questionKey(state.get()) }));
const shareScore = add(share, "p", { class: "predict-score", role: "status", "aria-live": "polite" });
// The verdict once revealed, the pick before it; the invitation to reveal is the screen's (paper has no reveal).
const shareSay = verdictLine(shareScore);
root.append(share);

// --- The search, replayed: a candidate at a time.
const searchBox = el("details", { class: "panel search", "data-role": "search" });
searchBox.append(el("summary", {}, "Watch a search: how the project found this square's magic"));
const searchIntro = add(searchBox, "p", { class: "explain", "data-role": "search-intro" });
const searchBar = add(searchBox, "div", { class: "toolbar" });
const previous = add(searchBar, "button", { type: "button", "data-action": "previous-candidate" }, "Previous candidate");
const nextCandidate = add(searchBar, "button", { type: "button", "data-action": "next-candidate" }, "Next candidate");
const reseed = add(searchBar, "button", { type: "button", "data-action": "reseed" }, "Search with another seed");
const ownSeed = add(searchBar, "button", { type: "button", "data-action": "own-seed" }, "The project's own seed");
const candidateTitle = add(searchBox, "p", { class: "formula", "aria-live": "polite", "data-role": "candidate" });
const candidateText = add(searchBox, "p", { class: "explain", "data-role": "verdict" });
const candidateRow = add(searchBox, "div", { class: "boards choices" });
const sides = ["first", "second"].map((side) =>
  createBoard(add(candidateRow, "div", { class: "column" }), {
    role: `collision-${side}`,
    label: side === "first" ? "Placed first" : "Then this one, on the same index",
    size: "small",
  }),
);
const searchEnd = add(searchBox, "p", { class: "explain", "data-role": "search-end" });
root.append(searchBox);
searchBox.addEventListener("toggle", () => {
  if (searchBox.open !== state.get().search) state.set({ search: searchBox.open }, { history: "replace" });
});
previous.addEventListener("click", () => state.set({ cand: Math.max(0, state.get().cand - 1) }, { history: "replace" }));
nextCandidate.addEventListener("click", () => state.set({ cand: state.get().cand + 1 }, { history: "replace" }));
reseed.addEventListener("click", () => state.set({ seed: Math.floor(Math.random() * 1000000), cand: 0 }));
ownSeed.addEventListener("click", () => state.set({ seed: -1, cand: 0 }));

const predict = createStatePredict(root, state, "");

/**
 * Write rows of 64 binary digits, bit 63 first, the bits at or above `from` marked as the index
 * window. The rows already written are rewritten digit by digit (a tap changes a few of its
 * hundreds of digits); only a row more or fewer is built or taken away.
 */
const binaryRows = new WeakMap(); // pre -> [{ line, label, bits: [64 spans] }], each line followed by "\n"
function drawBinary(pre, rows, from) {
  if (!binaryRows.has(pre)) {
    pre.replaceChildren();
    binaryRows.set(pre, []);
  }
  const shown = binaryRows.get(pre);
  while (shown.length < rows.length) {
    const label = el("span", { class: "row-label" });
    const line = el("span", { class: "binary-row" }, label);
    const bits = [];
    for (let b = 0; b < 8; b++) {
      const group = el("span", { class: "byte" });
      for (let i = 0; i < 8; i++) bits.push(add(group, "span", { class: "bit" }));
      line.append(group, " ");
    }
    pre.append(line, "\n");
    shown.push({ line, label, bits });
  }
  while (shown.length > rows.length) {
    const { line } = shown.pop();
    line.nextSibling.remove();
    line.remove();
  }
  rows.forEach(([label, value], r) => {
    const row = shown[r];
    const digits = binary(value);
    setText(row.label, `${label.padStart(16)}  `);
    row.bits.forEach((bit, i) => {
      setText(bit, digits[i]);
      const className = 63 - i >= from ? "bit window" : "bit";
      if (bit.className !== className) bit.className = className;
    });
  });
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function drawLookup(s, a) {
  const v = {
    mask: big(a.mask),
    blockers: big(a.blockers),
    product: big(a.product),
    index: BigInt(a.index),
    attacks: big(a.attacks),
  };
  const index = Math.min(s.step, STEPS.length - 1);
  const step = STEPS[index];
  const steps = STEPS.map((x) => ({ id: x.id, label: x.label, formula: x.formula(a) }));
  const blockers = squaresMap(v.blockers, s.mapping, "p");
  const views = {
    mask: {
      fills: squaresMap(v.mask, s.mapping, "mask"),
      marks: squaresMap(big(a.edges), s.mapping, "edge"),
      caption: `The mask: ${plural(a.bits, "square")} (dotted); the ray ends it leaves out, crossed`,
      legend: { mask: "the mask" },
    },
    blockers: {
      fills: squaresMap(v.mask, s.mapping, "mask"),
      pieces: blockers,
      caption: "The blockers on the mask",
      legend: { mask: "the mask" },
    },
    product: {
      fills: squaresMap(big(a.index_bits), s.mapping, "mask"),
      caption: `The product, modulo 2^64 (dotted: its top ${a.bits} bits)`,
      legend: { mask: `its top ${a.bits} bits, the index` },
    },
    index: { caption: `The index: ${a.index} of ${a.subsets}, its ${a.bits} bits at the bottom` },
    attacks: { pieces: blockers, caption: `The table entry at offset ${a.offset} + ${a.index}: the attacks` },
  };
  const notes = {
    mask: `A blocker changes the ${a.piece}'s attacks only on its lines, and not on the last square of a ray: the ray ends there anyway. So the mask keeps ${a.bits} squares: ${a.subsets} possible sets of blockers, and the table has ${a.subsets} entries for this square.`,
    blockers: `The lookup sees only these ${plural(a.terms.length, "blocker")}: the rest of the board cannot change the attacks.`,
    product: `The product is the magic shifted left by each blocker's bit number, the terms added up modulo 2^64 (${plural(a.terms.length, "term")}, below). The magic was chosen so that the top ${a.bits} bits come out different for any two sets of blockers with different attacks.`,
    index: `Shifting right by ${a.shift} keeps the top ${a.bits} bits: index ${a.index} (binary ${a.index.toString(2).padStart(a.bits, "0")}).`,
    attacks: `One read at the square's offset ${a.offset} plus the index gives the attacks: no loop, no bit scan. The table holds 2^${a.bits} entries for this square.`,
  };
  const shown = views[step.id];
  view.draw({
    steps,
    index,
    label: step.label,
    view: {
      bits: v[step.id],
      mapping: s.mapping,
      index: s.mapping,
      fills: shown.fills ?? {},
      marks: shown.marks ?? {},
      pieces: { ...(shown.pieces ?? {}), [s.sq]: letter(s) },
      caption: shown.caption,
      legend: shown.legend ?? {},
    },
    note: notes[step.id],
  });
  drawBinary(
    multiplication.querySelector("pre"),
    [["magic", big(a.magic)], ...a.terms.map((t) => [`<< ${t.bit} (${t.square})`, big(t.term)]), ["product", v.product]],
    a.shift,
  );
}

function drawPext(a) {
  // The items already listed are rewritten in place; only an item more or fewer is built or taken away.
  const items = gather.children;
  while (items.length > a.pext.gather.length) gather.lastElementChild.remove();
  a.pext.gather.forEach((g, k) => {
    const item = items[k] ?? add(gather, "li", {}, el("span", { class: "k" }, `bit ${k}`), "");
    item.setAttribute("data-set", g.set ? "1" : "0");
    item.setAttribute("data-square", g.square);
    const text = item.lastChild;
    const value = `${g.square}: ${g.set ? 1 : 0}`;
    if (text.data !== value) text.data = value;
  });
  setText(
    pextNote,
    `PEXT takes the bits of occupied under the mask and packs them, the lowest first: index ${a.pext.index} (binary ${a.pext.index.toString(2).padStart(a.bits, "0")}), into a table of the same ${a.subsets} entries. BMI2's PEXT instruction does it in one go; here it is computed in software. AMD processors before Zen 3 run the instruction slowly, which is why engines keep magics as well.`,
  );
}

function drawShare(s, a) {
  const question = a.share;
  const picked = s.pq === questionKey(s) ? s.pick : -1;
  const revealed = s.srev && s.pq === questionKey(s);
  setText(
    sharePrompt,
    `Your board's blockers give index ${a.index}. Each board below changes one square of yours. Which one lands on the same index, and why may it share the entry?`,
  );
  choices.forEach((choice, i) => {
    const c = question.choices[i];
    choice.column.hidden = !c;
    if (!c) return;
    const occupancy = big(c.occupancy);
    choice.board.draw({
      bits: occupancy,
      mapping: s.mapping,
      marks: { [s.sq]: "slider", [c.square]: "changed" },
      caption: `Board ${choice.name}: the blockers, ${c.square} changed (framed), the slider ringed`,
    });
    choice.button.setAttribute("aria-pressed", String(picked === i));
    choice.column.dataset.verdict = revealed ? (i === question.answer ? "right" : picked === i ? "wrong" : "") : "";
    setText(choice.reason, revealed ? `Index ${c.index}. ${c.reason}` : "");
  });
  setDisabled(shareReveal, revealed);
  const name = choices[question.answer].name;
  if (revealed)
    shareSay(
      picked === question.answer ? `Right: board ${name} shares index ${a.index}.` : `Board ${name} shares index ${a.index}.`,
    );
  else if (picked >= 0) shareSay(`You picked board ${choices[picked].name}. `, "Reveal when you are ready.");
  else shareSay("", "Pick a board, then reveal.");
}

const VERDICTS = {
  too_few_top_bits: (c, r) =>
    `mask × candidate puts only ${c.top_bits} bits in its top byte (fewer than ${r.min_top_bits}): it would spread the blocker sets over too few indices. Dropped without a try.`,
  collision: (c) =>
    `It placed ${plural(c.placed, "blocker set")} on ${c.placed === 1 ? "its index" : "their indices"}, then two sets with different attacks landed on index ${c.collision.index}: a collision. Dropped; the next candidate.`,
  magic: (c, r) =>
    `All ${r.subsets} blocker sets placed, and no two with different attacks share an index (${plural(c.shared, "set")} shared one with the same attacks, which is allowed): a magic.`,
};

function drawSearch(s, r) {
  const shown = r.candidates;
  const i = Math.min(s.cand, shown.length - 1);
  const c = shown[i];
  setText(
    searchIntro,
    `Each candidate is three random 64-bit numbers ANDed together, so about one bit in eight is set. Seed ${r.seed}${r.seed === r.committed.seed ? ", the seed that found the project's magics" : ""}: the first ${shown.length} candidates, one at a time.`,
  );
  setDisabled(previous, i === 0);
  setDisabled(nextCandidate, i >= shown.length - 1);
  setDisabled(ownSeed, r.seed === r.committed.seed);
  setText(candidateTitle, `Candidate ${c.number}: ${c.magic}`);
  setText(candidateText, VERDICTS[c.verdict](c, r));
  candidateRow.hidden = !c.collision;
  if (c.collision) {
    [c.collision.first, c.collision.second].forEach((side, k) => {
      const occupancy = big(side.occupancy);
      // Each blocker marked on top of the stripes: the one the two sets differ by is often the
      // first on its ray, an attacked square, where a set bit alone hid under the stripes.
      sides[k].draw({
        bits: occupancy,
        mapping: s.mapping,
        marks: { ...squaresMap(occupancy, s.mapping, "blocker"), [s.sq]: "slider" },
        fills: squaresMap(big(side.attacks), s.mapping, k === 0 ? "positive" : "negative"),
        legend: { positive: "its attacks", negative: "its attacks" },
        caption: `${k === 0 ? "Placed first" : "Then this one"}: its blockers (small filled squares) on index ${c.collision.index}, its attacks striped, the ring the slider`,
      });
    });
  }
  setText(
    searchEnd,
    r.found
      ? `This search found ${r.found} at candidate ${r.drawn.toLocaleString("en")}.${r.found === r.committed.magic ? " It is the magic the project uses for this square." : ""}`
      : `This replay stopped after ${r.drawn.toLocaleString("en")} candidates without a magic. The project's own search for this square (seed ${r.committed.seed}) drew ${r.committed.candidates.toLocaleString("en")} candidates and found ${r.committed.magic}.`,
  );
}

run({
  errorAfter: setup.boards,
  present: [...[...setup.boards.children].slice(0, 2), view.column],
  exercise: {
    answers: [view.row, multiplication, pextPanel, share, searchBox],
    next: (_s, random) => ({
      kind: pick(random, KINDS),
      ...randomSlider(random),
      step: 0,
      search: false,
    }),
  },
  controls(s) {
    kindSelect.set(s.kind);
    searchBox.open = s.search;
  },
  // The search panel, when open, asks for its own square after a tap; the lookup is ready.
  taps: (s) => ({
    tap: SLIDER_TAPS,
    requests: [["/magic", { piece: s.kind, sq: s.sq, mapping: s.mapping, occupied: occupancyIn(s) }]],
  }),
  async load(s) {
    const query = { piece: s.kind, sq: s.sq, mapping: s.mapping };
    const [lookup, search] = await Promise.all([
      api("/magic", { ...query, occupied: occupancyIn(s) }),
      s.search ? api("/magic-search", { ...query, show: SHOWN, seed: s.seed >= 0 ? s.seed : null }) : null,
    ]);
    return { lookup, search };
  },
  draw(s, { lookup, search }) {
    setup.draw(s, setupValues(s));
    drawLookup(s, lookup);
    drawPext(lookup);
    drawShare(s, lookup);
    if (search) drawSearch(s, search);
    predict.prompt(
      `Mark the relevant-occupancy squares of the ${s.kind} on ${s.sq}: the squares where a blocker can change its attacks (the last square of each ray left out), then reveal.`,
    );
    predict.draw({ predicted: s.pred, answer: big(lookup.mask), mapping: s.mapping, revealed: s.rev });
  },
});
