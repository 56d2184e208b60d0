// Chapter "mask": keep only the bits of o - r on the slider's line.

import { slideChapter } from "../slide-chapter.js";

slideChapter({
  line: "rank",
  lineChoice: true,
  mappingNote:
    "The mask is the same set of squares in both mappings; its number differs, and in lerf the rank's bits grow to the east instead of the west.",
  boards: [
    { role: "difference", label: "o - r", formula: "o - r", step: "o_minus_r", size: "small", reveals: true },
    {
      role: "mask",
      label: "Mask m: the slider's whole line",
      formula: "m",
      step: "m",
      fill: "mask",
      legend: { mask: "the line's squares" },
      size: "small",
    },
    { role: "result", label: "Result: (o - r) & m", formula: "(o - r) & m", step: "o_minus_r_masked", size: "small" },
  ],
  predict: { step: "o_minus_r_masked", prompt: "Mark the squares of (o - r) & m, then reveal." },
  explain: (_v, _s, sub) =>
    "AND with the mask drops every bit off the slider's line. What stays: the slider's own square " +
    "(the borrow switched it on), the empty line squares the borrow crossed towards higher bits and, beyond them " +
    "and below r, whatever o holds on the line. The borrow stops at the first occupied bit above r, " +
    "on the line or not: a blocker off the line cuts the ray short (the next chapter masks o first). " +
    (sub.wrapped
      ? "Here nothing is occupied above r: the borrow runs off bit 63 and every line square above r stays on."
      : "Not yet the move set: the blocker itself is missing and the squares below r are o's, not moves."),
});
