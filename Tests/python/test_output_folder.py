"""The output folder is the user's: the command line refuses folders that are not the site's own,
keeps its bookkeeping out of the published folder, and a failed build changes no byte of it."""
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import contextlib

import pytest

from conftest import MODAK, SAMPLE_CONTENT, SAMPLE_DATE, bookkeeping_of, snapshot

REFUSED = 2


def modak(*args, env=None, preexec_fn=None, cwd=None):
    return subprocess.run([MODAK, *args], capture_output=True, text=True, env={**os.environ, **(env or {})},
                          preexec_fn=preexec_fn, cwd=cwd, timeout=300)


def hidden_entries(folder):
    """Every file or folder below `folder` whose name starts with a dot."""
    found = []
    for directory, folders, names in os.walk(folder):
        found += [os.path.relpath(os.path.join(directory, name), folder) for name in folders + names if name.startswith(".")]
    return found


@pytest.fixture
def site(tmp_path):
    """A copy of the sample content with cards off, in `tmp_path/site/content`; yields the site folder."""
    content = tmp_path / "site" / "content"
    shutil.copytree(SAMPLE_CONTENT, content)
    config = json.loads((content / "site.json").read_text())
    (content / "site.json").write_text(json.dumps({**config, "cards": False}))
    return tmp_path / "site"


def build(site, output, *extra, **options):
    return modak("build", "--content", str(site / "content"), "--output", str(output), "--date", SAMPLE_DATE, *extra, **options)


# Refusals: exit 2, a message that says why and what to do, nothing written.

@pytest.mark.parametrize("where, words", [
    ("content", "it is the content folder"),
    ("content/static/out", "it is inside the content folder"),
    (".", "it holds the content folder"),
    ("templates", "it is the templates folder"),
    ("custom-templates/out", "it is inside the templates folder"),
])
def test_an_output_overlapping_the_sources_is_refused(site, where, words):
    (site / "templates").mkdir()
    (site / "custom-templates").mkdir()
    before = snapshot(site)
    result = build(site, site / where, "--templates", str(site / "custom-templates"))
    assert result.returncode == REFUSED, result.stderr
    assert words in result.stderr and "choose a folder apart from the content and templates folders" in result.stderr
    assert f"such as `{site}/public`" in result.stderr
    assert snapshot(site) == before, "the refused build wrote something"


def test_the_root_of_the_machine_is_refused(tmp_path):
    # The content is broken, so that a build which failed to refuse would stop on it (exit 1)
    # without writing anything into /.
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "site.json").write_text("{")
    for command in (["build"], ["check"], ["serve", "--port", "0"]):
        result = modak(*command, "--content", str(tmp_path / "content"), "--output", "/", "--force")
        assert result.returncode == REFUSED, (command, result.stderr)
        assert "`/` cannot be the output folder: it is the root of the machine" in result.stderr


def test_the_home_folder_and_one_holding_it_are_refused(site, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    for output, words in ((home, "it is your home folder"), (tmp_path, "it holds your home folder")):
        result = build(site, output, "--force", env={"HOME": str(home)})
        assert result.returncode == REFUSED, result.stderr
        assert words in result.stderr
    assert os.listdir(home) == []


def test_a_folder_of_the_users_files_is_refused_unless_forced(site):
    mine = site / "mine"
    mine.mkdir()
    (mine / "index.html").write_text("<p>my own page</p>")
    (mine / "notes.txt").write_text("mine")
    for command in ("build", "check"):
        result = modak(command, "--content", str(site / "content"), "--output", str(mine))
        assert result.returncode == REFUSED, result.stderr
        assert "holds files that Modak did not write (`index.html`, `notes.txt`)" in result.stderr
        assert "give --force" in result.stderr
    assert snapshot(mine) == {"index.html": b"<p>my own page</p>", "notes.txt": b"mine"}

    forced = build(site, mine, "--force")
    assert forced.returncode == 0, forced.stderr
    assert (mine / "notes.txt").read_text() == "mine", "--force removed a file of the user's"
    assert "generator" in (mine / "index.html").read_text()
    # Built once, the folder is the site's: no --force needed again, and check accepts it.
    assert build(site, mine).returncode == 0
    assert modak("check", "--content", str(site / "content"), "--output", str(mine)).returncode == 0


def test_serve_refuses_before_listening(site):
    mine = site / "mine"
    mine.mkdir()
    (mine / "index.html").write_text("<p>my own page</p>")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = modak("serve", "--content", str(site / "content"), "--output", str(mine), "--port", str(port))
    assert result.returncode == REFUSED, result.stderr
    assert "holds files that Modak did not write" in result.stderr
    assert "serving" not in result.stdout
    assert snapshot(mine) == {"index.html": b"<p>my own page</p>"}


# The output holds nothing but the site; its bookkeeping is in the cache.

def test_the_output_holds_nothing_but_the_site_and_the_bookkeeping_is_in_the_cache(site, tmp_path):
    cache = tmp_path / "xdg"
    env = {"MODAK_CACHE_DIR": "", "XDG_CACHE_HOME": str(cache)}
    result = build(site, site / "public", env=env)
    assert result.returncode == 0, result.stderr
    assert hidden_entries(site / "public") == []
    assert sorted(os.listdir(site)) == ["content", "public"]
    bookkeeping = bookkeeping_of(site / "public", cache=cache / "modak")
    assert bookkeeping and sorted(os.listdir(bookkeeping)) == ["build-record.json", "lock", "manifest", "output"]
    again = build(site, site / "public", env=env)
    assert "0 written" in again.stdout


def test_an_older_sites_manifest_in_the_output_is_migrated(site):
    output = site / "public"
    assert build(site, output).returncode == 0
    # What an older Modak left: its manifest, lock and record in the output folder, no cache.
    bookkeeping = bookkeeping_of(output)
    manifest = open(os.path.join(bookkeeping, "manifest")).read()
    shutil.rmtree(bookkeeping)
    (output / ".modak-manifest").write_text(manifest)
    (output / ".modak-lock").write_text("")
    (output / ".modak-build").write_text("{}")
    (output / "CNAME").write_text("sayings.example.org")
    retired = next(name for name in os.listdir(site / "content" / "sayings") if name.endswith(".md"))
    saying_id = (site / "content" / "sayings" / retired).read_text().split("id:", 1)[1].split("\n", 1)[0].strip().strip("'\"")
    os.remove(site / "content" / "sayings" / retired)

    result = build(site, output)
    assert result.returncode == 0, result.stderr
    assert hidden_entries(output) == []
    assert not (output / "sayings" / saying_id).exists(), "the old manifest's stale page was not removed"
    assert (output / "CNAME").read_text() == "sayings.example.org"
    assert bookkeeping_of(output) is not None


# A failed build changes no byte of the previous output, bookkeeping included.

def assert_unchanged(output, before):
    assert snapshot(output) == before[0], "the output changed"
    assert snapshot(bookkeeping_of(output)) == before[1], "the bookkeeping changed"
    assert [name for name in os.listdir(os.path.dirname(output)) if name.startswith(".")] == [], "a staging folder was left"


def state(output):
    return snapshot(output), snapshot(bookkeeping_of(output))


def change_every_page(site):
    config = json.loads((site / "content" / "site.json").read_text())
    (site / "content" / "site.json").write_text(json.dumps({**config, "title": config["title"] + " (renamed)"}))


def test_a_write_error_changes_nothing(site):
    output = site / "public"
    assert build(site, output).returncode == 0
    before = state(output)
    change_every_page(site)

    def small_files_only():
        # Files over 16 KB cannot be written (EFBIG), like a disk that fills up part-way.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (16 * 1024, 16 * 1024))

    result = build(site, output, preexec_fn=small_files_only)
    assert result.returncode == 1, result.stderr
    assert "File too large" in result.stderr and "was not changed" in result.stderr
    assert_unchanged(output, before)


def test_a_png_that_fails_changes_nothing(site):
    config = json.loads((site / "content" / "site.json").read_text())
    (site / "content" / "site.json").write_text(json.dumps({**config, "cards": True}))
    output = site / "public"
    first = build(site, output)
    assert first.returncode == 0, first.stderr
    assert (output / "cards" / "today.png").exists() and (output / "assets" / "icon-192.png").exists()
    before = state(output)
    change_every_page(site)
    # The site's own icon, which librsvg cannot parse: its PNGs fail, drawn with the new cards'.
    (site / "templates" / "assets").mkdir(parents=True)
    (site / "templates" / "assets" / "icon.svg").write_text("<svg")

    result = build(site, output)
    assert result.returncode == 1, result.stderr
    assert "no PNG could be drawn" in result.stderr and "icon.svg" in result.stderr
    assert_unchanged(output, before)


@contextlib.contextmanager
def small_file_system(folder, size):
    """A tmpfs of `size` mounted at `folder` (needs root and mount rights; else the test is skipped)."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small file system here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def test_a_full_disk_changes_nothing(site, tmp_path):
    # The first build fits; the second, with every page renamed and longer, does not.
    with small_file_system(tmp_path / "disk", "3m") as disk:
        output = disk / "public"
        assert build(site, output).returncode == 0
        before = state(output)
        change_every_page(site)
        sayings = site / "content" / "sayings"
        for number in range(300):
            (sayings / f"filler-{number}.md").write_text(
                f"---\nid: filler-{number}\neng: \"{'A long saying that fills the disk. ' * 20}\"\nwho: Filler\ntime: 2026-01-01\n---\n")
        result = build(site, output)
        assert result.returncode == 1, result.stderr
        assert "No space left on device" in result.stderr
        assert_unchanged(output, before)


def test_an_output_that_is_a_mount_point_is_staged_inside_and_left_clean(site, tmp_path):
    with small_file_system(tmp_path / "mounted" / "public", "64m") as output:
        first = build(site, output)
        assert first.returncode == 0, first.stderr
        assert hidden_entries(output) == []
        before = state(output)
        (site / "templates").mkdir()
        (site / "templates" / "saying.mustache").write_text("{{>*site.title}}")
        change_every_page(site)
        failed = build(site, output)
        assert failed.returncode == 1, failed.stderr
        assert snapshot(output) == before[0] and snapshot(bookkeeping_of(output)) == before[1]
        shutil.rmtree(site / "templates")
        second = build(site, output)
        assert second.returncode == 0, second.stderr
        assert hidden_entries(output) == []
        assert "(renamed)" in (output / "index.html").read_text()
