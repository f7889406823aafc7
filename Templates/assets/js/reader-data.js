// The reader's data, on the settings page: #export-data saves a JSON file of all that Modak keeps
// in this browser; #import-data merges such a file back, each id and field checked; #reset-data,
// once the reader confirms in #reset-dialog, deletes it all. #data-status (aria-live) says what
// happened, in the UI strings its data-* attributes hold.
"use strict";
(() => {
  const exportButton = document.getElementById("export-data");
  if (!exportButton) return;
  const storage = Modak.storage;
  const { LIST_KEYS, SETTING_KEYS } = storage;
  const status = document.getElementById("data-status");
  const texts = status.dataset;
  // Version 1: { version, liked, used, seen: [saying ids], theme, font, size: choices of the
  // settings page, souvenirs: [{ id, message, deliver, written }] }.
  const VERSION = 1;
  const FILE_LIMIT = 5 * 1024 * 1024;
  const isList = (field) => Object.keys(LIST_KEYS).includes(field);
  const isSetting = (field) => Object.keys(SETTING_KEYS).includes(field);

  const say = (text) => {
    status.textContent = text;
  };

  exportButton.addEventListener("click", () => {
    const data = { version: VERSION };
    for (const [name, key] of Object.entries(LIST_KEYS)) data[name] = [...storage.readIds(key)];
    for (const [name, key] of Object.entries(SETTING_KEYS)) {
      const value = storage.load(key);
      if (value !== null) data[name] = value;
    }
    data.souvenirs = storage.readSouvenirs();
    const fileName = `modak-data-${storage.dayOf(new Date())}.json`;
    Modak.download.save(fileName, "application/json", JSON.stringify(data, null, 2) + "\n");
    say(texts.exported.replace("{file}", fileName));
  });

  const importInput = document.getElementById("import-data");
  importInput.addEventListener("change", async () => {
    const file = importInput.files[0];
    // Cleared, so that choosing the same file again imports it again.
    importInput.value = "";
    if (!file) return;
    let data = null;
    try {
      if (file.size <= FILE_LIMIT) data = JSON.parse(await file.text());
    } catch (error) {
      // Not JSON: not an export.
    }
    if (data === null || typeof data !== "object" || Array.isArray(data) || data.version !== VERSION) return say(texts.notExport);
    say(describe(merge(data)));
  });

  /** Adds what `data` holds to what is stored: ids and souvenirs join the lists, settings replace the current ones. */
  function merge(data) {
    const taken = { liked: 0, used: 0, seen: 0, settings: 0, souvenirs: 0 };
    const refused = [];
    let saved = true;
    const souvenirs = storage.readSouvenirs();
    for (const [field, value] of Object.entries(data)) {
      if (field === "version") continue;
      if (isList(field) && Array.isArray(value)) {
        const ids = storage.readIds(LIST_KEYS[field]);
        for (const id of value) {
          if (storage.isId(id)) {
            ids.add(id);
            taken[field] += 1;
          } else {
            refused.push(id);
          }
        }
        saved = storage.writeIds(LIST_KEYS[field], ids) && saved;
      } else if (isSetting(field) && Modak.settings.isChoice(field, value)) {
        saved = Modak.settings.choose(field, value) && saved;
        taken.settings += 1;
      } else if (field === "souvenirs" && Array.isArray(value)) {
        for (const souvenir of value) {
          if (!storage.isSouvenir(souvenir)) {
            refused.push(souvenir);
            continue;
          }
          const { id, message, deliver, written } = souvenir;
          if (!souvenirs.some((known) => known.id === id)) souvenirs.push({ id, message, deliver, written });
          taken.souvenirs += 1;
        }
      } else {
        // A field no export has, or a value of the wrong kind.
        refused.push({ [field]: value });
      }
    }
    if (taken.souvenirs) saved = storage.writeSouvenirs(souvenirs) && saved;
    return { taken, refused, saved };
  }

  function describe({ taken, refused, saved }) {
    const parts = Object.keys(taken).filter((name) => taken[name] > 0).map((name) => texts[name + "Count"].replace("{n}", taken[name]));
    const messages = [parts.length ? texts.imported.replace("{took}", parts.join(", ")) : texts.nothing];
    if (refused.length) {
      const examples = refused.slice(0, 3).map((value) => {
        const text = JSON.stringify(value);
        return text.length > 40 ? text.slice(0, 39) + "…" : text;
      });
      messages.push(texts.refused.replace("{count}", refused.length).replace("{examples}", examples.join(", ")));
    }
    if (!saved) messages.push(texts.failed);
    return messages.join(" ");
  }

  // A real dialog, not confirm(): its words are the site's, in its language and theme, and the
  // safe answer has the focus. Browsers without <dialog> ask with confirm().
  const dialog = document.getElementById("reset-dialog");
  document.getElementById("reset-data").addEventListener("click", () => {
    if (typeof dialog.showModal !== "function") {
      if (confirm(dialog.querySelector("[data-question]").textContent)) reset();
      return;
    }
    // Escape closes the dialog without an answer, leaving the last one: start from none.
    dialog.returnValue = "";
    dialog.showModal();
  });
  // Each button closes the dialog with its value as the answer, acted on at once: the dialog's
  // close event comes a task later.
  for (const button of dialog.querySelectorAll("button[value]")) {
    button.addEventListener("click", () => {
      dialog.close(button.value);
      if (button.value === "delete") reset();
    });
  }

  function reset() {
    storage.forgetAll();
    for (const name of Object.keys(SETTING_KEYS)) Modak.settings.restoreDefault(name);
    say(texts.deleted);
  }
})();
