// The sayings a page did not bring, read from the data files a few at a time (#saying-data says
// where they are and how they are cut: docs/reference/output.md, "Saying data"), and written into
// saying elements through their [data-field] parts. window.Modak.sayingData.
"use strict";
(() => {
  const settings = document.getElementById("saying-data");
  if (!settings) return;
  const { LIST_KEYS, readIds } = Modak.storage;
  const data = settings.dataset;
  const count = Number(data.count), newCount = Number(data.newCount);
  const chunkSize = Number(data.chunkSize), idBuckets = Number(data.idBuckets);
  // This script is assets/js/saying-data.js: the site's root is two folders up.
  const siteRoot = new URL("../../", document.currentScript.src);
  const dataURL = new URL(data.url, document.baseURI);
  // Sayings shown a page at a time by the lists the script makes.
  const PAGE_SIZE = 20;

  /** 32-bit FNV-1a over the UTF-16 code units of `text`, as the build computes it. */
  function hash(text) {
    let value = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return value;
  }

  const files = new Map();
  /** The JSON at `url` (relative to `base`), fetched once; the build's version in the address keeps browsers from mixing builds. */
  function load(path, base = dataURL) {
    const url = new URL(path, base);
    url.searchParams.set("v", data.version);
    if (!files.has(url.href)) {
      const loading = fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
        return response.json();
      });
      loading.catch(() => files.delete(url.href));
      files.set(url.href, loading);
    }
    return files.get(url.href);
  }

  /** The saying numbered `number` (0 is the oldest): { id, kor, eng, who, author, day, tags: [{ name, slug }], number, isNew }. */
  function saying(number) {
    return load(`sayings/${Math.floor(number / chunkSize)}.json`).then((chunk) => {
      const row = chunk[number % chunkSize], tags = [];
      for (let i = 0; row[6] && i < row[6].length; i += 2) tags.push({ name: row[6][i], slug: row[6][i + 1] });
      return { id: row[0], kor: row[1], eng: row[2], who: row[3], author: row[4], day: row[5], tags, number, isNew: number >= count - newCount };
    });
  }

  /** The number of the published saying `id`, or undefined when there is none. */
  function numberOf(id) {
    return load(`ids/${hash(id) % idBuckets}.json`).then((bucket) => (Object.prototype.hasOwnProperty.call(bucket, id) ? bucket[id] : undefined));
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

  function pageURL(path) {
    return new URL(path, siteRoot).href;
  }

  /** Fills a saying element (a clone of #saying-template, or #today) with a saying; `seen`: the opened new sayings. */
  function fill(element, entry, seen) {
    element.dataset.sayingId = entry.id;
    for (const inner of element.querySelectorAll("[data-saying-id]")) inner.dataset.sayingId = entry.id;
    for (const name of ["kor", "eng", "who"]) {
      const field = element.querySelector(`[data-field="${name}"]`);
      field.textContent = entry[name];
      field.hidden = !entry[name];
    }
    element.querySelector('[data-field="who"]').href = pageURL(`authors/${entry.author}/`);
    const date = element.querySelector('[data-field="date"]');
    date.textContent = formatDay(entry.day);
    date.dateTime = entry.day;
    element.querySelector('[data-field="url"]').href = pageURL(`sayings/${entry.id}/`);
    const tags = element.querySelector('[data-field="tags"]');
    tags.replaceChildren(...entry.tags.map((tag) => {
      const item = document.createElement("li"), link = document.createElement("a");
      link.href = pageURL(`tags/${tag.slug}/`);
      link.textContent = tag.name;
      item.append(link);
      return item;
    }));
    tags.hidden = entry.tags.length === 0;
    const slot = element.querySelector(".new-slot");
    slot.replaceChildren();
    if (entry.isNew && !seen.has(entry.id)) {
      slot.append(" ", document.getElementById("new-mark-template").content.cloneNode(true));
    }
  }

  /** A clone of #saying-template filled with `entry`. */
  function item(entry, seen) {
    const element = document.getElementById("saying-template").content.firstElementChild.cloneNode(true);
    fill(element, entry, seen);
    return element;
  }

  /**
   * Shows in `list`, a page at a time, the sayings `source` gives: `source(n)` resolves to the
   * next n or fewer promises of sayings (null for one to leave out) and whether more are left.
   * Each saying appears as soon as it and those before it have arrived. The [data-more] button
   * shows the next page. Returns the list's control: `stop()` for a list made again.
   */
  function pagedList(list, source, onPage) {
    const more = document.querySelector("[data-more]");
    let stopped = false, shown = 0;
    async function showPage(first) {
      more.hidden = true;
      const seen = readIds(LIST_KEYS.seen);
      const { sayings, done } = await source(PAGE_SIZE);
      if (stopped) return;
      if (first) list.replaceChildren();
      let added = 0;
      for (const next of sayings) {
        const entry = await next;
        if (stopped) return;
        if (entry) {
          list.append(item(entry, seen));
          added++;
        }
      }
      shown += added;
      // A page whose sayings were all left out is followed at once by the next.
      if (added === 0 && !done) return showPage(false);
      more.hidden = done;
      if (onPage) onPage(shown, done);
    }
    const run = (first) => showPage(first).catch(showLoadFailed);
    more.onclick = () => run(false);
    run(true);
    return { stop() { stopped = true; } };
  }

  Modak.sayingData = { count, hash, load, saying, numberOf, fill, pagedList, showLoadFailed };
})();
