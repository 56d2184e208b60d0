// Chapter "mask": keep only the bits of o - r on the slider's line.

import { slideChapter } from "../slide-chapter.js";

slideChapter({
  line: "rank",
  lineChoice: true,
  mappingNote: "The mask is the same set of squares in both mappings; its number differs, and in lerf the rank's bits grow to the east instead of the west.",
  boards: [
    { role: "difference", label: "o - r", formula: "o - r", step: "o_minus_r" },
    { role: "mask", label: "Mask m: the whole line through the slider", formula: "m", step: "m", fill: "mask" },
    { role: "result", label: "Result: (o - r) & m", formula: "(o - r) & m", step: "o_minus_r_masked" },
  ],
  predict: { step: "o_minus_r_masked", prompt: "Mark the squares of (o - r) & m, then reveal." },
  explain: () => "AND with the mask keeps the propagated bits that lie on the slider's line and drops the rest. On the positive side this is the slider's move set, its own square included; on the other side of the slider the bits of o on the line stay, so the equation is not finished yet.",
});
