// Small helpers shared by the gift catalogue filter (gift-catalogue.js) and the quiz (quiz.js):
// amounts in whole KRW typed by people, prices written as the site's language writes them, and UI
// strings with {placeholders}. window.Modak.giftUI in the browser, module.exports in node (tests).
"use strict";
(() => {
  /**
   * An amount as typed: digits, optionally grouped with commas or spaces, after "₩" or before "원"
   * (as prices are written). Returns the number, null for an empty field, or NaN for anything
   * else (letters, minus signs, decimals, more digits than any budget needs).
   */
  function parseAmount(text) {
    const compact = String(text).replace(/[\s,]/g, "").replace(/^₩/, "").replace(/원$/, "");
    if (compact === "") return null;
    if (!/^[0-9]{1,15}$/.test(compact)) return NaN;
    return Number(compact);
  }

  /** 35000 → "35,000": commas every three digits, whatever the reader's locale. */
  function formatAmount(value) {
    return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  }

  /**
   * A price as the page's UI string `price` writes it, `{amount}` standing for the grouped
   * amount: "{amount}원" → "35,000원", "₩{amount}" → "₩35,000". PriceFormat in Swift does the same.
   */
  function formatPrice(value, pattern) {
    return String(pattern).split("{amount}").join(formatAmount(value));
  }

  /** Reformats an amount field with thousands separators when the reader leaves it. */
  function attachAmountInput(input) {
    input.addEventListener("blur", () => {
      const value = parseAmount(input.value);
      if (value !== null && !isNaN(value)) input.value = formatAmount(value);
    });
  }

  /** "{count} gifts" with {count: 3} → "3 gifts"; unknown placeholders stay as they are. */
  function fillText(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole);
  }

  const api = { parseAmount, formatAmount, formatPrice, attachAmountInput, fillText };
  if (typeof module === "object" && module.exports) module.exports = api;
  else (window.Modak = window.Modak || {}).giftUI = api;
})();
