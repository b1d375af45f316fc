#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render: the coverage of a comparison at the top of every format, and
# a gate over nothing compared or a missing measurement that fails
. "$(dirname "$0")/lib.sh"
L=$FIX/work/log

# v6.18 lacks futex1: compared, and missing in the target
kp-parse-mmtests --meta kernel=v6.17 "$L/baseline" >"$T/r" &&
    kp-parse-mmtests --meta kernel=v6.18 "$L/baseline-rerun" | grep -v '"bench":"futex1"' >>"$T/r" &&
    kp-identify "$T/r" | kp-stats | kp-compare -b v6.17 -t v6.18 2>/dev/null | kp-classify >"$T/c"
ok $? "a comparison with four measurements missing in the target"

kp-render -f text "$T/c" >"$T/text"
is "$(sed -n '3,5p' "$T/text")" "Coverage:
  v6.17 -> v6.18: 22 of 26 measurements compared
  v6.17 -> v6.18: missing in the target (4: wis/futex1/futex1-threads[futex1 ops]@1, wis/futex1/futex1-threads[futex1 ops]@2, wis/futex1/futex1-threads[futex1 ops]@3, ...)" \
    "text: the coverage after the verdict, missing by name and count"
kp-render -f md "$T/c" >"$T/md"
grep -qF -- '- v6.17 -\> v6.18: missing in the target (4: wis/futex1/futex1-threads\[futex1 ops\]@1' "$T/md" &&
    head -n 1 "$T/md" | grep -q '^## kp: ' &&
    grep -B2 '^## Coverage' "$T/md" | grep -q '^<details><summary>Coverage</summary>'
ok $? "md: the summary first, then the coverage list, folded, names escaped"
kp-render -f json "$T/c" >"$T/json"
is "$(jq -c '.coverage | [.compared, .measurements, .missing, .nothing_compared, ([.lines[] | select(.error)] | length)]' "$T/json")" \
    "[22,26,4,false,1]" "json: coverage counts and its lines"
kp-render -f junit "$T/c" >"$T/junit"
xmllint --noout "$T/junit" && grep -q '<error type="missing" message="v6.17 -&gt; v6.18: missing in the target (4: ' "$T/junit"
ok $? "junit: what is missing is an error"
grep -q '<testsuites name="kp" tests="[0-9]*" failures="[0-9]*" errors="1"' "$T/junit"
ok $? "... counted in the errors of the test suites"
kp-render -f html -o "$T/site" "$T/c" &&
    grep -q '<li class="missing">v6.17 -&gt; v6.18: missing in the target (4: ' "$T/site/index.html"
ok $? "html: the coverage on the index page"
kp-render -f table "$T/c" | head -n 1 | grep -q '^Coverage:$'
ok $? "table: the coverage first"

run_status kp-render -f text --fail-on red "$T/c"
is "$rc" 0 "--fail-on red: the missing measurements do not fail"
run_status kp-render -f text --fail-on red,missing "$T/c"
is "$rc" 1 "--fail-on missing: they do"

# nothing compared never reads as no regressions
kp-parse-mmtests --meta kernel=v6.17 --meta toolchain="gcc 14.2.0" "$L/baseline" >"$T/r2" &&
    kp-parse-mmtests --meta kernel=v6.18 "$L/baseline-rerun" >>"$T/r2" &&
    kp-identify "$T/r2" | kp-stats | kp-compare -b v6.17 -t v6.18 2>/dev/null | kp-classify >"$T/c2"
run_status kp-render -f text --fail-on yellow "$T/c2"
is "$rc" 1 "nothing compared fails a gate, also --fail-on yellow"
is "$(head -n 1 "$T/out")" "NOTHING COMPARED: no finding below means no regression." \
    "... and the report says so first"
grep -q 'kept apart by identity, toolchain "gcc 14.2.0" against "gcc 15.3.0"; kp-identify -x toolchain would compare them (26: ' "$T/out"
ok $? "... with the field that kept the sides apart" || sed 's/^/# /' "$T/out"
run_status kp-render -f text "$T/c2"
is "$rc" 0 "without --fail-on it is a report: exit 0"
done_testing
