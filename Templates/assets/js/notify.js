// Notifications, on the pages that load it (souvenirs, settings, home, saying). Asks for the
// permission once, after the reader's first own souvenir (Modak.notify.afterSave, which
// time-capsule.js calls in the save's click: browsers ask only then) or when #notify-daily is
// checked; shows #notify-denied (souvenirs/, settings/) once asked and not allowed, with how to
// allow notifications in this browser ([data-notify-help]) and #notify-ask where the browser
// still asks; keeps input#notify-daily (settings/); registers the periodic sync of an installed
// app. For the badge, it records in the mirror what the reader has seen: the opened letters on
// souvenirs/, the day's saying on the home page or its own page. The service worker notifies.
"use strict";
(() => {
  const storage = Modak.storage;
  const { NOTIFY_KEYS } = storage;
  const supported = "Notification" in window;
  const panel = document.getElementById("notify-denied");
  const askButton = document.getElementById("notify-ask");
  const daily = document.getElementById("notify-daily");
  // Chromium lets a periodic sync run about once a day at most, and only for an installed app.
  const SYNC_INTERVAL = 12 * 60 * 60 * 1000;

  const permission = () => (supported ? Notification.permission : "unsupported");
  const asked = () => storage.load(NOTIFY_KEYS.asked) === "yes";

  /** The browser family whose steps #notify-denied shows: told by its user agent, simply. */
  function browserFamily() {
    const agent = navigator.userAgent;
    if (/SamsungBrowser/.test(agent)) return "samsung";
    // Every browser of an iPhone or iPad is Safari underneath: notifications need the Home Screen.
    if (/iPhone|iPad|iPod/.test(agent)) return "safari";
    if (/Firefox\//.test(agent)) return "firefox";
    if (/Chrome\/|Chromium\/|Edg\//.test(agent)) return "chromium";
    if (/Safari\//.test(agent)) return "safari";
    return "other";
  }

  /** #notify-denied: shown once the site asked and notifications are not allowed; #notify-ask
   * while the browser still asks. */
  function showPanel() {
    if (!panel) return;
    const state = permission();
    panel.hidden = !asked() || state === "granted";
    askButton.hidden = state !== "default";
  }

  if (panel) {
    const family = browserFamily();
    const helps = [...panel.querySelectorAll("[data-notify-help]")];
    const known = helps.some((help) => help.dataset.notifyHelp === family);
    for (const help of helps) help.hidden = help.dataset.notifyHelp !== (known ? family : "other");
    askButton.addEventListener("click", () => ask());
  }

  /** Asks for the permission (call it in a click), then shows what came of it. Resolves to the answer. */
  function ask() {
    storage.store(NOTIFY_KEYS.asked, "yes");
    if (!supported) {
      showPanel();
      return Promise.resolve("unsupported");
    }
    // Older Safari answers through the callback only.
    return new Promise((resolve) => {
      const answer = Notification.requestPermission(resolve);
      if (answer) answer.then(resolve, () => resolve(permission()));
    }).then((state) => {
      allowed();
      return state;
    });
  }

  /** After any change of the permission: the panel, and with notifications allowed the periodic
   * sync and a look by the worker. */
  function allowed() {
    showPanel();
    if (permission() !== "granted") return;
    registerSync();
    storage.tellWorker();
  }

  async function registerSync() {
    if (!("serviceWorker" in navigator)) return;
    const registration = await navigator.serviceWorker.ready;
    if (!registration.periodicSync) return;
    try {
      await registration.periodicSync.register(storage.SYNC_TAG, { minInterval: SYNC_INTERVAL });
    } catch (error) {
      // Not an installed app (Chromium syncs only those) or no permission: visits still notify.
    }
  }

  /** On souvenirs/: the reader sees every opened letter, so none counts on the badge. */
  function markLettersRead() {
    const today = storage.dayOf(new Date());
    const read = storage.readSouvenirs().filter((letter) => letter.deliver <= today).map((letter) => letter.id);
    storage.writeMirror({ read }).then(storage.tellWorker);
  }

  /** Called by time-capsule.js in the click that saved a souvenir: the first save asks. */
  function afterSave() {
    markLettersRead();
    if (!asked() && permission() !== "granted") ask();
  }

  if (document.getElementById("souvenir-form")) markLettersRead();

  // The day's saying, shown on the home page (#today) or on its own page: seen, once the worker
  // has notified it (the mirror's dailyId is the saying notified, dailyDay its day).
  const saying = document.querySelector("#today[data-saying-id], .saying-page[data-saying-id]");
  if (saying) {
    const id = saying.dataset.sayingId;
    const seen = (values) => (values.dailyId === id ? { dailySeen: values.dailyDay } : {});
    storage.updateMirror(["dailyId", "dailyDay"], seen).then(storage.tellWorker);
  }

  if (daily) {
    daily.checked = storage.readDaily();
    daily.addEventListener("change", () => {
      if (!daily.checked || permission() === "granted") return storage.writeDaily(daily.checked);
      // Asked in this click; anything but "allowed" leaves the box unchecked.
      ask().then((state) => {
        daily.checked = state === "granted";
        storage.writeDaily(daily.checked);
      });
    });
    // "Delete my data" (reader-data.js) deletes this choice too.
    const reset = document.getElementById("reset-dialog");
    if (reset) reset.addEventListener("close", () => {
      daily.checked = storage.readDaily();
    });
    storage.onChange([NOTIFY_KEYS.daily], () => {
      daily.checked = storage.readDaily();
    });
  }

  showPanel();
  if (permission() === "granted") registerSync();
  // Allowed or blocked later, in the browser's own settings: follow it.
  if (supported && navigator.permissions) {
    navigator.permissions.query({ name: "notifications" }).then((status) => {
      status.addEventListener("change", allowed);
    }, () => {});
  }

  (window.Modak = window.Modak || {}).notify = { afterSave };
})();
