// The search page (#search-input, #search-results, #search-status): every word of the query must
// be found in a saying's Korean, English, author or tags; the query is kept in the address (?q=).
"use strict";
(() => {
  const input = document.getElementById("search-input");
  if (!input) return;
  const { load, renderList, showLoadFailed } = Modak.sayingIndex;
  const results = document.getElementById("search-results");
  const status = document.getElementById("search-status");
  const SEARCH_LIMIT = 100;

  // ---- Hangul-aware matching -------------------------------------------------------------------
  // Texts and queries are NFC and lower-cased. A Hangul syllable U+AC00…U+D7A3 is
  // 0xAC00 + (initial × 21 + medial) × 28 + final. A query may use initial consonants alone
  // ("ㅁㄷ" finds "모닥"), and while the keyboard is still composing its last syllable, that
  // syllable may gain a final consonant ("모다" finds "모닥" until the reader types on).

  const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";

  function syllable(character) {
    const offset = character.charCodeAt(0) - 0xac00;
    return offset >= 0 && offset < 11172 ? offset : -1;
  }

  function initialOf(character) {
    const offset = syllable(character);
    return offset < 0 ? character : INITIALS[Math.floor(offset / 588)];
  }

  /** The text with each syllable replaced by its initial consonant; same length, so positions line up. */
  function initials(text) {
    let result = "";
    for (let i = 0; i < text.length; i++) {
      const offset = text.charCodeAt(i) - 0xac00;
      result += offset >= 0 && offset < 11172 ? INITIALS[(offset / 588) | 0] : text[i];
    }
    return result;
  }

  // What a query is matched against, made once per entry, when first needed.
  function searchText(entry) {
    if (entry.text === undefined) entry.text = [entry.kor, entry.eng, entry.who, entry.tags].join("\n").toLowerCase();
    return entry.text;
  }

  function searchInitials(entry) {
    if (entry.initials === undefined) entry.initials = initials(searchText(entry));
    return entry.initials;
  }

  function isOpenSyllable(character) {
    const offset = syllable(character);
    return offset >= 0 && offset % 28 === 0;
  }

  function characterMatches(wanted, found, isComposed) {
    if (wanted === found) return true;
    if (INITIALS.includes(wanted)) return initialOf(found) === wanted;
    if (isComposed && isOpenSyllable(wanted)) {
      const offset = syllable(found);
      return offset >= 0 && Math.floor(offset / 28) === Math.floor(syllable(wanted) / 28);
    }
    return false;
  }

  /** A test of one query word against an index entry; `composing`: its last syllable is unfinished. */
  function termMatcher(term, composing) {
    const hangulAware = /[\u3131-\u314e]/.test(term) || (composing && isOpenSyllable(term[term.length - 1]));
    if (!hangulAware) return (entry) => searchText(entry).includes(term);
    // Any match is also a match of the initials, so those find the candidates cheaply.
    const pattern = initials(term);
    return (entry) => {
      const text = searchText(entry), initialsOfText = searchInitials(entry);
      for (let start = initialsOfText.indexOf(pattern); start >= 0; start = initialsOfText.indexOf(pattern, start + 1)) {
        let matches = true;
        for (let i = 0; i < term.length && matches; i++) {
          matches = characterMatches(term[i], text[start + i], composing && i === term.length - 1);
        }
        if (matches) return true;
      }
      return false;
    };
  }

  function search(entries, query, composing) {
    const terms = query.normalize("NFC").toLowerCase().split(/\s+/).filter(Boolean);
    if (terms.length === 0) return [];
    const matchers = terms.map((term, i) => termMatcher(term, composing && i === terms.length - 1));
    return entries.filter((entry) => matchers.every((matches) => matches(entry)));
  }

  // ---- The page ----------------------------------------------------------------------------------

  let entries = null;

  function run(event) {
    if (!entries) return;
    const address = new URL(location.href);
    if (input.value) address.searchParams.set("q", input.value); else address.searchParams.delete("q");
    history.replaceState(null, "", address);
    const found = search(entries, input.value, Boolean(event && event.isComposing));
    renderList(results, found.slice(0, SEARCH_LIMIT));
    if (!input.value.trim()) status.textContent = "";
    else if (found.length === 0) status.textContent = status.dataset.noneText;
    else {
      // Counts are grouped by three with commas, as the pages write numbers in both interface languages.
      status.textContent = status.dataset.countText.replace("{n}", found.length.toLocaleString("en")) +
        (found.length > SEARCH_LIMIT ? " " + status.dataset.moreText.replace("{shown}", SEARCH_LIMIT) : "");
    }
  }

  input.addEventListener("input", run);
  input.addEventListener("compositionend", () => run());
  input.form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });
  input.value = new URLSearchParams(location.search).get("q") || input.value;
  load().then((loaded) => {
    entries = loaded;
    run();
    // Ready the initial-consonant forms while the reader is still typing, not on their first "ㄱ".
    (window.requestIdleCallback || setTimeout)(() => loaded.forEach(searchInitials));
  }, showLoadFailed);
})();
