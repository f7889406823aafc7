// The gift quiz's first steps (gifts/quiz/): the reader's gender, birthday and budget, each field
// settled into range or refused with the reason, then handed to quiz.js, which moves on (or, for a
// budget no gift fits, says so here). Steps shown again are filled with what was chosen (fill).
// Page hooks (docs/reference/output.md): #gender, #birth-month, #birth-day, #budget-min, #budget-max.
"use strict";
(() => {
  const engine = Modak.gifts;
  const ui = Modak.giftUI;
  const $ = (id) => document.getElementById(id);
  const twoDigits = (value) => (value < 10 ? "0" : "") + value;

  /**
   * Runs the gender, birthday and budget steps of `quiz` (`steps` by name): `text(name, values)` is
   * a UI string, and `next(step, values)` gets each step's answer — { gender }, { birthday: { month,
   * day } }, { min, max } — and returns null, or for the budget the reason it cannot be used.
   * Returns { reset, fill(state), refuse(message) }: empty the fields; fill them from a state
   * (quiz-address.js); say why the budget cannot be used.
   */
  function attach(quiz, steps, { text, next }) {
    const maxBudget = Number(quiz.dataset.maxBudget);

    // ---------------------------------------------------------------- gender

    steps.gender.addEventListener("submit", (event) => {
      event.preventDefault();
      next("gender", { gender: $("gender").value });
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
      next("birthday", { birthday: { month: Number(month.value), day: Number(day.value) } });
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
      const refusal = next("budget", { min: low, max: high });
      if (refusal) refuse(refusal, true);
    });

    // A budget the rules accept but no gift fits: said at once, the fields there to change it.
    function refuse(message, focus) {
      budgetMessage.textContent = message;
      if (focus) {
        budgetMin.focus();
        budgetMin.select();
      }
    }

    /** Shows the fields as `state` has them (a field the state lacks keeps its value), without messages. */
    function fill(state) {
      if (state.gender) $("gender").value = state.gender;
      if (state.birthday) {
        month.value = twoDigits(state.birthday.month);
        day.value = twoDigits(state.birthday.day);
      }
      if (state.min !== undefined) {
        budgetMin.value = ui.formatAmount(state.min);
        budgetMax.value = ui.formatAmount(state.max);
      }
      for (const input of [budgetMin, budgetMax]) input.removeAttribute("aria-invalid");
      birthdayMessage.textContent = "";
      budgetMessage.textContent = "";
    }

    function reset() {
      for (const step of ["gender", "birthday", "budget"]) steps[step].reset();
      for (const input of [budgetMin, budgetMax]) input.removeAttribute("aria-invalid");
      birthdayMessage.textContent = "";
      budgetMessage.textContent = "";
    }
    return { reset, fill, refuse };
  }

  (window.Modak = window.Modak || {}).quizProfile = { attach };
})();
