#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# robustness: inputs found by feeding the tools mutated pipeline output and
# MMTests trees.  Bad input must give exit 2 and a message naming the file
# (and line); exit 0 must mean nothing was dropped.  See tests/data/robust/.
. "$(dirname "$0")/lib.sh"
cd "$top/tests/data/robust" || exit 2

# Bad input found late, or named without its place, as a table: the
# command (run in tests/data/robust), the start of the message that must
# name the place (grep, empty: the exit status alone), what is bad | what
# the message names.  Each must exit 2.
#  kp-stats found two samples of one unit only at the end of its input;
#  kp-classify checked alpha and power after reading the whole file; a bad
#  date in a document's metadata was found when the run record was
#  written, with the place gone; bucket counts: a sum past 2^63 was
#  undefined behaviour, a count too large for a long long was clamped, a
#  fraction of an event was taken; kp-hist pools the histograms of a side
#  at the end, and a clash named only the bpftrace file a record came from
printf '@x:\n[1, 2)  99999999999999999999 |@|\n' >"$T/big.txt"
while IFS='|' read -r cmd want what named; do
	eval "run_status $cmd" </dev/null
	is "$rc" 2 "$what: exit 2"
	[ -z "$want" ] && continue
	grep -q "$want" "$T/err"
	ok $? "$what: $named"
done <<'EOF'
kp-stats stats-dup.ndjson|^kp-stats: stats-dup.ndjson:3: a second sample .*(the first is at stats-dup.ndjson:1); expected one$|kp-stats: a sample given twice|the file and both lines named
kp-classify -c classify-power.yaml|^kp-classify: classify-power.yaml:2:8: expected a number between 0 and 1 for "power"$|kp-classify: power 1|the line and column named
kp-parse-results results-date.json|^kp-parse-results: results-date.json:2:68: meta.date "2026-11{": expected|kp-parse-results: a bad meta.date|the line and column named
kp-parse-bpftrace bpftrace-date.json|^kp-parse-bpftrace: bpftrace-date.json:2:31: date "2026-13-01": expected|kp-parse-bpftrace: a bad date|the line and column named
kp-parse-bpftrace bpftrace-overflow.txt|^kp-parse-bpftrace: bpftrace-overflow.txt:5:1: the counts of the map add up to more than|kp-parse-bpftrace: counts adding up past 2^63|the line named
kp-parse-bpftrace "$T/big.txt"||kp-parse-bpftrace: a count past 2^63|
kp-hist hist-fraction.ndjson|^kp-hist: hist-fraction.ndjson:1:152: expected an integer count >= 0$|kp-hist: a bucket count of 1.5|the line and column named
kp-hist -b v1 -t v2 hist-edges.ndjson|^kp-hist: hist-edges.ndjson:10: usecs (from tests/data/bpftrace/runs/target2.txt:1): bucket edges differ|kp-hist: bucket edges that clash|the input line named
EOF

# every filter: empty input gives no records and exit 0; a full disk gives
# exit 2 and says so
for t in kp-identify kp-stats kp-classify kp-systematic kp-hist \
    kp-parse-results kp-parse-bpftrace; do
	run_status $t </dev/null
	is "$rc:$(wc -c <"$T/out")" 0:0 "$t: empty input, no records, exit 0"
done
# but kp-compare says that it compared nothing
run_status kp-compare </dev/null
is "$rc:$(jq -r '"\(.type) \(.kind)"' "$T/out")" "0:coverage uncompared" \
    "kp-compare: empty input, one uncompared coverage record, exit 0"
F=$FIX/work/log/baseline
kp-parse-mmtests $F >"$T/p" && kp-identify "$T/p" >"$T/i"
ok $? "the fixture parsed and identified"
for c in "kp-parse-mmtests $F" "kp-parse-results ../gate/baseline.json" \
    "kp-parse-bpftrace ../bpftrace/hist.txt" "kp-classify -D" \
    "kp-identify $T/p" "kp-stats $T/i" "kp-compare $T/i" "kp-classify $T/i" \
    "kp-systematic $T/i" "kp-hist $T/i" "kp-render -f text $T/i" \
    "kp-render -f md $T/i" "kp-render -f csv $T/i" "kp-render -f junit $T/i" \
    "kp-render -f json $T/i"; do
	$c >/dev/full 2>"$T/err"
	rc=$?
	grep -q ': <stdout>: write error: No space left on device$' "$T/err"
	is "$rc:$?" 2:0 "$c >/dev/full: exit 2, write error named"
done

# kp-parse-mmtests: a run's log gone (its time-* file left) and a
# will-it-scale log cut short were dropped without a word
cp -R "$FIX/work/log/baseline" "$T/run"
L=$T/run/iter-0
rm "$L/sysbenchcpu/logs/benchlog-3-_-2" "$L/stressng/logs/stressng-2-1.log"
sed -i '/average:/d' "$L/wis-futex/logs/benchlog-futex2_threads-4"
run_status kp-parse-mmtests "$T/run"
is "$rc" 0 "kp-parse-mmtests: logs missing or cut short: exit 0"
is "$(grep -c '"type":"runstat".*"partial":true' "$T/out")" 3 \
    "kp-parse-mmtests: logs missing or cut short: three benchmarks partial"
grep -q 'logs/time-3-2: no benchlog-3-_-2 beside it' "$T/err" &&
grep -q 'logs/time-2-1: no stressng-2-1.log beside it' "$T/err" &&
grep -q 'benchlog-futex2_threads-4: no "average:" line' "$T/err"
ok $? "kp-parse-mmtests: logs missing or cut short: each named"

# kp-parse-mmtests followed a symlink loop (iter-0/loop -> ..) into a
# phantom second run with the same samples, and read a log linked to
# /etc/passwd; such links are refused with a warning, as kp-fetch does
kp-parse-mmtests "$F" >"$T/ref"
rm -rf "$T/run" && cp -R "$F" "$T/run"
ln -s .. "$T/run/iter-0/loop"
ln -s /etc/passwd "$T/run/iter-0/sysbenchcpu/logs/benchlog-5-_-1"
run_status kp-parse-mmtests "$T/run"
is "$rc:$(grep -c '"type":"run"' "$T/out"):$(grep -c '"type":"sample"' "$T/out")" \
    "0:1:$(grep -c '"type":"sample"' "$T/ref")" \
    "kp-parse-mmtests: a symlink loop and a link out of the tree: one run, its samples"
grep -q 'iter-0/loop: a symlink to a directory inside the tree; refused' "$T/err" &&
grep -q 'benchlog-5-_-1: a symlink to /etc/passwd, outside the tree; refused' "$T/err"
ok $? "kp-parse-mmtests: ... each link named in a warning"

# a closed standard input is EBADF, not "Input/output error"
for t in kp-identify kp-stats kp-parse-results kp-parse-bpftrace; do
	$t <&- >/dev/null 2>"$T/err"
	rc=$?
	grep -q 'Bad file descriptor$' "$T/err"
	is "$rc:$?" 2:0 "$t <&-: exit 2, the cause named"
done

# a name twice in a record: kp used the first, jq the last
s='{"type":"sample","run":"r","iter":0,"kernel":"k","instance":"h","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"rep":1,"sub":1,"value":1,"value":9,"src":"x:1"}'
echo "$s" >"$T/dup"
run_status kp-identify "$T/dup"
grep -q "^kp-identify: $T/dup:1:[0-9]*: a second member \"value\", expected each name once$" "$T/err"
is "$rc:$?" 2:0 "a record with a name twice: exit 2, the place named"

# an empty directory is no run, said with the place (it was undefined
# behaviour, qsort of no array, which only the ASan build stops on)
mkdir "$T/empty"
run_status kp-parse-mmtests "$T/empty"
grep -q "^kp-parse-mmtests: $T/empty: no MMTests run: expected " "$T/err"
is "$rc:$?:$(grep -c 'runtime error' "$T/err")" 2:0:0 "an empty directory: exit 2, what was expected"

# a kernel.version that is not uname -a gave no kernel, without a word
cp -R "$FIX/work/log/baseline" "$T/kv"
echo 6.18.0-rc3 >"$T/kv/iter-0/kernel.version"
run_status kp-parse-mmtests "$T/kv"
grep -q "^kp-parse-mmtests: $T/kv/iter-0/kernel.version:1: expected the output of uname -a" "$T/err"
is "$rc:$?:$(jq -r 'select(.type == "run") | .kernel' "$T/out")" 0:0:null \
    "kernel.version not uname -a: the place said, the kernel left unknown"

done_testing
