"""The gift quiz as history (issue 33): every step — gender, birthday, budget, each question, the
result — is an entry of the browser's history, its state in the address. On phones of 360×740 and
320×640 in headless Chromium: Back and #quiz-back step back through every step with its answers
as they were, Forward goes on again, a reload resumes, the result's link reopens the same gift in
a fresh browser; a budget no gift fits is said at once; the result counts the days until the
birthday and hands over an .ics reminder a week before it; the answer buttons never break a word."""
import datetime
import json
import os
import shutil
import subprocess

import icalendar
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import REPO, SAMPLE_CONTENT, build_site, chromium, downloaded, serving, wait
from quiz_phone import open_quiz, simulate, start, step

KO = json.load(open(os.path.join(REPO, "Templates", "i18n", "ko.json"), encoding="utf-8"))
EN = json.load(open(os.path.join(REPO, "Templates", "i18n", "en.json"), encoding="utf-8"))
PHONES = [(360, 740), (320, 640)]
EVERYTHING = "gender=any&birthday=05-09&min=0&max=50000000"


def as_phone(browser, width, height):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


@pytest.fixture(params=PHONES, ids=lambda size: f"{size[0]}x{size[1]}")
def phone(request, browser, served_sample):
    """The session's browser as a phone of each size, with no history and no text size chosen."""
    as_phone(browser, *request.param)
    browser.get(served_sample + "gifts/quiz/?order=file")
    browser.execute_script("localStorage.clear()")
    yield browser
    browser.execute_script("localStorage.clear()")
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def shown_step(browser):
    steps = browser.find_elements(By.CSS_SELECTOR, "#quiz [data-step]")
    shown = [element.get_attribute("data-step") for element in steps if element.is_displayed()]
    assert len(shown) == 1, shown
    return shown[0]


def seen(browser):
    """What a step shows the reader: its name, its fields, the question and the answer given to it
    before (data-picked), the session, and whether #quiz-back is there."""
    wait(browser, lambda b: not b.find_element(By.ID, "quiz-status").is_displayed())
    return browser.execute_script("""
        const value = (id) => document.getElementById(id).value;
        const shown = [...document.querySelectorAll('#quiz [data-step]')].filter((s) => !s.hidden)
          .map((s) => s.dataset.step);
        const picked = document.querySelector('.question-card [data-picked]');
        const result = document.getElementById('gift-result');
        const fields = ['gender', 'birth-month', 'birth-day', 'budget-min', 'budget-max'].map(value);
        return {step: shown.join(), fields,
                question: shown[0] === 'questions' ? document.getElementById('question-text').dataset.questionId : null,
                picked: shown[0] === 'questions' && picked ? picked.dataset.answer : null,
                state: Modak.quiz.state(), gift: shown[0] === 'result' ? result.dataset.giftId || null : null,
                back: !document.getElementById('quiz-back').hidden};""")


def click_next(browser, name):
    step(browser, name).find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def play_through(browser, answers):
    """Gender, birthday, budget, then `answers` clicked until the result. Returns what each step
    must show when the reader comes back to it (its fields as they were sent, the answer given to
    each question), and the result."""
    Select(browser.find_element(By.ID, "gender")).select_by_value("female")
    click_next(browser, "gender")
    wait(browser, lambda b: step(b, "birthday").is_displayed())
    browser.find_element(By.ID, "birth-month").send_keys("5")
    browser.find_element(By.ID, "birth-day").send_keys("9")
    click_next(browser, "birthday")
    wait(browser, lambda b: step(b, "budget").is_displayed())
    browser.find_element(By.ID, "budget-min").send_keys("10000")
    browser.find_element(By.ID, "budget-max").send_keys("100000")
    click_next(browser, "budget")
    wait(browser, lambda b: step(b, "questions").is_displayed())
    fields = ["female", "05", "09", "10,000", "100,000"]
    profile = dict(fields=fields, question=None, picked=None, state=None, gift=None, back=True)
    steps = [dict(profile, step="gender", back=False), dict(profile, step="birthday"), dict(profile, step="budget")]
    for answer in answers:
        if not step(browser, "questions").is_displayed():
            break
        now = seen(browser)
        assert now["fields"] == fields and now["picked"] is None
        steps.append(dict(now, picked=answer))
        browser.find_element(By.CSS_SELECTOR, f'.question-card [data-answer="{answer}"]').click()
    wait(browser, lambda b: step(b, "result").is_displayed())
    return steps, seen(browser)


def same_step(browser, expected):
    now = seen(browser)
    # Fields of the steps after the one shown keep whatever was typed there: only those up to it count.
    upto = {"gender": 1, "birthday": 3}.get(expected["step"], 5)
    assert dict(now, fields=now["fields"][:upto]) == dict(expected, fields=expected["fields"][:upto])


@pytest.mark.parametrize("how", ["browser", "quiz-back"])
def test_back_steps_through_every_step_with_its_answers_and_forward_goes_on(phone, served_sample, how):
    open_quiz(phone, served_sample)
    assert not phone.find_element(By.ID, "quiz-back").is_displayed(), "no way back from the first step"
    steps, result = play_through(phone, ["O", "X", "skip", "O", "X", "O", "O", "O", "O"])
    assert result["back"] and result["gift"] in result["state"]["candidates"]
    answers = result["state"]["answers"]
    assert len(steps) == 3 + len(answers) and len(answers) >= 4
    expected = steps
    assert [shown["picked"] for shown in expected[3:]] == answers
    for shown in reversed(expected):
        if how == "browser":
            phone.back()
        else:
            phone.find_element(By.ID, "quiz-back").click()
        wait(phone, lambda b: shown_step(b) == shown["step"])
        same_step(phone, shown)
        if shown["step"] == "budget":
            assert phone.find_element(By.ID, "budget-min").get_attribute("value") == "10,000"
    assert phone.current_url.startswith(served_sample + "gifts/quiz/"), "Back stays in the quiz until its first step"
    assert not phone.find_element(By.ID, "quiz-back").is_displayed()
    for shown in expected[1:]:
        phone.forward()
        wait(phone, lambda b: shown_step(b) == shown["step"])
        same_step(phone, shown)
    phone.forward()
    wait(phone, lambda b: shown_step(b) == "result")
    assert seen(phone) == result, "Forward comes back to the same result, the same gift"
    history = phone.execute_script("return Modak.quizHistory.read()")
    assert len(history) == 1, "going back and forth records the result once"


def test_answering_again_after_going_back_takes_a_new_way(phone, served_sample):
    open_quiz(phone, served_sample)
    start(phone, "any", 0, 50000000)
    first = seen(phone)
    phone.find_element(By.CSS_SELECTOR, '[data-answer="X"]').click()
    phone.find_element(By.CSS_SELECTOR, '[data-answer="O"]').click()
    phone.find_element(By.ID, "quiz-back").click()
    phone.find_element(By.ID, "quiz-back").click()
    wait(phone, lambda b: seen(b)["question"] == first["question"])
    assert seen(phone)["picked"] == "X"
    phone.find_element(By.CSS_SELECTOR, '[data-answer="O"]').click()
    now = seen(phone)
    assert now["state"] == simulate("any", 0, 50000000, ["O"]) and now["picked"] is None


def test_a_reload_resumes_mid_quiz_and_on_the_result_in_the_same_shuffled_order(phone, served_sample):
    phone.get(served_sample + "gifts/quiz/")  # questions shuffled
    wait(phone, lambda b: step(b, "gender").is_displayed())
    start(phone, "any", 0, 50000000)
    for answer in ["O", "skip"]:
        phone.find_element(By.CSS_SELECTOR, f'[data-answer="{answer}"]').click()
    before = seen(phone)
    address = phone.current_url
    phone.refresh()
    wait(phone, lambda b: step(b, "questions").is_displayed())
    assert seen(phone) == before and phone.current_url == address
    while step(phone, "questions").is_displayed():
        phone.find_element(By.CSS_SELECTOR, '[data-answer="O"]').click()
    result = seen(phone)
    phone.refresh()
    wait(phone, lambda b: step(b, "result").is_displayed())
    assert seen(phone) == result, "the same gift after a reload"
    phone.back()
    wait(phone, lambda b: step(b, "questions").is_displayed())
    assert seen(phone)["state"]["answers"] == result["state"]["answers"][:-1], "Back still steps back after a reload"


def test_the_result_link_opens_the_same_result_in_a_fresh_browser(phone, served_sample):
    phone.get(served_sample + "gifts/quiz/")
    wait(phone, lambda b: step(b, "gender").is_displayed())
    start(phone, "female", 10000, 400000)
    while step(phone, "questions").is_displayed():
        phone.find_element(By.CSS_SELECTOR, '[data-answer="O"]').click()
    phone.find_element(By.ID, "another-gift").click()
    result = seen(phone)
    link = phone.find_element(By.ID, "result-link").get_attribute("value")
    assert link == phone.current_url and "gift=" + result["gift"] in link
    # Copied with the button (the clipboard is stubbed: headless Chromium has no share sheet).
    phone.execute_script("window.copied = null; navigator.clipboard.writeText = (text) => {"
                         " window.copied = text; return Promise.resolve(); };")
    phone.find_element(By.ID, "share-result").click()
    wait(phone, lambda b: b.find_element(By.ID, "share-result-status").text == KO["quizLinkCopied"])
    assert phone.execute_script("return window.copied") == link
    countdown = phone.find_element(By.ID, "birthday-countdown").text

    friend = chromium(*PHONES[1])
    try:
        as_phone(friend, *PHONES[1])
        friend.get(link)
        wait(friend, lambda b: step(b, "result").is_displayed())
        assert seen(friend) == result, "the same session and the same gift"
        assert friend.find_element(By.ID, "birthday-countdown").text == countdown
        assert friend.execute_script("return localStorage.getItem('modak.giftHistory')") is None, \
            "a result opened from a link is not the reader's own suggestion"
        # With no entry of the quiz before it, #quiz-back puts the previous step in its place.
        friend.find_element(By.ID, "quiz-back").click()
        wait(friend, lambda b: step(b, "questions").is_displayed())
        back = seen(friend)
        assert back["state"]["answers"] == result["state"]["answers"][:-1] and back["picked"] == "O"
    finally:
        friend.quit()


@pytest.mark.parametrize("gender", ["any", "male"])
def test_a_budget_no_gift_fits_is_said_at_once_and_no_question_is_asked(phone, served_sample, gender):
    with open(os.path.join(SAMPLE_CONTENT, "gifts", "gifts.json"), encoding="utf-8") as f:
        prices = [g["price"] for g in json.load(f) if gender == "any" or g.get("gender", "any") in ("any", gender)]
    open_quiz(phone, served_sample)
    Select(phone.find_element(By.ID, "gender")).select_by_value(gender)
    click_next(phone, "gender")
    wait(phone, lambda b: step(b, "birthday").is_displayed())
    phone.find_element(By.ID, "birth-month").send_keys("5")
    phone.find_element(By.ID, "birth-day").send_keys("9")
    click_next(phone, "birthday")
    wait(phone, lambda b: step(b, "budget").is_displayed())
    address = phone.current_url
    phone.find_element(By.ID, "budget-min").send_keys("1")
    phone.find_element(By.ID, "budget-max").send_keys("2")
    click_next(phone, "budget")
    message = phone.find_element(By.ID, "budget-message")
    wait(phone, lambda b: message.text)
    assert shown_step(phone) == "budget" and phone.execute_script("return Modak.quiz.state()") is None
    assert f"{min(prices):,}원" in message.text and f"{max(prices):,}원" in message.text, "the prices that would fit"
    assert phone.current_url == address, "no step was taken"
    said = message.text
    assert phone.switch_to.active_element.get_attribute("id") == "budget-min", "the budget, there to change"
    assert phone.find_element(By.ID, "quiz-back").is_displayed()
    # The same budget in a link to a question: the budget step and its message, no question.
    phone.get(served_sample + f"gifts/quiz/?order=file#step=question&gender={gender}&birthday=05-09&min=1&max=2")
    phone.refresh()
    wait(phone, lambda b: step(b, "budget").is_displayed())
    assert phone.find_element(By.ID, "budget-message").text == said
    assert phone.execute_script("return Modak.quiz.state()") is None
    phone.find_element(By.ID, "budget-max").clear()
    phone.find_element(By.ID, "budget-max").send_keys(str(max(prices)))
    click_next(phone, "budget")
    wait(phone, lambda b: step(b, "questions").is_displayed() or step(b, "result").is_displayed())
    assert phone.find_element(By.ID, "budget-message").text == ""


def browser_today(browser):
    today = browser.execute_script("const n = new Date(); return [n.getFullYear(), n.getMonth() + 1, n.getDate()]")
    return datetime.date(*today)


def kept_on(year, month, day):
    """The documented rule: 29 February, in a year without one, is kept on 28 February."""
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return datetime.date(year, 2, 28)


def next_birthday(today, month, day):
    date = kept_on(today.year, month, day)
    return date if date >= today else kept_on(today.year + 1, month, day)


def open_result(browser, base, month, day, extra=""):
    browser.get(base + f"gifts/quiz/?order=file#step=result&gender=any&birthday={month:02}-{day:02}&min=0&max=50000000"
                + "&answers=OOOOOO" + extra)
    browser.refresh()
    wait(browser, lambda b: step(b, "result").is_displayed())


@pytest.mark.parametrize("offset", [0, 1, 2, 45, 200, -1, "feb29"])
def test_the_result_counts_the_days_until_the_birthday(browser, served_sample, offset):
    today = browser_today(browser)
    if offset == "feb29":
        month, day = 2, 29
    else:
        birthday = today + datetime.timedelta(days=offset)
        month, day = birthday.month, birthday.day
    open_result(browser, served_sample, month, day)
    expected = next_birthday(today, month, day)
    days = (expected - today).days
    countdown = browser.find_element(By.ID, "birthday-countdown")
    assert int(countdown.get_attribute("data-days")) == days
    if days == 0:
        assert countdown.text == KO["quizBirthdayToday"]
    else:
        words = KO["quizBirthdayTomorrow" if days == 1 else "quizBirthdayIn"]
        assert countdown.text == words.replace("{days}", str(days)).replace("{date}", expected.strftime("%d-%m-%Y"))


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to run quiz-birthday.js")
def test_the_birthday_rules_over_years_of_days():
    """quiz-birthday.js against the documented rules, for every birthday seen from days of 2027
    and 2028 (a leap year): the next birthday, and the reminder 7 days before one at least 7 days away."""
    script = """
        const b = require(process.argv[1]);
        const out = [];
        for (const [y, m, d] of JSON.parse(process.argv[2])) {
          for (const [bm, bd] of JSON.parse(process.argv[3])) {
            const today = {year: y, month: m, day: d};
            const next = b.next(today, bm, bd), reminder = b.reminder(today, bm, bd);
            out.push([b.iso(next.date), next.days, b.iso(reminder.day), b.iso(reminder.birthday)]);
          }
        }
        console.log(JSON.stringify(out));"""
    todays = [datetime.date(2027, 1, 1) + datetime.timedelta(days=n) for n in range(0, 730, 3)]
    birthdays = [(2, 29), (2, 28), (3, 1), (12, 31), (1, 1), (1, 5), (6, 15)]
    result = subprocess.run(["node", "-e", script, os.path.join(REPO, "Templates", "assets", "js", "quiz-birthday.js"),
                             json.dumps([[t.year, t.month, t.day] for t in todays]), json.dumps(birthdays)],
                            capture_output=True, text=True, check=True)
    got = iter(json.loads(result.stdout))
    for today in todays:
        for month, day in birthdays:
            nxt = next_birthday(today, month, day)
            remind_for = nxt if (nxt - today).days >= 7 else kept_on(nxt.year + 1, month, day)
            reminder = remind_for - datetime.timedelta(days=7)
            expected = [nxt.isoformat(), (nxt - today).days, reminder.isoformat(), remind_for.isoformat()]
            assert next(got) == expected, (today, month, day)


@pytest.fixture
def downloader(tmp_path):
    """A fresh browser at 320×640 that saves downloads in a folder of its own."""
    driver = chromium(*PHONES[1])
    as_phone(driver, *PHONES[1])
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    yield driver, tmp_path
    driver.quit()


@pytest.mark.parametrize("offset", [30, 3])
def test_the_reminder_is_an_ics_event_a_week_before_the_birthday(downloader, served_sample, offset):
    driver, folder = downloader
    today = browser_today(driver)
    birthday = today + datetime.timedelta(days=offset)
    open_result(driver, served_sample, birthday.month, birthday.day)
    gift = driver.find_element(By.CSS_SELECTOR, "#gift-result .gift-name").text
    link = driver.find_element(By.ID, "result-link").get_attribute("value")
    driver.find_element(By.ID, "birthday-reminder").click()
    path = downloaded(folder, ".ics")
    assert os.path.basename(path) == "birthday-reminder.ics"
    raw = open(path, "rb").read()
    assert all(len(line) <= 75 for line in raw.split(b"\r\n")) and raw.endswith(b"\r\n")
    events = icalendar.Calendar.from_ical(raw).walk("VEVENT")
    assert len(events) == 1
    # A birthday fewer than 7 days away is too close for this year's reminder: next year's.
    kept = birthday if offset >= 7 else kept_on(birthday.year + 1, birthday.month, birthday.day)
    assert events[0]["DTSTART"].dt == kept - datetime.timedelta(days=7)
    assert kept.strftime("%d-%m-%Y") in str(events[0]["SUMMARY"]) and "모닥이" in str(events[0]["SUMMARY"])
    assert gift in str(events[0]["DESCRIPTION"]) and str(events[0]["URL"]) == link
    assert events[0].walk("VALARM")
    status = driver.find_element(By.ID, "birthday-status").text
    assert (kept - datetime.timedelta(days=7)).strftime("%d-%m-%Y") in status


# ---------------------------------------------------------------- answers at every text size

WORDS = """
    const words = [];
    for (const button of document.querySelectorAll('.question-card [data-answer]')) {
      const box = button.getBoundingClientRect();
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
          words.push({word: match[0], lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
                      inside: rects.every((rect) => rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5)});
        }
      }
    }
    const tops = [...document.querySelectorAll('.question-card [data-answer]')]
      .map((b) => Math.round(b.getBoundingClientRect().top));
    const root = document.documentElement;
    return {words, tops, width: root.scrollWidth, size: root.dataset.size || null};"""
SIZES = ["small", "medium", "large", "x-large"]


@pytest.fixture(scope="module")
def english_site(tmp_path_factory):
    content = tmp_path_factory.mktemp("english") / "content"
    shutil.copytree(SAMPLE_CONTENT, content)
    config = json.loads((content / "site.json").read_text(encoding="utf-8"))
    (content / "site.json").write_text(json.dumps({**config, "language": "en", "cards": False}), encoding="utf-8")
    with serving(build_site(str(content), str(content.parent / "public"))) as base:
        yield base


@pytest.mark.parametrize("language", ["ko", "en"])
def test_answer_buttons_never_break_inside_a_word_at_any_text_size(browser, served_sample, english_site, language):
    base = served_sample if language == "ko" else english_site
    labels = (KO if language == "ko" else EN)
    words = set(" ".join([labels["quizYes"], labels["quizNo"], labels["quizSkip"]]).split())
    try:
        for width, height in PHONES:
            as_phone(browser, width, height)
            for size in SIZES:
                browser.get(base + "gifts/quiz/?order=file")
                browser.execute_script("localStorage.setItem('modak.size', arguments[0])", size)
                browser.get(base + "gifts/quiz/?order=file#step=question&" + EVERYTHING)
                browser.refresh()  # the boot script applies the size on load
                wait(browser, lambda b: step(b, "questions").is_displayed())
                seen_now = browser.execute_script(WORDS)
                where = f"{language} at {size} on {width}×{height}"
                assert seen_now["size"] == size, where
                assert words <= {w["word"] for w in seen_now["words"]}, where
                split = [w["word"] for w in seen_now["words"] if w["lines"] != 1 or not w["inside"]]
                assert split == [], f"{where}: words broken or sticking out: {split}"
                assert seen_now["width"] <= width, f"{where}: the page is wider than the screen"
                tops = seen_now["tops"]
                assert len(set(tops)) in (1, len(tops)), f"{where}: in a row, or one under another: {tops}"
    finally:
        browser.execute_script("localStorage.clear()")
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def axe_source():
    try:
        import axe_selenium_python
    except ImportError:
        return None
    path = os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core", "axe.min.js")
    return open(path, encoding="utf-8").read() if os.path.exists(path) else None


@pytest.mark.skipif(axe_source() is None, reason="axe-core (axe_selenium_python) is needed")
def test_every_step_opened_from_its_address_is_accessible(browser, served_sample):
    """axe-core on each step as an address opens it at 320×640 with the largest text: the budget no
    gift fits, a question with stacked answers, the result with its countdown, reminder and link."""
    source = axe_source()
    as_phone(browser, 320, 640)
    browser.get(served_sample + "gifts/quiz/?order=file")
    browser.execute_script("localStorage.setItem('modak.size', 'x-large')")
    try:
        for fragment in ["", "#step=budget&gender=male&birthday=05-09&min=1&max=2",
                         f"#step=question&{EVERYTHING}&answers=OX",
                         f"#step=result&{EVERYTHING}&answers=OOOOOO",
                         "#step=result&gender=any&birthday=02-29&min=6500&max=6500&answers=XXX"]:
            browser.get(served_sample + "gifts/quiz/?order=file" + fragment)
            browser.refresh()
            wait(browser, lambda b: not b.find_element(By.ID, "quiz-status").is_displayed())
            browser.execute_script(source)
            violations = browser.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document).then((r) => done(r.violations.map((v) => [v.id, v.nodes.map((n) => n.target)])))")
            assert violations == [], f"{fragment or 'the first step'}: {violations}"
            assert browser.execute_script("return document.documentElement.scrollWidth") <= 320
    finally:
        browser.execute_script("localStorage.clear()")
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
