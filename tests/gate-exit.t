#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# gate.sh: exit statuses of pass, fail, report-only, stale and bad input,
# for results documents, lmbench text, histograms and MMTests trees
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
D=tests/data/gate
unset KP_GATE_THRESHOLD

# a 2x regression injected into one metric of the baseline
jq '.lmbench.lat_proc.exec *= 2' $D/baseline.json >"$T/2x.json"
# the same result measured on another host
jq '.meta.host = "laptop"' $D/baseline.json >"$T/elsewhere.json"

# bad input is refused before any comparison
run_status gate.sh $D/baseline.json /nonexistent
is "$rc" 2 "a missing baseline: exit 2"
printf '{"lmbench": {"lat_syscall": {"null": }}}\n' >"$T/bad.json"
run_status gate.sh "$T/bad.json" $D/baseline.json
is "$rc" 2 "a malformed result: exit 2"
grep -q 'bad.json:1:' "$T/err"
ok $? "... naming file and line"
run_status gate.sh $D/lat.txt $D/baseline.json
is "$rc" 2 "a histogram against a document: exit 2"
run_status gate.sh --threshold lots $D/baseline.json $D/baseline.json
is "$rc" 2 "a threshold that is not a number: exit 2"
run_status gate.sh $D/baseline.json
is "$rc" 2 "one operand: exit 2"
grep -q '^usage: gate.sh \[--report-only\]' "$T/err"
ok $? "... with the usage"

# --update-baseline: documents keep their shape and gain metadata
run_status gate.sh --update-baseline $D/lmbench.txt "$T/lm-base.json"
is "$rc" 0 "--update-baseline from lmbench text"
is "$(jq -r '.meta | has("host") and has("cpu") and has("date")' "$T/lm-base.json")" true \
    "... fills host, cpu and date"
a=$(kp-parse-results $D/lmbench.txt 2>/dev/null | jq -c 'select(.type == "sample") | [.test, .value]' | sort)
b=$(kp-parse-results "$T/lm-base.json" | jq -c 'select(.type == "sample") | [.test, .value]' | sort)
is "$a" "$b" "... and the document reads back as the same samples"
gate.sh --update-baseline $D/baseline.json "$T/b.json" 2>/dev/null
is "$(jq -c .meta "$T/b.json")" "$(jq -c .meta $D/baseline.json)" \
    "a document's own metadata is kept"
gate.sh --update-baseline $D/lat.txt "$T/lat-base.json" 2>/dev/null
a=$(kp-parse-bpftrace $D/lat.txt | jq -c 'select(.type == "hist") | .buckets')
b=$(kp-parse-bpftrace "$T/lat-base.json" | jq -c 'select(.type == "hist") | .buckets')
is "$a" "$b" "a histogram baseline is bpftrace JSON with the same buckets"
is "$(head -n 1 "$T/lat-base.json" | jq -r '.type')" meta "... after a meta line"
run_status gate.sh --update-baseline "$FIX/work/log/baseline" "$T/mm.json"
is "$rc" 2 "an MMTests tree cannot be written as a baseline"

# documents
run_status gate.sh $D/baseline.json $D/baseline.json
is "$rc" 0 "baseline against itself passes"
grep -q '^lmbench.lat_proc.exec ' "$T/out"
ok $? "... and the table names every metric by the document's own names"
run_status gate.sh "$T/2x.json" $D/baseline.json
is "$rc" 1 "a 2x regression fails"
grep '^lmbench.lat_proc.exec ' "$T/out" | grep -q 'regression'
ok $? "... and its row says regression"
grep -q 'STALE' "$T/out"
is "$?" 1 "... the baseline is not stale"
run_status gate.sh --report-only "$T/2x.json" $D/baseline.json
is "$rc" 0 "--report-only passes a regression"
grep '^lmbench.lat_proc.exec ' "$T/out" | grep -q 'regression'
ok $? "... and still reports it"
# a known regression: shown with its triage, and out of the gate
printf 'findings:\n  - pattern: "lmbench/lat_proc/*"\n    status: acknowledged\n' >"$T/triage.yaml"
run_status gate.sh --triage "$T/triage.yaml" "$T/2x.json" $D/baseline.json
is "$rc" 0 "an acknowledged regression passes the gate"
grep '^lmbench.lat_proc.exec ' "$T/out" | grep -q 'regression/red (acknowledged)'
ok $? "... and its row says it is acknowledged"
run_status gate.sh --triage "$T/triage.yaml" --fail-on-triaged "$T/2x.json" $D/baseline.json
is "$rc" 1 "--fail-on-triaged fails it"
run_status gate.sh --threshold 150 "$T/2x.json" $D/baseline.json
is "$rc" 0 "a +100% change under a 150% threshold passes"
KP_GATE_THRESHOLD=150 gate.sh "$T/2x.json" $D/baseline.json >/dev/null 2>&1
is "$?" 0 "KP_GATE_THRESHOLD sets the threshold"
run_status gate.sh "$T/elsewhere.json" $D/baseline.json
is "$rc" 0 "a baseline from another host still matches"
grep -q 'STALE' "$T/out"
ok $? "... and is flagged stale in the table"
jq '.meta.date = "2026-12-30"' $D/baseline.json >"$T/later.json"
run_status gate.sh --max-age 10 "$T/later.json" $D/baseline.json
is "$rc" 0 "an old baseline still compares"
grep -q 'STALE' "$T/out"
ok $? "... and is flagged stale past --max-age"

# lmbench text against its document
gate.sh --update-baseline $D/lmbench.txt "$T/lm.json" 2>/dev/null
run_status gate.sh $D/lmbench.txt "$T/lm.json"
is "$rc" 0 "lmbench text against the document written from it passes"

# histograms
run_status gate.sh $D/lat.txt $D/lat-base.json
is "$rc" 0 "a histogram against its own JSON baseline passes"
run_status gate.sh --metric p99 --threshold 10% $D/lat-2x.txt $D/lat-base.json
is "$rc" 1 "a histogram shifted 2x fails at P99"
grep 'p99' "$T/out" | grep -q 'regression'
ok $? "... and its row says regression"
# P99 moves from 768 to 841 inside the bucket [512, 1K): no verdict
sed 's/^\[256, 512)            30/[256, 512)            26/;
    s/^\[512, 1K)             10/[512, 1K)             14/' $D/lat.txt >"$T/lat-sub.txt"
run_status gate.sh --metric p99 --threshold 5 "$T/lat-sub.txt" $D/lat-base.json
is "$rc" 0 "a P99 shift inside one bucket does not fail the gate"
grep 'p99' "$T/out" | grep -q 'uncertain'
ok $? "... it is uncertain"

# nothing compared never passes
printf '{"meta": {"host": "ci-runner-1", "date": "2026-11-20"}}\n' >"$T/empty.json"
run_status gate.sh "$T/empty.json" $D/baseline.json
is "$rc" 2 "an empty result (metadata only): exit 2"
grep -q 'empty.json: the result holds no measurement, only metadata' "$T/err"
ok $? "... with a message that says so" || sed 's/^/# /' "$T/err"
jq 'del(.lmbench.lat_syscall.open)' $D/baseline.json >"$T/del.json"
run_status gate.sh "$T/del.json" $D/baseline.json
is "$rc" 1 "a metric of the baseline missing from the result fails the gate"
is "$(tail -n 1 "$T/out")" \
    "FAIL: 0 of 8 metrics regressed past 20%; 1 missing from the result (lmbench.lat_syscall.open)" \
    "... and the closing line names it"
run_status gate.sh --fail-on red "$T/del.json" $D/baseline.json
is "$rc" 0 "--fail-on without missing lets it pass"
jq '.lmbench.lat_syscall.open *= 2' $D/baseline.json >"$T/open2x.json"
run_status gate.sh "$T/open2x.json" $D/baseline.json
is "$(tail -n 1 "$T/out")" "FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%)" \
    "the closing line: counts and the document's own names"
run_status gate.sh $D/baseline.json $D/baseline.json
is "$(tail -n 1 "$T/out")" "PASS: 0 of 8 metrics regressed past 20%" "... and on a pass"
# the sibling tools without PATH: gate.sh from the checkout finds build/bin
PATH=/usr/bin:/bin sh pipelines/gate.sh "$T/open2x.json" $D/baseline.json >"$T/out" 2>"$T/err"
is "$?" 1 "without the tools on PATH it finds them beside it"

# a CI suite's document: metadata at the top level, a ratio mapped by -m
printf '{"host": "ci-7", "cpu": "EPYC", "date": "2026-11-20", "lmbench": {"lat_syscall": {"open": 1.98}},\n "app": {"req_latency_ms": {"p50": 1.2, "p95": 3.4}, "ipc_ratio": 1.3}}\n' >"$T/ci.json"
printf 'app/ipc_ratio ipc ratio higher\n' >"$T/ipc map"
run_status gate.sh "$T/ci.json" "$T/ci.json"
is "$rc" 2 "a ratio without a rule: exit 2"
run_status gate.sh -m "$T/ipc map" "$T/ci.json" "$T/ci.json"
is "$rc" 0 "-m passes the mapping file through; top-level strings are metadata"
is "$(tail -n 1 "$T/out")" "PASS: 0 of 4 metrics regressed past 20%" "... four metrics, p95 among them"

# an MMTests tree against itself
run_status gate.sh "$FIX/work/log/baseline" "$FIX/work/log/baseline"
is "$rc" 0 "an MMTests tree against itself passes"

# the man page's examples
mkdir -p "$T/ci" && cp $D/baseline.json "$T/ci/baseline.json" && cp $D/lat-base.json "$T/ci/"
cp $D/baseline.json "$T/results.json" && cp $D/lat.txt "$T/lat.txt"
(cd "$T" && gate.sh results.json ci/baseline.json >/dev/null 2>&1)
is "$?" 0 "EXAMPLES: gate a results document"
(cd "$T" && gate.sh --metric p99 --threshold 10% lat.txt ci/lat-base.json >/dev/null 2>&1)
is "$?" 0 "EXAMPLES: gate the P99 of a histogram"
mandoc -Tlint -W warning man/man1/kp-gate.1
ok $? "kp-gate(1) passes mandoc -Tlint"
# Debian's man(1) formats with groff, which nests quotes where mandoc
# does not
groff -mandoc -Tutf8 -ww -z man/man1/kp-gate.1 2>&1 | grep -v "can't break line" | grep -q .
is "$?" 1 "kp-gate(1): no groff warning"
groff -mandoc -Tutf8 man/man1/kp-gate.1 2>/dev/null | grep -q "(‘20’ or ‘20%’)"
ok $? "kp-gate(1) under groff: (‘20’ or ‘20%’)"
# options after the operands, as the issue's CI scripts write them
run_status gate.sh "$D/lat-2x.txt" "$D/lat-base.json" --metric p99 --threshold 10%
is "$rc" 1 "options after the operands: the 2x histogram still fails the gate"
# The closing line's verdict, as a table: --fail-on, result -> exit status
# and verdict.  A regression past the threshold that --fail-on does not
# fail on is a WARN, never a PASS.
while read -r failon result want; do
	run_status gate.sh --fail-on "$failon" --metric p99 --threshold 10% "$D/$result" "$D/lat-base.json"
	is "$rc $(tail -n 1 "$T/out" | sed 's/:.*//')" "$want" "closing line: --fail-on $failon, $result against lat-base.json: $want"
done <<'EOF'
regression	lat-2x.txt	1 FAIL
uncertain	lat-2x.txt	0 WARN
uncertain	lat-base.json	0 PASS
EOF

done_testing
