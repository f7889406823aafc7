// The unused page (#unused-list, data-hide="used"): the sayings not marked used, newest first, a
// page at a time from the data files, and how many there are.
"use strict";
(() => {
  const list = document.querySelector('[data-hide="used"]');
  if (!list) return;
  const { LIST_KEYS, readIds, onChange } = Modak.storage;
  const { count, saying, pagedList } = Modak.sayingData;
  let shown = null;

  function show() {
    if (shown) shown.stop();
    const used = readIds(LIST_KEYS.used);
    // Counted as if every used id were published: telling needs every id, which no page loads.
    const left = Math.max(0, count - used.size);
    // Grouped by three with commas, as the pages write numbers in both interface languages.
    document.querySelector("[data-count]").textContent = left.toLocaleString("en");
    document.querySelector("[data-empty]").hidden = left > 0;
    let next = count - 1;
    // Walks down from the newest, as many at once as the page still lacks, until it is full.
    shown = left === 0 ? null : pagedList(list, async (size) => {
      const sayings = [];
      while (next >= 0 && sayings.length < size) {
        const batch = [];
        while (next >= 0 && batch.length < size - sayings.length) batch.push(saying(next--));
        for (const entry of await Promise.all(batch)) if (!used.has(entry.id)) sayings.push(entry);
      }
      return { sayings, done: next < 0 };
    });
    if (!shown) list.replaceChildren();
  }

  show();
  onChange([LIST_KEYS.used], show);
})();
