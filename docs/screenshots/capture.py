#!/usr/bin/env python3
"""Remakes the README screenshots: home, a saying page and settings in every theme, plus a phone:
the same pages, the reader's data on settings, the reader's own souvenirs, the offline page, and
the gift quiz: a question card dragged towards "yes", and a result with its history, and the
lists of sayings: the home page's pager, a numbered page, a tag's page and a search.

usage: python3 docs/screenshots/capture.py [quiz|lists]     (after `swift build`; needs chromium, chromedriver, selenium)

Builds the sample content as of the sample day into a temporary folder, serves it on 127.0.0.1 and
photographs it in headless Chromium. The reader has liked the saying of the day, so a pressed
toggle shows too. With `quiz` or `lists`, only those pictures are made.
"""
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MODAK = os.path.join(REPO, os.environ.get("MODAK", ".build/debug/modak"))
DATE = "2026-11-30"
THEMES = ["bonfire", "light", "dark"]
DESKTOP = (1200, 900)
PHONE = (390, 844)
# Every shot but the welcome's own is of a reader who has closed the first visit's welcome.
WELCOMED = "localStorage.setItem('modak.welcomed', '1');"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def drag_card(browser, dx, dy, release):
    """Presses on the question card with a finger and moves it by (dx, dy)."""
    x, y = browser.execute_script(
        "const r = document.querySelector('.card-stack').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height * 0.4];")
    actions = ActionBuilder(browser, mouse=PointerInput(interaction.POINTER_MOUSE, "mouse"), duration=20)
    actions.pointer_action.move_to_location(int(x), int(y))
    actions.pointer_action.pointer_down()
    for i in range(1, 11):
        actions.pointer_action.move_to_location(int(x + dx * i / 10), int(y + dy * i / 10))
    if release:
        actions.pointer_action.pointer_up()
    actions.perform()


def shoot_quiz(browser, base, save):
    """The quiz on a phone: a card mid-drag past the "yes" threshold, then a result with its history."""
    width, height = PHONE
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    browser.get(base)
    browser.execute_script("localStorage.clear(); localStorage.setItem('modak.theme', 'bonfire');" + WELCOMED)
    wait = WebDriverWait(browser, 5)

    def through_the_steps(gender, low, high):
        browser.get(base + "gifts/quiz/?order=file")
        wait.until(lambda b: b.find_element("id", "gender").is_displayed())
        Select(browser.find_element("id", "gender")).select_by_value(gender)
        browser.find_element("css selector", '[data-step="gender"] button[type=submit]').click()
        browser.find_element("id", "birth-month").send_keys("12")
        browser.find_element("id", "birth-day").send_keys("24")
        browser.find_element("css selector", '[data-step="birthday"] button[type=submit]').click()
        browser.find_element("id", "budget-min").send_keys(str(low))
        browser.find_element("id", "budget-max").send_keys(str(high), Keys.ENTER)
        wait.until(lambda b: b.find_element("css selector", ".question-card").is_displayed())

    def finish():
        while browser.find_element("css selector", '[data-step="questions"]').is_displayed():
            drag_card(browser, 150, -10, True)
        time.sleep(0.4)

    # A finished quiz first, so the history has an entry.
    through_the_steps("female", 20000, 60000)
    finish()
    through_the_steps("any", 10000, 50000)
    drag_card(browser, -150, 0, True)  # one "no", so the progress bar has moved
    time.sleep(0.5)
    browser.execute_script("document.querySelector('.card-stack').scrollIntoView({block: 'end'}); scrollBy(0, 40); document.activeElement.blur()")
    drag_card(browser, 130, -20, False)
    time.sleep(0.2)
    save("phone-quiz-card")
    actions = ActionBuilder(browser, mouse=PointerInput(interaction.POINTER_MOUSE, "mouse"), duration=20)
    actions.pointer_action.pointer_up()
    actions.perform()
    time.sleep(0.4)
    finish()
    browser.find_element("id", "another-gift").click()
    time.sleep(0.4)
    browser.execute_script("document.getElementById('result-heading').scrollIntoView({block: 'start'}); document.activeElement.blur()")
    save("phone-quiz-result")


def main():
    output = os.path.join(tempfile.mkdtemp(prefix="modak-shots-"), "public")
    subprocess.run([MODAK, "build", "--content", os.path.join(REPO, "content"), "--output", output, "--date", DATE], check=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=output))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        browser.get(base)
        today = browser.find_element("id", "today").get_attribute("data-saying-id")
        pages = {"home": "", "saying": f"sayings/{today}/", "settings": "settings/"}

        def save(name):
            file = os.path.join(HERE, f"{name}.png")
            browser.save_screenshot(file)
            print(os.path.relpath(file, REPO))

        if sys.argv[1:] == ["quiz"]:
            shoot_quiz(browser, base, save)
            return 0
        if sys.argv[1:] == ["pocket"]:
            shoot_pocket(browser, base)
            return 0
        if sys.argv[1:] == ["lists"]:
            shoot_lists(browser, base, save)
            return 0

        def shoot(name, theme, path, size):
            width, height = size
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            browser.get(base)
            browser.execute_script("localStorage.clear(); localStorage.setItem('modak.theme', arguments[0]);" + WELCOMED +
                                   "localStorage.setItem('modak.liked', arguments[1])", theme, json.dumps([today]))
            browser.get(base + path)
            time.sleep(0.3)  # let the script settle the toggles
            save(name)

        for theme in THEMES:
            for page, path in pages.items():
                shoot(f"{page}-{theme}", theme, path, DESKTOP)
        for page, path in pages.items():
            shoot(f"phone-{page}", "bonfire", path, PHONE)
        shoot_pocket(browser, base)
        shoot_quiz(browser, base, save)
        shoot_lists(browser, base, save)
    finally:
        browser.quit()
        server.shutdown()


def shoot_lists(browser, base, save):
    """On a phone: the end of the home page (its newest sayings, pager and ways on), page 1 of all
    sayings, the tag with the most sayings, and a search in Korean."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    browser.get(base)
    browser.execute_script("localStorage.clear(); localStorage.setItem('modak.theme', 'bonfire');" + WELCOMED)
    browser.get(base)
    browser.execute_script("document.querySelector('.page-nav').scrollIntoView({block: 'end'})")
    save("phone-home-pager")
    browser.get(base + "page/1/")
    save("phone-archive-page")
    browser.get(base + "tags/")
    tag = browser.execute_script("""return [...document.querySelectorAll('.term-list a')]
        .sort((a, b) => b.querySelector('.term-count').textContent - a.querySelector('.term-count').textContent)[0].href""")
    browser.get(tag)
    save("phone-tag")
    browser.get(base + "search/?q=" + "사랑")
    WebDriverWait(browser, 5).until(lambda b: b.find_elements("css selector", "#search-results [data-saying-id]"))
    time.sleep(0.3)
    save("phone-search")


def shoot_pocket(browser, base):
    """On a phone: the first visit's welcome, the reader's data on settings with the link and QR code
    that carry it to another device, the reader's letters (one sealed, one opened), and the offline
    page the service worker shows for a page never opened."""
    def save(name, scroll_to=None, height=PHONE[1]):
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": height, "deviceScaleFactor": 1, "mobile": True})
        if scroll_to:
            browser.execute_script("document.getElementById(arguments[0]).scrollIntoView()", scroll_to)
        time.sleep(0.3)
        file = os.path.join(HERE, f"{name}.png")
        browser.save_screenshot(file)
        print(os.path.relpath(file, REPO))

    browser.get(base)
    browser.execute_script("localStorage.clear(); localStorage.setItem('modak.theme', 'bonfire')")
    browser.get(base)
    save("phone-welcome")
    browser.execute_script("""
        localStorage.clear();
        localStorage.setItem('modak.welcomed', '1');
        const day = (offset) => Modak.storage.dayOf(new Date(Date.now() + offset * 86400000));
        localStorage.setItem('modak.souvenirs', JSON.stringify([
          { id: 'a1b2c3d4e5f60718', message: 'sealed', deliver: day(365), written: day(0) },
          { id: '0f1e2d3c4b5a6978', message: '작년의 나에게서: 올해도 모닥불 앞에 앉아 있기를.', deliver: day(0), written: day(-365) },
        ]));""")
    browser.get(base + "settings/")
    save("phone-settings-data", "data-heading")
    browser.find_element("id", "transfer-link").click()
    WebDriverWait(browser, 5).until(lambda b: b.find_elements("css selector", "#transfer-qr svg"))
    save("phone-settings-transfer", "transfer-qr")
    browser.get(base + "souvenirs/")
    save("phone-souvenirs", "own-heading", 1100)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    browser.get(base)
    for _ in range(50):
        if browser.execute_script("return !!navigator.serviceWorker.controller"):
            break
        time.sleep(0.1)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        browser.get(base + "notices/")
        save("phone-offline")
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


if __name__ == "__main__":
    sys.exit(main())
