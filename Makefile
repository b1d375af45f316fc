# SPDX-License-Identifier: GPL-2.0-or-later
# kp: kernel performance regression signals
.SUFFIXES:

include config.mk

# objects and binaries go to $(O); `make check-asan` uses another one
O = build

LIBSRC = \
	lib/artifacts.c \
	lib/baseline.c \
	lib/benchunit.c \
	lib/coverage.c \
	lib/die.c \
	lib/dist.c \
	lib/ealloc.c \
	lib/hash.c \
	lib/id.c \
	lib/identity.c \
	lib/json.c \
	lib/jsonw.c \
	lib/kver.c \
	lib/lkft.c \
	lib/lineio.c \
	lib/maintainers.c \
	lib/numfmt.c \
	lib/numparse.c \
	lib/once.c \
	lib/opts.c \
	lib/progress.c \
	lib/rec.c \
	lib/record.c \
	lib/recstr.c \
	lib/reason.c \
	lib/rectab.c \
	lib/runmeta.c \
	lib/sampleline.c \
	lib/statline.c \
	lib/segment.c \
	lib/shortg.c \
	lib/select.c \
	lib/shquote.c \
	lib/spool.c \
	lib/strmap.c \
	lib/summary.c \
	lib/text.c \
	lib/toolchain.c \
	lib/upgrade.c \
	lib/vmstat.c \
	lib/vocab.c

TOOLS = \
	kp-fetch \
	kp-parse-mmtests \
	kp-plan \
	kp-parse-results \
	kp-parse-bpftrace \
	kp-parse-squad \
	kp-parse-lkft \
	kp-hist \
	kp-identify \
	kp-stats \
	kp-compare \
	kp-classify \
	kp-systematic \
	kp-evidence \
	kp-trend \
	kp-triage \
	kp-bisect-record \
	kp-render

# the subsystem map (kp-subsystems(5)) and the YAML pre-pass
# (lib/yamlcheck.c): their readers need libyaml, so they are linked into
# the tools that use them, not into libkp; the shipped map
# is compiled in, so an uninstalled kp has it too
SUBSYS = $(O)/lib/subsys.o $(O)/lib/yamlcheck.o $(O)/gen/subsysmap.o
OBJ_kp-classify = $(SUBSYS)
OBJ_kp-plan = $(O)/lib/yamlcheck.o
OBJ_kp-triage = $(O)/lib/yamlcheck.o

# tools written in sh: tools/NAME.sh becomes $(O)/bin/NAME
SCRIPTS = kp-ab kp-bisect

# C unit tests: tests/unit/NAME.c becomes $(O)/tests/unit/NAME.t
UNITS = \
	closed \
	coverage \
	dist \
	groupchain \
	hash \
	json \
	jsonw \
	kver \
	lineio \
	numfmt \
	numfmt-ref \
	numparse \
	origin \
	reason \
	rec \
	recwrite \
	sampleline \
	statline \
	segment \
	shquote \
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
MAN = $(MAN1) man/man1/kp-gate.1 man/man5/kp-records.5 man/man5/kp-subsystems.5 man/man7/kp.7 man/man7/kp-pipelines.7

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

# order-only: every object waits for the package check (on a machine
# without the -dev packages `make -j2` compiled while apt-get was still
# installing the headers) but is not rebuilt when config.mk changes
$(O)/%.o: %.c | $(O)/.deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(LIB): $(LIBOBJ)
	rm -f $@
	$(AR) rcs $@ $(LIBOBJ)

define tool_rule
$(O)/bin/$(1): $(call obj_of,$(1)) $$(OBJ_$(1)) $(LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) -o $$@ $(call obj_of,$(1)) $$(OBJ_$(1)) $(LIB) $$(LDLIBS_$(1)) $$(LDLIBS)
endef
$(foreach t,$(TOOLS),$(eval $(call tool_rule,$(t))))

# with pipelines/vis.sh in place of its line "# @vis.sh@": a tool in bin
# has no pipelines directory beside it to source it from
$(O)/bin/%: tools/%.sh pipelines/vis.sh config.mk
	@mkdir -p $(@D)
	sed -e 's/@VERSION@/$(VERSION)/' -e '/^# @vis\.sh@$$/{r pipelines/vis.sh' -e 'd;}' \
		$< >$@.tmp && chmod +x $@.tmp && mv $@.tmp $@

# share/kp/subsystems.yaml as a C string
$(O)/gen/subsysmap.c: share/kp/subsystems.yaml
	@mkdir -p $(@D)
	{ echo '#include <stddef.h>'; echo 'const char kp_subsys_builtin[] ='; \
	  sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$$/\\n"/' $<; \
	  echo ';'; echo 'const size_t kp_subsys_builtin_len = sizeof(kp_subsys_builtin) - 1;'; \
	} >$@.tmp && mv $@.tmp $@

$(O)/gen/subsysmap.o: $(O)/gen/subsysmap.c | $(O)/.deps
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(O)/tests/unit/%.t: $(O)/tests/unit/%.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# a unit test of one file of a tool: that file's object and the tool's
# libraries beside libkp
$(O)/tests/unit/origin.t: $(O)/tests/unit/origin.o $(O)/tools/kp-fetch/origin.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $< $(O)/tools/kp-fetch/origin.o $(LIB) $(LDLIBS_kp-fetch) $(LDLIBS)

$(O)/tests/unit/closed.t: $(O)/tests/unit/closed.o $(O)/tools/kp-compare/closed.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $< $(O)/tools/kp-compare/closed.o $(LIB) $(LDLIBS_kp-compare) $(LDLIBS)

GROUPCHAIN_OBJ = $(O)/tools/kp-stats/groups.o $(O)/tools/kp-stats/samples.o $(O)/tools/kp-stats/intern.o
$(O)/tests/unit/groupchain.t: $(O)/tests/unit/groupchain.o $(GROUPCHAIN_OBJ) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $< $(GROUPCHAIN_OBJ) $(LIB) $(LDLIBS)

# the reader/writer driver: benchmarks use it, and so do the JSON tests
$(O)/bench/ndjson: $(O)/bench/ndjson.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(O)/bench/ndjson.o $(LIB) $(LDLIBS)

# the lab generator of bench/nightly.sh (built on demand, not by all)
$(O)/bench/lab: $(O)/bench/lab.o
	$(CC) $(LDFLAGS) -o $@ $(O)/bench/lab.o -lm

# the kp_fmt_num micro benchmark (run by hand: bench/numfmt.c)
$(O)/bench/numfmt: $(O)/bench/numfmt.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(O)/bench/numfmt.o $(LIB) $(LDLIBS)

bench: $(O)/bench/ndjson
	sh bench/reader.sh

-include $(shell find $(O) -name '*.d' 2>/dev/null)

check: all $(UNITBIN) deps-test
	KP_BIN=$(CURDIR)/$(O)/bin KP_UNIT=$(CURDIR)/$(O)/tests/unit \
		prove -e '' $(PROVEFLAGS) $(UNITBIN) tests/*.t

# Leak checking is off: a filter's memory is returned at exit by design;
# out-of-bounds access and undefined behaviour stop the test.  KP_SANITIZED
# lets a simulation test run a slice of its lab: its figures are make check's.
check-asan:
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 KP_SANITIZED=1 \
	$(MAKE) O=build-asan \
		SAN_CFLAGS='-O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
		SAN_LDFLAGS='-fsanitize=address,undefined' check

# Mutation testing (tests/mutate/, tests/README): each mutant of
# tests/mutate/mutants.tsv made in a scratch copy of the tree, rebuilt
# and run against the tests it names; not part of check.  MUTANTS=ids
# runs some of them.
mutate: deps-test
	sh tests/mutate/run.sh $(MUTANTS)

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

# Debian's man(1) formats pages with groff, not mandoc: its errors and
# warnings fail too (a line of a table too long to break at 80 columns
# aside), such as an mdoc macro name read as a macro in a reference title
lint-man:
	@sh tests/deps.sh mandoc groff-base
	mandoc -Tlint -W warning $(MAN)
	@out=$$(for f in $(MAN); do groff -mandoc -Tutf8 -ww -z $$f 2>&1 | \
		grep -v "can't break line"; done); \
	[ -z "$$out" ] || { echo "$$out" >&2; echo "groff: warnings above" >&2; exit 1; }

# Fuzzing: libFuzzer harnesses in fuzz/ (see fuzz/README), built with
# clang under AddressSanitizer and UBSan in $(FZ).  `make fuzz` runs each
# for FUZZ_TIME seconds, one after another, keeping what it finds in
# $(FZ)/corpus; `make fuzz-smoke` replays the seeds and fuzz/regress (every
# input that ever failed) and fuzzes FUZZ_SMOKE seconds a target.
FUZZ = ndjson kver bpftrace results mmtests settings subsys fetch-tar fetch-html \
	fetch-squad squad payload triage lkft
FUZZ_TIME = 600
FUZZ_SMOKE = 10
FZ = build-fuzz
FZ_CC = clang
FZ_CFLAGS = -std=c11 -g -O1 -Wall -Wextra -Wno-unused-parameter -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
FZ_LDFLAGS = -fsanitize=fuzzer,address,undefined -Wl,--wrap=exit,--wrap=fclose
FZ_LIBOBJ = $(LIBSRC:%.c=$(FZ)/%.o)
FZ_COMMON = $(FZ)/fuzz/fuzz.o $(FZ_LIBOBJ)
fz_tool = $(patsubst %.c,$(FZ)/%.o,$(filter-out $(2),$(call src_of,$(1))))
FZ_OBJ_ndjson =
FZ_OBJ_kver =
FZ_OBJ_bpftrace = $(call fz_tool,kp-parse-bpftrace)
FZ_OBJ_results = $(call fz_tool,kp-parse-results)
FZ_OBJ_mmtests = $(call fz_tool,kp-parse-mmtests)
FZ_OBJ_settings = $(FZ)/tools/kp-classify/config.o $(FZ)/lib/yamlcheck.o
FZ_OBJ_subsys = $(FZ)/lib/subsys.o $(FZ)/lib/yamlcheck.o
FZ_OBJ_fetch-tar = $(call fz_tool,kp-fetch,tools/kp-fetch/main.c)
FZ_OBJ_fetch-html = $(FZ)/tools/kp-fetch/html.o
FZ_OBJ_fetch-squad = $(call fz_tool,kp-fetch,tools/kp-fetch/main.c tools/kp-fetch/squad.c)
FZ_OBJ_squad = $(call fz_tool,kp-parse-squad)
FZ_OBJ_payload = $(call fz_tool,kp-plan,tools/kp-plan/main.c) $(FZ)/lib/yamlcheck.o
FZ_OBJ_triage = $(FZ)/tools/kp-triage/yaml.o $(FZ)/lib/yamlcheck.o
FZ_OBJ_lkft = $(call fz_tool,kp-parse-lkft)
FZ_MAIN_bpftrace = tool
FZ_MAIN_results = tool
FZ_MAIN_lkft = tool
FZ_LIBS_mmtests = $(LDLIBS_kp-parse-mmtests)
FZ_LIBS_settings = $(LDLIBS_kp-classify)
FZ_LIBS_subsys = -lyaml
FZ_LIBS_fetch-tar = $(LDLIBS_kp-fetch)
FZ_LIBS_fetch-squad = $(LDLIBS_kp-fetch)
FZ_LIBS_payload = $(LDLIBS_kp-plan)
FZ_LIBS_triage = $(LDLIBS_kp-triage)
FZ_LIBS_lkft = $(LDLIBS_kp-parse-lkft)
FZ_BIN = $(FUZZ:%=$(FZ)/fuzz-%)

$(FZ)/.deps: config.mk
	@sh tests/deps.sh $(DEBS_BUILD) $(DEBS_FUZZ)
	@mkdir -p $(FZ) && touch $@

# a tool's main() is renamed so that a harness can call it
$(FZ)/%.o: %.c $(FZ)/.deps
	@mkdir -p $(@D)
	$(FZ_CC) $(CPPFLAGS) -Dmain=kp_tool_main $(FZ_CFLAGS) -MMD -MP -c -o $@ $<

define fuzz_rule
$(FZ)/fuzz-$(1): $(FZ)/fuzz/$(or $(FZ_MAIN_$(1)),$(1)).o $(FZ_OBJ_$(1)) $(FZ_COMMON)
	$(FZ_CC) $(FZ_LDFLAGS) -o $$@ $$^ $(FZ_LIBS_$(1)) $(LDLIBS)
endef
$(foreach t,$(FUZZ),$(eval $(call fuzz_rule,$(t))))

-include $(wildcard $(FZ)/*/*.d $(FZ)/*/*/*.d)

fuzz-build: $(FZ_BIN)

# run TARGET SECONDS: new inputs go to $(FZ)/corpus/T, findings to
# $(FZ)/crash-T-*; the seeds and fuzz/regress/T are read, not written
FZ_RUN = sh fuzz/run.sh $(FZ) $(CURDIR)

fuzz: fuzz-build
	@for t in $(FUZZ); do $(FZ_RUN) $$t $(FUZZ_TIME) || exit 1; done

fuzz-smoke: fuzz-build
	@for t in $(FUZZ); do $(FZ_RUN) $$t $(FUZZ_SMOKE) || exit 1; done

# install(1) with modes, not cp: a build under umask 077 must still
# install tools that every user can run.  kp-gate is pipelines/gate.sh,
# on PATH.
PIPELINES = $(wildcard pipelines/*.sh)
install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7 \
		$(DESTDIR)$(PREFIX)/share/kp/pipelines
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/
	install -m 755 pipelines/gate.sh $(DESTDIR)$(PREFIX)/bin/kp-gate
	install -m 644 $(MAN1) man/man1/kp-gate.1 $(DESTDIR)$(MANPREFIX)/man1/
	install -m 644 man/man5/kp-records.5 man/man5/kp-subsystems.5 $(DESTDIR)$(MANPREFIX)/man5/
	install -m 644 man/man7/kp.7 man/man7/kp-pipelines.7 $(DESTDIR)$(MANPREFIX)/man7/
	install -m 755 $(PIPELINES) $(DESTDIR)$(PREFIX)/share/kp/pipelines/
	install -m 644 pipelines/nightly.mk $(DESTDIR)$(PREFIX)/share/kp/pipelines/
	install -m 644 share/kp/subsystems.yaml $(DESTDIR)$(PREFIX)/share/kp/
	@command -v jq >/dev/null 2>&1 || echo "kp: kp-gate and the pipelines" \
		"need jq, which is not installed (Debian: apt-get install jq)" >&2

# what install wrote, and nothing else: files of the user's own under
# share/kp stay, and so do the directories then
uninstall:
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(TOOLS) $(SCRIPTS) kp-gate
	cd $(DESTDIR)$(MANPREFIX)/man1 && rm -f $(notdir $(MAN1)) kp-gate.1
	cd $(DESTDIR)$(MANPREFIX)/man5 && rm -f kp-records.5 kp-subsystems.5
	cd $(DESTDIR)$(MANPREFIX)/man7 && rm -f kp.7 kp-pipelines.7
	cd $(DESTDIR)$(PREFIX)/share/kp/pipelines && \
		rm -f $(notdir $(PIPELINES)) nightly.mk
	rm -f $(DESTDIR)$(PREFIX)/share/kp/subsystems.yaml
	rmdir $(DESTDIR)$(PREFIX)/share/kp/pipelines $(DESTDIR)$(PREFIX)/share/kp 2>/dev/null || true

clean:
	rm -rf build build-asan build-fuzz

.PHONY: all bench deps deps-run deps-test check check-asan mutate demo demo-history lint-man install uninstall clean fuzz fuzz-build fuzz-smoke
