// The colour theme, applied before the first paint: a classic (blocking) script in <head>,
// so a dark-preferring student never sees a white flash. The student's choice (system,
// light, dark or high contrast) is kept in localStorage; "system" follows the operating
// system's light/dark preference, live. CSS reads <html data-theme="light|dark|contrast">.
(() => {
  const KEY = "chessviz-theme";
  const CHOICES = ["system", "light", "dark", "contrast"];
  const root = document.documentElement;
  const media = window.matchMedia("(prefers-color-scheme: dark)");

  let chosen = "system";
  try {
    const stored = window.localStorage.getItem(KEY);
    if (CHOICES.includes(stored)) chosen = stored;
  } catch {
    // storage blocked: follow the system
  }

  function apply() {
    root.dataset.theme = chosen === "system" ? (media.matches ? "dark" : "light") : chosen;
  }

  apply();
  media.addEventListener("change", apply);
  document.addEventListener("DOMContentLoaded", () => {
    const select = document.getElementById("theme-choice");
    if (!select) return;
    select.value = chosen;
    select.addEventListener("change", () => {
      chosen = CHOICES.includes(select.value) ? select.value : "system";
      try {
        window.localStorage.setItem(KEY, chosen);
      } catch {
        // storage blocked: the choice holds for this page only
      }
      apply();
    });
  });
})();
