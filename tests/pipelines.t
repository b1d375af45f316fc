#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# pipelines/: the nightly batch, the fan-out and the re-analysis end to end
# on the bundled MMTests runs, checked against what the runs are known to
# contain (tests/data/mmtests/README.md).
. "$(dirname "$0")/lib.sh"

for t in kp-parse-mmtests kp-identify kp-stats kp-compare kp-classify kp-systematic kp-evidence kp-render; do
	if [ ! -x "$KP_BIN/$t" ]; then
		skip "pipelines" "$t is not built"
		done_testing
		exit 0
	fi
done
command -v parallel >/dev/null || { skip pipelines "GNU parallel missing"; done_testing; exit 0; }

LABELS=$top/tests/data/mmtests-labels
# a copy, so the re-run test can touch a run without touching the fixture
cp -R "$FIX/work/log" "$T/data"
DATA=$T/data
nightly() {
	make -s -f "$top/pipelines/nightly.mk" DATA="$DATA" OUT="$T/n" LABELS="$LABELS" KP_BIN="$KP_BIN" "$@"
}

# nightly.mk
run_status nightly -j2
is "$rc" 0 "nightly: exit 0"
[ -s "$T/err" ] && sed 's/^/# /' "$T/err"
for f in report.txt report.md report.csv report.xml report.json html/index.html; do
	test -s "$T/n/$f"
	ok $? "nightly: $f written"
done
ls "$T/n/html/src" | grep -q . && grep -q 'href="src/' "$T"/n/html/test-*.html &&
    ! grep -q 'source root' "$T/err"
ok $? "nightly: the site copies the runs' logs, which lie under DATA (kp-render -R)"
is "$(ls "$T/n/identified" | tr '\n' ' ')" \
	"baseline-rerun.ndjson baseline.ndjson target-2hogs.ndjson target-cpuhog.ndjson " \
	"nightly: one identified file per run"
is "$(find "$T/n" -name '*.tmp' | wc -l | tr -d ' ')" 0 "nightly: no temporary files left"
head -n 1 "$T/n/report.txt" | grep -q ' → .*: [0-9]* regressions* ([0-9]* red), .*; [0-9]* of [0-9]* compared' &&
    sed -n '/^$/{n;p;q;}' "$T/n/report.txt" | grep -q '^Coverage:$' &&
    grep -q '^Classification Summary ([0-9]* total regressions):$' "$T/n/report.txt"
ok $? "nightly: text report, its verdict first, then its coverage"
grep -q '^  v6.17 -> v6.18: v6.17 merges 2 runs: baseline-rerun@' "$T/n/report.txt"
ok $? "nightly: the runs merged under the baseline's label are named" || sed -n '1,8s/^/# /p' "$T/n/report.txt"
xmllint --noout "$T/n/report.xml"
ok $? "nightly: JUnit report is well-formed"
jq -e '.summary.comparisons > 0' "$T/n/report.json" >/dev/null
ok $? "nightly: JSON report"
make -s -f "$top/pipelines/nightly.mk" DATA="$DATA" OUT="$T/n3" LABELS="$LABELS" KP_BIN="$KP_BIN" \
	STATS_SHARDS=3 -j2 "$T/n3/report.txt" >/dev/null 2>&1
ok $? "nightly, kp-stats in 3 shards: exit 0"
cmp -s "$T/n3/stats.ndjson" "$T/n/stats.ndjson" && cmp -s "$T/n3/findings.ndjson" "$T/n/findings.ndjson"
ok $? "... the same statistics and findings byte for byte"
is "$(ls "$T/n3/stats-shards" | wc -l | tr -d ' ')" 0 "... the shards removed once joined"
make -s -f "$top/pipelines/nightly.mk" DATA="$DATA" OUT="$T/c2" LABELS="$LABELS" KP_BIN="$KP_BIN" \
	COMPARE_SHARDS=2 -j2 "$T/c2/report.txt" >/dev/null 2>&1
ok $? "nightly, kp-compare in 2 shards by pair: exit 0"
cmp -s "$T/c2/cmp.ndjson" "$T/n/cmp.ndjson" && cmp -s "$T/c2/findings.ndjson" "$T/n/findings.ndjson"
ok $? "... the same comparisons and findings byte for byte"
is "$(grep -c '^{"type":"stat",' "$T/n/findings.ndjson")" 0 \
    "nightly: the findings carry no stat records (kp-compare -S)"

ok $(! grep -q '^nightly.mk: ' "$T/err"; echo $?) "nightly: no progress when stderr is no terminal"
# on a terminal (script(1) gives one) a line as each step ends
if command -v script >/dev/null; then
	script -qec "make -s -j2 -f '$top/pipelines/nightly.mk' DATA='$DATA' OUT='$T/ntty' \
	    LABELS='$LABELS' KP_BIN='$KP_BIN' '$T/ntty/report.txt'" /dev/null </dev/null >"$T/tty.out" 2>&1
	# a parser's "run 0 of 1" is drawn and not ended while the other
	# job's line is written: that line can follow it on the same row,
	# so each progress text is cut out wherever it starts
	tr '\r' '\n' <"$T/tty.out" |
	    grep -o 'nightly.mk: .*\|kp-parse-mmtests: run [0-9]* of [0-9]*' >"$T/tty.lines"
	# with -j2 two runs can end at once and both count 4
	is "$(grep -c '^nightly.mk: identified [1-4] of 4 runs' "$T/tty.lines"):$(grep -q '^nightly.mk: identified 4 of 4 runs' "$T/tty.lines"; echo $?)" \
	    "4:0" "nightly on a terminal: the runs identified so far, a line a run" ||
	    sed 's/^/# /' "$T/tty.lines"
	is "$(sed -n 's/^nightly.mk: \(kp-[a-z |-]*\): .*/\1/p' "$T/tty.lines" | tr '\n' ',')" \
	    "kp-stats,kp-compare,kp-classify | kp-systematic | kp-evidence,kp-render," "... then each stage"
	is "$(grep -c '^kp-parse-mmtests: run 1 of 1' "$T/tty.lines")" 4 "... and the parser's own, a run each"
else
	skip "nightly progress on a terminal" "no script(1)"
fi

# records from another producer (RECORDS=DIR): the parsed runs identified as they are
make -s -f "$top/pipelines/nightly.mk" RECORDS="$T/n/parsed" OUT="$T/nr" KP_BIN="$KP_BIN" \
	-j2 "$T/nr/findings.ndjson" >/dev/null 2>&1
ok $? "nightly from RECORDS: exit 0"
cmp -s "$T/nr/findings.ndjson" "$T/n/findings.ndjson"
ok $? "... the findings of the parsed runs"

# kp-classify, kp-systematic and kp-evidence run as one pipe: the
# findings are what the three give one after the other, and no
# classified records are left beside them
"$KP_BIN/kp-classify" "$T/nr/cmp.ndjson" >"$T/cl.ndjson" &&
    "$KP_BIN/kp-systematic" "$T/cl.ndjson" >"$T/sys.ndjson" &&
    "$KP_BIN/kp-evidence" "$T/sys.ndjson" >"$T/fi.ndjson"
cmp -s "$T/fi.ndjson" "$T/nr/findings.ndjson"
ok $? "nightly: the findings of the pipe, byte for byte those of the stages run apart"
is "$(ls "$T/nr" | grep -c classified)" 0 "... and no classified file beside them"
# an older night's classified records no longer match the findings
echo stale >"$T/nr/classified.ndjson"
rm "$T/nr/findings.ndjson"
make -s -f "$top/pipelines/nightly.mk" RECORDS="$T/n/parsed" OUT="$T/nr" KP_BIN="$KP_BIN" \
	"$T/nr/findings.ndjson" >/dev/null 2>&1 && [ ! -e "$T/nr/classified.ndjson" ]
ok $? "nightly: an older night's classified.ndjson is removed with the findings made again"
# a stage of the pipe that fails half-way, having written whole records
# the next stage takes (its status alone says it failed),
# fails make and leaves no findings, nor a temporary file
while read -r stage; do
	rm -rf "$T/pbin" "$T/nr/findings.ndjson"
	mkdir "$T/pbin"
	for t in "$KP_BIN"/kp-*; do ln -s "$t" "$T/pbin/"; done
	rm "$T/pbin/$stage"
	printf '#!/bin/sh\nhead -n 20 "$@"\nexit 2\n' >"$T/pbin/$stage"
	chmod +x "$T/pbin/$stage"
	run_status make -s -f "$top/pipelines/nightly.mk" RECORDS="$T/n/parsed" OUT="$T/nr" KP_BIN="$T/pbin" \
	    "$T/nr/findings.ndjson"
	ok $(( rc == 0 )) "nightly: $stage failing in the pipe fails make"
	grep -q "findings.ndjson: .*$stage exit 2" "$T/err"
	ok $? "... naming it" || sed 's/^/# /' "$T/err"
	is "$(ls "$T/nr" | grep -c 'findings')" 0 "... and leaves no findings file"
done <<EOF_STAGES
kp-classify
kp-systematic
kp-evidence
EOF_STAGES

# what the runs are known to hold: the two hogs slowed sysbench cpu at
# every level and will-it-scale futex1; one hog slowed stress-ng context
# at 2 and 4 workers but not 1; sysbench mutex was never disturbed
F=$T/n/findings.ndjson
is "$(jq -c 'select(.type == "sys" and .bench == "cpu" and .target_kernel == "v6.18") | [.direction, .affected, .systematic]' "$F")" \
	'["regression",[1,3,4],true]' "nightly: sysbench cpu regresses systematically under two hogs"
is "$(jq -c 'select(.type == "sys" and .bench == "futex1" and .target_kernel == "v6.18") | [.direction, .affected, .systematic]' "$F")" \
	'["regression",[1,2,3,4],true]' "nightly: futex1 regresses under two hogs at every level; at 3 the baseline's runs lie 48% apart, a 1-df sd moderated toward 8%"
is "$(jq -r 'select(.type == "cmp" and .bench == "context" and .target_kernel == "v6.18-rc1") | "\(.conc):\(.class)"' "$F" | tr '\n' ' ')" \
	"1:uncertain 2:uncertain 4:regression " "nightly: stress-ng context regresses at 4 workers under one hog; 2 (bimodal baseline) stays uncertain"
is "$(jq -r 'select(.type == "cmp" and .bench == "mutex" and .class == "regression") | .conc' "$F" | wc -l | tr -d ' ')" 0 \
	"nightly: no regression in the undisturbed sysbench mutex"

# a re-run does nothing; a changed run redoes that run and what follows
nightly -q
ok $? "nightly: up to date after a run"
touch "$DATA/target-cpuhog/mmtests-activity"
nightly -n >"$T/plan"
grep -q "'$DATA/target-cpuhog'" "$T/plan" && ! grep -q "'$DATA/baseline'" "$T/plan"
ok $? "nightly: a changed run is parsed again, the others are not"

# a failing stage leaves no output behind
mkdir "$T/bin"
for t in "$KP_BIN"/kp-*; do ln -s "$t" "$T/bin/"; done
rm "$T/bin/kp-stats"
printf '#!/bin/sh\necho partial\nexit 2\n' >"$T/bin/kp-stats"
chmod +x "$T/bin/kp-stats"
rm -rf "$T/n/stats.ndjson"
make -s -f "$top/pipelines/nightly.mk" DATA="$DATA" OUT="$T/n" LABELS="$LABELS" KP_BIN="$T/bin" >/dev/null 2>&1
ok $(( $? == 0 )) "nightly: a failing stage fails make"
test ! -e "$T/n/stats.ndjson"
ok $? "nightly: no partial stats file"

# fanout.sh: the same records as the nightly's per-run targets
run_status fanout.sh -j 2 -S : -l "$LABELS" -o "$T/fan" "$DATA"/baseline "$DATA"/baseline-rerun "$DATA"/target-2hogs "$DATA"/target-cpuhog
is "$rc" 0 "fanout: exit 0"
same=0
for r in baseline baseline-rerun target-2hogs target-cpuhog; do
	cmp -s "$T/fan/$r.ndjson" "$T/n/identified/$r.ndjson" || same=1
done
ok $same "fanout: each run's records equal nightly.mk's"
is "$(awk 'NR > 1 && $7 == 0' "$T/fan/fanout.joblog" | wc -l | tr -d ' ')" 4 "fanout: job log with four successful jobs"
mkdir -p "$T/broken/iter-0"
run_status fanout.sh -S : -o "$T/fan2" "$DATA"/baseline "$T/broken"
is "$rc" 2 "fanout: a failing run: exit 2"
test ! -e "$T/fan2/broken.ndjson" && test -z "$(find "$T/fan2" -name '.*' ! -name . )"
ok $? "fanout: no partial output"
run_status fanout.sh -o "$T/fan3"
is "$rc" 2 "fanout: no runs: usage, exit 2"

# a label that names no run stops both, naming it; the parsers' own
# warnings are kept
sed 's/^target-2hogs/target-2hog/' "$LABELS" >"$T/typo-labels"
run_status make -s -f "$top/pipelines/nightly.mk" DATA="$DATA" OUT="$T/typo" LABELS="$T/typo-labels" KP_BIN="$KP_BIN"
ok $(( rc == 0 )) "nightly: a mistyped label stops the batch"
grep -q "typo-labels:5: the label of \"target-2hog\" names no run" "$T/err"
ok $? "... naming file, line and label" || sed 's/^/# /' "$T/err"
test ! -e "$T/typo/stats.ndjson"
ok $? "... before any stats"
run_status fanout.sh -S : -l "$T/typo-labels" -o "$T/fan4" "$DATA"/baseline "$DATA"/target-2hogs
is "$rc" 2 "fanout: a mistyped label: exit 2"
grep -q 'the label of "target-2hog" names no run' "$T/err"
ok $? "... naming it"
# a run named by its run id keeps its label
id=$(jq -r 'select(.type == "run") | .run' "$T/n/parsed/target-2hogs.ndjson" | head -n 1)
sed "s/^target-2hogs/$id/" "$LABELS" >"$T/id-labels"
run_status make -s -f "$top/pipelines/nightly.mk" DATA="$DATA" OUT="$T/idl" LABELS="$T/id-labels" KP_BIN="$KP_BIN" "$T/idl/parsed/target-2hogs.ndjson"
is "$(jq -r 'select(.type == "run") | .kernel' "$T/idl/parsed/target-2hogs.ndjson" | sort -u)" v6.18 \
    "a label by run id reaches its run"

# reanalyze.sh: the same data and settings give the same findings; a
# night's findings carry no stat records, which it reads from the
# stats.ndjson beside them (T/n's was removed above, T/c2's is the same)
run_status reanalyze.sh -o "$T/re" "$T/c2/findings.ndjson"
is "$rc" 0 "reanalyze: exit 0"
cmp -s "$T/re/findings.ndjson" "$T/n/findings.ndjson"
ok $? "reanalyze: same findings from the stored records"
run_status reanalyze.sh -o "$T/re2" "$T/n/findings.ndjson"
is "$rc" 2 "reanalyze: findings without stat records or a stats file beside them: exit 2"
grep -q 'no stat records, and no .*stats.ndjson beside it' "$T/err"
ok $? "... saying so"
run_status reanalyze.sh -e 1,2,3,4,8 -f json "$T/c2/findings.ndjson"
is "$rc" 0 "reanalyze: new settings, report to stdout"
is "$(jq -r '[.groups[].missing | index(8) != null] | all' "$T/out")" \
	true "reanalyze: -e reaches kp-systematic"
run_status reanalyze.sh -m nosuch "$T/c2/findings.ndjson"
is "$rc" 2 "reanalyze: a failing stage: its exit status"
grep -q "reanalyze.sh: kp-compare failed" "$T/err"
ok $? "reanalyze: names the failing stage"

# a run name, from a directory or file name, is spliced into $(shell),
# awk and recipes: one a shell would read stops the batch before
# anything runs it, even under make -n, naming the file
mkdir -p "$T/evil/ok/iter-0" "$T/evil/a'\`touch PWNED\`'/iter-0" "$T/evilrec" &&
    touch "$T/evilrec/ok.ndjson" "$T/evilrec/x\`touch PWNED2\`.ndjson"
(cd "$T" && make -n -f "$top/pipelines/nightly.mk" DATA="$T/evil" OUT="$T/ne") >/dev/null 2>"$T/err"
is "$?.$(ls "$T" | grep -c PWNED)" 2.0 "nightly: a run name with quotes and backquotes: exit 2, nothing run"
grep -q "$T/evil/a'\`touch PWNED\`'/iter-0: a run name is letters, digits and \. _ @ + - (no white space or :), not first - or \.; rename it" "$T/err"
ok $? "... naming the file and what a name may hold"
(cd "$T" && make -n -f "$top/pipelines/nightly.mk" RECORDS="$T/evilrec" OUT="$T/ne") >/dev/null 2>"$T/err"
is "$?.$(ls "$T" | grep -c PWNED)" 2.0 "nightly: RECORDS, a file name with backquotes: exit 2, nothing run"
grep -q "$T/evilrec/x\`touch PWNED2\`.ndjson: a run name" "$T/err"
ok $? "... naming the file"

done_testing
