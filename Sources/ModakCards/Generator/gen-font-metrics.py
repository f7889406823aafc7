#!/usr/bin/env python3
"""Generate Sources/ModakCards/FontMetrics+Generated.swift from Noto Sans CJK KR.

Reads the horizontal advance widths of the characters a saying card needs
from the Regular and Bold weights of Noto Sans CJK KR (the first family of
the cards' font stack) and writes them as a Swift source, in 1/1000 em.
Runs of consecutive code points with equal width are merged into one range,
so the 11,172 Hangul syllables (all 920/1000 em) take a single row.

The advance of the colour emoji font (Noto Color Emoji, named second in the
font stack) is recorded as one constant: every emoji glyph in it has the
same advance.

Usage:
    pip install fonttools
    python3 Sources/ModakCards/Generator/gen-font-metrics.py [--output PATH] [--cjk-dir DIR] [--emoji-font PATH]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[3]
DEFAULT_OUTPUT = ROOT / "Sources" / "ModakCards" / "FontMetrics+Generated.swift"
DEFAULT_CJK_DIR = Path("/usr/share/fonts/opentype/noto")
DEFAULT_EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

# Used only when the emoji font is not installed: Noto Color Emoji's advance
# is 2550/2048 em = 1.245 em, so this keeps layout on the safe side.
FALLBACK_EMOJI_WIDTH = 1250

# (first, last, what) — the Unicode blocks a card's text is expected to use.
BLOCKS = [
    (0x0020, 0x007E, "ASCII"),
    (0x00A0, 0x00FF, "Latin-1 Supplement"),
    (0x0100, 0x024F, "Latin Extended-A/B"),
    (0x0300, 0x036F, "Combining Diacritical Marks"),
    (0x0370, 0x03FF, "Greek"),
    (0x0400, 0x04FF, "Cyrillic"),
    (0x1100, 0x11FF, "Hangul Jamo"),
    (0x1E00, 0x1EFF, "Latin Extended Additional"),
    (0x2000, 0x206F, "General Punctuation"),
    (0x20A0, 0x20BF, "Currency Symbols"),
    (0x3000, 0x303F, "CJK Symbols and Punctuation"),
    (0x3130, 0x318F, "Hangul Compatibility Jamo"),
    (0x4E00, 0x9FFF, "CJK Unified Ideographs (Hanja)"),
    (0xA960, 0xA97F, "Hangul Jamo Extended-A"),
    (0xAC00, 0xD7A3, "Hangul Syllables"),
    (0xD7B0, 0xD7FF, "Hangul Jamo Extended-B"),
    (0xFF00, 0xFFEF, "Halfwidth and Fullwidth Forms"),
]


def open_kr_face(path: Path) -> TTFont:
    """Return the Korean (non-mono) face of a Noto Sans CJK collection."""
    for font in TTCollection(str(path)).fonts:
        name = font["name"]
        family = name.getDebugName(16) or name.getDebugName(1) or ""
        if "CJK KR" in family and "Mono" not in family:
            return font
    sys.exit(f"error: no 'Noto Sans CJK KR' face in {path}")


def korean_forms(font: TTFont) -> dict[str, str]:
    """Glyph substitutions of the font's Korean 'locl' feature.

    When text has a language (the cards set lang="ko"/"en"), Pango shapes
    Hangul runs as Korean and HarfBuzz applies these; e.g. the space becomes
    a 280/1000 em glyph instead of 224/1000.
    """
    gsub = font["GSUB"].table
    lookups: set[int] = set()
    for script in gsub.ScriptList.ScriptRecord:
        for langsys in script.Script.LangSysRecord:
            if langsys.LangSysTag != "KOR ":
                continue
            for index in langsys.LangSys.FeatureIndex:
                feature = gsub.FeatureList.FeatureRecord[index]
                if feature.FeatureTag == "locl":
                    lookups.update(feature.Feature.LookupListIndex)
    mapping: dict[str, str] = {}
    for index in sorted(lookups):
        for subtable in gsub.LookupList.Lookup[index].SubTable:
            subtable = getattr(subtable, "ExtSubTable", subtable)
            mapping.update(getattr(subtable, "mapping", None) or {})
    return mapping


def advances(font: TTFont) -> dict[int, int]:
    """Advance widths in 1/1000 em (rounded up) for the code points in BLOCKS:
    the wider of the default glyph and its Korean form, so measuring never
    depends on which one the shaper picks."""
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    upem = font["head"].unitsPerEm
    korean = korean_forms(font)
    widths: dict[int, int] = {}
    for first, last, _ in BLOCKS:
        for cp in range(first, last + 1):
            glyph = cmap.get(cp)
            if glyph is not None:
                width = max(hmtx[glyph][0], hmtx[korean.get(glyph, glyph)][0])
                widths[cp] = math.ceil(width * 1000 / upem)
    return widths


def ranges(widths: dict[int, int]) -> list[tuple[int, int, int]]:
    """Merge consecutive code points of equal width into (first, last, width)."""
    out: list[tuple[int, int, int]] = []
    for cp in sorted(widths):
        w = widths[cp]
        if out and out[-1][1] == cp - 1 and out[-1][2] == w:
            out[-1] = (out[-1][0], cp, w)
        else:
            out.append((cp, cp, w))
    return out


def emoji_width(path: Path) -> tuple[int, str]:
    if not path.exists():
        return FALLBACK_EMOJI_WIDTH, f"{path.name} not installed; conservative default"
    font = TTFont(str(path))
    upem = font["head"].unitsPerEm
    hmtx = font["hmtx"]
    widest = max(hmtx[g][0] for g in font.getBestCmap().values())
    return math.ceil(widest * 1000 / upem), f"widest advance in {path.name}"


def swift_table(name: str, doc: str, rows: list[tuple[int, int, int]]) -> str:
    lines = [
        f"    /// {doc}",
        f"    static let {name} = FontMetrics(table: [",
    ]
    # As swift-format writes it: no comma after the last element.
    lines.append(",\n".join(f"        0x{first:04X}, 0x{last:04X}, {width}" for first, last, width in rows))
    lines.append("    ])")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--cjk-dir", type=Path, default=DEFAULT_CJK_DIR)
    parser.add_argument("--emoji-font", type=Path, default=DEFAULT_EMOJI_FONT)
    args = parser.parse_args()

    faces = {
        "regular": open_kr_face(args.cjk_dir / "NotoSansCJK-Regular.ttc"),
        "bold": open_kr_face(args.cjk_dir / "NotoSansCJK-Bold.ttc"),
    }
    tables = {weight: ranges(advances(face)) for weight, face in faces.items()}
    emoji, emoji_note = emoji_width(args.emoji_font)
    version = faces["regular"]["name"].getDebugName(5) or "unknown version"

    blocks = "\n".join(f"//   U+{a:04X}–U+{b:04X} {what}" for a, b, what in BLOCKS)
    source = f"""\
// Generated by Sources/ModakCards/Generator/gen-font-metrics.py — do not edit by hand.
//
// Advance widths in 1/1000 em of Noto Sans CJK KR ({version}),
// the wider of each default glyph and its Korean ('locl' KOR) form, as flat (first code point,
// last code point, width) triples sorted by code point. Covered blocks (code points the font lacks are left out):
{blocks}

extension FontMetrics {{
{swift_table("notoSansKRRegular", "Noto Sans CJK KR Regular (font-weight 400).", tables["regular"])}

{swift_table("notoSansKRBold", "Noto Sans CJK KR Bold (font-weight 700).", tables["bold"])}

    /// Advance of every glyph in Noto Color Emoji ({emoji_note}).
    static let emojiAdvance: Int = {emoji}
}}
"""
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(source, encoding="utf-8")
    sizes = ", ".join(f"{w}: {len(t)} ranges" for w, t in tables.items())
    print(f"wrote {args.output} ({sizes}; emoji {emoji})")


if __name__ == "__main__":
    main()
