#!/usr/bin/env python3
"""What a reader's phone fetches from a big site, and how soon it shows it (issue 24).

usage: bench/browser.py SITE      a built site folder (bench/run builds the 10,000 corpus)

Headless Chromium under the slow profile: the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate)
and a 150 ms, 200,000 bytes/s network both ways (Network.emulateNetworkConditions), the site
served from 127.0.0.1 by a server that gzips text as web servers do. Bytes are as sent, gzipped
(Network.loadingFinished encodedDataLength). Each page is loaded cold (no cache, no storage, no
service worker): its bytes until the network is quiet, and its largest contentful paint. Each
query is typed on a loaded search page: the bytes it fetched, and the time from the input event
until its first result shows. Goals: a page <= 150 KB and LCP <= 2.5 s; a query <= 150 KB and
its first results <= 1.5 s. Prints the table; exits 1 when a goal is missed.
"""
import collections
import gzip
import http.server
import io
import json
import os
import sys
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

KB = 1000
PAGE_GOAL, LCP_GOAL = 150 * KB, 2.5
QUERY_GOAL, RESULTS_GOAL = 150 * KB, 1.5
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 200_000}
CPU_SLOWDOWN = 4
# The network counts as quiet after this long without a request or a response.
QUIET_SECONDS = 1.0
TEXT_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".json": "application/json",
              ".xml": "application/xml", ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json", ".txt": "text/plain"}


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Text gzipped (level 6, as nginx and Apache default to) when the browser accepts it."""

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        kind = TEXT_TYPES.get(os.path.splitext(path)[1])
        if not kind or not os.path.isfile(path) or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, *args):
        pass


def serve(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: GzipHandler(*a, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Network.enable", {})
    # The page's own requests, all on its network: the service worker (which fetches the shell once
    # a version, on a network of its own) answers none of them.
    driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", NETWORK)
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return driver


class Traffic:
    """The page's network events from the performance log: bytes as sent, per finished request."""

    def __init__(self, driver):
        self.driver = driver

    def drain(self):
        """Bytes and requests finished since the last call, and whether any event came."""
        sent, count, events = 0, 0, 0
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message["method"], message.get("params", {})
            if not method.startswith("Network."):
                continue
            events += 1
            if method == "Network.loadingFinished":
                sent += params["encodedDataLength"]
                count += 1
        return sent, count, events

    def until_quiet(self, sent=0, count=0):
        """Adds up the traffic until nothing happened for QUIET_SECONDS."""
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < QUIET_SECONDS:
            time.sleep(0.2)
            more, finished, events = self.drain()
            sent, count = sent + more, count + finished
            if events:
                quiet_since = time.monotonic()
        return sent, count


LCP_SCRIPT = """
const done = arguments[arguments.length - 1];
new PerformanceObserver((list) => { const entries = list.getEntries(); done(entries[entries.length - 1].startTime / 1000); })
  .observe({ type: "largest-contentful-paint", buffered: true });
setTimeout(() => done(null), 3000);
"""


def cold(driver, base, liked=()):
    """A first visit: no cache, no storage, no service worker; `liked` ids in the reader's favorites."""
    driver.get(base + "robots.txt")
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": base.rstrip("/"), "storageTypes": "all"})
    if liked:
        driver.execute_script("localStorage.setItem('modak.liked', arguments[0])", json.dumps(list(liked)))
    Traffic(driver).drain()


def measure_page(driver, base, path, liked=()):
    cold(driver, base, liked)
    traffic = Traffic(driver)
    driver.get(base + path)
    sent, count = traffic.until_quiet()
    return sent, count, driver.execute_async_script(LCP_SCRIPT)


QUERY_SCRIPT = """
const [query, done] = arguments;
const field = document.getElementById("search-input"), results = document.getElementById("search-results");
const start = performance.now();
const shown = () => results.querySelector("[data-saying-id]") && done((performance.now() - start) / 1000);
new MutationObserver(shown).observe(results, { childList: true, subtree: true });
setTimeout(() => done(null), 10000);
field.value = query;
field.dispatchEvent(new Event("input"));
"""


def measure_query(driver, base, query):
    cold(driver, base)
    driver.get(base + "search/")
    traffic = Traffic(driver)
    traffic.until_quiet()
    seconds = driver.execute_async_script(QUERY_SCRIPT, query)
    sent, count = traffic.until_quiet()
    return sent, count, seconds


def queries(site):
    """A Korean word, its initial consonants and an English word, as frequent as the corpus has them."""
    chunk = json.load(open(os.path.join(site, "data", "sayings", "0.json"), encoding="utf-8"))
    words = collections.Counter(w for row in chunk for w in row[1].split() if len(w) == 2)
    korean = sorted(words, key=lambda w: (-words[w], w))[0]
    initials = "".join("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"[(ord(c) - 0xAC00) // 588] for c in korean)
    return [("Korean word", korean), ("initials", initials), ("English word", "Patience")]


def pages(site):
    """Home, page 2, the archive, the newest month, the largest tag, an author, favorites and unused."""
    months = sorted(f"archive/{y}/{m}/" for y in os.listdir(os.path.join(site, "archive")) if y.isdigit() for m in os.listdir(os.path.join(site, "archive", y)))
    tags = [t for t in os.listdir(os.path.join(site, "tags")) if os.path.isdir(os.path.join(site, "tags", t))]
    largest_tag = max(sorted(tags), key=lambda t: len(os.listdir(os.path.join(site, "tags", t, "page"))) if os.path.isdir(os.path.join(site, "tags", t, "page")) else 0)
    author = sorted(a for a in os.listdir(os.path.join(site, "authors")) if os.path.isdir(os.path.join(site, "authors", a)))[0]
    # Ten favorites spread over the whole site: ten data files to fetch.
    ids = json.load(open(os.path.join(site, "data", "ids", "0.json"), encoding="utf-8"))
    liked = sorted(ids, key=lambda i: ids[i])[::max(1, len(ids) // 10)][:10]
    return [("home", "", ()), ("page 2", "page/2/", ()), ("archive", "archive/", ()), ("a month", months[-1], ()),
            (f"a tag ({largest_tag})", f"tags/{largest_tag}/", ()), ("an author", f"authors/{author}/", ()),
            ("favorites (10)", "favorites/", liked), ("unused", "unused/", ())]


def main():
    site = sys.argv[1]
    server, base = serve(site)
    driver = chromium()
    rows, missed = [], []
    try:
        for name, path, liked in pages(site):
            sent, count, lcp = measure_page(driver, base, path, liked)
            ok = sent <= PAGE_GOAL and lcp is not None and lcp <= LCP_GOAL
            rows.append((f"page: {name}", sent, count, "LCP", lcp, ok))
        for name, query in queries(site):
            sent, count, seconds = measure_query(driver, base, query)
            ok = sent <= QUERY_GOAL and seconds is not None and seconds <= RESULTS_GOAL
            rows.append((f"query: {name} «{query}»", sent, count, "first results", seconds, ok))
    finally:
        driver.quit()
        server.shutdown()
    print("\nreader's phone (CPU 4x slower, 150 ms, 200,000 B/s, gzip): goals page <= 150 KB, LCP <= 2.5 s; query <= 150 KB, results <= 1.5 s")
    print(f"{'':<36} {'KB sent':>8} {'requests':>9} {'':>14} {'s':>6}")
    for what, sent, count, label, seconds, ok in rows:
        shown = f"{seconds:.2f}" if seconds is not None else "never"
        print(f"{what:<36} {sent / KB:>8.1f} {count:>9} {label:>14} {shown:>6}  {'ok' if ok else 'MISSED'}")
        if not ok:
            missed.append(what)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
