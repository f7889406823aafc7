// Files made in the browser and handed to the reader (the reader's data, calendar reminders):
// nothing is sent anywhere (Modak.download).
"use strict";
(() => {
  /** Offers `text` as a file named `fileName` of the media type `type`, as a download. */
  function save(fileName, type, text) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type }));
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Revoked once the download has started with it.
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  (window.Modak = window.Modak || {}).download = { save };
})();
