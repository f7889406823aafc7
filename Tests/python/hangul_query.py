"""How a search query's words match a text, as search-index.js matches them (docs/reference/output.md,
"Search index"): the reference the tests (conftest.py) and bench/search.py compare the browser with."""
import re

INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"


def initial_of(character):
    offset = ord(character) - 0xAC00
    return INITIALS[offset // 588] if 0 <= offset < 11172 else character


def term_pattern(term, composing=False):
    """A regular expression for a query word: an initial consonant matches any syllable with it; with
    `composing`, a last open syllable (no final) matches that syllable with any final."""
    parts = []
    for i, character in enumerate(term):
        offset = ord(character) - 0xAC00
        if character in INITIALS:
            first = 0xAC00 + 588 * INITIALS.index(character)
            parts.append(f"[{character}{chr(first)}-{chr(first + 587)}]")
        elif composing and i == len(term) - 1 and 0 <= offset < 11172 and offset % 28 == 0:
            parts.append(f"[{character}-{chr(ord(character) + 27)}]")
        else:
            parts.append(re.escape(character))
    return re.compile("".join(parts))
