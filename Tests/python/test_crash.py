"""`kill -9` during a build leaves every output file old or new, and the next build repairs the rest."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest

from conftest import MODAK, REPO, run_modak, snapshot

SIZE = 2000
DATE = "2040-01-01"
TEMPORARY = re.compile(r"^\..+\.modak-\d+\.tmp$")


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


def kill_mid_write(content, output, fraction):
    """Starts a build and SIGKILLs it once it has replaced more than `fraction` of a sample of its
    output files (0: the first). Watching the files, not a clock, kills it mid-write however fast
    the machine or the writer is."""
    names = sorted(n for n in snapshot(output) if not os.path.basename(n).startswith("."))
    watched = [os.path.join(output, n) for n in names[::25]]
    before = [os.stat(path).st_ino for path in watched]
    process = subprocess.Popen([MODAK, "build", "--content", content, "--output", output, "--date", DATE],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    # Files are replaced by rename, so a new inode means the writer has replaced that file.
    while sum(os.stat(path).st_ino != inode for path, inode in zip(watched, before)) <= fraction * len(watched):
        assert process.poll() is None and time.monotonic() < deadline, "the build ended before it could be killed"
    process.send_signal(signal.SIGKILL)
    assert process.wait(timeout=30) == -signal.SIGKILL, "the build finished before it was killed"


@pytest.mark.parametrize("fraction, repair_with", [(0.0, "new"), (0.5, "old")])
def test_a_killed_build_leaves_old_or_new_files_and_the_next_build_repairs_them(corpus, tmp_path, fraction, repair_with):
    old, new = corpus["tree"]["old"], corpus["tree"]["new"]
    output = str(tmp_path / "public")
    shutil.copytree(corpus["output"]["old"], output)

    kill_mid_write(corpus["content"]["new"], output, fraction)
    after_kill = snapshot(output)
    for path, data in after_kill.items():
        name = os.path.basename(path)
        if TEMPORARY.match(name) or name in (".modak-manifest", ".modak-lock"):
            continue
        assert data == old.get(path) or data == new.get(path), f"{path} is neither the old nor the new version"

    # The next build, even one going back to the old content, equals a clean build byte for byte.
    run_modak("build", "--content", corpus["content"][repair_with], "--output", output, "--date", DATE)
    repaired = snapshot(output)
    assert not [path for path in repaired if TEMPORARY.match(os.path.basename(path))], "temporary files were left behind"
    expected = corpus["tree"][repair_with]
    assert sorted(repaired) == sorted(expected)
    assert [path for path in expected if repaired[path] != expected[path]] == []


def test_two_builds_at_once_do_not_interleave(corpus, tmp_path):
    output = str(tmp_path / "public")
    shutil.copytree(corpus["output"]["old"], output)
    # Hold the lock the way a running build does, then try a second build.
    import fcntl
    with open(os.path.join(output, ".modak-lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = run_modak("build", "--content", corpus["content"]["new"], "--output", output, "--date", DATE, check=False)
    assert result.returncode == 1
    assert "another modak build is writing to" in result.stderr
    assert snapshot(output) == corpus["tree"]["old"], "the refused build changed the output"
