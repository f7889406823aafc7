#!/usr/bin/env bash
# Renders the sample and stress cards in every theme with card-sample and
# checks them with check_cards.py (safe area, missing glyphs, metrics),
# after making sure the checker itself rejects broken cards.
#
# Usage: bash path/to/test-cards.sh [OUTDIR]   (default: a temporary folder)
# Needs: swift, rsvg-convert (librsvg2-bin), fc-match, fonts-noto-cjk,
#        fonts-noto-color-emoji, python3 with fonttools and pillow.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
checker="$here/check_cards.py"
root="$here"
until [[ -f "$root/Package.swift" ]]; do
    [[ "$root" == / ]] && { echo "test-cards: no Package.swift above $here" >&2; exit 2; }
    root="$(dirname "$root")"
done
cd "$root"

for tool in rsvg-convert fc-match python3; do
    command -v "$tool" >/dev/null || { echo "test-cards: $tool not found" >&2; exit 2; }
done
[[ -n "$(fc-list "Noto Sans CJK KR")" ]] || { echo "test-cards: fonts-noto-cjk is not installed" >&2; exit 2; }
[[ -n "$(fc-list "Noto Color Emoji")" ]] || { echo "test-cards: fonts-noto-color-emoji is not installed" >&2; exit 2; }

if [[ $# -ge 1 ]]; then
    out="$1"
    mkdir -p "$out"
else
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
fi

swift build --product card-sample
"$(swift build --product card-sample --show-bin-path)/card-sample" "$out/cards"

# The checker must fail cards that break each rule it enforces.
broken="$out/broken"
mkdir -p "$broken"
card() {  # card NAME FONT-FAMILY X TEXT
    cat >"$broken/$1.svg" <<EOF
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" aria-labelledby="t d">
<title id="t">broken</title><desc id="d">broken card</desc>
<rect class="bg" width="1200" height="630" fill="#222"/>
<g class="text" font-family="$2"><text x="$3" y="300" font-size="40" fill="#fff" xml:lang="ko" lang="ko">$4</text></g>
</svg>
EOF
}
card outside-safe-area "'Noto Sans CJK KR'" 20 "안전 영역 밖"
card missing-glyph "'Noto Sans CJK KR'" 100 "없는 글자 &#x10FFFD;"
card font-substitution "'Noto Sans CJK KR', 'Noto Color Emoji'" 100 "2026-11-28"
if python3 "$checker" "$broken" >"$out/broken.log" 2>&1; then
    cat "$out/broken.log"
    echo "test-cards: the checker accepted broken cards" >&2
    exit 1
fi
for name in outside-safe-area missing-glyph font-substitution; do
    grep -q "FAIL $name.svg" "$out/broken.log" || {
        cat "$out/broken.log"
        echo "test-cards: the checker did not reject $name.svg" >&2
        exit 1
    }
done
echo "checker rejects broken cards: ok"

python3 "$checker" "$out/cards"
