// One state object per chapter, serialised in the URL's query string. Setters schedule a
// single redraw per task (a microtask, so several set() calls in one click draw once);
// back/forward re-read the URL and redraw. Drawing in a microtask rather than in the next
// requestAnimationFrame lets a click's result, API answer included, be painted in the
// very next frame instead of one frame later (bench/bench_browser.py measures it).

import { parseBB, SQUARE_NAMES, shortHex, squareIndex } from "./bits.js";

/** Field types: how a value is read from and written to the query string. */
export const T = {
  square: (fallback = null) => ({
    read: (s) => (squareIndex(s) >= 0 ? SQUARE_NAMES[squareIndex(s)] : fallback),
    write: (v) => v ?? "",
    fallback,
  }),
  bb: (fallback = 0n) => ({ read: (s) => parseBB(s) ?? fallback, write: (v) => shortHex(v), fallback }),
  choice: (choices, fallback = choices[0]) => ({
    read: (s) => (choices.includes(s) ? s : fallback),
    write: (v) => v,
    fallback,
  }),
  int: (fallback = 0, min = 0, max = 1e6) => ({
    read: (s) => {
      const n = Number.parseInt(s, 10);
      return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
    },
    write: (v) => String(v),
    fallback,
  }),
  bool: (fallback = false) => ({ read: (s) => s === "1", write: (v) => (v ? "1" : "0"), fallback }),
  text: (fallback = "", maxLength = 200) => ({
    read: (s) => (s.length <= maxLength ? s : fallback),
    write: (v) => v,
    fallback,
  }),
};

/**
 * Create the chapter state. `schema` maps keys to T.* field types; `render(state)` draws.
 * Values equal to their fallback are left out of the URL, so shared links stay short.
 * `steps` (optional) names the keys whose change is a step of the browser's history: a change
 * of any other key replaces the current entry, and Back/Forward change only the steps' keys
 * (the others, views such as a flipped board, stay as they are), setting `reset` when a step
 * key changes. Returns { get(), set(patch, {history: "push"|"replace", entry}), redraw(),
 * entry(), remember(entry) }: `entry` is data kept with the history entry (history.state).
 */
export function createState(schema, render, { steps = null, reset = {} } = {}) {
  let state = readUrl();
  let scheduled = false;

  function readUrl() {
    const params = new URLSearchParams(window.location.search);
    const out = {};
    for (const [key, field] of Object.entries(schema)) {
      out[key] = params.has(key) ? field.read(params.get(key)) : field.fallback;
    }
    return out;
  }

  const same = (key, a, b) => schema[key].write(a[key]) === schema[key].write(b[key]);

  function writeUrl(mode, entry) {
    const params = new URLSearchParams();
    for (const [key, field] of Object.entries(schema)) {
      const text = field.write(state[key]);
      if (text !== field.write(field.fallback)) params.set(key, text);
    }
    const query = params.toString();
    const url = window.location.pathname + (query ? `?${query}` : "");
    if (url === window.location.pathname + window.location.search && entry === undefined) return;
    if (mode === "push") window.history.pushState(entry ?? null, "", url);
    else window.history.replaceState(entry === undefined ? window.history.state : entry, "", url);
  }

  function redraw() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      render(state);
    });
  }

  // A live class's follower (live.js) moved the URL to the teacher's view: read all of it again.
  window.addEventListener("chessviz:url", () => {
    state = readUrl();
    redraw();
  });

  window.addEventListener("popstate", () => {
    const url = readUrl();
    if (steps) {
      const moved = steps.some((key) => !same(key, url, state));
      state = { ...state, ...Object.fromEntries(steps.map((key) => [key, url[key]])), ...(moved ? reset : {}) };
      writeUrl("replace"); // the entry takes the views kept
    } else state = readUrl();
    redraw();
  });

  return {
    get: () => state,
    set(patch, { history = "push", entry } = {}) {
      const next = { ...state, ...patch };
      const step = !steps || steps.some((key) => !same(key, next, state));
      state = next;
      writeUrl(step ? history : "replace", entry);
      redraw();
    },
    redraw,
    entry: () => window.history.state,
    remember(entry) {
      window.history.replaceState(entry, "", window.location.href);
    },
  };
}
