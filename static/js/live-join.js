// The join page (/join, /join/<code>): type the code and a nickname, join, and land on the
// teacher's current view. A student who already joined this class from this browser goes
// straight back to it with the key kept here.

import { announce } from "./announce.js";
import { add, el } from "./dom.js";
import { call, follow, keep, kept, normalizeCode, takeRole } from "./live-core.js";

const page = document.querySelector("[data-live-join]");
if (page) setUp(page);

function setUp(page) {
  const { alphabet, length, maxName } = page.dataset;
  const form = page.querySelector("[data-live-form]");
  const codeInput = form.querySelector("#live-code");
  const nameInput = form.querySelector("#live-name");
  const button = form.querySelector("[data-live-join-button]");
  const message = form.querySelector("[data-live-message]");
  // problem: shown as one. again: heard even when it repeats the last message (the same mistyped code twice).
  const say = (text, { problem = true, again = false } = {}) => {
    announce(message, text, { again });
    message.dataset.problem = problem ? "1" : "0";
  };

  const mine = kept("student");
  if (mine) {
    const back = el("button", { type: "button", "data-live-back": "" }, `Back to the class ${mine.code} as ${mine.name}`);
    const row = add(page, "p", { class: "live-back" }, back);
    page.prepend(row);
    back.addEventListener("click", () => land(mine.code));
  }
  (page.dataset.code && page.dataset.state === "known" ? nameInput : codeInput).focus();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = normalizeCode(codeInput.value, alphabet, Number(length));
    if (!code) {
      say(`A code has ${length} letters and digits, such as K7QM2P (there is no I, O, 0 or 1). Check it and type it again.`, {
        again: true,
      });
      codeInput.focus();
      return;
    }
    // This browser is in this class already (the join link opened again): Join takes the student
    // back in as themselves, not as a second student counted beside them. Another name is another
    // student (two sharing one computer).
    const typedName = nameInput.value.trim();
    if (mine?.code === code && (typedName === "" || typedName === mine.name)) {
      say(`You are back in as ${mine.name}.`, { problem: false });
      await land(code);
      return;
    }
    button.disabled = true;
    say("Joining…", { problem: false });
    try {
      const name = nameInput.value.trim();
      const joined = await call("POST", `/${code}/students`, { body: name ? { name } : {} });
      keep("student", { code, key: joined.student_key, id: joined.student_id, name: joined.name, following: true, lastId: null });
      takeRole("student");
      say(`You joined as ${joined.name}.`, { problem: false });
      await land(code);
    } catch (error) {
      button.disabled = false;
      const words = {
        class_not_found: "No class has this code: it may be mistyped, or the class has ended.",
        class_full: "This class is full: it has as many students as a class can take.",
        too_many_requests: "Too many wrong codes were tried from this network. Wait a few minutes, then try again.",
        class_unavailable: "The live class is unavailable right now. Try again in a moment.",
        // The field lets twice as many through (its maxlength counts an emoji twice); the server counts characters.
        invalid_parameter:
          [...nameInput.value.trim().split(/\s+/).join(" ").normalize("NFC")].length > Number(maxName)
            ? `That nickname is too long: at most ${maxName} characters.`
            : "That nickname holds a character a name cannot have: use letters, digits, spaces and emoji.",
      };
      say(words[error.code] ?? "Joining failed. Try again in a moment.");
    }
  });

  /** Go to the teacher's view `path`, kept as the view this student knows the teacher on. */
  function landOn(path) {
    const record = kept("student");
    if (record) keep("student", { ...record, teacherAt: path });
    window.location.assign(path);
  }

  /** Go to the teacher's current view; if there is none yet, wait here for the first one. */
  async function land(code) {
    takeRole("student");
    const info = await call("GET", `/${code}`).catch(() => null);
    if (info?.view) {
      // The view landed on is the teacher's as far as this student knows: the stream's first event,
      // the same view, is no move (a tap made meanwhile on their own board stays).
      landOn(info.view);
      return;
    }
    say("You are in. Waiting for your teacher's first page…", { problem: false });
    const stream = follow(code, {
      lastId: { get: () => null, set: (id) => keep("student", { ...kept("student"), lastId: id }) },
      onState: (state) => {
        if (state === "ended") {
          keep("student", null);
          say("The class has ended.");
        }
      },
      onEvent: (type, data) => {
        if (type === "view" && data.path) {
          stream.close();
          landOn(data.path);
        }
      },
    });
  }
}
