"""`modak check` passes on the sample site and finds what is broken in a damaged copy."""
import os
import shutil

from conftest import SAMPLE_CONTENT, run_modak


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
