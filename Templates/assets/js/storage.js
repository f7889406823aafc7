// The reader's state in localStorage: every key Modak stores, the saying-id pattern, and reading
// and writing them. Pages that keep reader state load this script before the others, which find
// it at window.Modak.storage. The reader's own souvenirs and the daily-notification choice are
// mirrored into IndexedDB (the mirror), where the service worker, which has no localStorage,
// reads them: every write of them here writes the mirror too, and each page load copies them
// again (localStorage is the pages' truth). The worker imports this file for the mirror.
"use strict";
(() => {
  // The only place these keys and the id pattern are written: partials/theme-boot.js uses them
  // too, and .ci/theme_boot.py copies their values into the inline snippet.
  const LIST_KEYS = { liked: "modak.liked", used: "modak.used", seen: "modak.seen" };
  const SETTING_KEYS = { theme: "modak.theme", font: "modak.font", size: "modak.size" };
  const SOUVENIRS_KEY = "modak.souvenirs";
  // The gift quiz's past suggestions (quiz-history.js): a JSON array, newest first.
  const QUIZ_KEYS = { history: "modak.giftHistory" };
  // Notifications (notify.js): the day's saying wanted ("on"), and notifications asked for once.
  const NOTIFY_KEYS = { daily: "modak.notifyDaily", asked: "modak.notifyAsked" };
  // The mirror: database MIRROR_DB, one object store MIRROR_STORE of values under names
  // (docs/reference/output.md, "Notifications"); the worker is told of a change with WORKER_MESSAGE.
  const MIRROR_DB = "modak";
  const MIRROR_STORE = "reader";
  const WORKER_MESSAGE = "modak-check";
  // The tag of the periodic background sync that wakes the worker (an installed app, in Chromium).
  const SYNC_TAG = "modak-letters";
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

  /** Stores the reader's own souvenirs, and mirrors what was stored: every write of them comes here. */
  function writeSouvenirs(souvenirs) {
    const stored = store(SOUVENIRS_KEY, JSON.stringify(souvenirs));
    if (stored) writeMirror({ souvenirs }).then(tellWorker);
    return stored;
  }

  /** Whether the reader wants the day's saying as a notification. */
  function readDaily() {
    return load(NOTIFY_KEYS.daily) === "on";
  }

  /** Stores that choice, in the mirror too; false when storage refused it. */
  function writeDaily(on) {
    if (!on) remove(NOTIFY_KEYS.daily);
    const stored = !on || store(NOTIFY_KEYS.daily, "on");
    writeMirror({ daily: on && stored }).then(tellWorker);
    return stored;
  }

  let database = null;

  /** The mirror's database, opened once; null where IndexedDB is missing or refused. */
  function openMirror() {
    database = database || new Promise((resolve) => {
      try {
        const request = indexedDB.open(MIRROR_DB, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(MIRROR_STORE);
        request.onsuccess = () => {
          // A later version of the mirror, opened elsewhere, takes over: this one lets go.
          request.result.onversionchange = () => {
            request.result.close();
            database = null;
          };
          resolve(request.result);
        };
        request.onerror = request.onblocked = () => resolve(null);
      } catch (error) {
        resolve(null);
      }
    });
    return database;
  }

  /**
   * Reads the values under `names` (undefined when none is stored) and stores what
   * `change(values)` returns, `{ name: value }`, in one transaction: IndexedDB runs the
   * transactions of one store one after the other, from pages and the worker alike, so nothing is
   * written between the read and the write (the worker's "notify once" relies on it). Resolves
   * to the values read, or null when the mirror cannot be used.
   */
  async function updateMirror(names, change) {
    const db = await openMirror();
    if (!db) return null;
    return new Promise((resolve) => {
      const values = {};
      let transaction;
      try {
        transaction = db.transaction(MIRROR_STORE, change ? "readwrite" : "readonly");
      } catch (error) {
        return resolve(null);
      }
      const objects = transaction.objectStore(MIRROR_STORE);
      const write = () => {
        for (const [name, value] of Object.entries((change && change(values)) || {})) {
          if (value === undefined) objects.delete(name);
          else objects.put(value, name);
        }
      };
      let waiting = names.length;
      if (!waiting) write();
      for (const name of names) {
        const request = objects.get(name);
        request.onsuccess = () => {
          values[name] = request.result;
          if (--waiting === 0) write();
        };
      }
      transaction.oncomplete = () => resolve(values);
      transaction.onerror = transaction.onabort = () => resolve(null);
    });
  }

  function readMirror(names) {
    return updateMirror(names, null);
  }

  function writeMirror(values) {
    return updateMirror([], () => values);
  }

  /** Asks this site's service worker to look at the mirror again (letters due, the badge). */
  function tellWorker() {
    if (typeof window === "undefined" || !("serviceWorker" in navigator)) return;
    // No worker (a preview, a site opened from a folder): ready never comes, and nobody waits.
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage(WORKER_MESSAGE);
    });
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
    const groups = [LIST_KEYS, SETTING_KEYS, QUIZ_KEYS, NOTIFY_KEYS, INTERFACE_KEYS];
    for (const key of [SOUVENIRS_KEY].concat(...groups.map(Object.values))) remove(key);
    // And the mirror, with what the worker keeps there (letters notified, the day's saying).
    openMirror().then((db) => db && new Promise((resolve) => {
      const transaction = db.transaction(MIRROR_STORE, "readwrite");
      transaction.objectStore(MIRROR_STORE).clear();
      transaction.oncomplete = transaction.onerror = transaction.onabort = resolve;
    })).then(tellWorker, () => {});
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

  // `self`: the page's window, or the service worker that imports this file.
  (self.Modak = self.Modak || {}).storage = {
    LIST_KEYS, SETTING_KEYS, SOUVENIRS_KEY, QUIZ_KEYS, INTERFACE_KEYS, SAYING_ID, MESSAGE_LIMIT, readIds, writeIds, isId, dayOf, isDay, isSouvenir,
    readSouvenirs, writeSouvenirs, load, store, remove, forgetAll, onChange,
    NOTIFY_KEYS, WORKER_MESSAGE, SYNC_TAG, readDaily, writeDaily, updateMirror, readMirror, writeMirror, tellWorker,
  };
  // Each page load copies the pages' truth into the mirror, whatever changed localStorage since
  // (another tab, an older version of these scripts), and tells the worker.
  if (typeof window !== "undefined") writeMirror({ souvenirs: readSouvenirs(), daily: readDaily() }).then(tellWorker);
})();
