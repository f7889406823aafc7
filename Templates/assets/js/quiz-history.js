// The gift quiz's past suggestions (gifts/quiz/, #gift-history): what was asked, what was answered
// and which gifts were shown, when, kept in this browser under Modak.storage.QUIZ_KEYS.history
// (newest first, at most MAX_ENTRIES) and cleared with #clear-history after a confirmation.
//
// window.Modak.quizHistory: record(entry) → id, addGift(id, gift), render(catalogue), read().
// An entry is { id, at (ISO 8601), gender, birthday: { month, day }, min, max, candidates (how many
// fitted), questions: [{ id, text, answer }], gifts: [{ id, name, price }] }, gifts in the order
// they were shown (the first suggestion, then each "another gift"). What is read back is checked
// field by field: an entry edited by hand into something else is left out.
"use strict";
(() => {
  const section = document.getElementById("gift-history");
  const storage = window.Modak && Modak.storage;
  if (!section || !storage) return;
  const ui = Modak.giftUI;
  const KEY = storage.QUIZ_KEYS.history;
  const MAX_ENTRIES = 30;
  const MAX_BUDGET = 50000000;
  const ANSWERS = ["O", "X", "skip"];
  const GENDERS = ["any", "female", "male"];

  const $ = (id) => document.getElementById(id);
  const text = (name, values) => ui.fillText(section.getAttribute("data-" + name), values || {});
  const list = $("gift-history-list");
  const empty = $("gift-history-empty");
  const clearButton = $("clear-history");
  const dialog = $("clear-history-dialog");
  const status = $("gift-history-status");
  let catalogue = null;
  let memory = null; // the entries when storage is off, for this page

  // ---------------------------------------------------------------- the stored list

  const isText = (value, max) => typeof value === "string" && value.length <= max;
  const isWhole = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;

  function validEntry(entry) {
    if (!entry || typeof entry !== "object") return false;
    const birthday = entry.birthday || {};
    return isText(entry.id, 40) && /^[a-z0-9]+$/.test(entry.id) &&
      isText(entry.at, 40) && !isNaN(Date.parse(entry.at)) &&
      GENDERS.includes(entry.gender) &&
      isWhole(birthday.month, 1, 12) && isWhole(birthday.day, 1, 31) &&
      isWhole(entry.min, 0, MAX_BUDGET) && isWhole(entry.max, entry.min, MAX_BUDGET) &&
      isWhole(entry.candidates, 0, 1e6) &&
      Array.isArray(entry.questions) && entry.questions.length <= 200 &&
      entry.questions.every((q) => q && isText(q.id, 200) && isText(q.text, 2000) && ANSWERS.includes(q.answer)) &&
      Array.isArray(entry.gifts) && entry.gifts.length <= 200 &&
      entry.gifts.every((g) => g && isText(g.id, 64) && storage.SAYING_ID.test(g.id) && isText(g.name, 2000) && isWhole(g.price, 0, MAX_BUDGET));
  }

  /** The past suggestions, newest first; anything stored that is not one is left out. */
  function read() {
    if (memory) return memory.slice();
    try {
      const value = JSON.parse(storage.load(KEY) || "[]");
      return Array.isArray(value) ? value.filter(validEntry).slice(0, MAX_ENTRIES) : [];
    } catch (error) {
      return [];
    }
  }

  function write(entries) {
    const kept = entries.slice(0, MAX_ENTRIES);
    // Storage off or full: the history lasts for this page.
    memory = storage.store(KEY, JSON.stringify(kept)) ? null : kept;
  }

  /** Adds a finished quiz at the top of the history; returns its id. */
  function record(entry) {
    const id = Date.now().toString(36) + Math.floor(Math.random() * 1e9).toString(36);
    const stored = Object.assign({ id, at: new Date().toISOString() }, entry);
    write([stored].concat(read().filter((old) => old.id !== id)));
    render();
    return id;
  }

  /** Notes one more gift shown for the entry `id` ("another gift"). */
  function addGift(id, gift) {
    const entries = read();
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry) return;
    entry.gifts.push({ id: gift.id, name: gift.name, price: gift.price });
    write(entries);
    render();
  }

  function clear() {
    storage.remove(KEY);
    memory = null;
    render();
    status.textContent = text("cleared");
    clearButton.focus();
  }

  // ---------------------------------------------------------------- the list on the page

  function element(name, attributes, content) {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    if (typeof content === "string") node.textContent = content;
    else if (content) node.append(...[].concat(content));
    return node;
  }

  const two = (value) => (value < 10 ? "0" : "") + value;
  // Dates as the site writes them (dd-MM-yyyy), with the reader's local time.
  function when(iso) {
    const date = new Date(iso);
    return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
  }

  function price(value) {
    return ui.formatPrice(value, section.dataset.price);
  }

  // A gift still in the catalogue links to its page, with its picture; one since removed is its name.
  function giftView(gift, withImage) {
    const known = catalogue && catalogue.gifts.find((candidate) => candidate.id === gift.id);
    const name = known ? element("a", { href: known.url }, gift.name) : element("span", {}, gift.name);
    const parts = [];
    if (withImage && known) parts.push(element("img", { class: "gift-image", src: known.image, alt: "", loading: "lazy" }));
    parts.push(element("p", { class: "history-gift-text" }, [element("span", { class: "gift-name" }, name), " ", element("span", { class: "gift-price" }, price(gift.price))]));
    return parts;
  }

  function entryView(entry) {
    const item = element("li", { class: "history-entry", "data-history-id": entry.id });
    const profile = text("profile", {
      gender: text("gender-" + entry.gender),
      birthday: `${two(entry.birthday.day)}-${two(entry.birthday.month)}`,
      min: price(entry.min),
      max: price(entry.max),
    });
    item.append(element("p", { class: "history-meta" }, [element("time", { datetime: entry.at }, when(entry.at)), " · ", profile]));

    const shown = entry.gifts;
    if (shown.length === 0) {
      item.append(element("p", { class: "history-gift history-none" }, text("none")));
    } else {
      item.append(element("div", { class: "history-gift" }, giftView(shown[shown.length - 1], true)));
      if (shown.length > 1) {
        const earlier = shown.slice(0, -1).map((gift) => gift.name).join(", ");
        item.append(element("p", { class: "history-also" }, text("also", { gifts: earlier })));
      }
    }

    if (entry.questions.length > 0) {
      const answers = element("ol", { class: "history-answers" });
      for (const question of entry.questions) {
        answers.append(element("li", {}, [
          element("span", { class: "history-question" }, question.text), " ",
          element("span", { class: "history-answer", "data-value": question.answer }, text("label-" + question.answer.toLowerCase())),
        ]));
      }
      item.append(element("details", {}, [element("summary", {}, text("questions", { count: entry.questions.length })), answers]));
    }
    return item;
  }

  /** Shows the history; `loaded` (the quiz's catalogue, when it came) gives links and pictures. */
  function render(loaded) {
    if (loaded) catalogue = loaded;
    const entries = read();
    list.textContent = "";
    for (const entry of entries) list.append(entryView(entry));
    list.hidden = entries.length === 0;
    empty.hidden = entries.length > 0;
    clearButton.hidden = entries.length === 0;
    section.hidden = false;
  }

  // ---------------------------------------------------------------- clearing, after a confirmation

  const askToClear = dialog && Modak.askFirst(dialog, "clear");
  clearButton.addEventListener("click", () => {
    status.textContent = "";
    if (askToClear) askToClear(clear);
    else if (window.confirm(text("confirm"))) clear();
  });
  if (dialog) {
    // Escape or "keep" closes it with the history kept: the focus goes back to the button.
    dialog.addEventListener("close", () => {
      if (dialog.returnValue !== "clear") clearButton.focus();
    });
  }

  storage.onChange([KEY], () => render());
  render();

  (window.Modak = window.Modak || {}).quizHistory = { record, addGift, render, read, MAX_ENTRIES };
})();
