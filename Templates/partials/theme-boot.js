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
    // A constructed style sheet, not a <style> element: the pages' Content-Security-Policy
    // (style-src 'self') refuses inline styles but not the CSS object model.
    if (seen.length && document.adoptedStyleSheets) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(seen.map((id) => `[data-saying-id="${id}"] .new-mark`).join(",") + "{display:none}");
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }
  } catch (error) {
    // Storage is off, or holds what no script of the site wrote: the page keeps the defaults.
  }
})();
