"""The question card of the gift quiz on a phone (issue 27), in headless Chromium at 390×844:
swiped with a finger or a mouse, answered with the arrow keys, springing back from a short drag,
and flying or fading as the reader's motion preference asks. A swiped session is compared with
the same answers clicked, and with the simulator, answer by answer."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from quiz_phone import DIRECTIONS, PATTERN, card, drag, let_go, open_quiz, play, simulate, snapshot, start, swipe, wait

def test_swiping_the_card_answers_as_its_buttons_do(phone, served_sample):
    """Right O, left X, up skip, by finger and by mouse: after each answer the same session, next
    question and progress as clicking the buttons, which are the simulator's."""
    clicked = play(phone, served_sample, "click")
    assert len(clicked) > 4 and not clicked[-1]["questions"], "the pattern takes the quiz to its end"
    for i, seen in enumerate(clicked[1:], 1):
        expected = simulate("any", 0, 50000000, PATTERN[:i])
        assert seen["state"] == expected
    for kind in ["touch", "mouse"]:
        swiped = play(phone, served_sample, kind)
        assert swiped == clicked, f"swiping with {kind}"
    assert phone.find_element(By.ID, "gift-result").get_attribute("data-gift-id") in clicked[-1]["state"]["candidates"]


@pytest.mark.parametrize("kind", ["touch", "mouse"])
def test_a_short_drag_springs_back_and_answers_nothing(phone, served_sample, kind):
    open_quiz(phone, served_sample)
    start(phone)
    before = snapshot(phone)
    for dx, dy in [(40, 0), (-40, 0), (0, -40), (30, -30)]:
        drag(phone, kind, dx, dy)
        assert snapshot(phone) == before, f"a drag of ({dx}, {dy}) answered"
    scrolled = phone.execute_script("return scrollY")
    assert scrolled > 0, "the card is centred on the screen, the page scrolled down to it"
    # Down is no answer however far: a mouse brings the card back, a finger scrolls the page.
    drag(phone, kind, 0, 200, steps=15)
    assert snapshot(phone) == before
    if kind == "touch":
        wait(phone, lambda b: b.execute_script("return scrollY") < scrolled, timeout=3)
    wait(phone, lambda b: b.execute_script(
        "const c = document.querySelector('.question-card'); return !c.style.transform && !c.classList.contains('is-returning')"
        " && !c.dataset.leaning && getComputedStyle(c).transform === 'none'"), timeout=3)
    assert phone.find_element(By.CSS_SELECTOR, ".card-verdict").is_displayed() is False
    assert phone.find_elements(By.CSS_SELECTOR, ".card-ghost") == [], "nothing flew off"


def test_while_dragged_the_card_follows_tilts_and_shows_its_answer_in_colour_and_words(phone, served_sample):
    open_quiz(phone, served_sample)
    start(phone)
    the_card = card(phone)
    rest = phone.execute_script("return getComputedStyle(arguments[0]).borderTopColor", the_card)
    labels = {answer: phone.find_element(By.CSS_SELECTOR, f'[data-answer="{answer}"] .answer-label').text for answer in DIRECTIONS}
    assert phone.execute_script("return getComputedStyle(arguments[0]).touchAction", the_card) == "pan-up pinch-zoom", \
        "a finger moving sideways or up drags the card, one moving down scrolls the page"
    for answer, (ux, uy) in DIRECTIONS.items():
        drag(phone, "mouse", ux * 170, uy * 170, release=False)
        seen = phone.execute_script("""
            const card = arguments[0], style = getComputedStyle(card), m = new DOMMatrix(style.transform);
            return {leaning: card.dataset.leaning, verdict: card.dataset.verdict, x: m.e, y: m.f,
                    rotated: Math.abs(m.b) > 0.01, border: style.borderTopColor,
                    label: card.querySelector('.card-verdict-label').textContent};""", the_card)
        assert phone.find_element(By.CSS_SELECTOR, ".card-verdict").is_displayed()
        assert (seen["leaning"], seen["verdict"], seen["label"]) == (answer, answer, labels[answer]), "the label it will give"
        assert seen["border"] != rest, "and a colour"
        assert (round(seen["x"]), round(seen["y"])) == (ux * 170, uy * 170), ("the card follows the pointer", phone.execute_script("return arguments[0].style.transform", the_card))
        assert seen["rotated"] == (answer != "skip"), "it tilts as it goes sideways"
        let_go(phone)  # back where it started: no answer
        assert phone.execute_script("return Modak.quiz.state().answers") == []


def test_arrow_keys_answer_while_the_card_has_focus(phone, served_sample):
    open_quiz(phone, served_sample)
    start(phone)
    the_card = card(phone)
    assert phone.switch_to.active_element == the_card, "the card has focus when the questions start"
    assert the_card.get_attribute("aria-keyshortcuts") == "ArrowRight ArrowLeft ArrowUp"
    announce = phone.find_element(By.ID, "quiz-announce")
    assert announce.get_attribute("role") == "status"
    labels = {answer: phone.find_element(By.CSS_SELECTOR, f'[data-answer="{answer}"] .answer-label').text for answer in DIRECTIONS}
    given = []
    for key, answer in [(Keys.ARROW_RIGHT, "O"), (Keys.ARROW_LEFT, "X"), (Keys.ARROW_UP, "skip")]:
        ActionChains(phone).send_keys(key).perform()
        given.append(answer)
        assert phone.execute_script("return Modak.quiz.state()") == simulate("any", 0, 50000000, given)
        assert phone.switch_to.active_element == the_card, "focus stays on the card"
        said = announce.get_attribute("textContent")
        question = phone.find_element(By.ID, "question-text").text
        assert labels[answer] in said and question in said, "the answer and the next question are announced"
    # Arrow keys elsewhere, or with a modifier, are not answers.
    ActionChains(phone).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT).perform()
    phone.find_element(By.CSS_SELECTOR, '[data-answer="X"]').send_keys(Keys.ARROW_RIGHT)
    phone.find_element(By.ID, "budget-min")  # still on the page
    assert phone.execute_script("return Modak.quiz.state().answers") == given
    # A button still answers, and focus goes back to the card.
    phone.find_element(By.CSS_SELECTOR, '[data-answer="O"]').click()
    assert phone.switch_to.active_element == the_card
    assert labels["O"] in announce.get_attribute("textContent")


# Records, for every card copy that flies off, how it goes and which properties its animation and
# the arriving card's animation change.
WATCH_FLIGHTS = """
window.__flights = [];
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (!(node instanceof Element) || !node.classList.contains('card-ghost')) continue;
    const properties = (element) => [...new Set(element.getAnimations().flatMap((a) => a.effect.getKeyframes())
      .flatMap((frame) => Object.keys(frame).filter((key) => !['offset', 'easing', 'composite', 'computedOffset'].includes(key))))];
    window.__flights.push({flight: node.dataset.flight, ghost: properties(node),
      arriving: properties(document.querySelector('.question-card')), hidden: node.getAttribute('aria-hidden'),
      hooks: node.querySelectorAll('[id], [data-answer], button, [tabindex]').length});
  }
}).observe(document.querySelector('.card-stack'), {childList: true});
"""


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_turns_the_flight_into_a_fade(phone, served_sample, reduced):
    if reduced:
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_quiz(phone, served_sample)
    assert phone.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches") is reduced
    start(phone)
    phone.execute_script(WATCH_FLIGHTS)
    swipe(phone, "touch", "O")
    swipe(phone, "mouse", "X")
    ActionChains(phone).send_keys(Keys.ARROW_UP).perform()
    flights = phone.execute_script("return window.__flights")
    assert len(flights) == 3
    for flight, direction in zip(flights, ["right", "left", "up"]):
        assert flight["hidden"] == "true" and flight["hooks"] == 0, "the copy is decoration: no ids, hooks or controls"
        if reduced:
            assert flight["flight"] == "fade"
            assert flight["ghost"] == ["opacity"] and flight["arriving"] == ["opacity"], "a fade: no transform"
        else:
            assert flight["flight"] == direction
            assert "transform" in flight["ghost"] and "transform" in flight["arriving"]
    assert phone.execute_script("return Modak.quiz.state().answers") == ["O", "X", "skip"]
    # Reduced motion: no tilt while dragging, and the card does not spring (no transition).
    drag(phone, "mouse", 170, 0, release=False)
    tilt = phone.execute_script("return Math.abs(new DOMMatrix(getComputedStyle(arguments[0]).transform).b) > 0.01", card(phone))
    assert tilt is not reduced
    let_go(phone)
    # The spring back is a CSS transition, which reduced motion turns off; the script does not
    # even start it then.
    spring = phone.execute_script("""
        const card = arguments[0], had = card.classList.contains('is-returning');
        card.classList.add('is-returning');
        const duration = getComputedStyle(card).transitionDuration;
        if (!had) card.classList.remove('is-returning');
        return duration;""", card(phone))
    assert (spring == "0s") is reduced
    drag(phone, "mouse", 40, 0)
    if reduced:
        assert "is-returning" not in card(phone).get_attribute("class")
    wait(phone, lambda b: b.find_elements(By.CSS_SELECTOR, ".card-ghost") == [], timeout=3)
