"""Shared fixtures for the checks that look at Modak's output the way users and their tools do."""
import atexit
import contextlib
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import unicodedata

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from hangul_query import INITIALS, initial_of, term_pattern  # noqa: F401 (the tests import them from here)

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODAK = os.path.abspath(os.path.join(REPO, os.environ.get("MODAK", ".build/debug/modak")))
SAMPLE_CONTENT = os.path.join(REPO, "content")
# The sample site's "today": some sayings are new, some scheduled, some souvenirs sealed.
SAMPLE_DATE = "2026-11-30"
# Builds keep their bookkeeping in a cache folder of their own, not the user's (~/.cache/modak).
CACHE = tempfile.mkdtemp(prefix="modak-cache-")
os.environ["MODAK_CACHE_DIR"] = CACHE
atexit.register(shutil.rmtree, CACHE, True)


def bookkeeping_of(output, cache=None):
    """The cache folder holding the manifest, record and lock of the output folder `output`."""
    outputs = os.path.join(cache or os.environ["MODAK_CACHE_DIR"], "outputs")
    for name in os.listdir(outputs) if os.path.isdir(outputs) else []:
        recorded = os.path.join(outputs, name, "output")
        if os.path.exists(recorded) and open(recorded).read() == os.path.realpath(output):
            return os.path.join(outputs, name)
    return None


def run_modak(*args, check=True, input=None):
    """Runs the modak binary; returns the CompletedProcess (text mode)."""
    result = subprocess.run([MODAK, *args], capture_output=True, text=True, input=input)
    if check and result.returncode != 0:
        raise AssertionError(f"modak {' '.join(args)} exited {result.returncode}:\n{result.stderr}")
    return result


def snapshot(folder):
    """Every file below `folder` (hidden ones included) → bytes, to compare whole output trees."""
    tree = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            with open(path, "rb") as f:
                tree[os.path.relpath(path, folder)] = f.read()
    return tree


def build_site(content, output, date=SAMPLE_DATE, *extra):
    run_modak("build", "--content", content, "--output", output, "--date", date, *extra)
    return output


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory):
    """The bundled sample content built once for the whole session (read-only for tests)."""
    return build_site(SAMPLE_CONTENT, str(tmp_path_factory.mktemp("sample") / "public"))


@pytest.fixture
def content_copy(tmp_path):
    """A writable copy of the sample content folder."""
    destination = tmp_path / "content"
    shutil.copytree(SAMPLE_CONTENT, destination)
    return destination


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".svg": "image/svg+xml", ".json": "application/json", ".ics": "text/calendar",
                      ".js": "text/javascript", ".xml": "application/xml", ".webmanifest": "application/manifest+json"}

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serving(folder):
    """`folder` served on 127.0.0.1 (a secure context, as service workers need); yields its base URL (ending in /)."""
    handler = functools.partial(_QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def served_sample(sample_site):
    """The sample site served on 127.0.0.1; yields its base URL (ending in /)."""
    with serving(sample_site) as url:
        yield url


def chromium(width=1280, height=900, console_log=False):
    """A new headless Chromium, with a profile of its own, through Debian's chromedriver; with
    `console_log`, its console messages are kept for `get_log("browser")`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(argument)
    if console_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium through Debian's chromedriver."""
    driver = chromium()
    yield driver
    driver.quit()


def published_sayings(site):
    """The built site's published sayings as its data files hold them (docs/reference/output.md,
    "Saying data"), newest first: dicts of id, kor, eng, who, author (its slug), day, tags (names),
    tag_slugs and new."""
    settings = open(os.path.join(site, "search", "index.html"), encoding="utf-8").read()
    count, new_count, chunk_size = (int(re.search(f'data-{name}="(\\d+)"', settings).group(1)) for name in ("count", "new-count", "chunk-size"))
    rows = []
    for chunk in range((count + chunk_size - 1) // chunk_size):
        with open(os.path.join(site, "data", "sayings", f"{chunk}.json"), encoding="utf-8") as f:
            rows += json.load(f)
    assert len(rows) == count
    fields = ("id", "kor", "eng", "who", "author", "day")
    entries = []
    for number, row in enumerate(rows):
        tags = row[6] if len(row) > 6 else []
        entries.append({**dict(zip(fields, row)), "tags": tags[0::2], "tag_slugs": tags[1::2], "new": number >= count - new_count})
    return entries[::-1]


# A reference of the search rules, to compare the page's results with.
def term_matches(term, text, composing=False):
    return bool(term_pattern(term, composing).search(text))


def expected_results(entries, query, composing=False, names=None):
    """The ids of `entries` holding every word of `query`, in their order; `composing`: the last
    word's last syllable is still being composed; `names`: the other names of authors, by slug."""
    terms = unicodedata.normalize("NFC", query).lower().replace("ς", "σ").split()
    patterns = [term_pattern(term, composing and i == len(terms) - 1) for i, term in enumerate(terms)]
    def text(entry):
        return "\n".join([entry["kor"], entry["eng"], entry["who"], *(names or {}).get(entry["author"], []), *entry["tags"]]).lower().replace("ς", "σ")
    return [entry["id"] for entry in entries if all(pattern.search(text(entry)) for pattern in patterns)]


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


@pytest.fixture
def phone(browser, served_sample):
    """The browser as a 390×844 phone on the sample's quiz, with no history; motion and metrics put back afterwards."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    browser.get(served_sample + "gifts/quiz/?order=file")
    browser.execute_script("localStorage.clear()")
    yield browser
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.execute_script("localStorage.clear()")


def downloaded(folder, suffix, timeout=10):
    """The path of the file ending in `suffix` that Chromium saved into `folder`, once whole: there,
    not empty, and no download still in progress (`.crdownload`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        names = os.listdir(folder)
        found = [os.path.join(folder, name) for name in names if name.endswith(suffix)]
        if found and os.path.getsize(found[0]) and not any(name.endswith(".crdownload") for name in names):
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"no whole {suffix} file was downloaded into {folder}")


def wait(browser, condition, timeout=5):
    """`condition(browser)` once it holds, within `timeout` seconds."""
    return WebDriverWait(browser, timeout).until(lambda driver: condition(driver))


# The sample's pages as a reader opens them (test_browser.py, test_looks.py); modules with a
# `site` of their own (another site, another browser) override it.
@pytest.fixture
def site(browser, served_sample):
    """Opens pages of the served sample with a clean localStorage; yields `open(path)`."""
    browser.set_window_size(1280, 900)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    browser.get(served_sample)
    browser.execute_script("localStorage.clear()")

    def open_page(path=""):
        browser.get(served_sample + path)
        return browser

    yield open_page
    browser.execute_script("localStorage.clear()")


@pytest.fixture(scope="session")
def index(sample_site):
    return published_sayings(sample_site)
