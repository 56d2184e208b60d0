// Chapter "routines": every routine the wiki pages print, run on all its inputs.

import { api } from "../api.js";
import { createChapter } from "../chapter.js";
import { el } from "../dom.js";
import { pick, randomInt, randomSquare } from "../exercise.js";
import { chapterUrl } from "../kit.js";
import { createQuestion, questionFields } from "../question.js";
import { T } from "../state.js";
import { table } from "../wiki.js";

// The exercise: will one of the page's two printed "same diagonal" routines get a pair right?
const { root, state, run } = createChapter({
  a: T.square("c1"),
  b: T.square("a8"),
  routine: T.int(1, 0, 1),
  ...questionFields(),
});
const summary = el("p", { class: "lead", "data-role": "summary" });
const reading = el("p", { class: "panel", "data-role": "reading" });
const list = el("section", { "data-role": "audit" });
root.append(summary, reading);
const question = createQuestion(root, state, { kind: "choice" });
root.append(list);
const VERDICTS = [
  ["right", "yes, it gets this pair right"],
  ["wrong", "no, it gets this pair wrong"],
];
let faultyPairs = []; // [a, b] pairs a same-diagonal routine gets wrong, from the audit

/**
 * How the audit reads the names the Intersection Squares page never defines (sq88, sq882), and
 * what follows, with the audit's own counts.
 */
function drawReading(routines) {
  const byName = Object.fromEntries(routines.map((r) => [r.name, r]));
  const prose = byName["Diagonal and Anti-Diagonal (0x88 Math prose)"];
  const routine = byName.intersectDiaAnt;
  if (!prose || !routine) {
    reading.replaceChildren();
    return;
  }
  const code = (text) => el("code", {}, text);
  reading.replaceChildren(
    el("strong", {}, "A name the page never defines. "),
    "The Intersection Squares page converts its 0x88 value back to a square with ",
    code("sq88"),
    " (and ",
    code("sq882"),
    "), names it never introduces. The audit reads ",
    code("sq88"),
    " as ",
    code("s88"),
    " and ",
    code("sq882"),
    " as ",
    code("s88x2"),
    ", the values each section computes just before. Read so, the conversion is right in the four sections that compute s88 (rank or file with a diagonal or an anti-diagonal). In the diagonal and anti-diagonal section ",
    code("s88"),
    " is half of ",
    code("s88x2"),
    ", so ",
    code("(sq88>>1) & 7"),
    ` halves the file: ${prose.wrong} of ${prose.checked} pairs come out on a wrong square. Read `,
    code("sq88"),
    " as ",
    code("s88x2"),
    ` instead and that line becomes the page's own C routine intersectDiaAnt, which gets ${routine.wrong} of ${routine.checked} wrong.`,
  );
}

/**
 * The reading the slide's count of the prose's routine hangs on, in one line (the page says it
 * whole above the audit, which the slide leaves out).
 */
function slideReading(routines) {
  const prose = routines.find((r) => r.name === "Diagonal and Anti-Diagonal (0x88 Math prose)");
  const routine = routines.find((r) => r.name === "intersectDiaAnt");
  if (!prose || !routine) return "";
  return el(
    "p",
    { class: "present-only explain", "data-role": "slide-reading" },
    `${prose.name}: ${prose.wrong} wrong as the audit reads the page's undefined sq88, as s88; read as s88x2, it is the page's own C routine, ${routine.wrong} wrong.`,
  );
}

/** The wrong examples of one faulty routine, each linking to the chapter that shows it. */
const examples = (r) =>
  el(
    "section",
    { class: "panel examples", "data-examples": r.name, "data-present-fold": "" },
    el("h2", { text: `${r.name}: ${r.wrong} of ${r.checked} wrong` }),
    ...(r.why ? [el("p", { class: "explain", "data-role": "why" }, r.why)] : []),
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
  // The audit, its wrong routines (chessviz.css folds the right ones on a slide): the guide has the
  // room read their counts on the projector. The question joins the slide in exercise mode, where
  // the audit is its answer (chapter.js).
  present: [summary, list],
  exercise: {
    // The audit's table and its lists of wrong inputs answer the question.
    answers: [list],
    // A sheet's exercise is its question alone: the audit's summary, the same for all, is the page's.
    inputs: [],
    next: (_s, random) => {
      // Half the time a pair some routine gets wrong, so "yes" is no safe guess.
      const [a, b] =
        random() < 0.5 && faultyPairs.length ? pick(random, faultyPairs) : [randomSquare(random), randomSquare(random)];
      return { a, b: b === a ? (a === "a1" ? "b2" : "a1") : b, routine: randomInt(random, 2) };
    },
  },
  load: (s) => Promise.all([api("/routines"), api("/same-line", { a: s.a, b: s.b })]),
  draw(s, [{ routines }, same]) {
    faultyPairs = routines
      .filter((r) => r.name.startsWith("squaresOnSameDiagonal"))
      .flatMap((r) => r.examples.map((e) => e.input));
    const routine = same.routines[s.routine];
    question.draw({
      prompt: `The page prints ${routine.name}: ${routine.formula} Will it answer right for sq1 = ${same.a}, sq2 = ${same.b} (truth: ${same.diagonal ? "they share a diagonal" : "they do not share a diagonal"})?`,
      choices: VERDICTS,
      answer: routine.correct ? "right" : "wrong",
      answerText: `${routine.correct ? "yes" : "no"}: it returns ${routine.means}`,
      revealed: s.rev,
      given: s.ans,
    });
    drawReading(routines);
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
    list.replaceChildren(
      table(["routine", "page", "as printed", "inputs", "wrong"], rows),
      slideReading(routines),
      ...faulty.map(examples),
    );
  },
});
