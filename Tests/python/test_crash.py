"""`kill -9` during a build: while it makes its files, the output and its bookkeeping stay as they
were; while it puts them in place, every output file is old or new; the next build repairs the rest."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest

from conftest import MODAK, REPO, bookkeeping_of, run_modak, snapshot

SIZE = 2000
DATE = "2040-01-01"
STAGING = re.compile(r"^\.public\.modak-\d+\.tmp$")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """An old and a new content folder of a large site, and a clean build of each."""
    root = tmp_path_factory.mktemp("crash")
    # Every build here uses one snapshot of the templates, so the trees compare even while they are edited.
    shutil.copytree(os.path.join(REPO, "Templates"), root / "Templates")
    saved = os.environ.get("MODAK_TEMPLATES")
    os.environ["MODAK_TEMPLATES"] = str(root / "Templates")
    yield from _corpus(root)
    if saved is None:
        del os.environ["MODAK_TEMPLATES"]
    else:
        os.environ["MODAK_TEMPLATES"] = saved


def _corpus(root):
    subprocess.run([sys.executable, os.path.join(REPO, "bench", "gen.py"), str(SIZE), str(root / "gen")], check=True)
    old = root / "gen" / "content"
    (old / "site.json").write_text(json.dumps({"title": "Sayings", "baseURL": "https://sayings.example.com/",
                                               "timezone": "Asia/Seoul", "cards": False}))
    new = root / "new"
    shutil.copytree(old, new)
    # Every page changes (the title is on each), some pages go, one saying is rewritten.
    (new / "site.json").write_text(json.dumps({"title": "Sayings, renamed", "baseURL": "https://sayings.example.com/",
                                               "timezone": "Asia/Seoul", "cards": False}))
    for number in range(1, 11):
        os.remove(new / "sayings" / f"{number:06d}.md")
    edited = new / "sayings" / f"{SIZE:06d}.md"
    edited.write_text(edited.read_text().replace("---\n\n", "---\n\nAn edited commentary.\n\n", 1))
    outputs = {}
    for name, content in (("old", old), ("new", new)):
        output = str(root / f"clean-{name}")
        run_modak("build", "--content", str(content), "--output", output, "--date", DATE)
        outputs[name] = output
    yield {"root": root, "content": {"old": str(old), "new": str(new)},
            "output": outputs, "tree": {name: snapshot(path) for name, path in outputs.items()}}


def built_old_site(corpus, tmp_path):
    """A build of the old content in `tmp_path/public`, with its bookkeeping; the output's path."""
    output = str(tmp_path / "public")
    run_modak("build", "--content", corpus["content"]["old"], "--output", output, "--date", DATE)
    assert snapshot(output) == corpus["tree"]["old"]
    return output


def start_build(content, output):
    return subprocess.Popen([MODAK, "build", "--content", content, "--output", output, "--date", DATE],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def kill(process, until):
    """SIGKILLs `process` once `until()` holds; watching the files, not a clock, kills it at the
    chosen moment however fast the machine or the writer is."""
    deadline = time.monotonic() + 120
    while not until():
        assert process.poll() is None and time.monotonic() < deadline, "the build ended before it could be killed"
    process.send_signal(signal.SIGKILL)
    assert process.wait(timeout=30) == -signal.SIGKILL, "the build finished before it was killed"


def staged_files(parent):
    """How many files the builds' staging folders beside the output hold."""
    folders = [os.path.join(parent, name) for name in os.listdir(parent) if STAGING.match(name)]
    return sum(len(names) for folder in folders for _, _, names in os.walk(folder))


def assert_repaired(corpus, output, repair_with):
    """The next build, even one going back to the old content, equals a clean build byte for byte."""
    run_modak("build", "--content", corpus["content"][repair_with], "--output", output, "--date", DATE)
    repaired = snapshot(output)
    expected = corpus["tree"][repair_with]
    assert sorted(repaired) == sorted(expected)
    assert [path for path in expected if repaired[path] != expected[path]] == []
    assert staged_files(os.path.dirname(output)) == 0, "a staging folder was left behind"


def test_a_build_killed_while_making_its_files_changes_nothing(corpus, tmp_path):
    output = built_old_site(corpus, tmp_path)
    bookkeeping = bookkeeping_of(output)
    before = snapshot(bookkeeping)

    process = start_build(corpus["content"]["new"], output)
    kill(process, lambda: staged_files(str(tmp_path)) > 100)
    assert snapshot(output) == corpus["tree"]["old"], "the output changed"
    assert snapshot(bookkeeping) == before, "the bookkeeping changed"
    assert_repaired(corpus, output, "new")


@pytest.mark.parametrize("fraction, repair_with", [(0.0, "new"), (0.5, "old")])
def test_a_build_killed_while_putting_files_in_place_leaves_old_or_new_files(corpus, tmp_path, fraction, repair_with):
    old, new = corpus["tree"]["old"], corpus["tree"]["new"]
    output = built_old_site(corpus, tmp_path)
    names = sorted(snapshot(output))
    watched = [os.path.join(output, name) for name in names[::25]]
    before = [os.stat(path).st_ino for path in watched]

    # Files are replaced by rename, so a new inode means the writer has put that file in place.
    process = start_build(corpus["content"]["new"], output)
    kill(process, lambda: sum(os.stat(path).st_ino != inode for path, inode in zip(watched, before)) > fraction * len(watched))
    for path, data in snapshot(output).items():
        assert data == old.get(path) or data == new.get(path), f"{path} is neither the old nor the new version"
    assert_repaired(corpus, output, repair_with)


def test_two_builds_at_once_do_not_interleave(corpus, tmp_path):
    output = built_old_site(corpus, tmp_path)
    # Hold the lock the way a running build does, then try a second build.
    import fcntl
    with open(os.path.join(bookkeeping_of(output), "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = run_modak("build", "--content", corpus["content"]["new"], "--output", output, "--date", DATE, check=False)
    assert result.returncode == 1
    assert "another modak build is writing to" in result.stderr
    assert snapshot(output) == corpus["tree"]["old"], "the refused build changed the output"
