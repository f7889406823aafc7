// The reader's state in localStorage: every key Modak stores, the saying-id pattern, and reading
// and writing them. Pages that keep reader state load this script before the others, which find
// it at window.Modak.storage.
"use strict";
(() => {
  // The only place these keys and the id pattern are written: partials/theme-boot.js uses them
  // too, and .ci/theme_boot.py copies their values into the inline snippet.
  const LIST_KEYS = { liked: "modak.liked", used: "modak.used", seen: "modak.seen" };
  const SETTING_KEYS = { theme: "modak.theme", font: "modak.font", size: "modak.size" };
  const SOUVENIRS_KEY = "modak.souvenirs";
  // The gift quiz's past suggestions (quiz-history.js): a JSON array, newest first.
  const QUIZ_KEYS = { history: "modak.giftHistory" };
  // The interface's own memory (welcome.js: "1" once the welcome was closed). Not the reader's
  // data: exports leave it out, "delete my data" removes it with the rest.
  const INTERFACE_KEYS = { welcomed: "modak.welcomed" };
  const SAYING_ID = /^[A-Za-z0-9_-]{1,64}$/;
  // The reader's own souvenirs: { id, message, deliver, written }, the two days as YYYY-MM-DD.
  const MESSAGE_LIMIT = 10000;

  /** The saying ids stored under `key`; anything else found there (edited by hand, or hostile) is dropped. */
  function readIds(key) {
    try {
      const value = JSON.parse(localStorage.getItem(key) || "[]");
      return new Set(Array.isArray(value) ? value.filter(isId) : []);
    } catch (error) {
      return new Set();
    }
  }

  function writeIds(key, ids) {
    return store(key, JSON.stringify([...ids]));
  }

  function isId(value) {
    return typeof value === "string" && SAYING_ID.test(value);
  }

  /** The day of `date` in the reader's own time zone, YYYY-MM-DD. */
  function dayOf(date) {
    return [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
  }

  /** A real calendar day written YYYY-MM-DD. */
  function isDay(value) {
    if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const day = new Date(value + "T00:00:00Z");
    return !isNaN(day) && day.toISOString().startsWith(value);
  }

  function isSouvenir(value) {
    return value !== null && typeof value === "object" && isId(value.id) && typeof value.message === "string"
      && value.message.trim() !== "" && value.message.length <= MESSAGE_LIMIT && isDay(value.deliver) && isDay(value.written);
  }

  /** The reader's own souvenirs, with only the fields Modak writes; invalid ones are dropped. */
  function readSouvenirs() {
    try {
      const value = JSON.parse(localStorage.getItem(SOUVENIRS_KEY) || "[]");
      return Array.isArray(value) ? value.filter(isSouvenir).map(({ id, message, deliver, written }) => ({ id, message, deliver, written })) : [];
    } catch (error) {
      return [];
    }
  }

  function writeSouvenirs(souvenirs) {
    return store(SOUVENIRS_KEY, JSON.stringify(souvenirs));
  }

  /** The string kept under `key`, or null (nothing kept, or storage off). */
  function load(key) {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }

  /** Stores `value` under `key`; false when storage is off or full (private windows), and the choice lasts for this page only. */
  function store(key, value) {
    try {
      localStorage.setItem(key, value);
      return true;
    } catch (error) {
      return false;
    }
  }

  function remove(key) {
    try {
      localStorage.removeItem(key);
    } catch (error) {
      // Storage is off: there was nothing kept to remove.
    }
  }

  /** Removes everything Modak stored: the reader's "delete my data". */
  function forgetAll() {
    const keys = [LIST_KEYS, SETTING_KEYS, QUIZ_KEYS, INTERFACE_KEYS].map((table) => Object.values(table));
    for (const key of [SOUVENIRS_KEY].concat(...keys)) remove(key);
  }

  /** Calls `refresh` when another tab changes one of `keys` or clears storage, and when the page comes back from the history cache. */
  function onChange(keys, refresh) {
    window.addEventListener("storage", (event) => {
      if (event.key === null || keys.includes(event.key)) refresh();
    });
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) refresh();
    });
  }

  (window.Modak = window.Modak || {}).storage = {
    LIST_KEYS, SETTING_KEYS, SOUVENIRS_KEY, QUIZ_KEYS, INTERFACE_KEYS, SAYING_ID, MESSAGE_LIMIT,
    readIds, writeIds, isId, dayOf, isDay, isSouvenir, readSouvenirs, writeSouvenirs, load, store, remove, forgetAll, onChange,
  };
})();
