#!/usr/bin/env python3
"""What a query costs a reader's phone on a big site, and that it still finds every match (issue 33).

usage: bench/search.py SITE       a built site folder (`bench/run search` builds the 10,000 corpus)
       BENCH_SEARCH_ONLY=initials bench/search.py SITE     only the kinds whose name holds that text

The phone of bench/browser.py (CPU 4x slower, 150 ms, 200,000 B/s, text gzipped as servers do).
Each query is typed, in one input event as an IME commits it, on a search page loaded cold (no
cache, no storage, no service worker); its bytes are those the page fetched from that event until
the network was quiet (Network.loadingFinished encodedDataLength): the index files and the data
files of the sayings it checked or shows. Then the script's whole answer (Modak.searchIndex.find,
from the files it already has) is compared with a reference search over every saying. Queries, of
every kind: one word common (the corpus's commonest Korean word, an English word in about half of
the sayings) or rare; two to six words in Korean, in English, as Hangul initials, mixed, and of the
commonest words; one and two initials; a last syllable still being composed. Prints a row a query and the worst case per
kind; exits 1 when a query fetches more than 150 KB or misses or adds a saying.
"""
import collections
import json
import os
import sys
import unicodedata

from browser import KB, Traffic, chromium, cold, serve

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "python"))
from hangul_query import initial_of, term_pattern  # noqa: E402 (the tests' reference)

GOAL = 150 * KB


def sayings(site):
    """The published sayings' searchable texts, numbered from the oldest as data/sayings/ numbers them."""
    rows, chunk = [], 0
    while os.path.exists(os.path.join(site, "data", "sayings", f"{chunk}.json")):
        with open(os.path.join(site, "data", "sayings", f"{chunk}.json"), encoding="utf-8") as f:
            rows += json.load(f)
        chunk += 1
    keys = os.path.join(site, "search", "keys.json")
    names = json.load(open(keys, encoding="utf-8"))["names"] if os.path.exists(keys) else {}
    texts = []
    for row in rows:
        tags = row[6][0::2] if len(row) > 6 else []
        texts.append("\n".join([row[1], row[2], row[3], *names.get(row[4], []), *tags]).lower().replace("ς", "σ"))
    return rows, texts


def reference(texts, query, composing=False):
    """The numbers of the sayings holding every word, newest first."""
    terms = unicodedata.normalize("NFC", query).lower().replace("ς", "σ").split()
    patterns = [term_pattern(term, composing and i == len(terms) - 1) for i, term in enumerate(terms)]
    return [n for n in range(len(texts) - 1, -1, -1) if all(p.search(texts[n]) for p in patterns)]


def queries(rows, texts):
    """(kind, query, composing), the same for the same site."""
    korean = collections.Counter(w for row in rows for w in row[1].split() if len(w) == 2)
    common_korean = sorted(korean, key=lambda w: (-korean[w], w))[0]
    english = collections.Counter(w.strip(".").lower() for row in rows[:500] for w in row[2].split())
    half = min(sorted(english), key=lambda w: abs(len(reference(texts, w)) - len(texts) // 2))
    pairs = collections.Counter(initial_of(a) + initial_of(b)
                                for row in rows[:500] for w in row[1].split() for a, b in zip(w, w[1:]))
    found = [("1 word, common Korean", common_korean, False), ("1 word, in half the sayings", half, False),
             ("1 word, common English", "the", False), ("1 initial", "ㅇ", False),
             ("2 initials, commonest pair", sorted(pairs, key=lambda p: (-pairs[p], p))[0], False)]
    # The commonest words together: every word's file is among the largest, and many sayings hold each.
    common = [w for w in sorted(korean, key=lambda w: (-korean[w], w)) if "." not in w]
    for k in range(2, 7):
        found.append((f"{k} words, common Korean", " ".join(common[:k]), False))
        found.append((f"{k} words, common English", " ".join("the and you that with have".split()[:k]), False))
    # Words of sayings spread over the site: the oldest, the newest and every 997th.
    picks = [rows[n] for n in range(0, len(rows), 997)] + [rows[-1]]
    for k in range(1, 7):
        for row in picks[:4]:
            kor, eng = row[1].split(), row[2].split()
            found.append((f"{k} words, Korean", " ".join(kor[:k]), False))
            found.append((f"{k} words, English", " ".join(eng[-k:]), False))
            found.append((f"{k} words, initials", " ".join("".join(map(initial_of, w)) for w in kor[-k:]), False))
            found.append((f"{k} words, mixed", " ".join(kor[1:1 + (k + 1) // 2] + eng[:k // 2]), False))
    for row in picks[4:8]:
        word = next(w for w in row[1].split() if len(w) >= 2 and 0 <= ord(w[1]) - 0xAC00 < 11172)
        # The second syllable without its final, as a keyboard shows it while composing.
        offset = ord(word[1]) - 0xAC00
        composing = word[0] + chr(0xAC00 + offset - offset % 28)
        found.append(("composing", " ".join(row[1].split()[:2]) + " " + composing, True))
        found.append(("1 word, rare", max(row[1].split(), key=len), False))
    return found


QUERY_SCRIPT = """
const [query, composing, done] = arguments;
const field = document.getElementById("search-input"), status = document.getElementById("search-status");
new MutationObserver(() => status.textContent && done(true))
  .observe(status, { childList: true, characterData: true, subtree: true });
setTimeout(() => done(false), 30000);
field.value = query;
field.dispatchEvent(new InputEvent("input", { isComposing: composing }));
"""

ANSWER_SCRIPT = """
const [query, composing, done] = arguments;
Modak.searchIndex.find(query, composing).then(done, (error) => done(String(error)));
"""


def measure(driver, base, query, composing):
    cold(driver, base)
    driver.get(base + "search/")
    traffic = Traffic(driver)
    traffic.until_quiet()
    shown = driver.execute_async_script(QUERY_SCRIPT, query, composing)
    sent, count = traffic.until_quiet()
    answer = driver.execute_async_script(ANSWER_SCRIPT, query, composing)
    return sent, count, shown, answer


def why(complete, sent, shown):
    return "incomplete" if not complete else "over the goal" if sent > GOAL else "no status" if not shown else ""


def main():
    site = sys.argv[1]
    rows, texts = sayings(site)
    server, base = serve(site)
    driver = chromium()
    driver.set_script_timeout(60)
    failed, worst = [], {}
    print(f"search on {len(rows):,} sayings (phone: CPU 4x slower, 150 ms, 200,000 B/s, gzip):"
          " goal <= 150 KB a query, every match")
    print(f"{'kind':<26} {'KB':>7} {'files':>6} {'found':>6}  query")
    try:
        only = os.environ.get("BENCH_SEARCH_ONLY", "")
        for kind, query, composing in queries(rows, texts):
            if only not in kind:
                continue
            sent, count, shown, answer = measure(driver, base, query, composing)
            expected = reference(texts, query, composing)
            complete = answer == expected
            ok = shown and complete and sent <= GOAL
            print(f"{kind:<26} {sent / KB:>7.1f} {count:>6} {len(expected):>6}  «{query}»"
                  + ("" if ok else f"  FAILED ({why(complete, sent, shown)})"))
            if not ok:
                failed.append((kind, query))
            group = kind.split(",")[0] if kind[0].isdigit() and "words" in kind else kind
            if sent > worst.get(group, (0, ""))[0]:
                worst[group] = (sent, query)
    finally:
        driver.quit()
        server.shutdown()
    print("\nworst case per kind")
    for group, (sent, query) in worst.items():
        print(f"  {group:<26} {sent / KB:>7.1f} KB  «{query}»")
    worst_of_all = max(sent for sent, _ in worst.values()) / KB
    print(f"worst of all: {worst_of_all:.1f} KB (<= 150)  {'PASS' if not failed else 'FAIL'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
