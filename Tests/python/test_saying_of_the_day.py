"""The saying of the day as a site built every day shows it (docs/reference/time.md, "The saying
of the day"): a saying featured on a day is not featured again in the next N-1 days, and one
published on a day is featured within N days (N = the sayings published that day)."""
import datetime
import json
import os
import re
import shutil

from conftest import REPO, build_site, published_sayings


def without_cards(content):
    """Cards off: rasterising would dominate a build a day."""
    config = json.loads((content / "site.json").read_text(encoding="utf-8"))
    (content / "site.json").write_text(json.dumps({**config, "cards": False}, ensure_ascii=False), encoding="utf-8")


def days(first, count):
    start = datetime.date.fromisoformat(first)
    return [(start + datetime.timedelta(days=offset)).isoformat() for offset in range(count)]


def featured_each_day(content, output, dates, before_build=lambda date: None):
    """Rebuilds the site in `output` for each of `dates` in turn, as a daily rebuild does; returns,
    for each day, the home page's `#today` id and the ids the site publishes that day."""
    shown = []
    for date in dates:
        before_build(date)
        build_site(str(content), str(output), date)
        home = (output / "index.html").read_text(encoding="utf-8")
        today = re.search(r'<article[^>]*\bid="today"[^>]*>', home).group(0)
        shown.append((re.search(r'data-saying-id="([^"]+)"', today).group(1),
                      {entry["id"] for entry in published_sayings(str(output))}))
    return shown


def assert_rotation_rules(dates, shown):
    """Both rules, on every day the stretch can show them."""
    for index, (today, published) in enumerate(shown):
        count = len(published)
        assert today in published, f"{dates[index]}: {today} is not published"
        later = [shown[other][0] for other in range(index + 1, min(index + count, len(shown)))]
        assert today not in later, f"{today} on {dates[index]} and again within {count} days: {later}"
        arrived = published - (shown[index - 1][1] if index else published)
        if index + count <= len(shown):
            window = {shown[other][0] for other in range(index, index + count)}
            assert arrived <= window, f"{arrived - window}, published {dates[index]}, not featured within {count} days"


def test_the_sample_sites_december_shows_no_saying_twice(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(os.path.join(REPO, "content"), content)
    without_cards(content)
    december = days("2026-12-01", 31)
    shown = featured_each_day(content, tmp_path / "public", december)
    assert len(shown[-1][1]) > len(shown[0][1]), "sayings arrive during the month"
    assert min(len(published) for _, published in shown) > 31, "so no saying may come twice in the month"
    assert_rotation_rules(december, shown)
    assert len({today for today, _ in shown}) == 31, [today for today, _ in shown]


def test_sayings_added_on_the_days_they_are_published_keep_both_rules(tmp_path):
    content = tmp_path / "content"
    (content / "sayings").mkdir(parents=True)
    (content / "site.json").write_text(json.dumps(
        {"title": "Rotation", "baseURL": "https://example.org/", "timezone": "Asia/Seoul", "cards": False}))
    dates = days("2027-03-01", 45)
    # How many sayings the author adds on each day (days in a row, several at once, quiet stretches).
    additions = {0: 3, 4: 1, 5: 2, 6: 1, 7: 1, 15: 4, 16: 1, 30: 2}

    def add_sayings(date):
        for number in range(additions.get(dates.index(date), 0)):
            (content / "sayings" / f"{date}-{number}.md").write_text(
                f"---\nid: s-{date}-{number}\nkor: 말 {date} {number}\nwho: Modak\ntime: {date} 09:00\n---\n",
                encoding="utf-8")

    shown = featured_each_day(content, tmp_path / "public", dates, add_sayings)
    assert len(shown[-1][1]) == sum(additions.values())
    assert_rotation_rules(dates, shown)
