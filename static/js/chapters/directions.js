// Chapter "directions": compass and knight roses around a square, the direction to a second
// square, and the page's three 15x15 tables with the current pair's cell highlighted. The
// roses and the square each table cell leads to come from /api/rose: five requests in all.

import { api } from "../api.js";
import { createChapter } from "../chapter.js";
import { el, screenOnly } from "../dom.js";
import { pick as pickOne, randomSquare } from "../exercise.js";
import { ends } from "../kit.js";
import { createQuestion, questionFields } from "../question.js";
import { T } from "../state.js";
import { alignedWith, createWikiLayout, table } from "../wiki.js";

const KINDS = [
  ["degrees", "Degrees"],
  ["begrees", "Begrees"],
  ["begrees_filled", "Begrees, inner squares filled"],
];
const FIELDS = ["diff", "ray", "knight", "degrees", "begrees", "x88_diff", "lookup_index"];
const { root, state, error, run } = createChapter({
  from: T.square("e4"),
  to: T.square("g5"),
  pick: T.choice(["from", "to"], "to"),
  ...questionFields(),
});
const { pick, board, drawBoard, infoColumn } = createWikiLayout(root, state, {
  role: "directions",
  label: "Ray steps and knight steps from the centre square",
  hiddenLabel: "The centre square (S) and the second square (D)",
  legend: { "line-a": "ray steps", "line-b": "knight steps" },
  picks: [
    ["from", "the centre square (S)"],
    ["to", "the second square (D)"],
  ],
  alternate: false,
});
const info = el("section", { class: "panel", "aria-live": "polite", "data-role": "direction" });
infoColumn.append(info);
// What the sheets' bold numbers and blank cells mean, in words; the counts come from the sheets.
const sheetNotes = el("section", { class: "panel sheet-notes", "data-role": "sheet-notes", "aria-label": "Reading the sheets" });
const tables = el("section", { class: "direction-tables" });
root.append(sheetNotes, tables);
tables.addEventListener("click", (event) => {
  const cell = event.target.closest("button[data-rank-diff]");
  if (!cell) return;
  if (cell.dataset.target) return state.set({ to: cell.dataset.target });
  const { rankDiff, fileDiff } = cell.dataset;
  error.show({
    message: `That cell is ${rankDiff} ranks and ${fileDiff} files from ${state.get().from}: off the board. Choose another centre square to reach it.`,
  });
});

const question = createQuestion(root, state, { kind: "choice" });
// The eight ray directions with their bearings (clockwise from north, as the page's table), and none.
const COMPASS = ["north", "north_east", "east", "south_east", "south", "south_west", "west", "north_west"];
const BEARINGS = [
  ...COMPASS.map((ray, i) => [ray, `${ray.replace("_", "-")}, ${45 * i}°`]),
  ["none", "none: not on one rank, file or diagonal"],
];

const signed = (n) => (n > 0 ? "+" : "") + n;

function drawInfo(direction) {
  // With no second square the panel holds only a mouse's invitation: paper gets no empty frame.
  info.classList.toggle("screen-only", !direction);
  if (!direction) {
    info.replaceChildren(el("p", {}, screenOnly("Click a second square to see the direction to it.")));
    return;
  }
  const d = direction;
  const rows = [
    ["rank, file difference", `${d.rank_diff}, ${d.file_diff}`],
    [
      "ray direction",
      d.ray ? `${d.ray_words}, step ${signed(d.ray_step)}` : d.from === d.to ? "none: the same square" : "none: not on one line",
    ],
    [
      "knight direction",
      d.knight
        ? `${d.knight_words}, step ${signed(d.knight_step)}${d.knight_jumps > 1 ? `, ${d.knight_jumps} jumps` : ""}`
        : "none",
    ],
    ["degrees", d.degrees === null ? "—" : `${d.degrees}°`],
    ["begrees", d.begrees === null ? "—" : String(d.begrees)],
    ["0x88 difference (16 × rank difference + file difference)", String(d.x88_diff)],
    ["x88diff(sq1, sq2): the wiki's index into its table of 240", `${d.lookup_index} (= ${d.x88_diff} + 120)`],
  ];
  info.replaceChildren(
    el("h2", { text: `From ${d.from} to ${d.to}` }),
    table(
      ["measure", "value"],
      rows.map((cells, i) => ({ attrs: { "data-field": FIELDS[i] }, cells })),
    ),
    el(
      "p",
      { class: "explain", "data-role": "x88-note" },
      "The wiki computes x88diff as sq2 - sq1 + (sq2|7) - (sq1|7) + 120. (sq2|7) - (sq1|7) is 8 times the rank difference, and sq2 - sq1 is 8 times the rank difference plus the file difference: together 16 times the rank difference plus the file difference, one number for each distance and direction, from -119 to 119. The + 120 makes it an index from 1 to 239.",
    ),
  );
}

/** The cells of a sheet: {value, move} of each, centre included. */
const cellsOf = (sheet) => sheet.rows.flatMap((row, i) => row.map((value, j) => ({ value, move: sheet.move_directions[i][j] })));

function drawNotes(sheets) {
  const [degrees, begrees, filled] = KINDS.map(([kind]) => cellsOf(sheets.find((sheet) => sheet.kind === kind)));
  const all = degrees.length - 1; // the centre is no direction
  const given = degrees.filter((c) => c.value !== null).length;
  const boldBegrees = begrees.filter((c) => c.move).map((c) => c.value);
  boldBegrees.sort((a, b) => a - b);
  const sample = el("span", { class: "cell-sample", "data-move": "true" }, "45");
  sheetNotes.replaceChildren(
    el("h2", { text: "Reading the sheets" }),
    el(
      "p",
      { "data-role": "move-legend" },
      sample,
      ` Bold and underlined: a move direction, one of the 8 ray directions (rook and bishop steps) or the 8 knight directions, which the Direction page prints in bold. The first two sheets give each of them once (${degrees.filter((c) => c.move).length} cells); on the third, every cell along them is marked (${filled.filter((c) => c.move).length} cells).`,
    ),
    el(
      "p",
      { "data-role": "blank-note" },
      `Blank cells: on the first two sheets an inner cell is left blank when a farther cell in the same direction already gives its angle (+1 rank, +1 file points the same way as +7, +7, whose 45° is written out there). So each angle appears once: ${given} of the ${all} cells around the centre are filled, ${all - given} are blank. The third sheet fills the blank cells too, with the begree of the farther cell.`,
    ),
    el(
      "p",
      { "data-role": "begree-note" },
      `Begrees number the ${given} distinct angles 0 to ${given - 1} in order. The ${boldBegrees.length} move directions are exactly the begrees divisible by 9: ${boldBegrees.join(", ")}.`,
    ),
  );
}

let tablesOf = null; // the rose the sheets' buttons were built for: a new second square only moves the highlight

function drawTables(sheets, rose, direction) {
  if (tablesOf !== rose) {
    buildTables(sheets, rose);
    tablesOf = rose;
  }
  for (const cell of tables.querySelectorAll("td[data-current], td[data-gives]")) {
    for (const name of ["data-current", "aria-current", "data-gives"]) cell.removeAttribute(name);
  }
  for (const note of tables.querySelectorAll('[data-role="sheet-current"]')) note.textContent = "";
  if (!direction) return;
  const cellAt = (figure, dr, df) => figure.querySelector(`button[data-rank-diff="${dr}"][data-file-diff="${df}"]`);
  const [dr, df] = [direction.rank_diff, direction.file_diff];
  for (const figure of tables.querySelectorAll("figure")) {
    const button = cellAt(figure, dr, df);
    if (!button) continue;
    button.parentElement.dataset.current = "true";
    button.parentElement.setAttribute("aria-current", "true");
    if (button.textContent || (dr === 0 && df === 0)) continue;
    // A blank cell: its angle is written at the farthest cell the same way (the blank rule).
    const [far, ff] = farthest(dr, df);
    cellAt(figure, far, ff).parentElement.dataset.gives = "true";
    figure.querySelector('[data-role="sheet-current"]').textContent =
      `The pair's cell (rank ${signed(dr)}, file ${signed(df)}) is blank on this sheet: its value is written at rank ${signed(far)}, file ${signed(ff)} (dashed), the farthest cell the same way.`;
  }
}

/** The farthest cell of the 15x15 sheets in the direction of (dr, df): the same way, as far as 7 allows. */
function farthest(dr, df) {
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(Math.abs(dr), Math.abs(df));
  const [a, b] = [dr / g, df / g];
  const k = Math.floor(7 / Math.max(Math.abs(a), Math.abs(b)));
  return [k * a, k * b];
}

function buildTables(sheets, rose) {
  tables.replaceChildren(
    ...sheets.map((sheet) => {
      const title = KINDS.find(([kind]) => kind === sheet.kind)[1];
      const rows = sheet.rows.map((row, i) =>
        el(
          "tr",
          {},
          el("th", { scope: "row" }, String(sheet.rank_diffs[i])),
          ...row.map((value, j) => {
            const dr = sheet.rank_diffs[i];
            const df = sheet.file_diffs[j];
            const text = value === null ? (dr === 0 && df === 0 ? "+" : "") : String(value);
            const move = sheet.move_directions[i][j];
            const attrs = {
              type: "button",
              class: "cell",
              "data-rank-diff": String(dr),
              "data-file-diff": String(df),
              "data-target": rose.squares[i][j],
              ...(move ? { "data-move": "true" } : {}),
            };
            return el(
              "td",
              {},
              el(
                "button",
                {
                  ...attrs,
                  "aria-label": `rank difference ${signed(dr)}, file difference ${signed(df)}: ${text || "blank"}${move ? ", a move direction" : ""}`,
                },
                text,
              ),
            );
          }),
        ),
      );
      return el(
        "figure",
        { class: "direction-table", "data-kind": sheet.kind },
        el("figcaption", { text: `${title} (rows: rank difference +7 to −7; columns: file difference −7 to +7)` }),
        el("p", { class: "explain", "data-role": "sheet-current", "aria-live": "polite" }),
        el(
          "table",
          { class: "data sheet" },
          el(
            "thead",
            {},
            el("tr", {}, el("th", {}, "r\\f"), ...sheet.file_diffs.map((f) => el("th", { scope: "col" }, String(f)))),
          ),
          el("tbody", {}, ...rows),
        ),
      );
    }),
  );
}

run({
  errorAfter: info,
  present: [board.element.closest(".column"), info],
  exercise: {
    // The direction's table and the 15x15 sheets (the pair's cell highlighted) hold the answer.
    // The notes on reading the sheets go with them.
    answers: [info, tables, sheetNotes],
    next: async (_s, random) => {
      const from = randomSquare(random);
      const aligned = await alignedWith(from);
      // Mostly pairs on one line (a ray direction), sometimes any square.
      const to = random() < 0.75 ? pickOne(random, aligned) : randomSquare(random);
      return { from, to: to === from ? pickOne(random, aligned) : to };
    },
  },
  controls: (s) => pick.set(s.pick),
  load: (s) =>
    Promise.all([
      api("/rose", { sq: s.from }),
      s.to ? api("/direction", { from: s.from, to: s.to }) : null,
      ...KINDS.map(([kind]) => api("/directions/table", { kind })),
    ]),
  // A tap on the board sets the square the switch names (the centre moves its rose too); a
  // tap on a sheet's cell sets the second square.
  taps: (s) => ({
    tap: s.pick === "from" ? "from,sq;to" : "to",
    requests: [
      ["/rose", { sq: s.from }],
      ["/direction", { from: s.from, to: s.to }],
    ],
  }),
  draw(s, [rose, direction, ...sheets]) {
    // The wiki's rose: each neighbour carries its single-step increment and its name (noEa, noNoEa).
    const labels = Object.fromEntries(rose.rose.map((r) => [r.to, `${signed(r.step)} ${r.wiki}`]));
    const fills = Object.fromEntries(rose.rose.map((r) => [r.to, r.kind === "ray" ? "line-a" : "line-b"]));
    // The rose's steps beside the centre name the direction of a neighbour: not before reveal.
    drawBoard(s, { bits: null, labels, fills, marks: ends(s.from, s.to), index: "lerf", cursor: s.from });
    drawInfo(direction);
    drawNotes(sheets);
    drawTables(sheets, rose, direction);
    const answer = direction ? (direction.ray ?? "none") : null;
    question.draw({
      prompt: direction
        ? `Along which ray direction does ${direction.to} lie from ${direction.from}, if any?`
        : "Choose a second square, then answer: along which ray direction does it lie, if any?",
      choices: BEARINGS,
      answer: direction?.from === direction?.to ? null : answer,
      answerText: BEARINGS.find(([v]) => v === answer)?.[1] ?? "",
      revealed: s.rev,
      given: s.ans,
    });
  },
});
