#!/usr/bin/env python3
"""Check rendered saying cards: usage: check_cards.py DIR

For every *.svg in DIR:

1. structure — the SVG parses as XML, is 1200×630 with a matching viewBox,
   has role="img" and aria-labelledby pointing at its <title> and <desc>,
   and every <text> has x, y and a lang/xml:lang;
2. raster — rsvg-convert renders it to a 1200×630 PNG (written beside it);
3. safe area — a copy without the background (class "bg") and the
   decorations (class "decor") is rendered on a transparent canvas, and the
   bounding box of all non-transparent pixels, i.e. the ink of the text,
   must lie within x∈[60,1140], y∈[60,570];
4. missing glyphs — for each <text>, the fonts fontconfig offers for its
   font-family, weight and language (`fc-match -s`, the fallback list Pango
   draws from) are read with fontTools; every visible code point must be in
   the cmap of one of them, or Pango would draw a missing-glyph box;
5. metrics — each <text> is rendered alone, and its ink must not run past
   its advance as measured in the first family's font (the one the layout
   is computed with; for code points it lacks, the first fallback font that
   has them), plus 0.15 em for overhangs: text drawn wider than the layout
   assumed, e.g. because another font took over some characters, fails.

Prints one line per failing card and "N passed, N failed"; exits 1 if any
card failed. Needs rsvg-convert and fc-match on PATH, and
`pip install fonttools pillow`.
"""

from __future__ import annotations

import copy
import functools
import io
import re
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from fontTools.ttLib import TTCollection, TTFont, TTLibError
from PIL import Image

SVG = "{http://www.w3.org/2000/svg}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
WIDTH, HEIGHT = 1200, 630
SAFE = (60, 60, 1140, 570)  # left, top, right, bottom
OVERHANG_EM = 0.15

# Code points that draw nothing by themselves (joiners, variation
# selectors, tags, soft hyphen, bidi marks): no font needs to map them.
IGNORABLE = [(0x00AD, 0x00AD), (0x200B, 0x200F), (0x2060, 0x206F),
             (0xFE00, 0xFE0F), (0xE0000, 0xE0FFF)]

ET.register_namespace("", "http://www.w3.org/2000/svg")


def is_ignorable(cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in IGNORABLE)


def render(svg: bytes) -> Image.Image:
    """Rasterise SVG bytes with rsvg-convert (transparent background)."""
    done = subprocess.run(["rsvg-convert", "--width", str(WIDTH), "--format", "png"],
                          input=svg, capture_output=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"rsvg-convert failed: {done.stderr.decode(errors='replace').strip()}")
    return Image.open(io.BytesIO(done.stdout)).convert("RGBA")


def ink_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    """Bounding box (left, top, right, bottom; exclusive) of visible pixels."""
    alpha = image.getchannel("A").point(lambda a: 255 if a > 8 else 0)
    return alpha.getbbox()


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def text_only(root: ET.Element, keep: int | None = None) -> ET.Element:
    """A copy of root without background and decorations (class "bg" or
    "decor") and, when keep is given, without every <text> but the keep-th."""
    root = copy.deepcopy(root)
    texts = list(root.iter(f"{SVG}text"))
    kept = texts[keep] if keep is not None else None
    for parent in list(root.iter()):
        for child in list(parent):
            is_other_text = kept is not None and child.tag == f"{SVG}text" and child is not kept
            if classes(child) & {"bg", "decor"} or is_other_text:
                parent.remove(child)
    return root


def inherited(root: ET.Element, target: ET.Element, name: str) -> str | None:
    """The value of presentation attribute `name` on target or its nearest ancestor."""
    parents = {child: parent for parent in root.iter() for child in parent}
    node: ET.Element | None = target
    while node is not None:
        if node.get(name) is not None:
            return node.get(name)
        node = parents.get(node)
    return None


# ---------------------------------------------------------------- fonts


_FONT_LOCK = threading.Lock()  # fontTools loads tables lazily, not thread-safely


@dataclass(frozen=True)
class Face:
    path: str
    index: int

    @functools.cached_property
    def advances(self) -> dict[int, float]:
        """Advance in em of every code point the face maps: the wider of its
        glyph and the glyph's Korean 'locl' form, which HarfBuzz uses in
        Hangul runs of text with a language (e.g. a 0.28 em space)."""
        with _FONT_LOCK:
            try:
                if self.path.lower().endswith((".ttc", ".otc")):
                    font = TTCollection(self.path).fonts[self.index]
                else:
                    font = TTFont(self.path, fontNumber=self.index)
            except TTLibError:
                # Not an sfnt (X11's Type 1 fonts join fontconfig's fallbacks): it covers nothing
                # here, so a code point only it has counts as missing, erring towards a failure.
                return {}
            hmtx, upem = font["hmtx"], font["head"].unitsPerEm
            korean = korean_forms(font)
            return {cp: max(hmtx[glyph][0], hmtx[korean.get(glyph, glyph)][0]) / upem
                    for cp, glyph in (font.getBestCmap() or {}).items()}


def korean_forms(font: TTFont) -> dict[str, str]:
    """Single substitutions of the font's 'locl' feature for language KOR."""
    if "GSUB" not in font or font["GSUB"].table.ScriptList is None:
        return {}
    gsub = font["GSUB"].table
    lookups = {index
               for script in gsub.ScriptList.ScriptRecord
               for langsys in script.Script.LangSysRecord if langsys.LangSysTag == "KOR "
               for feature in (gsub.FeatureList.FeatureRecord[i] for i in langsys.LangSys.FeatureIndex)
               if feature.FeatureTag == "locl"
               for index in feature.Feature.LookupListIndex}
    mapping: dict[str, str] = {}
    for index in sorted(lookups):
        for subtable in gsub.LookupList.Lookup[index].SubTable:
            subtable = getattr(subtable, "ExtSubTable", subtable)
            mapping.update(getattr(subtable, "mapping", None) or {})
    return mapping


def fc_escape(name: str) -> str:
    return re.sub(r"([\\\-:,])", r"\\\1", name)


@functools.lru_cache(maxsize=None)
def fallback_faces(families: tuple[str, ...], weight: str, lang: str) -> tuple[Face, ...]:
    """The fonts fontconfig sorts for this request, best first."""
    pattern = ",".join(fc_escape(f) for f in families) + f":weight={weight}:lang={lang}"
    out = subprocess.run(["fc-match", "-s", "-f", "%{file}|%{index}\n", pattern],
                         capture_output=True, text=True, check=True).stdout
    faces = []
    for line in out.splitlines():
        path, _, index = line.partition("|")
        if path:
            faces.append(Face(path, int(index or 0)))
    return tuple(dict.fromkeys(faces))


def covering_face(faces: tuple[Face, ...], cp: int) -> Face | None:
    for face in faces:
        if cp in face.advances:
            return face
    return None


def parse_families(value: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("'\"") for part in value.split(",") if part.strip())


# ---------------------------------------------------------------- checks


def check_structure(root: ET.Element) -> list[str]:
    problems = []
    if root.tag != f"{SVG}svg":
        return ["root element is not <svg>"]
    if (root.get("width"), root.get("height"), root.get("viewBox")) != ("1200", "630", "0 0 1200 630"):
        problems.append("size is not width=1200 height=630 viewBox='0 0 1200 630'")
    if root.get("role") != "img":
        problems.append('missing role="img"')
    ids = {el.get("id"): el.tag for el in root.iter() if el.get("id")}
    labelled = (root.get("aria-labelledby") or "").split()
    if sorted(ids.get(i, "") for i in labelled) != sorted([f"{SVG}desc", f"{SVG}title"]):
        problems.append("aria-labelledby does not name the <title> and <desc>")
    for el in (root.find(f"{SVG}title"), root.find(f"{SVG}desc")):
        if el is None or not (el.text or "").strip():
            problems.append("empty or missing <title>/<desc>")
    for text in root.iter(f"{SVG}text"):
        if text.get("x") is None or text.get("y") is None:
            problems.append(f"<text> without x/y: {text.text!r}")
        if not text.get("lang") or not text.get(XML_LANG):
            problems.append(f"<text> without lang and xml:lang: {text.text!r}")
    return problems


def check_text_line(root: ET.Element, index: int, text: ET.Element) -> list[str]:
    """Glyph coverage and drawn width of the index-th <text>."""
    content = "".join(text.itertext())
    families = parse_families(inherited(root, text, "font-family") or "sans-serif")
    weight = "bold" if (inherited(root, text, "font-weight") or "400") in ("700", "bold") else "regular"
    lang = text.get("lang") or text.get(XML_LANG) or "en"
    size = float(inherited(root, text, "font-size") or 16)
    faces = fallback_faces(families, weight, lang)
    # The face the layout is measured with: the first family's best match.
    primary = fallback_faces(families[:1], weight, lang)[0]

    problems = []
    advance = 0.0
    for ch in content:
        cp = ord(ch)
        if is_ignorable(cp):
            continue
        face = covering_face(faces, cp)
        if face is None:
            problems.append(f"missing glyph U+{cp:04X} {ch!r} (no font in fontconfig's list for "
                            f"{families[0]!r} maps it) in {content!r}")
        else:
            advance += primary.advances.get(cp, face.advances[cp])
    if problems:
        return problems

    box = ink_box(render(ET.tostring(text_only(root, keep=index))))
    if box is not None:
        x = float(text.get("x"))
        limit = x + (advance + OVERHANG_EM) * size
        if box[2] > limit + 1:
            problems.append(f"text drawn to x={box[2]}, wider than {families[0]!r} measures it "
                            f"(x≤{limit:.0f}): {content!r}")
    return problems


def check_card(path: Path) -> list[str]:
    try:
        source = path.read_bytes()
        root = ET.fromstring(source)
    except (OSError, ET.ParseError) as error:
        return [f"not well-formed XML: {error}"]

    problems = check_structure(root)
    try:
        full = render(source)
        full.save(path.with_suffix(".png"))
        if full.size != (WIDTH, HEIGHT):
            problems.append(f"rendered size {full.size}, expected {(WIDTH, HEIGHT)}")

        box = ink_box(render(ET.tostring(text_only(root))))
        if box is None:
            problems.append("no text ink at all")
        else:
            left, top, right, bottom = box
            if left < SAFE[0] or top < SAFE[1] or right > SAFE[2] or bottom > SAFE[3]:
                problems.append(f"text ink {box} leaves the safe area {SAFE}")

        for index, text in enumerate(root.iter(f"{SVG}text")):
            problems += check_text_line(root, index, text)
    except (RuntimeError, subprocess.CalledProcessError) as error:
        problems.append(str(error))
    return problems


def main() -> int:
    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_dir():
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    cards = sorted(Path(sys.argv[1]).glob("*.svg"))
    if not cards:
        print(f"no *.svg in {sys.argv[1]}", file=sys.stderr)
        return 2
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(check_card, cards))
    failed = 0
    for card, problems in zip(cards, results):
        if problems:
            failed += 1
            print(f"FAIL {card.name}:")
            for problem in problems:
                print(f"  - {problem}")
    print(f"{len(cards) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
