"""The page scripts as source (docs/reference/templates.md, "Scripts"): one dialect, the storage keys
and the saying-id pattern written once, every page's scripts listed after the ones they use, and
the inline boot snippet made from its readable source."""
import glob
import json
import os
import re
import sys

import pytest

from conftest import REPO

sys.path.insert(0, os.path.join(REPO, ".ci"))
import theme_boot  # noqa: E402

TEMPLATES = os.path.join(REPO, "Templates")
SCRIPTS = sorted(glob.glob(os.path.join(TEMPLATES, "assets", "js", "*.js")))
# The service worker is a template (the build writes in its version and lists) in the same dialect.
SERVICE_WORKER = os.path.join(TEMPLATES, "sw.mustache")
SOURCES = SCRIPTS + [theme_boot.SOURCE, SERVICE_WORKER]


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def code_of(path):
    """The file without its comments (none of the scripts writes `/*` or ` //` in a string)."""
    return re.sub(r"/\*[\s\S]*?\*/|(^|\s)//[^\n]*", "", read(path))


def name(path):
    return os.path.relpath(path, TEMPLATES)


def test_the_boot_partial_is_made_from_its_source():
    assert read(theme_boot.PARTIAL) == theme_boot.generated(), \
        "Templates/partials/theme-boot.mustache is stale: run `make theme-boot`"


@pytest.mark.parametrize("path", SOURCES, ids=name)
def test_every_script_is_a_strict_arrow_iife_in_es2017(path):
    code = code_of(path)
    assert re.search(r'^"use strict";\n\(\(\) => \{\n', code, re.M), f"{name(path)}: starts its code with \"use strict\"; (() => {{"
    assert code.endswith("\n})();\n"), f"{name(path)}: ends with }})();"
    for pattern, what in [(r"\bvar\b", "var"), (r"\bfunction\s*\(", "an anonymous function expression"),
                          (r"^\s*(import|export)\b", "a module statement")]:
        assert not re.search(pattern, code, re.M), f"{name(path)} uses {what}"


def test_storage_keys_and_the_saying_id_pattern_are_written_once():
    storage = os.path.join(TEMPLATES, "assets", "js", "storage.js")
    for path in SOURCES:
        code = read(path)
        if path != storage:
            assert '"modak.' not in code and "'modak." not in code, f"{name(path)} writes a storage key: use storage.js's"
            assert "A-Za-z0-9" not in code, f"{name(path)} writes the saying-id pattern: use storage.js's SAYING_ID"
        if path not in (storage, theme_boot.SOURCE):
            assert "localStorage" not in code, f"{name(path)} reaches localStorage: go through Modak.storage"
    keys = re.findall(r'"(modak\.[A-Za-z]+)"', read(storage))
    assert len(keys) == len(set(keys)) == 11, keys


def published(code):
    """The window.Modak members a script defines, and those it uses."""
    defines = set(re.findall(r"(?:\bModak|\|\| \{\})\)?\.(\w+) = ", code))
    return defines, set(re.findall(r"\bModak\.(\w+)", code)) - defines


def test_every_page_loads_a_script_after_the_scripts_it_uses():
    provider = {}
    for path in SCRIPTS:
        for member in published(code_of(path))[0]:
            provider[member] = os.path.basename(path)
    def scripts(path):
        return re.findall(r'<script src="\{\{root\}\}assets/js/([a-z-]+\.js)\?v=\{\{site\.assetVersion\}\}" defer></script>', read(path))
    # The layout's scripts come before those of the page it wraps ({{$head}} follows them).
    layout = scripts(os.path.join(TEMPLATES, "layout.mustache"))
    pages = 0
    for path in glob.glob(os.path.join(TEMPLATES, "**", "*.mustache"), recursive=True):
        loaded = (layout if "{{<layout}}" in read(path) else []) + scripts(path)
        pages += bool(loaded)
        assert len(loaded) == len(set(loaded)), f"{name(path)} loads a script twice (the layout's included): {loaded}"
        for position, script in enumerate(loaded):
            file = os.path.join(TEMPLATES, "assets", "js", script)
            assert os.path.exists(file), f"{name(path)} loads {script}, which is not in Templates/assets/js"
            for member in published(code_of(file))[1]:
                assert provider.get(member) in loaded[:position], f"{name(path)}: {script} uses Modak.{member}, so it must come after {provider.get(member)}"
    assert pages >= 9


def test_the_boot_snippet_applies_every_setting_and_hides_opened_new_marks_only(browser, served_sample):
    browser.get(served_sample)
    hostile = 'x"] *, [y'
    browser.execute_script("localStorage.clear();"
                           "for (const [key, value] of Object.entries(arguments[0])) localStorage.setItem(key, value)",
                           {"modak.theme": "dark", "modak.font": "serif", "modak.size": "large",
                            "modak.seen": json.dumps(["laozi-journey", hostile])})
    try:
        state = browser.execute_script("""
            for (const name of ['theme', 'font', 'size']) document.documentElement.removeAttribute('data-' + name);
            const before = document.adoptedStyleSheets.length;
            new Function(arguments[0])();
            const sheets = document.adoptedStyleSheets.slice(before);
            document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, before);
            return { theme: document.documentElement.dataset.theme, font: document.documentElement.dataset.font,
                     size: document.documentElement.dataset.size,
                     styles: sheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join("")) };
        """, read(theme_boot.PARTIAL))
    finally:
        browser.execute_script("localStorage.clear()")
    assert (state["theme"], state["font"], state["size"]) == ("dark", "serif", "large")
    assert state["styles"] == ['[data-saying-id="laozi-journey"] .new-mark { display: none; }']
