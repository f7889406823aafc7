// Copying text to the clipboard (Modak.clipboard): the sharing buttons of a saying page (share.js),
// the quiz's result link (quiz.js) and, on the settings page, the transfer link (transfer.js) and
// the contact address (contact.js).
"use strict";
(() => {
  /** Copies `text`; resolves once copied, rejects when the browser refused. */
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    // Plain-http hosts have no clipboard API: copy through a selected, off-screen text area.
    return new Promise((resolve, reject) => {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.append(area);
      area.select();
      const copied = document.execCommand("copy");
      area.remove();
      if (copied) resolve(); else reject(new Error("copy refused"));
    });
  }

  (window.Modak = window.Modak || {}).clipboard = { copy };
})();
