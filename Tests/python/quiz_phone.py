"""What the quiz's browser tests share: the sample site's quiz on a 390×844 phone, and answers
given with a finger or a mouse (selenium's pointer actions of kind touch and mouse), the arrow keys
or the buttons. `Modak.quiz.state()` is the session as `modak gifts simulate` prints it."""
import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import SAMPLE_CONTENT, run_modak, wait

HISTORY_KEY = "modak.giftHistory"
DIRECTIONS = {"O": (1, 0), "X": (-1, 0), "skip": (0, -1)}  # right, left, up


def step(browser, name):
    return browser.find_element(By.CSS_SELECTOR, f'[data-step="{name}"]')


def simulate(gender, low, high, answers):
    result = run_modak("gifts", "simulate", "--gender", gender, "--budget", f"{low}-{high}",
                       "--answers", ",".join(answers), "--content", SAMPLE_CONTENT)
    return json.loads(result.stdout)


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



def finish(browser, answers):
    """Swipes `answers` until the result shows; the id of the gift it shows."""
    for answer in answers:
        if not step(browser, "questions").is_displayed():
            break
        swipe(browser, "touch", answer)
    wait(browser, lambda b: step(b, "result").is_displayed())
    return browser.find_element(By.ID, "gift-result").get_attribute("data-gift-id")
