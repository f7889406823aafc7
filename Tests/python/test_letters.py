"""The reader's own letters on souvenirs/ (SPEC.md, "Page hooks"; docs/reference/output.md): each one an
item [data-own-souvenir] dated dd-MM-yyyy, a sealed one with a mark and without its text anywhere in
the page, an opened one with its text; deleting one asks first. A site with no souvenir invites the
reader to write one, in English and in the site's language, and every page fits a 320 px screen at
every text size."""
import json
import os
import re
import shutil

import lxml.html
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPO, SAMPLE_CONTENT, build_site, chromium, serving

KO = json.load(open(os.path.join(REPO, "Templates", "i18n", "ko.json"), encoding="utf-8"))
EN = json.load(open(os.path.join(REPO, "Templates", "i18n", "en.json"), encoding="utf-8"))
SEALED = "SEALED-3b9d letter to 2099"
FIRST = "Create your first souvenir !"
LETTERS = "[data-own-souvenir]"
PHONE = {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": False}


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture
def page(browser, served_sample):
    """Opens pages of `base` (the sample by default) with nothing stored; yields `open(path, base)`."""
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.get(served_sample)
    browser.execute_script("localStorage.clear()")

    def open_page(path="souvenirs/", base=served_sample):
        browser.get(base + path)
        return browser

    yield open_page
    browser.execute_script("localStorage.clear()")


def today(browser):
    return browser.execute_script("return Modak.storage.dayOf(new Date())")


def shown(day):
    return "-".join(reversed(day.split("-")))


def seal(browser, message, day):
    browser.find_element(By.ID, "souvenir-message").send_keys(message)
    browser.execute_script("document.getElementById('souvenir-date').value = arguments[0]", day)
    browser.find_element(By.ID, "souvenir-save").click()


def letters(browser):
    """The listed letters as (day shown, sealed?, text or None), in the page's order."""
    return browser.execute_script("""return [...document.querySelectorAll(arguments[0])].map((item) => {
        const text = item.querySelector('[data-field="message"]');
        return [item.querySelector('time[data-field="deliver"]').textContent, !!item.querySelector('.sealed-mark'),
                text && text.textContent];
    })""", LETTERS)


def stored_letters(browser):
    return json.loads(browser.execute_script("return localStorage.getItem('modak.souvenirs') || '[]'"))


def test_every_letter_is_listed_by_day_and_a_sealed_one_without_its_text(page):
    browser = page()
    day = today(browser)
    seal(browser, SEALED, "2099-12-31")
    seal(browser, "Opened today", day)
    # A letter of a past day, as an import or another visit leaves it (the form takes today or later).
    browser.execute_script("Modak.storage.writeSouvenirs([...Modak.storage.readSouvenirs(),"
                           " {id: 'past1', message: 'Opened long ago', deliver: '2020-01-02', written: '2019-12-01'}])")
    for _ in range(2):
        browser.refresh()
        assert letters(browser) == [["31-12-2099", True, None], [shown(day), False, "Opened today"],
                                    ["02-01-2020", False, "Opened long ago"]], "newest day first"
        # Not hidden somewhere: the sealed text is nowhere in the document, nor in any attribute.
        assert SEALED not in browser.page_source
        assert SEALED not in browser.execute_script("return document.documentElement.outerHTML + document.body.innerText")
        sealed, opened, _ = browser.find_elements(By.CSS_SELECTOR, LETTERS)
        assert sealed.find_element(By.CSS_SELECTOR, ".sealed-mark").is_displayed()
        assert sealed.find_elements(By.CSS_SELECTOR, "[data-field='message']") == []
        assert re.search(r"\b31-12-2099\b", sealed.text) and re.search(r"\b\d{2}-\d{2}-\d{4}\b", opened.text)
        assert "Opened today" in opened.text
        for item in (sealed, opened):
            assert item.find_element(By.CSS_SELECTOR, "[data-action='delete-souvenir']").is_displayed()
        summary = browser.find_element(By.ID, "reader-sealed")
        assert summary.find_element(By.CSS_SELECTOR, "[data-sealed-count]").text == "1"
        assert summary.find_element(By.CSS_SELECTOR, "[data-next-date]").text == "31-12-2099"
        # One list: the reader's letters are not mixed into the site's delivered souvenirs.
        assert browser.find_elements(By.CSS_SELECTOR, "#souvenir-list " + LETTERS) == []
    assert SEALED in browser.execute_script("return localStorage.getItem('modak.souvenirs')"), "kept in the browser"


def test_deleting_a_letter_asks_first_and_cancel_keeps_it(page):
    browser = page()
    seal(browser, SEALED, "2099-12-31")
    seal(browser, "Second letter", "2098-01-01")
    before = stored_letters(browser)
    dialog = browser.find_element(By.ID, "delete-souvenir-dialog")
    first = browser.find_element(By.CSS_SELECTOR, LETTERS + " [data-action='delete-souvenir']")
    first.click()
    assert dialog.is_displayed() and browser.execute_script("return arguments[0].matches(':modal')", dialog)
    assert browser.switch_to.active_element.get_attribute("value") == "cancel", "the safe answer has the focus"
    browser.find_element(By.CSS_SELECTOR, "#delete-souvenir-dialog button[value='cancel']").click()
    assert not dialog.is_displayed()
    assert stored_letters(browser) == before and len(letters(browser)) == 2
    first.click()
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not browser.execute_script("return arguments[0].open", dialog)
    assert stored_letters(browser) == before and len(letters(browser)) == 2

    first.click()
    browser.find_element(By.CSS_SELECTOR, "#delete-souvenir-dialog button[value='delete']").click()
    assert letters(browser) == [["01-01-2098", True, None]]
    assert [letter["deliver"] for letter in stored_letters(browser)] == ["2098-01-01"]
    assert browser.find_element(By.ID, "souvenir-status").text == KO["capsuleDeleted"].replace("{date}", "31-12-2099")
    remaining = browser.find_element(By.CSS_SELECTOR, LETTERS + " [data-action='delete-souvenir']")
    assert browser.switch_to.active_element == remaining, "the focus stays in the list"
    browser.refresh()
    assert letters(browser) == [["01-01-2098", True, None]], "gone for good"

    browser.find_element(By.CSS_SELECTOR, LETTERS + " [data-action='delete-souvenir']").click()
    browser.find_element(By.CSS_SELECTOR, "#delete-souvenir-dialog button[value='delete']").click()
    assert letters(browser) == [] and stored_letters(browser) == []
    assert not browser.find_element(By.ID, "own-souvenirs").is_displayed()
    assert browser.switch_to.active_element.get_attribute("id") == "capsule-heading"


def empty_site(tmp_path, language):
    """The sample without souvenirs, in `language`, built into a folder of its own."""
    content = tmp_path / language / "content"
    shutil.copytree(SAMPLE_CONTENT, content)
    shutil.rmtree(content / "souvenirs")
    config = json.loads((content / "site.json").read_text(encoding="utf-8"))
    (content / "site.json").write_text(json.dumps({**config, "cards": False, "language": language}, ensure_ascii=False),
                                       encoding="utf-8")
    return build_site(str(content), str(tmp_path / language / "public"))


@pytest.fixture(scope="module")
def empty_sites(tmp_path_factory):
    folder = tmp_path_factory.mktemp("empty")
    return {language: empty_site(folder, language) for language in ("en", "ko")}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_an_empty_page_invites_the_reader_to_write_a_first_letter(empty_sites, language):
    html = open(os.path.join(empty_sites[language], "souvenirs", "index.html"), encoding="utf-8").read()
    root = lxml.html.fromstring(html)
    invitation = root.get_element_by_id("souvenirs-empty")
    text = invitation.text_content()
    assert FIRST in text
    if language == "ko":
        assert KO["souvenirsFirst"] in text and KO["souvenirsFirst"] != FIRST
    else:
        assert text.count(FIRST) == 1, "said once in English"
    assert invitation.xpath(".//a/@href") == ["#souvenir-message"], "it points at the form"
    # The author's how-to is out of the reader's way: after everything else, folded.
    how_to = root.xpath("//details[contains(@class, 'how-to')]")
    assert len(how_to) == 1 and how_to[0].get("open") is None
    assert "modak new souvenir" in how_to[0].text_content()
    assert not root.xpath("//pre[not(ancestor::details)]")
    assert html.index('id="souvenirs-empty"') < html.index('id="souvenir-form"') < html.index("<details")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_invitation_goes_once_the_reader_has_a_letter(page, empty_sites, language):
    with serving(empty_sites[language]) as base:
        browser = page("souvenirs/", base)
        invitation = browser.find_element(By.ID, "souvenirs-empty")
        assert invitation.is_displayed() and FIRST in invitation.text
        strings = KO if language == "ko" else EN
        invitation.find_element(By.LINK_TEXT, strings["souvenirsEmptyAction"]).click()
        assert browser.switch_to.active_element.get_attribute("id") == "souvenir-message"
        seal(browser, SEALED, "2099-12-31")
        assert not invitation.is_displayed()
        assert letters(browser) == [["31-12-2099", True, None]]
        browser.refresh()
        assert not browser.find_element(By.ID, "souvenirs-empty").is_displayed()


SIZES = ["small", "medium", "large", "x-large"]
WIDTH = "return [document.documentElement.scrollWidth, document.documentElement.clientWidth, innerWidth]"


def test_the_pages_fit_a_320_px_screen_at_every_text_size(page, empty_sites):
    """The souvenirs page with letters (a long unbroken one too) and without (the how-to unfolded),
    the settings page and the home page with the welcome shown."""
    browser = page()
    assert [option.get_attribute("value") for option in page("settings/").find_elements(By.CSS_SELECTOR, "#size-select option")] == SIZES
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        with serving(empty_sites["ko"]) as empty:
            for size in SIZES:
                for base, path in ((empty, "souvenirs/"), (None, "souvenirs/"), (None, "settings/"), (None, "")):
                    browser = page(path, base) if base else page(path)
                    browser.execute_script("localStorage.setItem('modak.size', arguments[0])", size)
                    if path == "souvenirs/" and not base:
                        browser.execute_script("Modak.storage.writeSouvenirs([{id: 'long1', message: 'x'.repeat(300),"
                                               " deliver: '2020-01-02', written: '2019-12-01'}, {id: 'sealed1',"
                                               " message: 'y', deliver: '2099-12-31', written: '2026-01-01'}])")
                    browser.refresh()
                    assert browser.execute_script("return document.documentElement.dataset.size") == size
                    if base:
                        browser.execute_script("document.querySelector('details.how-to').open = true")
                    assert browser.find_element(By.ID, "welcome").is_displayed()
                    # Within the window less its scroll bar, where the window has one.
                    scroll, client, window = browser.execute_script(WIDTH)
                    assert window == 320 and scroll <= client, f"/{path} at size {size}{' (empty site)' if base else ''}: {scroll}px wide"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
