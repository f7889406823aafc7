"""Resource limits: huge, deep and recursive inputs end in a result or a clear error, never a hang or
an out-of-memory kill. Each build is timed and its peak memory measured.

The 100,000-file site takes minutes: it runs only with MODAK_STRESS=1 (`make stress`)."""
import os
import random
import re
import subprocess
import time

import pytest

from conftest import MODAK, REPO

DATE = "2026-11-30"
SITE_JSON = '{"title": "Limits", "baseURL": "https://limits.example/", "cards": %s}\n'
# Generous for a debug build on a busy two-core machine; a hang or a runaway allocation is far past both.
MAX_SECONDS = 90
MAX_MEGABYTES = 3000
CRASH_SIGNS = ("Fatal error", "Stack trace", "Swift runtime failure", "Segmentation", "Killed")


def measured_build(content, output, max_seconds=MAX_SECONDS):
    """Runs `modak build`; returns (exit code, seconds, peak resident MB, stderr)."""
    started = time.monotonic()
    with open(os.path.join(os.path.dirname(output), "stderr.txt"), "w+") as stderr:
        process = subprocess.Popen([MODAK, "build", "--content", content, "--output", output, "--date", DATE],
                                   stdout=subprocess.DEVNULL, stderr=stderr)
        megabytes = 0
        while process.poll() is None:
            megabytes = max(megabytes, peak_megabytes(process.pid))
            time.sleep(0.02)
        stderr.seek(0)
        errors = stderr.read()
    seconds = time.monotonic() - started
    print(f"{os.path.basename(os.path.dirname(content))}: exit {process.returncode}, {seconds:.1f} s, {megabytes:.0f} MB peak")
    assert not any(sign in errors for sign in CRASH_SIGNS), errors[-2000:]
    assert seconds < max_seconds and megabytes < MAX_MEGABYTES, f"{seconds:.1f} s, {megabytes:.0f} MB"
    return process.returncode, seconds, megabytes, errors


def peak_megabytes(pid):
    """The process's resident high-water mark so far (it only grows, so the last reading is the best).
    `wait4`'s figure would include the test process's own size, inherited at fork."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0


def make_site(root, files, cards="false"):
    content = root / "content"
    for relative, text in {"site.json": SITE_JSON % cards, **files}.items():
        path = content / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return str(content), str(root / "public")


def saying(fields, body=""):
    return "---\n" + "".join(f"{key}: {value}\n" for key, value in fields.items()) + "---\n" + body


def words(count, seed=1):
    vocabulary = "모닥불 앞에 있으면 몸이 따뜻해지듯이 like getting warm in front of a bonfire".split()
    generator = random.Random(seed)
    return " ".join(generator.choice(vocabulary) for _ in range(count))


def test_a_10_mb_saying_builds_with_a_card_of_normal_size(tmp_path):
    text = words(1_500_000)[:10_000_000]
    content, output = make_site(tmp_path, {
        "sayings/huge.md": saying({"id": "huge", "kor": "짧은 명언", "eng": f'"{text}"', "who": "W", "time": "2026-11-01"},
                                  body=words(1_500_000, seed=2)[:10_000_000] + "\n"),
    }, cards="true")
    code, _, _, errors = measured_build(content, output)
    assert code == 0, errors
    card = open(os.path.join(output, "cards", "huge.svg"), encoding="utf-8").read()
    assert len(card) < 100_000, "a card holds what it shows, not the whole saying"
    assert "…" in card
    page = open(os.path.join(output, "sayings", "huge", "index.html"), encoding="utf-8").read()
    assert text[-200:] in page, "the page holds the whole saying"


def test_a_1_mb_front_matter_line(tmp_path):
    content, output = make_site(tmp_path, {
        "sayings/wide.md": saying({"id": "wide", "eng": "x" * 1_000_000, "who": "W", "time": "2026-11-01"}),
        "sayings/broken.md": "---\n" + "y" * 1_000_000 + "\n---\n",
    })
    code, _, _, errors = measured_build(content, output)
    assert code == 1
    reported = [line for line in errors.splitlines() if "broken.md:2: " in line]
    assert len(reported) == 1 and len(reported[0]) < len(content) + 300, "the message quotes a little of the line, not all of it"
    os.remove(os.path.join(content, "sayings", "broken.md"))
    code, _, _, errors = measured_build(content, output)
    assert code == 0, errors


@pytest.mark.parametrize("depth", [65, 100_000])
def test_deeply_nested_json_is_refused_with_its_line(tmp_path, depth):
    content, output = make_site(tmp_path, {"sayings/deep.json": "\n" + "[" * depth + "]" * depth + "\n"})
    code, _, _, errors = measured_build(content, output)
    assert code == 1
    assert re.search(r"deep\.json:2: .*nested more than 64 levels deep", errors), errors


def test_deeply_nested_markdown_renders(tmp_path):
    body = (">" * 100_000 + " quote\n\n" + "".join("  " * level + "- item\n" for level in range(3000))
            + "\n" + "*" * 50_000 + "x" + "*" * 50_000 + "\n" + "[" * 50_000 + "x" + "]" * 50_000 + "\n")
    content, output = make_site(tmp_path, {"sayings/deep.md": saying({"id": "deep", "eng": "Deep", "who": "W", "time": "2026-11-01"}, body)})
    code, _, _, errors = measured_build(content, output)
    assert code == 0, errors
    assert os.path.getsize(os.path.join(output, "sayings", "deep", "index.html")) > 100_000


@pytest.mark.parametrize("name, templates, location", [
    ("partial including itself",
     {"partials/new-mark.mustache": "<b>\n  {{> partials/new-mark}}\n"}, r"templates/partials/new-mark\.mustache:2: 3: "),
    ("sections over lists nested 30 deep",
     {"home.mustache": "{{<layout}}{{$content}}\n" + "{{#sayings}}" * 30 + "x" + "{{/sayings}}" * 30 + "{{/content}}{{/layout}}\n"},
     r"templates/home\.mustache:2: \d+: more than 2000000 section iterations"),
    ("sections nested 300 deep",
     {"404.mustache": "\n" + "{{#a}}" * 300 + "{{/a}}" * 300}, r"templates/404\.mustache:2: \d+: sections nested too deeply"),
    ("every saying page at the step limit",
     {"saying.mustache": "{{<layout}}{{$content}}{{#saying}}\n" + "{{#tags}}" * 30 + "x" + "{{/tags}}" * 30 + "{{/saying}}{{/content}}{{/layout}}\n"},
     r"templates/saying\.mustache:2: \d+: more than 2000000 section iterations"),
    ("parents extending each other",
     {"layout.mustache": "{{<layout}}{{$content}}x{{/content}}{{/layout}}"}, r"templates/layout\.mustache:1: \d+: "),
], ids=lambda value: value if isinstance(value, str) and " " in value else "")
def test_runaway_templates_end_in_a_located_error(tmp_path, name, templates, location):
    # Forty pages: a build that rendered each of them to its step limit would take minutes.
    sayings = {f"sayings/s{number}.md": saying({"id": f"s{number}", "eng": f"Saying {number}", "who": "W", "time": "2026-11-29",
                                                 "tags": "[a, b]"}) for number in range(40)}
    content, output = make_site(tmp_path, sayings)
    for relative, text in templates.items():
        path = tmp_path / "templates" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    code, _, _, errors = measured_build(content, output)
    assert code == 1, errors
    assert re.search(location, errors), errors


@pytest.mark.skipif(not os.environ.get("MODAK_STRESS"), reason="minutes long: make stress")
def test_100000_sayings(tmp_path):
    subprocess.run(["python3", os.path.join(REPO, "bench", "gen.py"), "100000", str(tmp_path / "gen")], check=True,
                   stdout=subprocess.DEVNULL)
    content = str(tmp_path / "gen" / "content")
    with open(os.path.join(content, "site.json"), "w") as f:
        f.write(SITE_JSON % "false")
    output = str(tmp_path / "public")
    code, seconds, megabytes, errors = measured_build(content, output, max_seconds=1800)
    assert code == 0, errors[-2000:]
    assert len(os.listdir(os.path.join(output, "sayings"))) == 100_000
    # A second build of the unchanged site rewrites nothing.
    code, again, _, errors = measured_build(content, output, max_seconds=1800)
    assert code == 0 and again < seconds, errors[-2000:]
