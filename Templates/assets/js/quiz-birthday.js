// The recipient's birthday on the quiz's result (gifts/quiz/): how many days until it, and the day
// of a calendar reminder a week before. Pure rules on calendar days (no clock, no time zone), for
// the browser (window.Modak.quizBirthday) and node (require("./quiz-birthday.js")).
//
//  - The next birthday is this year's if it is today or later, else next year's; 0 days is today.
//  - 29 February, in a year that has none, is kept on 28 February (the month's last day, as the
//    quiz clamps a day above the month's last).
//  - The reminder falls 7 days before the next birthday that is at least 7 days away, so it is
//    never in the past: with a birthday 3 days away, it is for the year after.
"use strict";
(() => {
  const DAY_MS = 86400000;
  const REMINDER_DAYS = 7;
  const isLeap = (year) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

  /** The day the birthday (month, day) is kept in `year`: { year, month, day }. */
  function occurrence(year, month, day) {
    if (month === 2 && day === 29 && !isLeap(year)) return { year, month: 2, day: 28 };
    return { year, month, day };
  }

  // Whole days from `from` to `to`, both { year, month, day }; UTC, so no daylight-saving hour counts.
  const serial = (date) => Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
  const daysBetween = (from, to) => serial(to) - serial(from);

  function addDays(date, days) {
    const moved = new Date((serial(date) + days) * DAY_MS);
    return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
  }

  /** The next birthday on or after `today` ({ year, month, day }): { date, days }. */
  function next(today, month, day) {
    let date = occurrence(today.year, month, day);
    if (daysBetween(today, date) < 0) date = occurrence(today.year + 1, month, day);
    return { date, days: daysBetween(today, date) };
  }

  /** The reminder's day and the birthday it is for: { day, birthday }, the day 7 days before. */
  function reminder(today, month, day) {
    let birthday = next(today, month, day).date;
    if (daysBetween(today, birthday) < REMINDER_DAYS) birthday = occurrence(birthday.year + 1, month, day);
    return { day: addDays(birthday, -REMINDER_DAYS), birthday };
  }

  const two = (value) => (value < 10 ? "0" : "") + value;
  /** YYYY-MM-DD, as .ics files and <time datetime> want it. */
  const iso = (date) => `${date.year}-${two(date.month)}-${two(date.day)}`;
  /** dd-MM-yyyy, as the site writes dates. */
  const shown = (date) => `${two(date.day)}-${two(date.month)}-${date.year}`;

  const api = { next, reminder, occurrence, addDays, iso, shown, REMINDER_DAYS };
  if (typeof module === "object" && module.exports) module.exports = api;
  else (window.Modak = window.Modak || {}).quizBirthday = api;
})();
