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

/** Words for paper alone (a printed page, a worksheet), in place of the screen's. */
const paperOnly = (text) => el("span", { class: "paper-only" }, text);

/**
 * A task's words for the screen and for paper: "…, then reveal" ends in a reveal only the screen
 * has, and a sentence's "Type" is a field the screen has, so paper (a printed page, a worksheet)
 * keeps the task for a pen: no reveal, and "Write". Returns the nodes.
 */
export function taskWords(text) {
  const task = text.match(/^(.*), then reveal(\.?)$/s); // "Mark them, then reveal.", "Your turn: predict, then reveal"
  const [body, tail] = task ? [task[1], [screenOnly(", then reveal"), task[2]]] : [text, []];
  const parts = body.split(/(?<=^|[.?!] )Type(?= )/); // "… if at all? Type the square (e.g. d5) or “none”"
  return [...parts.flatMap((part, i) => (i ? [screenOnly("Type"), paperOnly("Write"), part] : [part])), ...tail];
}

/**
 * What an exercise (predict.js, question.js) says while the student explores, the answers on the
 * page (chessviz.css folds its task away then: its answer stands above it): hide them to try it first.
 */
export const INVITE = "As you explore, the answers are on the page. To try this yourself first, hide them:";

/**
 * An exercise's heading: "Your turn", then what to do (": predict, then reveal"), which exploring
 * hides (chessviz.css): there the exercise only invites to practise. Returns the nodes.
 */
export function turnWords(text) {
  const at = text.indexOf(":");
  if (at < 0) return taskWords(text);
  return [text.slice(0, at), el("span", { class: "exercise-words" }, ...taskWords(text.slice(at)))];
}

/**
 * A line that says a task in `element`, again at each draw where the task follows the state: its
 * nodes are made again only when the words change. Returns say(text).
 */
export function taskLine(element) {
  let shown = null;
  return (text) => {
    if (text === shown) return;
    shown = text;
    element.replaceChildren(...taskWords(text));
  };
}

/**
 * A verdict line in `element`: what it says (printed too) and an invitation to act, to reveal,
 * which is the screen's (paper has no reveal). Two spans made once and written with setText: a
 * tap on a board redraws them. Returns say(words, invitation).
 */
export function verdictLine(element) {
  const said = el("span");
  const invite = screenOnly("");
  element.append(said, invite);
  return (words, invitation = "") => {
    setText(said, words);
    setText(invite, invitation);
  };
}

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

/**
 * Enable or disable a button. Disabling the button that has the keyboard's focus would drop the
 * focus to the page itself, and the next Tab would start again at the top of the page: the focus
 * first moves to `to` if given, else to the nearest button that can take it, the next one first:
 * in the button's own group (Reveal → Next exercise, Last → Play, Check → Stop), or if it is
 * alone there, in the page.
 */
export function setDisabled(button, disabled, to = null) {
  if (disabled && !button.disabled && document.activeElement === button) {
    if (to) to.focus();
    else moveFocusOn(button, button.parentElement) || moveFocusOn(button, document);
  }
  button.disabled = disabled;
}

/** Focus the nearest enabled button of the Tab order `within`, after `button` first; false if none takes it. */
function moveFocusOn(button, within) {
  const buttons = [...within.querySelectorAll("button")];
  const at = buttons.indexOf(button);
  for (const other of [...buttons.slice(at + 1), ...buttons.slice(0, at).reverse()]) {
    if (other.disabled || other.tabIndex < 0) continue; // a board's squares take Tab one at a time
    other.focus(); // one that cannot take it (hidden, in a closed <details>) leaves the focus where it was
    if (document.activeElement === other) return true;
  }
  return false;
}

/**
 * Make `container`'s children the given ones (nodes or strings, as el() takes them), keeping each
 * node already in its place that is the same element: its attributes and texts are made the same,
 * and only a node of another kind is replaced. A redraw that changes a few numbers then changes
 * only those: the keyboard's focus stays on the button it was on, and the browser restyles and
 * lays out only what changed. For markup without listeners of its own (the container's, on it,
 * stay).
 */
export function morph(container, ...children) {
  syncChildren(
    container,
    children.filter((c) => c !== null && c !== undefined).map((c) => (typeof c === "string" ? document.createTextNode(c) : c)),
  );
}

function syncChildren(parent, wanted) {
  const have = [...parent.childNodes];
  wanted.forEach((next, i) => {
    const old = have[i];
    if (old && old.nodeType === next.nodeType && old.nodeName === next.nodeName) syncNode(old, next);
    else if (old) parent.replaceChild(next, old);
    else parent.append(next);
  });
  for (const old of have.slice(wanted.length)) old.remove();
}

function syncNode(old, next) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.data !== next.data) old.data = next.data;
    return;
  }
  for (const name of old.getAttributeNames()) if (!next.hasAttribute(name)) old.removeAttribute(name);
  for (const name of next.getAttributeNames()) {
    const value = next.getAttribute(name);
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  syncChildren(old, [...next.childNodes]);
}
