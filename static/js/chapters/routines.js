// Chapter "routines": every routine the wiki pages print, run on all its inputs.

import { api } from "../api.js";
import { createChapter } from "../chapter.js";
import { el } from "../dom.js";
import { chapterUrl } from "../kit.js";
import { table } from "../wiki.js";

const { root, run } = createChapter({});
const summary = el("p", { class: "lead", "data-role": "summary" });
const list = el("section", { "data-role": "audit" });
root.append(summary, list);

/** The wrong examples of one faulty routine, each linking to the chapter that shows it. */
const examples = (r) =>
  el(
    "section",
    { class: "panel examples", "data-examples": r.name },
    el("h2", { text: `${r.name}: ${r.wrong} of ${r.checked} wrong` }),
    el(
      "ul",
      {},
      ...r.examples.map((e) =>
        el(
          "li",
          {},
          el("a", { href: chapterUrl(e.chapter, e.query) }, e.input.join(", ")),
          `: printed ${e.printed_means}, truth ${e.expected_means}`,
        ),
      ),
    ),
  );

run({
  errorAfter: summary,
  load: () => api("/routines"),
  draw(_, { routines }) {
    const faulty = routines.filter((r) => r.wrong);
    summary.textContent = `${routines.length} printed routines, each run on all its inputs: ${faulty.length} give wrong answers.`;
    const rows = routines.map((r) => ({
      attrs: { "data-routine": r.name, "data-wrong": String(r.wrong) },
      cells: [
        r.name,
        r.page,
        el("code", {}, r.formula),
        String(r.checked),
        el("span", { class: r.wrong ? "bad" : "ok" }, r.wrong ? `✗ ${r.wrong}` : "✓ 0"),
      ],
    }));
    list.replaceChildren(table(["routine", "page", "as printed", "inputs", "wrong"], rows), ...faulty.map(examples));
  },
});
