// The API's enumerations as the pages offer them, and the devlog's values as the server hands
// them over (#chapter[data-devlog], from chessviz/devlog.py): one copy of each in the front end.

import { parseBB } from "./bits.js";

/** The square mappings of the API, the devlog's first (the devlog chapters' default). */
export const MAPPINGS = ["lerbef", "lerf"];

/** Return a mapping's name as the pages write it: the wiki's LERF in capitals, the devlog's lerbef not. */
export const mappingName = (mapping) => (mapping === "lerf" ? "LERF" : mapping);

/** The line kinds of the API, in its order. */
export const LINE_KINDS = ["rank", "file", "diagonal", "anti_diagonal"];

/** The sliders /api/attacks knows, with the letter a board draws for each. */
export const SLIDER_LETTERS = { rook: "R", bishop: "B", queen: "Q" };

/** The lines each slider moves along, as /api/attacks unites them. */
export const PIECE_LINES = { rook: ["rank", "file"], bishop: ["diagonal", "anti_diagonal"], queen: LINE_KINDS };

/** Return a line kind as students read it: "anti_diagonal" -> "anti-diagonal". */
export const lineName = (kind) => kind.replace("_", "-");

/** Return a line kind with its article: "a rank", "an anti-diagonal". */
export const aLine = (kind) => `${kind === "anti_diagonal" ? "an" : "a"} ${lineName(kind)}`;

/** [value, text] pairs of the line kinds, for a select. */
export const LINE_CHOICES = LINE_KINDS.map((kind) => [kind, lineName(kind)]);

/** The words of a mouse's instruction and a finger's: click -> tap, clicks -> taps, ... */
const TAP_WORDS = { click: "tap", clicks: "taps", clicked: "tapped", clicking: "tapping" };

/**
 * A mouse's instruction in a finger's words, for a touch screen: "Click a square" -> "Tap a
 * square", "the next click sets" -> "the next tap sets". Only the words of TAP_WORDS change, a
 * capital first letter kept; any other word stays as it is.
 */
export const tapWords = (text) =>
  text.replace(/\b(click|clicks|clicked|clicking)\b/gi, (word) => {
    const tap = TAP_WORDS[word.toLowerCase()];
    return word[0] === "C" ? `T${tap.slice(1)}` : tap;
  });

/**
 * How the boards draw each fill (chessviz.css), in words: its colour and its pattern, so that a
 * legend never rests on hue alone ("green, stripes down to the right: positive rays").
 */
export const FILL_WORDS = {
  positive: "green, stripes down to the right",
  negative: "red, stripes up to the right",
  mask: "yellow, dotted",
  borrow: "orange, thin horizontal lines",
  "line-a": "blue, vertical stripes",
  "line-b": "purple, horizontal stripes",
  both: "blue and purple, crossed stripes",
  muted: "grey, plain",
};

/** The devlog's FEN and occupancy: {fen, occupancy: {lerf, lerbef}} with BigInt occupancies. */
export const DEVLOG = (() => {
  const data = JSON.parse(globalThis.document?.getElementById("chapter")?.dataset.devlog || "null"); // no page: no values
  if (!data) return null;
  return { fen: data.fen, occupancy: { lerf: parseBB(data.occupancy.lerf), lerbef: parseBB(data.occupancy.lerbef) } };
})();
