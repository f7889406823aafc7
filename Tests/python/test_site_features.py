"""A site of one's own, run through the built binary: under a sub-path (the GitHub Pages case), with a
menu, drafts, a language tag, prices in both languages (pages and the gift scripts agree, in node)
and template overrides that change nothing."""
import glob
import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from urllib.parse import urljoin

import feedparser
import pytest

from conftest import REPO, bookkeeping_of, build_site, run_modak

BASE = "https://name.github.io/lanterns/"
HOST = "https://name.github.io/"
GIFT_UI = os.path.join(REPO, "Templates", "assets", "js", "gift-ui.js")


class _References(HTMLParser):
    """The href and src URLs of a page, and the text of its elements by class."""

    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        self.urls += [value for name, value in attrs if name in ("href", "src") and value is not None]


def references(path):
    parser = _References()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser.urls


def page_url(site, path):
    """Where a file of the site is served; 404.html is served for a missing path at any depth."""
    relative = os.path.relpath(path, site).replace(os.sep, "/")
    if relative == "404.html":
        return BASE + "no/such/page/"
    return BASE + (relative[: -len("index.html")] if relative.endswith("index.html") else relative)


def edit_site_json(content, **changes):
    path = os.path.join(content, "site.json")
    with open(path, encoding="utf-8") as f:
        site = json.load(f)
    site.update(changes)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(site, f, ensure_ascii=False, indent=2)


def append(path, text):
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)


@pytest.fixture(scope="module")
def lanterns(tmp_path_factory):
    """The sample content under https://name.github.io/lanterns/ with root links in its Markdown and a menu."""
    folder = tmp_path_factory.mktemp("lanterns")
    content = str(folder / "content")
    shutil.copytree(os.path.join(REPO, "content"), content)
    edit_site_json(content, baseURL=BASE, menu=[{"title": "About", "url": "about/"}, {"title": "Code", "url": "https://code.example/"}])
    append(os.path.join(content, "sayings", "laozi-journey.md"), "\n\n[Feed](/feed.xml) ![Lamp](/img/x.svg)\n")
    os.makedirs(os.path.join(content, "static", "img"))
    with open(os.path.join(content, "static", "img", "x.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg"/>')
    return content, build_site(content, str(folder / "public"))


def test_pages_of_a_sub_path_site_link_inside_its_path(lanterns):
    _, site = lanterns
    pages = glob.glob(os.path.join(site, "**", "*.html"), recursive=True)
    assert len(pages) > 20
    for page in pages:
        for url in references(page):
            resolved = urljoin(page_url(site, page), url)
            assert not resolved.startswith(HOST) or resolved.startswith(BASE), f"{page}: {url} → {resolved}"
    saying = os.path.join(site, "sayings", "laozi-journey", "index.html")
    resolved = {urljoin(page_url(site, saying), url) for url in references(saying)}
    assert {BASE + "feed.xml", BASE + "img/x.svg", BASE + "about/", "https://code.example/"} <= resolved


def test_feed_items_hold_absolute_urls_under_the_base(lanterns):
    _, site = lanterns
    for name in ("feed.xml", "atom.xml"):
        feed = feedparser.parse(os.path.join(site, name))
        item = next(entry for entry in feed.entries if entry.link == BASE + "sayings/laozi-journey/")
        html = item.content[0].value
        assert f'href="{BASE}feed.xml"' in html and f'src="{BASE}img/x.svg"' in html, html
        assert HOST + "feed.xml" not in html


def test_check_passes_and_then_reports_a_root_link_with_what_to_write(lanterns, tmp_path):
    content, site = lanterns
    result = run_modak("check", "--content", content, "--output", site, check=False)
    assert result.returncode == 0, result.stderr
    output = str(tmp_path / "public")
    shutil.copytree(site, output)
    page = os.path.join(output, "sayings", "laozi-journey", "index.html")
    with open(page, encoding="utf-8") as f:
        html = f.read()
    with open(page, "w", encoding="utf-8") as f:
        f.write(html.replace("<main", '<p><a href="/feed.xml">feed</a></p>\n<main', 1))
    result = run_modak("check", "--content", content, "--output", output, check=False)
    assert result.returncode == 1
    assert f"/feed.xml (it leaves the site's path /lanterns/ for {HOST}feed.xml: write `../../feed.xml` or `/lanterns/feed.xml`)" in result.stderr


def test_menu_and_free_pages_are_linked_from_the_home_and_saying_pages(lanterns):
    _, site = lanterns
    for page, prefix in (("index.html", "./"), (os.path.join("sayings", "laozi-journey", "index.html"), "../../")):
        urls = references(os.path.join(site, page))
        assert urls.count(prefix + "about/") == 1, "in the menu, so not again in the footer"
        assert prefix + "how-to-use/" in urls, "a free page outside the menu is in the footer"
        assert "https://code.example/" in urls


def test_drafts_and_future_notices_appear_in_no_output_file(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(os.path.join(REPO, "content"), content)
    (content / "sayings" / "draft.md").write_text(
        "---\nid: draft-saying\nkor: 초안 DRAFT-MARKER-S\nwho: Modak\ntime: 2026-11-29 09:00\ndraft: true\n---\nDRAFT-MARKER-S\n", encoding="utf-8")
    (content / "sayings" / "draft.json").write_text(
        '[{"id": "draft-json", "eng": "DRAFT-MARKER-J", "who": "Modak", "time": "2026-11-28", "draft": true}]', encoding="utf-8")
    (content / "notices" / "2026-11-25-draft.md").write_text("---\ntitle: DRAFT-MARKER-N\ndate: 2026-11-25\ndraft: true\n---\nx\n", encoding="utf-8")
    (content / "notices" / "2026-12-25-later.md").write_text("---\ntitle: FUTURE-MARKER\ndate: 2026-12-25\n---\nFUTURE-MARKER\n", encoding="utf-8")
    (content / "pages" / "plans.md").write_text("---\ntitle: DRAFT-MARKER-P\ndraft: true\n---\nDRAFT-MARKER-P\n", encoding="utf-8")
    site = build_site(str(content), str(tmp_path / "public"))
    markers = [b"DRAFT-MARKER-S", b"DRAFT-MARKER-J", b"DRAFT-MARKER-N", b"DRAFT-MARKER-P", b"FUTURE-MARKER", b"draft-saying", b"draft-json", b"2026-12-25-later"]
    # The build's bookkeeping in the cache is searched too.
    files = [os.path.join(directory, name) for folder in (site, bookkeeping_of(site)) for directory, _, names in os.walk(folder) for name in names]
    assert any(path.endswith("/manifest") for path in files)
    for path in files:
        with open(path, "rb") as f:
            data = f.read()
        assert not [marker for marker in markers if marker in data], path
    assert not os.path.exists(os.path.join(site, "plans"))


@pytest.mark.parametrize("tag, search, lang", [("ko-KR", ">검색</a>", "ko-KR"), ("KO", ">검색</a>", "KO"), ("en-GB", ">Search</a>", "en-GB")])
def test_a_language_tag_gets_its_interface_and_keeps_its_spelling(tmp_path, tag, search, lang):
    content = tmp_path / "content"
    shutil.copytree(os.path.join(REPO, "content"), content)
    edit_site_json(str(content), language=tag)
    result = run_modak("build", "--content", str(content), "--output", str(tmp_path / "public"), "--date", "2026-11-30")
    assert "warning" not in result.stderr, result.stderr
    html = (tmp_path / "public" / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html and search in html


def test_a_language_without_ui_strings_warns_in_site_json_and_gets_english(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(os.path.join(REPO, "content"), content)
    edit_site_json(str(content), language="fr")
    line = next(number for number, text in enumerate((content / "site.json").read_text(encoding="utf-8").splitlines(), 1) if '"language"' in text)
    result = run_modak("build", "--content", str(content), "--output", str(tmp_path / "public"), "--date", "2026-11-30")
    assert f"{content}/site.json:{line}: warning: Modak has no UI strings for the language `fr`" in result.stderr, result.stderr
    html = (tmp_path / "public" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="fr"' in html and ">Search</a>" in html


def prices_of(site):
    """The quiz's price pattern, its data file's gifts, and the catalogue's price texts by gift id."""
    with open(os.path.join(site, "gifts", "quiz", "index.html"), encoding="utf-8") as f:
        quiz = f.read()
    pattern = quiz.split('data-price="', 1)[1].split('"', 1)[0]
    data_path = quiz.split('data-src="', 1)[1].split('"', 1)[0]
    with open(os.path.normpath(os.path.join(site, "gifts", "quiz", data_path)), encoding="utf-8") as f:
        gifts = json.load(f)["gifts"]
    with open(os.path.join(site, "gifts", "index.html"), encoding="utf-8") as f:
        catalogue = f.read()
    shown = {card.split('"', 1)[0]: card.split('<span class="gift-price">', 1)[1].split("<", 1)[0]
             for card in catalogue.split('<li class="gift-card" data-gift-id="')[1:]}
    return pattern, gifts, shown


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the gift scripts")
@pytest.mark.parametrize("language, example", [("ko", "35,000원"), ("en", "₩35,000")])
def test_prices_in_pages_and_in_the_gift_scripts_agree(tmp_path, language, example):
    content = tmp_path / "content"
    shutil.copytree(os.path.join(REPO, "content"), content)
    edit_site_json(str(content), language=language)
    pattern, gifts, shown = prices_of(build_site(str(content), str(tmp_path / "public")))
    amounts = [gift["price"] for gift in gifts] + [0, 999, 1000, 35000, 1234567, 50000000]
    script = ("const ui = require(process.argv[1]); const [pattern, amounts] = JSON.parse(process.argv[2]);"
              "console.log(JSON.stringify(amounts.map(a => [ui.formatPrice(a, pattern), ui.parseAmount(ui.formatPrice(a, pattern))])))")
    result = subprocess.run(["node", "-e", script, GIFT_UI, json.dumps([pattern, amounts])], capture_output=True, text=True, check=True)
    written = json.loads(result.stdout)
    assert written[amounts.index(35000)][0] == example
    for gift, (text, parsed) in zip(gifts, written):
        assert gift["priceText"] == text == shown[gift["id"]], gift["id"]
        assert parsed == gift["price"], "the scripts read back the prices they write"


def test_overrides_that_change_nothing_are_warned_about(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(os.path.join(REPO, "content"), content)
    templates = tmp_path / "templates"
    (templates / "i18n").mkdir(parents=True)
    (templates / "sayings.mustache").write_text("{{<layout}}{{/layout}}", encoding="utf-8")
    (templates / "i18n" / "ko.json").write_text('{\n  "serach": "찾기"\n}\n', encoding="utf-8")
    result = run_modak("build", "--content", str(content), "--output", str(tmp_path / "public"), "--date", "2026-11-30")
    assert f"{templates}/sayings.mustache: warning: no template is named `sayings`, so this file is never used: did you mean `saying.mustache`?" in result.stderr
    assert f"{templates}/i18n/ko.json:2: warning: unknown UI string `serach`, which no template uses: did you mean `search`?" in result.stderr


def test_a_missing_site_json_is_named_inside_the_content_folder(tmp_path):
    (tmp_path / "content").mkdir()
    result = run_modak("build", "--content", str(tmp_path / "content"), "--output", str(tmp_path / "public"), check=False)
    assert result.returncode == 1
    assert result.stderr.startswith(f"{tmp_path}/content/site.json: the content folder has no site.json"), result.stderr
