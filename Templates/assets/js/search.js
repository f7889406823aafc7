// The search page (#search-input, #search-results, #search-status): the sayings holding every word
// of the query (Modak.searchIndex), newest first, a page at a time; the query is kept in the
// address (?q=).
"use strict";
(() => {
  const input = document.getElementById("search-input");
  if (!input) return;
  const { saying, pagedList, showLoadFailed } = Modak.sayingData;
  const { find } = Modak.searchIndex;
  const results = document.getElementById("search-results");
  const status = document.getElementById("search-status");

  // Counts are grouped by three with commas, as the pages write numbers in both interface languages.
  function showStatus(found, shown) {
    if (found === 0) status.textContent = status.dataset.noneText;
    else {
      status.textContent = status.dataset.countText.replace("{n}", found.toLocaleString("en")) +
        (found > shown ? " " + status.dataset.moreText.replace("{shown}", shown.toLocaleString("en")) : "");
    }
  }

  let query = 0, list = null;

  function run(event) {
    const address = new URL(location.href);
    if (input.value) address.searchParams.set("q", input.value); else address.searchParams.delete("q");
    history.replaceState(null, "", address);
    const asked = ++query;
    if (list) list.stop();
    list = null;
    if (!input.value.trim()) {
      results.replaceChildren();
      status.textContent = "";
      document.querySelector("[data-more]").hidden = true;
      return;
    }
    find(input.value, Boolean(event && event.isComposing)).then((numbers) => {
      if (asked !== query) return;
      let next = 0;
      list = pagedList(results, (size) => {
        const page = numbers.slice(next, next += size);
        return Promise.resolve({ sayings: page.map(saying), done: next >= numbers.length });
      }, (shown) => showStatus(numbers.length, shown));
    }, showLoadFailed);
  }

  input.addEventListener("input", run);
  input.addEventListener("compositionend", () => run());
  input.form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });
  input.value = new URLSearchParams(location.search).get("q") || input.value;
  if (input.value) run();
})();
