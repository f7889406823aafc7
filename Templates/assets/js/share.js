// A saying page's sharing buttons: button[data-share="copy"] copies data-share-text and the page's
// address; button[data-share="native"] (hidden until then) opens the device's share sheet where
// there is one.
"use strict";
(() => {
  const canonical = document.querySelector('link[rel="canonical"]');
  const address = canonical ? canonical.href : location.href;

  function copyText(text) {
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

  for (const button of document.querySelectorAll("button[data-share]")) {
    const status = button.closest(".share").querySelector(".share-status");
    if (button.dataset.share === "native") {
      if (!navigator.share) continue;
      button.hidden = false;
      button.addEventListener("click", () => {
        navigator.share({ title: document.title, text: button.dataset.shareText, url: address }).catch(() => {});
      });
    } else {
      button.addEventListener("click", () => {
        copyText(button.dataset.shareText + "\n" + address).then(
          () => { status.textContent = button.dataset.done; },
          () => { status.textContent = button.dataset.failed; });
      });
    }
  }
})();
