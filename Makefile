# kp: kernel performance regression signals
.SUFFIXES:

include config.mk

# objects and binaries go to $(O); `make check-asan` uses another one
O = build

LIBSRC = \
	lib/artifacts.c \
	lib/baseline.c \
	lib/coverage.c \
	lib/die.c \
	lib/dist.c \
	lib/ealloc.c \
	lib/hash.c \
	lib/id.c \
	lib/json.c \
	lib/jsonw.c \
	lib/kver.c \
	lib/lineio.c \
	lib/numfmt.c \
	lib/opts.c \
	lib/rec.c \
	lib/record.c \
	lib/rectab.c \
	lib/runmeta.c \
	lib/segment.c \
	lib/select.c \
	lib/strmap.c \
	lib/summary.c \
	lib/toolchain.c \
	lib/vocab.c

TOOLS = \
	kp-fetch \
	kp-parse-mmtests \
	kp-plan \
	kp-parse-results \
	kp-parse-bpftrace \
	kp-parse-squad \
	kp-hist \
	kp-identify \
	kp-stats \
	kp-compare \
	kp-classify \
	kp-systematic \
	kp-trend \
	kp-triage \
	kp-render

# tools written in sh: tools/NAME.sh becomes $(O)/bin/NAME
SCRIPTS = kp-bisect

# C unit tests: tests/unit/NAME.c becomes $(O)/tests/unit/NAME.t
UNITS = \
	coverage \
	hash \
	json \
	jsonw \
	kver \
	lineio \
	numfmt \
	rec \
	segment \
	strmap \
	summary \
	toolchain

# a tool is tools/NAME.c, or every .c file in the folder tools/NAME/
src_of = $(wildcard tools/$(1).c tools/$(1)/*.c)
obj_of = $(patsubst %.c,$(O)/%.o,$(call src_of,$(1)))

LIBOBJ = $(LIBSRC:%.c=$(O)/%.o)
LIB = $(O)/libkp.a
BIN = $(TOOLS:%=$(O)/bin/%) $(SCRIPTS:%=$(O)/bin/%)
UNITBIN = $(UNITS:%=$(O)/tests/unit/%.t)
MAN1 = $(TOOLS:%=man/man1/%.1) $(SCRIPTS:%=man/man1/%.1)
MAN = $(MAN1) man/man1/kp-gate.1 man/man5/kp-records.5 man/man7/kp.7 man/man7/kp-pipelines.7

all: $(O)/.deps $(BIN) $(O)/bench/ndjson

# building needs the build packages only; the targets that run the tools
# or the tests check for theirs
$(O)/.deps: config.mk
	@sh tests/deps.sh $(DEBS_BUILD)
	@mkdir -p $(O) && touch $@

deps:
	sh tests/deps.sh --install $(DEBS)

deps-run:
	@sh tests/deps.sh $(DEBS_RUN)

deps-test:
	@sh tests/deps.sh $(DEBS_RUN) $(DEBS_TEST)

$(O)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(LIB): $(LIBOBJ)
	rm -f $@
	$(AR) rcs $@ $(LIBOBJ)

define tool_rule
$(O)/bin/$(1): $(call obj_of,$(1)) $(LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) -o $$@ $(call obj_of,$(1)) $(LIB) $$(LDLIBS_$(1)) $$(LDLIBS)
endef
$(foreach t,$(TOOLS),$(eval $(call tool_rule,$(t))))

$(O)/bin/%: tools/%.sh config.mk
	@mkdir -p $(@D)
	sed 's/@VERSION@/$(VERSION)/' $< >$@.tmp && chmod +x $@.tmp && mv $@.tmp $@

$(O)/tests/unit/%.t: $(O)/tests/unit/%.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# the reader/writer driver: benchmarks use it, and so do the JSON tests
$(O)/bench/ndjson: $(O)/bench/ndjson.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(O)/bench/ndjson.o $(LIB) $(LDLIBS)

bench: $(O)/bench/ndjson
	sh bench/reader.sh

-include $(shell find $(O) -name '*.d' 2>/dev/null)

check: all $(UNITBIN) deps-test
	KP_BIN=$(CURDIR)/$(O)/bin KP_UNIT=$(CURDIR)/$(O)/tests/unit \
		prove -e '' $(PROVEFLAGS) $(UNITBIN) tests/*.t

# Leak checking is off: a filter's memory is returned at exit by design;
# out-of-bounds access and undefined behaviour stop the test.
check-asan:
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	$(MAKE) O=build-asan \
		SAN_CFLAGS='-O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
		SAN_LDFLAGS='-fsanitize=address,undefined' check

# The main job on the bundled sample data: real MMTests trees of four runs,
# labelled as kernels, through the nightly batch to a report.
demo: all deps-run
	rm -rf out/demo
	PATH="$(CURDIR)/$(O)/bin:$$PATH" $(MAKE) -f pipelines/nightly.mk \
		DATA=tests/data/mmtests/work/log LABELS=tests/data/mmtests-labels OUT=out/demo
	@cat out/demo/report.txt
	@echo; echo "kp: Markdown, CSV, JUnit, JSON and the HTML report (out/demo/html/index.html) are in out/demo/"

# The history part on a generated lab of 32 kernels: trend, reports with
# trend plots, triage and a git bisection (tests/sim/demo-history.sh).
demo-history: all
	PATH="$(CURDIR)/$(O)/bin:$$PATH" sh tests/sim/demo-history.sh out/demo-history

lint-man:
	@sh tests/deps.sh mandoc
	mandoc -Tlint -W warning $(MAN)

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7 \
		$(DESTDIR)$(PREFIX)/share/kp/pipelines
	cp -f $(BIN) $(DESTDIR)$(PREFIX)/bin/
	cp -f $(MAN1) man/man1/kp-gate.1 $(DESTDIR)$(MANPREFIX)/man1/
	cp -f man/man5/kp-records.5 $(DESTDIR)$(MANPREFIX)/man5/
	cp -f man/man7/kp.7 man/man7/kp-pipelines.7 $(DESTDIR)$(MANPREFIX)/man7/
	cp -f pipelines/* $(DESTDIR)$(PREFIX)/share/kp/pipelines/

uninstall:
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(TOOLS) $(SCRIPTS)
	rm -rf $(DESTDIR)$(PREFIX)/share/kp

clean:
	rm -rf build build-asan

.PHONY: all bench deps deps-run deps-test check check-asan demo demo-history lint-man install uninstall clean
