// The like and "used" buttons (button[data-action="like" | "used"][data-saying-id], aria-pressed):
// a click flips the saying in the reader's list, and every button for that saying follows.
"use strict";
(() => {
  const { LIST_KEYS, readIds, writeIds, onChange } = Modak.storage;
  const LISTS = { like: LIST_KEYS.liked, used: LIST_KEYS.used };

  /** Sets aria-pressed of the buttons inside `scope` from storage. */
  function sync(scope) {
    const pressed = { like: readIds(LISTS.like), used: readIds(LISTS.used) };
    for (const button of scope.querySelectorAll("button[data-action]")) {
      const ids = pressed[button.dataset.action];
      if (ids) button.setAttribute("aria-pressed", String(ids.has(button.dataset.sayingId)));
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    const key = button && LISTS[button.dataset.action];
    if (!key) return;
    const id = button.dataset.sayingId;
    const ids = readIds(key);
    const pressed = !ids.has(id);
    if (pressed) ids.add(id); else ids.delete(id);
    writeIds(key, ids);
    for (const twin of document.querySelectorAll(`button[data-action="${button.dataset.action}"]`)) {
      if (twin.dataset.sayingId === id) twin.setAttribute("aria-pressed", String(pressed));
    }
  });

  sync(document);
  onChange(Object.values(LISTS), () => sync(document));
  Modak.toggles = { sync };
})();
