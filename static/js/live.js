// The live class on every chapter page: the teacher's panel (start a class, its code, link and
// QR code, how many joined, Ask / Reveal / End, the answers counted on a board) and the
// student's bar (follow the teacher or not, answer the question on their own board or by
// typing a value, see whether they were right). Which one this tab shows: live-core.js.
// The server decides every answer; this page only shows what it says.

import { announce } from "./announce.js";
import { parseBB, SQUARE_NAMES, squareIndex } from "./bits.js";
import { createBoard } from "./board.js";
import { add, el, pointerWords, setDisabled } from "./dom.js";
import { call, follow, keep, kept, tabRole, takeRole, valueText, viewOrder, viewPath } from "./live-core.js";
import { answersHiddenIn, isLoopback, shareLink, UNREACHABLE } from "./share.js";

const SENT = "Your answer is sent. You can change it until your teacher reveals the answer.";
const CHECKED = "Your answer, checked: ✓ right, ✗ marked but not in the answer, ○ in the answer but not marked";
const CHANGED = "Not sent yet: your answer has changed since you sent it. Click Send my answer to send this one.";

// A question stays open when the teacher moves on to another chapter: it says so, with its page.
const ELSEWHERE = `<p class="live-elsewhere" data-live-elsewhere hidden>This question was asked on another page.
  <a data-live-elsewhere-link>Open that page</a></p>`;

function drawElsewhere(part, question) {
  const page = new URL(question.path ?? window.location.href, window.location.href);
  part("elsewhere").hidden = page.pathname === window.location.pathname;
  // Before the reveal, the page opens with its answers hidden: the link must not give them away.
  const link = new URL(shareLink(page.href, { hidden: !question.answer, lanHost: null }));
  part("elsewhere-link").href = link.pathname + link.search;
}

const root = document.querySelector("[data-live]");
if (root) setUp(root);

/** A student's text quoted back, cut to a line. */
const shown = (text) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** Call fn once the chapter has drawn (at once if it has, or if the page has none), in a frame of its own. */
function whenDrawn(fn) {
  const chapter = document.getElementById("chapter");
  const later = () => requestAnimationFrame(fn);
  if (!chapter || chapter.dataset.drawn) return later();
  const observer = new MutationObserver(() => {
    if (!chapter.dataset.drawn) return;
    observer.disconnect();
    later();
  });
  observer.observe(chapter, { attributes: true, attributeFilter: ["data-drawn"] });
}

/** "1 student", "3 students". */
const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function setUp(root) {
  const role = tabRole();
  const start = el("button", { type: "button", class: "live-start", "data-live-start": "" }, "Start a class");
  const bar = document.querySelector(".share-bar");
  (bar ?? root).append(start);
  if (role === "student") {
    start.hidden = true;
    studentBar(root, kept("student"));
  } else if (role === "teacher") {
    teacherPanel(root, start, kept("teacher"));
  } else {
    start.addEventListener("click", () => openClass(root, start), { once: true });
  }
}

// --- the teacher ------------------------------------------------------------------------------

async function openClass(root, start) {
  start.disabled = true;
  try {
    const made = await call("POST", "", { body: { path: viewPath() } });
    const record = { code: made.code, key: made.teacher_key, joinUrl: made.join_url, open: true, send: true };
    keep("teacher", record);
    takeRole("teacher");
    start.disabled = false;
    teacherPanel(root, start, record);
  } catch (error) {
    start.disabled = false;
    start.textContent = error.status === 503 ? "Live class unavailable: try again" : "Start a class (failed: try again)";
    start.addEventListener("click", () => openClass(root, start), { once: true });
  }
}

function teacherPanel(root, start, record) {
  // Back on the page of a question still open (by a link, the list of chapters: any way but Back,
  // which comes back to its hidden address), its answers stay hidden until the reveal. Before the
  // chapter reads its state (this module runs first), and before the page is sent to the class.
  if (hideForQuestion(record.asked)) {
    record.hid = true;
    keep("teacher", record);
  }
  const lanHosts = JSON.parse(root.dataset.lanHosts || "[]");
  const onLoopback = isLoopback(window.location.hostname);
  const joinLink = shareLink(record.joinUrl, { hidden: false, lanHost: onLoopback ? lanHosts[0] : null });
  const panel = el("aside", { class: "live-panel", "aria-labelledby": "live-title", "data-live-panel": "" });
  panel.innerHTML = `
    <div class="live-head">
      <h2 id="live-title">Live class</h2>
      <button type="button" data-live-hide aria-label="Hide the class panel (the class goes on)">Hide</button>
    </div>
    <p class="live-join"><span class="live-join-at">Join at <a data-live-link></a> with the code</span>
      <span class="live-join-code">Code</span> <strong class="live-code" data-live-code></strong></p>
    <p class="live-unreachable" data-live-unreachable hidden></p>
    <img class="live-qr" data-live-qr width="160" height="160">
    <p class="live-count" data-live-students role="status" aria-live="polite"></p>
    <div class="live-actions">
      <button type="button" data-live-ask>Ask the class</button>
      <button type="button" data-live-reveal disabled>Reveal to the class</button>
    </div>
    <p class="live-note" data-live-note role="status" aria-live="polite"></p>
    <section class="live-question" data-live-question hidden aria-labelledby="live-question-title">
      <h3 id="live-question-title">The class's answers</h3>
      <p class="live-prompt" data-live-prompt></p>
      ${ELSEWHERE}
      <p class="live-answered" data-live-answered role="status" aria-live="polite"></p>
      <div data-live-heat></div>
      <ul class="live-values" data-live-values></ul>
    </section>
    <label class="live-check"><input type="checkbox" data-live-send> Students follow my page</label>
    <div class="live-end">
      <button type="button" data-live-end>End the class</button>
      <span data-live-confirm hidden>End it for every student?
        <button type="button" data-live-end-yes>Yes, end it</button>
        <button type="button" data-live-end-no>No</button></span>
    </div>`;
  const part = (name) => panel.querySelector(`[data-live-${name}]`);
  part("link").href = joinLink;
  part("link").textContent = joinLink.replace(/^https?:\/\//, "").replace(/\/join\/.*$/, "/join");
  part("code").textContent = record.code;
  part("code").setAttribute("aria-label", `Join code: ${[...record.code].join(" ")}`);
  // On this computer only (make run), with no network address to put instead: the teacher is told
  // before the class types an address its devices cannot reach.
  const unreachable = onLoopback && lanHosts.length === 0;
  part("unreachable").hidden = !unreachable;
  part("unreachable").textContent = unreachable ? UNREACHABLE : "";
  part("qr").src = `${document.body.dataset.apiRoot || "/api"}/qr?text=${encodeURIComponent(joinLink)}`;
  part("qr").alt = `QR code of the join link ${joinLink}`;
  part("send").checked = record.send !== false;
  root.append(panel);

  const heat = createBoard(part("heat"), { role: "class-answers", label: "Marks per square" });
  /**
   * On a wide screen the panel is a column as tall as the screen, and the counts' board takes the
   * room left under the lines above it (live.css: --above-board), measured here: those lines vary
   * (a prompt of one line or four, "asked on another page", "right: …" once revealed), and a fixed
   * estimate let the board's first rank run under the screen's edge. The room is the panel's
   * height less the eight ranks: everything above the first rank and under the last. Twice: the
   * labels around the squares follow their size a little.
   */
  function fitCounts() {
    if (panel.hidden || part("question").hidden || part("heat").hidden || getComputedStyle(panel).position !== "fixed") {
      panel.style.removeProperty("--above-board");
      return;
    }
    const squares = part("heat").querySelectorAll(".sq"); // a8 first, h1 last
    for (let pass = 0; pass < 2; pass++) {
      const origin = panel.getBoundingClientRect().top - panel.scrollTop;
      const ranks = squares[squares.length - 1].getBoundingClientRect().bottom - squares[0].getBoundingClientRect().top;
      const figure = part("heat").querySelector(".board-figure").getBoundingClientRect();
      const padding = parseFloat(getComputedStyle(panel).paddingBottom);
      const room = `${Math.ceil(figure.bottom - origin - ranks + padding) + 2}px`;
      if (panel.style.getPropertyValue("--above-board") === room) return;
      panel.style.setProperty("--above-board", room);
    }
  }
  // Measured again whenever the lines above the board change size (presenter mode's larger print
  // comes after the panel's first draw), on the next frame: the board's own change of size, which
  // this observer sees too, then finds the room as it was.
  let fitting = 0;
  const fitSoon = () => {
    cancelAnimationFrame(fitting);
    fitting = requestAnimationFrame(fitCounts);
  };
  new ResizeObserver(fitSoon).observe(part("question"));
  window.addEventListener("resize", fitSoon);
  let question = null; // {question_id, kind, prompt, answer?}
  let answered = 0; // how many answered the open question, as its last tally said
  let asking = false;
  let timers = [];
  // { again: true }: a message answering the teacher's press, heard even when it repeats the last one.
  const note = (text, options) => announce(part("note"), text, options);
  /** The open question is over (revealed, or gone): this page's answers hidden for it come back. */
  const questionOver = () => {
    showAfterQuestion(record);
    record.hid = false;
    record.asked = null;
    keep("teacher", record);
  };

  function show(open) {
    record.open = open;
    keep("teacher", record);
    panel.hidden = !open;
    document.documentElement.dataset.liveOpen = open ? "1" : "0";
    start.textContent = open ? "Hide the class panel" : `Live class ${record.code}`;
    start.setAttribute("aria-expanded", String(open));
    window.dispatchEvent(new Event("resize")); // presenter mode sizes its slide again
  }
  start.addEventListener("click", () => show(panel.hidden));
  part("hide").addEventListener("click", () => {
    show(false);
    start.focus();
  });
  show(record.open !== false);

  // The class still there? (A reload after it expired or ended elsewhere.)
  call("GET", `/${record.code}`).then(
    (info) => {
      drawStudents(info.students);
      if (info.question) {
        // The class tells no one the answer; this page kept the one it revealed (a reload must not
        // offer to reveal it again, nor forget who was right).
        const revealed = record.revealed?.question_id === info.question.question_id ? record.revealed.answer : undefined;
        question = { ...info.question, ...(revealed === undefined ? {} : { answer: revealed }) };
        drawQuestion();
        poll(); // its counts now, not at the next tick of the class's student count
      } else if (record.asked) questionOver(); // no question open after all
    },
    (error) => {
      if (error.status === 404) ended("The class has ended (it was ended, or it expired): start a new one.");
      else note("The live class is unavailable right now; the panel reconnects by itself.");
    },
  );

  // The teacher's page, sent to the class whenever its URL changes (unless paused).
  let sent = null;
  let sending = false;
  async function sendView() {
    const path = viewPath();
    if (!part("send").checked || path === sent || sending) return;
    sending = true;
    try {
      await call("PUT", `/${record.code}/view`, { body: { path }, key: record.key });
      sent = path;
      panel.dataset.view = path;
    } catch (error) {
      if (error.status === 404) ended("The class has ended.");
    } finally {
      sending = false;
    }
    if (viewPath() !== sent) sendView(); // changed meanwhile: the newest wins
  }
  watchUrl(sendView);
  part("send").addEventListener("change", () => {
    record.send = part("send").checked;
    keep("teacher", record);
    sendView();
  });
  sendView();

  part("ask").addEventListener("click", async () => {
    if (asking) return; // a double click asks once
    // Another question replaces the open one and drops its answers: said first, done on a second press.
    if (question && !question.answer && answered > 0 && part("ask").dataset.confirm !== question.question_id) {
      part("ask").dataset.confirm = question.question_id;
      note(
        `A new question replaces the open one and drops its ${count(answered, "answer")}: press Ask the class again to ask it.`,
        {
          again: true,
        },
      );
      return;
    }
    // A state the chapter's own exercise does not keep asks nothing (the server agrees): said at once.
    const chapter = document.getElementById("chapter");
    if (chapter?.dataset.asks === "false") {
      note(asksNothing(chapter), { again: true });
      return;
    }
    note("");
    asking = true;
    try {
      question = await call("POST", `/${record.code}/questions`, { body: { path: viewPath() }, key: record.key });
      answered = 0;
      // While the class works it out, the chapter's own answers are hidden (its exercise mode), on
      // this page and on every student's that follows it; the reveal shows them again.
      record.asked = window.location.pathname;
      if (hideForQuestion(record.asked)) record.hid = true;
      keep("teacher", record);
      drawQuestion();
      poll();
    } catch (error) {
      if (error.code === "invalid_parameter") note(asksNothing(chapter), { again: true });
      else if (error.status === 404) ended("The class has ended.");
      else note("The question could not be asked; try again.", { again: true });
    } finally {
      asking = false;
    }
  });
  part("reveal").addEventListener("click", async () => {
    if (!question) return;
    try {
      const revealed = await call("POST", `/${record.code}/questions/${question.question_id}/reveal`, { key: record.key });
      question.answer = revealed.answer;
      record.revealed = { question_id: question.question_id, answer: revealed.answer };
      questionOver();
      drawQuestion();
      poll();
    } catch {
      note("The answer could not be revealed; try again.", { again: true });
    }
  });
  part("end").addEventListener("click", () => {
    part("confirm").hidden = false;
    part("end-no").focus();
  });
  part("end-no").addEventListener("click", () => {
    part("confirm").hidden = true;
    part("end").focus();
  });
  part("end-yes").addEventListener("click", async () => {
    try {
      await call("DELETE", `/${record.code}`, { key: record.key });
    } catch (error) {
      if (error.status !== 404) {
        note("The class could not be ended; try again.", { again: true });
        return;
      }
    }
    ended("The class has ended: every student was told.");
  });

  function drawStudents(students) {
    part("students").textContent = `${count(students, "student")} joined`;
    part("students").dataset.students = String(students);
  }

  function drawQuestion() {
    part("question").hidden = !question;
    setDisabled(part("reveal"), !question || Boolean(question.answer));
    if (question) panel.dataset.asking = question.kind;
    else delete panel.dataset.asking;
    panel.toggleAttribute("data-revealed", Boolean(question?.answer));
    // The class answers on its own devices: the slide leaves out the chapter's own answer box. The
    // chapter is drawn again when that changes (a reload learns of the open question after its draw).
    const asked = Boolean(question && !question.answer);
    if (asked !== (document.documentElement.dataset.liveAsking === "1")) {
      if (asked) document.documentElement.dataset.liveAsking = "1";
      else delete document.documentElement.dataset.liveAsking;
      window.dispatchEvent(new Event("chessviz:url"));
    }
    window.dispatchEvent(new Event("resize"));
    if (!question) return;
    part("prompt").textContent = question.prompt;
    drawElsewhere(part, question);
    part("question").dataset.kind = question.kind;
    part("heat").hidden = question.kind !== "squares";
    fitCounts();
  }

  // The counts as last drawn, with the question they count: a poll that finds them unchanged
  // leaves the panel as it is (redrawn every second, the list a teacher reads or a screen reader
  // is on would be new nodes each time).
  let drawnTally = "";
  function drawTally(tally) {
    const key = JSON.stringify([question.question_id, question.answer ?? null, tally]);
    if (key === drawnTally) return;
    drawnTally = key;
    if (!question.answer) drawStudents(tally.students); // a final tally's is the class at the reveal
    answered = tally.answered;
    const right = question.answer && tally.answered ? `; right: ${tally.right} of ${tally.answered}` : "";
    part("answered").textContent = `Answered: ${tally.answered} of ${tally.students}${right}.`;
    Object.assign(part("answered").dataset, { answered: tally.answered, students: tally.students, right: tally.right });
    // One line a value the class sent: how many sent it and, once revealed, whether it is the answer.
    const item = (value, words, n, right) =>
      el(
        "li",
        { "data-value": value, "data-count": String(n), "data-right": String(right) },
        `${words}: ${count(n, "student")}${right ? " ✓ the answer" : ""}`,
      );
    if (question.kind === "squares") {
      const labels = {};
      const fills = {};
      for (const [name, n] of Object.entries(tally.squares)) {
        labels[name] = String(n);
        fills[name] = `heat-${Math.min(4, 1 + Math.floor((4 * n) / Math.max(1, tally.answered)))}`;
      }
      const marks = Object.fromEntries((question.answer ?? []).map((name) => [name, "right"]));
      heat.draw({ bits: null, labels, fills, marks });
      // An empty board sent ("if they do not meet, send an empty board") shows on no square: said
      // in words, and once revealed, whether it is the answer.
      const empty = tally.empty ?? 0;
      const emptyRight = Array.isArray(question.answer) && question.answer.length === 0;
      part("values").replaceChildren(...(empty || emptyRight ? [item("empty", "An empty board", empty, emptyRight)] : []));
    } else {
      part("values").replaceChildren(
        ...Object.entries(tally.values).map(([value, n]) =>
          item(value, valueText(value, question.words), n, value === question.answer),
        ),
      );
    }
    fitCounts(); // "right: …" may take a line more
  }

  // Every second: while a question is open its counts, else the number of students (a teacher
  // watching the class join read a count up to 4 s old). A revealed question's counts are final:
  // read once, then the students joining are counted again.
  let tallied = null; // the revealed question whose final counts are drawn
  async function poll() {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    const tick = async () => {
      if (!kept("teacher")) return;
      try {
        const open = Boolean(question && !question.answer);
        if (question && (open || tallied !== question.question_id)) {
          drawTally(await call("GET", `/${record.code}/questions/${question.question_id}/tally`, { key: record.key }));
          if (!open) tallied = question.question_id;
        }
        if (!open) drawStudents((await call("GET", `/${record.code}`)).students);
        if (part("note").dataset.down) note("");
        delete part("note").dataset.down;
      } catch (error) {
        if (error.status === 404) return ended("The class has ended.");
        part("note").dataset.down = "1";
        note("The live class is unavailable right now; the panel reconnects by itself.");
      }
      timers.push(setTimeout(tick, 1000));
    };
    tick();
  }
  poll();

  function ended(text) {
    for (const timer of timers) clearTimeout(timer);
    keep("teacher", null);
    takeRole(null);
    panel.remove();
    delete document.documentElement.dataset.liveOpen;
    delete document.documentElement.dataset.liveAsking;
    showAfterQuestion(record); // the answers hidden for a question come back with the class's end
    start.textContent = "Start a class";
    start.removeAttribute("aria-expanded");
    const restart = start.cloneNode(true); // drop the panel's listener
    start.replaceWith(restart);
    restart.addEventListener("click", () => openClass(root, restart), { once: true });
    const told = add(root, "p", { class: "live-note", role: "status", "data-live-ended": "" }, text);
    setTimeout(() => told.remove(), 15000);
    window.dispatchEvent(new Event("resize"));
  }
}

/** What a teacher reads when the page as it stands asks nothing, and what to choose first (chessviz/chapters.py). */
const asksNothing = (chapter) => `This page asks the class nothing as it stands. ${chapter?.dataset.asksWhen ?? ""}`.trim();

/**
 * Hide this page's answers for the open question asked on the page `asked` (a pathname), if this is
 * that page and they are not hidden already: it is reached by a link, not by the hidden address the
 * question left. Returns whether it hid them (a record keeps that as `hid`).
 */
function hideForQuestion(asked) {
  if (asked !== window.location.pathname || answersHiddenIn(window.location.href)) return false;
  hideAnswers(true);
  return true;
}

/** Show this page's answers again if they were hidden here for the question of `record` (its asked, hid). */
function showAfterQuestion(record) {
  if (record?.hid && record.asked === window.location.pathname) hideAnswers(false);
}

/** Hide the chapter's answers (exercise mode, no prediction) or show them again: the link Share gives. */
function hideAnswers(hide) {
  const url = new URL(shareLink(window.location.href, { hidden: hide, lanHost: null }));
  window.history.replaceState(window.history.state, "", url.pathname + url.search);
  window.dispatchEvent(new Event("chessviz:url")); // the chapter reads its state again
}

/** Call onChange whenever the page's URL changes (the chapter's state setters, Back, Forward). */
function watchUrl(onChange) {
  let last = window.location.href;
  const check = () => {
    if (window.location.href !== last) {
      last = window.location.href;
      onChange();
    }
  };
  for (const name of ["pushState", "replaceState"]) {
    const original = window.history[name].bind(window.history);
    window.history[name] = (...args) => {
      const result = original(...args);
      queueMicrotask(check);
      return result;
    };
  }
  window.addEventListener("popstate", check);
}

// --- the student ------------------------------------------------------------------------------

function studentBar(root, record) {
  // On the page of a question still open, reached by a link while not following: its answers stay
  // hidden until the reveal, as on the teacher's page (this module runs before the chapter's).
  if (hideForQuestion(record.asked)) keep("student", { ...record, hid: true });
  const box = el("section", { class: "live-student", "aria-labelledby": "live-student-title", "data-live-student": "" });
  // A student in a class: the teacher's tools step aside (live.css), the class's bar leads.
  document.documentElement.dataset.liveJoined = "1";
  box.innerHTML = `
    <div class="live-student-head">
      <h2 id="live-student-title">Live class <span data-live-code></span></h2>
      <span class="live-who" data-live-who></span>
      <span class="live-conn" data-live-conn role="status" aria-live="polite"></span>
      <button type="button" data-live-follow aria-pressed="true"></button>
    </div>
    <p class="live-away" data-live-away hidden><span>On your own board until your teacher's next move.</span>
      <button type="button" data-live-back>Back to the teacher's</button></p>
    <section class="live-task" data-live-task hidden aria-labelledby="live-task-title">
      <h3 id="live-task-title">Your teacher asks</h3>
      <p class="live-prompt" data-live-prompt></p>
      ${ELSEWHERE}
      <div data-live-board></div>
      <p class="live-value-row" data-live-value-row>
        <label for="live-value">Type your answer</label>
        <input id="live-value" class="mono" data-live-value autocomplete="off" spellcheck="false" inputmode="text">
      </p>
      <div class="live-actions">
        <button type="button" data-live-submit>Send my answer</button>
        <button type="button" data-live-clear>Clear my marks</button>
      </div>
      <p class="live-result" data-live-result role="status" aria-live="polite" tabindex="-1"></p>
    </section>`;
  root.append(box);
  const part = (name) => box.querySelector(`[data-live-${name}]`);
  part("code").textContent = record.code;
  part("who").textContent = `You are ${record.name}.`; // a name is text, never markup
  const asking = pointerWords("Your answer: click squares to mark them");
  const board = createBoard(part("board"), {
    role: "my-answer",
    label: asking,
    interactive: true,
    onSquare: (name) => {
      if (!question || question.answer) return;
      marked.has(name) ? marked.delete(name) : marked.add(name);
      saveDraft();
      drawTask();
      drawSent();
    },
  });
  let question = null; // the open question's public part, with answer and right once revealed
  /** Change this student's record, if they are still in the class. */
  const amend = (changes) => {
    const now = kept("student");
    if (now) keep("student", { ...now, ...changes });
  };
  let marked = new Set();
  let given = null; // the answer the server has for this student
  let stream = null;
  const lastId = {
    get: () => kept("student")?.lastId ?? null,
    set: (id) => {
      const now = kept("student");
      if (now) keep("student", { ...now, lastId: id });
    },
  };

  const following = () => kept("student")?.following !== false;
  function drawFollow() {
    const on = following();
    part("follow").setAttribute("aria-pressed", String(on));
    part("follow").textContent = on ? "Stop following" : "Follow the teacher";
    box.dataset.following = on ? "1" : "0";
  }
  const views = viewOrder(); // the stream's views, and the one asked for on pressing Follow
  part("follow").addEventListener("click", async () => {
    keep("student", { ...kept("student"), following: !following() });
    drawFollow();
    drawAway();
    if (following()) {
      try {
        const view = await views.latest(async () => (await call("GET", `/${record.code}`)).view);
        if (view) goTo(view, { now: true });
      } catch {
        connection("unavailable");
      }
    }
  });
  drawFollow();

  // A following student who taps their own board leaves the teacher's: the bar says so, and how back.
  const teacherAt = () => kept("student")?.teacherAt ?? null;
  function drawAway() {
    const at = teacherAt();
    part("away").hidden = !following() || !at || viewPath(new URL(at, window.location.href).href) === viewPath();
  }
  watchUrl(drawAway);
  drawAway(); // a reload keeps the student where they went
  part("back").addEventListener("click", () => goTo(teacherAt(), { now: true }));

  /**
   * The teacher's view: kept, and gone to if the student follows. A view the class's stream tells
   * again (a new follower's first event, a stream started afresh) that is the one kept already is no
   * move of the teacher: a student who went to their own board stays there, as the bar says, "until
   * your teacher's next move". Back and Follow go there now.
   */
  function goTo(path, { now = false } = {}) {
    const moved = path !== teacherAt();
    if (path) amend({ teacherAt: path });
    drawAway();
    if (!following() || !path || !(moved || now)) return;
    const here = window.location.pathname + window.location.search;
    if (viewPath(new URL(path, window.location.href).href) === viewPath()) return;
    const target = new URL(path, window.location.href);
    if (target.pathname === window.location.pathname) {
      window.history.replaceState(null, "", target.pathname + target.search);
      window.dispatchEvent(new Event("chessviz:url"));
    } else if (here !== path) {
      window.location.assign(target.pathname + target.search);
    }
  }

  function connection(state) {
    const words = {
      live: "",
      reconnecting: "Reconnecting…",
      unavailable: "The live class is unavailable right now; reconnecting by itself.",
      ended: "",
    };
    part("conn").textContent = words[state] ?? "";
    box.dataset.connection = state;
    if (state === "ended") leave();
  }

  function leave() {
    stream?.close();
    keep("student", null);
    takeRole(null);
    window.location.assign(`${root.dataset.joinUrl}?ended=1`);
  }

  const draftKey = () => `chessviz-live-draft-${record.code}-${question?.question_id}`;
  function saveDraft() {
    sessionStorage.setItem(draftKey(), JSON.stringify([...marked]));
  }

  function setQuestion(next, answer = null) {
    question = next;
    given = answer;
    if (!next.answer) {
      // Seen open: once revealed, a question this student could have answered (not one revealed
      // before they joined, or while they were away).
      amend({ seen: next.question_id });
      const asked = new URL(next.path, window.location.href).pathname;
      const now = kept("student");
      // Another question: this page, hidden here for the one it replaces, shows its answers again.
      if (asked !== now?.asked) {
        showAfterQuestion(now);
        amend({ asked, hid: false });
      }
      // A student exploring on their own, on the page the question is about: its answers hide too.
      if (hideForQuestion(asked)) amend({ hid: true });
    }
    let draft = null;
    try {
      draft = JSON.parse(sessionStorage.getItem(draftKey()) || "null");
    } catch {}
    marked = new Set(draft ?? (Array.isArray(answer) ? answer : []));
    part("value").value = typeof answer === "string" ? answer : "";
    drawTask();
    drawSent();
  }

  /** Whether what the board (or the field) holds now is the answer the server has. */
  function unchanged() {
    if (question.kind === "squares") {
      const sent = new Set(Array.isArray(given) ? given : []);
      return sent.size === marked.size && [...marked].every((name) => sent.has(name));
    }
    try {
      return parseBB(part("value").value.trim()) === BigInt(given);
    } catch {
      return false;
    }
  }

  /** Before the reveal: nothing sent yet, sent, or changed since it was sent (a reload shows the draft kept here). */
  function drawSent() {
    if (!question || question.answer) return;
    if (given === null || given === undefined) announce(part("result"), "");
    else announce(part("result"), unchanged() ? SENT : pointerWords(CHANGED));
  }

  function drawTask() {
    part("task").hidden = !question;
    // While the class is asked, the class's answer box is the student's: the chapter's own (a second
    // board to mark, and a Reveal that would show the answer before the teacher does) steps aside.
    if (question && !question.answer) document.documentElement.dataset.liveAnswering = "1";
    else delete document.documentElement.dataset.liveAnswering;
    if (!question) return;
    const squares = question.kind === "squares";
    part("task").dataset.kind = question.kind;
    part("task").dataset.questionId = question.question_id;
    part("prompt").textContent = question.prompt;
    drawElsewhere(part, question);
    board.figure.hidden = !squares;
    part("clear").hidden = !squares;
    part("value-row").hidden = squares;
    const closed = Boolean(question.answer);
    // Closed by the reveal: a student on Send goes on to the verdict, not to some button of the page.
    setDisabled(part("submit"), closed, part("result"));
    setDisabled(part("clear"), closed, part("result"));
    part("value").disabled = closed;
    let bits = 0n;
    for (const name of marked) bits |= 1n << BigInt(squareIndex(name));
    const marks = {};
    if (closed && squares) {
      const truth = new Set(question.answer);
      const mine = new Set(Array.isArray(given) ? given : []);
      for (const name of SQUARE_NAMES) {
        if (mine.has(name) && truth.has(name)) marks[name] = "right";
        else if (mine.has(name)) marks[name] = "wrong";
        else if (truth.has(name)) marks[name] = "missed";
      }
      bits = 0n;
    }
    // Once checked, the caption says what each mark means (green ✓ alone could read as "all right").
    // The position the question is about (the slider and its blockers, the game's pieces): marked
    // where it stands, not on the chapter's board a scroll away.
    board.draw({ bits, mapping: "lerf", marks, pieces: question.pieces ?? {}, caption: closed ? CHECKED : asking });
  }

  part("clear").addEventListener("click", () => {
    marked = new Set();
    saveDraft();
    drawTask();
    drawSent();
  });
  part("value").addEventListener("input", drawSent);
  const notANumber = () => {
    const typed = part("value").value.trim();
    if (!typed) return "Type your answer first: a number, in decimal (129) or in hex after 0x (0x81).";
    // Digits alone: a number all the same, too big for a bitboard, or written with more digits than
    // one takes (leading zeros: the API reads at most 16 hex or 20 decimal digits).
    if (/^(0x[0-9a-f]+|[0-9]+)$/i.test(typed)) {
      if (BigInt(typed) > 0xffffffffffffffffn)
        return `${shown(typed)} is more than 64 bits hold: a bitboard's largest number is 0xffffffffffffffff (18446744073709551615).`;
      return `${shown(typed)} has too many digits: write a bitboard with at most 16 hex digits after 0x, or 20 in decimal.`;
    }
    return `“${shown(typed)}” is not a number: type the number alone, in decimal (129) or in hex after 0x (0x81).`;
  };
  // What Send and the reveal say stands under the board and the button, at the screen's foot or
  // below it on a phone: once written, the least scroll that shows it. Send's words are heard again
  // when they repeat (a changed answer sent).
  const say = async (text, options = { again: true }) => {
    await announce(part("result"), text, options);
    part("result").scrollIntoView({ block: "nearest" });
  };
  const submit = async () => {
    if (!question || question.answer) return;
    // A value is a number as the API reads one (bits.js parseBB, held to it): anything else is said at once.
    if (question.kind !== "squares" && parseBB(part("value").value) === null) {
      part("result").dataset.sent = "0";
      await say(notANumber());
      return;
    }
    const body =
      question.kind === "squares"
        ? { question_id: question.question_id, squares: [...marked] }
        : { question_id: question.question_id, value: part("value").value.trim() };
    try {
      const sentAnswer = await call("POST", `/${record.code}/answers`, { body, key: record.key });
      given = sentAnswer.answer;
      await say(SENT); // a changed answer sent is heard too
      part("result").dataset.sent = "1";
    } catch (error) {
      part("result").dataset.sent = "0";
      await say(
        error.code === "invalid_bitboard"
          ? notANumber()
          : error.code === "question_closed"
            ? "Answers to this question are closed: your teacher revealed the answer or asked another question."
            : "Your answer could not be sent; try again.",
      );
    }
  };
  part("submit").addEventListener("click", submit);
  part("value").addEventListener("keydown", (event) => {
    if (event.key === "Enter") submit();
  });

  /**
   * The answer revealed: the student's marks checked, and whether theirs was right, as the server
   * says. If the server cannot be asked (the network dropped as the answer came), it is asked again
   * every few seconds, as long as this question is the open one.
   */
  async function revealed(data, known = null) {
    if (!question || data.question_id !== question.question_id) return;
    question.answer = data.answer;
    showAfterQuestion(kept("student"));
    amend({ asked: null, hid: false });
    drawTask();
    try {
      const me = known ?? (await call("GET", `/${record.code}/me`, { key: record.key }));
      given = me.answer;
      drawTask();
      const truth = question.kind === "value" ? valueText(data.answer, question.words) : data.answer.join(", ") || "no square";
      part("result").dataset.right = String(me.right);
      await say(
        me.right === true
          ? `✓ Right: ${truth}.`
          : me.right === false
            ? `✗ Not right this time: the answer is ${truth}.`
            : kept("student")?.seen === question.question_id
              ? `You did not answer: the answer is ${truth}.`
              : `This question was asked and revealed before you joined: the answer is ${truth}.`,
        {},
      );
    } catch {
      announce(part("result"), "The answer is revealed; yours could not be checked yet: trying again.");
      setTimeout(() => revealed(data), 3000);
    }
  }

  // Where this student stands: their name, the open question and their answer (the server's).
  call("GET", `/${record.code}/me`, { key: record.key }).then(
    (me) => {
      part("who").textContent = `You are ${me.name}.`;
      if (me.question) {
        // A question already revealed comes with its answer: nothing of this page is hidden for it.
        const closed = me.revealed !== null;
        setQuestion(closed ? { ...me.question, answer: me.revealed } : me.question, me.answer);
        if (closed) revealed({ question_id: me.question.question_id, answer: me.revealed }, me);
        // Open, on a page just opened (the teacher's next, followed): the task in view, Send too,
        // once the chapter has drawn (what it adds above the bar, a worksheet link, moves it down).
        else whenDrawn(() => part("task").scrollIntoView({ block: "nearest" }));
      }
      stream = follow(record.code, {
        lastId,
        onState: connection,
        onEvent(type, data) {
          if (type === "view") {
            views.heard();
            goTo(data.path);
          } else if (type === "question") {
            if (question?.question_id !== data.question_id) {
              setQuestion(data);
              // A new question is brought into view whole, its Send button too (the least scroll).
              part("task").scrollIntoView({ block: "nearest" });
            }
          } else if (type === "reveal") revealed(data);
          else if (type === "ended") connection("ended");
        },
      });
    },
    (error) => {
      if (error.status === 404) leave();
      else if (error.status === 403) {
        keep("student", null);
        box.remove();
        delete document.documentElement.dataset.liveJoined;
      } else {
        connection("unavailable");
        setTimeout(() => window.location.reload(), 5000);
      }
    },
  );
}
