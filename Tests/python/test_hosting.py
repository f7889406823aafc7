"""A built site served by Debian's real nginx and Caddy with the configs of docs/hosting/, only their
placeholders replaced (the site folder and the port), at `/` and under a sub-path: types, the .br and
.gz twins, caching, Modak's 404, the Content-Security-Policy and security headers, then the site in
Chromium with no console error, no CSP violation and the service worker in control (issue 31, item 3)."""
import base64
import contextlib
import gzip
import hashlib
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import time

import brotli
import pytest

from conftest import REPO, SAMPLE_CONTENT, build_site, chromium

HOSTING = os.path.join(REPO, "docs", "hosting")
SITE_FOLDER, PORT = "/srv/modak/public", "8080"
# The sub-path of docs/hosting/README.md: the site is built into a folder of that name.
SUB_PATH = "lanterns/"
SERVERS = ["nginx", "caddy"]
LAYOUTS = {"root": "", "sub-path": SUB_PATH}
STARTUP_SECONDS = 15
YEAR = "public, max-age=31536000, immutable"

# Every kind of file Modak writes → the types a server may send for it.
JAVASCRIPT = {"text/javascript", "application/javascript"}
TYPES = {
    "": {"text/html"},
    "404.html": {"text/html"},
    "assets/css/modak.css": {"text/css"},
    "assets/js/app.js": JAVASCRIPT,
    "sw.js": JAVASCRIPT,
    "manifest.webmanifest": {"application/manifest+json"},
    "souvenirs.ics": {"text/calendar"},
    "feed.json": {"application/json", "application/feed+json"},
    "search/keys.json": {"application/json"},
    "feed.xml": {"application/rss+xml"},
    "tags/perseverance/feed.xml": {"application/rss+xml"},
    "atom.xml": {"application/atom+xml"},
    "sitemap.xml": {"application/xml", "text/xml"},
    "assets/icon.svg": {"image/svg+xml"},
    "cards/today.svg": {"image/svg+xml"},
    "cards/today.png": {"image/png"},
    "assets/icon-192.png": {"image/png"},
    "robots.txt": {"text/plain"},
}
# The text files with twins (each ≥ 1 KiB in the sample).
TWINNED = ["", "assets/css/modak.css", "assets/js/app.js", "sw.js", "souvenirs.ics", "feed.json", "feed.xml",
           "atom.xml", "sitemap.xml", "cards/today.svg", "search/keys.json"]
# Pages the browser opens: every kind of script the templates load runs on one of them.
BROWSED = ["", "sayings/laozi-journey/", "search/?q=journey", "favorites/", "unused/", "settings/", "souvenirs/",
           "gifts/", "gifts/quiz/", "archive/", "tags/", "notices/", "no/such/page/"]


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """The sample with `"precompress": true`, built for `/` and for https://example.org/lanterns/:
    layout → the folder a server serves (the site folder of the configs)."""
    folders = {}
    for layout, path in LAYOUTS.items():
        base = tmp_path_factory.mktemp(f"hosting-{layout}")
        content = base / "content"
        shutil.copytree(SAMPLE_CONTENT, content)
        settings = json.loads((content / "site.json").read_text())
        settings.update(precompress=True, baseURL="https://example.org/" + path)
        (content / "site.json").write_text(json.dumps(settings, ensure_ascii=False))
        build_site(str(content), str(base / "public" / path))
        folders[layout] = str(base / "public")
    return folders


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def placed(config, folder, port):
    """A documented config with its two placeholders replaced, and nothing else."""
    text = open(os.path.join(HOSTING, config), encoding="utf-8").read()
    assert SITE_FOLDER in text and PORT in text, f"docs/hosting/{config} lost a placeholder"
    return text.replace(SITE_FOLDER, folder).replace(PORT, str(port))


@contextlib.contextmanager
def running(server, folder, scratch):
    """`server` serving `folder` on 127.0.0.1 from its documented config; yields its root URL."""
    port = free_port()
    os.makedirs(scratch, exist_ok=True)
    name = "nginx.conf" if server == "nginx" else "Caddyfile"
    config = os.path.join(scratch, name)
    with open(config, "w", encoding="utf-8") as f:
        f.write(placed(name, folder, port))
    if server == "nginx":
        # Its own pid file and error log; workers as root read the test's private folders.
        own = f"daemon off; pid {scratch}/nginx.pid;" + (" user root;" if os.geteuid() == 0 else "")
        command = ["nginx", "-p", scratch, "-c", config, "-e", os.path.join(scratch, "error.log"), "-g", own]
    else:
        command = ["caddy", "run", "--config", config, "--adapter", "caddyfile"]
    environment = {**os.environ, "HOME": scratch, "XDG_DATA_HOME": scratch, "XDG_CONFIG_HOME": scratch}
    log_path = os.path.join(scratch, "server.log")
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=environment)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            assert process.poll() is None and time.monotonic() < deadline, \
                f"{server} did not start:\n{open(log_path).read()}"
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="module", params=[(server, layout) for server in SERVERS for layout in LAYOUTS],
                ids=lambda case: "-".join(case))
def hosted(request, sites, tmp_path_factory):
    """(the site's URL, its folder on disk) as one server serves one layout."""
    server, layout = request.param
    scratch = str(tmp_path_factory.mktemp(f"{server}-{layout}"))
    with running(server, sites[layout], scratch) as root:
        yield root + LAYOUTS[layout], os.path.join(sites[layout], LAYOUTS[layout])


def get(url, encoding=None):
    """(status, headers with lower-case names, body as sent) of a plain GET."""
    match = re.match(r"http://([^/:]+):(\d+)(/.*)", url)
    connection = http.client.HTTPConnection(match.group(1), int(match.group(2)), timeout=10)
    try:
        connection.request("GET", match.group(3), headers={"Accept-Encoding": encoding or "identity"})
        response = connection.getresponse()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, response.read()
    finally:
        connection.close()


def on_disk(path):
    """The file a server sends for the site path `path` (a folder's index.html)."""
    return path + "index.html" if path == "" or path.endswith("/") else path


def file_of(folder, path):
    with open(os.path.join(folder, on_disk(path)), "rb") as f:
        return f.read()


def media_type(headers):
    return headers.get("content-type", "").split(";")[0].strip()


def test_every_kind_of_file_has_its_type(hosted):
    url, _ = hosted
    wrong = {}
    for path, types in TYPES.items():
        status, headers, _ = get(url + path)
        if status != 200 or media_type(headers) not in types or headers.get("x-content-type-options") != "nosniff":
            wrong[path] = (status, headers.get("content-type"), headers.get("x-content-type-options"))
    assert not wrong


@pytest.mark.parametrize("encoding, decode", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_text_is_sent_from_its_twin_to_a_browser_that_accepts_it(hosted, encoding, decode):
    url, folder = hosted
    for path in TWINNED:
        original = file_of(folder, path)
        status, headers, body = get(url + path, encoding=f"{encoding}, deflate")
        assert (status, headers.get("content-encoding")) == (200, encoding), path
        assert "accept-encoding" in headers.get("vary", "").lower(), path
        assert decode(body) == original, path
        suffix = {"br": ".br", "gzip": ".gz"}[encoding]
        assert body == file_of(folder, on_disk(path) + suffix), f"{path}: not the build's twin"
        plain_status, plain_headers, plain = get(url + path)
        assert (plain_status, plain_headers.get("content-encoding"), plain) == (200, None, original), path


def test_pages_and_the_worker_revalidate_and_versioned_files_keep_a_year(hosted):
    url, folder = hosted
    home = file_of(folder, "").decode()
    assets = re.findall(r'(?:href|src)="(?:\./)?(assets/[^"]+\.(?:css|js))(\?v=[0-9a-f]{16})?"', home)
    assert assets and all(version for _, version in assets), f"unversioned assets in the home page: {assets}"
    saying = file_of(folder, "sayings/laozi-journey/").decode()
    card = re.search(r'<meta property="og:image" content="https://example\.org/(?:lanterns/)?([^"]+)"', saying).group(1)
    assert "?v=" in card
    for path in ["", "sayings/laozi-journey/", "404.html", "sw.js", "manifest.webmanifest", "cards/today.png"]:
        assert get(url + path)[1].get("cache-control") == "no-cache", path
    for path, version in assets[:3]:
        assert get(url + path + version)[1].get("cache-control") == YEAR, path + version
        assert get(url + path)[1].get("cache-control") == "no-cache", f"{path} without ?v="
    assert get(url + card)[1].get("cache-control") == YEAR
    assert get(url + card.split("?")[0])[1].get("cache-control") == "no-cache"
    # A missing file is never kept, whatever its address says.
    status, headers, _ = get(url + "assets/css/missing.css?v=0123456789abcdef")
    assert (status, headers.get("cache-control")) == (404, "no-cache")


@pytest.mark.parametrize("path", ["no/such/page/", "sayings/no-such-saying/", "missing.css", "sayings/"])
def test_a_wrong_address_gets_modaks_404_page_with_status_404(hosted, path):
    url, folder = hosted
    status, headers, body = get(url + path)
    assert (status, media_type(headers)) == (404, "text/html")
    assert body == file_of(folder, "404.html")


def test_security_headers_and_the_pages_policy(hosted):
    url, folder = hosted
    _, headers, body = get(url)
    assert "frame-ancestors 'none'" in headers.get("content-security-policy", "")
    assert headers.get("referrer-policy") == "strict-origin-when-cross-origin"
    permissions = headers.get("permissions-policy", "")
    assert "camera=()" in permissions
    for used in ["notifications", "web-share", "clipboard-write", "clipboard-read"]:
        assert used not in permissions, f"Permissions-Policy names {used}, which the site uses"
    page = body.decode()
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page).group(1)
    inline = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(inline) == 1 == len([tag for tag in re.findall(r"<script\b([^>]*)>", page) if "src=" not in tag])
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}'" in policy
    assert "'unsafe-inline'" not in policy and "style-src 'self'" in policy
    # The meta comes before the script it allows.
    assert page.index("Content-Security-Policy") < page.index("<script>")


VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
    (event) => window.__violations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
"""


@pytest.fixture(scope="module")
def logging_browser():
    driver = chromium(console_log=True)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": VIOLATIONS})
    yield driver
    driver.quit()


def test_the_site_runs_in_chromium_with_no_violation_or_error_and_the_worker_in_control(hosted, logging_browser):
    url, _ = hosted
    browser = logging_browser
    browser.get_log("browser")
    problems = []
    for path in BROWSED:
        browser.get(url + path)
        time.sleep(0.3)
        problems += [f"{path}: CSP {violation}" for violation in browser.execute_script("return window.__violations")]
        for entry in browser.get_log("browser"):
            # The 404 page's own status is the one error that is meant.
            if entry["level"] == "SEVERE" and not (path == "no/such/page/" and "404" in entry["message"]):
                problems.append(f"{path}: {entry['message']}")
    assert not problems
    browser.get(url)
    browser.execute_script("return navigator.serviceWorker.ready.then(() => true)")
    browser.refresh()
    deadline = time.monotonic() + 15
    while not browser.execute_script("return !!navigator.serviceWorker.controller"):
        assert time.monotonic() < deadline, "no service worker controls the page after a reload"
        time.sleep(0.2)
    scope = browser.execute_script("return navigator.serviceWorker.controller.scriptURL")
    assert scope == url + "sw.js"
    assert not browser.execute_script("return window.__violations")


def twins_in(folder):
    return sorted(os.path.relpath(os.path.join(directory, name), folder)
                  for directory, _, names in os.walk(folder) for name in names if name.endswith((".gz", ".br")))


def test_twins_are_files_of_the_build_made_again_only_when_their_file_changes(content_copy, tmp_path):
    settings = json.loads((content_copy / "site.json").read_text())
    (content_copy / "site.json").write_text(json.dumps({**settings, "precompress": True}, ensure_ascii=False))
    output = str(tmp_path / "public")
    build_site(str(content_copy), output)
    twins = twins_in(output)
    assert "index.html.br" in twins and "sayings/laozi-journey/index.html.gz" in twins and "robots.txt.gz" not in twins
    for twin in twins:
        source = os.path.join(output, twin[:-3])
        assert os.path.getsize(source) >= 1024 or source.endswith(".html"), f"{twin}: its file is under 1 KiB"
    stamps = {twin: os.stat(os.path.join(output, twin)).st_mtime_ns for twin in twins}
    # A new saying changes the home page and the feeds, not an older saying's page.
    (content_copy / "sayings" / "hosting-new.md").write_text(
        "---\nid: hosting-new\neng: A new saying\nwho: Tester\ntime: 2026-11-29 09:00\n---\n")
    build_site(str(content_copy), output)
    rewritten = {twin for twin in twins if os.stat(os.path.join(output, twin)).st_mtime_ns != stamps[twin]}
    assert {"index.html.br", "index.html.gz", "feed.xml.br"} <= rewritten
    assert not rewritten & {"sayings/ahn-jung-geun-reading/index.html.br", "assets/css/modak.css.gz"}, rewritten
    assert "sayings/hosting-new/index.html.br" in twins_in(output)
    # A page's twins go with the page; all twins go with the setting.
    (content_copy / "sayings" / "hosting-new.md").unlink()
    build_site(str(content_copy), output)
    assert twins_in(output) == twins
    (content_copy / "site.json").write_text(json.dumps(settings, ensure_ascii=False))
    build_site(str(content_copy), output)
    assert twins_in(output) == []
