"""Cards as a person sees them: rendered by librsvg, text inside the safe area, no missing glyphs;
their PNGs drawn as librsvg draws their SVGs, but for colour emoji."""
import json
import math
import os
import re
import shutil
import subprocess

import numpy
import pytest
from PIL import Image

from conftest import MODAK, REPO, SAMPLE_DATE

CHECKER = os.path.join(REPO, "Tests", "cards", "check_cards.py")


def test_every_sample_card_renders_inside_the_safe_area(sample_site, tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(os.path.join(sample_site, "cards"), cards, ignore=shutil.ignore_patterns("*.png"))
    result = subprocess.run(["python3", CHECKER, str(cards)], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " 0 failed" in result.stdout


def test_stress_cards_in_every_theme_and_a_checker_that_rejects_broken_cards():
    result = subprocess.run(["bash", os.path.join(REPO, "Tests", "cards", "test-cards.sh")],
                            capture_output=True, text=True, timeout=900, cwd=REPO)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "checker rejects broken cards: ok" in result.stdout


def test_the_build_makes_a_png_for_every_svg_card(sample_site):
    cards = os.listdir(os.path.join(sample_site, "cards"))
    svgs = {name[:-4] for name in cards if name.endswith(".svg")}
    pngs = {name[:-4] for name in cards if name.endswith(".png")}
    assert "today" in svgs
    assert svgs == pngs
    with open(os.path.join(sample_site, "cards", "today.png"), "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


SAYINGS = {
    "korean": ("천 리 길도 한 걸음부터 시작된다.", "A journey of a thousand miles begins with a single step.", "노자"),
    "emoji": ("모닥불 🔥 앞에 모여 앉아 ☕ 이야기를 나눈다 😊", "Around the fire 🔥 we share stories 🙂👍🏽", "Modak 🪵"),
    "english": ("", "The only way to do great work is to love what you do.", "Steve Jobs"),
}


def card_site(tmp_path, theme, sayings=SAYINGS, name="site"):
    """A site of `sayings` (id → Korean, English, author) in `theme`, built; returns its output."""
    content = tmp_path / name / "content"
    (content / "sayings").mkdir(parents=True)
    (content / "site.json").write_text(json.dumps({"title": "모닥이", "baseURL": "https://cards.example/", "language": "ko",
                                                   "timezone": "Asia/Seoul", "theme": theme, "cards": True}))
    for number, (identifier, (korean, english, author)) in enumerate(sayings.items()):
        (content / "sayings" / f"{identifier}.md").write_text(
            f"---\nid: {identifier}\nkor: {json.dumps(korean, ensure_ascii=False)}\neng: {json.dumps(english, ensure_ascii=False)}\nwho: {json.dumps(author, ensure_ascii=False)}\n"
            f"time: 2026-11-{10 + number}\n---\n", encoding="utf-8")
    output = str(tmp_path / name / "public")
    result = subprocess.run([MODAK, "build", "--content", str(content), "--output", output, "--date", SAMPLE_DATE],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return output


def psnr(one, other, rows=None):
    """The PSNR of two cards, in dB, over `rows` (a boolean per row; all when None)."""
    a, b = (numpy.asarray(Image.open(p).convert("RGB"), dtype=numpy.float64) for p in (one, other))
    assert a.shape == b.shape == (630, 1200, 3)
    if rows is not None:
        a, b = a[rows], b[rows]
    mse = ((a - b) ** 2).mean()
    return math.inf if mse == 0 else 10 * math.log10(255 ** 2 / mse)


def is_emoji(character):
    return ord(character) >= 0x1F000 or 0x2600 <= ord(character) <= 0x27BF


def emoji_rows(svg):
    """A boolean per row of the card: True on the rows of a line with an emoji (its font's
    ascent and descent around its baseline)."""
    rows = numpy.zeros(630, dtype=bool)
    with open(svg, encoding="utf-8") as f:
        for y, size, text in re.findall(r'<text x="[^"]*" y="([^"]*)" font-size="([^"]*)"[^>]*>([^<]*)</text>', f.read()):
            if any(is_emoji(c) for c in text):
                baseline, size = float(y), float(size)
                rows[max(0, int(baseline - 1.2 * size)):min(630, int(baseline + 0.35 * size) + 1)] = True
    return rows


@pytest.mark.parametrize("theme", ["bonfire", "light"])
def test_every_png_card_is_its_svg_as_librsvg_draws_it(tmp_path, theme):
    if not shutil.which("rsvg-convert"):
        pytest.skip("needs rsvg-convert (librsvg2-bin) to compare with")
    output = card_site(tmp_path, theme)
    cards = os.path.join(output, "cards")
    names = sorted(name[:-4] for name in os.listdir(cards) if name.endswith(".svg"))
    assert names == ["emoji", "english", "korean", "today"]
    for name in names:
        png = os.path.join(cards, name + ".png")
        with open(png, "rb") as f:
            header = f.read(24)
        assert header[:8] == b"\x89PNG\r\n\x1a\n", name
        assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (1200, 630), name
        assert os.path.getsize(png) <= 300 * 1024, name
        reference = str(tmp_path / f"{name}-rsvg.png")
        subprocess.run(["rsvg-convert", "--width", "1200", "--height", "630", "--format", "png", "--output", reference,
                        os.path.join(cards, name + ".svg")], check=True)
        # Emoji are drawn in colour where librsvg draws silhouettes: the rows of their lines are
        # left out, and must hold the yellow of Noto Color Emoji's faces and flames.
        rows = emoji_rows(os.path.join(cards, name + ".svg"))
        assert rows.any() == (name == "emoji"), name
        assert psnr(png, reference, ~rows) >= 28, name
        if rows.any():
            pixels = numpy.asarray(Image.open(png).convert("RGB"), dtype=int)[rows, :900]
            yellow = (pixels[..., 0] > 200) & (pixels[..., 1] > 170) & (pixels[..., 2] < 120)
            assert yellow.sum() > 100, f"{name}: {yellow.sum()} yellow pixels"
    # Unlike its SVG: another card's pixels are far from these.
    assert psnr(os.path.join(cards, "korean.png"), str(tmp_path / "english-rsvg.png")) < 28


def test_the_same_cards_are_the_same_bytes(tmp_path):
    one, other = card_site(tmp_path, "dark", name="one"), card_site(tmp_path, "dark", name="other")
    for name in SAYINGS:
        with open(os.path.join(one, "cards", name + ".png"), "rb") as a, open(os.path.join(other, "cards", name + ".png"), "rb") as b:
            assert a.read() == b.read(), name


def shared_images(output, page):
    """og:image and twitter:image of `page` in the built site `output`."""
    import lxml.html
    document = lxml.html.parse(os.path.join(output, page)).getroot()
    images = [document.xpath(f"//head/meta[@{key}='{name}']/@content") for key, name in (("property", "og:image"), ("name", "twitter:image"))]
    assert images[0] == images[1] and len(images[0]) == 1, page
    return images[0][0]


def test_a_card_gets_a_new_url_when_its_text_or_theme_changes(tmp_path):
    pages = [f"sayings/{name}/index.html" for name in SAYINGS] + ["index.html"]
    def urls(name, theme="bonfire", sayings=SAYINGS):
        output = card_site(tmp_path, theme, sayings, name=name)
        found = [shared_images(output, page) for page in pages]
        for url in found:
            path, version = url.removeprefix("https://cards.example/").split("?v=")
            assert os.path.isfile(os.path.join(output, path)) and len(version) == 16, url
        return found
    first = urls("first")
    assert urls("again") == first, "the same cards keep their URLs"
    assert first[:3] == [f"https://cards.example/cards/{name}.png?v={url.split('?v=')[1]}" for name, url in zip(SAYINGS, first)]
    # The home page shares the day's saying's own card, not cards/today.png, whose pixels change daily.
    assert first[3] in first[:3]
    assert all(new != old for new, old in zip(urls("light", theme="light"), first)), "a new theme, new pixels"
    edited = {**SAYINGS, "english": ("", "Great work comes from loving what you do.", "Steve Jobs")}
    changed = urls("edited", sayings=edited)
    assert [new != old for new, old in zip(changed[:3], first[:3])] == [False, False, True], "only the edited card moves"
