// Small shared controls: the mapping switch and an error line next to an input.

const MAPPING_TEXT = {
  lerbef: "lerbef, the devlog's layout: h1 is bit 0, a1 is bit 7, a8 is bit 63. Higher bits run west and north.",
  lerf: "lerf, the wiki's and python-chess's layout: a1 is bit 0, h1 is bit 7, h8 is bit 63. Higher bits run east and north.",
};

let uid = 0;

/**
 * Create a mapping switch (radio group). `note` is the chapter's sentence on what changes.
 * Returns { element, set(mapping) }.
 */
export function createMappingSwitch(container, { onChange, note = "" }) {
  const name = `mapping-${++uid}`;
  const box = document.createElement("fieldset");
  box.className = "mapping-switch";
  box.innerHTML = `
    <legend>Square mapping</legend>
    <label><input type="radio" name="${name}" value="lerbef"> lerbef (devlog)</label>
    <label><input type="radio" name="${name}" value="lerf"> lerf (wiki)</label>
    <p class="mapping-text"></p>
    <p class="mapping-note"></p>`;
  box.querySelector(".mapping-note").textContent = note;
  box.addEventListener("change", (event) => onChange(event.target.value));
  container.append(box);
  return {
    element: box,
    set(mapping) {
      box.dataset.mapping = mapping;
      for (const input of box.querySelectorAll("input")) input.checked = input.value === mapping;
      box.querySelector(".mapping-text").textContent = MAPPING_TEXT[mapping];
    },
  };
}

/** Create a hidden error line (role=alert) after `anchor`; returns the element. */
export function createErrorLine(anchor) {
  const line = document.createElement("p");
  line.className = "input-error";
  line.setAttribute("role", "alert");
  line.hidden = true;
  anchor.after(line);
  return line;
}
