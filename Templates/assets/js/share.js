// A saying page's sharing buttons: button[data-share="copy"] copies data-share-text and the page's
// address; button[data-share="native"] (hidden until then) opens the device's share sheet where
// there is one; button[data-action="share-image"] (hidden until then) hands the card's PNG to the
// share sheet as a file, or, where files cannot be shared, shares the text and downloads the card.
"use strict";
(() => {
  const canonical = document.querySelector('link[rel="canonical"]');
  const address = canonical ? canonical.href : location.href;

  const copyText = Modak.clipboard.copy;

  /** Whether `error` is the reader closing the share sheet, which is no failure. */
  function isAbort(error) {
    return error && error.name === "AbortError";
  }

  /** Downloads the card at `url` as `fileName`. */
  function download(url, fileName) {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  }

  /** The card as a PNG file, or null when it cannot be fetched. */
  async function cardFile(button) {
    try {
      const response = await fetch(button.dataset.card);
      if (!response.ok) return null;
      return new File([await response.blob()], button.dataset.fileName, { type: "image/png" });
    } catch (error) {
      return null;
    }
  }

  /** Where files cannot be shared: the card downloaded, the text shared (or copied without a share
   * sheet), and the status saying so. */
  async function shareTextAndDownload(button, status) {
    download(button.dataset.card, button.dataset.fileName);
    const text = button.dataset.shareText;
    if (navigator.share) {
      try {
        await navigator.share({ title: document.title, text, url: address });
        status.textContent = button.dataset.fallback;
        return;
      } catch (error) {
        if (isAbort(error)) { status.textContent = button.dataset.downloaded; return; }
      }
    }
    await copyText(text + "\n" + address).then(
      () => { status.textContent = button.dataset.copiedFallback; },
      () => { status.textContent = button.dataset.downloaded; });
  }

  async function shareImage(button, status) {
    status.textContent = "";
    const file = navigator.canShare ? await cardFile(button) : null;
    if (file && navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: document.title, text: button.dataset.shareText, url: address });
        return;
      } catch (error) {
        if (isAbort(error)) return;
      }
    }
    await shareTextAndDownload(button, status);
  }

  for (const button of document.querySelectorAll('button[data-action="share-image"]')) {
    const status = button.closest(".share").querySelector(".share-status");
    button.hidden = false;
    button.addEventListener("click", () => { shareImage(button, status); });
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
