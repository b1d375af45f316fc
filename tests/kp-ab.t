#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-ab, the one-shot A/B: the verdicts of the nightly batch, sides of one
# kernel label kept apart, identity differences named, nothing compared
# failing, several sides in one table; and the default pairs of
# kp-compare taking a build on top of an rc against that rc.
. "$(dirname "$0")/lib.sh"
L=$FIX/work/log
verdicts() {	# the verdict of every comparison of a findings file
	jq -r 'select(.type == "cmp") |
	    "\(.suite)/\(.bench)/\(.test)[\(.op) \(.metric)]@\(.conc) \(.class) \(.severity)"' "$1" | sort
}

# two runs of one kernel label (the fixtures all name 6.18.44-fc-v595)
run_status kp-ab -k "$T/ab" "$L/baseline" "$L/target-2hogs"
is "$rc" 0 "two MMTests runs: exit 0"
is "$(sed -n 1p "$T/out")" "kp-ab: baseline: baseline; target: target-2hogs" \
    "one kernel label: the sides are named by their directories"
grep -q '^  baseline -> target-2hogs: 26 of 26 measurements compared$' "$T/out"
ok $? "... and compared, every measurement"
is "$(jq -r 'select(.type == "run") | .kernel' "$T/ab/in.1" "$T/ab/in.2" | paste -sd' ' -)" \
    "baseline target-2hogs" "... by the kernel field of their records"
grep -q '(1 run, kernel 6.18.44-fc-v595)$' "$T/out"
ok $? "the header keeps the kernel the runs named"

# the same verdicts as the nightly batch on the two runs, labelled
mkdir "$T/log"
ln -s "$L/baseline" "$L/target-2hogs" "$T/log/"
printf 'baseline kernel=v6.17\ntarget-2hogs kernel=v6.18\n' >"$T/labels"
make -s -f "$top/pipelines/nightly.mk" DATA="$T/log" OUT="$T/night" LABELS="$T/labels" \
    KP_BIN="$KP_BIN" "$T/night/findings.ndjson" >/dev/null 2>&1
verdicts "$T/night/findings.ndjson" >"$T/v.night"
verdicts "$T/ab/findings.ndjson" >"$T/v.ab"
is "$(wc -l <"$T/v.ab")" 26 "26 verdicts"
cmp -s "$T/v.night" "$T/v.ab"
ok $? "... those of the nightly batch"
# the evidence beside each finding, as the nightly batch has it
ev() { jq -c 'select(.type == "evidence") | {job, n_base, n_target, base_user_s, target_user_s,
    base_params, counters: [.counters[].name]}' "$1" | sort; }
is "$(ev "$T/ab/findings.ndjson" | wc -l)" 3 "evidence for the 3 jobs with a finding"
is "$(ev "$T/ab/findings.ndjson")" "$(ev "$T/night/findings.ndjson")" "... that of the nightly batch"
grep -q '^      command: sysbench cpu --num-threads=N --cpu-max-prime=25000 run$' "$T/out"
ok $? "... and the report shows it beside the finding"
is "$(grep -c ' regression yellow$' "$T/v.ab") $(grep -c '^wis/futex1/futex1-threads\[futex1 ops\]@1 regression' "$T/v.ab")" \
    "18 1" "18 regressions, futex1 at 1 task among them (tests/data/mmtests/README.md)"

# the exit status of kp-render's gate
run_status kp-ab --fail-on yellow "$L/baseline" "$L/target-2hogs"
is "$rc" 1 "--fail-on yellow: exit 1"
run_status kp-ab --fail-on red "$L/baseline" "$L/target-2hogs"
is "$rc" 0 "--fail-on red: exit 0 (one run a side is never red)"
run_status kp-ab -f md "$L/baseline" "$L/target-2hogs"
is "$rc:$(head -c 2 "$T/out"):$(head -1 "$T/err")" "0:##:kp-ab: baseline: baseline; target: target-2hogs" \
    "-f md: the report as Markdown, the header on stderr"

# operands with one label are one side: the A/A rerun pooled with its run
run_status kp-ab -k "$T/pool" base="$L/baseline" base="$L/baseline-rerun" hogs="$L/target-2hogs"
is "$rc:$(jq -r 'select(.type == "coverage" and .kind == "merged") | "\(.label) \(.runs | length)"' "$T/pool/findings.ndjson"):$(grep -c '"type":"cmp"' "$T/pool/findings.ndjson")" \
    "0:base 2:26" "base=A base=A2 hogs=B: two runs on the baseline side, 26 comparisons"

# one tree on both sides: its run is a run of each
run_status kp-ab "$L/baseline" "$L/baseline"
is "$rc:$(grep -c 'A -> B: 26 of 26 measurements compared' "$T/out")" "0:1" \
    "one tree against itself: sides A and B, every measurement compared"

# sides that share some runs: the whole work/log against one of its runs
# would pool the target into the baseline
run_status kp-ab "$L" "$L/target-2hogs"
is "$rc:$(cat "$T/err")" "2:kp-ab: run target-2hogs@vm:1796001357 is on two sides, log ($L) and target-2hogs ($L/target-2hogs): the sides overlap; give each run to one side" \
    "a work/log against one of its runs: refused, naming the run, exit 2"
run_status kp-ab a="$L/baseline" b="$L/baseline-rerun" a="$L/target-2hogs" b="$L/target-2hogs"
is "$rc:$(grep -c 'run target-2hogs@vm:1796001357 is on two sides, a ([^)]*target-2hogs) and b' "$T/err")" "2:1" \
    "labelled sides sharing one run of two: refused"

# kernels that differ name the sides; a kp records file and a nightly OUT are inputs
kp-parse-mmtests --meta kernel=v6.17 "$L/baseline" >"$T/a.ndjson"
kp-parse-mmtests --meta kernel=v6.18 "$L/target-cpuhog" >"$T/b.ndjson"
run_status kp-ab "$T/a.ndjson" "$T/b.ndjson"
is "$rc:$(sed -n 1p "$T/out")" "0:kp-ab: baseline: v6.17; target: v6.18" "records files: sides named by their kernels"
run_status kp-ab -k "$T/ab2" "$T/night" "$T/b.ndjson"
is "$rc:$(sed -n 1p "$T/out")" "0:kp-ab: baseline: night; target: b" \
    "a nightly OUT of two kernels against a file: sides named by their paths"

# identity: the fields that differ named, and compared across with -x
jq -c 'if .type == "run" then .cpu_model = "Intel Xeon" else . end' "$T/b.ndjson" >"$T/xeon.ndjson"
run_status kp-ab "$T/a.ndjson" "$T/xeon.ndjson"
is "$rc" 2 "kept apart by cpu_model: nothing compared, exit 2"
grep -q 'cpu_model "AMD EPYC" against "Intel Xeon" (-x cpu_model), 26 measurement(s) kept apart' "$T/err"
ok $? "... the field, both values and the option named"
is "$(tail -1 "$T/err")" \
    "kp-ab: nothing compared: every measurement was kept apart by identity; compare across with -x cpu_model" \
    "... and the last line says what to do"
run_status kp-ab -x cpu_model "$T/a.ndjson" "$T/xeon.ndjson"
is "$rc:$(grep -c 'v6.17 -> v6.18: 26 of 26 measurements compared' "$T/out")" "0:1" "-x cpu_model compares across it"

# nothing in common, nothing at all
run_status kp-ab "$L/baseline" "$top/tests/data/gate/baseline.json"
is "$rc:$(tail -1 "$T/err")" "2:kp-ab: nothing compared: the sides have no measurement in common" \
    "no measurement in common: exit 2"
echo '{"type":"note"}' >"$T/none.ndjson"
run_status kp-ab "$L/baseline" "$T/none.ndjson"
is "$rc:$(cat "$T/err")" "2:kp-ab: $T/none.ndjson: no measurement in it" "an empty side: exit 2"
run_status kp-ab x="$L/baseline" "$L/target-2hogs"
is "$rc" 2 "a label on one operand only: exit 2"

# several environments: one table, a column each, the first the baseline
for e in native vm qemu; do
	mkdir "$T/$e"
	jq --arg e "$e" '.meta.env = $e | if $e == "qemu" then .lmbench.lat_proc.exec = 1410 else . end' \
	    "$top/tests/data/gate/baseline.json" >"$T/$e/results.json"
done
run_status kp-ab "$T/native/results.json" "$T/vm/results.json" "$T/qemu/results.json"
is "$rc:$(sed -n 1p "$T/out")" "0:kp-ab: baseline: native; targets: vm, qemu" \
    "three results documents: sides named by their env"
is "$(grep '^measurement' "$T/out" | tr -s ' ')" "measurement native (baseline) vm qemu" \
    "... one full table, a column per environment, in the order given"
is "$(grep '^lmbench/lat_proc/lat_proc/exec' "$T/out" | tr -s ' ')" \
    "lmbench/lat_proc/lat_proc/exec[exec latency] at 1, us 705 705 +0.0% ? 1410 +100.0% ?" \
    "... with the change against native"

run_status kp-ab a="$T/a.ndjson" b="$T/b.ndjson" c="$T/xeon.ndjson"
is "$rc:$(grep -c '^measurement ' "$T/out"):$(tail -1 "$T/err")" \
    "2:1:kp-ab: nothing compared for a -> c; kept apart by identity, compare across with -x cpu_model" \
    "three sides, one kept apart: the table of the others, then exit 2 naming it"

# the nightly batch's default pairs: a describe string against its rc
kp-parse-mmtests --meta kernel=6.18.0-rc3 "$L/baseline" >"$T/rc.ndjson"
kp-parse-mmtests --meta kernel=6.18.0-rc3-00042-gabcdef012 "$L/target-2hogs" >>"$T/rc.ndjson"
kp-identify "$T/rc.ndjson" | kp-stats | kp-compare 2>/dev/null >"$T/rc.cmp"
is "$(jq -r 'select(.type == "coverage" and .kind == "compared") | "\(.base) \(.target) \(.found)"' "$T/rc.cmp")" \
    "6.18.0-rc3 6.18.0-rc3-00042-gabcdef012 26" "kp-compare pairs 6.18.0-rc3-00042-gabcdef012 with 6.18.0-rc3"
# --names mmtests: compare-kernels' rows and two decimals, through kp-render
run_status kp-ab --names mmtests "$L/baseline" "$L/target-2hogs"
ok $([ "$rc" = 0 ] &&
    grep -q '^Amean latency-1, ms  *161\.47 ±[0-9.]*%  *144\.51 ±[0-9.]*% +10\.50% ' "$T/out" &&
    grep -q '^Hmean syscall, loops  *12151521\.78 ' "$T/out"; echo $?) \
    "--names mmtests: the full table with MMTests' Amean and Hmean rows, two decimals"
run_status kp-ab --centre hmean "$L/baseline" "$L/target-2hogs"
ok $(grep -q '^Every measurement: the harmonic mean' "$T/out"; echo $?) "--centre: passed to kp-render, with the full table"
# the bundled A/A pair (one kernel run twice): every finding rests on the
# run noise kp-classify assumed, and says so, in the header and the lines
run_status kp-ab -k "$T/aa" "$L/baseline" "$L/baseline-rerun"
is "$(jq -r 'select(.type == "cmp" and (.class == "regression" or .class == "improvement") and
    ((.caveats // []) | index("noise-assumed") | not)) | .test' "$T/aa/findings.ndjson" | wc -l)" 0 \
    "A/A: no finding without the assumed-noise caveat"
grep -q '^Run noise assumed 8% (23), 26% (3) (no reruns, no history) for 26 of 26 comparisons:$' "$T/out" &&
    grep -q '^  learn it from reruns of the baseline (base=A base=A-rerun target=B) or a history (kp-trend)$' "$T/out"
ok $? "A/A: the header says the run noise was assumed, and how to learn it" || sed 's/^/# /' "$T/out"
n=$(grep -c '^  - .*% interval' "$T/out")
is "$(grep '^  - .*% interval' "$T/out" | grep -c '{run noise assumed [0-9.]*% (no reruns, no history)}')" "$n" \
    "A/A: every finding's line says it ($n lines)"
# with the rerun in the baseline the noise is learned: no such caveat there
run_status kp-ab -k "$T/pool" base="$L/baseline" base="$L/baseline-rerun" hogs="$L/target-2hogs"
grep -q '^Run noise assumed' "$T/out"
is "$?" 1 "reruns of the baseline: the noise is learned, the header says nothing assumed"

# odd names: operands that start with '-' are paths, not options of the
# tools kp-ab runs; a run name with a newline is one run; a path holding
# '=' is refused saying how to give it
mkdir "$T/odd"
cp -R "$L/baseline" "$T/odd/-base" && cp -R "$L/target-2hogs" "$T/odd/-target"
(cd "$T/odd" && kp-ab -- -base -target) >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "kp-ab -- -base -target: exit 0"
is "$(sed -n 1,3p "$T/out")" "kp-ab: baseline: -base; target: -target
  -base: ./-base (1 run, kernel 6.18.44-fc-v595)
  -target: ./-target (1 run, kernel 6.18.44-fc-v595)" "... the two trees, named by their directories"
kp-parse-mmtests "$L/baseline" | jq -c 'if has("run") then .run = "r\n1" else . end' >"$T/odd/nl.ndjson"
kp-parse-mmtests "$L/target-2hogs" >"$T/odd/t.ndjson"
run_status kp-ab "$T/odd/nl.ndjson" "$T/odd/t.ndjson"
is "$rc:$(sed -n 2p "$T/out")" "0:  nl: $T/odd/nl.ndjson (1 run, kernel 6.18.44-fc-v595)" \
    "a run name with a newline: one run"
# a run of two MMTests iterations is one run, and says its iterations
cp -R "$L/baseline" "$T/odd/two" && cp -R "$T/odd/two/iter-0" "$T/odd/two/iter-1"
run_status kp-ab "$T/odd/two" "$L/target-2hogs"
is "$rc:$(sed -n 2,3p "$T/out")" "0:  two: $T/odd/two (1 run, 2 iterations, kernel 6.18.44-fc-v595)
  target-2hogs: $L/target-2hogs (1 run, kernel 6.18.44-fc-v595)" \
    "a tree of two iterations: 1 run, 2 iterations"
# a results document without a kernel: named by its file, not "unknown"
jq 'del(.meta.kernel)' "$top/tests/data/gate/baseline.json" >"$T/odd/nokernel.json"
run_status kp-ab "$T/odd/nokernel.json" "$top/tests/data/gate/baseline.json"
is "$(sed -n 1p "$T/out")" "kp-ab: baseline: nokernel; target: baseline" \
    "a results document without a kernel is named by its file"
cp -R "$L/baseline" "$T/odd/x=1"
(cd "$T/odd" && kp-ab x=1 -target) >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" "2:kp-ab: x=1: read as LABEL=PATH (label x, path 1); for the path x=1 write ./x=1, or name the side: A=x=1" \
    "a path holding '=': refused, saying how to give it"
(cd "$T/odd" && kp-ab ./x=1 -target) >"$T/out" 2>"$T/err"
is "$?:$(sed -n 2p "$T/out")" "0:  A: ./x=1 (1 run, kernel 6.18.44-fc-v595)" "... ./x=1 is a path"
(cd "$T/odd" && kp-ab A=x=1 B=-target) >"$T/out" 2>"$T/err"
is "$?:$(sed -n 1p "$T/out")" "0:kp-ab: baseline: A; target: B" "... and so is A=x=1, B=-target"
# -f html: the site copies the logs of the sides named, wherever they
# are, and nothing else a record's src names (kp-render -R)
mkdir -p "$T/elsewhere" && (cd "$T/elsewhere" && kp-ab -f html -o site "$L/baseline" "$L/target-2hogs") >/dev/null 2>"$T/err"
is "$?:$(ls "$T/elsewhere/site/src" | grep -c .):$(grep -c 'source root' "$T/err")" "0:100:0" \
    "-f html from another directory: the sides' logs are copied, none refused"
done_testing
