"""The site as an app in the reader's pocket (docs/reference/output.md, "Installable and offline"):
the manifest and the icons drawn for it, and the service worker that keeps pages to read offline
and answers the others with the offline page, in headless Chromium at a phone's size."""
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
import time

import pytest
from html5lib import parse
from PIL import Image

from conftest import MODAK, REPO, SAMPLE_CONTENT, _QuietHandler, build_site, chromium

KO = json.load(open(os.path.join(REPO, "Templates", "i18n", "ko.json"), encoding="utf-8"))


@pytest.fixture(scope="module")
def phone():
    """A browser of its own, so that its service workers and caches are these tests' alone."""
    driver = chromium()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    yield driver
    driver.quit()


def wait(condition, seconds=10):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def controlled(driver, url):
    """Opens `url` and waits until a service worker controls the page."""
    driver.get(url)
    wait(lambda: driver.execute_script("return !!navigator.serviceWorker.controller"))


def set_offline(driver, offline):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def content_with(tmp_path, **settings):
    """A copy of the sample content without cards (their PNGs would dominate the build), with `settings` in site.json."""
    content = tmp_path / "content"
    shutil.copytree(SAMPLE_CONTENT, content)
    site = json.loads((content / "site.json").read_text(encoding="utf-8"))
    (content / "site.json").write_text(json.dumps({**site, "cards": False, **settings}, ensure_ascii=False), encoding="utf-8")
    return str(content)


def pages(site):
    for directory, _, names in os.walk(site):
        for name in names:
            if name.endswith(".html"):
                path = os.path.join(directory, name)
                yield os.path.relpath(path, site), parse(open(path, "rb").read(), namespaceHTMLElements=False)


def test_the_manifest_names_the_site_and_lists_icons_of_every_size(sample_site):
    manifest = json.load(open(os.path.join(sample_site, "manifest.webmanifest"), encoding="utf-8"))
    title = json.load(open(os.path.join(SAMPLE_CONTENT, "site.json"), encoding="utf-8"))["title"]
    assert (manifest["name"], manifest["short_name"]) == (title, title)
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("./", "./", "standalone")
    # The bonfire theme's background, as modak.css paints it.
    assert manifest["theme_color"] == manifest["background_color"] == "#1c1410"
    sizes = {}
    for icon in manifest["icons"]:
        image = Image.open(os.path.join(sample_site, icon["src"]))
        assert icon["sizes"] == f"{image.width}x{image.height}" and icon["type"] == "image/png"
        sizes.setdefault(icon.get("purpose", "any"), []).append(image.width)
        if icon.get("purpose") == "maskable":
            # Full bleed: the corners, outside the safe circle, are the theme's background; the
            # drawing is inside the circle.
            rgb = image.convert("RGB")
            assert {rgb.getpixel(corner) for corner in [(0, 0), (511, 0), (0, 511), (511, 511), (256, 40)]} == {(28, 20, 16)}
            assert rgb.getpixel((256, 256)) != (28, 20, 16)
    assert sizes == {"any": [192, 512], "maskable": [512]}
    touch = Image.open(os.path.join(sample_site, "assets", "apple-touch-icon.png"))
    assert touch.size == (180, 180) and touch.mode == "RGB", "Apple shows transparency as black"


def test_every_page_links_the_manifest_its_colour_its_icon_and_the_worker_script(sample_site):
    for path, page in pages(sample_site):
        def linked(selector, attribute="href"):
            element = page.find(selector)
            assert element is not None, f"{path} has no {selector}"
            # 404.html and the offline page link from the site's root path, the others relatively.
            # Stylesheets and scripts carry `?v=`, which names no file.
            target = element.get(attribute).split("?v=")[0]
            target = target[1:] if target.startswith("/") else os.path.relpath(os.path.normpath(os.path.join(os.path.dirname(path), target)), ".")
            assert os.path.isfile(os.path.join(sample_site, target)), f"{path}: {target}"
        linked(".//link[@rel='manifest']")
        linked(".//link[@rel='apple-touch-icon']")
        linked(".//script[@defer]", "src")
        assert re.search(r"assets/js/app\.js\?v=[0-9a-f]{16}$", page.find(".//script[@defer]").get("src"))
        assert page.find(".//meta[@name='theme-color']").get("content") == "#1c1410"


def test_the_worker_is_the_same_for_the_same_site_and_changes_with_it(tmp_path):
    content = content_with(tmp_path)
    def worker(name, date="2026-11-30", *extra):
        site = build_site(content, str(tmp_path / name), date, *extra)
        return open(os.path.join(site, "sw.js"), encoding="utf-8").read()
    first = worker("first")
    assert worker("again") == first, "the same content and day give the same worker"
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', first).group(1)
    assert re.search(r'const VERSION = "([0-9a-f]{16})";', worker("next day", "2026-12-01")).group(1) != version, \
        "a new day is a new home page, so a new worker"
    templates = tmp_path / "templates" / "assets" / "css"
    templates.mkdir(parents=True)
    shutil.copy(os.path.join(REPO, "Templates", "assets", "css", "modak.css"), templates)
    with open(templates / "modak.css", "a", encoding="utf-8") as css:
        css.write("body { letter-spacing: 0.01em; }\n")
    assert re.search(r'const VERSION = "([0-9a-f]{16})";', worker("new style")).group(1) != version
    shell = json.loads(re.search(r"const SHELL = (\[.*\]);", first).group(1))
    # Stylesheets and scripts at the addresses pages ask for.
    assert all(re.fullmatch(r"[a-z/-]+\.(css|js)\?v=[0-9a-f]{16}", url) for url in shell if url.startswith("assets/js/"))
    shell = {url.split("?v=")[0] for url in shell}
    assert {"assets/css/modak.css", "assets/js/storage.js", "assets/js/app.js", "manifest.webmanifest", "assets/icon.svg",
            "assets/icon-192.png", "assets/icon-512.png", "assets/icon-maskable-512.png"} <= set(shell)
    assert json.loads(re.search(r"const PAGES = (\[.*\]);", first).group(1)) == ["./", "offline/"]


def test_without_fonts_the_manifest_lists_the_svg_icon_and_the_build_says_so_once(tmp_path):
    no_fonts = tmp_path / "no-fonts.conf"
    no_fonts.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n')
    site = str(tmp_path / "public")
    result = subprocess.run([MODAK, "build", "--content", content_with(tmp_path), "--output", site, "--date", "2026-11-30"],
                            capture_output=True, text=True, env={**os.environ, "FONTCONFIG_FILE": str(no_fonts)})
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("no PNG can be drawn: fontconfig finds no Noto Sans CJK KR") == 1, result.stderr
    manifest = json.load(open(os.path.join(site, "manifest.webmanifest"), encoding="utf-8"))
    assert manifest["icons"] == [{"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    assert not [name for name in os.listdir(os.path.join(site, "assets")) if name.endswith(".png")]
    assert all(page.find(".//link[@rel='apple-touch-icon']") is None for _, page in pages(site))


def test_a_worker_keeps_the_home_page_and_opened_pages_and_answers_the_others_offline(phone, served_sample):
    controlled(phone, served_sample)
    manifest = phone.execute_script("return fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())")
    statuses = phone.execute_script("return Promise.all(arguments[0].map((icon) => fetch(icon.src).then((r) => r.status + ' ' + r.headers.get('content-type'))))",
                                    manifest["icons"])
    assert statuses == ["200 image/png"] * 3
    today = phone.find_element("id", "today").get_attribute("data-saying-id")
    opened = phone.execute_script("return [...document.querySelectorAll('.saying-list [data-saying-id]')].map((e) => e.dataset.sayingId)"
                                  ".find((id) => id !== arguments[0])", today)
    phone.get(served_sample + f"sayings/{opened}/")
    try:
        set_offline(phone, True)
        phone.refresh()
        assert phone.find_element("css selector", "article.saying-page").get_attribute("data-saying-id") == opened
        phone.get(served_sample)
        assert phone.find_element("id", "today").get_attribute("data-saying-id") == today
        phone.get(served_sample + "notices/")
        assert phone.find_element("tag name", "h1").text == KO["offlineTitle"]
        assert phone.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(28, 20, 16)", "its stylesheet is kept too"
    finally:
        set_offline(phone, False)


def test_favorites_opened_once_are_read_offline_from_the_data_files_kept(phone, served_sample):
    """The data files a list fetched are kept like pages: offline, favorites still shows its sayings."""
    controlled(phone, served_sample)
    liked = phone.execute_script("return [...document.querySelectorAll('.saying-list [data-saying-id]')].slice(-2).map((e) => e.dataset.sayingId)")
    phone.execute_script("localStorage.setItem('modak.liked', JSON.stringify(arguments[0]))", liked)
    shown = lambda: [e.get_attribute("data-saying-id") for e in phone.find_elements("css selector", "#favorites-list [data-saying-id]")]
    phone.get(served_sample + "favorites/")
    wait(lambda: sorted(shown()) == sorted(liked))
    try:
        set_offline(phone, True)
        phone.refresh()
        wait(lambda: sorted(shown()) == sorted(liked))
        assert not phone.find_element("css selector", "[data-load-failed]").is_displayed()
    finally:
        set_offline(phone, False)
        phone.execute_script("localStorage.clear()")


class SlowPages(_QuietHandler):
    """Answers pages after `delay` seconds, and nothing at all while `down`."""
    delay = 0
    down = False

    def do_GET(self):
        if SlowPages.down:
            return self.connection.close()
        if self.path.endswith("/"):
            time.sleep(SlowPages.delay)
        super().do_GET()


def test_under_a_sub_path_after_a_rebuild_the_reader_gets_the_new_day_and_slow_or_gone_networks_the_kept_one(phone, tmp_path):
    content = content_with(tmp_path, baseURL="https://name.github.io/lanterns/")
    root = tmp_path / "host"
    site = str(root / "lanterns")
    build_site(content, site, "2026-11-29")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SlowPages, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/lanterns/"
    try:
        controlled(phone, base)
        assert phone.execute_script("return navigator.serviceWorker.getRegistration().then((r) => r.scope)") == base
        yesterday = phone.find_element("id", "today").get_attribute("data-saying-id")
        shells = "return caches.keys().then((names) => names.filter((name) => name.startsWith('modak-shell ')))"
        first_shells = phone.execute_script(shells)
        assert len(first_shells) == 1

        build_site(content, site, "2026-11-30")
        # The rebuild comes a day later, as it does for real: the test server's If-Modified-Since
        # compares whole seconds, and a rebuild within the same second would be "not modified".
        later = time.time() + 86400
        for folder, _, names in os.walk(site):
            for name in names:
                os.utime(os.path.join(folder, name), (later, later))
        phone.get(base)
        today = phone.find_element("id", "today").get_attribute("data-saying-id")
        assert today != yesterday, "network first: the new day, not the kept copy"
        phone.execute_script("return navigator.serviceWorker.getRegistration().then((r) => r.update())")
        # The new worker's shell replaces the old one.
        wait(lambda: len(phone.execute_script(shells)) == 1 and phone.execute_script(shells) != first_shells)

        SlowPages.delay = 6
        started = time.monotonic()
        phone.get(base)
        assert time.monotonic() - started < 5.5, "a slow network gets the kept page after the worker's timeout"
        assert phone.find_element("id", "today").get_attribute("data-saying-id") == today
        SlowPages.delay, SlowPages.down = 0, True
        phone.get(base + "gifts/")
        assert phone.find_element("tag name", "h1").text == KO["offlineTitle"]
        assert phone.find_element("link text", KO["backHome"]).get_attribute("href") == base
    finally:
        SlowPages.delay, SlowPages.down = 0, False
        server.shutdown()
        server.server_close()
