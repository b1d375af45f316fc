#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render -f md, csv, junit and json hold in full only the findings and
# free each comparison of no change as it is read (keep.c): md and json
# count it (tally.c), csv and junit list it by its names (names.c), csv
# from its line in a disk spool.  What they show must be what they showed
# when they held every comparison: the records are read in an order that
# is not the report's, and only a comparison of no change names a field,
# a run on another host, a pair of experiments.
. "$(dirname "$0")/lib.sh"

# mk CONC CLASS SEVERITY BASE_EXP TARGET_EXP TARGET_RUN EXTRA
mk() {
	printf '{"type":"cmp","key":"k","job":"j","suite":"wis","bench":"futex1","test":"t","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":%s,"base_kernel":"v1","target_kernel":"v2","base_exp":"%s","target_exp":"%s","base_runs":["b@vm:1"],"target_runs":["%s"],"obs_level":"iter","n_base":5,"n_target":5,"base_median":100,"target_median":90,"change_pct":-10,"ci_low_pct":-30,"ci_high_pct":-2,"method":"welch-log","p":0.001,"q":0.002,"class":"%s","severity":"%s","score":5,"reason":"r"%s}\n' \
	    "$1" "$4" "$5" "$6" "$2" "$3" "$7"
}
run() {	# run NAME HOST
	printf '{"type":"run","run":"%s","kernel":"k","host":"%s","cpu_model":"c","start":1750000000}\n' "$1" "$2"
}
A=aaaaaaaaaaaaaaaa B=bbbbbbbbbbbbbbbb C=cccccccccccccccc D=dddddddddddddddd
{
	run b@vm:1 vm
	run t@vm:2 vm
	run t2@other:3 other
	mk 1 no-change none $C $D t@vm:2 ''
	mk 3 regression red $A $B t@vm:2 ''
	mk 1 no-change none $A $B t2@other:3 ',"df":7'
	mk 2 improvement green $A $B t@vm:2 ''
} >"$T/in"

# csv: every comparison in name order, the fields of every one
run_status kp-render -f csv "$T/in"
is "$rc:$(sed -n 1p "$T/out" | tr ',' '\n' | grep -c '^"df"$')" "0:1" \
    "csv: a field only a comparison of no change has is a column"
col=$(sed -n 1p "$T/out" | tr ',' '\n' | grep -n '^"conc"$' | cut -d: -f1)
dfcol=$(sed -n 1p "$T/out" | tr ',' '\n' | grep -n '^"df"$' | cut -d: -f1)
is "$(sed 1d "$T/out" | cut -d, -f"$col,$dfcol" | tr '\n' ' ')" \
    "\"1\",\"7\" \"2\", \"3\", \"1\", " "csv: the rows in name order, each with its own line's fields"

# junit: every comparison a testcase, in name order, a testsuite per pair
# of experiments
run_status kp-render -f junit "$T/in"
is "$rc:$(grep -o 'name="futex1 ops\[[0-9]*\]"' "$T/out" | tr '\n' ' ')" \
    '0:name="futex1 ops[1]" name="futex1 ops[2]" name="futex1 ops[3]" name="futex1 ops[1]" ' \
    "junit: the testcases in name order, findings and no change together"
is "$(grep -o '<testsuite[s]* [^>]*tests="[0-9]*" failures="[0-9]*"' "$T/out" | sed 's/.*tests=/tests=/' | tr '\n' ' ')" \
    'tests="4" failures="1" tests="3" failures="1" tests="1" failures="0" ' \
    "junit: counted before they are written"
run_status kp-render -f junit --fail-on no-change "$T/in"
is "$rc:$(grep -c '<failure type="no-change"' "$T/out")" "1:2" \
    "junit: --fail-on no-change fails the comparisons of no change in full"

# md and json: the comparisons of no change counted
run_status kp-render -f md "$T/in"
is "$rc:$(grep '^4 comparisons' "$T/out")" \
    "0:4 comparisons: 1 regression, 1 improvement, 0 uncertain, 2 no change." \
    "md: counts the comparisons it did not keep"
kp-render -f json "$T/in" >"$T/out"
is "$($PY -c 'import json,sys; d=json.load(sys.stdin)["summary"]; print(d["comparisons"], d["no-change"])' <"$T/out")" \
    "4 2" "json: counts the comparisons it did not keep"

# a stale baseline from the runs of every comparison of a pair
run_status kp-render -f md --fail-on red "$T/in"
is "$rc:$(grep STALE "$T/out")" \
    "1:**STALE baseline** (v1 → v2): host differs (vm vs other, vm)" \
    "md: a stale baseline from a run only a comparison of no change names"
kp-render -f junit --fail-on red "$T/in" >"$T/out"
is "$(grep -o 'name="stale" value="[^"]*"' "$T/out")" \
    'name="stale" value="host differs (vm vs other, vm)"' \
    "junit: the same, by pair of experiments"
# a noise line whose newline was lost swallows the regression after it:
# it must be parsed and refused, not passed over with the record it holds
{
	run b@vm:1 vm
	printf '{"type":"noise","run":"x"'
	mk 1 regression red $A $B t@vm:2 ''
} >"$T/glued"
for f in junit md text; do
	run_status kp-render -f $f --fail-on regression "$T/glued"
	is "$rc:$(grep -c 'glued:2:' "$T/err")" "2:1" "$f: a line glued to the next record is refused at its line"
done
done_testing
