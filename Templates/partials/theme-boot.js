// Runs inline in every page's <head>, before the stylesheet: puts the reader's theme, font and size
// on <html> and hides the "new" marks of sayings already opened, so the first paint shows them.
// The source of partials/theme-boot.mustache: .ci/theme_boot.py squeezes it onto one line and
// writes in the values of the storage.js constants it names (SETTING_KEYS, LIST_KEYS, SAYING_ID).
"use strict";
(() => {
  const root = document.documentElement;
  root.classList.add("js");
  try {
    for (const [name, key] of Object.entries(SETTING_KEYS)) {
      const value = localStorage.getItem(key);
      if (value) root.setAttribute("data-" + name, value);
    }
    const seen = JSON.parse(localStorage.getItem(LIST_KEYS.seen) || "[]").filter((id) => SAYING_ID.test(id));
    if (seen.length) {
      const style = document.createElement("style");
      style.textContent = seen.map((id) => `[data-saying-id="${id}"] .new-mark`).join(",") + "{display:none}";
      document.head.appendChild(style);
    }
  } catch (error) {
    // Storage is off, or holds what no script of the site wrote: the page keeps the defaults.
  }
})();
