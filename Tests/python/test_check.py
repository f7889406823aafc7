"""`modak check` passes on the sample site and finds what is broken in a damaged copy."""
import os
import shutil

from conftest import SAMPLE_CONTENT, build_site, run_modak


def test_the_sample_site_checks_clean(sample_site):
    result = run_modak("check", "--content", SAMPLE_CONTENT, "--output", sample_site, check=False)
    assert result.returncode == 0, result.stderr
    assert all(": warning: " in line for line in result.stderr.splitlines()), result.stderr
    assert "no problems" in result.stdout


def test_an_injected_broken_link_is_reported_with_its_page_and_line(sample_site, tmp_path):
    output = str(tmp_path / "public")
    shutil.copytree(sample_site, output)
    page = os.path.join(output, "sayings", "laozi-journey", "index.html")
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")
    main_line = next(number for number, line in enumerate(lines, 1) if "<main" in line)
    lines.insert(main_line, '<p><a href="../no-such-saying/">gone</a> <img src="../../cards/none.svg" alt=""></p>')
    with open(page, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    with open(os.path.join(output, "atom.xml"), "r+b") as f:
        f.truncate(os.path.getsize(f.name) // 2)

    result = run_modak("check", "--content", SAMPLE_CONTENT, "--output", output, check=False)
    assert result.returncode == 1
    reported = result.stderr.splitlines()
    assert any(line.startswith(f"{page}:{main_line + 1}: ../no-such-saying/ ") for line in reported), result.stderr
    assert any(line.startswith(f"{page}:{main_line + 1}: ../../cards/none.svg ") for line in reported), result.stderr
    assert any(line.startswith(os.path.join(output, "atom.xml") + ":") and "not well-formed XML" in line for line in reported)
    assert len(reported) == 3, result.stderr
    assert "3 problems" in result.stdout


def test_a_missing_output_folder_is_an_error(tmp_path):
    result = run_modak("check", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / "nothing"), check=False)
    assert result.returncode == 1
    assert "modak build" in result.stderr



def tiny_site(tmp_path, base_url):
    """One saying, without cards, built with `base_url`; returns its content and output folders."""
    content, output = tmp_path / "content", str(tmp_path / "public")
    (content / "sayings").mkdir(parents=True, exist_ok=True)
    (content / "site.json").write_text(f'{{"title": "T", "baseURL": "{base_url}", "cards": false}}', encoding="utf-8")
    (content / "sayings" / "a.md").write_text("---\nid: a\neng: A\nwho: B\ntime: 2026-11-20\n---\n", encoding="utf-8")
    build_site(str(content), output)
    return str(content), output


def test_a_site_under_a_path_is_warned_that_its_robots_txt_goes_unread(tmp_path):
    content, output = tiny_site(tmp_path, "https://name.github.io/lanterns/")
    under_path = run_modak("check", "--content", content, "--output", output, check=False)
    assert under_path.returncode == 0 and "no problems" in under_path.stdout, under_path.stderr
    assert under_path.stderr.splitlines() == [
        f"{output}/robots.txt:1: warning: crawlers read robots.txt only at a host's root "
        "(https://name.github.io/robots.txt), not under the site's path /lanterns/: so that they find the sitemap, "
        "add `Sitemap: https://name.github.io/lanterns/sitemap.xml` to the host's robots.txt, "
        "or submit the sitemap to the search engines yourself"]

    content, output = tiny_site(tmp_path, "https://name.github.io/")
    at_root = run_modak("check", "--content", content, "--output", output, check=False)
    assert at_root.returncode == 0 and at_root.stderr == "", at_root.stderr
