// The reader's own time capsule, on the souvenirs page: #souvenir-message, #souvenir-date and
// #souvenir-save keep a message in this browser until the day chosen (the reader's own days).
// Every letter of the reader's is an item [data-own-souvenir] of #own-souvenir-list ("Your
// letters"), newest day first, dated dd-MM-yyyy: a sealed one shows its day and a sealed mark only,
// its text never entering the page; an opened one shows its text. #reader-sealed sums up the sealed
// ones (how many, the next day). Each item's [data-action="delete-souvenir"] asks in
// #delete-souvenir-dialog, then deletes it. #souvenir-reminder puts each sealed day in the reader's
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
  const own = document.getElementById("own-souvenirs");
  const list = document.getElementById("own-souvenir-list");
  const template = document.getElementById("own-souvenir-template");
  const dialog = document.getElementById("delete-souvenir-dialog");

  const today = () => storage.dayOf(new Date());
  // Days are YYYY-MM-DD, so they compare as text; the page writes them dd-MM-yyyy.
  const shown = (day) => day.split("-").reverse().join("-");
  const later = (a, b) => (a < b ? 1 : a > b ? -1 : 0);
  const say = (text) => {
    status.textContent = text;
  };

  message.maxLength = storage.MESSAGE_LIMIT;
  date.min = today();
  form.noValidate = true;

  function show() {
    const now = today();
    // Newest day first, as the site's delivered souvenirs; on one day, the last written first.
    const souvenirs = storage.readSouvenirs()
      .sort((a, b) => later(a.deliver, b.deliver) || later(a.written, b.written));
    const sealed = souvenirs.filter((souvenir) => souvenir.deliver > now);
    list.replaceChildren(...souvenirs.map((souvenir) => item(souvenir, souvenir.deliver > now)));
    own.hidden = !souvenirs.length;
    const empty = document.getElementById("souvenirs-empty");
    if (empty) empty.hidden = souvenirs.length > 0;
    sealedLine.hidden = reminder.hidden = !sealed.length;
    if (!sealed.length) return;
    sealedLine.querySelector("[data-sealed-count]").textContent = sealed.length;
    const next = sealedLine.querySelector("[data-next-date]");
    next.dateTime = sealed[sealed.length - 1].deliver;
    next.textContent = shown(next.dateTime);
  }

  function item(souvenir, sealed) {
    const node = template.content.firstElementChild.cloneNode(true);
    const field = (name) => node.querySelector(`[data-field="${name}"]`);
    // Ids match the saying-id pattern (storage.isSouvenir): a valid id attribute.
    node.id = "own-" + souvenir.id;
    for (const part of node.querySelectorAll("[data-when]")) {
      if (part.dataset.when !== (sealed ? "sealed" : "opened")) part.remove();
    }
    // A sealed letter's text never enters the page: its place goes, unfilled.
    if (sealed) field("message").remove();
    else field("message").textContent = souvenir.message;
    for (const name of ["deliver", "written"]) {
      field(name).dateTime = souvenir[name];
      field(name).textContent = shown(souvenir[name]);
    }
    field("meta").id = node.id + "-meta";
    const button = node.querySelector('[data-action="delete-souvenir"]');
    button.dataset.souvenirId = souvenir.id;
    button.setAttribute("aria-describedby", field("meta").id);
    return node;
  }

  // Deleting asks first (Modak.askFirst).
  const askToDelete = Modak.askFirst(dialog, "delete");
  list.addEventListener("click", (event) => {
    const button = event.target.closest('[data-action="delete-souvenir"]');
    if (button) askToDelete(() => remove(button.dataset.souvenirId));
  });

  function remove(id) {
    const souvenirs = storage.readSouvenirs();
    const gone = souvenirs.find((souvenir) => souvenir.id === id);
    const place = [...list.children].findIndex((node) => node.id === "own-" + id);
    // Through storage.js's one writer of souvenirs, which keeps every copy of them in step.
    const kept = souvenirs.filter((souvenir) => souvenir !== gone);
    if (gone && !storage.writeSouvenirs(kept)) return say(status.dataset.deleteFailed);
    show();
    if (gone) say(status.dataset.deleted.replace("{date}", shown(gone.deliver)));
    // The focus goes to the letter that took its place (or the one before), else to the form.
    const neighbour = list.children[Math.min(place, list.children.length - 1)];
    const next = neighbour ? neighbour.querySelector('[data-action="delete-souvenir"]') : null;
    (next || document.getElementById("capsule-heading")).focus();
  }

  const write = document.querySelector('[data-action="write-souvenir"]');
  if (write) write.addEventListener("click", () => message.focus());

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
    Modak.notify.afterSave();
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
