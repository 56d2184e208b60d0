// Chapter "directions": compass and knight roses around a square, the direction to a second
// square, and the page's three 15x15 tables with the current pair's cell highlighted.

import { api, showError } from "../api.js";
import { SQUARE_NAMES, squareIndex } from "../bits.js";
import { createErrorLine } from "../controls.js";
import { el } from "../kit.js";
import { T, createState } from "../state.js";
import { createWikiLayout, table } from "../wiki.js";

const KINDS = [["degrees", "Degrees"], ["begrees", "Begrees"], ["begrees_filled", "Begrees, inner squares filled"]];
const root = document.getElementById("chapter");
const state = createState({ from: T.square("e4"), to: T.square("g5"), pick: T.choice(["from", "to"], "to") }, render);
const { pick, board, infoColumn } = createWikiLayout(root, state, {
  role: "directions", label: "Ray steps (blue) and knight steps (purple) from the centre square",
  picks: [["from", "the centre square"], ["to", "the second square"]], alternate: false,
});
const info = el("section", { class: "panel", "aria-live": "polite", "data-role": "direction" });
infoColumn.append(info);
const error = createErrorLine(info);
const tables = el("section", { class: "direction-tables" });
root.append(tables);
tables.addEventListener("click", (event) => {
  const cell = event.target.closest("button[data-rank-diff]");
  if (!cell) return;
  const s = state.get();
  const from = squareIndex(s.from);
  const rank = (from >> 3) + Number(cell.dataset.rankDiff);
  const file = (from & 7) + Number(cell.dataset.fileDiff);
  if (rank < 0 || rank > 7 || file < 0 || file > 7) {
    showError(error, { message: `That cell is ${cell.dataset.rankDiff} ranks and ${cell.dataset.fileDiff} files from ${s.from}: off the board. Choose another centre square to reach it.` });
    return;
  }
  state.set({ to: SQUARE_NAMES[8 * rank + file] });
});

let drawId = 0;
async function render(s) {
  const id = ++drawId;
  try {
    const neighbours = [];
    const from = squareIndex(s.from);
    for (let dr = -2; dr <= 2; dr++) {
      for (let df = -2; df <= 2; df++) {
        const r = (from >> 3) + dr, f = (from & 7) + df;
        const ray = Math.max(Math.abs(dr), Math.abs(df)) === 1;
        const knight = Math.abs(dr * df) === 2;
        if ((ray || knight) && r >= 0 && r < 8 && f >= 0 && f < 8) neighbours.push(SQUARE_NAMES[8 * r + f]);
      }
    }
    const [roses, direction, ...sheets] = await Promise.all([
      Promise.all(neighbours.map((to) => api("/direction", { from: s.from, to }))),
      s.to ? api("/direction", { from: s.from, to: s.to }) : null,
      ...KINDS.map(([kind]) => api("/directions/table", { kind })),
    ]);
    if (id !== drawId) return;
    showError(error, null);
    pick.set(s.pick);
    const labels = {}, fills = {};
    for (const d of roses) {
      const step = d.ray_step ?? d.knight_step;
      labels[d.to] = (step > 0 ? "+" : "") + step;
      fills[d.to] = d.ray ? "line-a" : "line-b";
    }
    const marks = { [s.from]: "start", ...(s.to ? { [s.to]: "end" } : {}) };
    board.draw({ bits: null, labels, fills, marks, index: "lerf" });
    if (direction) {
      info.replaceChildren(el("h2", { text: `From ${direction.from} to ${direction.to}` }), table(["", ""], [
        ["rank, file difference", `${direction.rank_diff}, ${direction.file_diff}`],
        ["ray direction", direction.ray ? `${direction.ray} (${direction.ray_step > 0 ? "+" : ""}${direction.ray_step})` : "none: not on one line"],
        ["knight direction", direction.knight ? `${direction.knight} (${direction.knight_step > 0 ? "+" : ""}${direction.knight_step}${direction.knight_jumps > 1 ? `, ${direction.knight_jumps} jumps` : ""})` : "none"],
        ["degrees", direction.degrees === null ? "—" : `${direction.degrees}°`],
        ["begrees", direction.begrees === null ? "—" : String(direction.begrees)],
        ["0x88 difference", String(direction.x88_diff)],
        ["lookup index (x88diff + 120)", String(direction.lookup_index)],
      ].map((cells, i) => ({ attrs: { "data-field": ["diff", "ray", "knight", "degrees", "begrees", "x88_diff", "lookup_index"][i] }, cells }))));
    } else {
      info.replaceChildren(el("p", { text: "Click a second square to see the direction to it." }));
    }
    drawTables(sheets, direction);
  } catch (e) {
    if (id === drawId) showError(error, e);
  }
}

function drawTables(sheets, direction) {
  tables.replaceChildren(...sheets.map((sheet) => {
    const title = KINDS.find(([kind]) => kind === sheet.kind)[1];
    const rows = sheet.rows.map((row, i) => el("tr", {},
      el("th", { scope: "row" }, String(sheet.rank_diffs[i])),
      ...row.map((value, j) => {
        const dr = sheet.rank_diffs[i], df = sheet.file_diffs[j];
        const current = direction && direction.rank_diff === dr && direction.file_diff === df;
        const text = value === null ? (dr === 0 && df === 0 ? "+" : "") : String(value);
        return el("td", current ? { "data-current": "true", "aria-current": "true" } : {},
          el("button", { type: "button", class: "cell", "data-rank-diff": String(dr), "data-file-diff": String(df), "aria-label": `rank ${dr}, file ${df}: ${text || "blank"}` }, text));
      })));
    return el("figure", { class: "direction-table", "data-kind": sheet.kind },
      el("figcaption", { text: `${title} (rows: rank difference +7 to −7; columns: file difference −7 to +7)` }),
      el("table", { class: "data sheet" }, el("thead", {}, el("tr", {}, el("th", {}, "r\\f"), ...sheet.file_diffs.map((f) => el("th", { scope: "col" }, String(f))))), el("tbody", {}, ...rows)));
  }));
}
state.redraw();
