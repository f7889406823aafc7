// The gift quiz (gifts/quiz/): gender → birthday → budget → yes/no questions → a gift.
//
// UI only. The rules (candidates, which question comes next, when to stop, the birthday ranges)
// are gift-engine.js's (window.Modak.gifts), the same rules `modak gifts simulate` runs in Swift.
// Each question is a card (question-card.js): its buttons, a swipe and the arrow keys all answer
// through answer() below, so they give the same session. The progress bar is the answers given
// out of the most the rules can still come to (mostAnswers), and every suggestion shown goes to
// the history (quiz-history.js).
// Page hooks (docs/reference/output.md): #gender, #birth-month, #birth-day, #budget-min,
// #budget-max, .question-card with buttons [data-answer="O" | "X" | "skip"], #quiz-progress,
// #gift-result[data-gift-id], #another-gift. Modak.quiz.state() is the session as
// `modak gifts simulate` prints it, for tests and user scripts.
// The questions come in a random order; `?order=file` keeps questions.json's order, as the
// simulator does, so a test can predict them.
"use strict";
(() => {
  const quiz = document.getElementById("quiz");
  if (!quiz || !window.fetch) return;
  const engine = Modak.gifts;
  const ui = Modak.giftUI;
  const history = Modak.quizHistory || null;

  const $ = (id) => document.getElementById(id);
  // The quiz's UI strings are its data-… attributes, with {placeholders}.
  const text = (name, values) => ui.fillText(quiz.getAttribute("data-" + name), values || {});
  const twoDigits = (value) => (value < 10 ? "0" : "") + value;

  const maxBudget = Number(quiz.dataset.maxBudget);
  const fileOrder = new URLSearchParams(window.location.search).get("order") === "file";
  const status = $("quiz-status");
  const steps = {};
  for (const step of quiz.querySelectorAll("[data-step]")) steps[step.dataset.step] = step;

  let catalogue = null; // { gifts, questions } from the data file
  let profile = {}; // gender, then the budget
  let session = null;
  let shownGift = null;
  let historyId = null; // this session's entry in the history

  // Shows one step; `focus` moves keyboard and screen-reader focus to its heading.
  function show(name, focus) {
    for (const key of Object.keys(steps)) steps[key].hidden = key !== name;
    if (focus) steps[name].querySelector("h2").focus();
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
        if (history) history.render(catalogue);
        show("gender", false);
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

  // ---------------------------------------------------------------- gender

  steps.gender.addEventListener("submit", (event) => {
    event.preventDefault();
    profile.gender = $("gender").value;
    show("birthday", true);
  });

  // ---------------------------------------------------------------- birthday

  const month = $("birth-month");
  const day = $("birth-day");
  const birthdayMessage = $("birthday-message");

  // Clamps both fields into range (below → 01, above → the maximum), shows them with two
  // digits and tells the reader what changed. Returns true when a value had to change.
  function settleBirthday() {
    const notes = [];
    let monthValue = null;
    if (month.value.trim() !== "") {
      const m = engine.clampBirthday(month.value.trim(), 1); // day 1 exists in every month
      if (m.clamped) notes.push(text("month-clamped", { value: twoDigits(m.month) }));
      monthValue = m.month;
      month.value = twoDigits(m.month);
    }
    if (day.value.trim() !== "") {
      // Without a month yet, any day up to 31 may be right: January has 31 days.
      const inMonth = monthValue || 1;
      const d = engine.clampBirthday(inMonth, day.value.trim());
      const last = engine.clampBirthday(inMonth, Infinity).day; // anything above clamps to the last day
      if (d.clamped) notes.push(text("day-clamped", { value: twoDigits(d.day), max: twoDigits(last) }));
      day.value = twoDigits(d.day);
    }
    birthdayMessage.textContent = notes.join(" ");
    return notes.length > 0;
  }

  month.addEventListener("blur", settleBirthday);
  day.addEventListener("blur", settleBirthday);

  steps.birthday.addEventListener("submit", (event) => {
    event.preventDefault();
    // Enter in a field submits without leaving it: settle first, and stay if anything changed
    // so the reader sees what and why.
    if (settleBirthday()) return;
    const missing = month.value === "" ? month : day.value === "" ? day : null;
    if (missing) {
      birthdayMessage.textContent = text("birthday-missing");
      missing.focus();
      return;
    }
    profile.birthday = { month: Number(month.value), day: Number(day.value) };
    show("budget", true);
  });

  // ---------------------------------------------------------------- budget

  const budgetMin = $("budget-min");
  const budgetMax = $("budget-max");
  const budgetMessage = $("budget-message");
  ui.attachAmountInput(budgetMin);
  ui.attachAmountInput(budgetMax);

  // The reason the budget cannot be used and the fields at fault, or null when it is fine.
  function budgetProblem(low, high) {
    const unreadable = [budgetMin, budgetMax].filter((input) => {
      const value = ui.parseAmount(input.value);
      return value === null || isNaN(value);
    });
    if (unreadable.length) return { message: text("budget-missing"), fields: unreadable };
    const tooHigh = [];
    if (low > maxBudget) tooHigh.push(budgetMin);
    if (high > maxBudget) tooHigh.push(budgetMax);
    if (tooHigh.length) return { message: text("budget-too-high", { max: ui.formatPrice(maxBudget, quiz.dataset.price) }), fields: tooHigh };
    if (low > high) return { message: text("budget-order"), fields: [budgetMin, budgetMax] };
    return null;
  }

  steps.budget.addEventListener("submit", (event) => {
    event.preventDefault();
    const low = ui.parseAmount(budgetMin.value);
    const high = ui.parseAmount(budgetMax.value);
    const problem = budgetProblem(low, high);
    for (const input of [budgetMin, budgetMax]) {
      if (problem && problem.fields.includes(input)) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    if (problem) {
      budgetMessage.textContent = problem.message;
      problem.fields[0].focus();
      return;
    }
    budgetMessage.textContent = "";
    budgetMin.value = ui.formatAmount(low);
    budgetMax.value = ui.formatAmount(high);
    profile.min = low;
    profile.max = high;
    startQuestions();
  });

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

  function shuffle(questions) {
    for (let i = questions.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [questions[i], questions[j]] = [questions[j], questions[i]];
    }
  }

  function startQuestions() {
    session = engine.createSession({
      gifts: catalogue.gifts, questions: catalogue.questions,
      gender: profile.gender, min: profile.min, max: profile.max,
      shuffle: fileOrder ? null : shuffle,
    });
    historyId = null;
    if (session.isDone()) {
      showResult();
      return;
    }
    askNext();
    show("questions", false);
    card.focus();
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

  function askNext() {
    const question = session.nextQuestion();
    questionText.textContent = question.text;
    questionText.dataset.questionId = question.id;
    questionNumber.textContent = text("question-number", { number: session.asked.length + 1 });
    showProgress();
  }

  // Every answer comes here, from a button, a swipe or an arrow key (question-card.js).
  function answer(value, how) {
    if (!session || session.isDone()) return;
    session.answer(value);
    const said = text("answered", { answer: answerLabels[value] });
    if (session.isDone()) {
      announce.textContent = said;
      showResult();
      return;
    }
    askNext();
    if (how === "button") {
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

  function showResult() {
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
      showGift(engine.pickRandom(candidates, Math.random, null));
    }
    remember(candidates.length);
    show("result", true);
  }

  // The finished quiz in the history: who it was for, the questions and answers, the gift shown.
  function remember(count) {
    if (!history) return;
    historyId = history.record({
      gender: profile.gender, birthday: profile.birthday, min: profile.min, max: profile.max,
      candidates: count,
      questions: session.asked.map((question, i) => ({ id: question.id, text: question.text, answer: session.answers[i] })),
      gifts: shownGift ? [{ id: shownGift.id, name: shownGift.name, price: shownGift.price }] : [],
    });
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
    if (history && historyId) history.addGift(historyId, shownGift);
    if (typeof result.animate === "function") {
      const fade = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      result.animate(fade ? [{ opacity: 0.3 }, { opacity: 1 }] : [{ opacity: 0.3, transform: "translateX(2rem) rotate(2deg)" }, { opacity: 1, transform: "none" }],
        { duration: fade ? 200 : 260, easing: "ease-out" });
    }
  });

  $("start-again").addEventListener("click", () => {
    for (const form of quiz.querySelectorAll("form")) form.reset();
    for (const input of [budgetMin, budgetMax]) input.removeAttribute("aria-invalid");
    birthdayMessage.textContent = "";
    budgetMessage.textContent = "";
    result.textContent = "";
    result.removeAttribute("data-gift-id");
    session = null;
    shownGift = null;
    historyId = null;
    announce.textContent = "";
    profile = {};
    show("gender", true);
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
