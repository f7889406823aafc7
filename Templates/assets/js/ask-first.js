// A question asked in a <dialog> before what cannot be undone (settings' #reset-dialog, souvenirs'
// #delete-souvenir-dialog, the quiz's #clear-history-dialog): its words are the site's, in its
// language and theme, and the safe answer has the focus. Browsers without <dialog> ask with
// confirm(), in the words of the dialog's question. window.Modak.askFirst.
"use strict";
(() => {
  /**
   * Returns `ask(action)`, which shows `dialog` and runs `action` once the reader presses its button
   * whose value is `yes`. Each button closes the dialog with its value as the answer, acted on in its
   * click: the dialog's close event comes a task later. Escape closes it with no answer.
   */
  function askFirst(dialog, yes) {
    let pending = null;
    for (const button of dialog.querySelectorAll("button[value]")) {
      button.addEventListener("click", () => {
        const action = pending;
        pending = null;
        dialog.close(button.value);
        if (button.value === yes && action) action();
      });
    }
    return (action) => {
      if (typeof dialog.showModal !== "function") {
        if (confirm(dialog.querySelector("[data-question]").textContent)) action();
        return;
      }
      pending = action;
      // Escape leaves the last answer in returnValue: start from none.
      dialog.returnValue = "";
      dialog.showModal();
    };
  }

  (window.Modak = window.Modak || {}).askFirst = askFirst;
})();
