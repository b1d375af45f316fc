#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render -f text holds in full only the comparisons it lists and
# counts the rest as they are read (keep.c, tally.c): what it shows must
# be what it showed when it held them all.  The records are read in an
# order that is not the report's, so that keeping the first ones read,
# or ordering the subsystems' other titles as read, shows.
. "$(dirname "$0")/lib.sh"

# mk CONC CLASS SEVERITY SCORE EXTRA: a cmp record of v1 -> v2
mk() {
	printf '{"type":"cmp","key":"k","job":"j","suite":"wis","bench":"futex1","test":"t","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":%s,"base_kernel":"v1","target_kernel":"v2","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"bbbbbbbbbbbbbbbb","base_runs":["b@vm:1"],"target_runs":["t@vm:2"],"obs_level":"iter","n_base":5,"n_target":5,"base_median":100,"target_median":90,"change_pct":-10,"ci_low_pct":-30,"ci_high_pct":12,"method":"welch-log","p":0.2,"q":0.3,"class":"%s","severity":"%s","score":%s,"reason":"r","why":"ci-wide"%s}\n' \
	    "$1" "$2" "$3" "$4" "$5"
}
{
	# 14 improvements, scores 1..14 read in a shuffled order
	for s in 3 14 1 9 12 5 7 2 13 10 4 11 8 6; do
		mk "$((100 + s))" improvement green "$s" ',"subsystem":["A"]'
	done
	# 12 uncertain, 6 of the weaker ones with units that would decide
	for s in 2 11 7 1 12 5 9 3 10 4 8 6; do
		need=
		[ "$s" -le 8 ] && [ "$((s % 3))" -ne 0 ] &&
		    need=",\"need_n\":$s,\"need_unit\":\"runs\""
		mk "$((200 + s))" uncertain none "$s" "$need,\"subsystem\":[\"A\",\"Y$s\"]"
	done
	# no change, the weaker first: A's other titles in the report's order
	mk 301 no-change none 1 ',"subsystem":["A","Z"]'
	mk 302 no-change none 5 ',"subsystem":["A","X"]'
	mk 303 no-change none 2 ',"subsystem":["B","X"],"triage":"acknowledged"'
	# read last, it names Y5 first in the report's order
	mk 304 no-change none 9 ',"subsystem":["A","Y5"]'
} >"$T/in"

run_status kp-render -f text "$T/in"
is "$rc:$(sed -n '/^Improvements (/,/^$/p' "$T/out" | sed -n 's/^  - .* at \([0-9]*\): .*/\1/p' | tr '\n' ' ')" \
    "0:114 113 112 111 110 109 108 107 106 105 " \
    "text: the 10 most severe of 14 improvements, in order, wherever they were read"
is "$(sed -n '/^Uncertain, and why (/,$p' "$T/out" | sed -n 's/^  - .* at \([0-9]*\): .*/\1/p' | tr '\n' ' ')" \
    "212 211 210 209 208 207 206 205 204 203 " "text: and of the uncertain ones"
is "$(grep '^Uncertain: ' "$T/out")" \
    "Uncertain: 12 (units per side that would decide: t/futex1 ops[208] 8 runs, t/futex1 ops[207] 7 runs, t/futex1 ops[205] 5 runs, t/futex1 ops[204] 4 runs, t/futex1 ops[202] 2 runs, ...)" \
    "text: the first 5 uncertain ones' units that would decide, and '...' for the rest"
is "$(grep -A2 '^A: ' "$T/out" | grep 'also exercised')" \
    "  also exercised: Y5, X, Z, Y12, Y11, Y10, Y9, Y8, Y7, Y6, Y4, Y3, Y2, Y1" \
    "text: a subsystem's other titles in the order of the report, not of the records"
is "$(sed -n 1p "$T/out")" \
    "v1 → v2: 0 regressions (0 red), 14 improvements, 12 uncertain (12 not significant), 4 no change; 30 compared" \
    "text: the verdict line counts every comparison"

# the gate counts the comparisons text did not keep, triaged or not
run_status kp-render -f text --fail-on no-change "$T/in"
is "$rc" 1 "--fail-on no-change fails on comparisons text did not keep"
grep -v '"conc":30[124]' "$T/in" >"$T/triaged"
run_status kp-render -f text --fail-on no-change "$T/triaged"
is "$rc" 0 "and not on one triaged away"
run_status kp-render -f text --fail-on no-change --fail-on-triaged "$T/triaged"
is "$rc" 1 "unless --fail-on-triaged"
done_testing
