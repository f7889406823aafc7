#!/usr/bin/env python3
"""What a first visit costs a slow phone on the pages a reader starts from, and when each shows its
content: the profile of bench/browser.py (CPU 4x slower, 150 ms and 200,000 bytes/s each way, text
gzipped; its server, browser and traffic count are reused here), on any built site.

usage: bench/phone.py SITE      a built site folder (e.g. `modak build --output /tmp/public`)
       PHONE_RUNS=N             visits per page (default 3); the table shows medians

For each page, loaded cold (no cache, no storage, no service worker): the bytes sent (gzipped,
Network.loadingFinished encodedDataLength) until the network has been quiet for a second, the
requests, the load event, the largest contentful paint, and the moment the page's content is
visible (its selector below matches an element with a box: the search's first result, the quiz's
first step once its data has come). Times are from the navigation's start, in seconds. Prints a
Markdown table (bench/README.md, "A phone's first visit"); measures, checks no goal.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import LCP_SCRIPT, KB, Traffic, chromium, cold, serve  # noqa: E402

# Runs in every document before its own scripts (CDP, so the pages' CSP does not apply): records
# when `window.__shownSelector` first matches a rendered element.
WATCH_SCRIPT = """
(() => {
  const check = () => {
    const selector = sessionStorage.getItem("bench.shown");
    const found = selector && document.querySelector(selector);
    if (found && found.getClientRects().length && window.__shown === undefined) window.__shown = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener("DOMContentLoaded", check);
})();
"""

TIMES_SCRIPT = """
const done = arguments[arguments.length - 1];
const load = () => performance.getEntriesByType("navigation")[0].loadEventEnd / 1000;
const wait = (until) => new Promise((resolve) => {
  const start = Date.now();
  (function poll() { until() || Date.now() - start > 15000 ? resolve() : setTimeout(poll, 50); })();
});
wait(() => load() > 0 && window.__shown !== undefined).then(() =>
  done([load() || null, window.__shown === undefined ? null : window.__shown / 1000]));
"""


def two_words(site):
    """The home page's saying of the day, and two words of its English text: a query that finds it."""
    home = open(os.path.join(site, "index.html"), encoding="utf-8").read()
    saying = re.search(r'id="today"[^>]*data-saying-id="([^"]+)"', home).group(1)
    page = open(os.path.join(site, "sayings", saying, "index.html"), encoding="utf-8").read()
    words = re.findall(r"[A-Za-z]{4,}", re.search(r'<p class="eng"[^>]*>([^<]+)<', page).group(1))
    return saying, words[:2]


def pages(site):
    saying, words = two_words(site)
    return [
        ("home", "", "#today"),
        ("a saying", f"sayings/{saying}/", f'main [data-saying-id="{saying}"]'),
        (f"search «{' '.join(words)}»", "search/?q=" + "+".join(words), "#search-results [data-saying-id]"),
        ("settings", "settings/", "#theme-select"),
        ("souvenirs", "souvenirs/", "main h1"),
        ("gifts/quiz/", "gifts/quiz/", '[data-step="gender"]:not([hidden])'),
    ]


def measure(driver, base, path, shown):
    cold(driver, base)
    driver.execute_script("sessionStorage.setItem('bench.shown', arguments[0])", shown)
    traffic = Traffic(driver)
    driver.get(base + path)
    load, visible = driver.execute_async_script(TIMES_SCRIPT)
    sent, count = traffic.until_quiet()
    return sent, count, load, driver.execute_async_script(LCP_SCRIPT), visible


def median(values):
    """The middle of `values`, None (never) counting as the largest."""
    return sorted(values, key=lambda value: float("inf") if value is None else value)[len(values) // 2]


def main():
    site = sys.argv[1]
    server, base = serve(site)
    driver = chromium()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_SCRIPT})
    rows = []
    try:
        for name, path, shown in pages(site):
            runs = [measure(driver, base, path, shown) for _ in range(int(os.environ.get("PHONE_RUNS", "3")))]
            rows.append((name, *(median([run[i] for run in runs]) for i in range(5))))
    finally:
        driver.quit()
        server.shutdown()

    def seconds(value):
        return f"{value:.2f}" if value is not None else "never"

    print("| page (cold) | KB sent | requests | load event, s | LCP, s | content shown, s |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, sent, count, load, lcp, visible in rows:
        print(f"| {name} | {sent / KB:.1f} | {count} | {seconds(load)} | {seconds(lcp)} | {seconds(visible)} |")


if __name__ == "__main__":
    sys.exit(main())
