// The one DOM helper every module builds with.

import { tapWords } from "./terms.js";

/** Create an element: el("p", {class: "x", "data-role": "y"}, "text", child). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** Create an element as el() does and append it to `container`; returns it. */
export function add(container, tag, attrs = {}, ...children) {
  const node = el(tag, attrs, ...children);
  container.append(node);
  return node;
}

/** Where the screen is touched first (a phone, a tablet, a whiteboard), as chessviz.css's .on-touch asks. */
const TOUCH_FIRST = "(hover: none) and (pointer: coarse)";

/** A mouse's words, or a finger's where the screen is touched first: "click a square" -> "tap a square". */
export const pointerWords = (text) => (window.matchMedia(TOUCH_FIRST).matches ? tapWords(text) : text);

/** A mouse's instruction ("click a second square"): shown on screen, left off paper (chessviz.css). */
export const screenOnly = (text) => el("span", { class: "screen-only" }, pointerWords(text));

/**
 * Append a row of `count` board columns (div.boards > div.column) to `container`; `extra`
 * gives a column one more class by position. Returns the columns.
 */
export function columns(container, count, extra = []) {
  const row = add(container, "div", { class: "boards" });
  return Array.from({ length: count }, (_, i) => add(row, "div", { class: extra[i] ? `column ${extra[i]}` : "column" }));
}

/**
 * Set an element's text, as textContent does, but a changed text is written into the text node
 * already there and an unchanged one not at all. Replacing the node would make the browser
 * check the page's :has() rules again (chessviz.css lays the chapter out by them): a few
 * milliseconds each time on a phone, where a tap changes dozens of texts.
 */
export function setText(node, text) {
  const value = String(text);
  const only = node.firstChild;
  if (only !== null && only === node.lastChild && only.nodeType === Node.TEXT_NODE) {
    if (only.data !== value) only.data = value;
  } else if (value !== "" || only !== null) node.textContent = value;
}
