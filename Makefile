# koch: two commands do everything on a fresh Debian machine:
#   make lesson   installs what is missing, builds, writes a first lesson into ./lessons
#   make test     installs what is missing, builds from scratch, runs every test

SWIFT ?= swift
RELEASE_BIN = .build/release/koch
# make serve: the class server's options (koch serve --help), e.g. SERVE_ARGS="--listen 0.0.0.0:8080 --roster class.csv".
SERVE_ARGS ?=

.PHONY: check check-speech lesson serve test build release install dist man completions deps test-deps bench fuzz check-pages examples clean help

PREFIX ?= /usr/local
DESTDIR ?=
VERSION := $(shell sed -n 's/.*version: "\([0-9.]*\)".*/\1/p' Sources/koch/Koch.swift)
ARCH := $(shell uname -m)
# Man pages and completions, made from the release binary.
DOCS = .build/koch-docs
# The portable release: built apart, with the Swift runtime linked in.
DIST_BUILD = .build-dist
DIST_NAME = koch-$(VERSION)-linux-$(ARCH)
# Fuzzing: libFuzzer and AddressSanitizer, built apart; FUZZ_SECONDS per harness.
FUZZ_BUILD = .build-fuzz
FUZZ_SECONDS ?= 60

help:
	@echo "make lesson   a new learner's first lesson (level 2: K M) in ./lessons"
	@echo "make test     every test (installs what is missing, builds from scratch)"
	@echo "make serve    the class server on 127.0.0.1:8080 (SERVE_ARGS=\"...\" for its options; koch serve --help)"
	@echo "make check    the libraries' unit tests, the fast tier to run while working (prints its time)"
	@echo "make bench    speed against ebook2cw and lame; decoder against multimon-ng and morse2ascii"
	@echo "make fuzz     every reader of outside data under libFuzzer and AddressSanitizer, FUZZ_SECONDS ($(FUZZ_SECONDS)) each"
	@echo "make build    a release build at $(RELEASE_BIN)"
	@echo "make install  koch into $(PREFIX)/bin, its man pages and bash, zsh and fish completions under $(PREFIX)/share"
	@echo "make dist     dist/$(DIST_NAME).tar.gz: one binary (Swift runtime linked in), man pages, completions, licences"
	@echo "make check-speech  spoken lessons heard by PocketSphinx (the answers it hears right, at least 95 %)"
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

# The class server: koch serve runs koch-serve, built beside koch (a program of its own, so that building
# koch for a lesson does not build the server's HTTP stack).
serve: release
	$(SWIFT) build -c release --product koch-serve
	$(RELEASE_BIN) serve $(SERVE_ARGS)

# The house style first (swift format, from the toolchain, with .swift-format; length limits; the layers);
# then the debug build is made from scratch (the release binary `make lesson` made is kept); then every
# tier at once (scripts/run-tests all): the libraries', the binary's, the real-time ones, the class
# server's from outside, and spoken lessons heard by PocketSphinx. The tests' scratch folders go under
# one temporary folder, removed when they end. The build from scratch carries no debug information
# (-gnone, -g0): nobody steps through it, failures name their source lines themselves, and it is a
# tenth quicker (a whole build on 2 cores: 305 s against 335 s).
test: test-deps
	$(SWIFT) format lint --strict --recursive Sources Tests Plugins Package.swift
	@scripts/check-lengths Sources
	@scripts/check-layers
	rm -rf "$$(readlink -f .build/debug)" .build/debug
	$(SWIFT) build --build-tests -Xswiftc -gnone -Xcc -g0
	scripts/run-tests all

# The fast tier while working: the libraries' unit tests (no binary, nothing in real time), built
# incrementally. The other tiers alone: scripts/run-tests signal, end-to-end, real-time.
check: test-deps
	$(SWIFT) build --build-tests
	@start=$$(date +%s); scripts/run-tests unit; status=$$?; echo "make check: $$(( $$(date +%s) - start )) s"; exit $$status

# Spoken lessons of letters (phonetic and plain) heard by PocketSphinx, cut where their keys say.
check-speech: release test-deps
	scripts/check-speech $(RELEASE_BIN) .build/check-speech

bench: release
	$(SWIFT) build -c release --product koch-serve
	@scripts/install-deps --bench
	python3 scripts/bench.py $(RELEASE_BIN)

# Every harness of koch-fuzz (Sources/KochFuzz) for FUZZ_SECONDS, from a scratch copy of fuzz/corpus;
# fails on a crash, a leak or an input that takes over a second. libFuzzer's own main, linked into every
# executable of a -sanitize=fuzzer build (the build tool EmbedFiles too), refers to LLVMFuzzerTestOneInput,
# which none of them calls (koch-fuzz hands libFuzzer a closure instead): it is defined as 0.
fuzz: deps
	$(SWIFT) build -c release --product koch-fuzz --scratch-path $(FUZZ_BUILD) \
		-Xswiftc -sanitize=fuzzer,address -Xlinker --defsym=LLVMFuzzerTestOneInput=0
	scripts/fuzz $(FUZZ_BUILD)/release/koch-fuzz --seconds $(FUZZ_SECONDS) --work $(FUZZ_BUILD)/runs

# Man pages from the commands' own help (swift-argument-parser's generator), dated by the last commit.
man: release
	$(SWIFT) package generate-manual --multi-page --date "$$(git log -1 --format=%cs 2>/dev/null || date -u +%F)" >/dev/null
	rm -rf $(DOCS)/man && mkdir -p $(DOCS)/man
	cp .build/plugins/GenerateManual/outputs/koch/*.1 $(DOCS)/man/

completions: release
	rm -rf $(DOCS)/completions && mkdir -p $(DOCS)/completions
	$(RELEASE_BIN) --generate-completion-script bash > $(DOCS)/completions/koch.bash
	$(RELEASE_BIN) --generate-completion-script zsh > $(DOCS)/completions/_koch
	$(RELEASE_BIN) --generate-completion-script fish > $(DOCS)/completions/koch.fish

install: release man completions
	scripts/install-tree $(RELEASE_BIN) $(DOCS) "$(DESTDIR)$(PREFIX)"
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/koch, its man pages (man koch) and completions for bash, zsh and fish."

dist: deps man completions
	$(SWIFT) build -c release --product koch --static-swift-stdlib --scratch-path $(DIST_BUILD)
	rm -rf $(DIST_BUILD)/stage && mkdir -p $(DIST_BUILD)/stage/$(DIST_NAME) dist
	scripts/install-tree $(DIST_BUILD)/release/koch $(DOCS) $(DIST_BUILD)/stage/$(DIST_NAME)
	strip $(DIST_BUILD)/stage/$(DIST_NAME)/bin/koch
	scripts/licences $(DIST_BUILD)/stage/$(DIST_NAME)/share/doc/koch
	cp -r README.md docs $(DIST_BUILD)/stage/$(DIST_NAME)/share/doc/koch/
	tar -C $(DIST_BUILD)/stage -czf dist/$(DIST_NAME).tar.gz --owner=0 --group=0 --sort=name $(DIST_NAME)
	@echo "dist/$(DIST_NAME).tar.gz: $$(du -h dist/$(DIST_NAME).tar.gz | cut -f1); unpack it and run bin/koch, or copy its tree under /usr/local."
	@echo "Libraries the binary needs (no Swift runtime among them):"
	@ldd $(DIST_BUILD)/release/koch | sed 's/^/  /'

check-pages: release
	scripts/check-pages $(RELEASE_BIN)

examples: release
	scripts/make-examples $(RELEASE_BIN)

clean:
	rm -rf .build $(DIST_BUILD) dist lessons .bench .pages .band-noise
