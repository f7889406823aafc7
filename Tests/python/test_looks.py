"""How the sayings website looks in headless Chromium: the reader's theme, font and size, kept and
applied before the first paint, the device's colour scheme, text contrast in every theme, visible
keyboard focus, and pages that fit a small screen."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import wait


THEMES = ["bonfire", "light", "dark"]


def relative_luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground, background):
    lighter, darker = sorted((relative_luminance(foreground), relative_luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


# Text colour and the first opaque background behind it, for every visible element with own text.


COLOURS_SCRIPT = """
const canvas = document.createElement('canvas').getContext('2d');
function rgb(colour) {
  canvas.clearRect(0, 0, 1, 1); canvas.fillStyle = '#000'; canvas.fillStyle = colour; canvas.fillRect(0, 0, 1, 1);
  const d = canvas.getImageData(0, 0, 1, 1).data; return [d[0], d[1], d[2], d[3]];
}
function background(element) {
  for (let e = element; e; e = e.parentElement) {
    const colour = rgb(getComputedStyle(e).backgroundColor);
    if (colour[3] === 255) return colour.slice(0, 3);
  }
  return rgb(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3);
}
const seen = new Set(), pairs = [];
for (const element of document.querySelectorAll('body *')) {
  const ownText = [...element.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  if (!ownText || element.closest('[hidden], template, noscript, .visually-hidden') || !element.getClientRects().length) continue;
  const style = getComputedStyle(element);
  if (style.visibility !== 'visible' || style.opacity === '0') continue;
  const pair = [rgb(style.color).slice(0, 3), background(element)];
  const key = JSON.stringify(pair);
  if (seen.has(key)) continue;
  seen.add(key);
  pairs.push({pair, what: element.tagName + '.' + element.className});
}
return pairs;
"""


# ---- likes, used marks and the reader's lists ---------------------------------------------------


def test_theme_font_and_size_persist_across_reloads(site):
    browser = site("settings/")
    html = browser.find_element(By.TAG_NAME, "html")
    assert html.get_attribute("data-theme") == "bonfire"
    bonfire_background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    values = [o.get_attribute("value") for o in Select(browser.find_element(By.ID, "theme-select")).options]
    assert values[:4] == ["bonfire", "light", "dark", "system"]

    Select(browser.find_element(By.ID, "theme-select")).select_by_value("light")
    Select(browser.find_element(By.ID, "font-select")).select_by_value("serif")
    Select(browser.find_element(By.ID, "size-select")).select_by_value("large")
    assert html.get_attribute("data-theme") == "light"
    light_background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert light_background != bonfire_background

    site("")  # another page, loaded afresh
    html = browser.find_element(By.TAG_NAME, "html")
    assert (html.get_attribute("data-theme"), html.get_attribute("data-font"), html.get_attribute("data-size")) == ("light", "serif", "large")
    assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == light_background
    assert "Serif" in browser.execute_script("return getComputedStyle(document.body).fontFamily")
    site("settings/")
    assert Select(browser.find_element(By.ID, "theme-select")).first_selected_option.get_attribute("value") == "light"
    assert Select(browser.find_element(By.ID, "font-select")).first_selected_option.get_attribute("value") == "serif"


def test_theme_applies_before_first_paint(site):
    """The stored theme is on <html> before any stylesheet or body is parsed: no flash of the default."""
    browser = site()
    browser.execute_script("localStorage.setItem('modak.theme', 'dark')")
    # A script placed right after the boot script sees what the first paint will see.
    probe = browser.execute_script("""
        const boot = [...document.head.querySelectorAll('script')].find(s => !s.src);
        const link = document.head.querySelector('link[rel=stylesheet]');
        return boot && link && (boot.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING) ? boot.textContent : null;
    """)
    assert probe, "the inline boot script must come before the stylesheet"
    browser.execute_script("document.documentElement.removeAttribute('data-theme');" + probe)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == "dark"


def test_system_theme_follows_the_device(site):
    browser = site()
    browser.execute_script("localStorage.setItem('modak.theme', 'system')")
    backgrounds = {}
    for scheme in ("light", "dark"):
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        browser.refresh()
        backgrounds[scheme] = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert backgrounds["light"] != backgrounds["dark"]
    assert relative_luminance([int(v) for v in backgrounds["light"][4:-1].split(",")]) > 0.5
    assert relative_luminance([int(v) for v in backgrounds["dark"][4:-1].split(",")]) < 0.1


# ---- sharing ------------------------------------------------------------------------------------


@pytest.mark.parametrize("theme", THEMES + ["system-light", "system-dark"])
def test_text_contrast_in_every_theme(site, index, theme):
    name, _, scheme = theme.partition("-")
    browser = site()
    browser.execute_script("localStorage.setItem('modak.theme', arguments[0]); localStorage.setItem('modak.liked', arguments[1])",
                           name, json.dumps([index[0]["id"]]))
    if scheme:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    failures = []
    for path in ("", f"sayings/{index[0]['id']}/", "settings/", "search/?q=a", "notices/"):
        site(path)
        wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        # Final colours: a toggle pressed after the first paint (scripts from the worker) may still fade.
        wait(browser, lambda d: d.execute_script("return document.getAnimations().every((a) => a.playState !== 'running')"))
        for found in browser.execute_script(COLOURS_SCRIPT):
            ratio = contrast(*found["pair"])
            if ratio < 4.5:
                failures.append(f"/{path} {found['what']}: {ratio:.2f} {found['pair']}")
    assert not failures, "\n".join(failures)


def test_keyboard_focus_is_visible(site):
    browser = site()
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    for _ in range(4):
        focused = browser.switch_to.active_element
        outline = browser.execute_script("const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth]", focused)
        assert outline[0] != "none" and outline[1] != "0px", focused.get_attribute("outerHTML")[:80]
        focused.send_keys(Keys.TAB)


@pytest.mark.parametrize("width", [320, 1280])
def test_pages_fit_the_window(site, index, width):
    browser = site()
    browser.set_window_size(width, 800)
    for path in ("", f"sayings/{index[0]['id']}/", "settings/", "search/", "favorites/", "unused/", "notices/", "how-to-use/"):
        site(path)
        overflow = browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"/{path} scrolls sideways by {overflow}px at {width}px"


IMAGES = """return [...document.images].map(image => ({
    name: image.className, top: image.getBoundingClientRect().top, fold: innerHeight,
    loading: image.getAttribute("loading")}))"""


def test_the_card_above_the_fold_loads_at_once_and_images_below_it_wait(site, index):
    """A lazy image in view is fetched late, and the card is a saying page's largest paint: it is eager
    (`fetchpriority` would say more, but the Nu checker of test_html_valid does not know it yet).
    Images below the fold (the gift list's lower rows) stay lazy. On a later visit: the first one's
    welcome (test_welcome.py) pushes the page down."""
    site().execute_script("localStorage.setItem('modak.welcomed', '1')")
    for saying in index[:5]:
        images = site(f"sayings/{saying['id']}/").execute_script(IMAGES)
        cards = [image for image in images if image["name"] == "card-preview"]
        assert len(cards) == 1, saying["id"]
        card = cards[0]
        assert card["top"] < card["fold"], f"{saying['id']}: the card is in view at 1280×900"
        assert card["loading"] != "lazy", (saying["id"], card)
    below = [image for image in site("gifts/").execute_script(IMAGES) if image["top"] >= image["fold"]]
    assert below and all(image["loading"] == "lazy" for image in below), below
