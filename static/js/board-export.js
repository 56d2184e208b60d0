// A drawn board as a standalone SVG (and PNG) for slides and worksheets: its caption, the
// mapping its bit numbers are in, every square's bit number, the set bits, pieces, fills (with
// the patterns the page draws) and marks, and the board's legend. It reads only the board
// contract every chapter keeps (data-board, data-mapping, data-index, data-square, data-bit,
// data-piece, data-fill, data-mark, .board-legend), never a chapter's internals. boardSvg()
// is pure: no DOM.
//
// No text may overlap another: every text but the pieces is set in a monospace font, whose
// glyphs all have one width (at most CHAR em), so a line's width is known without measuring,
// and long lines are wrapped to the picture's width.

import { bitOf, FILES, SQUARE_NAMES, squareIndex } from "./bits.js";
import { mappingName } from "./terms.js";

const GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
// Light-theme colours, whatever the page's theme: exports go on white slides and paper.
const INK = "#1d1f23";
const MUTED = "#555a62";
const SQUARES = { light: "#efe6d2", dark: "#b9a27f" };
const BIT = "#2462b8";
// Each fill as the page draws it (chessviz.css): a colour and a pattern of a second tone.
const FILLS = {
  positive: { colour: "#1f7a3f", tone: "#8fc09f", pattern: "stripes", angle: -45, width: 7, period: 10 },
  negative: { colour: "#c0304f", tone: "#6a1a2b", pattern: "stripes", angle: 45, width: 7, period: 10 },
  mask: { colour: "#e0ad10", tone: "#5a4506", pattern: "dots" },
  borrow: { colour: "#c8600f", tone: "#e4b087", pattern: "stripes", angle: 90, width: 3, period: 5 },
  "line-a": { colour: "#2b6fc0", tone: "#95b7e0", pattern: "stripes", angle: 0, width: 6, period: 9 },
  "line-b": { colour: "#9a3fb3", tone: "#cd9fd9", pattern: "stripes", angle: 90, width: 6, period: 9 },
  both: { colour: "#2b6fc0", tone: "#9a3fb3", pattern: "grid" },
  muted: { colour: "#9a9a9a", tone: "#9a9a9a", pattern: "plain" },
};
// Marks: a glyph in the square's top right corner (as the page's), or a shape.
const MARKS = {
  right: { glyph: "\u2713", colour: "#1d7a3c" },
  wrong: { glyph: "\u2717", colour: "#b3202f" },
  missed: { glyph: "\u25CB", colour: "#6a45b8" },
  start: { glyph: "S", colour: "#2b6fc0" },
  end: { glyph: "D", colour: "#9a3fb3" },
  differs: { glyph: "\u2260", colour: "#b3202f" },
  selected: { colour: "#b36b00" },
  target: { colour: INK },
  capture: { colour: INK },
};
const MONO = "DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, monospace";
const SANS = "DejaVu Sans, system-ui, sans-serif";
const CHAR = 0.62; // the widest monospace glyph, in em (DejaVu Sans Mono and Menlo 0.602, Consolas 0.55)
const LINE = 1.25; // line height, in em
const S = 56; // square size in SVG units
const LEFT = 26; // room for the rank numbers
const RIGHT = 12;
const PAD = 12; // above the caption, below the legend
const WIDTH = LEFT + 8 * S + RIGHT;
const CAPTION_SIZE = 16;
const SMALL = 12; // the mapping line, the legend, the bit numbers

const escapeXml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mapping line: which square is bit 0 says how every number on the board is to be read. */
export const mappingLabel = (mapping) => `bit numbers: ${mappingName(mapping)} (${mapping === "lerbef" ? "h1" : "a1"} = 0)`;

/** Split text into lines of at most `chars` characters, at spaces (a longer word is cut). */
export function wrap(text, chars) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest; rest = rest.slice(chars)) {
      const piece = rest.slice(0, chars);
      if (!line) line = piece;
      else if (line.length + 1 + piece.length <= chars) line += ` ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  return line ? [...lines, line] : lines;
}

/**
 * Read a drawn board: {role, caption, mapping, legend: [{fill, text}], squares: {e4: {bit, idx,
 * piece, fill, mark, label}}}. mapping is the one its numbers are in: the numbers it shows
 * (data-index), else its bits' (data-mapping); a board that shows none gets that mapping's.
 */
export function readBoard(grid) {
  const figure = grid.closest("figure");
  // The caption without its hint for the mouse (an export is for slides and paper).
  const caption = (
    figure?.querySelector("figcaption .caption-text")?.textContent ||
    figure?.querySelector("figcaption")?.textContent ||
    grid.getAttribute("aria-label") ||
    grid.dataset.board
  ).trim();
  const mapping = grid.dataset.index || grid.dataset.mapping || "lerf";
  const squares = {};
  for (const cell of grid.querySelectorAll("[data-square]")) {
    const name = cell.dataset.square;
    const shown = cell.querySelector(".idx")?.textContent || "";
    squares[name] = {
      bit: cell.dataset.bit === "1",
      idx: shown !== "" ? shown : String(bitOf(squareIndex(name), mapping)),
      piece: cell.dataset.piece || "",
      fill: cell.dataset.fill || "",
      mark: cell.dataset.mark || "",
      label: cell.querySelector(".label")?.textContent || "",
    };
  }
  const legend = [...(figure?.querySelectorAll(".board-legend [data-legend]") ?? [])].map((item) => ({
    fill: item.dataset.legend,
    text: item.textContent.trim(),
  }));
  return { role: grid.dataset.board, caption, mapping, legend, squares };
}

/** Lines of monospace text, the first baseline at y; returns [svg, the y below the last line]. */
function textLines(lines, { x, y, size, fill = INK, weight = "", role = "", anchor = "" }) {
  const attributes = [
    `x="${x}"`,
    `font-size="${size}"`,
    `font-family="${MONO}"`,
    `fill="${fill}"`,
    weight && `font-weight="${weight}"`,
    role && `data-role="${role}"`,
    anchor && `text-anchor="${anchor}"`,
  ].filter(Boolean);
  // One line is the text itself (readers take a square's number as its text); more are tspans.
  const spans =
    lines.length === 1
      ? escapeXml(lines[0])
      : lines.map((line, i) => `<tspan x="${x}" y="${y + i * size * LINE}">${escapeXml(line)}</tspan>`).join("");
  return [`<text ${attributes.join(" ")} y="${y}">${spans}</text>`, y + (lines.length - 1) * size * LINE];
}

/** The <pattern> of a fill, as chessviz.css draws it. */
function patternDef(name) {
  const f = FILLS[name];
  const id = `fill-${name}`;
  if (f.pattern === "stripes")
    return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${f.period}" height="${f.period}" patternTransform="rotate(${f.angle})"><rect width="${f.period}" height="${f.period}" fill="${f.tone}"/><rect width="${f.width}" height="${f.period}" fill="${f.colour}"/></pattern>`;
  if (f.pattern === "dots")
    return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="9" height="9"><rect width="9" height="9" fill="${f.colour}"/><circle cx="4.5" cy="4.5" r="2.2" fill="${f.tone}"/></pattern>`;
  if (f.pattern === "grid")
    return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="12" height="12"><rect width="12" height="12" fill="#ffffff"/><rect width="6" height="12" fill="${f.colour}"/><rect width="12" height="6" fill="${f.tone}" opacity=".8"/></pattern>`;
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="4" height="4"><rect width="4" height="4" fill="${f.colour}"/></pattern>`;
}

/** A chip behind a text, so it reads on any fill (as the page's chips). */
const chip = (x, y, width, height) =>
  `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="2" fill="#ffffff" opacity=".88"/>`;

/** One square: its shade, fill, set bit, mark, bit number, then a piece or a label. */
function squareSvg(name, s, boardTop) {
  const sq = squareIndex(name);
  const file = sq & 7;
  const rank = sq >> 3;
  const x = LEFT + file * S;
  const y = boardTop + (7 - rank) * S;
  const parts = [
    `<g data-square="${name}" data-bit="${s.bit ? 1 : 0}">`,
    `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${(rank + file) % 2 === 0 ? SQUARES.dark : SQUARES.light}"/>`,
  ];
  if (s.bit && !s.fill) parts.push(`<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${BIT}" opacity=".72"/>`);
  if (s.fill in FILLS)
    parts.push(`<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="url(#fill-${s.fill})" opacity=".85"/>`);
  const mark = MARKS[s.mark];
  if (s.mark === "selected")
    parts.push(
      `<rect x="${x + 2}" y="${y + 2}" width="${S - 4}" height="${S - 4}" fill="none" stroke="${mark.colour}" stroke-width="4"/>`,
    );
  if (s.mark === "target") parts.push(`<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S / 7}" fill="${INK}" opacity=".55"/>`);
  if (s.mark === "capture")
    parts.push(
      `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S / 2 - 4}" fill="none" stroke="${INK}" stroke-width="4" opacity=".55"/>`,
    );
  // The top row: the bit number at the left, a mark's glyph at the right, each on a chip.
  const top = y + 3;
  const height = SMALL * 1.2;
  if (s.idx !== "") {
    parts.push(chip(x + 2, top, s.idx.length * SMALL * CHAR + 4, height));
    parts.push(textLines([s.idx], { x: x + 4, y: top + SMALL, size: SMALL, role: "index" })[0]);
  }
  if (mark?.glyph) {
    parts.push(`<circle cx="${x + S - 3 - SMALL * 0.55}" cy="${top + height / 2}" r="${SMALL * 0.72}" fill="${mark.colour}"/>`);
    parts.push(
      textLines([mark.glyph], {
        x: x + S - 3 - SMALL * 0.55,
        y: top + SMALL - 1,
        size: SMALL,
        fill: "#ffffff",
        weight: "700",
        anchor: "middle",
        role: "mark",
      })[0],
    );
  }
  // Below the top row: a piece, or a label of one or two lines as large as the square allows.
  const below = top + height + 1;
  if (s.piece) {
    const white = s.piece === s.piece.toUpperCase();
    const size = 30;
    parts.push(
      `<text x="${x + S / 2}" y="${below + size * 0.93}" font-size="${size}" font-family="${SANS}" text-anchor="middle" fill="${white ? "#ffffff" : "#111111"}" stroke="${white ? "#111111" : "none"}" stroke-width="1" data-role="piece">${GLYPHS[s.piece.toLowerCase()]}\uFE0E</text>`,
    );
  } else if (s.label) {
    const lines = wrap(s.label, 6);
    const longest = Math.max(...lines.map((l) => l.length));
    const room = y + S - below - 2;
    const size = Math.min(15, (S - 6) / (CHAR * longest), room / (LINE * lines.length));
    const width = longest * size * CHAR + 4;
    parts.push(chip(x + S / 2 - width / 2, below, width, lines.length * size * LINE));
    parts.push(textLines(lines, { x: x + S / 2, y: below + size, size, weight: "700", anchor: "middle", role: "label" })[0]);
  }
  parts.push("</g>");
  return parts.join("");
}

/** Return the board as SVG text; each square is a <g data-square data-bit> like the page's. */
export function boardSvg({ role, caption, mapping, legend = [], squares }) {
  const chars = Math.floor((WIDTH - 2 * PAD) / (CAPTION_SIZE * CHAR));
  const body = [];
  const [captionSvg, captionEnd] = textLines(wrap(caption, chars), {
    x: PAD,
    y: PAD + CAPTION_SIZE,
    size: CAPTION_SIZE,
    weight: "700",
    role: "caption",
  });
  body.push(captionSvg);
  const [mappingSvg, mappingEnd] = textLines([mappingLabel(mapping)], {
    x: PAD,
    y: captionEnd + SMALL * 1.6,
    size: SMALL,
    fill: MUTED,
    role: "mapping",
  });
  body.push(mappingSvg);
  const boardTop = mappingEnd + SMALL;
  for (const name of SQUARE_NAMES) {
    const sq = squareIndex(name);
    const blank = { bit: false, idx: String(bitOf(sq, mapping)), piece: "", fill: "", mark: "", label: "" };
    body.push(squareSvg(name, squares[name] || blank, boardTop));
  }
  for (let i = 0; i < 8; i++) {
    const rankY = boardTop + (7 - i) * S + S / 2 + 5;
    body.push(textLines([String(i + 1)], { x: LEFT / 2, y: rankY, size: 13, fill: MUTED, anchor: "middle" })[0]);
    body.push(
      textLines([FILES[i]], { x: LEFT + i * S + S / 2, y: boardTop + 8 * S + 17, size: 13, fill: MUTED, anchor: "middle" })[0],
    );
  }
  // The legend: a swatch of each fill as drawn, and its words.
  let y = boardTop + 8 * S + 17 + 13 * LINE;
  const fills = new Set(legend.map((item) => item.fill).filter((fill) => fill in FILLS));
  for (const item of legend) {
    const swatch = item.fill in FILLS ? `url(#fill-${item.fill})` : item.fill === "bit" ? BIT : "none";
    body.push(`<rect x="${PAD}" y="${y}" width="${SMALL * 1.6}" height="${SMALL * 1.2}" fill="${swatch}" stroke="${MUTED}"/>`);
    const x = PAD + SMALL * 2.2;
    const [svg, end] = textLines(wrap(item.text, Math.floor((WIDTH - x - PAD) / (SMALL * CHAR))), {
      x,
      y: y + SMALL,
      size: SMALL,
      role: "legend",
    });
    body.push(svg);
    y = end + SMALL * 0.8;
  }
  for (const s of Object.values(squares)) if (s.fill in FILLS) fills.add(s.fill);
  const height = Math.ceil(y + PAD);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * 2}" height="${height * 2}" viewBox="0 0 ${WIDTH} ${height}" data-board="${escapeXml(role)}" font-family="${MONO}">`,
    `<title>${escapeXml(caption)}</title>`,
    `<defs>${[...fills].map(patternDef).join("")}</defs>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...body,
    "</svg>",
  ].join("\n");
}

/** Render SVG text to a PNG blob (its intrinsic size, twice the SVG units: sharp on slides). */
export function svgToPng(svgText) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([svgText], { type: "image/svg+xml" }));
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext("2d").drawImage(image, 0, 0);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the PNG could not be made"))), "image/png");
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("the board image could not be drawn"));
    };
    image.src = url;
  });
}

/** Offer a blob as a file download. */
export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
