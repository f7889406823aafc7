"""The reader's own data, in headless Chromium at a phone's size: export, import and reset on the
settings page, and the reader's own time capsule on the souvenirs page (docs/reference/output.md,
"Page hooks"). Nothing the reader types or imports may run, and a sealed message's text is in no
part of the page."""
import json
import os
import shutil

import icalendar
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import REPO, SAMPLE_CONTENT, build_site, chromium, downloaded, serving, wait

KO = json.load(open(os.path.join(REPO, "Templates", "i18n", "ko.json"), encoding="utf-8"))
SEALED = "SEALED-7c1e reader's letter to 2099"
HOSTILE = '<img src=x onerror="window.pwned = 1">'


@pytest.fixture(scope="module")
def reader(tmp_path_factory):
    """A browser of its own that saves downloads in a folder; yields (driver, folder)."""
    driver = chromium()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    downloads = str(tmp_path_factory.mktemp("downloads"))
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    yield driver, downloads
    driver.quit()


@pytest.fixture
def site(reader, served_sample):
    """Opens pages of the served sample with a clean localStorage and no downloads; yields `open(path)`."""
    driver, downloads = reader
    driver.get(served_sample)
    driver.execute_script("localStorage.clear()")
    for name in os.listdir(downloads):
        os.remove(os.path.join(downloads, name))

    def open_page(path="", base=served_sample):
        driver.get(base + path)
        return driver

    yield open_page
    driver.execute_script("localStorage.clear()")


def stored(driver):
    return driver.execute_script("return Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]))")


def status(driver, hook):
    return driver.find_element(By.ID, hook).text


def today(driver):
    return driver.execute_script("return Modak.storage.dayOf(new Date())")


def shown(day):
    return "-".join(reversed(day.split("-")))


def import_file(driver, tmp_path, data):
    path = tmp_path / "import.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    send_file(driver, str(path))


def send_file(driver, path):
    """Chooses `path` in #import-data and waits for #data-status to tell (the file is read asynchronously)."""
    driver.execute_script("document.getElementById('data-status').textContent = ''")
    driver.find_element(By.ID, "import-data").send_keys(path)
    wait(driver, lambda _: status(driver, "data-status") != "")


def test_a_like_exported_then_deleted_comes_back_with_the_file(site, reader, tmp_path):
    browser = site("sayings/laozi-journey/")
    like = browser.find_element(By.CSS_SELECTOR, 'button[data-action="like"]')
    like.click()
    assert like.get_attribute("aria-pressed") == "true"
    site("settings/")
    Select(browser.find_element(By.ID, "theme-select")).select_by_value("dark")
    browser.find_element(By.ID, "export-data").click()
    exported = json.load(open(downloaded(reader[1], ".json"), encoding="utf-8"))
    # laozi-journey is new: opening it marked it opened.
    assert exported == {"version": 1, "liked": ["laozi-journey"], "used": [], "seen": ["laozi-journey"], "theme": "dark", "souvenirs": []}
    assert os.path.basename(downloaded(reader[1], ".json")) in status(browser, "data-status")

    # The gift quiz's history is the reader's too: deleting removes it, exporting leaves it out.
    browser.execute_script("localStorage.setItem('modak.giftHistory', '[]')")
    browser.find_element(By.ID, "reset-data").click()
    assert browser.execute_script("return document.getElementById('reset-dialog').open")
    browser.find_element(By.CSS_SELECTOR, '#reset-dialog button[value="delete"]').click()
    assert stored(browser) == {}
    assert status(browser, "data-status") == KO["dataDeleted"]
    assert browser.execute_script("return document.documentElement.dataset.theme") == "bonfire", "back to the site's theme"
    assert Select(browser.find_element(By.ID, "theme-select")).first_selected_option.get_attribute("value") == "bonfire"

    send_file(browser, downloaded(reader[1], ".json"))
    assert status(browser, "data-status") == KO["dataImported"].replace("{took}", "좋아요 1개, 읽음 표시 1개, 설정 1개")
    assert browser.execute_script("return document.documentElement.dataset.theme") == "dark"
    site("sayings/laozi-journey/")
    assert browser.find_element(By.CSS_SELECTOR, 'button[data-action="like"]').get_attribute("aria-pressed") == "true"


def test_delete_asks_first_and_keeps_everything_unless_confirmed(site):
    browser = site()
    browser.execute_script("localStorage.setItem('modak.liked', '[\"laozi-journey\"]')")
    site("settings/")
    browser.find_element(By.ID, "reset-data").click()
    # The safe answer has the focus; Escape is a no.
    assert browser.switch_to.active_element.get_attribute("value") == "cancel"
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not browser.execute_script("return document.getElementById('reset-dialog').open")
    browser.find_element(By.ID, "reset-data").click()
    browser.find_element(By.CSS_SELECTOR, '#reset-dialog button[value="cancel"]').click()
    assert stored(browser) == {"modak.liked": '["laozi-journey"]'}
    assert status(browser, "data-status") == ""


def test_an_import_takes_what_is_valid_refuses_the_rest_and_runs_nothing(site, tmp_path):
    browser = site("settings/")
    day = today(browser)
    import_file(browser, tmp_path, {
        "version": 1, "liked": ["ok-id", "bad id", HOSTILE, 5], "used": "not-a-list", "theme": "neon", "font": "serif",
        "souvenirs": [{"id": "hostile1", "message": HOSTILE, "deliver": day, "written": day},
                      {"id": "x", "message": "", "deliver": "2026-02-30", "written": "2026-01-01"}],
        "extra": 1,
    })
    text = status(browser, "data-status")
    assert text.startswith(KO["dataImported"].replace("{took}", "좋아요 1개, 설정 1개, 편지 1통"))
    assert KO["dataRefused"].split("{count}")[0] + "7" in text, text
    assert json.loads(stored(browser)["modak.liked"]) == ["ok-id"]
    assert "modak.used" not in stored(browser) and stored(browser)["modak.font"] == "serif"
    site("souvenirs/")
    message = browser.find_element(By.CSS_SELECTOR, "[data-own-souvenir] [data-field='message']")
    assert message.text == HOSTILE, "shown as text"
    assert browser.find_elements(By.CSS_SELECTOR, "#own-souvenir-list img") == []
    assert browser.execute_script("return window.pwned") is None


@pytest.mark.parametrize("text", ["not json {", '{"liked": ["laozi-journey"]}', '{"version": 2, "liked": []}', "[1, 2]"])
def test_a_file_that_is_no_export_changes_nothing(site, tmp_path, text):
    browser = site("settings/")
    import_file(browser, tmp_path, text)
    assert status(browser, "data-status") == KO["dataNotExport"]
    assert stored(browser) == {}


def seal(browser, message, day):
    browser.find_element(By.ID, "souvenir-message").send_keys(message)
    browser.execute_script("document.getElementById('souvenir-date').value = arguments[0]", day)
    browser.find_element(By.ID, "souvenir-save").click()


def test_a_sealed_message_shows_only_as_its_day_and_todays_opens_with_its_date(site):
    browser = site("souvenirs/")
    seal(browser, SEALED, "2099-12-31")
    assert status(browser, "souvenir-status") == KO["capsuleSaved"].replace("{date}", "31-12-2099")
    day = today(browser)
    seal(browser, "Today's letter, opened", day)
    for _ in range(2):
        assert SEALED not in browser.page_source
        assert browser.execute_script("return document.getElementById('souvenir-message').value") == ""
        sealed = browser.find_element(By.ID, "reader-sealed")
        assert sealed.is_displayed()
        assert sealed.find_element(By.CSS_SELECTOR, "[data-sealed-count]").text == "1"
        assert sealed.find_element(By.CSS_SELECTOR, "[data-next-date]").text == "31-12-2099"
        sealed_item, opened = browser.find_elements(By.CSS_SELECTOR, "#own-souvenir-list [data-own-souvenir]")
        assert sealed_item.find_element(By.CSS_SELECTOR, "[data-field='deliver']").text == "31-12-2099"
        assert sealed_item.find_elements(By.CSS_SELECTOR, "[data-field='message']") == []
        assert opened.find_element(By.CSS_SELECTOR, "[data-field='message']").text == "Today's letter, opened"
        assert opened.find_element(By.CSS_SELECTOR, "[data-field='deliver']").text == shown(day)
        # In the reader's own list, not among the site's delivered souvenirs.
        assert browser.find_elements(By.CSS_SELECTOR, "#souvenir-list [data-own-souvenir]") == []
        browser.refresh()
    assert SEALED in stored(browser)["modak.souvenirs"], "kept in the browser"


def test_a_save_that_storage_refuses_says_so_and_keeps_the_text(site):
    browser = site("souvenirs/")
    browser.execute_script("Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }")
    seal(browser, "Please keep me", "2099-01-01")
    assert status(browser, "souvenir-status") == KO["capsuleSaveFailed"]
    assert browser.execute_script("return document.getElementById('souvenir-message').value") == "Please keep me"
    assert browser.find_element(By.ID, "reader-sealed").is_displayed() is False
    browser.refresh()
    assert "modak.souvenirs" not in stored(browser)


def test_with_no_souvenir_at_all_the_page_invites_one_and_reminders_go_to_the_calendar(site, reader, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(SAMPLE_CONTENT, content)
    shutil.rmtree(content / "souvenirs")
    config = json.loads((content / "site.json").read_text(encoding="utf-8"))
    title = "Lanterns, tea; and a title long enough to fold past seventy-five octets: 모닥불 앞에서 \\ 함께"
    (content / "site.json").write_text(json.dumps({**config, "cards": False, "title": title}, ensure_ascii=False), encoding="utf-8")
    with serving(build_site(str(content), str(tmp_path / "public"))) as base:
        browser = site("souvenirs/", base)
        invitation = browser.find_element(By.ID, "souvenirs-empty")
        assert invitation.is_displayed() and "Create your first souvenir !" in invitation.text
        seal(browser, SEALED, "2099-12-31")
        assert not invitation.is_displayed(), "the reader's own souvenir is a first one"
        browser.find_element(By.ID, "souvenir-reminder").click()
        raw = open(downloaded(reader[1], ".ics"), "rb").read()
    assert SEALED.encode() not in raw
    lines = raw.split(b"\r\n")
    assert lines[-1] == b"" and all(len(line) <= 75 for line in lines)
    calendar = icalendar.Calendar.from_ical(raw)
    events = calendar.walk("VEVENT")
    assert len(events) == 1
    assert events[0]["DTSTART"].dt.isoformat() == "2099-12-31"
    assert str(events[0]["SUMMARY"]) == f"{KO['souvenirsNextEvent']} · {title}", "escaped, and read back whole"
    assert events[0].walk("VALARM")
