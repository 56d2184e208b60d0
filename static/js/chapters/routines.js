// Chapter "routines": every routine the wiki pages print, run on all its inputs.

import { api, showError } from "../api.js";
import { createErrorLine } from "../controls.js";
import { chapterUrl, el } from "../kit.js";
import { table } from "../wiki.js";

const root = document.getElementById("chapter");
const summary = el("p", { class: "lead", "data-role": "summary" });
root.append(summary);
const list = el("section", { "data-role": "audit" });
root.append(list);
const error = createErrorLine(summary);

async function render() {
  try {
    const { routines } = await api("/routines");
    const faulty = routines.filter((r) => r.wrong);
    summary.textContent = `${routines.length} printed routines, each run on all its inputs: ${faulty.length} give wrong answers.`;
    list.replaceChildren(table(["routine", "page", "as printed", "inputs", "wrong"], routines.map((r) => ({
      attrs: { "data-routine": r.name, "data-wrong": String(r.wrong) },
      cells: [r.name, r.page, el("code", {}, r.formula), String(r.checked), el("span", { class: r.wrong ? "bad" : "ok" }, r.wrong ? `✗ ${r.wrong}` : "✓ 0")],
    }))), ...faulty.map((r) => el("section", { class: "panel examples", "data-examples": r.name },
      el("h2", { text: `${r.name}: ${r.wrong} of ${r.checked} wrong` }),
      el("ul", {}, ...r.examples.map((e) => el("li", {},
        el("a", { href: chapterUrl(e.chapter, e.query) }, e.input.join(", ")),
        `: printed ${e.printed_means}, truth ${e.expected_means}`))))));
    showError(error, null);
  } catch (e) {
    showError(error, e);
  }
}
render();
