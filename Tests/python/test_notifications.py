"""Notifications (docs/reference/output.md, "Notifications"), in headless Chromium with a profile of
its own for each test: the permission asked after the first own letter, #notify-denied and how to
allow them; the service worker's notification of a letter on its day, once, and never of a sealed
one (nor in the badge or any cache); the day's saying as a notification once a day with
#notify-daily; the badge's count; the mirror of the reader's souvenirs in IndexedDB.

Permissions are set with the DevTools protocol (`Browser.setPermission`), the periodic sync is
dispatched with it (`ServiceWorker.dispatchPeriodicSyncEvent`, over the page's own DevTools socket:
the registration's id comes as an event), and notifications are read back with
`registration.getNotifications()`. Letters are dated by the browser's own clock, as the pages date
them: the reader's day, not the build's.

Notifications are listed only once the worker's looks are done (`look`), never while one may be
showing: Chromium drops a notification being shown when `getNotifications()` runs at that moment
(it then syncs its records with what is on screen), so polling it would lose notifications."""
import json
import os
import shutil
import urllib.request

import pytest
import websocket
from selenium_axe_python import Axe
from selenium.webdriver.common.by import By

from conftest import REPO, chromium, serving, wait

KO = json.load(open(os.path.join(REPO, "Templates", "i18n", "ko.json"), encoding="utf-8"))

NOTIFICATIONS = """const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then((registration) => registration.getNotifications())
  .then((list) => done(list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url }))));"""

# Asks the worker to look at the mirror, and waits until that look is done (it answers on the port).
LOOK = """const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then((registration) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => done(true);
  registration.active.postMessage(Modak.storage.WORKER_MESSAGE, [channel.port2]);
});"""

CACHED = """const done = arguments[arguments.length - 1];
(async () => {
  const texts = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      texts.push(request.url + "\\n" + await (await cache.match(request)).text());
    }
  }
  return texts;
})().then(done);"""


@pytest.fixture
def reader():
    """A browser of its own: its permissions, worker, notifications and IndexedDB are this test's alone."""
    driver = chromium()
    yield driver
    driver.quit()


def permit(driver, url, setting):
    """Sets the notifications permission of the site at `url`: granted, denied or prompt."""
    driver.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "notifications"}, "setting": setting,
                                                     "origin": url.rstrip("/")})


def open_page(driver, url):
    """Opens `url` and waits until this site's worker is active."""
    driver.get(url)
    driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")


def notifications(driver):
    return driver.execute_async_script(NOTIFICATIONS)


def look(driver):
    driver.execute_async_script(LOOK)


def close_notifications(driver):
    driver.execute_async_script("""const done = arguments[0];
        navigator.serviceWorker.ready.then((r) => r.getNotifications())
          .then((list) => { list.forEach((n) => n.close()); done(); });""")
    assert notifications(driver) == []


def mirrored_letters(driver):
    return [letter["message"] for letter in mirror(driver, "souvenirs")["souvenirs"] or []]


def mirror(driver, *names):
    return driver.execute_async_script("Modak.storage.readMirror(arguments[0]).then(arguments[1])", list(names))


def day(driver, offset=0):
    """The reader's day `offset` days from today, by the browser's clock."""
    return driver.execute_script("return Modak.storage.dayOf(new Date(Date.now() + arguments[0] * 864e5))", offset)


def save_letter(driver, text, deliver):
    """Writes a letter on souvenirs/ and seals it with a real click (browsers ask for permissions only in one)."""
    driver.find_element(By.ID, "souvenir-message").send_keys(text)
    driver.execute_script("document.getElementById('souvenir-date').value = arguments[0]", deliver)
    driver.find_element(By.ID, "souvenir-save").click()
    kept = "return Modak.storage.readSouvenirs().map((letter) => letter.message)"
    wait(driver, lambda d: text in d.execute_script(kept))
    # In the worker's copy too: a look from now on sees it.
    wait(driver, lambda d: text in mirrored_letters(d))


def periodic_sync(driver, url):
    """Dispatches the periodic sync of notify.js's tag to the site's worker, through the page's DevTools socket."""
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    page = next(target for target in json.load(urllib.request.urlopen(f"http://{address}/json/list"))
                if target["type"] == "page" and target["url"].startswith(url))
    socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=10, suppress_origin=True)
    try:
        socket.send(json.dumps({"id": 1, "method": "ServiceWorker.enable"}))
        registration = None
        while registration is None:
            message = json.loads(socket.recv())
            if message.get("method") == "ServiceWorker.workerRegistrationUpdated":
                registration = next((r["registrationId"] for r in message["params"]["registrations"]
                                     if r["scopeURL"] == url and not r["isDeleted"]), None)
        tag = driver.execute_script("return Modak.storage.SYNC_TAG")
        socket.send(json.dumps({"id": 2, "method": "ServiceWorker.dispatchPeriodicSyncEvent",
                                "params": {"origin": url.rstrip("/"), "registrationId": registration, "tag": tag}}))
        while True:
            message = json.loads(socket.recv())
            if message.get("id") == 2:
                assert "error" not in message, message
                return
    finally:
        socket.close()


def shown(driver, element_id):
    return driver.find_element(By.ID, element_id).is_displayed()


def test_refused_the_first_letter_shows_how_to_allow_notifications_in_this_browser(reader, served_sample):
    url = served_sample
    permit(reader, url, "denied")
    open_page(reader, url + "souvenirs/")
    assert not shown(reader, "notify-denied"), "nothing was asked yet"
    save_letter(reader, "A first letter", day(reader, 1))
    wait(reader, lambda d: shown(d, "notify-denied"))
    helps = [help for help in reader.find_elements(By.CSS_SELECTOR, "#notify-denied [data-notify-help]")
             if help.is_displayed()]
    assert [help.get_attribute("data-notify-help") for help in helps] == ["chromium"]
    assert helps[0].text == KO["notifyHelpChromium"]
    assert not shown(reader, "notify-ask"), "a denied permission is not asked again: the browser would not ask"
    assert reader.execute_script("return Notification.permission") == "denied"
    # Settings say so too, and the day's saying cannot be chosen while notifications are refused.
    open_page(reader, url + "settings/")
    assert shown(reader, "notify-denied")
    daily = reader.find_element(By.ID, "notify-daily")
    assert not daily.is_selected()
    daily.click()
    wait(reader, lambda d: not d.find_element(By.ID, "notify-daily").is_selected())
    assert reader.execute_script("return Modak.storage.readDaily()") is False
    assert notifications(reader) == []


def test_where_the_browser_still_asks_the_panel_asks_again_and_follows_the_browsers_settings(reader, served_sample):
    url = served_sample
    open_page(reader, url + "souvenirs/")
    assert reader.execute_script("return Notification.permission") == "default"
    # Headless Chromium refuses every prompt, as a reader would.
    save_letter(reader, "Asked once", day(reader, 2))
    wait(reader, lambda d: shown(d, "notify-denied"))
    assert not shown(reader, "notify-ask")
    # Reset in the browser's settings: the browser asks again, and so does the button. (Asked
    # now, headless Chromium answers as a reader who closes the prompt: still "default".)
    permit(reader, url, "prompt")
    wait(reader, lambda d: shown(d, "notify-ask"))
    reader.execute_script("""const ask = Notification.requestPermission.bind(Notification);
        window.asked = 0;
        Notification.requestPermission = (callback) => { window.asked += 1; return ask(callback); };""")
    reader.find_element(By.ID, "notify-ask").click()
    wait(reader, lambda d: d.execute_script("return window.asked") == 1)
    assert reader.execute_script("return Notification.permission") == "default"
    assert shown(reader, "notify-denied") and shown(reader, "notify-ask")
    # Allowed in the browser's settings: the panel goes.
    permit(reader, url, "granted")
    wait(reader, lambda d: not shown(d, "notify-denied"))


def test_the_panel_stays_hidden_when_notifications_are_allowed(reader, served_sample):
    permit(reader, served_sample, "granted")
    open_page(reader, served_sample + "souvenirs/")
    save_letter(reader, "Sealed for a while", day(reader, 30))
    look(reader)
    assert not shown(reader, "notify-denied")
    open_page(reader, served_sample + "settings/")
    assert not shown(reader, "notify-denied")


def test_a_letter_notifies_once_on_its_day_with_its_text(reader, served_sample):
    url = served_sample
    permit(reader, url, "granted")
    open_page(reader, url + "souvenirs/")
    save_letter(reader, "Dear me, today is the day.", day(reader))
    look(reader)
    [letter] = notifications(reader)
    assert letter["title"] == KO["notifyLetterTitle"]
    assert (letter["body"], letter["url"]) == ("Dear me, today is the day.", url + "souvenirs/")
    close_notifications(reader)
    # A visit, a periodic sync and another look: it was notified, it is not again.
    open_page(reader, url + "souvenirs/")
    look(reader)
    periodic_sync(reader, url)
    look(reader)
    assert notifications(reader) == []
    # The next letter of the day notifies, alone: the looks that show it do not show the first again.
    save_letter(reader, "And a second one.", day(reader))
    look(reader)
    assert [n["body"] for n in notifications(reader)] == ["And a second one."]


def test_the_periodic_sync_notifies_a_letter_whose_day_came(reader, served_sample):
    url = served_sample
    open_page(reader, url + "souvenirs/")
    # Written before notifications were allowed (an import, say): nothing was shown yet.
    reader.execute_script("Modak.storage.writeSouvenirs([{id: 'feedc0de00000001', message: 'From the past', "
                          "deliver: arguments[0], written: arguments[1]}])", day(reader), day(reader, -10))
    wait(reader, lambda d: mirrored_letters(d) == ["From the past"])
    look(reader)
    assert notifications(reader) == []
    permit(reader, url, "granted")
    periodic_sync(reader, url)
    # Claimed by the sync's look, then shown: a look after it ends once it is shown.
    wait(reader, lambda d: mirror(d, "notified")["notified"] == ["feedc0de00000001"])
    look(reader)
    assert [n["body"] for n in notifications(reader)] == ["From the past"]


def test_a_sealed_letter_is_in_no_notification_badge_or_cache(reader, served_sample):
    url = served_sample
    secret = "SEALED-SECRET-7f3a"
    permit(reader, url, "granted")
    open_page(reader, url + "souvenirs/")
    save_letter(reader, secret, day(reader, 1))
    for path in ("", "souvenirs/", "settings/", "souvenirs/"):
        open_page(reader, url + path)
    look(reader)
    periodic_sync(reader, url)
    look(reader)
    assert notifications(reader) == []
    assert mirror(reader, "badge")["badge"] == 0
    cached = reader.execute_async_script(CACHED)
    assert any("/souvenirs/" in entry.split("\n")[0] for entry in cached), "the souvenirs page is kept"
    assert not [entry.split("\n")[0] for entry in cached if secret in entry]


def test_the_badge_counts_opened_unread_letters_until_the_souvenirs_page_shows_them(reader, served_sample):
    url = served_sample
    permit(reader, url, "granted")
    open_page(reader, url)
    letters = [{"id": f"0000000{n}aaaaaaaa", "message": f"Letter {n}", "deliver": day(reader, offset),
                "written": day(reader, -5)} for n, offset in ((1, 0), (2, -1), (3, 2))]
    reader.execute_script("Modak.storage.writeSouvenirs(arguments[0])", letters)
    wait(reader, lambda d: len(mirrored_letters(d)) == 3)
    look(reader)
    assert mirror(reader, "badge")["badge"] == 2, "two opened and unread; the sealed one does not count"
    open_page(reader, url + "souvenirs/")
    look(reader)
    assert mirror(reader, "badge")["badge"] == 0


def test_the_days_saying_notifies_once_a_day_when_the_reader_asks(reader, sample_site, tmp_path):
    # A copy of the site, to take the day's saying away and bring it back.
    site = shutil.copytree(sample_site, tmp_path / "public")
    today = json.loads((site / "data" / "today.json").read_text(encoding="utf-8"))
    with serving(str(site)) as url:
        permit(reader, url, "granted")
        open_page(reader, url + "settings/")
        daily = reader.find_element(By.ID, "notify-daily")
        assert not daily.is_selected(), "off by default"
        look(reader)
        assert notifications(reader) == []
        daily.click()
        wait(reader, lambda d: mirror(d, "dailyDay")["dailyDay"] == today["date"])
        look(reader)
        [saying] = notifications(reader)
        assert saying["title"] == KO["notifyDailyTitle"]
        assert saying["body"] == f"{today['kor']}\n{today['eng']}\n— {today['who']}"
        assert saying["url"] == url + f"sayings/{today['id']}/"
        assert mirror(reader, "badge")["badge"] == 1, "the day's saying, unseen"
        close_notifications(reader)
        # The same day again: nothing, whatever wakes the worker.
        open_page(reader, url + "settings/")
        assert reader.find_element(By.ID, "notify-daily").is_selected()
        look(reader)
        periodic_sync(reader, url)
        look(reader)
        assert notifications(reader) == []
        # Seen on the home page: the badge clears.
        open_page(reader, url)
        look(reader)
        assert mirror(reader, "badge", "dailySeen") == {"badge": 0, "dailySeen": today["date"]}
        # A new day whose saying cannot be fetched (offline, or no file): silence, and it is not
        # counted as notified; once it can be fetched, it notifies.
        tomorrow = {**today, "date": "2099-01-01"}
        (site / "data" / "today.json").unlink()
        look(reader)
        assert notifications(reader) == []
        assert mirror(reader, "dailyDay")["dailyDay"] == today["date"]
        (site / "data" / "today.json").write_text(json.dumps(tomorrow), encoding="utf-8")
        look(reader)
        assert [n["tag"] for n in notifications(reader)] == ["modak-daily"]
        # Turned off: no more.
        close_notifications(reader)
        open_page(reader, url + "settings/")
        reader.find_element(By.ID, "notify-daily").click()
        wait(reader, lambda d: mirror(d, "daily")["daily"] is False)
        (site / "data" / "today.json").write_text(json.dumps({**today, "date": "2099-01-02"}), encoding="utf-8")
        look(reader)
        assert notifications(reader) == []


def test_every_write_of_the_souvenirs_is_mirrored_import_and_reset_included(reader, served_sample, tmp_path):
    url = served_sample
    open_page(reader, url + "settings/")
    export = tmp_path / "data.json"
    letter = {"id": "1234567890abcdef", "message": "Imported", "deliver": "2030-01-01", "written": "2026-11-30"}
    export.write_text(json.dumps({"version": 1, "souvenirs": [letter]}), encoding="utf-8")
    reader.find_element(By.ID, "import-data").send_keys(str(export))
    wait(reader, lambda d: mirror(d, "souvenirs")["souvenirs"] == [letter])
    # Changed behind the pages' back (another version of the scripts, say): the next page load copies it.
    reader.execute_script("localStorage.setItem(Modak.storage.SOUVENIRS_KEY, '[]')")
    open_page(reader, url + "settings/")
    wait(reader, lambda d: mirror(d, "souvenirs")["souvenirs"] == [])
    reader.find_element(By.ID, "import-data").send_keys(str(export))
    wait(reader, lambda d: mirror(d, "souvenirs")["souvenirs"] == [letter])
    reader.find_element(By.ID, "reset-data").click()
    reader.find_element(By.CSS_SELECTOR, '#reset-dialog button[value="delete"]').click()
    wait(reader, lambda d: mirror(d, "souvenirs") == {"souvenirs": None})


def test_the_notification_markup_is_accessible_and_fits_a_phone(reader, served_sample):
    permit(reader, served_sample, "denied")
    reader.set_window_size(320, 640)
    open_page(reader, served_sample + "souvenirs/")
    save_letter(reader, "Small screen", day(reader, 1))
    wait(reader, lambda d: shown(d, "notify-denied"))
    for path in ("souvenirs/", "settings/"):
        open_page(reader, served_sample + path)
        for size in ("medium", "x-large"):
            reader.execute_script("document.documentElement.dataset.size = arguments[0]", size)
            overflow = reader.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"/{path} at {size} scrolls sideways by {overflow}px at 320px"
        checker = Axe(reader)
        checker.inject()
        results = checker.run()
        assert results["violations"] == [], checker.report(results["violations"])
