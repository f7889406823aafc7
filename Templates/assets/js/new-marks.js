// "New" marks ([data-new] inside a [data-saying-id] element): a new saying the reader has opened
// loses its mark on every page. The inline boot snippet hides those marks before first paint;
// this removes them, and follows openings in other tabs.
"use strict";
(() => {
  const { LIST_KEYS, readIds, writeIds, onChange } = Modak.storage;
  // Only sayings that are new are remembered, so this many is plenty.
  const SEEN_LIMIT = 200;

  function removeSeenMarks() {
    const seen = readIds(LIST_KEYS.seen);
    for (const mark of document.querySelectorAll("[data-saying-id] [data-new]")) {
      if (seen.has(mark.closest("[data-saying-id]").dataset.sayingId)) mark.remove();
    }
  }

  /** On a new saying's own page, still marked: remember it as opened (its mark stays until the next visit). */
  function rememberOpened() {
    const page = document.querySelector(".saying-page[data-saying-id]");
    if (!page || !page.querySelector("[data-new]")) return;
    const seen = readIds(LIST_KEYS.seen);
    seen.delete(page.dataset.sayingId);
    writeIds(LIST_KEYS.seen, [...seen, page.dataset.sayingId].slice(-SEEN_LIMIT));
  }

  removeSeenMarks();
  rememberOpened();
  onChange([LIST_KEYS.seen], removeSeenMarks);
})();
