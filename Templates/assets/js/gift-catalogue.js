// The gift catalogue's filter (gifts/index.html, #gift-filter): by tag and price range, in the
// browser. Without JavaScript the page lists every gift and links each tag's own page, so the form
// stays hidden until this script shows it.
"use strict";
(() => {
  const form = document.getElementById("gift-filter");
  const list = document.getElementById("gift-list");
  if (!form || !list) return;
  const ui = Modak.giftUI;
  const tag = document.getElementById("gift-filter-tag");
  const min = document.getElementById("gift-filter-min");
  const max = document.getElementById("gift-filter-max");
  const status = document.getElementById("gift-filter-status");
  const cards = list.querySelectorAll("[data-gift-id]");

  // A bound the reader left empty or could not be read does not filter anything.
  function bound(input) {
    const value = ui.parseAmount(input.value);
    return value === null || isNaN(value) ? null : value;
  }

  function apply() {
    const low = bound(min);
    const high = bound(max);
    let shown = 0;
    for (const card of cards) {
      const price = Number(card.dataset.price);
      const tags = card.dataset.tags.split(" ");
      const visible = (tag.value === "" || tags.includes(tag.value)) &&
        (low === null || price >= low) && (high === null || price <= high);
      card.hidden = !visible;
      if (visible) shown++;
    }
    status.textContent = shown > 0 ? ui.fillText(form.dataset.count, { count: shown }) : form.dataset.none;
  }

  ui.attachAmountInput(min);
  ui.attachAmountInput(max);
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply();
  });
  // "reset" fires before the fields are cleared.
  form.addEventListener("reset", () => setTimeout(apply, 0));
  form.hidden = false;
})();
