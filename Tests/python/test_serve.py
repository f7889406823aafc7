"""`modak serve`: correct files under concurrent load, no way out of the output folder, edits seen live."""
import http.client
import os
import re
import shutil
import socket
import subprocess
import threading
import time

import pytest

from conftest import MODAK, SAMPLE_CONTENT, SAMPLE_DATE

SNIPPET = re.compile(rb"<script data-modak-serve>.*?</script>(<div data-modak-serve.*?</div>)?", re.S)
# The pages' policy, which the preview leaves out: it would refuse the inline snippet.
POLICY = re.compile(rb'<meta http-equiv="Content-Security-Policy" content="[^"]*">')


def as_previewed(page):
    """A page of the built site as `modak serve` sends it, but for the snippet."""
    assert POLICY.search(page), "a built page without its Content-Security-Policy"
    return POLICY.sub(b"", page)
TYPES = {".html": "text/html", ".svg": "image/svg+xml", ".xml": "application/xml", ".json": "application/json",
         ".ics": "text/calendar", ".css": "text/css", ".js": "text/javascript", ".png": "image/png", ".txt": "text/plain"}


class Server:
    """A `modak serve` process and the lines it printed."""

    def __init__(self, content, output):
        self.content, self.output, self.lines = content, output, []
        self.process = subprocess.Popen(
            [MODAK, "serve", "--content", content, "--output", output, "--port", "0", "--date", SAMPLE_DATE],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        threading.Thread(target=self._read, daemon=True).start()
        self.port = None
        deadline = time.monotonic() + 120
        while self.port is None and time.monotonic() < deadline and self.process.poll() is None:
            for line in list(self.lines):
                found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
                if found:
                    self.port = int(found.group(1))
            time.sleep(0.05)
        assert self.port, "modak serve did not start:\n" + "".join(self.lines)

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line)

    def get(self, path, method="GET"):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request(method, path)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def raw(self, path):
        """Sends the path exactly as given (no client-side normalisation); returns status and body."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as connection:
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while chunk := connection.recv(65536):
                data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        return int(head.split()[1]), body

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)


@pytest.fixture(scope="module")
def server(sample_site, tmp_path_factory):
    """The sample site served from a writable copy; starts from the session's build, so the first build is quick."""
    root = tmp_path_factory.mktemp("serve")
    content, output = str(root / "content"), str(root / "public")
    shutil.copytree(SAMPLE_CONTENT, content)
    shutil.copytree(sample_site, output)
    running = Server(content, output)
    yield running
    running.stop()


def wait_for(condition, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def site_files(output):
    files = []
    for directory, folders, names in os.walk(output):
        folders[:] = [f for f in folders if not f.startswith(".")]
        files += [os.path.relpath(os.path.join(directory, n), output) for n in names if not n.startswith(".")]
    return sorted(files)


def test_two_hundred_concurrent_requests_are_all_answered_correctly(server):
    files = site_files(server.output)
    by_type = {ext: [f for f in files if f.endswith(ext)] for ext in TYPES}
    picks = [f for ext in TYPES for f in by_type[ext][:12]] + files[::max(1, len(files) // 60)]
    paths = (picks * (200 // len(picks) + 1))[:200]
    results = [None] * len(paths)
    start = threading.Barrier(len(paths))

    def fetch(index):
        start.wait()
        results[index] = server.get("/" + paths[index])

    threads = [threading.Thread(target=fetch, args=(i,)) for i in range(len(paths))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for path, result in zip(paths, results):
        assert result is not None, f"no answer for {path}"
        status, headers, body = result
        assert status == 200, path
        with open(os.path.join(server.output, path), "rb") as f:
            on_disk = f.read()
        extension = os.path.splitext(path)[1]
        if extension in TYPES:
            assert headers["Content-Type"].startswith(TYPES[extension]), path
        assert int(headers["Content-Length"]) == len(body)
        if extension == ".html":
            assert SNIPPET.search(body), f"{path} has no live reload script"
            assert SNIPPET.sub(b"", body) == as_previewed(on_disk), f"{path} differs from the file beyond the live reload script"
        else:
            assert body == on_disk, path


@pytest.mark.parametrize("path", [
    "/../../../../etc/passwd", "/sayings/../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/..%2f..%2f..%2fetc%2fpasswd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/assets/..%2F..%2F..%2F..%2Fetc/passwd",
    "/leak/passwd", "/passwd-link", "/.modak-manifest", "/%00", "//etc/passwd", "/etc/passwd",
])
def test_no_path_leads_out_of_the_output_folder(server, path):
    leak, link = os.path.join(server.output, "leak"), os.path.join(server.output, "passwd-link")
    if not os.path.lexists(leak):
        os.symlink("/etc", leak)
        os.symlink("/etc/passwd", link)
    status, body = server.raw(path)
    assert status in (400, 403, 404), f"{path} answered {status}"
    assert b"root:" not in body


def test_only_get_and_head_are_served(server):
    status, headers, _ = server.get("/", method="POST")
    assert status == 405 and headers["Allow"] == "GET, HEAD"
    status, headers, body = server.get("/feed.xml", method="HEAD")
    assert status == 200 and body == b""
    assert int(headers["Content-Length"]) == os.path.getsize(os.path.join(server.output, "feed.xml"))


def test_missing_paths_get_the_sites_404_page_and_folders_their_slash(server):
    status, _, body = server.get("/no/such/page/")
    assert status == 404
    with open(os.path.join(server.output, "404.html"), "rb") as f:
        assert SNIPPET.sub(b"", body) == as_previewed(f.read())
    status, headers, _ = server.get("/sayings/laozi-journey")
    assert status == 301 and headers["Location"] == "/sayings/laozi-journey/"


def test_a_content_edit_is_served_within_seconds_and_open_pages_are_told(server):
    events = socket.create_connection(("127.0.0.1", server.port), timeout=15)
    _, _, page = server.get("/")
    generation = re.search(rb"since=(\d+)", page).group(1).decode()
    events.sendall(f"GET /.modak/events?since={generation} HTTP/1.1\r\nHost: x\r\n\r\n".encode())

    path = os.path.join(server.content, "sayings", "confucius-learning.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    edited = time.monotonic()
    with open(path, "w", encoding="utf-8") as f:
        f.write(re.sub(r"(?m)^eng: .*$", 'eng: "Learning, edited while the server runs"', text))
    assert wait_for(lambda: b"edited while the server runs" in server.get("/sayings/confucius-learning/")[2], 10)
    assert time.monotonic() - edited < 5

    received = b""
    while b"event: reload" not in received:
        chunk = events.recv(4096)
        assert chunk, "the event stream closed without a reload"
        received += chunk
    events.close()


def test_a_broken_edit_keeps_the_last_good_site_and_shows_the_errors(server):
    path = os.path.join(server.content, "sayings", "laozi-journey.md")
    with open(path, encoding="utf-8") as f:
        good = f.read()
    before = len(server.lines)
    with open(path, "w", encoding="utf-8") as f:
        f.write(good.replace("who: Laozi", "who: Laozi\ntmie: 2026-11-30"))
    try:
        assert wait_for(lambda: b"modak-build-errors" in server.get("/")[2])
        status, _, body = server.get("/sayings/laozi-journey/")
        assert status == 200 and b"A journey of a thousand miles" in body
        assert b"laozi-journey.md:" in body and b"tmie" in body
        assert wait_for(lambda: any("still serving the last good site" in line for line in server.lines[before:]))
        failed = server.lines[before:]
        assert any("laozi-journey.md:" in line and "tmie" in line for line in failed)
        assert not any("rebuilt" in line for line in failed), "a failed build said rebuilt:\n" + "".join(failed)
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(good)
    assert wait_for(lambda: b"modak-build-errors" not in server.get("/")[2])
    rebuilt = "content or templates changed: rebuilt"
    assert wait_for(lambda: any(line.startswith(rebuilt) for line in server.lines[before:]))


def test_an_open_page_reloads_itself_after_an_edit(server, browser):
    browser.get(f"http://127.0.0.1:{server.port}/sayings/dickinson-hope/")
    path = os.path.join(server.content, "sayings", "dickinson-hope.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    # Wait until the page's event stream is connected, then edit.
    time.sleep(0.5)
    with open(path, "w", encoding="utf-8") as f:
        f.write(re.sub(r"(?m)^eng: .*$", 'eng: "Hope, reloaded by itself"', text))
    # Read the text in one script call: an element looked up before the reload goes stale under it.
    assert wait_for(lambda: "Hope, reloaded by itself" in browser.execute_script("return document.body ? document.body.innerText : ''"), 15)


def test_the_preview_keeps_no_service_worker(server, browser):
    """A worker answering from its copies would show an author yesterday's build: the preview has
    none, and a worker left at this address by an earlier visit of a built site goes."""
    base = f"http://127.0.0.1:{server.port}/"
    browser.get(base)
    browser.execute_script("return navigator.serviceWorker.register('sw.js').then(() => navigator.serviceWorker.ready)")
    browser.get(base + "settings/")
    registrations = "return navigator.serviceWorker.getRegistrations().then((found) => found.length)"
    assert wait_for(lambda: browser.execute_script(registrations) == 0)
    browser.get(base)
    time.sleep(0.5)
    assert browser.execute_script(registrations) == 0
