/*
 * The gift quiz (gifts/quiz/): gender → birthday → budget → yes/no questions → a gift.
 *
 * UI only. The rules (candidates, which question comes next, when to stop, the birthday ranges)
 * are gift-engine.js's (window.ModakGifts), the same rules `modak gifts simulate` runs in Swift.
 * Page hooks (docs/reference/output.md): #gender, #birth-month, #birth-day, #budget-min, #budget-max, buttons
 * [data-answer="O" | "X" | "skip"], #gift-result[data-gift-id], #another-gift.
 * The questions come in a random order; `?order=file` keeps questions.json's order, as the
 * simulator does, so a test can predict them.
 */
(function () {
  "use strict";
  var quiz = document.getElementById("quiz");
  var engine = window.ModakGifts;
  var ui = window.ModakGiftUI;
  if (!quiz || !engine || !ui || !window.fetch) return;

  function $(id) { return document.getElementById(id); }
  function text(name, values) { return ui.fillText(quiz.getAttribute("data-" + name), values || {}); }
  function twoDigits(value) { return (value < 10 ? "0" : "") + value; }

  var maxBudget = Number(quiz.getAttribute("data-max-budget"));
  var fileOrder = new URLSearchParams(window.location.search).get("order") === "file";
  var status = $("quiz-status");
  var steps = {};
  Array.prototype.forEach.call(quiz.querySelectorAll("[data-step]"), function (step) {
    steps[step.getAttribute("data-step")] = step;
  });

  var catalogue = null; // { gifts, questions } from the data file
  var profile = {}; // gender, then the budget
  var session = null;
  var shownGift = null;

  // Shows one step; `focus` moves keyboard and screen-reader focus to its heading.
  function show(name, focus) {
    Object.keys(steps).forEach(function (key) { steps[key].hidden = key !== name; });
    if (focus) steps[name].querySelector("h2").focus();
  }

  // ---------------------------------------------------------------- loading

  function load() {
    status.hidden = false; // "Loading…"
    var source = quiz.getAttribute("data-src");
    fetch(source)
      .then(function (response) {
        if (!response.ok) throw new Error(source + ": HTTP " + response.status);
        return response.json().then(function (json) { return prepare(json, response.url); });
      })
      .then(function (loaded) {
        catalogue = loaded;
        status.hidden = true;
        show("gender", false);
      })
      .catch(function () {
        status.textContent = text("load-failed");
      });
  }

  // Image and page URLs in the data file are relative to the file itself.
  function prepare(json, base) {
    return {
      questions: json.questions,
      gifts: json.gifts.map(function (gift) {
        var copy = Object.assign({}, gift);
        copy.image = new URL(gift.image, base).href;
        copy.url = new URL(gift.url, base).href;
        return copy;
      })
    };
  }

  // ---------------------------------------------------------------- gender

  steps.gender.addEventListener("submit", function (event) {
    event.preventDefault();
    profile.gender = $("gender").value;
    show("birthday", true);
  });

  // ---------------------------------------------------------------- birthday

  var month = $("birth-month");
  var day = $("birth-day");
  var birthdayMessage = $("birthday-message");

  // Clamps both fields into range (below → 01, above → the maximum), shows them with two
  // digits and tells the reader what changed. Returns true when a value had to change.
  function settleBirthday() {
    var notes = [];
    var monthValue = null;
    if (month.value.trim() !== "") {
      var m = engine.clampBirthday(month.value.trim(), 1); // day 1 exists in every month
      if (m.clamped) notes.push(text("month-clamped", { value: twoDigits(m.month) }));
      monthValue = m.month;
      month.value = twoDigits(m.month);
    }
    if (day.value.trim() !== "") {
      // Without a month yet, any day up to 31 may be right: January has 31 days.
      var inMonth = monthValue || 1;
      var d = engine.clampBirthday(inMonth, day.value.trim());
      var last = engine.clampBirthday(inMonth, Infinity).day; // anything above clamps to the last day
      if (d.clamped) notes.push(text("day-clamped", { value: twoDigits(d.day), max: twoDigits(last) }));
      day.value = twoDigits(d.day);
    }
    birthdayMessage.textContent = notes.join(" ");
    return notes.length > 0;
  }

  month.addEventListener("blur", settleBirthday);
  day.addEventListener("blur", settleBirthday);

  steps.birthday.addEventListener("submit", function (event) {
    event.preventDefault();
    // Enter in a field submits without leaving it: settle first, and stay if anything changed
    // so the reader sees what and why.
    if (settleBirthday()) return;
    var missing = month.value === "" ? month : day.value === "" ? day : null;
    if (missing) {
      birthdayMessage.textContent = text("birthday-missing");
      missing.focus();
      return;
    }
    show("budget", true);
  });

  // ---------------------------------------------------------------- budget

  var budgetMin = $("budget-min");
  var budgetMax = $("budget-max");
  var budgetMessage = $("budget-message");
  ui.attachAmountInput(budgetMin);
  ui.attachAmountInput(budgetMax);

  // The reason the budget cannot be used and the fields at fault, or null when it is fine.
  function budgetProblem(low, high) {
    var unreadable = [budgetMin, budgetMax].filter(function (input) {
      var value = ui.parseAmount(input.value);
      return value === null || isNaN(value);
    });
    if (unreadable.length) return { message: text("budget-missing"), fields: unreadable };
    var tooHigh = [];
    if (low > maxBudget) tooHigh.push(budgetMin);
    if (high > maxBudget) tooHigh.push(budgetMax);
    if (tooHigh.length) return { message: text("budget-too-high", { max: ui.formatPrice(maxBudget, quiz.getAttribute("data-price")) }), fields: tooHigh };
    if (low > high) return { message: text("budget-order"), fields: [budgetMin, budgetMax] };
    return null;
  }

  steps.budget.addEventListener("submit", function (event) {
    event.preventDefault();
    var low = ui.parseAmount(budgetMin.value);
    var high = ui.parseAmount(budgetMax.value);
    var problem = budgetProblem(low, high);
    [budgetMin, budgetMax].forEach(function (input) {
      if (problem && problem.fields.indexOf(input) >= 0) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    });
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

  var progress = $("quiz-progress");
  var questionNumber = $("question-number");
  var questionText = $("question-text");

  function shuffle(questions) {
    for (var i = questions.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1));
      var swap = questions[i];
      questions[i] = questions[j];
      questions[j] = swap;
    }
  }

  function startQuestions() {
    session = engine.createSession({
      gifts: catalogue.gifts, questions: catalogue.questions,
      gender: profile.gender, min: profile.min, max: profile.max,
      shuffle: fileOrder ? null : shuffle
    });
    if (session.isDone()) {
      showResult();
      return;
    }
    askNext();
    show("questions", true);
  }

  function askNext() {
    var question = session.nextQuestion();
    questionText.textContent = question.text;
    questionText.setAttribute("data-question-id", question.id);
    questionNumber.textContent = text("question-number", { number: session.asked.length + 1 });
    progress.max = session.answerLimit();
    progress.value = session.answeredCount();
  }

  Array.prototype.forEach.call(steps.questions.querySelectorAll("[data-answer]"), function (button) {
    button.addEventListener("click", function () {
      session.answer(button.getAttribute("data-answer"));
      if (session.isDone()) {
        showResult();
        return;
      }
      askNext();
      questionText.focus();
    });
  });

  // ---------------------------------------------------------------- result

  var result = $("gift-result");
  var resultHeading = $("result-heading");
  var resultNote = $("result-note");
  var another = $("another-gift");

  function showResult() {
    var candidates = session.candidates();
    progress.value = progress.max;
    if (candidates.length === 0) {
      resultHeading.textContent = text("no-result-title");
      resultNote.textContent = text("no-result");
      result.hidden = true;
      result.removeAttribute("data-gift-id");
      another.hidden = true;
    } else {
      resultHeading.textContent = text("result-title");
      resultNote.textContent = candidates.length > 1 ? text("candidates", { count: candidates.length }) : text("only-one");
      another.hidden = candidates.length < 2;
      showGift(engine.pickRandom(candidates, Math.random, null));
    }
    show("result", true);
  }

  function element(name, attributes, content) {
    var node = document.createElement(name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (typeof content === "string") node.textContent = content;
    else if (content) node.appendChild(content);
    return node;
  }

  function showGift(gift) {
    shownGift = gift;
    var about = element("div", { class: "gift-result-text" });
    about.appendChild(element("h3", { class: "gift-name" }, element("a", { href: gift.url }, gift.name)));
    about.appendChild(element("p", { class: "gift-price" }, gift.priceText));
    var links = element("p", { class: "gift-links" }, element("a", { href: gift.url }, text("see-gift")));
    if (gift.link) {
      links.appendChild(document.createTextNode(" · "));
      links.appendChild(element("a", { href: gift.link, rel: "external noopener" }, text("visit-shop")));
    }
    about.appendChild(links);
    result.textContent = "";
    result.append(element("img", { class: "gift-image", src: gift.image, alt: "" }), about);
    result.setAttribute("data-gift-id", gift.id);
    result.hidden = false;
  }

  another.addEventListener("click", function () {
    showGift(engine.pickRandom(session.candidates(), Math.random, shownGift && shownGift.id));
  });

  $("start-again").addEventListener("click", function () {
    Array.prototype.forEach.call(quiz.querySelectorAll("form"), function (form) { form.reset(); });
    [budgetMin, budgetMax].forEach(function (input) { input.removeAttribute("aria-invalid"); });
    birthdayMessage.textContent = "";
    budgetMessage.textContent = "";
    result.textContent = "";
    result.removeAttribute("data-gift-id");
    session = null;
    shownGift = null;
    profile = {};
    show("gender", true);
  });

  load();
})();
