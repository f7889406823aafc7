"""One truth about the output folder: whichever cache a build uses (the daily job's, a hand build's,
or none left), the folder holds exactly that build's site afterwards, and builds into one folder
exclude each other."""
import fcntl
import json
import os
import shutil
import subprocess

import pytest

from conftest import MODAK, SAMPLE_CONTENT, snapshot

# On the first day the sample's December sayings are scheduled; on the last they are published.
EARLY, LATE = "2026-12-01", "2026-12-31"


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    """The sample content with cards off (faster; cards are tested elsewhere)."""
    folder = tmp_path_factory.mktemp("truth") / "content"
    shutil.copytree(SAMPLE_CONTENT, folder)
    config = json.loads((folder / "site.json").read_text())
    (folder / "site.json").write_text(json.dumps({**config, "cards": False}))
    return folder


def start(content, output, date, cache):
    return subprocess.Popen([MODAK, "build", "--content", str(content), "--output", str(output), "--date", date],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "MODAK_CACHE_DIR": str(cache)})


def build(content, output, date, cache):
    process = start(content, output, date, cache)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    return out


@pytest.fixture(scope="module")
def fresh(content, tmp_path_factory):
    """Each day's site built alone into a new folder with a cache of its own: what a folder must hold."""
    root = tmp_path_factory.mktemp("fresh")
    trees = {}
    for date in (EARLY, LATE):
        build(content, root / date, date, root / f"cache-{date}")
        trees[date] = snapshot(root / date)
    scheduled = set(trees[LATE]) - set(trees[EARLY])
    assert any(path.startswith("sayings/") for path in scheduled), "the sample has no saying scheduled in December"
    return trees


def test_alternating_builds_with_two_caches_leave_exactly_one_builds_files(content, fresh, tmp_path):
    output = tmp_path / "public"
    build(content, output, LATE, tmp_path / "timer-cache")
    (output / "CNAME").write_text("example.org\n")
    for date, cache in [(EARLY, "hand-cache"), (LATE, "timer-cache"), (EARLY, "timer-cache"), (LATE, "hand-cache"),
                        (EARLY, "hand-cache")]:
        build(content, output, date, tmp_path / cache)
        tree = snapshot(output)
        assert tree.pop("CNAME") == b"example.org\n", "a file Modak did not make was touched"
        assert tree == fresh[date], f"after the {date} build with {cache} the folder is not that build's site"


def test_a_lost_cache_still_removes_what_the_last_build_made(content, fresh, tmp_path):
    output = tmp_path / "public"
    build(content, output, LATE, tmp_path / "lost")
    shutil.rmtree(tmp_path / "lost")
    build(content, output, EARLY, tmp_path / "new")
    assert snapshot(output) == fresh[EARLY]


def test_a_build_waiting_on_the_folder_lock_stops_and_changes_nothing(content, fresh, tmp_path):
    output = tmp_path / "public"
    build(content, output, EARLY, tmp_path / "first")
    folder = os.open(output, os.O_RDONLY | os.O_DIRECTORY)
    try:
        # Held as a running build holds it; the second build uses another cache.
        fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        process = start(content, output, LATE, tmp_path / "second")
        _, err = process.communicate(timeout=300)
    finally:
        os.close(folder)
    assert process.returncode == 1
    assert "another modak build is writing to" in err
    assert snapshot(output) == fresh[EARLY]


@pytest.mark.parametrize("existing", [False, True], ids=["new folder", "built folder"])
def test_two_builds_at_once_with_two_caches_leave_one_builds_site(content, fresh, tmp_path, existing):
    for attempt in range(4):
        output = tmp_path / f"public-{attempt}"
        if existing:
            build(content, output, LATE, tmp_path / f"a-{attempt}")
        first = start(content, output, EARLY, tmp_path / f"a-{attempt}")
        second = start(content, output, LATE, tmp_path / f"b-{attempt}")
        results = [(process, *process.communicate(timeout=300)) for process in (first, second)]
        succeeded = [process for process, _, _ in results if process.returncode == 0]
        for process, _, err in results:
            assert process.returncode == 0 or (process.returncode == 1 and "another modak build is writing to" in err), err
        assert succeeded, "neither build finished"
        tree = snapshot(output)
        if len(succeeded) == 1:
            date = EARLY if succeeded[0] is first else LATE
            assert tree == fresh[date], f"the folder is not the site of the build that ran ({date})"
        else:
            # One ran after the other: the folder is one build's site, never a mixture.
            assert tree in (fresh[EARLY], fresh[LATE])


def test_check_reports_a_file_the_content_no_longer_makes(content, tmp_path):
    output = tmp_path / "public"
    build(content, output, LATE, tmp_path / "cache")
    # Content changed after the build: one published saying is removed.
    edited = tmp_path / "content"
    shutil.copytree(content, edited)
    removed = sorted((edited / "sayings").glob("*.md"))[0]
    saying_id = next(line.split(":", 1)[1].strip() for line in removed.read_text().splitlines() if line.startswith("id:"))
    removed.unlink()
    result = subprocess.run([MODAK, "check", "--content", str(edited), "--output", str(output), "--date", LATE],
                            capture_output=True, text=True, env={**os.environ, "MODAK_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 1
    assert f"sayings/{saying_id}/index.html" in result.stderr
    assert "no longer makes" in result.stderr
    # A file of the user's is not reported.
    (output / "CNAME").write_text("example.org\n")
    build(edited, output, LATE, tmp_path / "other-cache")
    result = subprocess.run([MODAK, "check", "--content", str(edited), "--output", str(output), "--date", LATE],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "CNAME" not in result.stderr
