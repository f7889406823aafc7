"use strict";
// Modak in the browser: like and "used" toggles, "new" marks, the reader's lists, search, the home
// page's "another saying", settings and sharing. Every page is complete without it; the reader's
// state lives in localStorage under "modak." keys (theme, font and size are applied before first
// paint by the inline boot script in the layout).
(function () {
  const root = document.documentElement;
  const siteRoot = new URL("../../", document.currentScript.src);
  const ID = /^[A-Za-z0-9_-]{1,64}$/;
  const TOGGLE_LISTS = { like: "liked", used: "used" };
  // Only sayings that are new get remembered as opened, so this many is plenty.
  const SEEN_LIMIT = 200;
  const SEARCH_LIMIT = 100;

  // ---- Storage -------------------------------------------------------------------------------

  function readIds(name) {
    try {
      const value = JSON.parse(localStorage.getItem("modak." + name) || "[]");
      return new Set(Array.isArray(value) ? value.filter((id) => typeof id === "string" && ID.test(id)) : []);
    } catch (error) {
      return new Set();
    }
  }

  function writeIds(name, ids) {
    store(name, JSON.stringify([...ids]));
  }

  function store(name, value) {
    try {
      localStorage.setItem("modak." + name, value);
    } catch (error) {
      // Storage is off or full (private windows): the choice lasts for this page only.
    }
  }

  // ---- Like and "used" toggles -----------------------------------------------------------------

  function syncToggles(scope) {
    const state = { like: readIds("liked"), used: readIds("used") };
    for (const button of scope.querySelectorAll("button[data-action]")) {
      const ids = state[button.dataset.action];
      if (ids) button.setAttribute("aria-pressed", String(ids.has(button.dataset.sayingId)));
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    const list = button && TOGGLE_LISTS[button.dataset.action];
    if (!list) return;
    const id = button.dataset.sayingId;
    const ids = readIds(list);
    const pressed = !ids.has(id);
    if (pressed) ids.add(id); else ids.delete(id);
    writeIds(list, ids);
    for (const twin of document.querySelectorAll(`button[data-action="${button.dataset.action}"]`)) {
      if (twin.dataset.sayingId === id) twin.setAttribute("aria-pressed", String(pressed));
    }
  });

  // ---- "New" marks -----------------------------------------------------------------------------

  function clearSeenMarks() {
    const seen = readIds("seen");
    for (const mark of document.querySelectorAll("[data-saying-id] [data-new]")) {
      if (seen.has(mark.closest("[data-saying-id]").dataset.sayingId)) mark.remove();
    }
  }

  /** On a new saying's own page: remember it as opened, so its mark goes everywhere else. */
  function rememberOpened() {
    const page = document.querySelector(".saying-page[data-saying-id]");
    if (!page || !page.querySelector("[data-new]")) return;
    const seen = readIds("seen");
    seen.delete(page.dataset.sayingId);
    writeIds("seen", [...seen, page.dataset.sayingId].slice(-SEEN_LIMIT));
  }

  // ---- search.json -----------------------------------------------------------------------------

  let index;
  function loadIndex() {
    index = index || fetch(new URL("search.json", siteRoot))
      .then((response) => {
        if (!response.ok) throw new Error(`search.json: HTTP ${response.status}`);
        return response.json();
      })
      .then(prepareIndex);
    return index;
  }

  function prepareIndex(data) {
    const column = (name) => data.fields.indexOf(name);
    const [id, kor, eng, who, day, tags] = ["id", "kor", "eng", "who", "day", "tags"].map(column);
    return data.sayings.map((row, position) => {
      return {
        id: row[id], kor: row[kor] || "", eng: row[eng] || "", who: row[who] || "",
        day: row[day] || "", tags: row[tags] || "", isNew: position < data.new,
      };
    });
  }

  function showLoadFailed(error) {
    for (const message of document.querySelectorAll("[data-load-failed]")) message.hidden = false;
    console.error(error);
  }

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

  // What a query is matched against, made on first use (the home page's random pick needs neither).
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

  // ---- Showing sayings from the index ----------------------------------------------------------

  // In the interface's language (`ko` for `lang="ko-KR"`), as the pages write dates.
  const dayFormat = new Intl.DateTimeFormat(root.dataset.interfaceLanguage || root.lang || undefined, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

  /** 1234 → "1,234", as the pages write numbers in both languages of the interface (NumberText in Swift). */
  function grouped(count) {
    return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  }

  function formatDay(day) {
    const [year, month, date] = day.split("-").map(Number);
    return dayFormat.format(Date.UTC(year, month - 1, date));
  }

  /** Fills a saying element (a clone of #saying-template, or #today) with an index entry. */
  function fillSaying(element, entry, seen) {
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
    syncToggles(element);
  }

  function renderList(list, entries) {
    const template = document.getElementById("saying-template");
    const seen = readIds("seen");
    list.replaceChildren(...entries.map((entry) => {
      const item = template.content.firstElementChild.cloneNode(true);
      fillSaying(item, entry, seen);
      return item;
    }));
  }

  // ---- Pages -----------------------------------------------------------------------------------

  function setupAnotherSaying() {
    const button = document.getElementById("another-saying");
    const today = document.getElementById("today");
    if (!button || !today) return;
    const heading = document.getElementById("today-heading");
    // Sayings this visit has shown: none comes back until every one has.
    const shown = new Set([today.dataset.sayingId]);
    button.addEventListener("click", () => {
      loadIndex().then((entries) => {
        let unseen = entries.filter((entry) => !shown.has(entry.id));
        if (unseen.length === 0) {
          shown.clear();
          shown.add(today.dataset.sayingId);
          unseen = entries.filter((entry) => entry.id !== today.dataset.sayingId);
        }
        if (unseen.length === 0) return;
        const pick = unseen[Math.floor(Math.random() * unseen.length)];
        shown.add(pick.id);
        fillSaying(today, pick, readIds("seen"));
        heading.textContent = heading.dataset.randomLabel;
      }, showLoadFailed);
    });
  }

  function showFavorites() {
    const list = document.querySelector('[data-client-list="liked"]');
    if (!list) return;
    loadIndex().then((entries) => {
      const liked = readIds("liked");
      const favorites = entries.filter((entry) => liked.has(entry.id));
      renderList(list, favorites);
      document.querySelector("[data-empty]").hidden = favorites.length > 0;
    }, showLoadFailed);
  }

  function filterUnused() {
    const list = document.querySelector('[data-hide="used"]');
    if (!list) return;
    const used = readIds("used");
    let shown = 0;
    for (const item of list.children) {
      item.hidden = used.has(item.dataset.sayingId);
      if (!item.hidden) shown++;
    }
    document.querySelector("[data-count]").textContent = grouped(shown);
    document.querySelector("[data-empty]").hidden = shown > 0;
  }

  function setupSearch() {
    const input = document.getElementById("search-input");
    if (!input) return;
    const results = document.getElementById("search-results");
    const status = document.getElementById("search-status");
    let entries = null;
    const run = (event) => {
      if (!entries) return;
      const address = new URL(location.href);
      if (input.value) address.searchParams.set("q", input.value); else address.searchParams.delete("q");
      history.replaceState(null, "", address);
      const found = search(entries, input.value, Boolean(event && event.isComposing));
      renderList(results, found.slice(0, SEARCH_LIMIT));
      if (!input.value.trim()) status.textContent = "";
      else if (found.length === 0) status.textContent = status.dataset.noneText;
      else {
        status.textContent = status.dataset.countText.replace("{n}", grouped(found.length)) +
          (found.length > SEARCH_LIMIT ? " " + status.dataset.moreText.replace("{shown}", SEARCH_LIMIT) : "");
      }
    };
    input.addEventListener("input", run);
    input.addEventListener("compositionend", () => run());
    input.form.addEventListener("submit", (event) => {
      event.preventDefault();
      run();
    });
    input.value = new URLSearchParams(location.search).get("q") || input.value;
    loadIndex().then((loaded) => {
      entries = loaded;
      run();
      // Ready the initial-consonant forms while the reader is still typing, not on their first "ㄱ".
      (window.requestIdleCallback || setTimeout)(() => loaded.forEach(searchInitials));
    }, showLoadFailed);
  }

  function setupSettings() {
    for (const select of document.querySelectorAll("select[data-setting]")) {
      const name = select.dataset.setting;
      const current = root.getAttribute("data-" + name);
      if ([...select.options].some((option) => option.value === current)) select.value = current;
      select.addEventListener("change", () => {
        root.setAttribute("data-" + name, select.value);
        store(name, select.value);
      });
    }
  }

  function setupSharing() {
    const canonical = document.querySelector('link[rel="canonical"]');
    const address = canonical ? canonical.href : location.href;
    for (const button of document.querySelectorAll("button[data-share]")) {
      const status = button.closest(".share").querySelector(".share-status");
      if (button.dataset.share === "native") {
        if (!navigator.share) continue;
        button.hidden = false;
        button.addEventListener("click", () => {
          navigator.share({ title: document.title, text: button.dataset.shareText, url: address }).catch(() => {});
        });
      } else {
        button.addEventListener("click", () => {
          copyText(button.dataset.shareText + "\n" + address).then(
            () => { status.textContent = button.dataset.done; },
            () => { status.textContent = button.dataset.failed; });
        });
      }
    }
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    // Plain-http hosts have no clipboard API: copy through a selected, off-screen text area.
    return new Promise((resolve, reject) => {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.append(area);
      area.select();
      const copied = document.execCommand("copy");
      area.remove();
      if (copied) resolve(); else reject(new Error("copy refused"));
    });
  }

  /** Brings the page in line with storage: on load, from another tab, or back from the history cache. */
  function refresh() {
    syncToggles(document);
    clearSeenMarks();
    filterUnused();
    showFavorites();
  }

  refresh();
  rememberOpened();
  setupAnotherSaying();
  setupSearch();
  setupSettings();
  setupSharing();
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith("modak.")) refresh();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) refresh();
  });
})();
