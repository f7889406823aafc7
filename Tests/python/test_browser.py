"""The sayings website in headless Chromium: toggles, "new" marks, the reader's lists, "another
saying", search, sharing and requests, on the sample site served from 127.0.0.1 (themes, contrast
and small screens: test_looks.py)."""
import json
import os
import unicodedata

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

from conftest import PHONE, REPO, downloaded, expected_results, initial_of, wait

# Sayings the scripts' lists show at a time (saying-data.js).
PAGE = 20


def ids(elements):
    return [element.get_attribute("data-saying-id") for element in elements]


def show_all(browser, selector, count):
    """The ids in the list at `selector` once its [data-more] button has shown all `count` sayings."""
    def shown(driver):
        return ids(driver.find_elements(By.CSS_SELECTOR, f"{selector} [data-saying-id]"))
    more = browser.find_element(By.CSS_SELECTOR, "[data-more]")
    while wait(browser, lambda d: len(shown(d)) >= count or more.is_displayed()) and len(shown(browser)) < count:
        more.click()
    wait(browser, lambda d: not more.is_displayed())
    return shown(browser)


def toggle(browser, action, saying_id):
    return browser.find_element(By.CSS_SELECTOR, f'button[data-action="{action}"][data-saying-id="{saying_id}"]')


def has_new_mark(browser, saying_id):
    selector = f'.saying-list [data-saying-id="{saying_id}"] [data-new]'
    return any(mark.is_displayed() for mark in browser.find_elements(By.CSS_SELECTOR, selector))


def search_for(browser, query, expected):
    """Types `query` in the search box (as an IME would, in one input event), then the listed ids
    once they are `expected`, or as they stand after 10 s. Results come once the query's shards
    have loaded, so the list is read until then, not typed again."""
    field = browser.find_element(By.ID, "search-input")
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", field, query)

    def listed(driver):
        return ids(driver.find_elements(By.CSS_SELECTOR, "#search-results [data-saying-id]"))
    try:
        wait(browser, lambda d: listed(d) == expected, timeout=10)
    except TimeoutException:
        pass
    return listed(browser)


def test_like_and_unlike_persist_and_fill_favorites(site, index):
    saying = index[3]["id"]
    browser = site(f"sayings/{saying}/")
    like = toggle(browser, "like", saying)
    assert like.get_attribute("aria-pressed") == "false"
    like.click()
    assert like.get_attribute("aria-pressed") == "true"

    browser.refresh()
    assert toggle(browser, "like", saying).get_attribute("aria-pressed") == "true"

    site("favorites/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#favorites-list [data-saying-id]"))
    assert ids(browser.find_elements(By.CSS_SELECTOR, "#favorites-list [data-saying-id]")) == [saying]
    item = browser.find_element(By.CSS_SELECTOR, "#favorites-list [data-saying-id]")
    assert index[3]["eng"] in item.text
    assert not browser.find_element(By.CSS_SELECTOR, "[data-empty]").is_displayed()

    site(f"sayings/{saying}/")
    toggle(browser, "like", saying).click()
    assert toggle(browser, "like", saying).get_attribute("aria-pressed") == "false"
    site("favorites/")
    empty = browser.find_element(By.CSS_SELECTOR, "[data-empty]")
    wait(browser, lambda d: empty.is_displayed())
    assert browser.find_elements(By.CSS_SELECTOR, "#favorites-list [data-saying-id]") == []


def test_favorites_follow_a_like_in_another_tab(site, index, served_sample):
    browser = site("favorites/")
    favorites_tab = browser.current_window_handle
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-empty]").is_displayed())
    saying = index[1]["id"]
    browser.switch_to.new_window("tab")
    try:
        browser.get(f"{served_sample}sayings/{saying}/")
        toggle(browser, "like", saying).click()
    finally:
        browser.close()
        browser.switch_to.window(favorites_tab)
    assert wait(browser, lambda d: ids(d.find_elements(By.CSS_SELECTOR, "#favorites-list [data-saying-id]")) == [saying])


def test_used_sayings_leave_the_unused_list(site, index):
    browser = site("unused/")
    assert show_all(browser, "#unused-list", len(index)) == [e["id"] for e in index]
    saying = index[5]["id"]

    site(f"sayings/{saying}/")
    used = toggle(browser, "used", saying)
    used.click()
    assert used.get_attribute("aria-pressed") == "true"

    site("unused/")
    assert show_all(browser, "#unused-list", len(index) - 1) == [e["id"] for e in index if e["id"] != saying]
    assert browser.find_element(By.CSS_SELECTOR, "[data-count]").text == str(len(index) - 1)

    site(f"sayings/{saying}/")
    toggle(browser, "used", saying).click()
    site("unused/")
    assert wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f'#unused-list [data-saying-id="{saying}"]'))[0].is_displayed()


def test_toggles_on_the_home_page_share_state_with_the_saying_page(site):
    browser = site()
    today = browser.find_element(By.ID, "today").get_attribute("data-saying-id")
    toggle(browser, "like", today).click()
    site(f"sayings/{today}/")
    assert toggle(browser, "like", today).get_attribute("aria-pressed") == "true"


# ---- "new" marks and the saying of the day ------------------------------------------------------

def test_opening_a_new_saying_clears_its_mark(site, index):
    new_ids = [entry["id"] for entry in index if entry["new"]]
    assert len(new_ids) >= 2, "the sample needs two new sayings"
    browser = site()
    assert all(has_new_mark(browser, saying) for saying in new_ids)
    assert not has_new_mark(browser, index[len(new_ids)]["id"])

    browser.find_element(By.CSS_SELECTOR, f'.saying-list [data-saying-id="{new_ids[0]}"] a').click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f'.saying-page[data-saying-id="{new_ids[0]}"]'))
    browser.back()
    wait(browser, lambda d: d.find_elements(By.ID, "today"))
    assert not has_new_mark(browser, new_ids[0])
    assert browser.find_elements(By.CSS_SELECTOR, f'.saying-list [data-saying-id="{new_ids[0]}"] [data-new]') == []
    assert all(has_new_mark(browser, saying) for saying in new_ids[1:])

    site()  # a fresh load: gone before and after the script runs
    assert not has_new_mark(browser, new_ids[0])
    assert has_new_mark(browser, new_ids[1])


def test_another_saying_changes_today_without_reloading(site, index):
    browser = site()
    by_id = {entry["id"]: entry for entry in index}
    browser.execute_script("window.stillTheSamePage = true")
    shown = {browser.find_element(By.ID, "today").get_attribute("data-saying-id")}
    for _ in range(3):
        before = browser.find_element(By.ID, "today").get_attribute("data-saying-id")
        browser.find_element(By.ID, "another-saying").click()
        wait(browser, lambda d: d.find_element(By.ID, "today").get_attribute("data-saying-id") != before)
        now = browser.find_element(By.ID, "today").get_attribute("data-saying-id")
        shown.add(now)
        today = browser.find_element(By.ID, "today")
        kor = today.find_element(By.CSS_SELECTOR, '[data-field="kor"]')
        assert kor.get_attribute("textContent") == by_id[now]["kor"]
        assert today.find_element(By.CSS_SELECTOR, '[data-field="eng"]').text == by_id[now]["eng"]
        assert today.find_element(By.CSS_SELECTOR, '[data-field="url"]').get_attribute("href").endswith(f"/sayings/{now}/")
        assert toggle(browser, "like", now).get_attribute("aria-pressed") == "false"
    assert len(shown) == 4
    assert browser.execute_script("return window.stillTheSamePage") is True


def test_another_saying_shows_every_saying_before_any_comes_back(site, index):
    browser = site()
    ids = {entry["id"] for entry in index}

    def click_another():
        before = browser.find_element(By.ID, "today").get_attribute("data-saying-id")
        browser.find_element(By.ID, "another-saying").click()
        wait(browser, lambda d: d.find_element(By.ID, "today").get_attribute("data-saying-id") != before)
        return browser.find_element(By.ID, "today").get_attribute("data-saying-id")

    shown = [browser.find_element(By.ID, "today").get_attribute("data-saying-id")]
    for _ in range(len(ids) - 1):
        shown.append(click_another())
    assert len(set(shown)) == len(shown) and set(shown) == ids
    # All shown: the picks start over, still never the saying on screen.
    assert click_another() in ids - {shown[-1]}


# ---- search -------------------------------------------------------------------------------------

def test_search_in_korean_english_and_by_author(site, index):
    browser = site("search/")
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    korean_word = index[0]["kor"].split()[1]
    english_word = index[2]["eng"].split()[-1].strip(".,;").upper()
    author = index[4]["who"].lower()
    for query in (korean_word, english_word, author, f"{author} {index[4]['eng'].split()[0]}"):
        expected = expected_results(index, query)
        assert expected, query
        assert search_for(browser, query, expected[:PAGE]) == expected[:PAGE], query
    assert search_for(browser, "zzzzqqq", []) == []
    assert browser.find_element(By.ID, "search-status").text


def test_search_by_initial_consonants_and_decomposed_hangul(site, index):
    browser = site("search/")
    word = next(w for w in index[1]["kor"].split() if len(w) >= 2 and all(0xAC00 <= ord(c) <= 0xD7A3 for c in w[:2]))
    initials = "".join(initial_of(c) for c in word[:2])
    expected = expected_results(index, initials)
    assert index[1]["id"] in expected
    assert search_for(browser, initials, expected[:PAGE]) == expected[:PAGE]
    # Keyboards on some systems send jamo sequences (NFD); they must find the composed text.
    decomposed = unicodedata.normalize("NFD", word)
    assert decomposed != word
    assert search_for(browser, decomposed, expected_results(index, word)[:PAGE]) == expected_results(index, word)[:PAGE]


def test_search_typing_and_address(site, index, served_sample):
    browser = site("search/")
    field = browser.find_element(By.ID, "search-input")
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    field.send_keys(index[0]["who"])
    wait(browser, lambda d: index[0]["id"] in ids(d.find_elements(By.CSS_SELECTOR, "#search-results [data-saying-id]")))
    assert "q=" in browser.current_url
    site(f"search/?q={index[0]['id'].split('-')[0]}")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results [data-saying-id]"))


# ---- settings -----------------------------------------------------------------------------------

def test_copy_as_text(site, index):
    saying = index[0]
    browser = site(f"sayings/{saying['id']}/")
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    browser.find_element(By.CSS_SELECTOR, 'button[data-share="copy"]').click()
    status = browser.find_element(By.CSS_SELECTOR, ".share-status")
    wait(browser, lambda d: status.text)
    copied = browser.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))")
    assert copied is not None and saying["kor"] in copied and saying["eng"] in copied
    assert copied.rstrip().endswith(f"/sayings/{saying['id']}/")
    svg = browser.find_element(By.CSS_SELECTOR, 'a[download$=".svg"]').get_attribute("href")
    assert svg.endswith(f"cards/{saying['id']}.svg")


# The Web Share API as a test page sees it: navigator.share records what it is handed (a file's
# name, type, size and first bytes); navigator.canShare answers `ACCEPTS_FILES`, or is absent (null).
SHARE_STUB = """
(() => {
  const acceptsFiles = ACCEPTS_FILES;
  window.__shared = [];
  if (acceptsFiles === null) {
    delete Navigator.prototype.canShare;
  } else {
    Object.defineProperty(navigator, "canShare", { value: (data) => acceptsFiles || !data.files });
  }
  Object.defineProperty(navigator, "share", { value: async (data) => {
    const files = await Promise.all((data.files || []).map(async (file) => ({
      isFile: file instanceof File, name: file.name, type: file.type, size: file.size,
      head: Array.from(new Uint8Array(await file.slice(0, 8).arrayBuffer())) })));
    window.__shared.push({ title: data.title, text: data.text, url: data.url, files });
  } });
})();
"""
PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10]
# The sample site is Korean.
with open(os.path.join(REPO, "Templates", "i18n", "ko.json"), encoding="utf-8") as strings:
    KO_STRINGS = json.load(strings)


@pytest.fixture
def sharing_phone(site, tmp_path):
    """Opens a saying page at phone size with the Web Share API stubbed (accepting files or not);
    yields `open(saying_id, accepts_files)` and the folder downloads go to."""
    browser = site()
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    scripts = []

    def open_saying(saying_id, accepts_files):
        source = SHARE_STUB.replace("ACCEPTS_FILES", json.dumps(accepts_files))
        added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
        scripts.append(added["identifier"])
        return site(f"sayings/{saying_id}/")

    yield open_saying, tmp_path
    for script in scripts:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def shared_with(browser):
    return wait(browser, lambda d: d.execute_script("return window.__shared"))


def test_share_the_card_hands_a_png_file_with_the_text_and_link(sharing_phone, index, sample_site):
    open_saying, downloads = sharing_phone
    saying = index[0]
    browser = open_saying(saying["id"], True)
    button = browser.find_element(By.CSS_SELECTOR, '[data-action="share-image"]')
    assert button.is_displayed()
    button.click()
    [shared] = shared_with(browser)
    [file] = shared["files"]
    assert file["isFile"] and file["type"] == "image/png" and file["name"] == f"{saying['id']}.png"
    assert file["size"] == os.path.getsize(os.path.join(sample_site, "cards", f"{saying['id']}.png"))
    assert file["head"] == PNG_SIGNATURE
    assert saying["kor"] in shared["text"] and saying["eng"] in shared["text"] and saying["who"] in shared["text"]
    assert shared["url"].endswith(f"/sayings/{saying['id']}/")
    assert browser.find_element(By.CSS_SELECTOR, ".share-status").text == ""
    assert not os.listdir(downloads)


@pytest.mark.parametrize("accepts_files", [False, None], ids=["refused", "no-canShare"])
def test_share_the_card_falls_back_to_the_text_and_a_download(sharing_phone, index, sample_site, accepts_files):
    open_saying, downloads = sharing_phone
    saying = index[1]
    browser = open_saying(saying["id"], accepts_files)
    button = browser.find_element(By.CSS_SELECTOR, '[data-action="share-image"]')
    button.click()
    [shared] = shared_with(browser)
    assert shared["files"] == [] and saying["who"] in shared["text"]
    assert shared["url"].endswith(f"/sayings/{saying['id']}/")
    status = browser.find_element(By.CSS_SELECTOR, ".share-status[role=status]")
    assert wait(browser, lambda d: status.text) == KO_STRINGS["shareImageFallback"]
    card = downloaded(downloads, ".png")
    assert os.path.basename(card) == f"{saying['id']}.png"
    assert open(card, "rb").read() == open(os.path.join(sample_site, "cards", f"{saying['id']}.png"), "rb").read()


# ---- accessibility and reach --------------------------------------------------------------------

def test_no_request_leaves_the_site(site, index, served_sample):
    browser = site()
    for path in ("", f"sayings/{index[0]['id']}/", "settings/", "search/?q=a", "favorites/"):
        site(path)
        wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        requested = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert requested, path
        assert [url for url in requested if not url.startswith(served_sample)] == [], path
