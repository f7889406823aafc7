"""Feeds, sitemap and sharing metadata, checked with the tools readers and crawlers use:
feedparser, lxml (strict XML, the sitemaps.org schema) and the HTML of every page."""
import glob
import json
import os
import re
from datetime import datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urlparse

import feedparser
import lxml.html
import pytest
from lxml import etree

from conftest import REPO, build_site, published_sayings

FIXTURE = os.path.join(REPO, "Tests", "Fixtures", "feeds", "content")
SCHEMA = os.path.join(os.path.dirname(__file__), "data", "sitemap.xsd")
NS = {
    "atom": "http://www.w3.org/2005/Atom",
    "content": "http://purl.org/rss/1.0/modules/content/",
    "sm": "http://www.sitemaps.org/schemas/sitemap/0.9",
}
# RFC 822 as RSS 2.0 wants it, with a four-digit year and a numeric zone.
RFC822 = re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$")


@pytest.fixture(scope="module")
def adversarial_site(tmp_path_factory):
    """A site whose sayings hold `]]>`, `<script>`, control and bidi characters and a 10,000-character body."""
    return build_site(FIXTURE, str(tmp_path_factory.mktemp("feeds") / "public"))


def base_url(site):
    """The baseURL the site was built with, read from its RSS channel link."""
    channel = etree.parse(os.path.join(site, "feed.xml"), strict_parser()).find("channel")
    return channel.findtext("link")


def strict_parser():
    return etree.XMLParser(recover=False, resolve_entities=False, no_network=True)


def parse_xml(path):
    return etree.parse(path, strict_parser())


def is_absolute_link(url):
    parts = urlparse(url)
    if parts.scheme in ("http", "https"):
        return bool(parts.netloc)
    return parts.scheme in ("mailto", "data", "tel")


def html_links(html):
    """Every href/src/srcset URL in an HTML fragment."""
    if not html.strip():
        return []
    links = []
    for element in lxml.html.fragments_fromstring(html, no_leading_text=False):
        if isinstance(element, str):
            continue
        for node in element.iter():
            if not isinstance(node.tag, str):
                continue
            for name in ("href", "src"):
                if node.get(name) is not None:
                    links.append(node.get(name))
            if node.get("srcset"):
                links.extend(candidate.split()[0] for candidate in node.get("srcset").split(","))
    return links


@pytest.fixture(params=["sample", "adversarial"])
def site(request, sample_site, adversarial_site):
    return sample_site if request.param == "sample" else adversarial_site


# --- RSS and Atom through feedparser -------------------------------------------------------------

def test_rss_parses_as_rss_2_with_full_content(site):
    feed = feedparser.parse(os.path.join(site, "feed.xml"))
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "rss20"
    assert feed.entries
    for entry in feed.entries:
        assert entry.link.startswith(base_url(site) + "sayings/")
        assert entry.id == entry.link
        assert entry.published_parsed is not None
        assert entry.title
        assert entry.content and entry.content[0].type == "text/html"
        assert len(entry.content[0].value) > len(entry.summary) / 2


def test_atom_parses_as_atom_1_with_full_content(site):
    feed = feedparser.parse(os.path.join(site, "atom.xml"))
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert feed.feed.updated_parsed is not None
    for entry in feed.entries:
        assert entry.link.startswith(base_url(site) + "sayings/")
        assert entry.updated_parsed is not None and entry.published_parsed is not None
        assert entry.content[0].type == "text/html"
        assert entry.author_detail.name if "author_detail" in entry else True


def test_rss_and_atom_carry_the_same_items_newest_first(site):
    rss = feedparser.parse(os.path.join(site, "feed.xml"))
    atom = feedparser.parse(os.path.join(site, "atom.xml"))
    assert [e.link for e in rss.entries] == [e.link for e in atom.entries]
    dates = [datetime(*e.published_parsed[:6]) for e in rss.entries]
    assert dates == sorted(dates, reverse=True)


def test_the_sample_feed_holds_the_commentary_not_a_summary(sample_site):
    feed = feedparser.parse(os.path.join(sample_site, "feed.xml"))
    laozi = next(e for e in feed.entries if e.link.endswith("/sayings/laozi-journey/"))
    assert "Tao Te Ching" in laozi.content[0].value
    assert "A journey of a thousand miles" in laozi.content[0].value
    assert [tag.term for tag in laozi.tags] == ["perseverance"]


def test_feed_limit_and_scheduled_sayings(adversarial_site):
    feed = feedparser.parse(os.path.join(adversarial_site, "feed.xml"))
    assert len(feed.entries) == 3  # feedLimit in the fixture's site.json
    assert [e.link.rsplit("/", 2)[-2] for e in feed.entries] == ["evil", "long", "plain"]


# --- what the W3C feed validator checks, emulated -----------------------------------------------

def test_rss_passes_the_validator_rules(site):
    tree = parse_xml(os.path.join(site, "feed.xml"))
    root = tree.getroot()
    assert root.tag == "rss" and root.get("version") == "2.0"
    assert root.nsmap.get("content") == NS["content"] and root.nsmap.get("atom") == NS["atom"]
    channel = root.find("channel")
    base = channel.findtext("link")
    assert is_absolute_link(base)
    assert channel.findtext("title") and channel.findtext("description")
    self_link = channel.find("atom:link", NS)
    assert self_link.get("rel") == "self" and self_link.get("href") == base + "feed.xml"
    assert self_link.get("type") == "application/rss+xml"
    assert RFC822.match(channel.findtext("lastBuildDate"))
    pub_dates = []
    for item in channel.findall("item"):
        assert item.findtext("title") and item.findtext("description")
        guid = item.find("guid")
        assert guid.get("isPermaLink") == "true" and guid.text == item.findtext("link")
        assert is_absolute_link(guid.text)
        assert RFC822.match(item.findtext("pubDate")), item.findtext("pubDate")
        pub_dates.append(parsedate_to_datetime(item.findtext("pubDate")))
        assert item.find("author") is None, "RSS <author> must be an e-mail address; names go in dc:creator"
        assert item.find("content:encoded", NS) is not None
    # The last build is the newest item, never the clock.
    if pub_dates:
        assert parsedate_to_datetime(channel.findtext("lastBuildDate")) == max(pub_dates)


def test_atom_passes_the_validator_rules(site):
    root = parse_xml(os.path.join(site, "atom.xml")).getroot()
    assert root.tag == "{%s}feed" % NS["atom"]
    base = root.find("atom:link[@rel='alternate']", NS).get("href")
    assert root.find("atom:link[@rel='self']", NS).get("href") == base + "atom.xml"
    assert urlparse(root.findtext("atom:id", namespaces=NS)).scheme in ("https", "http", "tag", "urn")
    assert root.findtext("atom:updated", namespaces=NS)
    assert root.find("atom:author/atom:name", NS) is not None
    ids = []
    newest = None
    for entry in root.findall("atom:entry", NS):
        entry_id = entry.findtext("atom:id", namespaces=NS)
        assert urlparse(entry_id).scheme in ("https", "http", "tag", "urn")
        ids.append(entry_id)
        updated = datetime.fromisoformat(entry.findtext("atom:updated", namespaces=NS))
        assert updated.tzinfo is not None
        newest = max(newest, updated) if newest else updated
        assert entry.find("atom:content", NS).get("type") == "html"
        assert is_absolute_link(entry.find("atom:link[@rel='alternate']", NS).get("href"))
    assert len(ids) == len(set(ids))
    if newest:
        assert datetime.fromisoformat(root.findtext("atom:updated", namespaces=NS)) == newest


def test_every_link_in_feed_content_is_absolute(site):
    rss = parse_xml(os.path.join(site, "feed.xml"))
    atom = parse_xml(os.path.join(site, "atom.xml"))
    with open(os.path.join(site, "feed.json"), encoding="utf-8") as file:
        json_feed = json.load(file)
    contents = [node.text or "" for node in rss.iterfind(".//content:encoded", NS)]
    contents += [node.text or "" for node in atom.iterfind(".//atom:content", NS)]
    contents += [item["content_html"] for item in json_feed["items"]]
    links = [link for html in contents for link in html_links(html)]
    for link in links:
        assert is_absolute_link(link), link


def test_relative_links_resolve_like_on_the_page(adversarial_site):
    rss = parse_xml(os.path.join(adversarial_site, "feed.xml"))
    html = rss.find(".//item/content:encoded", NS).text
    links = html_links(html)
    page = "https://feeds.example/blog/sayings/evil/"
    assert "https://feeds.example/blog/sayings/other/" in links
    # Root-relative means the site's root (docs/reference/content.md), which lies below the host's: as its page shows it.
    assert "https://feeds.example/blog/favorites/" in links
    assert "https://feeds.example/favorites/" not in links
    assert page + "#note" in links
    assert page + "pic.png" in links
    assert "mailto:someone@example.com" in links
    assert "https://example.com/x?a=1&b=2" in links


# --- JSON Feed ------------------------------------------------------------------------------------

def test_json_feed_is_json_feed_1_1(site):
    with open(os.path.join(site, "feed.json"), encoding="utf-8") as file:
        feed = json.load(file)
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert feed["feed_url"] == feed["home_page_url"] + "feed.json"
    assert feed["title"]
    rss = feedparser.parse(os.path.join(site, "feed.xml"))
    assert [item["url"] for item in feed["items"]] == [e.link for e in rss.entries]
    for item in feed["items"]:
        assert item["id"] == item["url"]
        assert item["content_html"]
        assert datetime.fromisoformat(item["date_published"]).tzinfo is not None
        for author in item.get("authors", []):
            assert author["name"]


# --- adversarial content --------------------------------------------------------------------------

def output_files(site, *extensions):
    return [path for path in glob.glob(os.path.join(site, "**", "*"), recursive=True)
            if os.path.isfile(path) and path.endswith(extensions)]


def test_every_xml_output_is_well_formed(adversarial_site):
    files = output_files(adversarial_site, ".xml")
    assert {os.path.relpath(p, adversarial_site) for p in files} >= {"feed.xml", "atom.xml", "sitemap.xml"}
    for path in files:
        parse_xml(path)  # raises on anything a strict parser rejects


def test_hostile_text_stays_escaped_everywhere(adversarial_site):
    for path in output_files(adversarial_site, ".xml", ".html"):
        with open(path, encoding="utf-8") as file:
            text = file.read()
        assert "<script>alert" not in text, path
        if path.endswith(".xml"):
            assert "\x01" not in text and "\x0b" not in text, path
    # JSON Feed titles and summaries are plain text by its spec; only content_html is HTML.
    with open(os.path.join(adversarial_site, "feed.json"), encoding="utf-8") as file:
        for item in json.load(file)["items"]:
            assert not lxml.html.fragment_fromstring(item["content_html"], create_parent="div").xpath("//script")
            assert "\x01" not in item["summary"] + item["content_html"]
    # Inside feeds, the HTML carried as text must hold no script element once unescaped.
    rss = parse_xml(os.path.join(adversarial_site, "feed.xml"))
    fragments = [lxml.html.fragment_fromstring(node.text, create_parent="div") for node in rss.iterfind(".//content:encoded", NS)]
    assert not any(fragment.xpath("//script") for fragment in fragments)
    assert "<script>alert(1)</script>" in fragments[0].text_content()  # shown as text, not dropped
    title = rss.find(".//item/title").text
    assert title.startswith("]]> <script>alert(1)</script> &")


def test_the_long_body_arrives_whole(adversarial_site):
    feed = feedparser.parse(os.path.join(adversarial_site, "atom.xml"))
    long = next(e for e in feed.entries if e.link.endswith("/sayings/long/"))
    assert long.content[0].value.count("긴 본문 long body.") >= 500
    assert len(long.title) < 200, "very long texts make a short title"


def test_scheduled_sayings_appear_nowhere(adversarial_site):
    for path in output_files(adversarial_site, ""):
        with open(path, "rb") as file:
            assert b"SCHEDULED-FEED-MARKER" not in file.read(), path


def test_feeds_are_reproducible(adversarial_site, tmp_path):
    again = build_site(FIXTURE, str(tmp_path / "public"), "2026-11-30")
    for name in ("feed.xml", "atom.xml", "feed.json", "sitemap.xml"):
        with open(os.path.join(adversarial_site, name), "rb") as a, open(os.path.join(again, name), "rb") as b:
            assert a.read() == b.read(), name


# --- sitemap and robots.txt -----------------------------------------------------------------------

def test_sitemap_is_valid_against_the_schema(site):
    schema = etree.XMLSchema(etree.parse(SCHEMA))
    sitemap = parse_xml(os.path.join(site, "sitemap.xml"))
    schema.assertValid(sitemap)


def test_sitemap_lists_public_pages_that_exist(site):
    base = base_url(site)
    locations = [node.text for node in parse_xml(os.path.join(site, "sitemap.xml")).iterfind(".//sm:loc", NS)]
    assert locations[0] == base
    assert len(locations) == len(set(locations))
    for location in locations:
        assert location.startswith(base)
        path = location[len(base):]
        assert os.path.isfile(os.path.join(site, path, "index.html") if path.endswith("/") or not path else os.path.join(site, path)), location
        assert not path.startswith(("favorites/", "unused/", "search/", "settings/", "souvenirs")), location
    for saying in glob.glob(os.path.join(site, "sayings", "*", "index.html")):
        assert base + os.path.relpath(os.path.dirname(saying), site) + "/" in locations
    for lastmod in parse_xml(os.path.join(site, "sitemap.xml")).iterfind(".//sm:lastmod", NS):
        assert datetime.fromisoformat(lastmod.text).tzinfo is not None


def test_robots_names_the_sitemap(site):
    with open(os.path.join(site, "robots.txt"), encoding="utf-8") as file:
        lines = file.read().splitlines()
    assert "User-agent: *" in lines
    assert f"Sitemap: {base_url(site)}sitemap.xml" in lines


# --- sharing metadata on every page ---------------------------------------------------------------

def meta(document, key):
    found = document.xpath(f"//meta[@property='{key}' or @name='{key}']/@content")
    return found[0] if found else None


def test_every_page_links_its_feeds_and_canonical_url(site):
    base = base_url(site)
    for path in output_files(site, ".html"):
        document = lxml.html.parse(path).getroot()
        alternates = {link.get("type"): link.get("href") for link in document.xpath("//head/link[@rel='alternate']")}
        for kind in ("application/rss+xml", "application/atom+xml", "application/feed+json"):
            assert kind in alternates, f"{path} lacks {kind}"
        canonical = document.xpath("//head/link[@rel='canonical']/@href")
        assert canonical and canonical[0].startswith(base), path
        assert meta(document, "og:url") == canonical[0], path
        assert meta(document, "og:title") and meta(document, "og:site_name"), path
        assert meta(document, "og:locale") in ("ko_KR", "en_US"), path
        assert meta(document, "description") is not None, path
        assert meta(document, "twitter:card") in ("summary", "summary_large_image"), path


def test_a_saying_page_shares_its_card(sample_site):
    document = lxml.html.parse(os.path.join(sample_site, "sayings", "laozi-journey", "index.html")).getroot()
    image = meta(document, "og:image")
    card, version = image.split("?v=")
    assert card in ("https://modak.example.org/cards/laozi-journey.png", "https://modak.example.org/cards/laozi-journey.svg")
    assert os.path.isfile(os.path.join(sample_site, card[len("https://modak.example.org/"):])) and len(version) == 16
    assert meta(document, "og:image:width") == "1200" and meta(document, "og:image:height") == "630"
    assert meta(document, "og:image:alt")
    assert meta(document, "og:type") == "article"
    assert meta(document, "twitter:card") == "summary_large_image"
    assert meta(document, "twitter:image") == image
    assert meta(document, "og:title") == "천 리 길도 한 걸음부터 시작된다."


def card_description(saying):
    """What a card shows, as og:image:alt says it: the texts on one line each joined, then `— who`."""
    texts = [" ".join(text.split("\n")) for text in (saying["kor"], saying["eng"]) if text]
    return " / ".join(texts) + (" — " if texts else "— ") + saying["who"]


def test_the_shared_card_is_described_by_its_saying_on_saying_pages_and_the_home_page(sample_site):
    sayings = {saying["id"]: saying for saying in published_sayings(sample_site)}
    for path in ["index.html", *glob.glob(os.path.join(sample_site, "sayings", "*", "index.html"))]:
        document = lxml.html.parse(os.path.join(sample_site, path)).getroot()
        card = re.search(r"/cards/([^/]+)\.png\?v=", meta(document, "og:image")).group(1)
        alt = card_description(sayings[card])
        assert meta(document, "og:image:alt") == alt == meta(document, "twitter:image:alt"), path


def test_preview_titles_are_cut_between_words_and_the_page_title_is_whole(sample_site):
    cut = 0
    for path in glob.glob(os.path.join(sample_site, "sayings", "*", "index.html")):
        document = lxml.html.parse(path).getroot()
        headline = document.xpath("string(//h1)")
        assert document.xpath("string(//title)").startswith(headline + " · "), path
        preview = meta(document, "og:title")
        assert meta(document, "twitter:title") == preview, path
        if len(headline) <= 70:
            assert preview == headline, path
            continue
        cut += 1
        kept = preview.removesuffix("…")
        assert preview.endswith("…") and len(preview) <= 70 and headline.startswith(kept), path
        # The cut is between words: what follows the kept words starts with a space (after any
        # comma or colon dropped before the ellipsis), and no longer run of words would fit.
        rest = headline[len(kept):]
        assert re.match(r"[,;:]*\s", rest), f"{path}: {preview!r} cuts a word of {headline!r}"
        assert len(kept) + len(re.match(r"[,;:]*\s+\S+", rest).group(0)) > 69, f"{path}: {preview!r} is cut too short"
    assert cut >= 1, "the sample has a saying whose title is over 70 characters"
