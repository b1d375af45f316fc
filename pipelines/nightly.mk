# SPDX-License-Identifier: GPL-2.0-or-later
# nightly.mk: the nightly batch, MMTests result trees to reports.
#
#   make -f pipelines/nightly.mk DATA=DIR OUT=DIR [LABELS=FILE] [CONFIG=FILE] [-j N]
#       [SUBSYSTEMS=FILE] [MAINTAINERS=FILE]
#   make -f pipelines/nightly.mk STORE=DIR OUT=DIR [CONFIG=FILE]
#
#   make -f pipelines/nightly.mk RECORDS=DIR OUT=DIR [CONFIG=FILE] [-j N]
#
# STORE, instead of DATA, is a kp-fetch store of SQUAD results: its
# testruns are read by kp-parse-squad in one step.
# DATA is an MMTests work/log directory: every subdirectory holding an
# iter-N directory is a run.  RECORDS instead is a directory of records
# another producer wrote, in kp-records(5) form and order: each
# DIR/NAME.ndjson is identified as it is, in place of a parsed run.  Each
# run is parsed and identified by targets of its own, so -j parallelises
# them and a re-run redoes only the runs
# whose files (or the labels) changed.  kp-stats then runs once over every
# identified run: it groups samples by experiment across runs and
# instances, so it needs all of them at once.  Compare, classify,
# systematic, evidence and the reports follow.  See kp-pipelines(7).

.SUFFIXES:
.DELETE_ON_ERROR:
SHELL = /bin/sh

ifeq ($(strip $(DATA)$(RECORDS)$(STORE)),)
$(error DATA=DIR, RECORDS=DIR or STORE=DIR is required: an MMTests work/log directory, one of records, or a kp-fetch store of SQUAD results)
endif
ifneq ($(words $(strip $(if $(strip $(DATA)),D) $(if $(strip $(RECORDS)),R) $(if $(strip $(STORE)),S))),1)
$(error DATA, RECORDS and STORE: give one of them)
endif
ifeq ($(strip $(OUT)),)
$(error OUT=DIR is required: where the records and reports go)
endif

# The paths given are spliced into targets, recipes and $(shell) as they
# are, which make cannot quote: white space splits a target, ':' ends
# one, '#' begins a comment, '%' is a pattern, '$' a reference, and a
# quote ends the shell's quoting (OUT="x'$$(cmd)'" ran cmd).  Each given
# (its text as typed: $(value)) is letters, digits and . _ @ + - / , ~
# or the batch stops before anything runs.
SAFE_CHARS := a b c d e f g h i j k l m n o p q r s t u v w x y z \
	A B C D E F G H I J K L M N O P Q R S T U V W X Y Z \
	0 1 2 3 4 5 6 7 8 9 . _ @ + -
unsafe = $(if $(2),$(call unsafe,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,$(words $(2)),$(2))),$(1))
comma := ,
PATH_VARS := DATA RECORDS STORE OUT LABELS CONFIG SUBSYSTEMS MAINTAINERS \
	HISTORY TRIAGE KP_BIN
bad_path = $(and $(filter-out undefined file default,$(origin $(1))),$(or \
	$(word 2,$(value $(1))),$(call unsafe,$(value $(1)),$(SAFE_CHARS) / $(comma) ~)))
BAD_PATHS := $(strip $(foreach v,$(PATH_VARS),$(if $(call bad_path,$(v)),$(v))))
ifneq ($(BAD_PATHS),)
$(error $(firstword $(BAD_PATHS))=$(value $(firstword $(BAD_PATHS))): a path make cannot quote; expected letters, digits and . _ @ + - / $(comma) ~ (no white space, quote, $$ # % = or :): rename it or give a link to it)
endif

# the tools: from $(KP_BIN) when set, else from PATH
KP = $(if $(KP_BIN),$(KP_BIN)/,)
COMPARE_FLAGS =
CLASSIFY_FLAGS = $(if $(CONFIG),-c $(CONFIG)) $(if $(SUBSYSTEMS),-S $(SUBSYSTEMS))
# text, md and html group findings by subsystem; with MAINTAINERS (the
# kernel tree's file) they name each one's maintainers and lists
RENDER_FLAGS = $(if $(MAINTAINERS),-M $(MAINTAINERS))
# the site copies the log files a sample cites only from under SRC_ROOT
# (kp-render -R): the runs' directory, or the store; with RECORDS, the
# directory make runs in unless set
SRC_ROOT = $(strip $(DATA)$(STORE))
SYSTEMATIC_FLAGS =
EVIDENCE_FLAGS =
# what the reports are made from: the findings, or with HISTORY (the part
# at the end) the findings with their history and triage
REPORT_IN = $(if $(strip $(HISTORY)),$(OUT)/triaged.ndjson,$(OUT)/findings.ndjson)

# run names cannot hold white space here (make splits on it)
ifneq ($(strip $(DATA)),)
RUNS := $(sort $(patsubst $(DATA)/%/,%,$(dir $(wildcard $(DATA)/*/iter-*))))
ifeq ($(RUNS),)
$(error $(DATA): no runs (directories holding iter-N) found)
endif
else ifneq ($(strip $(RECORDS)),)
RUNS := $(sort $(patsubst $(RECORDS)/%.ndjson,%,$(wildcard $(RECORDS)/*.ndjson)))
ifeq ($(RUNS),)
$(error $(RECORDS): no records (NAME.ndjson files) found)
endif
endif

# A run name is spliced into $(shell), recipes, targets and awk below:
# one from a directory or file name outside letters, digits and . _ @ + -
# (a quote, a backquote, $, ;, white space) could run commands, even
# under make -n, so it stops the batch before anything uses it; a ':'
# would end its target (make said only "target pattern contains no
# '%'").  Each file
# name found is checked as make split it: each safe character is deleted
# from its part below DATA or RECORDS, and what is left is the trouble;
# a name with white space is two words, neither of which is under DATA
# as a whole, and the words joined again name the file.
ifneq ($(strip $(DATA)),)
run_part = $(if $(findstring /,$(patsubst $(DATA)/%,%,$(1))),$(patsubst $(DATA)/%,%,$(1)),$(1))
RUN_FILES := $(wildcard $(DATA)/*/iter-*)
else
run_part = $(patsubst $(RECORDS)/%.ndjson,%,$(1))
RUN_FILES := $(wildcard $(RECORDS)/*.ndjson)
endif
bad_name = $(or $(if $(subst $(1),,$(2)),,outside),$(call unsafe,$(2),$(SAFE_CHARS) /),$(filter -% .%,$(2)))
BAD_FILES := $(strip $(foreach w,$(RUN_FILES),$(if $(call bad_name,$(w),$(call run_part,$(w))),$(w))))
ifneq ($(BAD_FILES),)
$(error $(BAD_FILES): a run name is letters, digits and . _ @ + - (no white space or :), not first - or .; rename it)
endif

ifneq ($(strip $(STORE)),)
IDENTIFIED = $(OUT)/identified/squad.ndjson
else
PARSED = $(RUNS:%=$(OUT)/parsed/%.ndjson)
IDENTIFIED = $(RUNS:%=$(OUT)/identified/%.ndjson)
endif
REPORTS = $(OUT)/report.txt $(OUT)/report.md $(OUT)/report.csv \
	$(OUT)/report.xml $(OUT)/report.json $(OUT)/html/index.html

all: $(REPORTS)

# Progress: on a terminal, a line on the standard error as each step ends
# (the runs identified so far, then each stage, whose tools show their
# own within it); nothing otherwise, so that cron mail and logs hold only
# the diagnostics.  With -j the runs end in any order: they are counted.
# said_sh is the same without make's '@', to end a line of shell.
said_sh = if [ -t 2 ]; then echo "nightly.mk: $(1)" >&2; fi
progress = @$(said_sh)
NRUNS := $(words $(RUNS))
identified = $$(ls '$(OUT)/identified' | grep -c '\.ndjson$$')

$(OUT)/parsed $(OUT)/identified:
	mkdir -p '$@'

# labels-check.sh, beside this file
PIPELINES := $(dir $(lastword $(MAKEFILE_LIST)))

# A label that names no run stops the batch: a mistyped name would leave
# its run under its uname kernel, compared with nothing.
$(OUT)/labels.checked: $(LABELS) | $(OUT)/parsed
	sh '$(PIPELINES)labels-check.sh' '$(LABELS)' $(RUNS)
	touch '$@'

# The labels file names runs; each run gets its own lines (by name or
# run id), so a run does not warn about the labels of the others; the
# check above has seen every line.
define run_rules
ifneq ($(strip $(DATA)),)
$(OUT)/parsed/$(1).ndjson: $$(shell find '$(DATA)/$(1)' -type f) $(LABELS) $(if $(LABELS),$(OUT)/labels.checked) | $(OUT)/parsed
	$(if $(LABELS),awk -v r='$(1)' '{ n = $$$$1; sub(/@.*/, "", n) } n == r' '$(LABELS)' >'$$@.labels.tmp')
	$(KP)kp-parse-mmtests $(if $(LABELS),-l '$$@.labels.tmp') '$(DATA)/$(1)' >'$$@.tmp'
	rm -f '$$@.labels.tmp'
	mv '$$@.tmp' '$$@'
endif

# One shell a run, not three: a shell started cost about 6 ms of CPU on
# a loaded 2-core VM, and the 125 runs of the 25-kernel lab are
# the critical path while they last.
$(OUT)/identified/$(1).ndjson: $(if $(strip $(DATA)),$(OUT)/parsed/$(1).ndjson,$(RECORDS)/$(1).ndjson) | $(OUT)/identified
	$(KP)kp-identify '$$<' >'$$@.tmp' && mv '$$@.tmp' '$$@' && $$(call said_sh,identified $$(identified) of $(NRUNS) runs)
endef
$(foreach r,$(RUNS),$(eval $(call run_rules,$(r))))

# SQUAD results: every testrun of the store at once
$(OUT)/identified/squad.ndjson: $(STORE)/index.ndjson | $(OUT)/identified
	$(KP)kp-parse-squad -s '$(STORE)' >'$@.parsed.tmp'
	$(KP)kp-identify '$@.parsed.tmp' >'$@.tmp'
	rm -f '$@.parsed.tmp'
	mv '$@.tmp' '$@'
	$(call progress,identified the store's testruns)

# join_parts PARTS: the target is the parts one after the other.  The
# first is renamed, not copied, and the others appended to it: at 25
# kernels copying every shard of stats.ndjson, a gigabyte through the
# page cache, took 2.5 s on the critical path.  It is renamed to the
# target's .tmp, so that a join cut short leaves no shard that make
# would take as complete.  The others are removed before the target is
# renamed into place: make removes only the parts it made itself, and a
# part left by a batch killed after it would stay for good.
join_parts = mv '$(firstword $(1))' '$@.tmp' && \
	cat $(wordlist 2,$(words $(1)),$(1)) >>'$@.tmp' && \
	rm -f $(wordlist 2,$(words $(1)),$(1)) && mv '$@.tmp' '$@'

# With STATS_SHARDS=n, kp-stats runs as n processes, each holding the
# samples of a range of experiments (kp-stats -s i/n), which make -j runs
# at once; their outputs one after the other are one kp-stats' output.
STATS_SHARDS = 1
ifneq ($(shell echo '$(STATS_SHARDS)' | grep -x '[1-9][0-9]*'),$(STATS_SHARDS))
$(error STATS_SHARDS=$(STATS_SHARDS): expected a number of shards, 1 or more)
endif
ifeq ($(STATS_SHARDS),1)
$(OUT)/stats.ndjson: $(IDENTIFIED)
	$(KP)kp-stats $(IDENTIFIED) >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-stats: $(@F))
else
SHARDS := $(shell seq 1 $(STATS_SHARDS))
STATS_PARTS = $(SHARDS:%=$(OUT)/stats-shards/%.ndjson)
.INTERMEDIATE: $(STATS_PARTS)
$(OUT)/stats-shards:
	mkdir -p '$@'
$(OUT)/stats-shards/%.ndjson: $(IDENTIFIED) | $(OUT)/stats-shards
	$(KP)kp-stats -s $*/$(STATS_SHARDS) $(IDENTIFIED) >'$@.tmp'
	mv '$@.tmp' '$@'
$(OUT)/stats.ndjson: $(STATS_PARTS)
	$(call join_parts,$(STATS_PARTS))
	$(call progress,kp-stats: $(@F) of $(STATS_SHARDS) shards)
endif

# The comparison stream carries the cmp records, with each side's
# multimodal flag copied into them, and not the stat records (kp-compare
# -S): classify, systematic, evidence and the text reports need none, and
# at 25 kernels they were a gigabyte each stage read and wrote again.
# The site, which plots them, reads the stat records of stats.ndjson
# beside the findings (its run, runstat and noise records are in the
# findings already).
#
# With COMPARE_SHARDS=n, kp-compare runs as n processes (kp-compare -s
# i/n), each comparing a range of the baseline/target pairs and holding
# only their stats, which make -j runs at once; a pair's comparisons
# depend on no other pair, so their outputs one after the other are one
# kp-compare's output.  The default is 2, for make -j2 or more: at 25
# kernels two shards took compare's 14 s of wall on the critical path
# to 7, for 2 to 3 CPU seconds more (each reads the whole input) and half
# the memory a process.  Under -j1 they only cost: give COMPARE_SHARDS=1.
# (make 4.3 does not show -j to the makefile, so it cannot choose.)
COMPARE_SHARDS = 2
ifneq ($(shell echo '$(COMPARE_SHARDS)' | grep -x '[1-9][0-9]*'),$(COMPARE_SHARDS))
$(error COMPARE_SHARDS=$(COMPARE_SHARDS): expected a number of shards, 1 or more)
endif
ifeq ($(COMPARE_SHARDS),1)
$(OUT)/cmp.ndjson: $(OUT)/stats.ndjson $(CONFIG)
	$(KP)kp-compare -S $(COMPARE_FLAGS) $(OUT)/stats.ndjson >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-compare: $(@F))
else
CMP_PARTS = $(patsubst %,$(OUT)/cmp-shards/%.ndjson,$(shell seq 1 $(COMPARE_SHARDS)))
.INTERMEDIATE: $(CMP_PARTS)
$(OUT)/cmp-shards:
	mkdir -p '$@'
$(OUT)/cmp-shards/%.ndjson: $(OUT)/stats.ndjson $(CONFIG) | $(OUT)/cmp-shards
	$(KP)kp-compare -S -s $*/$(COMPARE_SHARDS) $(COMPARE_FLAGS) $(OUT)/stats.ndjson >'$@.tmp'
	mv '$@.tmp' '$@'
$(OUT)/cmp.ndjson: $(CMP_PARTS)
	$(call join_parts,$(CMP_PARTS))
	$(call progress,kp-compare: $(@F) of $(COMPARE_SHARDS) shards)
endif

# kp-classify, kp-systematic and kp-evidence run as one pipe: each
# streams (kp-classify writes its cmp records as it reads its file a
# second time, kp-systematic and kp-evidence keep a little of each
# record to the end of their input), so they overlap on two cores, and neither the classified nor the systematic records, a
# gigabyte each at 25 kernels, are written and read back.  The findings
# hold every classified record as kp-classify wrote it, with the
# systematic and evidence records after them.  kp-evidence adds, beside
# each finding, what else its runs said (durations, command, dmesg
# warnings, the counters that moved most).  At 25 kernels, kp-classify
# then the pipe of the other two took 9.2 s of wall; one pipe of the
# three 9.7 s at Linux's 64 KiB a pipe, and 5.1 s once its readers widen
# their pipes to 1 MiB (lib/lineio.c).  A classified.ndjson of a night
# before this was so is removed: it would no longer match the findings.
#
# /bin/sh has no pipefail: a stage that fails notes its name and status
# in PIPE_FAILED; then the recipe removes what the pipe wrote and fails.
# A stage before the one that failed usually dies of SIGPIPE (status
# 141), and is noted too.
PIPE_FAILED = $(OUT)/findings.ndjson.failed.tmp
piped = { $(2) || echo "$(1) exit $$?" >>'$(PIPE_FAILED)'; }
$(OUT)/findings.ndjson: $(OUT)/cmp.ndjson $(CONFIG) $(SUBSYSTEMS)
	rm -f '$(PIPE_FAILED)' '$(OUT)/classified.ndjson'
	$(call piped,kp-classify,$(KP)kp-classify $(CLASSIFY_FLAGS) $(OUT)/cmp.ndjson) | \
	$(call piped,kp-systematic,$(KP)kp-systematic $(SYSTEMATIC_FLAGS)) | \
	$(call piped,kp-evidence,$(KP)kp-evidence $(EVIDENCE_FLAGS) >'$@.tmp')
	if [ -e '$(PIPE_FAILED)' ]; then \
		echo "nightly.mk: $(@F): $$(tr '\n' ' ' <'$(PIPE_FAILED)')" >&2; \
		rm -f '$(PIPE_FAILED)' '$@.tmp'; \
		exit 1; \
	fi
	mv '$@.tmp' '$@'
	$(call progress,kp-classify | kp-systematic | kp-evidence: $(@F))

$(OUT)/report.txt: $(REPORT_IN) $(MAINTAINERS)
	$(KP)kp-render -f text $(RENDER_FLAGS) '$<' >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-render: $(@F))
$(OUT)/report.md: $(REPORT_IN) $(MAINTAINERS)
	$(KP)kp-render -f md $(RENDER_FLAGS) '$<' >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-render: $(@F))
$(OUT)/report.csv: $(REPORT_IN)
	$(KP)kp-render -f csv '$<' >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-render: $(@F))
$(OUT)/report.xml: $(REPORT_IN)
	$(KP)kp-render -f junit '$<' >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-render: $(@F))
$(OUT)/report.json: $(REPORT_IN)
	$(KP)kp-render -f json '$<' >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-render: $(@F))

# only sample records carry each observation's source file and line
$(OUT)/samples.ndjson: $(IDENTIFIED)
	cat $(IDENTIFIED) >'$@.tmp'
	mv '$@.tmp' '$@'

# the site is a directory: built beside the old one, then swapped in.
# It plots the stat records, which the findings do not carry (kp-compare
# -S): those of stats.ndjson, each written with its type first.
$(OUT)/html/index.html: $(REPORT_IN) $(OUT)/stats.ndjson $(OUT)/samples.ndjson $(MAINTAINERS)
	rm -rf $(OUT)/html.tmp
	grep '^{"type":"stat",' $(OUT)/stats.ndjson | \
	$(KP)kp-render -f html $(RENDER_FLAGS) $(if $(SRC_ROOT),-R '$(SRC_ROOT)') -o $(OUT)/html.tmp -s $(OUT)/samples.ndjson '$<' -
	rm -rf $(OUT)/html
	mv $(OUT)/html.tmp $(OUT)/html
	touch '$@'
	$(call progress,kp-render: html/)

.PHONY: all

# ---- History ----
# With HISTORY=DIR, each night adds every kernel's statistics to DIR, one
# file per kernel that is not there yet (pipelines/history-add.sh: append
# only, each file complete before it appears), and kp-trend runs over the
# whole of it; kp-triage then says since which kernel each regression
# exists, with the triage of TRIAGE=FILE when given, before the reports.
# A night that fails before its statistics are complete adds nothing.
PIPELINES = $(dir $(lastword $(MAKEFILE_LIST)))
TRIAGE_FLAGS = $(if $(TRIAGE),-t $(TRIAGE))
ifneq ($(strip $(HISTORY)),)
all: $(OUT)/trend.ndjson

$(OUT)/history.stamp: $(OUT)/stats.ndjson
	sh '$(PIPELINES)history-add.sh' $(OUT)/stats.ndjson '$(HISTORY)'
	touch '$@'

# kp-trend gets the files by the shell's glob (sorted as bytes), so that
# no kernel's file name is read as shell text; history-add.sh also
# refuses names outside the safe set
$(OUT)/trend.ndjson: $(OUT)/history.stamp
	LC_ALL=C; export LC_ALL; $(KP)kp-trend '$(HISTORY)'/*.ndjson >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-trend: $(@F))

$(OUT)/triaged.ndjson: $(OUT)/findings.ndjson $(OUT)/trend.ndjson $(TRIAGE)
	$(KP)kp-triage $(TRIAGE_FLAGS) $(OUT)/findings.ndjson $(OUT)/trend.ndjson >'$@.tmp'
	mv '$@.tmp' '$@'
	$(call progress,kp-triage: $(@F))
endif
