// Messages in live regions (role="status", aria-live): a screen reader reads a region when its
// text changes, so the same words written again (a second copy, an answer sent again after a
// change, a refusal repeated) would say nothing, and a student who cannot see the page would not
// know that the press did anything. announce() empties the region and writes the words again a
// moment later, in a task of their own, which screen readers hear as a new message.

/** How long the region stays empty before the same words come back (ms): long enough for a screen
 * reader to take the emptying as a change of its own, short enough to read as one answer. */
export const AGAIN_MS = 150;

const waiting = new WeakMap(); // region -> { text, timer, done, written }

/**
 * Write `text` into the live region `region` (anything with a textContent). With `again`, for a
 * message that answers the student's own action, words equal to the region's are announced once
 * more; without it (a redraw), equal words are left as they are. A message still waiting to be
 * written into the region is dropped, so that the last one asked for is the one that stays.
 * Returns a promise that resolves once `text` is in the region, or once a later message replaced it.
 */
export function announce(region, text, { again = false } = {}) {
  const value = String(text);
  const pending = waiting.get(region);
  if (pending && again && pending.text === value) return pending.written;
  if (pending) {
    clearTimeout(pending.timer);
    waiting.delete(region);
    pending.done();
  }
  if (!(again && value !== "" && region.textContent === value)) {
    if (region.textContent !== value) region.textContent = value;
    return Promise.resolve();
  }
  region.textContent = "";
  let done;
  const written = new Promise((resolve) => {
    done = resolve;
  });
  const timer = setTimeout(() => {
    waiting.delete(region);
    region.textContent = value;
    done();
  }, AGAIN_MS);
  waiting.set(region, { text: value, timer, done, written });
  return written;
}
