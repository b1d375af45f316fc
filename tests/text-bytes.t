#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# text-bytes: a NUL byte or a UTF-8 byte order mark in a parser's input.
# A NUL ended a C string: the rest of a line or file was lost with exit 0.
# A BOM before '{' hid a JSON document, read as text.  Now every text
# parser reads a BOM'd file in full and refuses a NUL with exit 2 and
# FILE:LINE:COL; a parser that skips lines says how many and marks the run
# partial in the records.
. "$(dirname "$0")/lib.sh"
D=$top/tests/data
bom() { printf '\357\273\277'; cat "$1"; }
# nul FILE LINE: FILE with a NUL put before the last byte of line LINE
nul() { awk -v n="$2" 'NR == n { printf "%s%c%s\n", substr($0, 1, length($0) - 1), 0, substr($0, length($0)); next } { print }' "$1"; }

# kp-parse-bpftrace, text and JSON
for f in hist.txt hist.json; do
	kp-parse-bpftrace $D/bpftrace/$f >"$T/ref" 2>/dev/null
	bom $D/bpftrace/$f >"$T/bom-$f"
	run_status kp-parse-bpftrace "$T/bom-$f"
	is "$rc:$(grep -vc '"type":"run"' "$T/out")" "0:$(grep -vc '"type":"run"' "$T/ref")" \
	    "kp-parse-bpftrace $f after a BOM: every record"
	nul $D/bpftrace/$f 3 >"$T/nul-$f"
	run_status kp-parse-bpftrace "$T/nul-$f"
	is "$rc" 2 "kp-parse-bpftrace $f with a NUL: exit 2"
	grep -q "^kp-parse-bpftrace: $T/nul-$f:3:[0-9]*: a NUL byte: expected text\$" "$T/err"
	ok $? "kp-parse-bpftrace $f with a NUL: the line and column named"
done
printf '@usecs:\n[0, 1)  3 |@@|\nbroken line\n[1, 2)  5 |@@@|\n[2, 4)  1 |@|\n' >"$T/stray.txt"
run_status kp-parse-bpftrace "$T/stray.txt"
grep -q 'stray.txt:4: 2 bucket lines outside a map not read (first here); the run is marked partial$' "$T/err"
ok $? "kp-parse-bpftrace: buckets after a line that ended the map: counted"
is "$rc:$(jq -c 'select(.type == "runstat") | .partial' "$T/out")" "0:true" \
    "kp-parse-bpftrace: ... and the run marked partial in the records"

# kp-parse-results, a document and lmbench text
for f in baseline.json lmbench.txt; do
	kp-parse-results $D/gate/$f >"$T/ref" 2>/dev/null
	bom $D/gate/$f >"$T/bom-$f"
	run_status kp-parse-results "$T/bom-$f"
	is "$rc:$(grep -vc '"type":"run"' "$T/out")" "0:$(grep -vc '"type":"run"' "$T/ref")" \
	    "kp-parse-results $f after a BOM: every record"
	nul $D/gate/$f 6 >"$T/nul-$f"
	run_status kp-parse-results "$T/nul-$f"
	is "$rc" 2 "kp-parse-results $f with a NUL: exit 2"
	grep -q "^kp-parse-results: $T/nul-$f:6:[0-9]*: a NUL byte: expected text\$" "$T/err"
	ok $? "kp-parse-results $f with a NUL: the line and column named"
done
printf 'applications/page_faults faults - lower\n' >"$T/map"
nul "$T/map" 1 >"$T/nul-map"
run_status kp-parse-results -m "$T/nul-map" $D/gate/baseline.json
is "$rc" 2 "kp-parse-results -m: a NUL in the rules: exit 2"

# kp-parse-mmtests: a log with a BOM reads the same; a NUL is refused, or
# skipped with -k and the benchmark marked partial
F=$FIX/work/log/baseline
kp-parse-mmtests $F >"$T/ref"
cp -R $F "$T/run"
L=$T/run/iter-0/sysbenchcpu/logs/benchlog-1-_-1
bom $F/iter-0/sysbenchcpu/logs/benchlog-1-_-1 >"$L"
run_status kp-parse-mmtests "$T/run"
is "$rc:$(jq -c 'select(.type == "sample") | .value' "$T/out" | md5sum)" \
    "0:$(jq -c 'select(.type == "sample") | .value' "$T/ref" | md5sum)" \
    "kp-parse-mmtests: a log after a BOM: the same samples"
nul $F/iter-0/sysbenchcpu/logs/benchlog-1-_-1 15 >"$L"
run_status kp-parse-mmtests "$T/run"
is "$rc" 2 "kp-parse-mmtests: a log with a NUL: exit 2"
grep -q "benchlog-1-_-1:15:[0-9]*: a NUL byte: expected text (use -k to skip damaged files)\$" "$T/err"
ok $? "kp-parse-mmtests: a log with a NUL: the line and column named"
run_status kp-parse-mmtests -k "$T/run"
is "$rc:$(jq -c 'select(.type == "runstat" and .job == "sysbenchcpu") | .partial' "$T/out")" \
    "0:true" "kp-parse-mmtests -k: the log skipped, the benchmark partial"

done_testing
