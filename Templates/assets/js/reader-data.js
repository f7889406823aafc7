// The reader's data, on the settings page: #export-data saves a JSON file of all that Modak keeps
// in this browser; #import-data merges such a file back, each id and field checked; #reset-data,
// once the reader confirms in #reset-dialog, deletes it all. #data-status (aria-live) says what
// happened, in the UI strings its data-* attributes hold. The export's shape, its checks and the
// merge are Modak.readerData, which transfer.js uses for the link that carries the same data.
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

  /** All that Modak keeps for the reader, in the export's shape. */
  function collect() {
    const data = { version: VERSION };
    for (const [name, key] of Object.entries(LIST_KEYS)) data[name] = [...storage.readIds(key)];
    for (const [name, key] of Object.entries(SETTING_KEYS)) {
      const value = storage.load(key);
      if (value !== null) data[name] = value;
    }
    data.souvenirs = storage.readSouvenirs();
    return data;
  }

  /** Whether `data` (parsed JSON) is an export of this version at all; its fields are check()'s. */
  function isExport(data) {
    return data !== null && typeof data === "object" && !Array.isArray(data) && data.version === VERSION;
  }

  /** What merging the export `data` would take, field by field: { take: { liked, used, seen: [ids]
   * (only the lists `data` has), settings: { name: value }, souvenirs: [...] }, refused: [what is
   * not valid, or a field no export has] }. Nothing is stored. */
  function check(data) {
    const take = { settings: {}, souvenirs: [] };
    const refused = [];
    for (const [field, value] of Object.entries(data)) {
      if (field === "version") continue;
      if (isList(field) && Array.isArray(value)) {
        take[field] = [];
        for (const id of value) {
          if (storage.isId(id)) take[field].push(id);
          else refused.push(id);
        }
      } else if (isSetting(field) && Modak.settings.isChoice(field, value)) {
        take.settings[field] = value;
      } else if (field === "souvenirs" && Array.isArray(value)) {
        for (const souvenir of value) {
          if (!storage.isSouvenir(souvenir)) {
            refused.push(souvenir);
            continue;
          }
          const { id, message, deliver, written } = souvenir;
          take.souvenirs.push({ id, message, deliver, written });
        }
      } else {
        // A field no export has, or a value of the wrong kind.
        refused.push({ [field]: value });
      }
    }
    return { take, refused };
  }

  /** How many of each kind check()'s `take` holds: { liked, used, seen, settings, souvenirs }. */
  function counts(take) {
    const result = {};
    for (const name of Object.keys(LIST_KEYS)) result[name] = (take[name] || []).length;
    result.settings = Object.keys(take.settings).length;
    result.souvenirs = take.souvenirs.length;
    return result;
  }

  /** The counts that are not zero, in words ("3 likes, 1 settings"); "" when all are. */
  function countsText(counted) {
    return Object.keys(counted).filter((name) => counted[name] > 0)
      .map((name) => texts[name + "Count"].replace("{n}", counted[name])).join(", ");
  }

  /** Stores check()'s `take`: ids and souvenirs join the lists (a souvenir unless one with its id
   * is there), settings replace the current ones. */
  function apply({ take, refused }) {
    let saved = true;
    for (const [name, key] of Object.entries(LIST_KEYS)) {
      if (!take[name]) continue;
      const ids = storage.readIds(key);
      for (const id of take[name]) ids.add(id);
      saved = storage.writeIds(key, ids) && saved;
    }
    for (const [name, value] of Object.entries(take.settings)) saved = Modak.settings.choose(name, value) && saved;
    if (take.souvenirs.length) {
      const souvenirs = storage.readSouvenirs();
      for (const souvenir of take.souvenirs) {
        if (!souvenirs.some((known) => known.id === souvenir.id)) souvenirs.push(souvenir);
      }
      saved = storage.writeSouvenirs(souvenirs) && saved;
    }
    return { taken: counts(take), refused, saved };
  }

  /** What apply() did, in words: what it took, what was refused, whether storage refused it. */
  function describe({ taken, refused, saved }) {
    const took = countsText(taken);
    const messages = [took ? texts.imported.replace("{took}", took) : texts.nothing];
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

  // FILE_LIMIT: the most bytes of JSON read as an export, from a file or a link.
  (window.Modak = window.Modak || {}).readerData = {
    FILE_LIMIT, collect, isExport, check, counts, countsText, apply, describe,
  };

  exportButton.addEventListener("click", () => {
    const fileName = `modak-data-${storage.dayOf(new Date())}.json`;
    Modak.download.save(fileName, "application/json", JSON.stringify(collect(), null, 2) + "\n");
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
    if (!isExport(data)) return say(texts.notExport);
    say(describe(apply(check(data))));
  });

  // "Delete my data" asks first (Modak.askFirst).
  const askToReset = Modak.askFirst(document.getElementById("reset-dialog"), "delete");
  document.getElementById("reset-data").addEventListener("click", () => askToReset(reset));

  function reset() {
    storage.forgetAll();
    for (const name of Object.keys(SETTING_KEYS)) Modak.settings.restoreDefault(name);
    say(texts.deleted);
  }
})();
