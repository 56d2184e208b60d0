// A drawn board as a standalone SVG (and PNG) for slides and worksheets: its caption, every
// square's bit number, the set bits, pieces, fills and marks. It reads only the board
// contract every chapter keeps (data-board, data-square, data-bit, data-piece, data-fill,
// data-mark), never a chapter's internals. boardSvg() is pure: no DOM.

import { bitOf, FILES, SQUARE_NAMES, squareIndex } from "./bits.js";

const GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
// Light-theme colours, whatever the page's theme: exports go on white slides and paper.
const COLOURS = {
  light: "#efe6d2",
  dark: "#b9a27f",
  bit: "#2462b8",
  text: "#1d1f23",
  muted: "#5b6068",
  positive: "#2f9e55",
  negative: "#d9466f",
  mask: "#f1c232",
  borrow: "#e07b22",
  "line-a": "#2b7bd6",
  "line-b": "#b04fc9",
  both: "#7a66d0",
  muted_fill: "#9a9a9a",
  right: "#2f9e55",
  wrong: "#c8283c",
  missed: "#7a55c9",
  selected: "#e0a100",
  target: "#1d1f23",
  capture: "#1d1f23",
  start: "#2b7bd6",
  end: "#b04fc9",
  differs: "#c8283c",
};
const S = 48; // square size in SVG units
const MARGIN = 28;
const CAPTION = 40;

const escapeXml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Read a drawn board: {role, caption, mapping, squares: {e4: {bit, idx, piece, fill, mark, label}}}.
 * Bit numbers are the ones the board shows, else the square's bit in `mapping`.
 */
export function readBoard(grid, mapping = "lerf") {
  const figure = grid.closest("figure");
  const caption = (
    figure?.querySelector("figcaption")?.textContent ||
    grid.getAttribute("aria-label") ||
    grid.dataset.board
  ).trim();
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
  return { role: grid.dataset.board, caption, mapping, squares };
}

/** Return the board as SVG text; each square is a <g data-square data-bit> like the page's. */
export function boardSvg({ role, caption, mapping, squares }) {
  const width = MARGIN + 8 * S + 8;
  const height = CAPTION + 8 * S + MARGIN;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * 2}" height="${height * 2}" viewBox="0 0 ${width} ${height}" data-board="${escapeXml(role)}" font-family="system-ui, sans-serif">`,
    `<title>${escapeXml(caption)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${MARGIN}" y="26" font-size="17" font-weight="600" fill="${COLOURS.text}">${escapeXml(caption)}</text>`,
    `<text x="${width - 8}" y="26" font-size="11" text-anchor="end" fill="${COLOURS.muted}">bit numbers: ${mapping === "lerbef" ? "lerbef (h1 = 0)" : "LERF (a1 = 0)"}</text>`,
  ];
  for (const name of SQUARE_NAMES) {
    const sq = squareIndex(name);
    const file = sq & 7,
      rank = sq >> 3;
    const x = MARGIN + file * S,
      y = CAPTION + (7 - rank) * S;
    const s = squares[name] || { bit: false, idx: String(bitOf(sq, mapping)), piece: "", fill: "", mark: "", label: "" };
    const parts = [
      `<g data-square="${name}" data-bit="${s.bit ? 1 : 0}">`,
      `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${(rank + file) % 2 === 0 ? COLOURS.dark : COLOURS.light}"/>`,
    ];
    if (s.fill) {
      parts.push(
        `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${COLOURS[s.fill === "muted" ? "muted_fill" : s.fill] || COLOURS.muted}" opacity=".7"/>`,
      );
    }
    if (s.bit) parts.push(`<rect x="${x + 5}" y="${y + 5}" width="${S - 10}" height="${S - 10}" rx="6" fill="${COLOURS.bit}"/>`);
    if (s.mark)
      parts.push(
        `<rect x="${x + 2}" y="${y + 2}" width="${S - 4}" height="${S - 4}" fill="none" stroke="${COLOURS[s.mark] || COLOURS.text}" stroke-width="4"/>`,
      );
    const light = s.bit || s.fill;
    parts.push(
      `<text x="${x + 4}" y="${y + 13}" font-size="11" fill="${light ? "#ffffff" : COLOURS.muted}">${escapeXml(s.idx)}</text>`,
    );
    if (s.piece) {
      const white = s.piece === s.piece.toUpperCase();
      parts.push(
        `<text x="${x + S / 2}" y="${y + S * 0.78}" font-size="34" text-anchor="middle" fill="${white ? "#ffffff" : "#111111"}" stroke="${white ? "#111111" : "none"}" stroke-width="1">${GLYPHS[s.piece.toLowerCase()]}\uFE0E</text>`,
      );
    } else if (s.label) {
      parts.push(
        `<text x="${x + S / 2}" y="${y + S * 0.68}" font-size="15" text-anchor="middle" fill="${light ? "#ffffff" : COLOURS.text}">${escapeXml(s.label)}</text>`,
      );
    }
    parts.push("</g>");
    out.push(parts.join(""));
  }
  for (let i = 0; i < 8; i++) {
    out.push(
      `<text x="${MARGIN - 10}" y="${CAPTION + (7 - i) * S + S / 2 + 5}" font-size="13" text-anchor="middle" fill="${COLOURS.muted}">${i + 1}</text>`,
    );
    out.push(
      `<text x="${MARGIN + i * S + S / 2}" y="${CAPTION + 8 * S + 18}" font-size="13" text-anchor="middle" fill="${COLOURS.muted}">${FILES[i]}</text>`,
    );
  }
  out.push("</svg>");
  return out.join("\n");
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
