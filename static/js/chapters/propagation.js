// Chapter "propagation": o - r, the borrow running from the slider to the next blocker.

import { slideChapter } from "../slide-chapter.js";

slideChapter({
  line: "rank",
  mappingNote:
    "In lerbef, as in the devlog's pictures, the borrow runs left and then up; in lerf it runs right and up, because there higher bits lie east.",
  boards: [
    {
      role: "result",
      label: "Result: o - r",
      legend: { borrow: "bits the borrow turned on" },
      formula: "o - r",
      step: "o_minus_r",
      borrow: true,
    },
  ],
  binary: true,
  predict: {
    step: "o_minus_r",
    prompt: "Before you look: which squares are set in o - r? Mark them on this board, then reveal.",
  },
  explain: (_v, _s, sub) =>
    sub.wrapped
      ? "Nothing lies above the slider's bit, so the borrow runs off bit 63: o - r wraps round 2^64 and every bit from r upwards turns on."
      : "The slider's bit borrows from the next higher bit, which borrows from the next, until the borrow reaches the first occupied bit above r: that bit turns off and every bit on the way, r included, turns on. Bits above it do not change.",
});
