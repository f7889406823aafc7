// The favorites page (#favorites-list, data-client-list="liked"): the liked sayings, from search.json.
"use strict";
(() => {
  const list = document.querySelector('[data-client-list="liked"]');
  if (!list) return;
  const { LIST_KEYS, readIds, onChange } = Modak.storage;
  const { load, renderList, showLoadFailed } = Modak.sayingIndex;

  function show() {
    load().then((entries) => {
      const liked = readIds(LIST_KEYS.liked);
      const favorites = entries.filter((entry) => liked.has(entry.id));
      renderList(list, favorites);
      document.querySelector("[data-empty]").hidden = favorites.length > 0;
    }, showLoadFailed);
  }

  show();
  onChange([LIST_KEYS.liked], show);
})();
