"""The first visit's welcome, dialog#welcome (SPEC.md, "Page hooks"): shown by itself once, in the page's
flow so that it covers nothing, until it is closed; opened again from the settings. And the settings'
contact: a mailto: link whose subject names the site and Modak's version, and the address with a copy
button (docs/reference/output.md)."""
import json
import os
import shutil
import urllib.parse

import lxml.html
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPO, SAMPLE_CONTENT, build_site, chromium, serving, wait

KO = json.load(open(os.path.join(REPO, "Templates", "i18n", "ko.json"), encoding="utf-8"))
EN = json.load(open(os.path.join(REPO, "Templates", "i18n", "en.json"), encoding="utf-8"))
STEPS = ("welcomeSaying", "welcomeCapsule", "welcomeOffline")


@pytest.fixture
def fresh():
    """A browser with a profile of its own, as a first visitor's."""
    driver = chromium(390, 844)
    yield driver
    driver.quit()


def welcome_state(browser):
    return browser.execute_script("""const dialog = document.getElementById('welcome');
        return {open: dialog.open, shown: dialog.checkVisibility(), modal: dialog.matches(':modal'),
                position: getComputedStyle(dialog).position, focusInside: dialog.contains(document.activeElement),
                focused: document.activeElement.id}""")


def test_a_first_visit_is_welcomed_once(fresh, served_sample):
    fresh.get(served_sample)
    state = welcome_state(fresh)
    assert state["open"] and state["shown"] and state["focusInside"], state
    assert not state["modal"] and state["position"] == "static", "in the page's flow, the page left usable"
    steps = fresh.find_elements(By.CSS_SELECTOR, "#welcome li")
    assert [step.text for step in steps] == [f"{KO[key + 'Title']}\n{KO[key]}" for key in STEPS]
    # It covers nothing: the saying of the day's like button is itself where it is drawn, and works.
    like = fresh.find_element(By.CSS_SELECTOR, "#today button[data-action='like']")
    fresh.execute_script("arguments[0].scrollIntoView({block: 'center'})", like)
    assert fresh.execute_script("const r = arguments[0].getBoundingClientRect();"
                                "return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).closest('button')"
                                " === arguments[0]", like)
    like.click()
    assert like.get_attribute("aria-pressed") == "true"
    assert welcome_state(fresh)["open"], "using the page does not close it"

    fresh.find_element(By.ID, "welcome-close").click()
    assert not welcome_state(fresh)["shown"]
    for path in ("", "search/", "souvenirs/", "settings/"):
        fresh.get(served_sample + path)
        assert not welcome_state(fresh)["open"], f"/{path}: closed once, closed for good"


def test_escape_closes_it_and_settings_open_it_again(fresh, served_sample):
    fresh.get(served_sample + "settings/")
    assert welcome_state(fresh)["focused"] == "welcome-close"
    fresh.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not welcome_state(fresh)["open"]
    fresh.refresh()
    assert not welcome_state(fresh)["open"], "Escape closes it for good too"

    again = fresh.find_element(By.ID, "welcome-open")
    assert again.text == KO["welcomeAgain"]
    again.click()
    state = welcome_state(fresh)
    assert state["shown"] and state["focused"] == "welcome-close" and not state["modal"]
    fresh.switch_to.active_element.send_keys(Keys.ESCAPE)
    state = welcome_state(fresh)
    assert not state["open"] and state["focused"] == "welcome-open", "the focus returns where it was"
    again.click()
    fresh.find_element(By.ID, "welcome-close").click()
    assert welcome_state(fresh)["focused"] == "welcome-open"


def test_deleting_the_readers_data_forgets_the_welcome_too_and_exports_leave_it_out(fresh, served_sample):
    fresh.get(served_sample + "settings/")
    fresh.find_element(By.ID, "welcome-close").click()
    assert fresh.execute_script("return localStorage.getItem('modak.welcomed')") is not None
    fresh.find_element(By.ID, "reset-data").click()
    fresh.find_element(By.CSS_SELECTOR, '#reset-dialog button[value="delete"]').click()
    assert fresh.execute_script("return localStorage.length") == 0
    assert not welcome_state(fresh)["open"], "not on the page where the reader asked for the deletion"
    fresh.get(served_sample)
    assert welcome_state(fresh)["open"], "a clean slate, as on a first visit"


TITLE = "Lanterns & tea? #1 / 모닥 100%"


@pytest.fixture(scope="module")
def english_site(tmp_path_factory):
    """The sample in English, under a title that only percent-encoding makes a valid URL."""
    folder = tmp_path_factory.mktemp("english")
    content = folder / "content"
    shutil.copytree(SAMPLE_CONTENT, content)
    config = json.loads((content / "site.json").read_text(encoding="utf-8"))
    (content / "site.json").write_text(json.dumps({**config, "cards": False, "language": "en", "title": TITLE},
                                                  ensure_ascii=False), encoding="utf-8")
    site = build_site(str(content), str(folder / "public"))
    with serving(site) as base:
        yield site, base, config["author"]["email"]


def test_the_welcome_speaks_the_sites_language(fresh, english_site):
    _, base, _ = english_site
    fresh.get(base + "gifts/")
    assert fresh.find_element(By.ID, "welcome-title").text == EN["welcomeTitle"]
    assert [step.text for step in fresh.find_elements(By.CSS_SELECTOR, "#welcome li")] == \
        [f"{EN[key + 'Title']}\n{EN[key]}" for key in STEPS]


def test_the_contact_link_names_the_site_and_its_version(english_site):
    site, _, email = english_site
    page = lxml.html.parse(os.path.join(site, "settings", "index.html")).getroot()
    href = page.get_element_by_id("contact-mail").get("href")
    version = page.get_element_by_id("modak-version").text
    assert href.isascii() and " " not in href and "#" not in href and "&" not in href, href
    link = urllib.parse.urlsplit(href)
    assert (link.scheme, urllib.parse.unquote(link.path)) == ("mailto", email)
    assert urllib.parse.parse_qs(link.query) == {"subject": [f"{TITLE} · Modak {version}"]}
    assert page.get_element_by_id("contact-address").text == email


def test_the_address_copies_or_is_selected(fresh, english_site):
    _, base, email = english_site
    fresh.get(base + "settings/")
    origin = base.rstrip("/")
    fresh.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin,
                                                      "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    status = fresh.find_element(By.ID, "contact-status")
    fresh.find_element(By.ID, "contact-copy").click()
    wait(fresh, lambda _: status.text == EN["contactCopied"])
    copied = fresh.execute_async_script("navigator.clipboard.readText().then(arguments[0], (e) => arguments[0]('refused: ' + e))")
    assert copied == email
    # A browser that refuses the clipboard: the address is selected for the reader to copy.
    fresh.refresh()
    fresh.execute_script("navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError'))")
    status = fresh.find_element(By.ID, "contact-status")
    fresh.find_element(By.ID, "contact-copy").click()
    wait(fresh, lambda _: status.text == EN["contactCopyFailed"])
    assert fresh.execute_script("return getSelection().toString()") == email
