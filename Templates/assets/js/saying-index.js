// The sayings of search.json, for the pages that show sayings the build did not put in them
// (search results, favorites, "another saying"): loaded once, and written into saying elements
// through their [data-field] parts. window.Modak.sayingIndex.
"use strict";
(() => {
  const { LIST_KEYS, readIds } = Modak.storage;
  // This script is assets/js/saying-index.js: the site's root is two folders up.
  const siteRoot = new URL("../../", document.currentScript.src);

  let loading;
  /** The index entries, newest first: { id, kor, eng, who, day, tags, isNew }. */
  function load() {
    loading = loading || fetch(new URL("search.json", siteRoot))
      .then((response) => {
        if (!response.ok) throw new Error(`search.json: HTTP ${response.status}`);
        return response.json();
      })
      .then(entriesOf);
    return loading;
  }

  // search.json is { fields, sayings: rows in the order of fields, new: how many rows are new }.
  function entriesOf(data) {
    const column = (name) => data.fields.indexOf(name);
    const [id, kor, eng, who, day, tags] = ["id", "kor", "eng", "who", "day", "tags"].map(column);
    return data.sayings.map((row, position) => ({
      id: row[id], kor: row[kor] || "", eng: row[eng] || "", who: row[who] || "",
      day: row[day] || "", tags: row[tags] || "", isNew: position < data.new,
    }));
  }

  function showLoadFailed(error) {
    for (const message of document.querySelectorAll("[data-load-failed]")) message.hidden = false;
    console.error(error);
  }

  // In the interface's language (`ko` for `lang="ko-KR"`), as the pages write dates.
  const root = document.documentElement;
  const dayFormat = new Intl.DateTimeFormat(root.dataset.interfaceLanguage || root.lang || undefined, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

  function formatDay(day) {
    const [year, month, date] = day.split("-").map(Number);
    return dayFormat.format(Date.UTC(year, month - 1, date));
  }

  /** Fills a saying element (a clone of #saying-template, or #today) with an index entry; `seen`: the opened new sayings. */
  function fill(element, entry, seen) {
    element.dataset.sayingId = entry.id;
    for (const inner of element.querySelectorAll("[data-saying-id]")) inner.dataset.sayingId = entry.id;
    for (const name of ["kor", "eng", "who"]) {
      const field = element.querySelector(`[data-field="${name}"]`);
      field.textContent = entry[name];
      field.hidden = !entry[name];
    }
    const date = element.querySelector('[data-field="date"]');
    date.textContent = formatDay(entry.day);
    date.dateTime = entry.day;
    element.querySelector('[data-field="url"]').href = new URL(`sayings/${entry.id}/`, siteRoot).href;
    const slot = element.querySelector(".new-slot");
    slot.replaceChildren();
    if (entry.isNew && !seen.has(entry.id)) {
      slot.append(" ", document.getElementById("new-mark-template").content.cloneNode(true));
    }
  }

  /** Replaces the items of `list` with clones of #saying-template, one for each entry. */
  function renderList(list, entries) {
    const template = document.getElementById("saying-template");
    const seen = readIds(LIST_KEYS.seen);
    list.replaceChildren(...entries.map((entry) => {
      const item = template.content.firstElementChild.cloneNode(true);
      fill(item, entry, seen);
      return item;
    }));
  }

  Modak.sayingIndex = { load, fill, renderList, showLoadFailed };
})();
