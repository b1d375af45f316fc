#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# gate.sh never passes on nothing: empty, all-zero and partial results in
# both gates, kp-render's gate on empty input, --update-baseline that
# would empty or shrink a baseline; and a pair of sides whose identity
# differs (seed 003's lmbench text against its document) still compares
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
D=tests/data/gate
B=tests/data/bpftrace
unset KP_GATE_THRESHOLD

# the histogram gate: a probe that never fired, a trace that lost a map
printf 'Attaching 1 probe...\n\n@usecs:\n\n' >"$T/empty.txt"
run_status gate.sh "$T/empty.txt" $D/lat-base.json
is "$rc" 2 "an empty histogram does not pass the gate"
grep -q 'empty.txt: the result holds no measurement, its histograms counted no event' "$T/err"
ok $? "... and says it counted no event" || sed 's/^/# /' "$T/err"
sed -E 's/^(\[[^]]*[])]) +[0-9]+ /\1 0 /' $D/lat.txt >"$T/zero.txt"
run_status gate.sh "$T/zero.txt" $D/lat-base.json
is "$rc" 2 "an all-zero histogram does not pass the gate"
run_status gate.sh $B/hist.txt $B/hist.json
is "$rc" 1 "a result that lacks three maps of the baseline fails"
tail -n 1 "$T/out" | grep -q '^FAIL: 0 of 4 metrics regressed past 20%; 3 missing from the result (bpftrace/lat/lat\[bash\]\[lat p99\]@1, '
ok $? "... and its closing line names them" || tail -n 1 "$T/out" | sed 's/^/# /'
# a second map, present on both sides, that counted nothing in the result
{ cat $D/lat.txt; printf '\n@other:\n[1, 2)   5 |@@@@@|\n[2, 4)   7 |@@@@@@@|\n'; } >"$T/two.txt"
{ cat $D/lat.txt; printf '\n@other:\n[1, 2)   0 |     |\n[2, 4)   0 |     |\n'; } >"$T/part.txt"
gate.sh --update-baseline "$T/two.txt" "$T/two.json" 2>/dev/null
run_status gate.sh "$T/two.txt" "$T/two.json"
is "$rc" 0 "two maps against their baseline pass"
run_status gate.sh "$T/part.txt" "$T/two.json"
is "$rc" 1 "a map that counted no event in the result fails the gate"
tail -n 1 "$T/out" | grep -q '1 missing from the result (bpftrace/other/other\[other p99\]@1)'
ok $? "... as missing" || tail -n 1 "$T/out" | sed 's/^/# /'

# kp-render's gate on input that holds no comparison
for f in table text md junit; do
	printf '' | kp-render -f $f --fail-on red >"$T/out" 2>&1
	is "$?" 1 "kp-render -f $f --fail-on red on empty input fails"
done
printf '' | kp-render -f text --fail-on red | grep -q '^NOTHING COMPARED'
ok $? "... and says NOTHING COMPARED"

# --update-baseline never empties or shrinks a baseline silently
cp $D/baseline.json "$T/b.json"
: >"$T/zero.json"
echo '{}' >"$T/obj.json"
for f in "$T/zero.json" "$T/obj.json" "$T/empty.txt" "$T/zero.txt"; do
	run_status gate.sh --update-baseline "$f" "$T/b.json"
	is "$rc" 2 "--update-baseline refuses $(basename "$f")"
done
cmp -s "$T/b.json" $D/baseline.json
ok $? "... and leaves the baseline as it was"
cp $D/lat-base.json "$T/l.json"
run_status gate.sh --update-baseline "$T/part.txt" "$T/l.json"
is "$rc" 2 "--update-baseline refuses a histogram that counted no event"
run_status gate.sh --update-baseline $D/lmbench.txt "$T/b.json"
is "$rc" 2 "--update-baseline refuses a result with fewer measurements"
grep -q 'lacks 2 of the 8 measurements of .*(applications/git_status_ms, applications/python_startup_ms); give --allow-fewer' "$T/err"
ok $? "... naming them and the flag" || sed 's/^/# /' "$T/err"
cmp -s "$T/b.json" $D/baseline.json
ok $? "... and leaves the baseline as it was"
run_status gate.sh --update-baseline --allow-fewer $D/lmbench.txt "$T/b.json"
is "$rc" 0 "--allow-fewer drops them"

# seed 003: raw lmbench text has no env; the gate compares what it is given
run_status gate.sh $D/lmbench.txt $D/baseline.json
is "$rc" 1 "lmbench text against the document compares (and lacks its applications)"
tail -n 1 "$T/out" | grep -q '^FAIL: 0 of 8 metrics regressed past 20%; 2 missing from the result (applications.git_status_ms, applications.python_startup_ms) (identity differs: env "native" in the baseline, "none" in the result)$'
ok $? "... naming the differing identity field with both values" || tail -n 1 "$T/out" | sed 's/^/# /'
run_status gate.sh -x env $D/lmbench.txt $D/baseline.json
tail -n 1 "$T/out" | grep -q 'identity differs'
is "$?" 1 "-x env is passed through: no caveat"
jq 'del(.meta.env)' $D/baseline.json >"$T/noenv.json"
run_status gate.sh "$T/noenv.json" "$T/noenv.json"
is "$rc" 0 "a baseline without env against itself passes"
jq '.lmbench.lat_syscall.open *= 2' $D/baseline.json | jq 'del(.meta.env)' >"$T/open2x.json"
run_status gate.sh "$T/open2x.json" $D/baseline.json
is "$rc" 1 "across differing identity a regression still fails"

# a baseline dated after the result is stale
jq '.meta.date = "2099-01-01"' $D/baseline.json >"$T/future.json"
run_status gate.sh $D/baseline.json "$T/future.json"
grep -q '^STALE baseline: .*dated [0-9]* days after the target' "$T/out"
ok $? "a baseline dated in the future is stale" || sed 's/^/# /' "$T/out"

# messages about the user's input, never the gate's internals
run_status gate.sh --help
is "$rc" 0 "--help exits 0"
run_status gate.sh --metric p95 $D/lat.txt $D/lat-base.json
is "$(cat "$T/err")" "gate.sh: --metric p95: expected p50, p90, p99 or p999" \
    "--metric p95: the gate's own message"
# several bpftrace runs in one file: the runs of a side
cat $B/runs/base*.txt >"$T/b3.txt"
cat $B/runs/target*.txt >"$T/t3.txt"
run_status gate.sh "$T/t3.txt" "$T/b3.txt"
is "$rc" 1 "three bpftrace runs a file: compared run against run"
grep 'p99' "$T/out" | grep -q 'gate:significant'
ok $? "... as replicated runs (significant)" || sed 's/^/# /' "$T/out"
grep -q 'kp-gate\.\|/tmp/\|--meta' "$T/err"
is "$?" 1 "... and no message names a temporary file or an option not given"
gate.sh --update-baseline "$T/b3.txt" "$T/b3.json" 2>/dev/null
run_status gate.sh "$T/t3.txt" "$T/b3.json"
is "$rc" 1 "... and so against the baseline written from them"
done_testing
