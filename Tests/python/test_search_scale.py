"""Search on a big site (issue 33): the 10,000-saying bench corpus, with other names for one author
(authors.json). Every query, of one to six words, in Korean, English, Hangul initials, mixed, with a
last syllable still being composed or an author's other name, finds exactly the sayings a reference
search finds; a query of six words fetches at most 150 KB, gzipped as servers send it, in Chromium."""
import collections
import json
import os
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, build_site, expected_results, initial_of, published_sayings

sys.path.insert(0, os.path.join(REPO, "bench"))
from browser import serve  # noqa: E402  (the bench's server, which gzips text as web servers do)

SIZE = 10000
BUDGET = 150 * 1000
# The author given other names, and them.
AUTHOR = "Kim Min-jun"
NAMES = {"ko": "김민준", "aliases": ["MJ Kim"]}


@pytest.fixture(scope="module")
def big_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("search-scale")
    subprocess.run([sys.executable, os.path.join(REPO, "bench", "gen.py"), str(SIZE), str(folder)],
                   check=True, capture_output=True)
    content = folder / "content"
    with open(content / "site.json", "w", encoding="utf-8") as f:
        json.dump({"title": "Sayings", "baseURL": "https://sayings.example.com/", "language": "en",
                   "timezone": "Asia/Seoul", "cards": False}, f)
    with open(content / "authors.json", "w", encoding="utf-8") as f:
        json.dump({AUTHOR: NAMES}, f, ensure_ascii=False)
    return build_site(str(content), str(folder / "public"), "2040-01-01")


@pytest.fixture(scope="module")
def sayings(big_site):
    entries = published_sayings(big_site)
    assert len(entries) == SIZE
    return entries


@pytest.fixture(scope="module")
def names(big_site):
    with open(os.path.join(big_site, "search", "keys.json"), encoding="utf-8") as f:
        return json.load(f)["names"]


@pytest.fixture
def search_page(browser, big_site):
    """A cold search page of the big site, served gzipped, the service worker bypassed (its own
    fetches are the shell's, not the query's); yields `open()`, which returns the browser."""
    server, base = serve(big_site)
    browser.set_window_size(390, 844)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})

    def open_page():
        browser.get(base + "robots.txt")
        browser.execute_cdp_cmd("Network.clearBrowserCache", {})
        browser.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": base.rstrip("/"), "storageTypes": "all"})
        browser.get(base + "search/")
        WebDriverWait(browser, 10).until(lambda d: d.execute_script("return !!(window.Modak && Modak.searchIndex)"))
        return browser
    yield open_page
    browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})
    browser.set_window_size(1280, 900)
    server.shutdown()


FIND = """
const [query, composing, done] = arguments;
Modak.searchIndex.find(query, composing).then(done, (error) => done(String(error)));
"""


def found_ids(browser, sayings, query, composing=False):
    """The script's whole answer, as ids newest first."""
    numbers = browser.execute_async_script(FIND, query, composing)
    assert isinstance(numbers, list), numbers
    return [sayings[len(sayings) - 1 - n]["id"] for n in numbers]


def initials(words):
    return " ".join("".join(initial_of(c) for c in word) for word in words)


def queries(sayings):
    """(query, composing): words of sayings spread over the site, the commonest words, other names."""
    found = []
    for entry in sayings[::2499]:
        kor, eng = entry["kor"].split(), entry["eng"].split()
        for k in (1, 2, 3, 6):
            found += [(" ".join(kor[:k]), False), (" ".join(eng[-k:]), False), (initials(kor[-k:]), False),
                      (" ".join(kor[:(k + 1) // 2] + eng[:k // 2]), False)]
        # The last syllable without its final, as a keyboard shows it while composing.
        word = next(w for w in kor if len(w) >= 2 and 0 <= ord(w[-1]) - 0xAC00 < 11172)
        offset = ord(word[-1]) - 0xAC00
        found.append((" ".join(kor[:2] + [word[:-1] + chr(0xAC00 + offset - offset % 28)]), True))
    korean = collections.Counter(w for e in sayings[:1000] for w in e["kor"].split() if len(w) == 2 and "." not in w)
    common = sorted(korean, key=lambda w: (-korean[w], w))
    found += [(" ".join(common[:k]), False) for k in (1, 2, 6)]
    found += [("the", False), ("the and you that with have", False), ("ㅇ", False), ("ㅇㅇ ㅅㅇ ㅇㅅ", False)]
    by_author = next(e for e in sayings if e["author"] == "kim-min-jun")
    found += [("김민준", False), ("mj 김민", True), (f"김민준 {by_author['kor'].split()[0]}", False),
              (f"{by_author['eng'].split()[1]} KIM 민준", False)]
    return found


def test_every_kind_of_query_finds_every_match(search_page, sayings, names):
    assert names == {"kim-min-jun": [AUTHOR, "김민준", "MJ Kim"]}
    browser = search_page()
    checked = 0
    for query, composing in queries(sayings):
        expected = expected_results(sayings, query, composing, names)
        assert found_ids(browser, sayings, query, composing) == expected, (query, composing)
        checked += bool(expected)
    assert checked >= 40, "most queries find something"
    by_name = expected_results(sayings, "김민준", names=names)
    assert by_name and all(sayings[[e["id"] for e in sayings].index(i)]["author"] == "kim-min-jun" for i in by_name)


TYPE = """
const [query, done] = arguments;
const field = document.getElementById("search-input"), start = performance.now();
field.value = query;
field.dispatchEvent(new Event("input"));
done(start);
"""


def fetched_bytes(browser, since):
    """Bytes the page received for its requests since `since` (transferSize: body as sent, gzipped, and headers)."""
    return browser.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.startTime >= arguments[0])"
        ".reduce((s, e) => s + e.transferSize, 0)", since)


@pytest.mark.parametrize("kind", ["commonest English", "commonest Korean", "a saying's Korean", "a saying's initials"])
def test_a_six_word_query_fetches_at_most_150_kb(search_page, sayings, kind):
    korean = collections.Counter(w for e in sayings[:1000] for w in e["kor"].split() if len(w) == 2 and "." not in w)
    oldest = sayings[-1]["kor"].split()
    query = {"commonest English": "the and you that with have",
             "commonest Korean": " ".join(sorted(korean, key=lambda w: (-korean[w], w))[:6]),
             "a saying's Korean": " ".join(oldest[:6]), "a saying's initials": initials(oldest[-6:])}[kind]
    expected = expected_results(sayings, query)
    browser = search_page()
    browser.execute_script("performance.setResourceTimingBufferSize(10000)")
    start = browser.execute_async_script(TYPE, query)
    status = browser.find_element(By.ID, "search-status")
    shown = min(20, len(expected))
    WebDriverWait(browser, 30).until(
        lambda d: status.text and len(d.find_elements(By.CSS_SELECTOR, "#search-results [data-saying-id]")) == shown)
    assert f"{len(expected):,}" in status.text or (not expected and status.text)
    sent = fetched_bytes(browser, start)
    files = browser.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.startTime >= arguments[0]).length", start)
    assert files > 0 and 0 < sent <= BUDGET, (query, sent, files)
