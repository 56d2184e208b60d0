// Small shared controls: one radio group (the mapping switch and "the next click sets" are
// two uses of it), one labelled select, and one error line.

import { el, setText } from "./dom.js";

const MAPPING_TEXT = {
  lerbef: "lerbef, the devlog's layout: h1 is bit 0, a1 is bit 7, a8 is bit 63. Higher bits run west and north.",
  lerf: "lerf, the wiki's and python-chess's layout: a1 is bit 0, h1 is bit 7, h8 is bit 63. Higher bits run east and north.",
};

let uid = 0;

/**
 * Create a radio group: `choices` is [[value, label], ...]; onChange(value) when one is picked.
 * Returns { element, set(value) }.
 */
export function createRadioGroup(container, { legend, choices, onChange, className = "panel pick" }) {
  const name = `radio-${++uid}`;
  const box = el(
    "fieldset",
    { class: className },
    el("legend", { text: legend }),
    ...choices.map(([value, label]) => el("label", {}, el("input", { type: "radio", name, value }), ` ${label}`)),
  );
  box.addEventListener("change", (event) => onChange(event.target.value));
  container.append(box);
  return {
    element: box,
    set(value) {
      for (const input of box.querySelectorAll("input")) input.checked = input.value === value;
    },
  };
}

/**
 * Create the mapping switch of a chapter's state (its `mapping` field): a radio group, then,
 * folded (the switch stays one line above the boards), a sentence on the chosen mapping and the
 * chapter's `note` on what changes.
 * Returns { element, set(mapping) }.
 */
export function createMappingSwitch(container, state, note = "") {
  const group = createRadioGroup(container, {
    legend: "Square mapping",
    choices: [
      ["lerbef", "lerbef (devlog)"],
      ["lerf", "lerf (wiki)"],
    ],
    onChange: (mapping) => state.set({ mapping }),
    className: "mapping-switch",
  });
  const text = el("p", { class: "mapping-text" });
  group.element.append(
    el(
      "details",
      { class: "mapping-note" },
      el("summary", { text: "What it changes" }),
      text,
      note ? el("p", { text: note }) : null,
    ),
  );
  return {
    element: group.element,
    set(mapping) {
      group.element.dataset.mapping = mapping;
      group.set(mapping);
      setText(text, MAPPING_TEXT[mapping]);
    },
  };
}

/**
 * Create a select of `choices` ([[value, text], ...]) carrying data-control="<control>", in a
 * labelled panel appended to `container` (or bare, when container is null).
 * Returns { element (the select), set(value) }.
 */
export function createSelect(container, { id, control, label, choices, onChange }) {
  const select = el("select", { id, "data-control": control }, ...choices.map(([value, text]) => el("option", { value, text })));
  select.addEventListener("change", () => onChange(select.value));
  container?.append(el("label", { class: "panel", for: id }, label, select));
  return {
    element: select,
    set(value) {
      select.value = value;
    },
  };
}

const LONG_WHY = 60; // characters after a message's first colon that make it a headline and its why

/**
 * Create a hidden error line (role=alert), placed after `anchor` (or later, by the caller).
 * show(error) writes an API error's message ({message, code}: the code goes on data-code, not
 * in the text) or any message; show(null) hides it. An error that was not shown, once the
 * student has acted on the page, is scrolled into view, the least that shows it: on a phone it
 * may fall under the screen's edge, below the board just tapped, and the tap would seem to do
 * nothing. A page opened on a bad state stays at its top, where its title says what it is.
 * Returns { element, show }.
 */
export function createErrorLine(anchor = null) {
  const line = el("p", { class: "input-error", role: "alert", hidden: true });
  anchor?.after(line);
  return {
    element: line,
    show(error) {
      // The student reads the message; the API's code stays on data-code for tests and tools.
      const text = error ? String(error.message || error) : "";
      const cut = text.indexOf(": ");
      // A long message says what is wrong, then why ("b2 and g4 share no line: not a rank (...),
      // ..."): a slide keeps what is wrong, one line the room reads; the why is the page's.
      if (cut > 0 && text.length - cut > LONG_WHY) {
        line.replaceChildren(
          text.slice(0, cut),
          el("span", { class: "input-error-why", "data-present-fold": "" }, text.slice(cut)),
        );
      } else line.textContent = text;
      if (error?.code) line.dataset.code = error.code;
      else delete line.dataset.code;
      const appears = Boolean(error) && line.hidden && navigator.userActivation?.hasBeenActive;
      line.hidden = !error;
      // A slide is fitted to the screen (presenter.js): scrolled, it would lose its top.
      const slide = document.documentElement.dataset.present === "1";
      if (appears && !slide) requestAnimationFrame(() => line.scrollIntoView({ block: "nearest" }));
    },
  };
}
