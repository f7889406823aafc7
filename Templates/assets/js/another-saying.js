// The home page's button #another-saying: puts a random other saying in #today, without reloading.
"use strict";
(() => {
  const button = document.getElementById("another-saying");
  const today = document.getElementById("today");
  if (!button || !today) return;
  const { LIST_KEYS, readIds } = Modak.storage;
  const { load, fill, showLoadFailed } = Modak.sayingIndex;
  const heading = document.getElementById("today-heading");
  // Sayings this visit has shown: none comes back until every one has.
  const shown = new Set([today.dataset.sayingId]);

  button.addEventListener("click", () => {
    load().then((entries) => {
      let unseen = entries.filter((entry) => !shown.has(entry.id));
      if (unseen.length === 0) {
        shown.clear();
        shown.add(today.dataset.sayingId);
        unseen = entries.filter((entry) => entry.id !== today.dataset.sayingId);
      }
      if (unseen.length === 0) return;
      const pick = unseen[Math.floor(Math.random() * unseen.length)];
      shown.add(pick.id);
      fill(today, pick, readIds(LIST_KEYS.seen));
      Modak.toggles.sync(today);
      heading.textContent = heading.dataset.randomLabel;
    }, showLoadFailed);
  });
})();
