#!/usr/bin/env python3
"""Makes Templates/partials/theme-boot.mustache, the one-line inline script of every page's head,
from its readable source Templates/partials/theme-boot.js (`make theme-boot`; a test fails when the
committed partial differs).

The source names storage.js's upper-case constants (`SETTING_KEYS`, `LIST_KEYS.seen`, `SAYING_ID`)
instead of repeating their values, so the keys and the id pattern are written once. This script
drops the source's whole-line comments, squeezes out white space outside string literals, and
writes in each constant's value (`LIST_KEYS.seen` → `"modak.seen"`). It relies on both files
keeping to what it reads: one constant a line in storage.js (`const NAME = value;`), and in the
boot source no regular expression literal and no comment after code."""
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(REPO, "Templates", "partials", "theme-boot.js")
STORAGE = os.path.join(REPO, "Templates", "assets", "js", "storage.js")
PARTIAL = os.path.join(REPO, "Templates", "partials", "theme-boot.mustache")

CONSTANT = re.compile(r"^\s*const ([A-Z][A-Z_]*) = (.+);$", re.M)
MEMBER = re.compile(r'(\w+): ("[^"\\]*")')
WORD = re.compile(r"[\w$]")


def squeeze(code):
    """`code` without white space between tokens, but inside strings and where two words meet."""
    result, quote, previous_word, pending_space = [], None, False, False
    for character in code:
        if quote:
            result.append(character)
            if character == quote and result[-2] != "\\":
                quote = None
            continue
        if character.isspace():
            pending_space = True
            continue
        if pending_space and previous_word and WORD.match(character):
            result.append(" ")
        pending_space = False
        result.append(character)
        if character in "\"'`":
            quote = character
        previous_word = bool(WORD.match(character))
    return "".join(result)


def constants(storage_text):
    """storage.js's upper-case constants: name → (squeezed value, {member: value} of an object literal)."""
    found = {}
    for name, value in CONSTANT.findall(storage_text):
        literal = value if value.startswith("/") else squeeze(value)
        found[name] = (literal, dict(MEMBER.findall(value)))
    return found


def generate(source_text, storage_text):
    lines = [line for line in source_text.splitlines() if not line.strip().startswith("//")]
    code = squeeze("\n".join(lines))
    values = constants(storage_text)

    def value_of(match):
        name, member = match.group(1), match.group(2)
        literal, members = values[name]
        if not members:  # not an object literal: `SAYING_ID.test` stays a method call
            return literal + (f".{member}" if member else "")
        if member is None:
            return literal
        if member not in members:
            raise ValueError(f"theme-boot.js names `{name}.{member}`, which storage.js's {name} does not have")
        return members[member]

    snippet = re.sub(rf"\b({'|'.join(values)})\b(?:\.(\w+))?", value_of, code)
    if "{{" in snippet:
        raise ValueError("the snippet holds `{{`, which Mustache would read as a tag")
    return snippet


def generated():
    with open(SOURCE, encoding="utf-8") as source, open(STORAGE, encoding="utf-8") as storage:
        return generate(source.read(), storage.read())


if __name__ == "__main__":
    with open(PARTIAL, "w", encoding="utf-8") as partial:
        partial.write(generated())
