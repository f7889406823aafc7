// The reader's own time capsule, on the souvenirs page: #souvenir-message, #souvenir-date and
// #souvenir-save keep a message in this browser until the day chosen (the reader's own days).
// Until then only how many are sealed and the next day show (#reader-sealed): a sealed message's
// text never enters the page. On its day it opens among the site's delivered souvenirs
// (#souvenir-list), dated dd-MM-yyyy. #souvenir-reminder puts each sealed day in the reader's
// calendar, as an .ics file made here (Modak.ics), saying nothing of the message.
"use strict";
(() => {
  const form = document.getElementById("souvenir-form");
  if (!form) return;
  const storage = Modak.storage;
  const message = document.getElementById("souvenir-message");
  const date = document.getElementById("souvenir-date");
  const status = document.getElementById("souvenir-status");
  const sealedLine = document.getElementById("reader-sealed");
  const reminder = document.getElementById("souvenir-reminder");
  const list = document.getElementById("souvenir-list");
  const template = document.getElementById("reader-souvenir-template");

  const today = () => storage.dayOf(new Date());
  // Days are YYYY-MM-DD, so they compare as text; the page writes them dd-MM-yyyy.
  const shown = (day) => day.split("-").reverse().join("-");
  const say = (text) => {
    status.textContent = text;
  };

  message.maxLength = storage.MESSAGE_LIMIT;
  date.min = today();
  form.noValidate = true;

  function show() {
    const now = today();
    const souvenirs = storage.readSouvenirs().sort((a, b) => (a.deliver < b.deliver ? 1 : a.deliver > b.deliver ? -1 : 0));
    const sealed = souvenirs.filter((souvenir) => souvenir.deliver > now);
    for (const old of list.querySelectorAll("[data-reader-souvenir]")) old.remove();
    // Newest first, each before the first of the site's souvenirs delivered before its day began.
    for (const souvenir of souvenirs.filter((each) => each.deliver <= now)) {
      const start = new Date(souvenir.deliver + "T00:00").getTime();
      const older = [...list.querySelectorAll(".souvenir:not([data-reader-souvenir]) time")].find((time) => Date.parse(time.dateTime) < start);
      list.insertBefore(article(souvenir), older ? older.closest(".souvenir") : null);
    }
    document.getElementById("delivered-heading").hidden = !list.firstElementChild;
    const empty = document.getElementById("souvenirs-empty");
    if (empty) empty.hidden = souvenirs.length > 0;
    sealedLine.hidden = reminder.hidden = !sealed.length;
    if (!sealed.length) return;
    sealedLine.querySelector("[data-sealed-count]").textContent = sealed.length;
    const next = sealedLine.querySelector("[data-next-date]");
    next.dateTime = sealed[sealed.length - 1].deliver;
    next.textContent = shown(next.dateTime);
  }

  function article(souvenir) {
    const node = template.content.firstElementChild.cloneNode(true);
    const field = (name) => node.querySelector(`[data-field="${name}"]`);
    field("message").textContent = souvenir.message;
    for (const name of ["deliver", "written"]) {
      field(name).dateTime = souvenir[name];
      field(name).textContent = shown(souvenir[name]);
    }
    return node;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const texts = status.dataset;
    if (!message.value.trim()) {
      say(texts.noMessage);
      return message.focus();
    }
    if (!storage.isDay(date.value) || date.value < today()) {
      say(texts.badDate);
      return date.focus();
    }
    const random = crypto.getRandomValues(new Uint32Array(2));
    const souvenir = { id: Array.from(random, (part) => part.toString(16).padStart(8, "0")).join(""), message: message.value, deliver: date.value, written: today() };
    // Storage full or off: say so, and keep the text for another try.
    if (!storage.writeSouvenirs([...storage.readSouvenirs(), souvenir])) return say(texts.failed);
    form.reset();
    say(texts.saved.replace("{date}", shown(souvenir.deliver)));
    show();
  });

  reminder.addEventListener("click", () => {
    const texts = reminder.dataset;
    const page = location.href.replace(/[?#].*$/, "");
    // The events name the site: the file goes into the reader's own calendar, among other events.
    const events = storage.readSouvenirs().filter((each) => each.deliver > today()).map((souvenir) => ({
      uid: `${souvenir.id}@${location.host}`, day: souvenir.deliver,
      summary: `${texts.eventTitle} · ${texts.siteTitle}`, description: texts.eventText, url: page,
    }));
    Modak.download.save("souvenir-reminders.ics", "text/calendar", Modak.ics.calendar("Souvenirs", events));
  });

  show();
  storage.onChange([storage.SOUVENIRS_KEY], show);
})();
