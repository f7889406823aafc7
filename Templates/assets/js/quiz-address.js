// The gift quiz's state in the page's address (gifts/quiz/#…), so that each step is an entry of
// the browser's history, a reload resumes it and a link reopens it (window.Modak.quizAddress).
//
// The fragment, never sent to the server, holds what was chosen so far:
//   #step=question&gender=female&birthday=05-09&min=10000&max=100000&seed=1a2b3c4d&answers=OXs&gift=mug
// step: gender | birthday | budget | question | result; birthday MM-DD; min, max whole KRW;
// seed: 8 hex digits that order the questions (the same seed, the same order); answers: one letter
// per question answered, O, X or s (skip); gift: the id of the gift the result shows.
// What is read back is only shaped here; quiz.js checks it against the rules and the catalogue.
"use strict";
(() => {
  const STEPS = ["gender", "birthday", "budget", "question", "result"];
  const LETTERS = { O: "O", X: "X", skip: "s" };
  const ANSWERS = { O: "O", X: "X", s: "skip" };

  const whole = (text) => (/^[0-9]{1,9}$/.test(text || "") ? Number(text) : null);

  /** The state in `hash` ("#…" or ""): { step, gender, birthday: { month, day }, min, max, seed,
   *  answers: ["O" | "X" | "skip"], gift }, fields missing or unreadable left out. */
  function parse(hash) {
    const fields = new URLSearchParams(String(hash || "").replace(/^#/, ""));
    const state = { step: STEPS.includes(fields.get("step")) ? fields.get("step") : "gender", answers: [] };
    if (fields.has("gender")) state.gender = fields.get("gender");
    const birthday = /^([0-9]{2})-([0-9]{2})$/.exec(fields.get("birthday") || "");
    if (birthday) state.birthday = { month: Number(birthday[1]), day: Number(birthday[2]) };
    const min = whole(fields.get("min"));
    const max = whole(fields.get("max"));
    if (min !== null && max !== null) Object.assign(state, { min, max });
    if (/^[0-9a-f]{8}$/.test(fields.get("seed") || "")) state.seed = fields.get("seed");
    for (const letter of fields.get("answers") || "") {
      if (!ANSWERS[letter]) break; // an unreadable answer ends the ones kept
      state.answers.push(ANSWERS[letter]);
    }
    if (fields.get("gift")) state.gift = fields.get("gift");
    return state;
  }

  const two = (value) => (value < 10 ? "0" : "") + value;

  /** `state` as a fragment, "#step=…"; fields the state lacks are left out. */
  function format(state) {
    const fields = [["step", state.step]];
    if (state.gender) fields.push(["gender", state.gender]);
    if (state.birthday) fields.push(["birthday", `${two(state.birthday.month)}-${two(state.birthday.day)}`]);
    if (state.min !== undefined && state.max !== undefined) fields.push(["min", state.min], ["max", state.max]);
    if (state.seed) fields.push(["seed", state.seed]);
    const answers = (state.answers || []).map((answer) => LETTERS[answer]).join("");
    if (answers) fields.push(["answers", answers]);
    if (state.gift) fields.push(["gift", state.gift]);
    return "#" + fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
  }

  /** A new seed: 8 hex digits. */
  function newSeed() {
    return crypto.getRandomValues(new Uint32Array(1))[0].toString(16).padStart(8, "0");
  }

  /** A shuffle (for gift-engine.js's `shuffle` option) that always orders the same way for `seed`:
   *  Fisher–Yates driven by mulberry32, a small 32-bit generator. */
  function seededShuffle(seed) {
    return (items) => {
      let a = parseInt(seed, 16) >>> 0;
      const random = () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [items[i], items[j]] = [items[j], items[i]];
      }
    };
  }

  (window.Modak = window.Modak || {}).quizAddress = { parse, format, newSeed, seededShuffle, STEPS };
})();
