// The settings page's contact: #contact-copy copies the address (#contact-address) for a reader
// whose device opens no mail app from the mailto: link (#contact-mail). Where the browser refuses
// the clipboard, the address is selected for the reader to copy. #contact-status says which.
"use strict";
(() => {
  const button = document.getElementById("contact-copy");
  if (!button) return;
  const address = document.getElementById("contact-address");
  const status = document.getElementById("contact-status");

  function select() {
    const range = document.createRange();
    range.selectNodeContents(address);
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    status.textContent = status.dataset.failed;
  }

  button.addEventListener("click", () => {
    Modak.clipboard.copy(address.textContent).then(() => {
      status.textContent = status.dataset.copied;
    }, select);
  });
})();
