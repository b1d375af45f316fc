#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render -f gate and -f gate-caveat: the lines kp-gate(1) closes with
# and opens its table with, from the records alone (gate.sh formats
# nothing).  A table of cases: each a change to the classified records of
# a results document against itself with lat_syscall/open twice as slow,
# the options, and the line expected.
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
D=tests/data/gate
jq '.lmbench.lat_syscall.open *= 2' $D/baseline.json >"$T/2x.json"
# without applications.git_status_ms: a measurement missing
jq '.lmbench.lat_syscall.open *= 2 | del(.applications.git_status_ms)' \
    $D/baseline.json >"$T/less.json"
classify() {
	{ kp-parse-results --meta kernel=base $D/baseline.json
	  kp-parse-results --meta kernel=target "$1"; } |
	    kp-identify -x run_name -x host -x cpu_model -x cpus -x mem_kb |
	    kp-stats | kp-compare -b kernel=base -t kernel=target 2>/dev/null |
	    kp-classify -P gate -T 20
}
classify "$T/2x.json" >"$T/class"
ok $? "the gate's records"
classify "$T/less.json" >"$T/less"
# a coverage record as written before schema 2: the measurement in its
# name alone
jq -c 'if .type == "coverage" then del(.suite, .bench, .test, .op, .metric, .conc) else . end' \
    "$T/less" >"$T/less1"
# an apart record of an earlier comparison, narrowed to env
echo '{"type":"coverage","scope":"compare","kind":"apart","level":"kernel","name":"target","differ":{"env":["native",null]}}' >"$T/apart"
echo '{"type":"coverage","scope":"compare","kind":"apart","level":"kernel","name":"target","differ":{"env":["other","x"],"arch":["a\"b","c"]}}' >>"$T/apart"

OPEN='(.type == "cmp" and .test == "lat_syscall/open")'
G='--fail-on red,missing --threshold 20'
# name^jq edit of the records^file^options^the line
while IFS='^' read -r name edit file opts want; do
	[ -n "$name" ] || continue
	jq -c "$edit" "$T/$file" >"$T/in"
	# shellcheck disable=SC2086
	got=$(kp-render -f gate $opts "$T/in")
	is "$got" "$want" "$name"
done <<EOF
a pass^if .type == "cmp" then .class = "no-change" | .severity = "none" else . end^class^$G^PASS: 0 of 8 metrics regressed past 20%
a regression fails^.^class^$G^FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%)
another threshold said^.^class^--fail-on red --threshold 12.5^FAIL: 1 of 8 metrics regressed past 12.5% (lmbench.lat_syscall.open +100%)
report-only^.^class^$G --report-only^REPORT-ONLY: would FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%)
a regression that fails no gate warns^if $OPEN then .severity = "yellow" else . end^class^$G^WARN: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%), none of them failing the gate (--fail-on red,missing)
a change from 0^if $OPEN then .change_pct = null | .base_median = 0 | .target_median = 3.5 else . end^class^$G^FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open from 0 to 3.5)
a change rounds half away from 0^if $OPEN then .change_pct = -0.5 else . end^class^$G^FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open -1%)
a starved target^if $OPEN then .interference = true | .cpu_share_ratio = 0.454 else . end^class^$G^FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%) (interference suspected: 1 of them ran with the target starved of CPU, 45% of the baseline's CPU share)
a starved target by its caveat, share unknown^if $OPEN then .caveats = ["interference"] else . end^class^$G^FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%) (interference suspected: 1 of them ran with the target starved of CPU)
24 regressions in input order: ten named^if .type == "cmp" then ., ., . | .class = "regression" | .severity = "red" | .change_pct = 50 else . end^class^$G^FAIL: 24 of 24 metrics regressed past 20% (lmbench.lat_fs.create +50%, lmbench.lat_fs.create +50%, lmbench.lat_fs.create +50%, lmbench.lat_fs.delete +50%, lmbench.lat_fs.delete +50%, lmbench.lat_fs.delete +50%, lmbench.lat_proc.exec +50%, lmbench.lat_proc.exec +50%, lmbench.lat_proc.exec +50%, lmbench.lat_syscall.null +50%, and 14 more)
names of kp without results documents^select(.type != "run")^class^$G^FAIL: 1 of 8 metrics regressed past 20% (lmbench/lat_syscall/lat_syscall/open[open latency]@1 +100%)
a missing measurement, by its fields^.^less^$G^FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%); 1 missing from the result (applications.git_status_ms)
... and by the name of a record of schema 1^.^less1^$G^FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%); 1 missing from the result (applications.git_status_ms)
identity fields said once each, by name^.^class^$G --apart $T/apart^FAIL: 1 of 8 metrics regressed past 20% (lmbench.lat_syscall.open +100%) (identity differs: arch "a\\"b" in the baseline, "c" in the result; env "native" in the baseline, "none" in the result)
EOF

is "$(kp-render -f gate-caveat --apart "$T/apart" /dev/null)" \
    'caveat: compared across differing identity fields: arch "a\"b" in the baseline, "c" in the result; env "native" in the baseline, "none" in the result' \
    "gate-caveat: the line before the table"
is "$(kp-render -f gate-caveat /dev/null)" "" "... and nothing without --apart"
run_status kp-render -f gate $G "$T/class"
is "$rc" 1 "the gate's exit status, as the table's"
run_status kp-render -f gate $G --report-only "$T/class"
is "$rc" 0 "... and with --report-only"
# --apart's field names and values are record text: in caret notation,
# as text has it (JSON's quotes alone left ESC [ as ^[ but C1 and CR raw)
printf '{"type":"coverage","scope":"compare","kind":"apart","level":"kernel","name":"n","base":"a","target":"b","differ":{"tool\\u001b[2Jchain":["gcc\\u001b[2J","gcc 14\\u009b1m\\r"]},"why":"x","found":0,"expected":0}\n' >"$T/apart"
run_status kp-render -f gate-caveat --apart "$T/apart" /dev/null
is "$rc:$(cat "$T/out")" '0:caveat: compared across differing identity fields: tool^[[2Jchain "gcc^[[2J" in the baseline, "gcc 14^[[1m^M" in the result' \
    "-f gate-caveat: --apart's names and values in caret notation"
done_testing
