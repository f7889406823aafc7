// The settings page (select[data-setting="theme" | "font" | "size"]): a choice is applied to
// <html data-…> at once and stored; the inline boot snippet applies it to every page after.
// The choices are the options of the selects (Modak.settings, for the reader's data).
"use strict";
(() => {
  const { SETTING_KEYS, store } = Modak.storage;
  const root = document.documentElement;
  const selects = new Map();
  for (const name of Object.keys(SETTING_KEYS)) {
    const select = document.querySelector(`select[data-setting="${name}"]`);
    if (!select) continue;
    selects.set(name, select);
    const current = root.getAttribute("data-" + name);
    if (isChoice(name, current)) select.value = current;
    select.addEventListener("change", () => choose(name, select.value));
  }

  function isChoice(name, value) {
    return selects.has(name) && [...selects.get(name).options].some((option) => option.value === value);
  }

  function show(name, value) {
    root.setAttribute("data-" + name, value);
    if (selects.has(name)) selects.get(name).value = value;
  }

  /** Applies `value` of the setting `name` here and stores it for every page; false when storage refused it. */
  function choose(name, value) {
    show(name, value);
    return store(SETTING_KEYS[name], value);
  }

  /** Back to the site's choice (the option the page marks selected), on this page; what is stored is the caller's. */
  function restoreDefault(name) {
    if (!selects.has(name)) return;
    const options = [...selects.get(name).options];
    show(name, (options.find((option) => option.defaultSelected) || options[0]).value);
  }

  (window.Modak = window.Modak || {}).settings = { isChoice, choose, restoreDefault };
})();
