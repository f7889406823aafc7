// Every page: the welcome, dialog#welcome at the top of <main>, shown by itself on a first visit
// until it is closed (#welcome-close, or Escape inside it) and never again after, unless the reader
// asks for it (#welcome-open, on the settings page). Shown non-modally, in the page's flow: it covers
// nothing and leaves the page usable; the focus moves into it and returns where it was on closing.
"use strict";
(() => {
  const dialog = document.getElementById("welcome");
  if (!dialog || typeof dialog.show !== "function") return;
  const storage = Modak.storage;
  const KEY = storage.INTERFACE_KEYS.welcomed;
  const closeButton = document.getElementById("welcome-close");
  let returnTo = null;

  function open() {
    returnTo = document.activeElement;
    if (!dialog.open) dialog.show();
    closeButton.focus();
  }

  function close() {
    if (!dialog.open) return;
    dialog.close();
    // Closed once is closed for good; where storage is off, for this page only.
    storage.store(KEY, "1");
    if (returnTo && returnTo !== document.body && returnTo.isConnected) returnTo.focus();
    returnTo = null;
  }

  closeButton.addEventListener("click", close);
  // A non-modal dialog gets no Escape from the browser: handled here, for keys pressed inside it.
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
  });
  const again = document.getElementById("welcome-open");
  if (again) again.addEventListener("click", open);
  if (storage.load(KEY) === null) open();
})();
