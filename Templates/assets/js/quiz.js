// The gift quiz (gifts/quiz/): gender → birthday → budget → yes/no questions → a gift.
//
// UI only. The rules (candidates, which question comes next, when to stop, the birthday ranges)
// are gift-engine.js's (window.Modak.gifts), the same rules `modak gifts simulate` runs in Swift.
// The reader's gender, birthday and budget come first (quiz-profile.js). Each question is a card
// (question-card.js): its buttons, a swipe and the arrow keys all answer through answer() below,
// so they give the same session. The progress bar is the answers given out of the most the rules
// can still come to (mostAnswers), and every suggestion shown goes to the history
// (quiz-history.js).
// Page hooks (docs/reference/output.md): .question-card with buttons [data-answer="O" | "X" | "skip"], #quiz-progress,
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

  const fileOrder = new URLSearchParams(window.location.search).get("order") === "file";
  const status = $("quiz-status");
  const steps = {};
  for (const step of quiz.querySelectorAll("[data-step]")) steps[step.dataset.step] = step;

  let catalogue = null; // { gifts, questions } from the data file
  let profile = {}; // gender, birthday and budget, from quiz-profile.js
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

  // Gender, birthday and budget (quiz-profile.js), then the questions.
  const profileSteps = Modak.quizProfile.attach(quiz, steps, { text, show, done: (chosen) => {
    profile = chosen;
    startQuestions();
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
    profileSteps.reset();
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
