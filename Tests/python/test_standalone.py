"""The binary carries its templates: copied alone it makes, builds and checks a site, and
`modak templates export` writes the built-in files out for a site to override file by file."""
import os
import shutil
import subprocess

import pytest

from conftest import MODAK, REPO


@pytest.fixture
def lone(tmp_path):
    """The binary copied into an empty folder, run with no variable that points at templates."""
    binary = tmp_path / "bin" / "modak"
    binary.parent.mkdir()
    shutil.copy(MODAK, binary)
    env = {key: value for key, value in os.environ.items() if key != "MODAK_TEMPLATES"}

    def run(*args, cwd=tmp_path):
        return subprocess.run([str(binary), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300)
    return run


def overridable_files():
    """The files of Templates/ that Modak reads: all but the source the boot partial is generated from."""
    root = os.path.join(REPO, "Templates")
    every = {os.path.relpath(os.path.join(folder, name), root) for folder, _, names in os.walk(root) for name in names}
    return every - {"partials/theme-boot.js"}


def test_a_copied_binary_alone_makes_builds_and_checks_a_site(lone, tmp_path):
    assert lone("init", "site").returncode == 0
    site = tmp_path / "site"
    built = lone("build", cwd=site)
    assert built.returncode == 0, built.stderr
    assert "error" not in built.stderr
    page = (site / "public" / "index.html").read_text()
    assert '<meta name="generator" content="Modak">' in page
    # The built-in assets and strings are there too, byte for byte the repository's.
    for path in ["assets/css/modak.css", "assets/js/app.js"]:
        assert (site / "public" / path).read_bytes() == (open(os.path.join(REPO, "Templates", path), "rb").read())
    checked = lone("check", cwd=site)
    assert checked.returncode == 0, checked.stderr


def test_version_names_the_templates_it_carries(lone):
    result = lone("--version")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("modak ")
    assert lines[1].startswith("templates: built in, ") and "fingerprint" in lines[1]
    assert f" {len(overridable_files())} files," in lines[1], "the count is not the Templates/ files a site can override"


def test_an_exported_template_overrides_its_built_in_file_and_only_it(lone, tmp_path):
    assert lone("init", "site").returncode == 0
    site = tmp_path / "site"
    exported = lone("templates", "export", "templates", "404.mustache", cwd=site)
    assert exported.returncode == 0, exported.stderr
    assert os.listdir(site / "templates") == ["404.mustache"]
    template = site / "templates" / "404.mustache"
    assert template.read_bytes() == open(os.path.join(REPO, "Templates", "404.mustache"), "rb").read()
    template.write_text(template.read_text().replace("{{/content}}", "<p id=override>lost lanterns</p>{{/content}}", 1))
    assert "lost lanterns" in template.read_text(), "the 404 template has no content block to extend"
    assert lone("build", cwd=site).returncode == 0
    assert "<p id=override>lost lanterns</p>" in (site / "public" / "404.html").read_text()
    assert "lost lanterns" not in (site / "public" / "index.html").read_text()

    # A changed file is not replaced without --force, and says so.
    again = lone("templates", "export", "templates", "404.mustache", cwd=site)
    assert again.returncode == 1 and "give --force" in again.stderr
    assert "lost lanterns" in template.read_text()
    forced = lone("templates", "export", "templates", "404.mustache", "--force", cwd=site)
    assert forced.returncode == 0 and "lost lanterns" not in template.read_text()


def test_exporting_everything_writes_the_files_a_site_can_override(lone, tmp_path):
    result = lone("templates", "export", "all")
    assert result.returncode == 0, result.stderr
    exported = {os.path.relpath(os.path.join(folder, name), tmp_path / "all")
                for folder, _, names in os.walk(tmp_path / "all") for name in names}
    assert exported == overridable_files()
    for path in exported:
        assert (tmp_path / "all" / path).read_bytes() == open(os.path.join(REPO, "Templates", path), "rb").read(), path


def test_a_misspelt_file_is_a_usage_error_naming_the_nearest(lone):
    result = lone("templates", "export", "templates", "sayng.mustache")
    assert result.returncode == 2
    assert "`saying.mustache`" in result.stderr
