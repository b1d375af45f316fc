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
	    kp-systematic | kp-evidence
	# a pair-wide shift: 6 families on 5 instances a side
	$PY tests/sim/lab.py 1 6 3 5 -5 2 | kp-compare | grep '^{"type":"shift"'
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

# coverage records of every level and kind the tools write, the measurement
# in fields; and a bisect record as kp-bisect writes it
sed -n '/^A payload for two/,/^\.Ed/p' man/man1/kp-plan.1 | sed '1,3d;$d' >"$T/payload.yaml"
plan=$(kp-plan -o "$T/plans" -t c7g "$T/payload.yaml" | head -n 1)
kp-plan -C "$plan" "$T/all" >>"$T/all" 2>/dev/null
is "$(grep -c '^{"type":"coverage","scope":"plan"' "$T/all")" "$(grep -c '^{"type":"coverage","scope":"plan".*"suite":null,"bench":null,"test":null,"op":null,"metric":null,"conc":null' "$T/all")" \
    "a coverage record not of a group has its measurement null"
echo '{"type":"bisect","key":"k","suite":"s","bench":"b","test":"t","op":"o","metric":"m","conc":1,"good":"v1","bad":"v2","good_sha":null,"bad_sha":"ab","range":"v1..ab","between":["v1.5"],"size_pct":-8.2,"threshold_pct":4.1,"script":"kp-bisect-run.sh"}' >>"$T/all"
for t in coverage bisect; do
	n=$(grep -c "^{\"type\":\"$t\"" "$T/all")
	ok "$([ "$n" -gt 0 ]; echo $?)" "$n $t records"
done
# every type of the tables is among them
"$NDJSON" tables >"$T/tables"
for t in $(cut -d' ' -f1 "$T/tables" | uniq); do
	grep -q "^{\"type\":\"$t\"" "$T/all" || echo "$t"
done >"$T/untried"
is "$(tr '\n' ' ' <"$T/untried")" "" "every record type of rectab.c is round-tripped"

"$NDJSON" rec "$T/all" >"$T/back"
ok $? "every record reads into its struct"
cmp "$T/all" "$T/back" >"$T/cmp" 2>&1
ok $? "... and writes back byte for byte"
sed 's/^/# /' "$T/cmp" | head -5

# kp-records(5)'s field lists are the tables': each field of a type's
# section (its top-level list; the fields of IDENTITY belong to run,
# runstat and sample) is a field of its table and the other way round
"$PY" - man/man5/kp-records.5 "$T/tables" >"$T/mandiff" <<'PY'
import re, sys
page, tables = sys.argv[1], sys.argv[2]
want = {}
for l in open(tables):
    t, f = l.split()
    want.setdefault(t, [])
    if f not in want[t]:
        want[t].append(f)
have, sect, depth, nbl = {}, None, 0, 0
for l in open(page):
    l = l.rstrip('\n')
    if l.startswith('.Sh '):
        sect, depth, nbl = l[4:].strip().lower(), 0, 0
        continue
    if sect is None:
        continue
    if l.startswith('.Bl'):
        depth += 1
        nbl += depth == 1
    elif l.startswith('.El'):
        depth -= 1
    elif depth == 1 and l.startswith('.It Cm '):
        # IDENTITY: its first list, exp and key, is on run, runstat, sample
        into = [sect] if sect != 'identity' else \
            ['run', 'runstat', 'sample'] if nbl == 1 else []
        for w in l[7:].split():
            if w == ',':
                continue
            if not re.fullmatch(r'[a-z_0-9]+', w):
                break
            for t in into:
                have.setdefault(t, set()).add(w)
bad = []
for t in want:
    h, w = have.get(t, set()) - {'type'}, set(want[t])
    bad += ['%s: %s is in rectab.c, not in kp-records(5)' % (t, f) for f in sorted(w - h)]
    bad += ['%s: %s is in kp-records(5), not in rectab.c' % (t, f) for f in sorted(h - w)]
print('\n'.join(bad))
PY
is "$(cat "$T/mandiff")" "" "kp-records(5) and rectab.c name the same fields of each type"
done_testing
