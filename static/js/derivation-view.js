// The Intersection Squares page's "0x88 Math" for one pair of line kinds: the section's index
// tables with squares a and b outlined, the lines as printed and beside them the same lines with
// the numbers of a and b put in (every number from /api/intersection's derivation), the true line
// under each wrong one, and the reading of the names the page never defines.

import { el, morph } from "./dom.js";
import { verdict } from "./wiki.js";

const TABLES = {
  diagonal: { title: "diagonalIndex := rankIndex - fileIndex;", value: (sq) => sq.diagonal.index },
  anti_diagonal: { title: "antidiagIndex := rankIndex + fileIndex;", value: (sq) => sq.anti_diagonal.index },
};
const FILES = "abcdefgh";

/** One index table as the page prints it: rows r 7..0, columns f 0..7; a and b outlined and lettered. */
function indexTable(kind, squares, marked) {
  const { title, value } = TABLES[kind];
  const head = el(
    "tr",
    {},
    el("th", { scope: "col" }, "r \\ f"),
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((f) => el("th", { scope: "col" }, String(f))),
  );
  const rows = [7, 6, 5, 4, 3, 2, 1, 0].map((r) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, String(r)),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((f) => {
        const name = `${FILES[f]}${r + 1}`;
        const letters = marked.filter(([, square]) => square === name).map(([letter]) => letter);
        return el(
          "td",
          { "data-square": name, ...(letters.length ? { "data-mark": letters.join(" ") } : {}) },
          String(value(squares[name])),
          ...letters.map((letter) => el("span", { class: "cell-tag" }, letter)),
        );
      }),
    ),
  );
  return el(
    "figure",
    { class: "index-table", "data-table": kind },
    el("figcaption", {}, el("code", {}, title)),
    el("table", { class: "data index" }, el("thead", {}, head), el("tbody", {}, ...rows)),
  );
}

/** A value as the working says it: 47 (0x2f) for a 0x88 value, 3.5 as is. */
function shown(name, value) {
  if (typeof value !== "number") return String(value);
  return /^s88/.test(name) && Number.isInteger(value) && value >= 0 ? `${value} (0x${value.toString(16)})` : String(value);
}

/** What one evaluated line says, in words: "= 47 (0x2f)", "1 == 1: true", "not reached". */
function said(line, step) {
  if (!step) return "";
  if (!step.reached) return el("span", { class: "muted" }, line === "else" ? "" : "not reached");
  if (step.with === null) return line === "else" ? "" : el("span", {}, "reached: no square");
  const test = /^if \(/.test(step.with);
  if (test) {
    const verdictText = step.value ? "not zero: the test is true" : "zero: the test is false";
    return [el("code", {}, step.with), ` → 0x${step.value.toString(16)}, ${verdictText}`];
  }
  if (step.sides) return [el("code", {}, step.with), `: ${step.sides[0]} == ${step.sides[1]}, ${step.value ? "true" : "false"}`];
  const name = step.with.split(" ")[0];
  const square = name === "sq" || name === "s1" || name === "s2";
  const where =
    square && step.value >= 0 && step.value < 64 ? `, that is ${FILES[step.value % 8]}${Math.floor(step.value / 8) + 1}` : "";
  return [el("code", {}, step.with), ` = ${shown(name, step.value)}${where}`];
}

/** The end of a chain in words: "b1", "off the board or empty" (-1). */
function ending(result, anti) {
  if (result.square) return result.square;
  if (result.value === -1) return anti ? "no square (off the board or empty)" : "no square (off the board)";
  return `${result.value}, not a square`;
}

/**
 * Draw a derivation `d` into `panel`: lines[] as printed, and unless `hidden` (exercise mode,
 * before reveal) the numbers beside them, the endings and this pair's consequence of the reading.
 */
export function drawDerivation(panel, d, { squares, a, b, hidden }) {
  const anti = d.section === "Diagonal and Anti-Diagonal";
  const rankFile = d.section === "Rank and File";
  const numbers = `with a = ${d.a}, b = ${d.b}`;
  const rows = [];
  for (const step of d.steps) {
    const prose = step.printed === null && step.truth === null && !/^(else|\s+intersection)/.test(step.line);
    if (prose) {
      rows.push(el("tr", { class: "prose" }, el("td", { colspan: hidden ? "1" : "2" }, step.line)));
      continue;
    }
    const printedCell = el("td", {}, el("code", {}, step.line));
    if (step.wrong) printedCell.append(" ", el("span", { class: "bad", "data-wrong-line": "" }, "✗ wrong line"));
    const cells = [printedCell];
    if (!hidden) {
      const cell = el("td", { "data-role": "with-numbers" }, ...[said(step.line, step.printed)].flat());
      const differs = !step.wrong && step.truth && step.printed && step.truth.with !== step.printed.with;
      if (differs)
        cell.append(
          el("br"),
          el("span", { class: "muted" }, "with the true lines above: "),
          ...[said(step.line, step.truth)].flat(),
        );
      cells.push(cell);
    }
    rows.push(el("tr", { "data-line": step.line, ...(step.wrong ? { "data-wrong": "" } : {}) }, ...cells));
    if (step.wrong) {
      const trueCells = [el("td", {}, el("span", { class: "ok" }, "✓ true line: "), el("code", {}, step.true_line))];
      if (!hidden) trueCells.push(el("td", { "data-role": "true-numbers" }, ...[said(step.true_line, step.truth)].flat()));
      rows.push(el("tr", { class: "true-line", "data-true-line": step.true_line }, ...trueCells));
    }
  }
  const headers = ["as printed", ...(hidden ? [] : [numbers])].map((h) => el("th", { scope: "col" }, h));
  const listing = el(
    "table",
    { class: "data listing-table", "data-role": "listing", tabindex: "0" },
    el("thead", {}, el("tr", {}, ...headers)),
    el("tbody", {}, ...rows),
  );
  const marked = [
    ["a", a],
    ["b", b],
  ];
  const tables = d.tables.length
    ? el(
        "div",
        { class: "index-tables", "data-role": "index-tables" },
        ...d.tables.map((kind) => indexTable(kind, squares, marked)),
        el("p", { class: "legend" }, `Outlined: square a = ${a} (solid, letter a) and square b = ${b} (dashed, letter b).`),
      )
    : el(
        "p",
        { "data-role": "index-tables" },
        "Rank and file need no index table: the page takes rankIndex and fileIndex straight from the square (b & 56 is 8 × its rank, a & 7 its file).",
      );
  const parts = [
    el("h2", {}, rankFile ? "The page's lines for a rank and a file" : `The page's 0x88 Math: ${d.section}`),
    d.vice_versa
      ? el(
          "p",
          { "data-role": "vice-versa" },
          `The page writes this section the other way round ("or vice versa"): its a is your b (${d.a}) and its b is your a (${d.b}).`,
        )
      : "",
    tables,
    listing,
  ];
  if (!rankFile) parts.push(reading(d, anti, hidden));
  if (!hidden) {
    const agrees = d.printed_result.value === d.true_result.value;
    parts.push(
      el(
        "p",
        {
          "data-role": "derivation-result",
          "data-printed": String(d.printed_result.value),
          "data-true": String(d.true_result.value),
        },
        `The page's lines end on ${ending(d.printed_result, anti)}; the true lines on ${ending(d.true_result, anti)}. `,
        verdict(agrees),
      ),
    );
  }
  morph(panel, ...parts);
}

/** The reading of sq88 and sq882, which the page never defines, and what follows from it here. */
function reading(d, anti, hidden) {
  const code = (text) => el("code", {}, text);
  const names = anti ? [code("sq88"), " and ", code("sq882")] : [code("sq88")];
  const read = anti
    ? [code("sq88"), " as ", code("s88"), " and ", code("sq882"), " as ", code("s88x2")]
    : [code("sq88"), " as ", code("s88")];
  const note = el(
    "p",
    { "data-role": "reading" },
    el("strong", {}, anti ? "Names the page never defines. " : "A name the page never defines. "),
    "The last line uses ",
    ...names,
    ", which the page never introduces. We read ",
    ...read,
    anti ? ", the values computed just above. " : ", the value computed just above. ",
    anti
      ? "Here s88 is half of s88x2, so (sq88>>1) & 7 halves the file once more: the square lands in the wrong file whenever the true file is 1 or more. The page's own C routine, intersectDiaAnt, takes (s88x2>>1) & 7 and is right; read sq88 as s88x2 and this line would be right too."
      : "With that reading the conversion back to a square is right for every pair.",
  );
  if (anti && !hidden && d.printed_result.value !== d.true_result.value) {
    note.append(
      ` For a = ${d.a}, b = ${d.b} it gives ${ending(d.printed_result, anti)} instead of ${ending(d.true_result, anti)}.`,
    );
  }
  return note;
}
