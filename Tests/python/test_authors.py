"""content/authors.json in Chromium: the sample site with Seneca named 세네카 (its language is ko)
finds his sayings by any of his names and shows the Korean name on them."""
import json
import shutil

import pytest
from selenium.webdriver.common.by import By

from conftest import SAMPLE_CONTENT, build_site, chromium, published_sayings, run_modak, serving, wait

AUTHORS = {"Seneca": {"ko": "세네카", "en": "Seneca", "aliases": ["Lucius Annaeus Seneca"]}}


@pytest.fixture(scope="module")
def named_site(tmp_path_factory):
    """The sample content with an authors.json, built and served; yields (base URL, output folder)."""
    folder = tmp_path_factory.mktemp("authors")
    content = folder / "content"
    shutil.copytree(SAMPLE_CONTENT, content)
    (content / "authors.json").write_text(json.dumps(AUTHORS, ensure_ascii=False), encoding="utf-8")
    output = build_site(str(content), str(folder / "public"))
    with serving(output) as url:
        yield url, output


@pytest.fixture(scope="module")
def reader():
    driver = chromium(390, 844)
    yield driver
    driver.quit()


def results(browser):
    """The ids and bylines of the listed search results."""
    items = browser.find_elements(By.CSS_SELECTOR, "#search-results [data-saying-id]")
    return [(item.get_attribute("data-saying-id"), item.find_element(By.CSS_SELECTOR, '[data-field="who"]').text)
            for item in items]


@pytest.mark.parametrize("query", ["세네카", "lucius", "seneca"])
def test_search_finds_a_saying_by_any_name_of_its_author(named_site, reader, query):
    url, output = named_site
    senecas = [entry["id"] for entry in published_sayings(output) if entry["author"] == "seneca"]
    assert len(senecas) >= 1, "the sample has a published saying of Seneca"
    reader.get(url + "search/")
    field = reader.find_element(By.ID, "search-input")
    # As an IME would type it, in one input event (test_browser.py's search_for).
    reader.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
                          field, query)
    wait(reader, lambda d: len(results(d)) >= len(senecas), timeout=10)
    assert sorted(results(reader)) == sorted((saying, "세네카") for saying in senecas)


def test_check_warns_about_an_entry_that_names_no_author(tmp_path):
    run_modak("init", str(tmp_path))
    (tmp_path / "content" / "authors.json").write_text('{\n  "Laozi": {"ko": "노자"},\n  "Lao-zi": {"ko": "노자"}\n}\n',
                                                        encoding="utf-8")
    content, output = str(tmp_path / "content"), str(tmp_path / "public")
    run_modak("build", "--content", content, "--output", output)
    check = run_modak("check", "--content", content, "--output", output)
    warnings = [line for line in check.stderr.splitlines() if "authors.json" in line]
    assert warnings == [f"{content}/authors.json:3: warning: no saying has `who: Lao-zi`, so this entry names nobody: "
                        "did you mean `Laozi`?"], check.stderr
