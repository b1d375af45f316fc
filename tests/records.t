#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The tables of libkp (lib/rectab.c) against the records the tools write:
# every record of a type of rec.h, read into its struct and written from
# there, comes out byte for byte as it went in.  A field missing from a
# table, misnamed, of the wrong kind or out of order changes the bytes.
. "$(dirname "$0")/lib.sh"
NDJSON=$KP_BIN/../bench/ndjson
if [ ! -x "$NDJSON" ]; then
	skip records "bench/ndjson is not built (run make)"
	done_testing
	exit
fi
cd "$top" || exit 2
L=$FIX/work/log
B=tests/data/bpftrace

# every record type, written by the tool that writes it
{
	kp-parse-mmtests --meta baseline:kernel=v6.17 --meta baseline-rerun:kernel=v6.17 \
	    --meta target-2hogs:kernel=v6.18 "$L/baseline" "$L/baseline-rerun" \
	    "$L/target-2hogs" | kp-identify | kp-stats | kp-compare | kp-classify |
	    kp-systematic
	for s in base1 base2 base3; do
		kp-parse-bpftrace --meta kernel=v1 --meta run=$s $B/runs/$s.txt
	done
	for s in target1 target2; do
		kp-parse-bpftrace --meta kernel=v2 --meta run=$s $B/runs/$s.txt
	done
	kp-parse-bpftrace --meta kernel=v2 --meta run=target3 $B/runs/target3.txt
} | kp-hist -b v1 -t v2 | kp-classify >"$T/all" 2>"$T/err"
ok $? "the pipeline runs"
kp-parse-results tests/data/gate/baseline.json >>"$T/all"
kp-parse-bpftrace --meta kernel=v1 tests/data/gate/lat-base.json >"$T/one"
kp-parse-bpftrace --meta kernel=v2 tests/data/gate/lat-2x.txt >>"$T/one"
kp-hist -b v1 -t v2 "$T/one" >>"$T/all"
kp-fetch -s "$T/store" "$L/baseline" >>"$T/all" 2>/dev/null
# the history: trend records, and findings with their history and triage
printf 'findings:\n  - pattern: "*"\n    status: acknowledged\n    note: all\n' >"$T/triage.yaml"
kp-trend "$T/all" | grep '^{"type":"trend"' >"$T/trend"
grep -E '^\{"type":"(cmp|sys)"' "$T/all" | kp-triage -t "$T/triage.yaml" - "$T/trend" >>"$T/all"

for t in run runstat sample hist noise cmp sys artifact trend triage; do
	n=$(grep -c "^{\"type\":\"$t\"" "$T/all")
	ok "$([ "$n" -gt 0 ]; echo $?)" "$n $t records"
done
for s in group hist test suite exp; do
	n=$(grep -c "^{\"type\":\"stat\",\"scope\":\"$s\"" "$T/all")
	ok "$([ "$n" -gt 0 ]; echo $?)" "$n stat records of scope $s"
done
is "$(grep -v '"since":' "$T/all" | grep -c '"method":"hist-bounds"')" 1 "a cmp of kp-hist with one histogram a side"
is "$(grep '^{"type":"cmp"' "$T/all" | grep -v '"since":' | grep -vc '"class":')" 1 \
    "every cmp classified but that one"

"$NDJSON" rec "$T/all" >"$T/back"
ok $? "every record reads into its struct"
cmp "$T/all" "$T/back" >"$T/cmp" 2>&1
ok $? "... and writes back byte for byte"
sed 's/^/# /' "$T/cmp" | head -5
done_testing
