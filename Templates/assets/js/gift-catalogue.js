/*
 * The gift catalogue's filter (gifts/index.html): by tag and price range, in the browser.
 * Without JavaScript the page lists every gift and links each tag's own page, so the form stays
 * hidden until this script shows it.
 */
(function () {
  "use strict";
  var form = document.getElementById("gift-filter");
  var list = document.getElementById("gift-list");
  var ui = window.ModakGiftUI;
  if (!form || !list || !ui) return;

  var tag = document.getElementById("gift-filter-tag");
  var min = document.getElementById("gift-filter-min");
  var max = document.getElementById("gift-filter-max");
  var status = document.getElementById("gift-filter-status");
  var cards = list.querySelectorAll("[data-gift-id]");

  // A bound the reader left empty or could not be read does not filter anything.
  function bound(input) {
    var value = ui.parseAmount(input.value);
    return value === null || isNaN(value) ? null : value;
  }

  function apply() {
    var low = bound(min);
    var high = bound(max);
    var shown = 0;
    Array.prototype.forEach.call(cards, function (card) {
      var price = Number(card.getAttribute("data-price"));
      var tags = card.getAttribute("data-tags").split(" ");
      var visible = (tag.value === "" || tags.indexOf(tag.value) >= 0) &&
        (low === null || price >= low) && (high === null || price <= high);
      card.hidden = !visible;
      if (visible) shown++;
    });
    status.textContent = shown > 0 ? ui.fillText(form.getAttribute("data-count"), { count: shown })
      : form.getAttribute("data-none");
  }

  ui.attachAmountInput(min);
  ui.attachAmountInput(max);
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    apply();
  });
  // "reset" fires before the fields are cleared.
  form.addEventListener("reset", function () { setTimeout(apply, 0); });
  form.hidden = false;
})();
