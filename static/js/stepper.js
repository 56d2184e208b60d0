// Step control: previous / next / play, "step i of n", and the arrow keys (outside inputs
// and boards, which use arrows themselves).

import { setDisabled, setText } from "./dom.js";

/**
 * Create a stepper in `container`. onChange(index) is called when the user moves.
 * Returns { element, set(index, count, label) }.
 */
export function createStepper(container, { label = "Step", onChange, interval = 900 }) {
  const box = document.createElement("div");
  box.className = "stepper";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", `${label} controls`);
  box.innerHTML = `
    <button type="button" data-step="first" aria-label="First step">&laquo; First</button>
    <button type="button" data-step="prev" aria-label="Previous step">&#x25C0;&#xFE0E; Prev</button>
    <button type="button" data-step="play" aria-label="Play">&#x25B6;&#xFE0E; Play</button>
    <button type="button" data-step="next" aria-label="Next step">Next &#x25B6;&#xFE0E;</button>
    <button type="button" data-step="last" aria-label="Last step">Last &raquo;</button>
    <span class="step-position" aria-live="polite"></span>`;
  const position = box.querySelector(".step-position");
  const play = box.querySelector('[data-step="play"]');
  let index = 0;
  let count = 1;
  let timer = null;

  function enable() {
    setDisabled(box.querySelector('[data-step="prev"]'), index === 0);
    setDisabled(box.querySelector('[data-step="first"]'), index === 0);
    setDisabled(box.querySelector('[data-step="next"]'), index >= count - 1);
    setDisabled(box.querySelector('[data-step="last"]'), index >= count - 1);
  }
  function go(next) {
    const clamped = Math.max(0, Math.min(count - 1, next));
    if (clamped === index) return;
    // Move at once: the chapter redraws after the API answers, and a second click before
    // then must go one step further, not land on the same step again.
    index = clamped;
    enable();
    onChange(clamped);
  }
  function stop() {
    clearInterval(timer);
    timer = null;
    play.innerHTML = "&#x25B6;&#xFE0E; Play";
    play.setAttribute("aria-label", "Play");
  }
  function start() {
    if (index >= count - 1) onChange(0);
    timer = setInterval(() => (index >= count - 1 ? stop() : go(index + 1)), interval);
    play.innerHTML = "&#x2016; Pause";
    play.setAttribute("aria-label", "Pause");
  }

  box.addEventListener("click", (event) => {
    const action = event.target.closest("[data-step]")?.dataset.step;
    if (!action) return;
    if (action !== "play") stop();
    if (action === "first") go(0);
    if (action === "prev") go(index - 1);
    if (action === "next") go(index + 1);
    if (action === "last") go(count - 1);
    if (action === "play") timer ? stop() : start();
  });
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, textarea, select, [data-board]")) return;
    if (event.key === "ArrowRight") {
      stop();
      go(index + 1);
      event.preventDefault();
    }
    if (event.key === "ArrowLeft") {
      stop();
      go(index - 1);
      event.preventDefault();
    }
  });
  container.append(box);
  // The stage's stepper is a line above its boards (chessviz.css), found by this class, not :has().
  container.classList.add("with-stepper");

  return {
    element: box,
    set(nextIndex, nextCount, stepLabel = "") {
      index = nextIndex;
      count = Math.max(1, nextCount);
      box.dataset.index = String(index);
      box.dataset.count = String(count);
      setText(position, `${label} ${index + 1} of ${count}${stepLabel ? `: ${stepLabel}` : ""}`);
      enable();
    },
  };
}
