"""Cards as a person sees them: rendered by librsvg, text inside the safe area, no missing glyphs."""
import os
import shutil
import subprocess

from conftest import REPO

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
