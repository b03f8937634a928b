# koch: two commands do everything on a fresh Debian machine:
#   make lesson   installs what is missing, builds, writes a first lesson into ./lessons
#   make test     installs what is missing, builds from scratch, runs every test

SWIFT ?= swift
RELEASE_BIN = .build/release/koch

.PHONY: lesson test build release install deps test-deps bench check-pages examples clean help

PREFIX ?= /usr/local

help:
	@echo "make lesson   a new learner's first lesson (level 2: K M) in ./lessons"
	@echo "make test     every test (installs what is missing, builds from scratch)"
	@echo "make bench    speed against ebook2cw and lame; decoder against multimon-ng and morse2ascii"
	@echo "make build    a release build at $(RELEASE_BIN)"
	@echo "make install  koch into $(PREFIX)/bin, its templates and word lists into $(PREFIX)/share/koch"
	@echo "make check-pages   a pack's index and answer sheets rendered by headless Chromium (.pages/)"
	@echo "make examples      remake examples/ from the commands in examples/README.md"

deps:
	@scripts/install-deps

test-deps:
	@scripts/install-deps --test

release: deps
	$(SWIFT) build -c release --product koch

build: release

lesson: release
	@$(RELEASE_BIN) lesson --level 2 --format both --out lessons
	@echo
	@echo "Your first lesson is in ./lessons: play the .mp3, copy what you hear, then check"
	@echo "your copy against the .key.txt, or type it into copy.txt and grade it:"
	@echo "  $(RELEASE_BIN) grade --key lessons/NAME.key.json --transcript copy.txt"

# The debug build is made from scratch; the release binary `make lesson` made is kept.
test: test-deps
	rm -rf "$$(readlink -f .build/debug)" .build/debug
	$(SWIFT) build --build-tests
	$(SWIFT) test

bench: release
	@scripts/install-deps --bench
	python3 scripts/bench.py $(RELEASE_BIN)

install: release
	install -d $(PREFIX)/bin $(PREFIX)/share/koch
	install -m 755 $(RELEASE_BIN) $(PREFIX)/bin/koch
	rm -rf $(PREFIX)/share/koch/templates $(PREFIX)/share/koch/data
	cp -R templates data $(PREFIX)/share/koch/
	@echo "Installed $(PREFIX)/bin/koch, with its templates and word lists in $(PREFIX)/share/koch."

check-pages: release
	scripts/check-pages $(RELEASE_BIN)

examples: release
	scripts/make-examples $(RELEASE_BIN)

clean:
	rm -rf .build lessons .bench .pages
