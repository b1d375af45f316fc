#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-compare's coverage: what it compared and what it did not, as
# records and as one warning per cause; selectors that match nothing
. "$(dirname "$0")/lib.sh"

L=$FIX/work/log
# two kernels whose runs differ in the toolchain alone
kp-parse-mmtests --meta kernel=v6.17 --meta toolchain="gcc 14.2.0" "$L/baseline" >"$T/r" &&
    kp-parse-mmtests --meta kernel=v6.18 "$L/baseline-rerun" >>"$T/r" &&
    kp-identify "$T/r" | kp-stats >"$T/s"
ok $? "fixtures parse as v6.17 (gcc 14.2.0) and v6.18"

run_status kp-compare -b v6.17 -t v6.18 "$T/s"
is "$rc" 0 "-b/-t across a toolchain: exit 0"
is "$(jq -c 'select(.type=="cmp")' "$T/out" | wc -l)" 0 "... and nothing compared"
is "$(jq -r 'select(.type=="coverage" and .kind=="compared") | "\(.level) \(.found) \(.why)"' "$T/out")" \
    "pair 0 no measurement is on both sides" "a compared record says nothing was"
is "$(jq -r 'select(.type=="coverage" and .kind=="apart") | .differ.toolchain | join(" > ")' "$T/out" | sort -u)" \
    "gcc 14.2.0 > gcc 15.3.0" "kept-apart records name the field and both values"
is "$(jq -r 'select(.type=="coverage" and .kind=="apart") | .why' "$T/out" | sort -u)" \
    "kp-identify -x toolchain would compare them" "... and the option that would match them"
is "$(grep -c 'kept apart by identity: toolchain "gcc 14.2.0" against "gcc 15.3.0"; kp-identify -x toolchain would compare them' "$T/err")" 1 \
    "one warning line for the cause, not one per measurement" || sed 's/^/# /' "$T/err"
grep -q '26 measurement(s) kept apart' "$T/err"
ok $? "... with the count"

# the default pairing finds the same cause across keys
run_status kp-compare "$T/s"
is "$(jq -r 'select(.type=="coverage" and .kind=="apart" and .level=="kernel") | "\(.base)>\(.target) \(.differ | keys | join(","))"' "$T/out" | sort -u)" \
    "v6.17>v6.18 toolchain" "default pairs: the kernel kept apart, its baseline and the field"
is "$(grep -c 'kernel v6.18 against v6.17: kept apart by identity: toolchain' "$T/err")" 1 \
    "... in one warning line" || sed 's/^/# /' "$T/err"

# with matching identities: compared, missing and new by name
kp-parse-mmtests --meta kernel=v6.17 "$L/baseline" >"$T/r2" &&
    kp-parse-mmtests --meta kernel=v6.18 "$L/baseline-rerun" |
    grep -v '"bench":"futex1"' >>"$T/r2" &&
    kp-identify "$T/r2" | kp-stats >"$T/s2"
run_status kp-compare -b v6.17 -t v6.18 "$T/s2"
is "$(jq -r 'select(.type=="coverage" and .kind=="compared") | "\(.expected) \(.found)"' "$T/out")" \
    "26 22" "compared: 22 of the 26 measurements"
is "$(jq -r 'select(.type=="coverage" and .kind=="missing") | .name' "$T/out" | tr '\n' ' ')" \
    "wis/futex1/futex1-threads[futex1 ops]@1 wis/futex1/futex1-threads[futex1 ops]@2 wis/futex1/futex1-threads[futex1 ops]@3 wis/futex1/futex1-threads[futex1 ops]@4 " \
    "missing in the target, by name"
grep -q '4 measurement(s) missing in the target, e.g. wis/futex1' "$T/err"
ok $? "... and counted in one warning" || sed 's/^/# /' "$T/err"
run_status kp-compare -b v6.18 -t v6.17 "$T/s2"
is "$(jq -r 'select(.type=="coverage" and .kind=="new") | .name' "$T/out" | wc -l)" 4 \
    "the other way round they are new in the target"

# runs merged under one label, by side
kp-parse-mmtests --meta kernel=v6.17 "$L/baseline" "$L/baseline-rerun" >"$T/r3" &&
    kp-parse-mmtests --meta kernel=v6.18 "$L/baseline-rerun" | sed 's/"baseline-rerun@/"new@/g' >>"$T/r3" &&
    kp-identify "$T/r3" | kp-stats | kp-compare -b v6.17 -t v6.18 >"$T/out"
is "$(jq -r 'select(.type=="coverage" and .kind=="merged") | "\(.label): \(.runs | map(sub("@.*"; "")) | join(" "))"' "$T/out")" \
    "v6.17: baseline-rerun baseline" "runs merged under one label are named, sorted"

# a selector that matches nothing is an error naming what is there
run_status kp-compare -b v6.17 -t v6.19 "$T/s2"
is "$rc" 2 "a typo in -t: exit 2"
grep -q 'the target selection "v6.19" matches no stat; kernel present: v6.17, v6.18' "$T/err"
ok $? "... naming the kernels present" || sed 's/^/# /' "$T/err"
run_status kp-compare -b run_name=baselin -t run_name=baseline-rerun "$T/s2"
grep -q 'the baseline selection "run_name=baselin" matches no stat; run_name present: baseline, baseline-rerun' "$T/err"
ok $? "a field selector: the field's values present" || sed 's/^/# /' "$T/err"
printf 'v6.17 v6.18\n# a comment\nv6.17 v6.81\n' >"$T/pairs"
run_status kp-compare -p "$T/pairs" "$T/s2"
is "$rc" 2 "a pairs-file line that matches nothing: exit 2"
grep -q "^kp-compare: $T/pairs:3: the target selection \"v6.81\" matches no stat" "$T/err"
ok $? "... naming file and line" || sed 's/^/# /' "$T/err"

# kernel names that are not versions, without -b/-t: said, not silent
kp-parse-mmtests --meta kernel=mine "$L/baseline" >"$T/r4" &&
    kp-parse-mmtests --meta kernel=yours "$L/baseline-rerun" >>"$T/r4" &&
    kp-identify "$T/r4" | kp-stats >"$T/s4"
run_status kp-compare "$T/s4"
is "$(jq -r 'select(.type=="coverage" and .kind=="uncompared" and .level=="kernel") | .name' "$T/out" | sort -u | tr '\n' ' ')" \
    "mine yours " "unordered kernels: an uncompared record each"
is "$(jq -r 'select(.type=="coverage" and .level=="pair") | "\(.kind) \(.why)"' "$T/out")" \
    "uncompared no kernel has a baseline; see the other coverage records, or give -b and -t" \
    "... and one that says nothing was compared"
is "$(grep -c 'not a kernel version kp(7) can order; give -b and -t' "$T/err")" 2 \
    "... one warning line per kernel, not per key" || sed 's/^/# /' "$T/err"

# no stats at all: a record that says so, not silence
run_status kp-compare /dev/null
is "$rc" 0 "empty input: exit 0"
is "$(jq -r 'select(.type=="coverage") | "\(.kind) \(.why)"' "$T/out")" \
    "uncompared the input has no stat records" "... and an uncompared record says why"
# Coverage of kernels alone in their key, as a table: kp-compare's
# selection (- for the kernels' own baselines), the stat groups of one
# measurement as KERNEL/KEY -> the coverage records, kind/level:base>target.
# A kernel that is a baseline elsewhere is said once, by the kernel kept
# apart from it; one baseline group explains one target group, not two.
stg() {	# stg KERNEL/KEY...
	for g; do
		printf '{"type":"stat","scope":"group","exp":"e%s%s","key":"%s","kernel":"%s","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"n":3,"median":100,"mean":100,"runs":["r%s%s"],"obs":{"rep":[100,101,103],"sub":[100,101,103]}}\n' \
		    "${g%/*}" "${g#*/}" "${g#*/}" "${g%/*}" "${g%/*}" "${g#*/}"
	done
}
while IFS='|' read -r sel groups want; do
	[ "$sel" = - ] && sel=
	# shellcheck disable=SC2086
	got=$(stg $groups | kp-compare $sel 2>/dev/null | jq -r 'select(.type == "coverage" and
	    .kind != "merged") | "\(.kind)/\(.level):\(.base)>\(.target)"' | tr '\n' ' ')
	is "$got" "$want" "coverage of $groups${sel:+ ($sel)}"
done <<'EOF'
-|v6.1/kA v6.2/kB|apart/kernel:v6.1>v6.2 uncompared/pair:null>null 
-|v6.1/kA v6.2/kA v6.2/kB|apart/kernel:v6.1>v6.2 compared/pair:v6.1>v6.2 
-|v6.1/kA v6.2/kA v6.3/kB|apart/kernel:v6.2>v6.3 compared/pair:v6.1>v6.2 
-|v6.1/kA v6.2/kA v6.1/kB|compared/pair:v6.1>v6.2 
-|v6.1/kA v6.2/kB v6.3/kB|compared/pair:v6.2>v6.3 
-b v6.1 -t v6.2|v6.1/kA v6.2/kB v6.2/kC|compared/pair:v6.1>v6.2 apart/group:v6.1>v6.2 new/group:v6.1>v6.2 
-b v6.1 -t v6.2|v6.1/kA v6.1/kB v6.2/kC|compared/pair:v6.1>v6.2 apart/group:v6.1>v6.2 missing/group:v6.1>v6.2 
EOF

done_testing
