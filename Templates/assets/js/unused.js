// The unused page (#unused-list, data-hide="used"): hides the sayings marked used, and counts the rest.
"use strict";
(() => {
  const list = document.querySelector('[data-hide="used"]');
  if (!list) return;
  const { LIST_KEYS, readIds, onChange } = Modak.storage;

  function hideUsed() {
    const used = readIds(LIST_KEYS.used);
    let shown = 0;
    for (const item of list.children) {
      item.hidden = used.has(item.dataset.sayingId);
      if (!item.hidden) shown++;
    }
    // Grouped by three with commas, as the pages write numbers in both interface languages.
    document.querySelector("[data-count]").textContent = shown.toLocaleString("en");
    document.querySelector("[data-empty]").hidden = shown > 0;
  }

  hideUsed();
  onChange([LIST_KEYS.used], hideUsed);
})();
