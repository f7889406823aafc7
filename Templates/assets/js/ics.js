// Calendar files made in the browser (Modak.ics): the reader's souvenir reminders
// (time-capsule.js) and the quiz's birthday reminder (quiz.js), handed over with Modak.download.
// iCalendar (RFC 5545), as the site's souvenirs.ics is written: TEXT values escaped, control
// characters dropped, lines folded at 75 octets without splitting a character, CRLF line ends.
"use strict";
(() => {
  const escaped = (text) => String(text).replace(/\r\n|\r/g, "\n")
    .replace(/[\\;,\n]/g, (character) => (character === "\n" ? "\\n" : "\\" + character))
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");

  function fold(line) {
    let folded = "";
    let octets = 0;
    for (const character of line) {
      const code = character.codePointAt(0);
      const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (octets + size > 75) {
        folded += "\r\n ";
        octets = 1;
      }
      folded += character;
      octets += size;
    }
    return folded;
  }

  /**
   * A calendar of all-day events, each { uid, day: "YYYY-MM-DD", summary, description, url }, with
   * an alarm at nine in the morning of its day. `product` names the page in PRODID.
   */
  function calendar(product, events) {
    const stamp = new Date().toISOString().replace(/[-:]|\.\d+/g, "");
    const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:-//Modak//${product}//EN`, "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH"];
    for (const event of events) {
      const summary = escaped(event.summary);
      lines.push("BEGIN:VEVENT", `UID:${event.uid}`, "DTSTAMP:" + stamp,
        "DTSTART;VALUE=DATE:" + event.day.replace(/-/g, ""), "SUMMARY:" + summary,
        "DESCRIPTION:" + escaped(event.description), "URL:" + event.url, "TRANSP:TRANSPARENT",
        // At nine in the morning of the day.
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + summary, "TRIGGER:PT9H", "END:VALARM", "END:VEVENT");
    }
    lines.push("END:VCALENDAR");
    return lines.map(fold).join("\r\n") + "\r\n";
  }

  (window.Modak = window.Modak || {}).ics = { calendar };
})();
