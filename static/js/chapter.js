// The chapter skeleton: one state in the URL, one load of the API per state, one draw per
// answer. A chapter module declares its fields, builds its markup, then hands run() what is
// particular to it; the stale-response guard, the error line and the first redraw live here.

import { createErrorLine } from "./controls.js";
import { createState } from "./state.js";

/**
 * Create a chapter whose state holds `fields` (T.* types). Returns { root, state, error, run }
 * (error: the chapter's error line, for event handlers too): build the markup with root and
 * state, then call run({ errorAfter, controls, load, draw }):
 * - errorAfter: the element the error line follows;
 * - controls(s): optional, draws what follows from the state alone (switches, selects), at once;
 * - load(s): returns (a promise of) what the API answers for s;
 * - draw(s, data): draws that answer. Only the answer to the newest state is drawn; an error
 *   of the newest state is shown on the error line (draw may show a note there itself).
 */
export function createChapter(fields) {
  const root = document.getElementById("chapter");
  let spec = null;
  let drawId = 0;
  const chapter = { root, state: createState(fields, render), error: createErrorLine(), run };

  async function render(s) {
    if (!spec) return;
    const id = ++drawId;
    spec.controls?.(s);
    try {
      const data = await spec.load(s);
      if (id !== drawId) return;
      chapter.error.show(null);
      spec.draw(s, data);
    } catch (e) {
      if (id === drawId) chapter.error.show(e);
    }
    // The newest state is on screen: a hook for tests and tools that wait for a settled page.
    if (id === drawId) root.dataset.drawn = String(id);
  }

  function run({ errorAfter, controls = null, load = () => null, draw }) {
    spec = { controls, load, draw };
    errorAfter.after(chapter.error.element);
    chapter.state.redraw();
    return chapter;
  }

  return chapter;
}
