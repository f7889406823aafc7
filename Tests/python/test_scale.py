"""A big site in headless Chromium at phone size (issue 24): the 10,000-saying bench corpus, paged
through by the archive, a tag and an author, searched in Korean, by initial consonants and in
English, and crawled from the home page by plain links alone."""
import json
import os
import re
import subprocess
import sys
from collections import deque
from urllib.parse import urljoin, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, build_site, expected_results, initial_of, published_sayings, serving

SIZE = 10000
# Sayings on a list page (SayingList.pageSize) and on a page of the scripts' lists (saying-data.js).
PAGE = 20


@pytest.fixture(scope="module")
def big_site(tmp_path_factory):
    """The bench corpus of SIZE sayings, built once for this file, as bench/run builds it."""
    folder = tmp_path_factory.mktemp("scale")
    subprocess.run([sys.executable, os.path.join(REPO, "bench", "gen.py"), str(SIZE), str(folder)], check=True, capture_output=True)
    with open(folder / "content" / "site.json", "w", encoding="utf-8") as f:
        json.dump({"title": "Sayings", "baseURL": "https://sayings.example.com/", "language": "ko", "timezone": "Asia/Seoul", "cards": False}, f)
    return build_site(str(folder / "content"), str(folder / "public"), "2040-01-01")


@pytest.fixture(scope="module")
def sayings(big_site):
    entries = published_sayings(big_site)
    assert len(entries) == SIZE
    return entries


@pytest.fixture
def phone(browser, big_site):
    """Opens pages of the served big site in a phone-sized window; yields `open(path)`."""
    browser.set_window_size(390, 844)
    with serving(big_site) as url:
        def open_page(path=""):
            browser.get(url + path)
            return browser
        yield open_page
    browser.set_window_size(1280, 900)


def wait(browser, condition, timeout=10):
    return WebDriverWait(browser, timeout).until(lambda driver: condition(driver))


def listed(browser, selector=".saying-list"):
    return [e.get_attribute("data-saying-id") for e in browser.find_elements(By.CSS_SELECTOR, f"{selector} [data-saying-id]")]


def follow(browser, selector):
    """Clicks the link at `selector` and waits for the page it opens."""
    link = browser.find_element(By.CSS_SELECTOR, selector)
    href = link.get_attribute("href")
    link.click()
    wait(browser, lambda d: d.current_url == href and d.execute_script("return document.readyState") == "complete")


def page_label(browser):
    return browser.find_element(By.CSS_SELECTOR, ".page-nav .page-label").text


# ---- the archive ------------------------------------------------------------------------------

def test_paging_through_the_archive_from_the_newest_to_the_oldest_saying(phone, sayings):
    newest_first = [entry["id"] for entry in sayings]
    pages = SIZE // PAGE
    browser = phone()
    front = listed(browser)
    assert front == newest_first[:len(front)] and PAGE <= len(front) < 2 * PAGE
    assert str(pages) in page_label(browser)
    # Older, page by page: each page goes on where the one before stopped.
    seen = list(front)
    for number in (pages - 1, pages - 2):
        follow(browser, ".page-nav a.older")
        assert browser.current_url.endswith(f"/page/{number}/")
        assert listed(browser) == newest_first[len(seen):len(seen) + PAGE]
        assert str(number) in page_label(browser)
        seen += listed(browser)
    follow(browser, ".page-nav a.newer")
    assert listed(browser) == newest_first[len(front):len(front) + PAGE]
    # The oldest page, and newer from it.
    follow(browser, ".page-nav a.oldest")
    assert browser.current_url.endswith("/page/1/")
    assert listed(browser) == newest_first[-PAGE:]
    assert browser.find_elements(By.CSS_SELECTOR, 'link[rel="next"]') == []
    follow(browser, ".page-nav a.newer")
    assert listed(browser) == newest_first[-2 * PAGE:-PAGE]


def test_the_archive_by_month_holds_the_oldest_saying(phone, sayings):
    oldest = sayings[-1]
    browser = phone("archive/")
    year, month = oldest["day"][:4], oldest["day"][5:7]
    months = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".archive-year .term-list a")]
    assert months[-1].endswith(f"/archive/{year}/{month}/"), "months newest first, the oldest last"
    browser.get(months[-1])
    in_month = [entry["id"] for entry in sayings if entry["day"].startswith(f"{year}-{month}")]
    if browser.find_elements(By.CSS_SELECTOR, ".page-nav a.oldest, .page-nav a.older"):
        follow(browser, ".page-nav a.oldest" if browser.find_elements(By.CSS_SELECTOR, ".page-nav a.oldest") else ".page-nav a.older")
    assert listed(browser)[-1] == oldest["id"]
    assert set(listed(browser)) <= set(in_month)


# ---- tags and authors ----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["tag", "author"])
def test_a_tag_and_an_author_from_the_newest_saying(phone, sayings, kind):
    """The chip or name on a list item opens its page: its newest sayings first, its oldest on its page 1."""
    entry = next(e for e in sayings if kind == "author" or e["tags"])
    has = (lambda e: e["author"] == entry["author"]) if kind == "author" else (lambda e: entry["tag_slugs"][0] in e["tag_slugs"])
    own = [e["id"] for e in sayings if has(e)]
    browser = phone()
    item = f'.saying-list [data-saying-id="{entry["id"]}"]'
    follow(browser, f"{item} a.who" if kind == "author" else f"{item} .tags a")
    assert browser.current_url.endswith(f"/{kind}s/{entry['author'] if kind == 'author' else entry['tag_slugs'][0]}/")
    front = listed(browser)
    assert front == own[:len(front)] and front
    assert browser.find_element(By.CSS_SELECTOR, "h1 .count").text == f"{len(own):,}"
    assert browser.find_elements(By.CSS_SELECTOR, 'link[rel="alternate"][href$="feed.xml"]')
    if len(own) >= 2 * PAGE:
        follow(browser, ".page-nav a.oldest" if len(own) >= 3 * PAGE else ".page-nav a.older")
        assert listed(browser) == own[-PAGE:]


def test_the_indexes_of_tags_and_authors_count_their_sayings(phone, sayings):
    for kind, key in (("tags", "tag_slugs"), ("authors", "author")):
        browser = phone(f"{kind}/")
        links = browser.execute_script("return [...document.querySelectorAll('.term-list a')].map(a => [a.href, a.querySelector('.term-count').textContent])")
        counts = {urlparse(href).path.rstrip("/").rsplit("/", 1)[-1]: int(count.replace(",", "")) for href, count in links}
        expected = {}
        for entry in sayings:
            for slug in entry[key] if kind == "tags" else [entry[key]]:
                expected[slug] = expected.get(slug, 0) + 1
        assert counts == expected, kind


# ---- search --------------------------------------------------------------------------------------

def search(browser, query, expected_count):
    """Types `query` in one input event, as an IME commits it; the first page of results once it
    and the status are shown (the status tells `expected_count`, when the script agrees)."""
    field = browser.find_element(By.ID, "search-input")
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", field, query)
    status = browser.find_element(By.ID, "search-status")
    wait(browser, lambda d: f"{expected_count:,}" in status.text and len(listed(d, "#search-results")) == min(PAGE, expected_count))
    return listed(browser, "#search-results")


def test_search_in_korean_by_initials_and_in_english_over_every_saying(phone, sayings):
    oldest = sayings[-1]
    korean = next(w for w in oldest["kor"].split() if len(w) >= 3)
    initials = "".join(initial_of(c) for c in korean[:2])
    english = oldest["eng"].split()[-1].strip(".").upper()
    # Every word of the oldest saying's Korean: few sayings besides it, and it the last of them.
    whole = " ".join(oldest["kor"].split()[:4])
    browser = phone("search/")
    for query in (korean, initials, english, whole):
        expected = expected_results(sayings, query)
        assert oldest["id"] in expected, query
        found = search(browser, query, len(expected))
        assert found == expected[:PAGE], query
    assert found[-1] == oldest["id"]
    # The files the queries need, not the whole index: keys.json, then a file or two a query.
    fetched = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/'))")
    assert 0 < len({urlparse(url).path for url in fetched}) <= 9


# ---- every saying by plain links -----------------------------------------------------------------

HREF = re.compile(r'<a\s[^>]*?href="([^"]+)"')
TEMPLATE = re.compile(r"<template\b.*?</template>", re.S)


def test_a_crawl_from_the_home_page_reaches_every_saying(big_site, sayings):
    """Links alone, as a reader without JavaScript or a search engine follows them."""
    root = "https://x/"
    seen, queue = {root}, deque([root])
    while queue:
        url = queue.popleft()
        path = urlparse(url).path.lstrip("/")
        with open(os.path.join(big_site, path, "index.html"), encoding="utf-8") as f:
            html = TEMPLATE.sub("", f.read())
        for href in HREF.findall(html):
            target = urljoin(url, href).split("#")[0]
            if target.startswith(root) and target.endswith("/") and target not in seen and os.path.exists(os.path.join(big_site, urlparse(target).path.lstrip("/"), "index.html")):
                seen.add(target)
                queue.append(target)
    missing = [e["id"] for e in sayings if f"{root}sayings/{e['id']}/" not in seen]
    assert missing == []
