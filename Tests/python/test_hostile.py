"""A site whose every content field is an attack (Tests/Fixtures/hostile): script tags, attribute
breakers, `javascript:` links, `]]>`, Mustache tags, bidi and control characters, very long lines.
Every output file is read the way its consumer reads it (HTML with html5lib as a browser parses it,
XML strictly with lxml, JSON, the calendar with icalendar), and the pages are opened in Chromium:
nothing from the content may run, and Mustache tags from the content stay text."""
import functools
import glob
import http.server
import json
import os
import re
import threading
from urllib.parse import unquote, urljoin, urlsplit

import html5lib
import icalendar
import pytest
from lxml import etree
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import REPO, _QuietHandler, build_site

CONTENT = os.path.join(REPO, "Tests", "Fixtures", "hostile", "content")
BASE_URL = json.load(open(os.path.join(CONTENT, "site.json"), encoding="utf-8"))["baseURL"]
# Modak's one inline script: the theme boot code, as the template holds it.
THEME_BOOT = open(os.path.join(REPO, "Templates", "partials", "theme-boot.mustache"), encoding="utf-8").read()
# Text that must stay text wherever it shows: Mustache tags from the content are never expanded.
LITERAL_MUSTACHE = "{{site.title}} {{{x}}} {{#a}}b{{/a}} {{> partials/head-meta}}"
SEALED = ("SEALEDHOSTILE", "SCHEDULEDHOSTILE")
# In pages, where Modak's own head elements, scripts and search form are told apart (see `allowed_modak_element`);
# in feeds and cards, where `link` and `meta` are plain data elements, only the first set.
DANGEROUS_ANYWHERE = {"script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "style", "foreignobject"}
DANGEROUS_IN_PAGES = DANGEROUS_ANYWHERE | {"meta", "link", "form"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "data", "background", "xlink:href", "srcset", "content"}
XML_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return build_site(CONTENT, str(tmp_path_factory.mktemp("hostile") / "public"))


def files(site, *patterns):
    found = sorted({path for pattern in patterns for path in glob.glob(os.path.join(site, "**", pattern), recursive=True)})
    assert found, f"no {patterns} in the hostile site"
    return found


def read(path):
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def local_name(tag):
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def is_script_url(value):
    """What a browser would run or render as a document: the check ignores the whitespace and
    control characters browsers strip from URLs, and case."""
    squeezed = re.sub(r"[\x00-\x20\x7f]+", "", unquote(value)).lower()
    return squeezed.startswith(("javascript:", "vbscript:", "data:text/html", "data:image/svg"))


def problems_in_tree(root, where, page_url=None):
    """Elements and attributes that could run code, in a parsed HTML, SVG or feed-content tree."""
    problems = []
    for element in root.iter():
        name = local_name(element.tag)
        if name in (DANGEROUS_IN_PAGES if page_url else DANGEROUS_ANYWHERE) and not allowed_modak_element(element, name, page_url):
            problems.append(f"{where}: <{name} {dict(element.attrib)}> {(element.text or '')[:80]!r}")
        for attribute, value in element.attrib.items():
            attribute = local_name(attribute) if not attribute.startswith("{http://www.w3.org/1999/xlink}") else "xlink:href"
            if attribute.startswith("on"):
                problems.append(f"{where}: <{name}> has the event handler {attribute}={value[:60]!r}")
            if attribute in URL_ATTRIBUTES and is_script_url(value):
                problems.append(f"{where}: <{name} {attribute}={value[:60]!r}>")
    return problems


def allowed_modak_element(element, name, page_url):
    """The head and script elements Modak's own templates put in a page (never in feeds or cards)."""
    if page_url is None:
        return False
    if name == "script":
        source = element.get("src")
        if source is None:
            return (element.text or "").strip() == THEME_BOOT.strip()
        return re.fullmatch(r"assets/js/[a-z-]+\.js", site_path(page_url, source) or "") is not None
    if name == "meta":
        return (element.get("http-equiv") or "").lower() != "refresh"
    if name == "link":
        return not is_script_url(element.get("href", "")) and element.get("rel") != "import"
    if name == "form":  # the search form, which stays on the site
        return site_path(page_url, element.get("action", "")) is not None
    return False


def site_path(page_url, reference):
    """The path inside the site that `reference` on the page leads to, or None when it leaves the site."""
    target = urlsplit(urljoin(page_url, reference))
    base = urlsplit(BASE_URL)
    path = unquote(target.path)
    if (target.scheme, target.netloc) != (base.scheme, base.netloc) or not path.startswith(unquote(base.path)):
        return None
    return path[len(unquote(base.path)):]


def page_url(site, path):
    return urljoin(BASE_URL, os.path.relpath(path, site).replace(os.sep, "/"))


def parse_html(text):
    return html5lib.parse(text, treebuilder="etree", namespaceHTMLElements=False)


def text_of(root):
    return "".join(root.itertext())


# ---- every file, the way its consumer reads it ------------------------------------------------

def test_pages_run_nothing_from_the_content(site):
    problems = []
    for path in files(site, "*.html"):
        problems += problems_in_tree(parse_html(read(path)), os.path.relpath(path, site), page_url(site, path))
    assert problems == []


def test_pages_show_the_attacks_as_text(site):
    """Escaped, not dropped: the reader sees what the author wrote, tags and all."""
    for page, label in [("sayings/hostile-md/index.html", "saying-kor"), ("sayings/hostile-md/index.html", "saying-who"),
                        ("sayings/hostile-json/index.html", "json-eng"), ("souvenirs/index.html", "souvenir-title"),
                        ("notices/2026-11-20-hostile/index.html", "notice-title"), ("hostile-page/index.html", "page-title"),
                        ("gifts/hostile-gift/index.html", "gift-name")]:
        text = text_of(parse_html(read(os.path.join(site, page))))
        assert f"{label} <script>alert(1)</script> \"><img src=x onerror=alert(1)>" in text, (page, label)
        assert LITERAL_MUSTACHE in text, (page, label)


def test_markdown_bodies_keep_mustache_tags_and_drop_script_links(site):
    for page in ["sayings/hostile-md/index.html", "sayings/hostile-json/index.html", "notices/2026-11-20-hostile/index.html",
                 "hostile-page/index.html", "souvenirs/index.html"]:
        root = parse_html(read(os.path.join(site, page)))
        assert LITERAL_MUSTACHE in text_of(root), page
        links = [a.get("href") for a in root.iter("a")]
        assert not any(href and is_script_url(href) for href in links), page
        assert "Hostile" in text_of(root.find(".//title")), "the site title is still there"


def test_the_site_title_is_not_expanded_from_content(site):
    """`{{site.title}}` in a saying must not print the site's title in its place."""
    text = text_of(parse_html(read(os.path.join(site, "sayings", "hostile-md", "index.html"))))
    title = json.load(open(os.path.join(CONTENT, "site.json"), encoding="utf-8"))["title"]
    assert text.count("{{site.title}}") >= 3
    assert f"saying-kor {title}" not in text


def test_xml_files_parse_strictly_and_carry_no_script(site):
    problems, feed_entries = [], 0
    for path in files(site, "*.xml", "*.svg"):
        root = etree.parse(path, XML_PARSER).getroot()
        where = os.path.relpath(path, site)
        problems += problems_in_tree(root, where)
        for element in feed_html(root):
            feed_entries += 1
            problems += problems_in_tree(parse_html(element.text), f"{where} <{local_name(element.tag)}>")
    assert problems == []
    assert feed_entries >= 6, "the RSS, Atom and souvenir feeds' HTML was looked at"


def feed_html(root):
    """The elements whose text a feed reader renders as HTML: Atom's `type="html"` text constructs,
    RSS items' `description` and `content:encoded`."""
    for element in root.iter():
        name = local_name(element.tag)
        parent = element.getparent()
        in_item = parent is not None and local_name(parent.tag) == "item"
        if element.text and (element.get("type") == "html" or (in_item and name in {"description", "encoded"})):
            yield element


def test_cards_draw_the_attacks_as_text(site):
    svg = etree.parse(os.path.join(site, "cards", "hostile-md.svg"), XML_PARSER).getroot()
    drawn = " ".join(text_of(element) for element in svg.iter("{http://www.w3.org/2000/svg}text"))
    assert "<script>alert(1)</script>" in drawn
    assert "\u202e" not in drawn and "\x1b" not in drawn, "bidi and control characters are dropped from cards"


def test_json_files_parse_and_their_html_runs_nothing(site):
    problems = []
    for path in files(site, "*.json"):
        document = json.loads(read(path))
        for item in document.get("items", []) if isinstance(document, dict) else []:
            if "content_html" in item:
                problems += problems_in_tree(parse_html(item["content_html"]), f"{os.path.relpath(path, site)} {item.get('id')}")
    assert problems == []


def test_the_calendar_parses_and_text_cannot_add_lines(site):
    raw = read(os.path.join(site, "souvenirs.ics"))
    calendar = icalendar.Calendar.from_ical(raw)
    events = list(calendar.walk("VEVENT"))
    assert len(events) == 3, "two delivered souvenirs and the next delivery"
    assert not any(line.startswith("X-INJECTED") for line in raw.splitlines()), "a title broke out of its property"
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", raw), "RFC 5545 allows no control characters in values"
    summaries = " ".join(str(event.get("SUMMARY", "")) for event in events)
    assert "souvenir-json-title <script>alert(1)</script>" in summaries
    assert all(len(line.encode()) <= 75 for line in raw.split("\r\n")), "lines are folded at 75 octets"


def test_sealed_and_scheduled_text_is_in_no_file(site):
    for path in glob.glob(os.path.join(site, "**", "*"), recursive=True) + glob.glob(os.path.join(site, ".*")):
        if os.path.isfile(path):
            data = open(path, "rb").read()
            for marker in SEALED:
                assert marker.encode() not in data, f"{marker} leaked into {os.path.relpath(path, site)}"


def test_hostile_tags_stay_inside_the_output(site):
    real_site = os.path.realpath(site)
    for path in glob.glob(os.path.join(site, "**", "*"), recursive=True):
        assert os.path.realpath(path).startswith(real_site + os.sep), path
    tag_pages = os.listdir(os.path.join(site, "gifts", "tags"))
    assert all(re.fullmatch(r"[a-z0-9-]+", name) for name in tag_pages), tag_pages


# ---- in the browser: nothing runs, even after the site's own scripts render the content ------------

@pytest.fixture(scope="module")
def served(site):
    handler = functools.partial(_QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


ALERT_TRAP = """
window.__attacks = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = (...args) => { window.__attacks.push(name + ':' + args.join(',')); };
}
"""

DOM_PROBLEMS = """
const known = new Set(arguments[0]);
const found = [...window.__attacks];
for (const element of document.querySelectorAll('*')) {
  for (const attribute of element.attributes) {
    if (attribute.name.toLowerCase().startsWith('on')) found.push(element.tagName + ' ' + attribute.name);
    if (/^\\s*(javascript|vbscript):/i.test(attribute.value)) found.push(element.tagName + ' ' + attribute.name + '=' + attribute.value);
  }
  if (element.tagName === 'SCRIPT' && !element.src && !known.has(element.textContent.trim())) found.push('inline script ' + element.textContent.slice(0, 80));
  if (['IFRAME', 'OBJECT', 'EMBED', 'BASE'].includes(element.tagName)) found.push(element.tagName);
}
return found;
"""


def test_no_page_runs_content_in_chromium(browser, served, site):
    trap = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ALERT_TRAP})["identifier"]
    problems = []
    try:
        for path in files(site, "*.html"):
            relative = os.path.relpath(path, site).replace(os.sep, "/")
            browser.get(served + relative.removesuffix("index.html"))
            if relative == "search/index.html":
                field = browser.find_element(By.ID, "search-input")
                for query in ["script", "onerror", "{{"]:
                    field.clear()
                    field.send_keys(query)
                    WebDriverWait(browser, 5).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#search-results [data-saying-id]"))
            if relative == "gifts/quiz/index.html":
                drive_quiz(browser)
            for button in browser.find_elements(By.CSS_SELECTOR, 'button[data-action="like"]')[:2]:
                button.click()
            problems += [f"{relative}: {problem}" for problem in browser.execute_script(DOM_PROBLEMS, [THEME_BOOT.strip()])]
        # Favorites and unused render liked sayings in the browser: look at them once more.
        for relative in ["favorites/", "unused/"]:
            browser.get(served + relative)
            problems += [f"{relative}: {problem}" for problem in browser.execute_script(DOM_PROBLEMS, [THEME_BOOT.strip()])]
    finally:
        browser.execute_script("localStorage.clear()")
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": trap})
    assert problems == []


def drive_quiz(browser):
    """Through every step to the result, so the gift and question texts are rendered by the quiz."""
    wait = WebDriverWait(browser, 5)
    wait.until(lambda b: b.find_element(By.ID, "gender").is_displayed())
    Select(browser.find_element(By.ID, "gender")).select_by_value("any")
    browser.find_element(By.CSS_SELECTOR, '[data-step="gender"] button[type=submit]').click()
    browser.find_element(By.ID, "birth-month").send_keys("5")
    browser.find_element(By.ID, "birth-day").send_keys("9")
    browser.find_element(By.CSS_SELECTOR, '[data-step="birthday"] button[type=submit]').click()
    browser.find_element(By.ID, "budget-min").send_keys("0")
    browser.find_element(By.ID, "budget-max").send_keys("50000", Keys.ENTER)
    for _ in range(8):
        answers = [b for b in browser.find_elements(By.CSS_SELECTOR, '[data-answer="O"]') if b.is_displayed()]
        if not answers:
            break
        answers[0].click()
    wait.until(lambda b: b.find_element(By.ID, "gift-result").is_displayed())
