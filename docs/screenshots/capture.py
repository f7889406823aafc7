#!/usr/bin/env python3
"""Remakes the README screenshots: home, a saying page and settings in every theme, plus a phone:
the same pages, the reader's data on settings, the reader's own souvenirs, and the offline page.

usage: python3 docs/screenshots/capture.py     (after `swift build`; needs chromium, chromedriver, selenium)

Builds the sample content as of the sample day into a temporary folder, serves it on 127.0.0.1 and
photographs it in headless Chromium. The reader has liked the saying of the day, so a pressed
toggle shows too.
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

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MODAK = os.path.join(REPO, os.environ.get("MODAK", ".build/debug/modak"))
DATE = "2026-11-30"
THEMES = ["bonfire", "light", "dark"]
DESKTOP = (1200, 900)
PHONE = (390, 844)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


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

        def shoot(name, theme, path, size):
            width, height = size
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            browser.get(base)
            browser.execute_script("localStorage.clear(); localStorage.setItem('modak.theme', arguments[0]);"
                                   "localStorage.setItem('modak.liked', arguments[1])", theme, json.dumps([today]))
            browser.get(base + path)
            time.sleep(0.3)  # let the script settle the toggles
            file = os.path.join(HERE, f"{name}.png")
            browser.save_screenshot(file)
            print(os.path.relpath(file, REPO))

        for theme in THEMES:
            for page, path in pages.items():
                shoot(f"{page}-{theme}", theme, path, DESKTOP)
        for page, path in pages.items():
            shoot(f"phone-{page}", "bonfire", path, PHONE)
        shoot_pocket(browser, base)
    finally:
        browser.quit()
        server.shutdown()


def shoot_pocket(browser, base):
    """On a phone: the reader's data on settings, a sealed and an opened souvenir of the reader's
    own, and the offline page the service worker shows for a page never opened."""
    def save(name, scroll_to=None, height=PHONE[1]):
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": height, "deviceScaleFactor": 1, "mobile": True})
        if scroll_to:
            browser.execute_script("document.getElementById(arguments[0]).scrollIntoView()", scroll_to)
        time.sleep(0.3)
        file = os.path.join(HERE, f"{name}.png")
        browser.save_screenshot(file)
        print(os.path.relpath(file, REPO))

    browser.get(base)
    browser.execute_script("""
        localStorage.clear();
        const day = (offset) => Modak.storage.dayOf(new Date(Date.now() + offset * 86400000));
        localStorage.setItem('modak.souvenirs', JSON.stringify([
          { id: 'a1b2c3d4e5f60718', message: 'sealed', deliver: day(365), written: day(0) },
          { id: '0f1e2d3c4b5a6978', message: '작년의 나에게서: 올해도 모닥불 앞에 앉아 있기를.', deliver: day(0), written: day(-365) },
        ]));""")
    browser.get(base + "settings/")
    save("phone-settings-data", "data-heading")
    browser.get(base + "souvenirs/")
    save("phone-souvenirs", "capsule-heading", 1100)
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
