// The favorites page (#favorites-list, data-client-list="liked"): the liked sayings, the last liked
// first, a page at a time from the data files.
"use strict";
(() => {
  const list = document.querySelector('[data-client-list="liked"]');
  if (!list) return;
  const { LIST_KEYS, readIds, onChange } = Modak.storage;
  const { saying, numberOf, pagedList } = Modak.sayingData;
  let shown = null;

  function show() {
    if (shown) shown.stop();
    // The stored order is the order of liking.
    const liked = [...readIds(LIST_KEYS.liked)].reverse();
    let next = 0;
    shown = pagedList(list, (size) => {
      const page = liked.slice(next, next += size);
      // An id no published saying has any more is left out.
      const sayings = page.map((id) => numberOf(id).then((number) => (number === undefined ? null : saying(number))));
      return Promise.resolve({ sayings, done: next >= liked.length });
    }, (count, done) => {
      document.querySelector("[data-empty]").hidden = count > 0 || !done;
    });
  }

  show();
  onChange([LIST_KEYS.liked], show);
})();
