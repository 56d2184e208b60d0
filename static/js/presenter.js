// Presenter mode (present=1 in the URL, the key p, or the button): the chapter as a slide.
// Only what the chapter declares (its input boards, the current result, the stepper) stays;
// prose, notes and other boards fold away; the squares grow as large as the screen allows
// with everything kept in the first screen, no scrolling. An element marked
// data-present-fold (a listing, a sentence beside a board) folds away even inside a kept one.

import { el, setText } from "./dom.js";

const KEEP = "presentKeep";
const HIDE = "presentHide";

/**
 * Create the presenter switch before `root` (#chapter). onToggle() flips the state's present
 * field. Returns { apply(on, keep), refit() }: keep lists the elements to show (others fold away).
 */
export function createPresenter(root, onToggle) {
  const toggle = el("button", { type: "button", "data-action": "present", "aria-pressed": "false", "aria-keyshortcuts": "p" });
  const full = el("button", { type: "button", "data-action": "fullscreen", class: "present-only" }, "Full screen");
  const bar = el("div", { class: "toolbar presenter-bar screen-only", role: "group", "aria-label": "Presenting" }, toggle, full);
  // In the chapter's title row (beside the title and Share), else just before the chapter.
  const head = document.querySelector(".chapter-head");
  if (head) head.querySelector("h1").after(bar);
  else root.before(bar);
  toggle.addEventListener("click", onToggle);
  full.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen?.();
    else document.documentElement.requestFullscreen?.().catch(() => {});
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "p" || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    // The element typed into, also inside a shadow root (the code editor's), where event.target is its host.
    const target = event.composedPath?.()[0] ?? event.target;
    if (target.closest?.("textarea, select, [contenteditable], .cm-editor") || typesInto(target)) return;
    event.preventDefault();
    onToggle();
  });
  let current = { on: false, keep: [] };
  const refit = () => current.on && fit(root, current.keep);
  window.addEventListener("resize", refit);

  return {
    /** Size the slide again: what it keeps has changed since apply() (drawn later, outside a redraw). */
    refit,
    apply(on, keep) {
      current = { on, keep: keep.filter((e) => e?.isConnected) };
      toggle.setAttribute("aria-pressed", String(on));
      setText(toggle, on ? "Leave presenter mode (p)" : "Present (p)");
      const html = document.documentElement;
      for (const node of document.querySelectorAll("[data-present-keep], [data-present-hide]")) {
        delete node.dataset[KEEP];
        delete node.dataset[HIDE];
      }
      if (!on) {
        delete html.dataset.present;
        root.style.removeProperty("--sq");
        return;
      }
      html.dataset.present = "1";
      for (const node of current.keep) node.dataset[KEEP] = "1";
      fold(root);
      // Marked to fold whatever holds it, unless the chapter keeps it (or something in it) by name.
      for (const node of document.querySelectorAll("[data-present-fold]")) {
        if (!node.dataset[KEEP] && !node.querySelector("[data-present-keep]")) node.dataset[HIDE] = "1";
      }
      fit(root, current.keep);
    },
  };
}

/** Mark every element under root that neither is kept nor holds a kept one, to fold away. */
function fold(node) {
  for (const child of node.children) {
    if (child.dataset[KEEP]) continue;
    if (child.querySelector("[data-present-keep]")) fold(child);
    else child.dataset[HIDE] = "1";
  }
}

/** An input that takes typed text (a p typed there is a letter); a checkbox, a radio or a button takes none. */
const typesInto = (node) =>
  node.matches?.("input") && !["checkbox", "radio", "button", "submit", "reset", "range", "color"].includes(node.type);

const LEGEND_HEIGHT = 600; // px of screen from which a slide keeps its boards' legends in view
const MIN = 12;
const MAX = 96;
const WHOLE_AT_MOST_SMALLER = 0.8;

/** Whether an element is drawn (not folded away, not hidden). */
const drawn = (node) => node.getClientRects().length > 0;

/**
 * Give the squares the largest size (in whole px) with which every kept board lies whole inside
 * the screen (its legend too) and inside its figure (on a phone the screen's edge is the page's margin away: a
 * board only inside the screen lay across that margin), and every other kept element (a verdict,
 * a table, the stepper) begins in it with its first lines (6rem) showing, or whole where it is
 * marked data-present-whole (msb's verdict: its last sentence is the lesson's point) where the
 * boards keep four fifths of their size for it, else with its first lines too. Found by halving
 * [MIN, MAX]: seven layouts. The size found always fits; where a larger board wraps to a row of
 * its own a larger size might fit too, which halving may miss (it never misses by picking one
 * that does not fit). Where nothing fits (a short screen beside the class panel: the elements below
 * the boards start under the screen at any size), the boards alone are fitted, and the rest is a
 * scroll away, rather than every board drawn at the smallest size.
 */
function fit(root, keep) {
  const boards = keep.flatMap((node) => (node.matches("[data-board]") ? [node] : [...node.querySelectorAll("[data-board]")]));
  const others = keep.filter((node) => !boards.some((board) => node === board || node.contains(board)));
  const lines = 6 * Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  // How much of the other elements must show: 2 whole where marked so, 1 their first lines, 0 none.
  const fits = (withOthers) => {
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    if (document.documentElement.scrollWidth > width) return false;
    const inside = (box) => box.right <= width && box.left >= 0 && box.top >= 0;
    return (
      boards.filter(drawn).every((board) => {
        const box = board.getBoundingClientRect();
        const holder = board.closest("figure") ?? board.parentElement;
        const figure = holder.getBoundingClientRect();
        // Its legend too, the key to the patterns that double its colours, on a screen tall enough
        // (at 150 % of 720 px it would leave boards too small to read: there it may fall below).
        const legend = holder.querySelector(".board-legend");
        const keyed = legend && height >= LEGEND_HEIGHT && drawn(legend);
        const foot = keyed ? legend.getBoundingClientRect().bottom : box.bottom;
        return inside(box) && foot <= height && box.right <= figure.right + 0.5 && box.left >= figure.left - 0.5;
      }) &&
      (!withOthers ||
        others.filter(drawn).every((node) => {
          const box = node.getBoundingClientRect();
          const whole = withOthers > 1 && node.matches("[data-present-whole]") ? box.height : Math.min(box.height, lines);
          return inside(box) && box.top + whole <= height;
        }))
    );
  };
  window.scrollTo(0, 0);
  const largest = (withOthers) => {
    let low = MIN;
    let high = MAX + 1;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      root.style.setProperty("--sq", `${mid}px`);
      if (fits(withOthers)) low = mid;
      else high = mid;
    }
    root.style.setProperty("--sq", `${low}px`);
    return low;
  };
  const found = (withOthers) => {
    const size = largest(withOthers);
    return size > MIN || fits(withOthers) ? size : 0;
  };
  const part = found(1);
  // Whole, unless the boards would lose more than a fifth of their size for it (then the rest is a
  // scroll away, as on a phone or in a long verdict at 150 %).
  if (part && others.some((node) => node.matches("[data-present-whole]")) && found(2) < WHOLE_AT_MOST_SMALLER * part) {
    root.style.setProperty("--sq", `${part}px`);
  }
  if (!part) largest(0);
}
