// The reader's state in localStorage: every key Modak stores, the saying-id pattern, and reading
// and writing them. Pages that keep reader state load this script before the others, which find
// it at window.Modak.storage.
"use strict";
(() => {
  // The only place these keys and the id pattern are written: partials/theme-boot.js uses them
  // too, and .ci/theme_boot.py copies their values into the inline snippet.
  const LIST_KEYS = { liked: "modak.liked", used: "modak.used", seen: "modak.seen" };
  const SETTING_KEYS = { theme: "modak.theme", font: "modak.font", size: "modak.size" };
  // The gift quiz's past suggestions (quiz-history.js): a JSON array, newest first.
  const QUIZ_KEYS = { history: "modak.giftHistory" };
  const SAYING_ID = /^[A-Za-z0-9_-]{1,64}$/;

  /** The saying ids stored under `key`; anything else found there (edited by hand, or hostile) is dropped. */
  function readIds(key) {
    try {
      const value = JSON.parse(localStorage.getItem(key) || "[]");
      return new Set(Array.isArray(value) ? value.filter((id) => typeof id === "string" && SAYING_ID.test(id)) : []);
    } catch (error) {
      return new Set();
    }
  }

  function writeIds(key, ids) {
    store(key, JSON.stringify([...ids]));
  }

  /** Keeps `value` (a string) under `key`; false when storage is off or full. */
  function store(key, value) {
    try {
      localStorage.setItem(key, value);
      return true;
    } catch (error) {
      // Storage is off or full (private windows): the choice lasts for this page only.
      return false;
    }
  }

  /** The string kept under `key`, or null (nothing kept, or storage off). */
  function load(key) {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }

  function remove(key) {
    try {
      localStorage.removeItem(key);
    } catch (error) {
      // Storage is off: there was nothing kept to remove.
    }
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

  (window.Modak = window.Modak || {}).storage = { LIST_KEYS, SETTING_KEYS, QUIZ_KEYS, SAYING_ID, readIds, writeIds, store, load, remove, onChange };
})();
