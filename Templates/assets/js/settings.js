// The settings page (select[data-setting="theme" | "font" | "size"]): a choice is applied to
// <html data-…> at once and stored; the inline boot snippet applies it to every page after.
"use strict";
(() => {
  const { SETTING_KEYS, store } = Modak.storage;
  const root = document.documentElement;
  for (const [name, key] of Object.entries(SETTING_KEYS)) {
    const select = document.querySelector(`select[data-setting="${name}"]`);
    if (!select) continue;
    const current = root.getAttribute("data-" + name);
    if ([...select.options].some((option) => option.value === current)) select.value = current;
    select.addEventListener("change", () => {
      root.setAttribute("data-" + name, select.value);
      store(key, select.value);
    });
  }
})();
