// Modak gift recommender: the rules of docs/reference/content.md ("How the recommender chooses"),
// for the browser (window.Modak.gifts) and node (require("./gift-engine.js")).
//
// The same rules are implemented in Swift (Sources/ModakCore/Rules/GiftRecommender.swift) and
// run by `modak gifts simulate`; Tests/gifts/equivalence.js checks that both agree.
//
//  - Candidate gifts: price within [min, max] (both ends included), gender matching, and no tag
//    in the excluded set.
//  - Gender matching: a gift for "any" suits every reader, a reader
//    who chooses "any" sees every gift, otherwise the two genders must be equal.
//  - Askable questions: not yet asked and whose tag is not excluded.
//  - Answers: "O" — asked and answered; "X" — asked, answered, and the question's tag joins the
//    excluded set; "skip" — asked, not answered.
//  - Ask another question while one is askable and either (candidates <= 10 and answered < 3)
//    or (candidates > 10 and answered < 6); then show a random candidate.
//  - The next question is the first askable one in question order. The browser may shuffle that
//    order (the `shuffle` option); without it the order is the file's, exactly like Swift.
"use strict";
(() => {
  const FEW_CANDIDATES = 10; // "candidates <= 10" …
  const FEW_ANSWERS_LIMIT = 3; // … allows 3 answers,
  const MANY_ANSWERS_LIMIT = 6; // more candidates allow 6.
  const ANSWERS = ["O", "X", "skip"];
  const GENDERS = ["any", "female", "male"];

  function genderSuits(giftGender, readerGender) {
    const gift = giftGender || "any"; // gifts.json: gender is optional, default "any"
    return gift === "any" || readerGender === "any" || gift === readerGender;
  }

  function isWholeNumber(value) {
    return typeof value === "number" && isFinite(value) && Math.floor(value) === value;
  }

  /**
   * Starts one run of the quiz.
   *   gifts, questions: the parsed gifts.json and questions.json arrays.
   *   gender: "any" | "female" | "male"; min, max: whole KRW, min <= max.
   *   shuffle (optional): function (array) -> array, given a copy of the questions; it may
   *   shuffle that copy in place and return nothing, or return a new order.
   * Throws a RangeError on a bad gender or budget.
   */
  function createSession(options) {
    const gifts = options.gifts || [];
    let questions = (options.questions || []).slice();
    const { gender, min, max } = options;
    if (!GENDERS.includes(gender)) throw new RangeError("gender must be any, female or male");
    if (!isWholeNumber(min) || !isWholeNumber(max) || min > max) {
      throw new RangeError("budget must be whole KRW with min <= max");
    }
    if (typeof options.shuffle === "function") {
      const shuffled = options.shuffle(questions);
      if (Array.isArray(shuffled)) questions = shuffled;
    }

    const excluded = new Set(); // tags answered X
    const askedIndex = []; // askedIndex[i] === true once questions[i] was asked (skips included)

    const session = {
      /** Questions put to the reader, in order (skipped ones included). */
      asked: [],
      /** One of "O", "X", "skip" per asked question. */
      answers: [],

      /** Gifts in budget, of a matching gender, with no excluded tag; catalogue order.
       *  Recomputed on every call, so it shrinks right after each X. */
      candidates() {
        return gifts.filter((gift) => {
          if (gift.price < min || gift.price > max) return false;
          if (!genderSuits(gift.gender, gender)) return false;
          return !(gift.tags || []).some((tag) => excluded.has(tag));
        });
      },

      /** Answers that were O or X: skips do not count toward the 3/6 limits. */
      answeredCount() {
        return session.answers.filter((answer) => answer !== "skip").length;
      },

      /** How many answers the rules allow now: 3 with at most 10 candidates, else 6. The quiz
       *  may end sooner, when no question is left to ask (see mostAnswers). */
      answerLimit() {
        // The candidate count is taken now, after the latest X, not at the start.
        return session.candidates().length <= FEW_CANDIDATES ? FEW_ANSWERS_LIMIT : MANY_ANSWERS_LIMIT;
      },

      /** The most answers (O or X) this session can still come to: the answers given, plus one
       *  for each askable question up to the limit. Every further answer O reaches it exactly
       *  (an O changes neither the candidates nor, so, the limit); it never grows, since
       *  candidates only shrink (the limit only falls) and askable questions only run out; and it
       *  equals answeredCount() once the quiz is over. Pages show answeredCount() out of this as
       *  the quiz's progress: a bar that never moves back and is full exactly at the end. */
      mostAnswers() {
        const answered = session.answeredCount();
        const askable = questions.filter((question, i) => !askedIndex[i] && !excluded.has(question.tag)).length;
        return answered + Math.max(0, Math.min(session.answerLimit() - answered, askable));
      },

      /** The question to ask now, or null when the quiz is over. */
      nextQuestion() {
        const index = nextIndex();
        return index < 0 ? null : questions[index];
      },

      isDone() {
        return nextIndex() < 0;
      },

      /** Answers the current question with "O", "X" or "skip". Returns false (and changes
       *  nothing) when the quiz is already over. Throws a RangeError on any other answer. */
      answer(answer) {
        if (!ANSWERS.includes(answer)) throw new RangeError("answer must be O, X or skip");
        const index = nextIndex();
        if (index < 0) return false;
        const question = questions[index];
        askedIndex[index] = true; // a skipped question is asked too: never asked again
        session.asked.push(question);
        session.answers.push(answer);
        if (answer === "X") excluded.add(question.tag);
        return true;
      },
    };

    // Index of the first askable question while the rules say to keep asking, else -1.
    function nextIndex() {
      // Askable: not yet asked, and its tag not excluded by an earlier X.
      const index = questions.findIndex((question, i) => !askedIndex[i] && !excluded.has(question.tag));
      if (index < 0) return -1;
      return session.answeredCount() < session.answerLimit() ? index : -1;
    }

    return session;
  }

  /**
   * A random gift among the candidates (null when there is none). `random` defaults to
   * Math.random. With `avoidId` (the gift shown before, for the "another gift" button), a
   * different gift is picked whenever there is more than one candidate.
   */
  function pickRandom(candidates, random, avoidId) {
    let pool = candidates || [];
    if (avoidId !== undefined && avoidId !== null && pool.length > 1) {
      pool = pool.filter((gift) => gift.id !== avoidId);
    }
    if (pool.length === 0) return null;
    const r = (random || Math.random)();
    return pool[Math.min(pool.length - 1, Math.max(0, Math.floor(r * pool.length)))];
  }

  /**
   * The birthday fields: month 1–12, day 1…days of that month (February 29: no year is asked).
   * Out of range values are clamped (below → 1, above → the maximum) and `clamped` tells the
   * page to say so. Non-numbers count as below.
   */
  function clampBirthday(month, day) {
    const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    const m = clampField(month, 12);
    const d = clampField(day, DAYS[m.value - 1]);
    return { month: m.value, day: d.value, clamped: m.clamped || d.clamped };
  }

  function clampField(value, max) {
    const n = Math.floor(Number(value));
    if (!(n >= 1)) return { value: 1, clamped: true }; // below, or not a number
    if (n > max) return { value: max, clamped: true };
    return { value: n, clamped: false };
  }

  /**
   * What `modak gifts simulate` computes: plays `answers` in order until the rules say stop
   * (done: true) or the answers run out (done: false). Questions are never shuffled here.
   * Returns { asked: [ids], answers: [...], candidates: [ids, sorted], done }.
   */
  function simulate(options) {
    const { gifts, questions, gender, min, max } = options;
    const session = createSession({ gifts, questions, gender, min, max });
    const answers = options.answers || [];
    for (let i = 0; i < answers.length && !session.isDone(); i++) {
      session.answer(answers[i]);
    }
    return {
      asked: session.asked.map((question) => question.id),
      answers: session.answers.slice(),
      // Default sort: UTF-16 code units, the same as Swift's code point order for ASCII ids.
      candidates: session.candidates().map((gift) => gift.id).sort(),
      done: session.isDone(),
    };
  }

  /** The one-line JSON object printed by `modak gifts simulate`, byte for byte. */
  function simulationJSON(result) {
    const list = (items) => "[" + items.map((item) => JSON.stringify(item)).join(", ") + "]";
    return `{"asked": ${list(result.asked)}, "answers": ${list(result.answers)}, ` +
      `"candidates": ${list(result.candidates)}, "done": ${result.done ? "true" : "false"}}`;
  }

  const api = { createSession, pickRandom, clampBirthday, simulate, simulationJSON };
  if (typeof module === "object" && module.exports) module.exports = api;
  else (window.Modak = window.Modak || {}).gifts = api;
})();
