// Chapter "masked-occupied": mask the occupancy first, so blockers off the line cannot stop the borrow.

import { slideChapter } from "../slide-chapter.js";

slideChapter({
  line: "file",
  lineChoice: true,
  mappingNote:
    "The blockers are the same squares in both mappings; only the numbers, and the direction the borrow runs on a rank, change.",
  boards: [
    { role: "mask", label: "Mask m", formula: "m", step: "m", fill: "mask", legend: { mask: "the line's squares" } },
    { role: "blockers", label: "Blockers (masked occupied): b = o & m", formula: "b = o & m", step: "b" },
    {
      role: "result-unmasked",
      label: "Without masked occupied: (o - r) & m (≠: differs)",
      formula: "(o - r) & m",
      step: "o_minus_r_masked",
      differs: true,
      reveals: true,
      beside: true, // the two results are the lesson: side by side, not a few screens apart
    },
    {
      role: "result",
      label: "With masked occupied: (b - r) & m (≠: differs)",
      formula: "(b - r) & m",
      step: "b_minus_r_masked",
      differs: true,
    },
  ],
  predict: { step: "b_minus_r_masked", prompt: "Mark the squares of ((o & m) - r) & m, then reveal." },
  explain: (v) =>
    v.o_minus_r_masked === v.b_minus_r_masked
      ? "Here both results agree: no blocker off the line sits between the slider's bit and the first blocker on the line. Move the slider or toggle blockers to see them differ."
      : "The results differ (squares marked ≠): without masking, a blocker on another line with a bit between r and the next blocker on the line stops the borrow too early. Masking the occupancy first leaves only blockers on the line.",
});
