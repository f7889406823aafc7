"""Moving the reader's data to another device without a server (docs/reference/output.md, "Page
hooks"): a link made on settings/ in one browser profile, opened in a fresh one, asks first, merges
on #transfer-accept and leaves its fragment in neither the address bar nor the history; a garbled
or altered link is refused whole; the QR code, drawn by qr.js, decodes to the same link with zbar
(zbarimg) and ZXing (zxing-cpp); data too large for a QR code says so and offers the file export.
Then qr.js itself: both sides of every version's capacity at levels L and M, the eight masks, each
code matched module for module against ZXing's own encoder and read by both decoders, and the
mask chosen is the one of lowest penalty."""
import base64
import json
import os
import random
import string
import subprocess
import zlib

import numpy
import pytest
import zxingcpp
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import REPO, chromium, downloaded, wait

KO = json.load(open(os.path.join(REPO, "Templates", "i18n", "ko.json"), encoding="utf-8"))
HOSTILE = '<img src=x onerror="window.pwned = 1">'
QR_MAX_BYTES = 2953


# ---- browsers ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sender(tmp_path_factory):
    """The reader's first browser, at a phone's size; yields (driver, downloads folder)."""
    driver = chromium(390, 844)
    downloads = str(tmp_path_factory.mktemp("downloads"))
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    yield driver, downloads
    driver.quit()


@pytest.fixture
def send(sender, served_sample):
    """The sender on the sample with nothing stored; yields `open(path)`."""
    driver, _ = sender
    driver.get(served_sample)
    driver.execute_script("localStorage.clear()")

    def open_page(path=""):
        driver.get(served_sample + path)
        return driver

    yield open_page
    driver.execute_script("localStorage.clear()")


@pytest.fixture
def fresh():
    """Makes browsers with profiles of their own, as another device would be; quits them after."""
    made = []

    def make():
        made.append(chromium(390, 844))
        return made[-1]

    yield make
    for driver in made:
        driver.quit()


def stored(driver):
    """The reader's data in localStorage: every key but the interface's own (the welcome closed)."""
    return driver.execute_script(
        "const own = Object.values(Modak.storage.INTERFACE_KEYS);"
        "return Object.fromEntries(Object.keys(localStorage).filter((key) => !own.includes(key))"
        ".map((key) => [key, localStorage.getItem(key)]))")


def status(driver):
    return wait(driver, lambda d: d.find_element(By.ID, "transfer-status").text)


def close_welcome(driver):
    """A first visit may be greeted by dialog#welcome: closed, as a reader would, before anything else."""
    if driver.execute_script("return Boolean(document.querySelector('dialog#welcome[open]'))"):
        driver.find_element(By.ID, "welcome-close").click()


def history_urls(driver):
    return [entry["url"] for entry in driver.execute_cdp_cmd("Page.getNavigationHistory", {})["entries"]]


def assert_no_trace(driver):
    """The fragment is in neither the address bar nor any entry of the tab's history."""
    assert "#" not in driver.current_url
    assert "#" not in driver.execute_script("return location.href")
    assert not [url for url in history_urls(driver) if "transfer=" in url]


def make_link(driver):
    """Clicks #transfer-link on the open settings page; returns the link #transfer-url shows."""
    field = driver.find_element(By.ID, "transfer-url")
    driver.find_element(By.ID, "transfer-link").click()
    return wait(driver, lambda d: field.get_attribute("value"))


def offer_of(driver):
    close_welcome(driver)
    offer = driver.find_element(By.ID, "transfer-offer")
    wait(driver, lambda d: offer.is_displayed())
    return offer


def payload(text, kind="j"):
    """A fragment as transfer.js writes it, of `text` (str or bytes)."""
    data = text.encode() if isinstance(text, str) else text
    if kind == "d":
        squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
        data = squeeze.compress(data) + squeeze.flush()
    return f"#transfer=1{kind}." + base64.urlsafe_b64encode(data).decode().rstrip("=")


# ---- decoding QR codes --------------------------------------------------------------------------

def png_of(modules, path, scale=3):
    """Modules (rows of "0"/"1", 1 dark) drawn as a PNG, with a quiet zone of 4."""
    dark = numpy.array([[cell == "1" for cell in row] for row in modules])
    image = numpy.pad(numpy.where(dark, 0, 255).astype(numpy.uint8), 4, constant_values=255)
    Image.fromarray(numpy.kron(image, numpy.ones((scale, scale), numpy.uint8))).save(path)
    return path


def zbar(paths):
    """What zbarimg reads in each image, byte for byte (no guessing of character sets)."""
    command = ["zbarimg", "--nodbus", "--quiet", "--raw", "-Sbinary"]
    return [subprocess.run([*command, str(path)], capture_output=True).stdout for path in paths]


def zxing(path):
    """What ZXing reads in the image: [(bytes, its version, level and mask)]."""
    found = zxingcpp.read_barcodes(Image.open(path), formats=zxingcpp.BarcodeFormat.QRCode)
    return [(code.bytes, code.extra) for code in found]


def qr_svg_decodes_to(driver, link, tmp_path):
    """The <svg> of #transfer-qr, drawn by librsvg (rsvg-convert) as a reader's screen would, is read as `link`
    by both decoders; returns ZXing's version, level and mask."""
    svg = driver.find_element(By.CSS_SELECTOR, "#transfer-qr svg")
    side = int(svg.get_dom_attribute("viewBox").split()[2])
    (tmp_path / "qr.svg").write_text(svg.get_attribute("outerHTML"), encoding="utf-8")
    png = tmp_path / "qr.png"
    subprocess.run(["rsvg-convert", "--width", str(side * 4), "--height", str(side * 4), "-o", str(png),
                    str(tmp_path / "qr.svg")], check=True)
    assert zbar([png]) == [link.encode()]
    [(read, extra)] = zxing(png)
    assert read == link.encode()
    return extra


# ---- the link between two profiles ----------------------------------------------------------------

def test_a_like_made_into_a_link_crosses_to_a_fresh_profile(send, fresh, served_sample, tmp_path):
    browser = send("sayings/laozi-journey/")
    like = browser.find_element(By.CSS_SELECTOR, 'button[data-action="like"]')
    like.click()
    assert like.get_attribute("aria-pressed") == "true"
    day = browser.execute_script("return Modak.storage.dayOf(new Date())")
    letter = {"id": "letter2099", "message": HOSTILE, "deliver": "2099-12-31", "written": day}
    browser.execute_script("Modak.storage.writeSouvenirs([arguments[0]])", letter)
    send("settings/")
    Select(browser.find_element(By.ID, "theme-select")).select_by_value("dark")
    link = make_link(browser)
    # The data rides after "#" only: the part a browser sends is the settings page's address.
    assert link.startswith(served_sample + "settings/#transfer=1d."), link
    what = "좋아요 1개, 읽음 표시 1개, 설정 1개, 편지 1통"
    assert status(browser) == KO["transferMade"].replace("{what}", what)
    assert not browser.find_element(By.ID, "transfer-too-large").is_displayed()
    assert qr_svg_decodes_to(browser, link, tmp_path)["ECLevel"] in ("L", "M")

    other = fresh()
    other.get(link)
    offer = offer_of(other)
    assert_no_trace(other)
    assert KO["transferOffer"].replace("{what}", what) == offer.find_element(By.ID, "transfer-offer-text").text
    assert stored(other) == {}, "nothing merged before the reader says so"
    other.find_element(By.ID, "transfer-accept").click()
    assert status(other) == KO["dataImported"].replace("{took}", what)
    assert not offer.is_displayed()
    assert other.execute_script("return document.documentElement.dataset.theme") == "dark"
    assert json.loads(stored(other)["modak.souvenirs"]) == [letter]
    assert_no_trace(other)
    other.get(served_sample + "sayings/laozi-journey/")
    close_welcome(other)
    assert other.find_element(By.CSS_SELECTOR, 'button[data-action="like"]').get_attribute("aria-pressed") == "true"
    assert other.execute_script("return window.pwned") is None
    # Back in the history: the settings page as it was, without its fragment; nothing asks again.
    other.back()
    wait(other, lambda d: d.current_url == served_sample + "settings/")
    assert not other.find_element(By.ID, "transfer-offer").is_displayed()


def test_declining_takes_nothing_and_leaves_no_trace(send, fresh, served_sample):
    browser = send()
    browser.execute_script("Modak.storage.writeIds(Modak.storage.LIST_KEYS.used, new Set(['laozi-journey']))")
    send("settings/")
    link = make_link(browser)
    other = fresh()
    other.set_window_size(320, 640)
    other.get(served_sample)
    other.get(link)
    offer = offer_of(other)
    assert other.execute_script("return document.documentElement.scrollWidth") <= 320, "fits a 320 px screen"
    offer.find_element(By.ID, "transfer-cancel").click()
    assert status(other) == KO["transferDeclined"]
    assert stored(other) == {}
    assert_no_trace(other)
    assert other.switch_to.active_element.get_attribute("id") == "transfer-status"


def test_a_link_followed_on_the_settings_page_itself_asks_too(send, fresh, served_sample):
    """A fragment changed in place (no new page load: `hashchange`) is read, and its history entry rewritten."""
    browser = send()
    browser.execute_script("Modak.storage.writeIds(Modak.storage.LIST_KEYS.liked, new Set(['laozi-journey']))")
    send("settings/")
    link = make_link(browser)
    other = fresh()
    other.get(served_sample + "settings/")
    close_welcome(other)
    other.execute_script("location.hash = arguments[0]", link[link.index("#"):])
    offer_of(other).find_element(By.ID, "transfer-accept").click()
    assert status(other) == KO["dataImported"].replace("{took}", "좋아요 1개")
    assert_no_trace(other)


def export(**fields):
    return json.dumps({"version": 1, **fields})


GARBLED = {
    "not deflate": "#transfer=1d.AAAA",
    "not base64": "#transfer=1j.a",
    "not characters of base64url": "#transfer=1j.eyJ2ZXJzaW9uIjoxfQ==",
    "an unknown format": "#transfer=2j." + payload(export(liked=["laozi-journey"]))[13:],
    "no payload": "#transfer=",
    "not UTF-8": payload(b'{"version": 1, "liked": ["\xff"]}'),
    "not JSON": payload('{"version": 1, "liked": ['),
    "no export": payload('{"liked": ["laozi-journey"]}'),
    "another export version": payload('{"version": 2, "liked": ["laozi-journey"]}'),
    "an array": payload("[1, 2]"),
    "one hostile id among good ones": payload(export(liked=["laozi-journey", HOSTILE])),
    "a field no export has": payload(export(liked=["laozi-journey"], script=HOSTILE)),
    "a setting that is no choice": payload(export(liked=["laozi-journey"], theme='dark"><script>')),
    "a souvenir that is not whole":
        payload(export(souvenirs=[{"id": "x", "message": HOSTILE, "deliver": "2026-02-30"}]), "d"),
    "a deflate bomb": payload(b" " * (6 * 1024 * 1024), "d"),
}


def test_a_garbled_or_altered_link_is_refused_whole_and_runs_nothing(fresh, served_sample):
    other = fresh()
    other.get(served_sample + "settings/")
    close_welcome(other)
    for name, fragment in GARBLED.items():
        other.get("about:blank")
        other.get(served_sample + "settings/" + fragment)
        assert status(other) == KO["transferRefused"], name
        assert not other.find_element(By.ID, "transfer-offer").is_displayed(), name
        assert stored(other) == {}, name
        assert_no_trace(other)
    assert other.execute_script("return window.pwned") is None


def test_a_link_with_nothing_in_it_says_so(send, fresh, served_sample):
    browser = send("settings/")
    browser.find_element(By.ID, "transfer-link").click()
    assert status(browser) == KO["transferEmpty"]
    assert not browser.find_element(By.ID, "transfer-made").is_displayed()
    other = fresh()
    other.get(served_sample + "settings/" + payload(export(liked=[], used=[], seen=[], souvenirs=[])))
    assert status(other) == KO["transferNothing"]
    assert stored(other) == {}


def test_the_copy_button_copies_the_link(send):
    browser = send()
    browser.execute_script("Modak.storage.writeIds(Modak.storage.LIST_KEYS.liked, new Set(['laozi-journey']))")
    send("settings/")
    browser.execute_cdp_cmd("Browser.grantPermissions",
                            {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    link = make_link(browser)
    browser.find_element(By.ID, "transfer-copy").click()
    wait(browser, lambda d: status(d) == KO["transferCopied"])
    copied = browser.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))")
    assert copied == link


def test_data_too_large_for_a_qr_code_offers_the_file_and_the_link_still_works(send, sender, fresh, tmp_path):
    browser = send()
    browser.set_window_size(320, 640)
    try:
        day = browser.execute_script("return Modak.storage.dayOf(new Date())")
        # Random text: deflate cannot make it small.
        rng = random.Random(7)
        noise = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(3000))
        letter = {"id": "long-letter", "message": noise, "deliver": "2099-01-01", "written": day}
        browser.execute_script("Modak.storage.writeSouvenirs([arguments[0]])", letter)
        send("settings/")
        Select(browser.find_element(By.ID, "size-select")).select_by_value("x-large")
        link = make_link(browser)
        assert len(link.encode()) > QR_MAX_BYTES
        assert browser.find_element(By.ID, "transfer-too-large").is_displayed()
        assert browser.find_elements(By.CSS_SELECTOR, "#transfer-qr svg") == []
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 320, "fits a 320 px screen"
        browser.find_element(By.ID, "transfer-export").click()
        exported = wait(browser, lambda d: d.find_element(By.ID, "data-status").text)
        assert "modak-data-" in exported
        _, downloads = sender
        downloaded(downloads, ".json")
    finally:
        browser.set_window_size(390, 844)
    other = fresh()
    other.get(link)
    offer_of(other).find_element(By.ID, "transfer-accept").click()
    status(other)
    assert json.loads(stored(other)["modak.souvenirs"]) == [letter]


def test_the_largest_link_a_qr_code_holds_still_gets_one(send, tmp_path):
    """A link of exactly 2,953 bytes is a version 40-L code, read by both decoders; one byte more is not."""
    browser = send("settings/")
    base = browser.execute_script("return location.href") + "#transfer=1j."
    for extra, fits in ((0, True), (1, False)):
        length = QR_MAX_BYTES + extra
        code = browser.execute_script("return Modak.qr.encode(arguments[0])", base + "x" * (length - len(base)))
        assert (code is not None) == fits
        if fits:
            assert (code["version"], code["level"]) == (40, "L")
    # The page's own drawing of a link near that size, made of random ids (about 13 characters each once
    # deflated and in base64url).
    rng = random.Random(40)
    ids = ["".join(rng.choice(string.ascii_letters) for _ in range(12)) for _ in range(400)]
    count = 200
    for _ in range(6):
        browser.execute_script("Modak.storage.writeIds(Modak.storage.LIST_KEYS.liked, new Set(arguments[0]))",
                               ids[:count])
        send("settings/")
        link = make_link(browser)
        if QR_MAX_BYTES - 150 < len(link) <= QR_MAX_BYTES:
            break
        count += (QR_MAX_BYTES - 75 - len(link)) // 13
    assert QR_MAX_BYTES - 150 < len(link) <= QR_MAX_BYTES, len(link)
    extra = qr_svg_decodes_to(browser, link, tmp_path)
    assert int(extra["Version"]) >= 30
    assert "transfer-qr-large" in browser.find_element(By.ID, "transfer-qr").get_attribute("class"), "drawn larger"


# ---- qr.js against ZXing's encoder and both decoders -------------------------------------------------

@pytest.fixture(scope="module")
def qr(sender, served_sample):
    """Runs qr.js in the page: `encode(text, level=None, mask=None)` → {version, level, mask, size, rows}."""
    driver, _ = sender

    def run(script, *arguments):
        if not driver.execute_script("return Boolean(window.Modak && Modak.qr)"):
            driver.get(served_sample + "settings/")
        return driver.execute_script(script, *arguments)

    def encode(text, level=None, mask=None):
        options = {key: value for key, value in (("level", level), ("mask", mask)) if value is not None}
        return run("""
            const code = Modak.qr.encode(arguments[0], arguments[1]);
            return code && { version: code.version, level: code.level, mask: code.mask, size: code.size,
                             rows: code.modules.map((row) => row.map((dark) => (dark ? "1" : "0")).join("")) };""",
                   text, options)

    encode.capacity = lambda version, level: run("return Modak.qr.capacity(arguments[0], arguments[1])", version, level)
    return encode


# Characters outside the numeric and alphanumeric modes' sets: ZXing's encoder (Zint's, which mixes
# modes where that is shorter) then writes the whole text in byte mode too, as qr.js does.
BYTE_CHARACTERS = string.ascii_lowercase + "#=_&?~"


def text_of(length, seed):
    rng = random.Random(seed)
    return "h" + "".join(rng.choice(BYTE_CHARACTERS) for _ in range(length - 1))


def zxing_modules(text, level):
    """ZXing's own encoding of `text` at `level` (it chooses the smallest version and its own mask)."""
    barcode = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level=level)
    image = numpy.asarray(barcode.to_image(scale=1, add_quiet_zones=False))
    return ["".join("1" if value < 128 else "0" for value in row) for row in image]


def check_codes(cases, tmp_path):
    """Each (text, code) is read back as `text` by ZXing (with the code's version, level and mask) and by zbar."""
    paths = [png_of(code["rows"], tmp_path / f"{number}.png", 2 if code["version"] > 25 else 3)
             for number, (_, code) in enumerate(cases)]
    for (text, code), path in zip(cases, paths):
        [(read, extra)] = zxing(path)
        assert read == text.encode(), (code["version"], code["level"])
        read_as = (int(extra["Version"]), extra["ECLevel"], extra["DataMask"])
        assert read_as == (code["version"], code["level"], code["mask"])
    for (text, code), read in zip(cases, zbar(paths)):
        assert read == text.encode(), (code["version"], code["level"], code["mask"])


@pytest.mark.parametrize("level", ["L", "M"])
def test_every_version_holds_its_capacity_and_not_a_byte_more(qr, level, tmp_path):
    """Byte capacities of ISO/IEC 18004 Table 7, for both sides of each version's limit."""
    known = {(1, "L"): 17, (1, "M"): 14, (2, "L"): 32, (2, "M"): 26, (7, "L"): 154, (7, "M"): 122, (9, "L"): 230,
             (10, "L"): 271, (10, "M"): 213, (40, "L"): 2953, (40, "M"): 2331}
    cases = []
    for version in range(1, 41):
        capacity = qr.capacity(version, level)
        assert known.get((version, level), capacity) == capacity
        for length, expected in ((capacity, version), (capacity + 1, version + 1)):
            text = text_of(length, seed=version * 2 + (level == "M"))
            code = qr(text, level=level)
            if expected > 40:
                assert code is None
                continue
            assert (code["version"], code["level"], code["size"]) == (expected, level, expected * 4 + 17)
            # Module for module what ZXing's encoder makes of the same text with the same mask.
            reference = zxing_modules(text, level)
            [(_, extra)] = zxing(png_of(reference, tmp_path / "reference.png"))
            forced = qr(text, level=level, mask=extra["DataMask"])
            assert forced["rows"] == reference, f"version {expected}-{level}"
            cases.append((text, code))
    check_codes(cases, tmp_path)


def test_the_version_is_the_smallest_at_level_l_and_the_level_m_where_that_version_holds_it(qr):
    capacities = {(version, level): qr.capacity(version, level) for version in range(1, 41) for level in "LM"}
    for version in (1, 5, 9, 10, 27, 40):
        for length in (capacities[version, "M"], capacities[version, "M"] + 1, capacities[version, "L"]):
            smallest = min(v for v in range(1, 41) if length <= capacities[v, "L"])
            code = qr(text_of(length, 1))
            assert (code["version"], code["level"]) == (smallest, "M" if length <= capacities[smallest, "M"] else "L")
    assert qr("x" * (QR_MAX_BYTES + 1)) is None


def test_every_mask_and_utf8_text_decode(qr, tmp_path):
    cases = []
    for version_text in ("Modak 모닥불 앞에서", text_of(150, 3), text_of(700, 4), text_of(2200, 5)):
        for mask in range(8):
            code = qr(version_text, mask=mask)
            assert code["mask"] == mask
            cases.append((version_text, code))
    check_codes(cases, tmp_path)


def penalty(rows):
    """The mask penalty of ISO/IEC 18004 §7.8.3, written here anew: runs of five or more alike in a row or
    column (3, and 1 per module beyond 5), 2×2 blocks alike (3 each), dark-light-dark-dark-dark-light-dark
    runs in 1:1:3:1:1 with four light modules' width (the quiet zone counts) before or after (40
    each), and 10 per 5 % of dark modules away from half."""
    size = len(rows)
    grid = [[cell == "1" for cell in row] for row in rows]
    score = 0
    lines = grid + [list(column) for column in zip(*grid)]
    for line in lines:
        runs = []
        for cell in line:
            if runs and runs[-1][0] == cell:
                runs[-1][1] += 1
            else:
                runs.append([cell, 1])
        score += sum(3 + length - 5 for _, length in runs if length >= 5)
        # Light runs at both ends reach into the quiet zone (as wide as the symbol, for the rule).
        padded = [[False, size]] + runs + [[False, size]]
        merged = []
        for cell, length in padded:
            if merged and merged[-1][0] == cell:
                merged[-1][1] += length
            else:
                merged.append([cell, length])
        for i in range(1, len(merged) - 1):
            if not merged[i][0] or i + 4 >= len(merged):
                continue
            n = merged[i][1]
            middle = [length for _, length in merged[i:i + 5]]
            if middle != [n, n, 3 * n, n, n]:
                continue
            before, after = merged[i - 1][1], merged[i + 5][1] if i + 5 < len(merged) else 0
            score += 40 * ((before >= 4 * n and after >= n) + (after >= 4 * n and before >= n))
    score += 3 * sum(grid[y][x] == grid[y][x + 1] == grid[y + 1][x] == grid[y + 1][x + 1]
                     for y in range(size - 1) for x in range(size - 1))
    dark = sum(map(sum, grid))
    score += 10 * (-(-abs(dark * 20 - size * size * 10) // (size * size)) - 1)
    return score


def test_the_mask_chosen_has_the_lowest_penalty(qr):
    for number, length in enumerate((3, 40, 120, 333, 800)):
        text = text_of(length, 100 + number)
        chosen = qr(text)
        penalties = [penalty(qr(text, mask=mask)["rows"]) for mask in range(8)]
        assert chosen["mask"] == penalties.index(min(penalties)), penalties
        assert chosen["rows"] == qr(text, mask=chosen["mask"])["rows"]


def test_the_drawing_has_a_quiet_zone_and_crisp_modules(send):
    browser = send("settings/")
    drawn = browser.execute_script("""
        const code = Modak.qr.encode("https://example.com/settings/#transfer=1d.abc");
        const svg = Modak.qr.svg(code, "label");
        return { size: code.size, viewBox: svg.getAttribute("viewBox"), crisp: svg.getAttribute("shape-rendering"),
                 label: svg.getAttribute("aria-label"), role: svg.getAttribute("role"),
                 path: svg.querySelector("path").getAttribute("d") };""")
    side = drawn["size"] + 8
    assert drawn["viewBox"] == f"0 0 {side} {side}"
    assert (drawn["crisp"], drawn["label"], drawn["role"]) == ("crispEdges", "label", "img")
    starts = [tuple(map(int, move.split("h")[0].split())) for move in drawn["path"].split("M")[1:]]
    assert min(x for x, _ in starts) == 4 and min(y for _, y in starts) == 4
    assert max(y for _, y in starts) == side - 5
