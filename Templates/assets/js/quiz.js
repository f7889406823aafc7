// The gift quiz (gifts/quiz/): gender → birthday → budget → yes/no questions → a gift.
//
// UI only. The rules (candidates, which question comes next, when to stop, the birthday ranges)
// are gift-engine.js's (window.Modak.gifts), the same rules `modak gifts simulate` runs in Swift.
// The reader's gender, birthday and budget come first (quiz-profile.js). Each question is a card
// (question-card.js): its buttons, a swipe and the arrow keys all answer through answer() below,
// so they give the same session. The progress bar is the answers given out of the most the rules
// can still come to (mostAnswers), and every suggestion shown goes to the history
// (quiz-history.js).
//
// Each step is an entry of the browser's history: its state is in the address (quiz-address.js),
// and the page shows whatever the address says (render), so Back, Forward, #quiz-back, a reload
// and a link sent to a friend all go through the same path. Leaving a step writes its answer into
// its own entry first, so going back finds it filled in. history.state keeps what the address
// does not: `depth` (entries of the quiz before this one in the tab: #quiz-back goes back through
// them, or, with none, replaces the entry by the previous step), `picked` (the answer given to the
// question shown) and `historyId` (the result's entry in the past suggestions).
// A budget that no gift fits (for the gender chosen) is said on the budget step: no question is
// asked. The result says how many days until the birthday and offers a reminder a week before it
// (quiz-birthday.js, an .ics made by ics.js), and #result-link is the link that reopens it.
// Page hooks (docs/reference/output.md): .question-card with buttons [data-answer="O" | "X" | "skip"], #quiz-progress,
// #gift-result[data-gift-id], #another-gift, #quiz-back, #result-link, #share-result, #birthday-countdown,
// #birthday-reminder. Modak.quiz.state() is the session as `modak gifts simulate` prints it, for tests
// and user scripts.
// The questions come in an order the address's seed fixes; `?order=file` keeps questions.json's
// order, as the simulator does, so a test can predict them.
"use strict";
(() => {
  const quiz = document.getElementById("quiz");
  if (!quiz || !window.fetch) return;
  const engine = Modak.gifts;
  const ui = Modak.giftUI;
  const address = Modak.quizAddress;
  const birthdays = Modak.quizBirthday;
  const pastSuggestions = Modak.quizHistory || null;

  const $ = (id) => document.getElementById(id);
  // The quiz's UI strings are its data-… attributes, with {placeholders}.
  const text = (name, values) => ui.fillText(quiz.getAttribute("data-" + name), values || {});

  const fileOrder = new URLSearchParams(window.location.search).get("order") === "file";
  const maxBudget = Number(quiz.dataset.maxBudget);
  const status = $("quiz-status");
  const back = $("quiz-back");
  const steps = {};
  for (const step of quiz.querySelectorAll("[data-step]")) steps[step.dataset.step] = step;
  // The address's step names → the page's steps (all questions are one step of the page).
  const pageStep = (step) => (step === "question" ? "questions" : step);

  let catalogue = null; // { gifts, questions } from the data file
  let current = null; // the state shown (quiz-address.js)
  let session = null;
  let shownGift = null;

  // Shows one step; `focus` moves keyboard and screen-reader focus to its heading (the card, for questions).
  function show(name, focus) {
    for (const key of Object.keys(steps)) steps[key].hidden = key !== name;
    back.hidden = name === "gender";
    if (!focus) return;
    if (name === "questions") card.focus();
    else steps[name].querySelector("h2").focus();
  }

  // ---------------------------------------------------------------- loading

  function load() {
    status.hidden = false; // "Loading…", with the cards of quiz-loader (gifts.css)
    const source = quiz.dataset.src;
    fetch(source)
      .then((response) => {
        if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
        return response.json().then((json) => prepare(json, response.url));
      })
      .then((loaded) => {
        catalogue = loaded;
        status.hidden = true;
        delete status.dataset.loading;
        if (pastSuggestions) pastSuggestions.render(catalogue);
        // A first visit in this tab starts the count of the quiz's entries; a reload keeps it.
        if (typeof entry().depth !== "number") window.history.replaceState({ depth: 0 }, "");
        render(address.parse(location.hash), { focus: false });
      })
      .catch(() => {
        delete status.dataset.loading;
        status.textContent = text("load-failed");
      });
  }

  // Image and page URLs in the data file are relative to the file itself.
  function prepare(json, base) {
    return {
      questions: json.questions,
      gifts: json.gifts.map((gift) => Object.assign({}, gift, {
        image: new URL(gift.image, base).href,
        url: new URL(gift.url, base).href,
      })),
    };
  }

  // ---------------------------------------------------------------- the history entries

  const entry = () => (window.history.state && typeof window.history.state === "object" ? window.history.state : {});
  const addressOf = (state) => location.pathname + location.search + address.format(state);

  /** Writes `state` into the entry shown, with `extra` added to its history.state. */
  function replace(state, extra) {
    window.history.replaceState(Object.assign({}, entry(), extra || {}), "", addressOf(state));
  }

  /** Leaves the step shown for `state`, one entry further. */
  function go(state, focus) {
    window.history.pushState({ depth: (entry().depth || 0) + 1 }, "", addressOf(state));
    render(state, { focus, fresh: true });
  }

  window.addEventListener("popstate", () => {
    if (catalogue) render(address.parse(location.hash), { focus: true });
  });

  // #quiz-back: the entry before, when it is the quiz's; else (a link opened, a reload of one) the
  // previous step takes this entry's place.
  back.addEventListener("click", () => {
    if (entry().depth > 0) {
      window.history.back();
      return;
    }
    const previous = Object.assign({}, current, { answers: current.answers.slice() });
    delete previous.gift;
    let picked = null;
    if ((current.step === "question" || current.step === "result") && previous.answers.length) {
      picked = previous.answers.pop();
      previous.step = "question";
    } else {
      previous.step = current.step === "result" || current.step === "question" ? "budget"
        : address.STEPS[Math.max(0, address.STEPS.indexOf(current.step) - 1)];
    }
    replace(previous, { picked, historyId: null });
    render(previous, { focus: true });
  });

  // ---------------------------------------------------------------- the state shown

  function startSession(state) {
    return engine.createSession({
      gifts: catalogue.gifts, questions: catalogue.questions,
      gender: state.gender, min: state.min, max: state.max,
      shuffle: fileOrder ? null : address.seededShuffle(state.seed),
    });
  }

  // The gifts of the gender chosen that cost `min` to `max`.
  const fitting = (state, min, max) =>
    engine.createSession({ gifts: catalogue.gifts, questions: [], gender: state.gender, min, max }).candidates();

  /** What the page can show of `wanted`: each step needs the ones before it answered and within the
   *  rules, a budget some gift fits before any question, and the answers the rules still ask for
   *  (the session, replayed). `noGift` is set when the budget is all that stops it. */
  function settle(wanted) {
    const target = address.STEPS.indexOf(wanted.step);
    const state = { step: "gender", answers: [], seed: wanted.seed || address.newSeed() };
    session = null;
    if (!["any", "female", "male"].includes(wanted.gender)) return state;
    state.gender = wanted.gender;
    if (target < 1) return state;
    const birthday = wanted.birthday;
    state.step = "birthday";
    if (!birthday || engine.clampBirthday(birthday.month, birthday.day).clamped) return state;
    state.birthday = birthday;
    if (target < 2) return state;
    state.step = "budget";
    if (wanted.min === undefined || wanted.min > wanted.max || wanted.max > maxBudget) return state;
    Object.assign(state, { min: wanted.min, max: wanted.max });
    state.noGift = fitting(state, state.min, state.max).length === 0;
    if (target < 3 || state.noGift) return state;
    session = startSession(state);
    for (const answer of wanted.answers) {
      if (session.isDone()) break;
      session.answer(answer);
    }
    state.answers = session.answers.slice();
    state.step = session.isDone() ? "result" : "question";
    if (wanted.gift && session.candidates().some((gift) => gift.id === wanted.gift)) state.gift = wanted.gift;
    return state;
  }

  /** Shows `wanted` as far as it holds; `fresh` when the reader just got there by answering (the
   *  result then goes to the past suggestions). */
  function render(wanted, { focus, fresh }) {
    const state = settle(wanted);
    current = state;
    profileSteps.fill(state);
    let focused = false;
    if (state.step === "budget" && state.noGift) {
      profileSteps.refuse(noGiftMessage(state), focus);
      focused = focus;
    }
    delete state.noGift;
    if (state.step === "question") askNext();
    if (state.step === "result") showResult(state, fresh);
    // The address says what is shown (a first visit's empty one stays so until a step is taken).
    const untouched = state.step === "gender" && !state.gender && !location.hash;
    if (!untouched && address.format(state) !== location.hash) replace(state);
    if (state.step === "result") $("result-link").value = new URL(addressOf(state), location.href).href;
    show(pageStep(state.step), focus && !focused);
  }

  function noGiftMessage(state) {
    const prices = fitting(state, 0, maxBudget).map((gift) => gift.price);
    if (!prices.length) return text("no-gift-at-all");
    const price = (value) => ui.formatPrice(value, quiz.dataset.price);
    return text("no-gift", { low: price(Math.min(...prices)), high: price(Math.max(...prices)) });
  }

  // Each step's answer (quiz-profile.js): written into this step's entry, then on to the next.
  const profileSteps = Modak.quizProfile.attach(quiz, steps, { text, next: (step, values) => {
    const chosen = Object.assign({}, current, values, { answers: [] });
    delete chosen.gift;
    if (step === "budget" && fitting(chosen, chosen.min, chosen.max).length === 0) return noGiftMessage(chosen);
    replace(Object.assign({}, chosen, { step }));
    go(Object.assign(chosen, { step: address.STEPS[address.STEPS.indexOf(step) + 1] }), true);
    return null;
  } });

  // ---------------------------------------------------------------- questions

  const progress = $("quiz-progress");
  const progressText = $("quiz-progress-text");
  const stillFit = $("quiz-candidates");
  const questionNumber = $("question-number");
  const questionText = $("question-text");
  const card = steps.questions.querySelector(".question-card");
  const announce = $("quiz-announce");
  const answerLabels = {};
  for (const button of card.querySelectorAll("[data-answer]")) {
    answerLabels[button.dataset.answer] = button.querySelector(".answer-label").textContent;
  }

  // Answers given out of the most the rules can still come to: the bar never moves back, and it
  // is full only when the quiz is over (gift-engine.js, mostAnswers).
  function showProgress() {
    const answered = session.answeredCount();
    const most = session.mostAnswers();
    progress.max = Math.max(1, most);
    progress.value = answered;
    progressText.textContent = text("progress-text", { answered, most });
    stillFit.textContent = text("still-fit", { count: session.candidates().length });
  }

  // The question, and the answer given to it before when the reader came back to it (data-picked).
  function askNext() {
    const question = session.nextQuestion();
    questionText.textContent = question.text;
    questionText.dataset.questionId = question.id;
    questionNumber.textContent = text("question-number", { number: session.asked.length + 1 });
    for (const button of card.querySelectorAll("[data-answer]")) {
      button.toggleAttribute("data-picked", button.dataset.answer === entry().picked);
    }
    showProgress();
  }

  // Every answer comes here, from a button, a swipe or an arrow key (question-card.js).
  function answer(value, how) {
    if (!session || session.isDone() || current.step !== "question") return;
    replace(current, { picked: value });
    go(Object.assign({}, current, { answers: current.answers.concat([value]) }), false);
    const said = text("answered", { answer: answerLabels[value] });
    if (current.step === "result") {
      announce.textContent = said;
      show("result", true);
    } else if (how === "button") {
      // Focus leaves the button for the card, which reads out the next question.
      announce.textContent = said;
      card.focus();
    } else {
      // Focus stays where it is: the next question is read out with the answer.
      announce.textContent = `${said} ${questionNumber.textContent}: ${questionText.textContent}`;
    }
  }

  const cards = Modak.questionCard.attach(card, answer);
  for (const button of card.querySelectorAll("[data-answer]")) {
    button.addEventListener("click", () => cards.play(button.dataset.answer, "button"));
  }

  // ---------------------------------------------------------------- result

  const result = $("gift-result");
  const resultHeading = $("result-heading");
  const resultNote = $("result-note");
  const another = $("another-gift");

  // The gift of the address when it still fits, else a random one, written into the address.
  function showResult(state, fresh) {
    const candidates = session.candidates();
    showProgress();
    if (candidates.length === 0) {
      resultHeading.textContent = text("no-result-title");
      resultNote.textContent = text("no-result");
      result.hidden = true;
      result.removeAttribute("data-gift-id");
      shownGift = null;
      another.hidden = true;
    } else {
      resultHeading.textContent = text("result-title");
      resultNote.textContent = candidates.length > 1 ? text("candidates", { count: candidates.length }) : text("only-one");
      another.hidden = candidates.length < 2;
      showGift(candidates.find((gift) => gift.id === state.gift) || engine.pickRandom(candidates, Math.random, null));
      state.gift = shownGift.id;
    }
    showBirthday(state);
    if (fresh) remember(state, candidates.length);
  }

  // The finished quiz in the past suggestions: who it was for, the questions and answers, the gift
  // shown. Its id stays with the result's entry, for "another gift" after a reload too.
  function remember(state, count) {
    if (!pastSuggestions) return;
    const id = pastSuggestions.record({
      gender: state.gender, birthday: state.birthday, min: state.min, max: state.max,
      candidates: count,
      questions: session.asked.map((question, i) => ({ id: question.id, text: question.text, answer: session.answers[i] })),
      gifts: shownGift ? [{ id: shownGift.id, name: shownGift.name, price: shownGift.price }] : [],
    });
    replace(state, { historyId: id });
  }

  function element(name, attributes, content) {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (typeof content === "string") node.textContent = content;
    else if (content) node.appendChild(content);
    return node;
  }

  function showGift(gift) {
    shownGift = gift;
    const about = element("div", { class: "gift-result-text" });
    about.appendChild(element("h3", { class: "gift-name" }, element("a", { href: gift.url }, gift.name)));
    about.appendChild(element("p", { class: "gift-price" }, ui.formatPrice(gift.price, quiz.dataset.price)));
    const links = element("p", { class: "gift-links" }, element("a", { href: gift.url }, text("see-gift")));
    if (gift.link) {
      links.appendChild(document.createTextNode(" · "));
      links.appendChild(element("a", { href: gift.link, rel: "external noopener" }, text("visit-shop")));
    }
    about.appendChild(links);
    result.textContent = "";
    result.append(element("img", { class: "gift-image", src: gift.image, alt: "" }), about);
    result.dataset.giftId = gift.id;
    result.hidden = false;
  }

  another.addEventListener("click", () => {
    showGift(engine.pickRandom(session.candidates(), Math.random, shownGift && shownGift.id));
    current.gift = shownGift.id;
    replace(current);
    $("result-link").value = new URL(addressOf(current), location.href).href;
    if (pastSuggestions && entry().historyId) pastSuggestions.addGift(entry().historyId, shownGift);
    if (typeof result.animate === "function") {
      const fade = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      result.animate(fade ? [{ opacity: 0.3 }, { opacity: 1 }] : [{ opacity: 0.3, transform: "translateX(2rem) rotate(2deg)" }, { opacity: 1, transform: "none" }],
        { duration: fade ? 200 : 260, easing: "ease-out" });
    }
  });

  $("start-again").addEventListener("click", () => {
    profileSteps.reset();
    result.textContent = "";
    result.removeAttribute("data-gift-id");
    shownGift = null;
    announce.textContent = "";
    go({ step: "gender", answers: [] }, true);
  });

  // ---------------------------------------------------------------- the birthday, on the result

  const countdown = $("birthday-countdown");
  const reminder = $("birthday-reminder");
  const reminderStatus = $("birthday-status");

  function today() {
    const now = new Date();
    return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
  }

  // "In 12 days", "tomorrow" or "today!", with the day it is kept on (quiz-birthday.js).
  function showBirthday(state) {
    const { date, days } = birthdays.next(today(), state.birthday.month, state.birthday.day);
    const values = { days, date: birthdays.shown(date) };
    const words = days === 0 ? "birthday-today" : days === 1 ? "birthday-tomorrow" : "birthday-in";
    countdown.textContent = text(words, values);
    countdown.dataset.days = days;
    reminderStatus.textContent = "";
  }

  // One all-day event a week before the birthday, naming the gift shown and linking to the result.
  reminder.addEventListener("click", () => {
    const { day, birthday } = birthdays.reminder(today(), current.birthday.month, current.birthday.day);
    const link = $("result-link").value;
    const idea = shownGift ? text("reminder-gift", { gift: shownGift.name }) : "";
    const event = {
      uid: `birthday-${current.seed}-${birthdays.iso(birthday)}@${location.host}`, day: birthdays.iso(day),
      summary: `${text("reminder-title", { date: birthdays.shown(birthday) })} · ${quiz.dataset.siteTitle}`,
      description: [idea, link].filter(Boolean).join("\n"), url: link,
    };
    Modak.download.save("birthday-reminder.ics", "text/calendar", Modak.ics.calendar("Gifts", [event]));
    reminderStatus.textContent = text("reminder-saved", { date: birthdays.shown(day) });
  });

  // ---------------------------------------------------------------- the link to the result

  const linkStatus = $("share-result-status");
  const share = $("share-result");
  if (navigator.share) share.textContent = text("share-link");

  // The device's share sheet where there is one; else the clipboard; else the link selected, to copy by hand.
  share.addEventListener("click", () => {
    const link = $("result-link");
    linkStatus.textContent = "";
    if (navigator.share) {
      navigator.share({ title: document.title, url: link.value }).catch(() => {});
      return;
    }
    Modak.clipboard.copy(link.value).then(() => {
      linkStatus.textContent = text("link-copied");
    }, () => {
      link.focus();
      link.select();
      linkStatus.textContent = text("link-copy-failed");
    });
  });

  /** The session so far as `modak gifts simulate` prints it (null before the questions). */
  function state() {
    if (!session) return null;
    return {
      asked: session.asked.map((question) => question.id),
      answers: session.answers.slice(),
      candidates: session.candidates().map((gift) => gift.id).sort(),
      done: session.isDone(),
    };
  }
  (window.Modak = window.Modak || {}).quiz = { state };

  load();
})();
