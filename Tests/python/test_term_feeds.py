"""The feed of each tag and each author (tags/<slug>/feed.xml, authors/<slug>/feed.xml), through
feedparser and lxml, on the sample site and the site of hostile content."""
import glob
import json
import os

import feedparser
import lxml.html

# The fixtures (imported, pytest finds them here) and the helpers of the site-wide feeds' tests.
from test_feeds import RFC822, adversarial_site, base_url, site  # noqa: F401


def test_tag_and_author_feeds_are_rss_2_of_their_own_sayings(site):
    """Each tag's and author's feed.xml: RSS 2.0 of the sayings on its page, newest first, linked from that page."""
    pages = json.load(open(os.path.join(site, "feed.json"), encoding="utf-8"))["items"]
    authors = {item["url"]: item["authors"][0]["name"] for item in pages}
    paths = glob.glob(os.path.join(site, "tags", "*", "feed.xml")) + glob.glob(os.path.join(site, "authors", "*", "feed.xml"))
    assert any("/tags/" in p for p in paths) and any("/authors/" in p for p in paths)
    for path in paths:
        feed = feedparser.parse(path)
        assert not feed.bozo, (path, feed.get("bozo_exception"))
        assert feed.version == "rss20"
        folder = os.path.relpath(os.path.dirname(path), site) + "/"
        assert feed.feed.link == base_url(site) + folder
        page = lxml.html.parse(os.path.join(site, folder, "index.html")).getroot()
        alternate = page.xpath('//link[@rel="alternate"][@type="application/rss+xml"]/@href')
        assert any(os.path.normpath(os.path.join(folder, href)) == os.path.join(folder, "feed.xml") for href in alternate), path
        listed = page.xpath('//li[@data-saying-id]/@data-saying-id')
        assert [e.link.rsplit("/", 2)[-2] for e in feed.entries][:len(listed)] == listed[:len(feed.entries)]
        for entry in feed.entries:
            assert entry.link.startswith(base_url(site) + "sayings/") and entry.id == entry.link
            assert RFC822.match(entry.published), entry.published
            # The description is HTML: the texts escaped, never markup of their own.
            assert not lxml.html.fragment_fromstring(entry.summary, create_parent="div").xpath("//script")
            if folder.startswith("tags/"):
                assert any(feed.feed.title.endswith(tag.term) for tag in entry.tags), (path, entry.link)
            elif entry.link in authors:
                assert entry.author == authors[entry.link]
