// The home page's button #another-saying: puts a random other saying in #today, without reloading,
// reading only the data file of the saying it picks.
"use strict";
(() => {
  const button = document.getElementById("another-saying");
  const today = document.getElementById("today");
  if (!button || !today) return;
  const { LIST_KEYS, readIds } = Modak.storage;
  const { count, saying, fill, showLoadFailed } = Modak.sayingData;
  const heading = document.getElementById("today-heading");
  // Sayings this visit has shown (none comes back until every one has), and the numbers drawn.
  const shown = new Set([today.dataset.sayingId]);
  let drawn = new Set();

  /** A number not drawn yet, at random; every number is drawn once before any is drawn again. */
  function draw() {
    if (drawn.size >= count) {
      drawn = new Set();
      shown.clear();
      shown.add(today.dataset.sayingId);
    }
    let pick = Math.floor(Math.random() * (count - drawn.size));
    // The pick-th number not drawn yet.
    for (const number of [...drawn].sort((a, b) => a - b)) if (number <= pick) pick++;
    drawn.add(pick);
    return pick;
  }

  async function another() {
    if (count < 2) return;
    let entry;
    do entry = await saying(draw());
    while (shown.has(entry.id));
    shown.add(entry.id);
    fill(today, entry, readIds(LIST_KEYS.seen));
    Modak.toggles.sync(today);
    heading.textContent = heading.dataset.randomLabel;
  }

  button.addEventListener("click", () => another().catch(showLoadFailed));
})();
