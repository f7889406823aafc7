// The quiz's question card (.question-card, gifts/quiz/): swiped right it answers O, left X, up
// skip, as the Yetda app's cards did; the arrow keys → ← ↑ do the same while the card has focus.
//
// One code path for touch, pen and mouse (pointer events). The card follows the pointer, tilts and
// shows the answer it would give (a colour and the answer's label, `data-verdict`); let go past the
// threshold it flies off that way and the next question comes in, short of it it springs back and
// answers nothing. `touch-action: pan-up` (gifts.css) leaves a finger moving down to scroll the
// page; sideways and upward moves are the card's.
//
// The quiz's state changes at once, when the card is let go: what flies away is a copy of the
// card (`.card-ghost`, hidden from assistive technology), while the card itself already holds the
// next question. With `prefers-reduced-motion: reduce` the copy fades where it is instead of
// flying (`data-flight="fade"`, an opacity-only animation), the card does not tilt, and nothing
// springs.
//
// Its answer buttons stand in a row while they fit, else one under another (`data-stacked`).
//
// window.Modak.questionCard.attach(card, onAnswer) → { play(answer, how) }; onAnswer(answer, how)
// gets "O" | "X" | "skip" and "swipe" | "key" | "button", and must show the next question (or
// leave the step) before it returns.
"use strict";
(() => {
  const DEAD_ZONE = 8; // px a press may wander and still be a tap on a button
  const KEYS = { ArrowRight: "O", ArrowLeft: "X", ArrowUp: "skip" };
  const FLIGHT_MS = 320;
  const FADE_MS = 200;

  const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // How far the card must go to answer: a third of its width, between 60 and 140 px.
  function threshold(card) {
    return Math.min(140, Math.max(60, card.offsetWidth / 3));
  }

  /** The answer a move of (dx, dy) leans to, and how far towards the threshold it is (1 = past). */
  function leaning(dx, dy, limit) {
    if (Math.abs(dx) >= Math.abs(dy)) {
      if (dx === 0) return null;
      return { answer: dx > 0 ? "O" : "X", strength: Math.abs(dx) / limit };
    }
    if (dy < 0) return { answer: "skip", strength: -dy / limit };
    return null; // downwards: no answer
  }

  function attach(card, onAnswer) {
    const verdict = card.querySelector(".card-verdict");
    const verdictLabel = card.querySelector(".card-verdict-label");
    const labels = {};
    for (const button of card.querySelectorAll("[data-answer]")) {
      const label = button.querySelector(".answer-label") || button;
      labels[button.dataset.answer] = label.textContent.trim();
    }
    let drag = null; // the press under way: { id, x, y, dx, dy, moving }
    let lastOffset = { dx: 0, dy: 0 }; // where the card was let go, for the flight
    let swallowClick = false;
    let entering = null; // the next card's arrival

    function tilt(dx) {
      return reducedMotion() ? 0 : Math.max(-20, Math.min(20, (dx / card.offsetWidth) * 20));
    }

    function position(dx, dy) {
      return `translate(${dx}px, ${dy}px) rotate(${tilt(dx)}deg)`;
    }

    function showLeaning(dx, dy) {
      const lean = leaning(dx, dy, threshold(card));
      if (!lean || lean.strength < 0.15) {
        clearLeaning();
        return;
      }
      card.dataset.leaning = lean.answer;
      card.style.setProperty("--lean", Math.min(1, lean.strength).toFixed(3));
      if (lean.strength >= 1) card.dataset.verdict = lean.answer;
      else delete card.dataset.verdict;
      if (verdictLabel) verdictLabel.textContent = labels[lean.answer] || lean.answer;
      if (verdict) verdict.hidden = false;
    }

    function clearLeaning() {
      delete card.dataset.leaning;
      delete card.dataset.verdict;
      card.style.removeProperty("--lean");
      if (verdict) verdict.hidden = true;
    }

    function springBack() {
      card.classList.remove("is-dragging");
      clearLeaning();
      if (!card.style.transform) return;
      if (!reducedMotion()) {
        card.classList.add("is-returning");
        const done = () => card.classList.remove("is-returning");
        card.addEventListener("transitionend", done, { once: true });
        setTimeout(done, 500);
      }
      card.style.transform = "";
    }

    // A copy of the card as it is now, without ids, hooks or controls, that flies off (or fades)
    // above the card and then goes.
    function launchGhost(answer) {
      const ghost = card.cloneNode(true);
      for (const button of ghost.querySelectorAll("button")) {
        const span = document.createElement("span");
        span.className = button.className;
        span.textContent = button.textContent;
        button.replaceWith(span);
      }
      for (const node of [ghost, ...ghost.querySelectorAll("*")]) {
        for (const name of node.getAttributeNames()) {
          if (["id", "tabindex", "role", "data-question-id"].includes(name) || name.startsWith("aria-")) node.removeAttribute(name);
        }
      }
      // The copy shows the answer it gives, whichever way it was given.
      ghost.dataset.leaning = answer;
      ghost.dataset.verdict = answer;
      ghost.style.setProperty("--lean", "1");
      const stamp = ghost.querySelector(".card-verdict");
      if (stamp) {
        stamp.hidden = false;
        stamp.querySelector(".card-verdict-label").textContent = labels[answer] || answer;
      }
      ghost.classList.remove("question-card", "is-dragging", "is-returning");
      ghost.classList.add("card-ghost");
      ghost.setAttribute("aria-hidden", "true");
      ghost.style.width = card.offsetWidth + "px";
      ghost.style.height = card.offsetHeight + "px";
      ghost.style.left = card.offsetLeft + "px";
      ghost.style.top = card.offsetTop + "px";
      const from = card.style.transform || "none";
      ghost.style.transform = from;
      card.after(ghost);

      const fade = reducedMotion();
      ghost.dataset.flight = fade ? "fade" : { O: "right", X: "left", skip: "up" }[answer];
      let animation = null;
      if (typeof ghost.animate === "function") {
        if (fade) {
          animation = ghost.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, easing: "linear", fill: "forwards" });
        } else {
          const offset = lastOffset;
          const far = Math.max(window.innerWidth, card.offsetWidth) * 1.1;
          const to = {
            O: `translate(${offset.dx + far}px, ${offset.dy + 40}px) rotate(28deg)`,
            X: `translate(${offset.dx - far}px, ${offset.dy + 40}px) rotate(-28deg)`,
            skip: `translate(${offset.dx}px, ${offset.dy - Math.max(window.innerHeight, 600)}px) rotate(0deg)`,
          }[answer];
          animation = ghost.animate([{ transform: from === "none" ? "translate(0px, 0px) rotate(0deg)" : from, opacity: 1 }, { transform: to, opacity: 0.2 }],
            { duration: FLIGHT_MS, easing: "cubic-bezier(0.4, 0, 1, 1)", fill: "forwards" });
        }
      }
      const remove = () => ghost.remove();
      if (animation) animation.onfinish = remove;
      setTimeout(remove, (fade ? FADE_MS : FLIGHT_MS) + 200);
    }

    // The next card comes up from the deck. It never starts fully transparent: the card and its
    // buttons are there to use (and to find, for scripts and tests) from the first frame.
    function enter() {
      if (typeof card.animate !== "function") return;
      if (entering) entering.cancel();
      entering = reducedMotion()
        ? card.animate([{ opacity: 0.3 }, { opacity: 1 }], { duration: FADE_MS, easing: "linear" })
        : card.animate([{ opacity: 0.3, transform: "translateY(12px) scale(0.94)" }, { opacity: 1, transform: "none" }], { duration: 260, easing: "ease-out" });
    }

    /** Answers with `answer`: the card as it is flies off, the next question comes in. */
    function play(answer, how) {
      launchGhost(answer);
      card.classList.remove("is-dragging", "is-returning");
      card.style.transform = "";
      clearLeaning();
      lastOffset = { dx: 0, dy: 0 };
      onAnswer(answer, how);
      if (!card.closest("[hidden]")) enter();
    }

    card.addEventListener("pointerdown", (event) => {
      swallowClick = false;
      if (drag || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
      drag = { id: event.pointerId, x: event.clientX, y: event.clientY, dx: 0, dy: 0, moving: false };
    });

    card.addEventListener("pointermove", (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      drag.dx = event.clientX - drag.x;
      drag.dy = event.clientY - drag.y;
      if (!drag.moving) {
        if (Math.hypot(drag.dx, drag.dy) < DEAD_ZONE) return;
        drag.moving = true;
        // Captured only now, so a tap still clicks the button it landed on.
        try {
          card.setPointerCapture(event.pointerId);
        } catch (error) {
          // The pointer is already gone.
        }
        if (entering) entering.cancel();
        card.classList.remove("is-returning");
        card.classList.add("is-dragging");
      }
      card.style.transform = position(drag.dx, drag.dy);
      showLeaning(drag.dx, drag.dy);
    });

    function release(event, cancelled) {
      if (!drag || event.pointerId !== drag.id) return;
      const ended = drag;
      drag = null;
      if (!ended.moving) return; // a tap: the button's click answers
      // The click a mouse may send right after a drag is not an answer; a later one (a key on a
      // button) is.
      swallowClick = true;
      setTimeout(() => {
        swallowClick = false;
      }, 0);
      lastOffset = { dx: ended.dx, dy: ended.dy };
      const lean = cancelled ? null : leaning(ended.dx, ended.dy, threshold(card));
      if (lean && lean.strength >= 1) play(lean.answer, "swipe");
      else springBack();
    }

    card.addEventListener("pointerup", (event) => release(event, false));
    card.addEventListener("pointercancel", (event) => release(event, true));
    // Touch pointers start captured by the element touched; only the card losing its own capture
    // (taken when the drag began) ends the drag.
    card.addEventListener("lostpointercapture", (event) => {
      if (event.target === card) release(event, true);
    });
    card.addEventListener("click", (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    }, true);

    // The answers stand side by side while each holds its longest word (gifts.css); when they
    // cannot, all go one under another (data-stacked) rather than leave one alone on a second line.
    const answers = card.querySelector(".quiz-answers");
    function fitAnswers() {
      answers.removeAttribute("data-stacked");
      const rows = new Set([...answers.children].map((button) => button.offsetTop));
      if (rows.size > 1) answers.setAttribute("data-stacked", "");
    }
    if (answers && window.ResizeObserver) new ResizeObserver(fitAnswers).observe(answers);

    card.addEventListener("keydown", (event) => {
      const answer = KEYS[event.key];
      if (!answer || event.target !== card || drag || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      play(answer, "key");
    });

    return { play };
  }

  (window.Modak = window.Modak || {}).questionCard = { attach, leaning };
})();
