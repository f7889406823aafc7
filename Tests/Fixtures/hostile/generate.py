"""Writes content/: every field of every kind of content holds an attack (see Tests/python/test_hostile.py).

Run it after changing a payload: python3 Tests/Fixtures/hostile/generate.py"""
import json
import os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "content")


def write(relative, text):
    path = os.path.join(root, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


SCRIPT = '<script>alert(1)</script>'
IMG = '"><img src=x onerror=alert(1)>'
JS = 'javascript:alert(1)'
CDATA = ']]>'
MUSTACHE = '{{site.title}} {{{x}}} {{#a}}b{{/a}} {{> partials/head-meta}}'
BIDI = '\u202eevil\u202c \u2066iso\u2069'
CONTROLS = '\u0001\u0007\u0008\u000b\u000c\u001b[31m\u007f\u0085'


def payload(label):
    """Every attack at once, after a label that tells which field it came from."""
    return f'{label} {SCRIPT} {IMG} {JS} {CDATA} {MUSTACHE} {BIDI} &amp; \'single\' "double"'


def fm_quote(text):
    """A double-quoted front-matter string."""
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


LONG = 'long-line ' + 'x' * 20000 + ' ' + SCRIPT


def markdown(label):
    return f'''{payload(label)}

[js link]({JS}) [JS upper](JAVASCRIPT:alert(1)) [entity](&#106;avascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [vb](vbscript:msgbox(1))
<{JS}> <a href="{JS}">raw anchor</a> <img src=x onerror="alert(2)"> <svg onload=alert(3)></svg>
<script>alert("raw")</script> <iframe src="{JS}"></iframe> <style>body{{display:none}}</style>
![img]({JS} "{IMG}") [title](https://ok.example/ "{IMG}") [ref][r]

[r]: {JS}

```html
{SCRIPT} {CDATA}
```

Controls:{CONTROLS} end. {MUSTACHE}

{LONG}
'''

write('site.json', json.dumps({
    "title": "Hostile " + SCRIPT + IMG + CDATA + " {{site.title}} " + BIDI + CONTROLS,
    "description": payload("site-description") + CONTROLS,
    "baseURL": "https://hostile.example/x'y&z/",
    "language": "ko",
    "timezone": "Asia/Seoul",
    "theme": "bonfire",
    "author": {"name": payload("author-name"), "email": 'a"onmouseover="alert(1)@x.example'},
    "newDays": 2, "feedLimit": 50, "cards": True,
}, ensure_ascii=False, indent=2) + '\n')

write('sayings/hostile-md.md', f'''---
id: hostile-md
kor: {fm_quote(payload("saying-kor") + " 모닥불")}
eng: {fm_quote(payload("saying-eng") + CONTROLS)}
who: {fm_quote(payload("saying-who"))}
time: 2026-11-29 09:00
tags: [{fm_quote(SCRIPT)}, {fm_quote(IMG)}, {fm_quote(JS)}, {fm_quote("{{x}}")}, {fm_quote("../../etc")}, {fm_quote(CDATA)}]
---
{markdown("saying-body")}''')

write('sayings/hostile.json', json.dumps([
    {"id": "hostile-json", "kor": payload("json-kor"), "eng": payload("json-eng") + CONTROLS, "who": payload("json-who"),
     "time": "2026-11-28 09:00", "tags": [SCRIPT, JS, "{{{x}}}"], "body": markdown("json-body")},
    {"id": "hostile-long", "kor": "", "eng": LONG, "who": LONG, "time": "2026-11-27 09:00"},
    {"id": "hostile-scheduled", "kor": "SCHEDULEDHOSTILE", "eng": "SCHEDULEDHOSTILE", "who": "x", "time": "2099-01-01"},
], ensure_ascii=False, indent=1) + '\n')

write('souvenirs/2026-11-01-delivered.md', f'''---
deliver: 2026-11-01 09:00
title: {fm_quote(payload("souvenir-title"))}
---
{markdown("souvenir-message")}''')
write('souvenirs/2099-01-01-sealed.md', f'''---
deliver: 2099-01-01 09:00
title: "SEALEDHOSTILE title {SCRIPT}"
---
SEALEDHOSTILE message {SCRIPT}
''')
write('souvenirs/letters.json', json.dumps([
    {"title": payload("souvenir-json-title") + "\r\nX-INJECTED:1\nBEGIN:VEVENT", "message": payload("souvenir-json-message") + CONTROLS, "deliverDate": "2026-10-01 08:00"},
    {"title": "SEALEDHOSTILE json title", "message": "SEALEDHOSTILE json message " + SCRIPT, "deliverDate": "2098-05-05"},
], ensure_ascii=False, indent=1) + '\n')

write('notices/2026-11-20-hostile.md', f'''---
title: {fm_quote(payload("notice-title"))}
date: 2026-11-20 12:00
---
{markdown("notice-body")}''')
write('pages/hostile-page.md', f'''---
title: {fm_quote(payload("page-title"))}
slug: hostile-page
---
{markdown("page-body")}''')

write('gifts/gifts.json', json.dumps([
    {"id": "hostile-gift", "name": payload("gift-name"), "price": 12000, "image": "images/a&b'c.svg",
     "tags": [SCRIPT, "../../etc", "..", "a/b", "{{x}}", JS, CDATA, BIDI], "link": "https://shop.example/a'b?c=d&e=f",
     "description": payload("gift-description") + CONTROLS, "gender": "any"},
    {"id": "hostile-gift-2", "name": "second " + IMG, "price": 0, "image": "https://img.example/x'y.png?a=1&b=2",
     "tags": ["%2e%2e", "\\..\\..\\x", "con"], "description": LONG},
], ensure_ascii=False, indent=1) + '\n')
write('gifts/questions.json', json.dumps([
    {"id": "q-hostile", "text": payload("question-text"), "tag": SCRIPT},
    {"id": "q-hostile-2", "text": "second " + IMG, "tag": "../../etc"},
], ensure_ascii=False, indent=1) + '\n')
write("gifts/images/a&b'c.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c60"/></svg>\n')
