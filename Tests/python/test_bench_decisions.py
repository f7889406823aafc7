"""Code that relies on a measurement links to its decision record in bench/README.md: every such link
names a heading there, and no comment still cites the numbered rounds the records replaced."""
import os
import re

from conftest import REPO

SEARCHED = ["Sources", "Tests", "docs", ".ci", "Makefile", "Package.swift", "README.md"]
LINK = re.compile(r"bench/README\.md#([a-z0-9-]+)")
ROUND = re.compile(r"bench/README\.md[,;]?\s*(?://+\s*)?\(?\"?\w+ round", re.IGNORECASE)


def anchor(heading):
    """GitHub's anchor of a Markdown heading: lower case, punctuation but hyphens dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def bench_anchors():
    with open(os.path.join(REPO, "bench", "README.md"), encoding="utf-8") as readme:
        return {anchor(line.lstrip("#")) for line in readme if line.startswith("#")}


def searched_files():
    for name in SEARCHED:
        path = os.path.join(REPO, name)
        if os.path.isfile(path):
            yield path
        for folder, _, files in os.walk(path):
            for file in files:
                if file.endswith((".swift", ".md", ".py", ".sh", ".yml", ".mustache", ".js")) or file == "Makefile":
                    yield os.path.join(folder, file)


def test_anchor_follows_github():
    assert anchor("Decision: PNG rows unfiltered, packed by ISA-L level 1") == \
        "decision-png-rows-unfiltered-packed-by-isa-l-level-1"


def test_every_link_names_a_decision_record():
    anchors = bench_anchors()
    links = []
    for path in searched_files():
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read()
        links += [(os.path.relpath(path, REPO), name) for name in LINK.findall(text)]
        assert not ROUND.search(text), f"{path} cites a round of bench/README.md; link its decision record"
    assert links, "no code links a decision record"
    missing = [(path, name) for path, name in links if name not in anchors]
    assert not missing, f"links to headings bench/README.md does not have: {missing}"
