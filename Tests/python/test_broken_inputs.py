"""A catalogue of broken inputs: every content rule of docs/reference/content.md broken once, then several at a time.
Each build must exit 1, name the file and line of every problem as `path:line: message`, print no
crash report, and leave the previous output byte-for-byte as it was."""
import os
import shutil
import subprocess

import pytest

from conftest import MODAK, snapshot

DATE = "2026-11-30"
CRASH_SIGNS = ("Fatal error", "Stack trace", "Swift runtime failure", "Thread 0", "Backtrace", "Segmentation", "💣")

# A small site with one file of every kind, each valid.
BASE = {
    "site.json": '{\n  "title": "Catalogue",\n  "baseURL": "https://catalogue.example/",\n  "timezone": "Asia/Seoul",\n  "cards": false\n}\n',
    "sayings/first.md": "---\nid: first\nkor: 첫째\neng: First\nwho: Tester\ntime: 2026-11-01 09:00\ntags: [a, b]\n---\nBody.\n",
    "sayings/more.json": '[\n  {"id": "second", "kor": "둘째", "eng": "Second", "who": "Tester", "time": "2026-11-02"}\n]\n',
    "souvenirs/2026-10-01-letter.md": "---\ndeliver: 2026-10-01 09:00\ntitle: Letter\n---\nHello.\n",
    "souvenirs/letters.json": '[\n  {"message": "Hi", "deliverDate": "2026-10-02"}\n]\n',
    "notices/2026-11-20-news.md": "---\ntitle: News\ndate: 2026-11-20\n---\nText.\n",
    "pages/about.md": "---\ntitle: About\n---\nAbout us.\n",
    "gifts/gifts.json": '[\n  {"id": "mug", "name": "Mug", "price": 12000, "image": "images/mug.svg", "tags": ["home"]}\n]\n',
    "gifts/questions.json": '[\n  {"id": "q-home", "text": "Home?", "tag": "home"}\n]\n',
}


def saying(lines, body="Body.\n"):
    return "---\n" + "".join(line + "\n" for line in lines) + "---\n" + body


GOOD = ["id: x", "kor: 가", "eng: A", "who: W", "time: 2026-11-01"]


def replace(lines, key, new):
    """GOOD (or `lines`) with the `key:` line replaced by `new` (or dropped when None)."""
    result = [new if line.startswith(key + ":") else line for line in lines]
    return [line for line in result if line is not None]


# (name, files to write (None deletes), expected [(path, line, words in the message…)] — every one
# must be reported).
CASES = [
    # site.json
    ("site.json missing", {"site.json": None}, [("site.json", None)]),
    ("site.json not JSON", {"site.json": '{\n  "title": "T",\n  "baseURL": \'https://x/\'\n}\n'}, [("site.json", 3)]),
    ("site.json an array", {"site.json": "[1]\n"}, [("site.json", 1)]),
    ("site.json without title", {"site.json": '{\n "baseURL": "https://x.example/"\n}\n'}, [("site.json", 1)]),
    ("site.json without baseURL", {"site.json": '{\n "title": "T"\n}\n'}, [("site.json", 1)]),
    ("site.json bad baseURL", {"site.json": '{\n "title": "T",\n "baseURL": "ftp://x.example/"\n}\n'}, [("site.json", 3)]),
    ("site.json relative baseURL", {"site.json": '{\n "title": "T",\n "baseURL": "/blog/"\n}\n'}, [("site.json", 3)]),
    ("site.json bad timezone", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "timezone": "Mars/Olympus"\n}\n'}, [("site.json", 4)]),
    ("site.json title of the wrong type", {"site.json": '{\n "title": ["T"],\n "baseURL": "https://x.example/"\n}\n'}, [("site.json", 2)]),
    ("site.json newDays not a number", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "newDays": "two"\n}\n'}, [("site.json", 4)]),
    ("site.json feedLimit out of range", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "feedLimit": 0\n}\n'}, [("site.json", 4)]),
    ("site.json cards not a boolean", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "cards": "yes"\n}\n'}, [("site.json", 4)]),
    ("site.json unknown theme", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "theme": "neon"\n}\n'}, [("site.json", 4)]),
    ("site.json bad language", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "language": "ko\\"><script>"\n}\n'}, [("site.json", 4)]),
    ("site.json unknown key", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "tilte": "T"\n}\n'}, [("site.json", 4)]),
    ("site.json bad author email", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "author": {"name": "A",\n  "email": "nobody"}\n}\n'}, [("site.json", 5)]),
    ("site.json duplicate key", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "title": "U"\n}\n'}, [("site.json", 4)]),
    ("site.json invalid UTF-8", {"site.json": b'{\n "title": "\xff",\n "baseURL": "https://x.example/"\n}\n'}, [("site.json", 2)]),
    # front-matter grammar
    ("no front matter", {"sayings/x.md": "id: x\n"}, [("sayings/x.md", 1)]),
    ("front matter never closed", {"sayings/x.md": "---\nid: x\n"}, [("sayings/x.md", 1)]),
    ("indented front-matter line", {"sayings/x.md": saying(GOOD + ["  tags: [a]"])}, [("sayings/x.md", 7)]),
    ("front-matter line without a colon", {"sayings/x.md": saying(GOOD[:2] + ["just words"] + GOOD[2:])}, [("sayings/x.md", 4)]),
    ("front-matter key not a name", {"sayings/x.md": saying(GOOD + ["1st: x"])}, [("sayings/x.md", 7)]),
    ("no space after the colon", {"sayings/x.md": saying(replace(GOOD, "who", "who:W"))}, [("sayings/x.md", 5)]),
    ("front-matter key twice", {"sayings/x.md": saying(GOOD + ["eng: B"])}, [("sayings/x.md", 7)]),
    ("quoted string never closed", {"sayings/x.md": saying(replace(GOOD, "eng", 'eng: "open'))}, [("sayings/x.md", 4)]),
    ("unknown escape in a quoted string", {"sayings/x.md": saying(replace(GOOD, "eng", 'eng: "a\\nb"'))}, [("sayings/x.md", 4)]),
    ("text after a closing quote", {"sayings/x.md": saying(replace(GOOD, "eng", "eng: 'a' b"))}, [("sayings/x.md", 4)]),
    ("list never closed", {"sayings/x.md": saying(GOOD + ["tags: [a, b"])}, [("sayings/x.md", 7)]),
    ("nested list", {"sayings/x.md": saying(GOOD + ["tags: [a, [b]]"])}, [("sayings/x.md", 7)]),
    ("empty list item", {"sayings/x.md": saying(GOOD + ["tags: [a,,b]"])}, [("sayings/x.md", 7)]),
    # YAML that front matter does not have: an error that says what to write instead
    ("YAML flow mapping", {"sayings/x.md": saying(replace(GOOD, "kor", "kor: {a: 1}"))},
     [("sayings/x.md", 3, "YAML flow mapping", "double quotes")]),
    ("YAML flow mapping for who", {"sayings/x.md": saying(replace(GOOD, "who", "who: {name: x}"))}, [("sayings/x.md", 5, "YAML flow mapping")]),
    ("YAML flow mapping for tags", {"sayings/x.md": saying(GOOD + ["tags: {a}"])}, [("sayings/x.md", 7, "YAML flow mapping")]),
    ("YAML anchor", {"sayings/x.md": saying(replace(GOOD, "kor", "kor: &a 가"))}, [("sayings/x.md", 3, "YAML anchor")]),
    ("YAML alias", {"sayings/x.md": saying(replace(GOOD, "who", "who: *author"))}, [("sayings/x.md", 5, "YAML alias")]),
    ("YAML tag", {"sayings/x.md": saying(replace(GOOD, "time", "time: !!timestamp 2026-11-01"))}, [("sayings/x.md", 6, "YAML tag")]),
    ("YAML block scalar", {"sayings/x.md": saying(replace(GOOD, "eng", "eng: |\n  A\n  B"))}, [("sayings/x.md", 4, "YAML block scalar", "one line")]),
    ("YAML block list", {"sayings/x.md": saying(GOOD + ["tags:", "  - a", "  - b"])}, [("sayings/x.md", 8, "YAML block list", "`tags: [a, b]`")]),
    # sayings
    ("unknown saying key", {"sayings/x.md": saying(GOOD + ["tmie: 2026-11-01"])}, [("sayings/x.md", 7)]),
    ("saying id with a slash", {"sayings/x.md": saying(replace(GOOD, "id", "id: a/b"))}, [("sayings/x.md", 2)]),
    ("saying id climbing out", {"sayings/x.md": saying(replace(GOOD, "id", "id: ../x"))}, [("sayings/x.md", 2)]),
    ("saying id percent-encoded dots", {"sayings/x.md": saying(replace(GOOD, "id", "id: '%2e%2e'"))}, [("sayings/x.md", 2)]),
    ("saying id absolute", {"sayings/x.md": saying(replace(GOOD, "id", "id: /etc/passwd"))}, [("sayings/x.md", 2)]),
    ("saying id with backslashes", {"sayings/x.md": saying(replace(GOOD, "id", "id: ..\\\\x"))}, [("sayings/x.md", 2)]),
    ("saying id too long", {"sayings/x.md": saying(replace(GOOD, "id", "id: " + "a" * 65))}, [("sayings/x.md", 2)]),
    ("saying id not ASCII", {"sayings/x.md": saying(replace(GOOD, "id", "id: 명언"))}, [("sayings/x.md", 2)]),
    ("saying without an id", {"sayings/x.md": saying(replace(GOOD, "id", None))}, [("sayings/x.md", 1)]),
    ("duplicate id across Markdown and JSON", {"sayings/x.md": saying(replace(GOOD, "id", "id: second"))}, [("sayings/x.md", 1)]),
    ("duplicate id within JSON", {"sayings/dupes.json": '[\n {"id": "d", "eng": "A", "who": "W", "time": "2026-11-01"},\n {"id": "d", "eng": "B", "who": "W", "time": "2026-11-01"}\n]\n'}, [("sayings/dupes.json", 3)]),
    ("neither kor nor eng", {"sayings/x.md": saying(replace(replace(GOOD, "kor", None), "eng", "eng: '  '"))}, [("sayings/x.md", 1)]),
    ("saying without who", {"sayings/x.md": saying(replace(GOOD, "who", None))}, [("sayings/x.md", 1)]),
    ("saying with an empty who", {"sayings/x.md": saying(replace(GOOD, "who", 'who: ""'))}, [("sayings/x.md", 5, "`who` is empty")]),
    ("saying with who of spaces", {"sayings/x.md": saying(replace(GOOD, "who", "who:    "))}, [("sayings/x.md", 5, "`who` is empty")]),
    ("JSON saying with who of spaces", {"sayings/more.json": '[\n {"id": "second", "kor": "둘째", "time": "2026-11-02",\n  "who": " "}\n]\n'},
     [("sayings/more.json", 3, "`who` is empty")]),
    ("saying without time", {"sayings/x.md": saying(replace(GOOD, "time", None))}, [("sayings/x.md", 1)]),
    ("impossible date", {"sayings/x.md": saying(replace(GOOD, "time", "time: 2026-02-30"))}, [("sayings/x.md", 6)]),
    ("month 13", {"sayings/x.md": saying(replace(GOOD, "time", "time: 2026-13-01 09:00"))}, [("sayings/x.md", 6)]),
    ("time in words", {"sayings/x.md": saying(replace(GOOD, "time", "time: tomorrow"))}, [("sayings/x.md", 6)]),
    ("hour 25", {"sayings/x.md": saying(replace(GOOD, "time", "time: 2026-11-01 25:00"))}, [("sayings/x.md", 6)]),
    ("tags not a list in JSON", {"sayings/tags.json": '[\n {"id": "t", "eng": "A", "who": "W", "time": "2026-11-01",\n  "tags": "a"}\n]\n'}, [("sayings/tags.json", 3)]),
    ("Markdown not UTF-8", {"sayings/x.md": b"---\nid: x\neng: A\nwho: W\ntime: 2026-11-01\n---\nbad \xc3\x28 byte\n"}, [("sayings/x.md", 7)]),
    ("JSON not UTF-8", {"sayings/bad.json": b'[\n {"id": "u", "eng": "\xe2\x82", "who": "W", "time": "2026-11-01"}\n]\n'}, [("sayings/bad.json", 2)]),
    # JSON syntax: what is wrong in words, on the line of the problem
    ("JSON trailing comma", {"sayings/bad.json": '[\n {"id": "u", "eng": "A", "who": "W", "time": "2026-11-01"},\n]\n'},
     [("sayings/bad.json", 2, "a comma after the last item", "remove the comma")]),
    ("JSON trailing comma in an object", {"sayings/bad.json": '[\n {"id": "u", "eng": "A", "who": "W",\n  "time": "2026-11-01",\n }\n]\n'},
     [("sayings/bad.json", 3, "a comma after the last member", "remove the comma")]),
    ("JSON never closed", {"sayings/bad.json": '[\n {"id": "u", "eng": "A"\n'}, [("sayings/bad.json", 3, "the object opened on line 2 is never closed", "add `}`")]),
    ("JSON array never closed", {"sayings/bad.json": '[\n {"id": "u", "eng": "A", "who": "W", "time": "2026-11-01"}\n'},
     [("sayings/bad.json", 3, "the array opened on line 1 is never closed", "add `]`")]),
    ("JSON missing comma", {"sayings/bad.json": '[\n {"id": "u", "eng": "A", "who": "W", "time": "2026-11-01"}\n {"id": "v", "eng": "B", "who": "W", "time": "2026-11-01"}\n]\n'},
     [("sayings/bad.json", 2, "a comma is missing", "add `,`")]),
    ("JSON missing colon", {"sayings/bad.json": '[\n {"id" "u"}\n]\n'}, [("sayings/bad.json", 2, "a colon is missing after the key")]),
    ("JSON unquoted key", {"sayings/bad.json": '[\n {id: "u"}\n]\n'}, [("sayings/bad.json", 2, "not in double quotes", 'write "id"')]),
    ("JSON missing closing quote", {"sayings/bad.json": '[\n {"id": "u,\n  "eng": "A"}\n]\n'}, [("sayings/bad.json", 2, "never closed before the end of the line")]),
    ("JSON quote inside a string", {"sayings/bad.json": '[\n {"id": "u", "eng": "Say "yes" now", "who": "W", "time": "2026-11-01"}\n]\n'},
     [("sayings/bad.json", 2, "ends it early", '\\"')]),
    ("JSON single quotes", {"sayings/bad.json": "[\n {'id': 'u'}\n]\n"}, [("sayings/bad.json", 2, "single quotes", "double quotes")]),
    ("JSON comment", {"sayings/bad.json": '[\n // a comment\n {"id": "u"}\n]\n'}, [("sayings/bad.json", 2, "JSON has no comments")]),
    ("JSON stray character", {"sayings/bad.json": '[\n {"id": "u", "eng": "A", "who": "W", "time": "2026-11-01"};\n]\n'},
     [("sayings/bad.json", 2, "unexpected `;`", "separate items with `,`")]),
    ("site.json trailing comma", {"site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n}\n'}, [("site.json", 3, "remove the comma")]),
    ("JSON nested too deep", {"sayings/bad.json": "[" * 100 + "]" * 100 + "\n"}, [("sayings/bad.json", 1)]),
    ("JSON saying not an object", {"sayings/bad.json": '[\n 42\n]\n'}, [("sayings/bad.json", 2)]),
    # gifts and questions
    ("gift price too high", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "image": "images/g.svg",\n  "price": 50000001}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gift price negative", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "image": "images/g.svg",\n  "price": -1}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gift price not whole", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "image": "images/g.svg",\n  "price": 12.5}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gift price a word", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "image": "images/g.svg",\n  "price": "cheap"}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gift gender unknown", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "image": "images/g.svg", "price": 1,\n  "gender": "robot"}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gift ids twice", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "image": "images/g.svg", "price": 1},\n {"id": "g", "name": "H", "image": "images/h.svg", "price": 2}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gift without name", {"gifts/gifts.json": '[\n {"id": "g", "image": "images/g.svg", "price": 1}\n]\n'}, [("gifts/gifts.json", 2)]),
    ("gift image javascript", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "price": 1,\n  "image": "javascript:alert(1)"}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gift image climbing out", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "price": 1,\n  "image": "../../etc/passwd"}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gift link not http", {"gifts/gifts.json": '[\n {"id": "g", "name": "G", "price": 1, "image": "images/g.svg",\n  "link": "javascript:alert(1)"}\n]\n'}, [("gifts/gifts.json", 3)]),
    ("gifts.json one object", {"gifts/gifts.json": '{"id": "g"}\n'}, [("gifts/gifts.json", 1)]),
    ("question without text", {"gifts/questions.json": '[\n {"id": "q", "tag": "home"}\n]\n'}, [("gifts/questions.json", 2)]),
    ("question without tag", {"gifts/questions.json": '[\n {"id": "q", "text": "Q?"}\n]\n'}, [("gifts/questions.json", 2)]),
    ("question ids twice", {"gifts/questions.json": '[\n {"id": "q", "text": "Q?", "tag": "home"},\n {"id": "q", "text": "R?", "tag": "home"}\n]\n'}, [("gifts/questions.json", 3)]),
    # souvenirs
    ("souvenir without deliver", {"souvenirs/s.md": "---\ntitle: T\n---\nMessage.\n"}, [("souvenirs/s.md", 1)]),
    ("souvenir without message", {"souvenirs/s.md": "---\ndeliver: 2026-10-01\n---\n\n"}, [("souvenirs/s.md", 1)]),
    ("souvenir deliver not a time", {"souvenirs/s.md": "---\ntitle: T\ndeliver: someday\n---\nMessage.\n"}, [("souvenirs/s.md", 3)]),
    ("JSON souvenir without message", {"souvenirs/letters.json": '[\n {"deliverDate": "2026-10-02"}\n]\n'}, [("souvenirs/letters.json", 2)]),
    ("JSON souvenir without deliverDate", {"souvenirs/letters.json": '[\n {"message": "Hi"}\n]\n'}, [("souvenirs/letters.json", 2)]),
    ("JSON souvenir message empty", {"souvenirs/letters.json": '[\n {"deliverDate": "2026-10-02",\n  "message": " "}\n]\n'}, [("souvenirs/letters.json", 3)]),
    ("JSON souvenirs one object", {"souvenirs/letters.json": '{"message": "Hi", "deliverDate": "2026-10-02"}\n'}, [("souvenirs/letters.json", 1)]),
    # notices and pages
    ("notice without title", {"notices/2026-11-21-n.md": "---\ndate: 2026-11-21\n---\nText.\n"}, [("notices/2026-11-21-n.md", 1)]),
    ("notice without date", {"notices/2026-11-21-n.md": "---\ntitle: N\n---\nText.\n"}, [("notices/2026-11-21-n.md", 1)]),
    ("notice slug climbing out", {"notices/2026-11-21-n.md": "---\ntitle: N\ndate: 2026-11-21\nslug: ../../x\n---\nText.\n"}, [("notices/2026-11-21-n.md", 4)]),
    ("notice slugs twice", {"notices/2026-11-21-n.md": "---\ntitle: N\ndate: 2026-11-21\nslug: 2026-11-20-news\n---\nText.\n"}, [("notices/2026-11-21-n.md", 1)]),
    ("page with a reserved slug", {"pages/x.md": "---\ntitle: X\nslug: sayings\n---\nText.\n"}, [("pages/x.md", 3)]),
    ("page named like no URL", {"pages/my page.md": "---\ntitle: X\n---\nText.\n"}, [("pages/my page.md", 1)]),
    ("page without title", {"pages/x.md": "---\nslug: x\n---\nText.\n"}, [("pages/x.md", 1)]),
    ("page slugs twice", {"pages/x.md": "---\ntitle: X\nslug: about\n---\nText.\n"}, [("pages/x.md", 1)]),
    # templates beside the content folder
    ("template never closes a section", {"../templates/home.mustache": "{{<layout}}\n{{$content}}\n{{#sayings}}\n{{/content}}\n{{/layout}}\n"}, [("../templates/home.mustache", 4)]),
    ("template includes itself", {"../templates/partials/loop.mustache": "x\n {{> partials/loop}}\n",
                                  "../templates/404.mustache": "{{> partials/loop}}\n"}, [("../templates/partials/loop.mustache", 2)]),
    ("template names a missing partial", {"../templates/404.mustache": "a\n{{> partials/nowhere}}\n"}, [("../templates/404.mustache", 2)]),
    # several at once: every one is reported
    ("several problems in several files", {
        "site.json": '{\n "title": "T",\n "baseURL": "https://x.example/",\n "newDays": -1\n}\n',
        "sayings/x.md": saying(replace(replace(GOOD, "time", "time: 2026-02-30"), "id", "id: ../x") + ["tmie: x"]),
        "sayings/more.json": '[\n {"id": "second", "kor": "둘째", "who": "T", "time": "2026-11-02",\n  "tags": 5}\n]\n',
        "gifts/gifts.json": '[\n {"id": "g", "name": "G", "image": "images/g.svg",\n  "price": 99999999999, "gender": "robot"}\n]\n',
        "notices/2026-11-20-news.md": "---\ntitle: News\n---\nText.\n",
    }, [("site.json", 4), ("sayings/x.md", 2), ("sayings/x.md", 6), ("sayings/x.md", 7), ("sayings/more.json", 3),
        ("gifts/gifts.json", 3), ("notices/2026-11-20-news.md", 1)]),
]


def write_site(folder, files):
    for relative, data in files.items():
        path = os.path.join(folder, relative)
        if data is None:
            os.remove(path)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """The valid site and its output, built once; each case starts from copies of both."""
    root = tmp_path_factory.mktemp("catalogue")
    write_site(root / "content", BASE)
    result = subprocess.run([MODAK, "build", "--content", str(root / "content"), "--output", str(root / "public"), "--date", DATE],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return root, snapshot(root / "public")


def test_the_base_site_builds_cleanly(base):
    root, before = base
    assert "index.html" in before and "gifts/mug/index.html" in before
    assert not [path for path in before if "/." in "/" + path], "the output holds nothing but the site"


@pytest.mark.parametrize("name, files, expected", CASES, ids=[case[0] for case in CASES])
def test_broken_input_is_reported_and_changes_nothing(base, tmp_path, name, files, expected):
    root, before = base
    content, output = tmp_path / "site" / "content", tmp_path / "site" / "public"
    shutil.copytree(root / "content", content)
    shutil.copytree(root / "public", output)
    write_site(content, files)

    result = subprocess.run([MODAK, "build", "--content", str(content), "--output", str(output), "--date", DATE],
                            capture_output=True, text=True)

    assert result.returncode == 1, f"exit {result.returncode}\n{result.stderr}"
    for sign in CRASH_SIGNS:
        assert sign not in result.stderr + result.stdout, result.stderr
    lines = result.stderr.splitlines()
    for path, line, *words in expected:
        place = os.path.normpath(os.path.join(content, path))
        prefix = f"{place}:{line}: " if line else f"{place}: "
        assert any(reported.startswith(prefix) and all(word in reported for word in words) for reported in lines), \
            f"expected {prefix}… {words}\n{result.stderr}"
    assert lines[-1].startswith("modak: build failed with "), result.stderr
    site = str(tmp_path / "site")
    assert all(reported.startswith(site) for reported in lines[:-1]), f"every problem names its file:\n{result.stderr}"
    assert snapshot(output) == before, "the previous output changed"


def test_files_that_are_not_content_are_warned_about_in_the_words_of_their_folder(base, tmp_path):
    root, _ = base
    content, output = tmp_path / "content", tmp_path / "public"
    shutil.copytree(root / "content", content)
    write_site(content, {"sayings/notes.txt": "notes", "sayings/image.png": b"\x89PNG\r\n", "sayings/draft.md~": "---\n",
                         "sayings/README": "read me", "souvenirs/letter.txt": "x", "notices/n.json": "[]",
                         "pages/about.html": "<p>", "gifts/extra.json": "[]", "gifts/images/mug.svg": "<svg/>"})

    result = subprocess.run([MODAK, "build", "--content", str(content), "--output", str(output), "--date", DATE],
                            capture_output=True, text=True)

    assert result.returncode == 0, result.stderr
    saying = "a saying file is a `.md` file with front matter or a `.json` file"
    for path, words in [("sayings/notes.txt", saying), ("sayings/image.png", saying), ("sayings/draft.md~", saying),
                        ("sayings/README", saying),
                        ("souvenirs/letter.txt", "a souvenir file is a `.md` file with front matter or a `.json` file"),
                        ("notices/n.json", "a notice is a `.md` file with front matter"),
                        ("pages/about.html", "a page is a `.md` file with front matter"),
                        ("gifts/extra.json", "the only JSON files read in gifts/ are `gifts.json` and `questions.json`")]:
        name = os.path.basename(path)
        assert f"{content / path}:1: warning: Modak ignores `{name}`: {words}" in result.stderr, result.stderr
    assert "mug.svg" not in result.stderr, "images in gifts/ are published, not warned about"
    assert (output / "gifts" / "images" / "mug.svg").exists()
