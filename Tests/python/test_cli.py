"""The command line as a user meets it: exit codes, usage lines, and the build's summary."""
import os
import re
import subprocess

import pytest

from conftest import MODAK, SAMPLE_CONTENT, run_modak


@pytest.mark.parametrize("arguments", [
    [],
    ["frobnicate"],
    ["build", "--colour", "red"],
    ["build", "--date", "2026-02-30"],
    ["build", "--date", "yesterday"],
    ["build", "--content"],
    ["build", "--base-url", "example.org"],
    ["build", "--theme", "pink"],
    ["build", "stray-argument"],
    ["card"],
])
def test_usage_mistakes_exit_2_with_the_usage_line(arguments):
    result = run_modak(*arguments, check=False)
    assert result.returncode == 2, result.stderr
    assert "usage: modak" in result.stderr
    assert "Fatal error" not in result.stderr


def test_content_errors_exit_1_and_name_file_and_line(content_copy, tmp_path):
    (content_copy / "sayings" / "broken.md").write_text("---\nid: broken\nkor: 깨진\nwho: x\ntime: soon\n---\n")
    result = run_modak("build", "--content", str(content_copy), "--output", str(tmp_path / "out"), "--date", "2026-11-30", check=False)
    assert result.returncode == 1
    assert re.search(r"sayings/broken\.md:5: `time` is `soon`, not a time", result.stderr), result.stderr
    assert not (tmp_path / "out").exists()


def test_source_date_epoch_sets_today_in_the_sites_time_zone(tmp_path):
    # 2026-11-29T15:30:00Z is already 2026-11-30 00:30 in Seoul: the saying of the 30th is published.
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1795966200"}
    result = subprocess.run([MODAK, "build", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / "epoch")],
                            capture_output=True, text=True, env=environment)
    assert result.returncode == 0, result.stderr
    for day in ("2026-11-29", "2026-11-30"):
        run_modak("build", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / day), "--date", day)
    sayings = {name: sorted(os.listdir(tmp_path / name / "sayings")) for name in ("epoch", "2026-11-29", "2026-11-30")}
    assert sayings["epoch"] == sayings["2026-11-30"]
    assert sayings["epoch"] != sayings["2026-11-29"]


def test_the_summary_line_counts_files(tmp_path):
    first = run_modak("build", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / "out"), "--date", "2026-11-30")
    match = re.search(r"built ([\d,]+) files: ([\d,]+) written, 0 unchanged, 0 removed in [\d.]+ s", first.stdout)
    assert match, first.stdout
    second = run_modak("build", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / "out"), "--date", "2026-11-30")
    assert re.search(rf"built {match.group(1)} files: 0 written, {match.group(1)} unchanged, 0 removed", second.stdout), second.stdout


def test_card_command_prints_or_writes_an_svg(tmp_path):
    printed = run_modak("card", "confucius-learning", "--content", SAMPLE_CONTENT)
    assert printed.stdout.startswith("<svg") and 'width="1200"' in printed.stdout
    run_modak("card", "today", "--content", SAMPLE_CONTENT, "--date", "2026-11-30", "-o", str(tmp_path / "today.svg"))
    assert (tmp_path / "today.svg").read_text().startswith("<svg")
    missing = run_modak("card", "no-such-saying", "--content", SAMPLE_CONTENT, check=False)
    assert missing.returncode == 1 and "no-such-saying" in missing.stderr
