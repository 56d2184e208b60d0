// Chapter "intersections": where a line through a meets a line through b, by the page's 0x88
// arithmetic, with the off-board and colour cases, and all 12 pairs at once. One request,
// /api/intersections, answers every pair, the page's "0x88 Math" with the numbers put in
// included; /api/intersection is asked only for two lines of one kind, to hear its refusal.
// Opened from the routine audit (routine=... in the URL), it shows that printed routine's
// answer beside the truth (/api/routine).

import { api, askedBefore } from "../api.js";
import { bbOf } from "../bits.js";
import { answersHidden, createChapter } from "../chapter.js";
import { createSelect } from "../controls.js";
import { drawDerivation } from "../derivation-view.js";
import { el, morph } from "../dom.js";
import { pick as pickOne, randomSquare } from "../exercise.js";
import { big, ends, squaresMap } from "../kit.js";
import { createQuestion, questionFields } from "../question.js";
import { createRoutinePanel, loadRoutine, routineQuery } from "../routine-panel.js";
import { T } from "../state.js";
import { LINE_CHOICES, LINE_KINDS, lineName } from "../terms.js";
import { allSquares, createWikiLayout, table, verdict } from "../wiki.js";

/** The chosen pair's query: its squares and line kinds. */
const pairOf = (s) => ({ a: s.a, b: s.b, line_a: s.line_a, line_b: s.line_b });

/**
 * The chosen pair's working and derivation: from all 12 pairs of these squares when they were
 * asked (after each draw, so that choosing another row asks nothing), else from the API. Two
 * lines of one kind are not among the 12: the API refuses the pair, and says why.
 */
async function chosenPair(s) {
  const all = askedBefore("/intersections", { a: s.a, b: s.b });
  const found = all && (await all.catch(() => null))?.combinations.find((c) => c.line_a === s.line_a && c.line_b === s.line_b);
  if (found) return { one: { ...found, a: s.a, b: s.b }, refused: null };
  return api("/intersection", pairOf(s)).then(
    (one) => ({ one, refused: null }),
    (refused) => ({ one: null, refused }),
  );
}

const { root, state, error, run } = createChapter({
  a: T.square("e4"),
  b: T.square("c7"),
  line_a: T.choice(LINE_KINDS, "rank"),
  line_b: T.choice(LINE_KINDS, "diagonal"),
  pick: T.choice(["a", "b"], "a"),
  routine: T.text("", 80),
  ...questionFields(),
});
const { top, pick, board, drawBoard, infoColumn } = createWikiLayout(root, state, {
  role: "intersections",
  label: "The lines through S and D",
  legend: { "line-a": "the line through S", "line-b": "the line through D", both: "on both lines: the intersection" },
  picks: [
    ["a", "the first square (S)"],
    ["b", "the second square (D)"],
  ],
});
const selects = {};
for (const [key, label] of [
  ["line_a", "Line through S: "],
  ["line_b", "Line through D: "],
]) {
  selects[key] = createSelect(top, {
    id: key,
    control: key,
    label,
    choices: LINE_CHOICES,
    // Another pair of line kinds is no longer the linked routine's question: it goes.
    onChange: (value) => state.set({ [key]: value, ans: "", rev: false, routine: "" }),
  });
}
const working = el("section", { class: "panel", "aria-live": "polite", "data-role": "working" });
infoColumn.append(working);
const routinePanel = createRoutinePanel(infoColumn, () => state.set({ routine: "" }));
const derivation = el("section", { class: "panel derivation", "data-role": "derivation" });
const all = el("section", { class: "panel", "data-role": "all" });
root.append(derivation, all);
all.addEventListener("click", (event) => {
  const row = event.target.closest("button[data-pair]");
  if (row) {
    const [lineA, lineB] = row.dataset.pair.split("/");
    state.set({ line_a: lineA, line_b: lineB, routine: "" });
  }
});

/** The API's reasons for no square, as the page words them. */
const REASONS = { off_board: "off the board", different_colors: "squares of different colours" };
// "none", "no", "nowhere" or a blank-free "-" all say: no square.
const NONE = new Set(["none", "no", "nowhere", "-", "—", "no square"]);
const question = createQuestion(root, state, {
  kind: "text",
  normalize: (text) => {
    const t = text.trim().toLowerCase();
    return NONE.has(t) ? "none" : t;
  },
});

/** Binary digits with the bits of the test mask wrapped for highlighting. */
function highlighted(binary, maskBinary) {
  return el(
    "code",
    { class: "bits" },
    ...[...binary].map((bit, i) => el("span", { class: maskBinary[i] === "1" ? "tested" : "" }, bit)),
  );
}

function explanation(one) {
  const w = one.working;
  if (one.reason === "different_colors") {
    return "No square: a diagonal and an anti-diagonal of different colours never meet (they would cross between squares). In the arithmetic, s88x2 is odd: bit 0 is set.";
  }
  if (one.reason === "off_board") {
    const bits = w.doubled ? "(bits 4 and 8 of s88x2: file or rank beyond 7)" : "(bit 3: file beyond 7; bit 7: rank beyond 7)";
    // A file below 0 is no file beyond 7 at first sight: it borrows from the rank's digit.
    const borrow = w.doubled
      ? ""
      : " A file below 0 borrows from the rank: file -1 reads as file 15 (bit 3 set) of the rank below, as 16 × rank - 1 = 16 × (rank - 1) + 15.";
    return `No square: the two lines would cross off the board. In the 0x88 arithmetic that shows as a set bit under the test mask ${bits}.${borrow}`;
  }
  return `They meet on ${one.square}: no tested bit is set, so the 0x88 value converts back to a square.`;
}

function drawWorking(one) {
  const w = one.working;
  const title = one.square
    ? `The ${lineName(one.line_a)} of ${one.a} meets the ${lineName(one.line_b)} of ${one.b} on ${one.square}`
    : `No intersection (${REASONS[one.reason]})`;
  const printed = one.printed;
  morph(
    working,
    el("h2", { "data-square": one.square || "none" }, title),
    el("p", {}, el("code", {}, w.formula), ` = ${w.value}`),
    el("p", { class: "mono" }, "value  ", highlighted(w.binary, w.test_mask_binary)),
    el("p", { class: "mono" }, `& 0x${w.test_mask.toString(16)}  `, highlighted(w.test_mask_binary, w.test_mask_binary)),
    el(
      "p",
      { class: "mono" },
      "=      ",
      highlighted(w.masked_binary, w.test_mask_binary),
      ` (${w.masked ? "not zero: no square" : "zero: on the board"})`,
    ),
    el("p", {}, w.square ? el("code", {}, `${w.square_formula} = ${w.square}`) : ""),
    el("p", { "data-role": "reason" }, explanation(one)),
    el(
      "p",
      { "data-role": "printed" },
      `The page's routine as printed, ${printed.call}, returns ${printed.value}${printed.square ? ` (${printed.square})` : ""}: `,
      verdict(printed.correct),
    ),
  );
}

function drawAll(many, s) {
  const rows = many.combinations.map((c) => {
    const key = `${c.line_a}/${c.line_b}`;
    const current = c.line_a === s.line_a && c.line_b === s.line_b;
    const choose = el("button", { type: "button", class: "linklike", "data-pair": key }, lineName(c.line_a));
    return {
      attrs: { "data-pair": key, ...(current ? { "aria-current": "true" } : {}) },
      cells: [choose, lineName(c.line_b), c.square || "—", c.reason ? REASONS[c.reason] : "", verdict(c.printed.correct)],
    };
  });
  morph(
    all,
    el("h2", { text: `All 12 pairs for S = ${many.a}, D = ${many.b}` }),
    table(["line through S", "line through D", "square", "reason", "page's routine"], rows),
  );
}

run({
  errorAfter: working,
  // The two lines' kinds too: a lesson walks through their combinations on the projector.
  present: [
    ...["line_a", "line_b"].map((key) => selects[key].element.closest("label")),
    board.element.closest(".column"),
    working,
  ],
  exercise: {
    // The working names the square, the table of all pairs too, and a linked routine's verdict; draw
    // leaves the lines off the board and the numbers out of the page's 0x88 Math.
    answers: [working, all, routinePanel.element],
    next: (_s, random) => {
      const lineA = pickOne(random, LINE_KINDS);
      return {
        a: randomSquare(random),
        b: randomSquare(random),
        line_a: lineA,
        line_b: pickOne(
          random,
          LINE_KINDS.filter((k) => k !== lineA),
        ),
      };
    },
  },
  controls(s) {
    for (const key of ["line_a", "line_b"]) selects[key].set(s[key]);
    pick.set(s.pick);
  },
  // A tap sets the square the switch names: the table's rows and the chosen pair's working and
  // derivation are asked ahead, not every pair's (a twelfth of the bytes and of the server's work).
  taps: (s) => ({
    tap: s.pick,
    requests: [["/intersection-table", { a: s.a, b: s.b }], ["/intersection", pairOf(s)], ...routineQuery(s)],
  }),
  async load(s) {
    const [squares, many, routine, single] = await Promise.all([
      allSquares(),
      api("/intersection-table", { a: s.a, b: s.b }),
      loadRoutine(s),
      chosenPair(s),
    ]);
    return { squares, many, routine, ...single };
  },
  draw(s, { squares, many, one, refused, routine }) {
    const lineA = big(squares[s.a].masks[s.line_a]);
    const lineB = big(squares[s.b].masks[s.line_b]);
    const fills = {
      ...squaresMap(lineA, "lerf", "line-a"),
      ...squaresMap(lineB, "lerf", "line-b"),
      ...(one?.square ? { [one.square]: "both" } : {}), // where the API says they meet
    };
    // The two lines crossing on the board would show where they meet: only a and b before reveal.
    drawBoard(s, { bits: one?.square ? bbOf([one.square]) : 0n, mapping: "lerf", fills, marks: ends(s.a, s.b), cursor: s.a });
    drawAll(many, s);
    // Every pair of these squares, for a row chosen next; asked once this draw is painted.
    requestAnimationFrame(() => setTimeout(() => api("/intersections", { a: s.a, b: s.b }).catch(() => {})));
    routinePanel.draw(routine);
    if (one) {
      drawWorking(one);
      drawDerivation(derivation, one.derivation, { squares, a: s.a, b: s.b, hidden: answersHidden(s) });
    } else {
      // The previous pair's working does not belong beside this refusal: clear it.
      working.replaceChildren();
      derivation.replaceChildren();
      if (refused?.code === "same_line_kind") {
        error.show({
          message: "Choose two different kinds of line: two ranks (or two files, ...) meet nowhere or everywhere.",
          code: refused.code,
        });
      } else if (refused) error.show(refused);
    }
    question.draw({
      prompt: `Where does the ${lineName(s.line_a)} through ${s.a} meet the ${lineName(s.line_b)} through ${s.b}, if at all? Type the square (e.g. d5) or "none", then reveal.`,
      answer: one ? (one.square ?? "none") : null,
      answerText: one ? (one.square ?? `none (${REASONS[one.reason] ?? one.reason})`) : "",
      revealed: s.rev,
      given: s.ans,
    });
  },
});
