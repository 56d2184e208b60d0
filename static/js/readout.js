// A bitboard readout: hex, decimal and 64-bit binary, with copy buttons that give the value
// as a C ULL, a Python int and a JavaScript BigInt literal. Optionally typed into.

import { announce } from "./announce.js";
import { binaryBytes, hex, literals, parseBB } from "./bits.js";
import { createErrorLine } from "./controls.js";
import { el, morph } from "./dom.js";

let uid = 0;

/**
 * Create a readout in `container`. options: role (data-readout), label, editable,
 * onInput(bigint) when a valid value is typed (editable only).
 * Returns { element, set(bigint|null) }.
 */
export function createReadout(container, { role, label, editable = false, onInput = null }) {
  const id = `readout-${++uid}`;
  const box = document.createElement("section");
  box.className = "readout";
  box.dataset.readout = role;
  box.setAttribute("aria-label", `${label} value`);
  box.innerHTML = `
    <h2 class="readout-label"></h2>
    <dl>
      <div><dt><label for="${id}-hex">hex</label></dt><dd><input id="${id}-hex" class="mono" data-format="hex" spellcheck="false" autocomplete="off"></dd></div>
      <div data-present-fold><dt><label for="${id}-dec">decimal</label></dt><dd><input id="${id}-dec" class="mono" data-format="dec" spellcheck="false" autocomplete="off" inputmode="numeric"></dd></div>
      <div data-present-fold><dt>binary</dt><dd><output class="mono binary" data-format="bin"></output></dd></div>
    </dl>
    <div class="copy-row" data-present-fold>
      <span>copy as</span>
      <button type="button" data-copy="c">C</button>
      <button type="button" data-copy="python">Python</button>
      <button type="button" data-copy="js">JavaScript</button>
      <span class="copy-status" role="status" aria-live="polite"></span>
    </div>`;
  box.querySelector(".readout-label").textContent = label;
  const hexInput = box.querySelector('[data-format="hex"]');
  const decInput = box.querySelector('[data-format="dec"]');
  const binOut = box.querySelector('[data-format="bin"]');
  const status = box.querySelector(".copy-status");
  const error = createErrorLine(box.querySelector(".copy-row"));
  let value = null;
  // A read-only field is no tab stop: Tab goes from control to control, not through every readout.
  for (const input of [hexInput, decInput]) {
    input.readOnly = !editable;
    if (!editable) input.tabIndex = -1;
  }
  // Four bytes (ranks) a line, two by two: a narrow screen wraps between two pairs of bytes,
  // never inside a byte, so that a rank's eight bits stay on one line. Drawn in place (morph): a
  // tap changes the digits of a pair, not the nodes around them.
  const showBinary = (bb) => {
    const pairs = bb === null ? [] : binaryBytes(bb).match(/\S+ \S+/g);
    const between = ["", " ", "\n", " "]; // the second pair ends a line: four bytes a line
    morph(binOut, ...pairs.flatMap((pair, i) => [between[i], el("span", { class: "pair" }, pair)]));
  };
  const typedValue = (input) =>
    parseBB(input === hexInput && !/^0x/i.test(input.value.trim()) ? `0x${input.value.trim()}` : input.value);

  if (editable) {
    for (const input of [hexInput, decInput]) {
      // While typing, the other field and the binary row follow the typed value (or clear).
      input.addEventListener("input", () => {
        const parsed = typedValue(input);
        const other = input === hexInput ? decInput : hexInput;
        other.value = parsed === null ? "" : input === hexInput ? parsed.toString() : hex(parsed);
        showBinary(parsed);
      });
      input.addEventListener("change", () => {
        const parsed = typedValue(input);
        if (parsed === null) {
          error.show(
            `${input.value.slice(0, 40)} is not a 64-bit value: type 0x and up to 16 hex digits, or a decimal number below 2^64.`,
          );
          return;
        }
        error.show(null);
        onInput?.(parsed);
      });
    }
  }

  box.querySelector(".copy-row").addEventListener("click", async (event) => {
    const kind = event.target.dataset?.copy;
    if (!kind || value === null) return;
    const text = literals(value)[kind];
    try {
      await navigator.clipboard.writeText(text);
      await announce(status, `copied ${text}`, { again: true }); // a second copy is heard too
    } catch {
      await announce(status, `${text} (select and copy)`, { again: true });
    }
    box.dataset.copied = text; // last, so that whoever waits for it finds the status written
  });

  container.append(box);
  return {
    element: box,
    set(bb) {
      value = bb;
      box.dataset.value = bb === null ? "" : hex(bb);
      if (document.activeElement !== hexInput) hexInput.value = bb === null ? "" : hex(bb);
      if (document.activeElement !== decInput) decInput.value = bb === null ? "" : bb.toString();
      showBinary(bb);
      error.show(null);
    },
  };
}
