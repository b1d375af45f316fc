#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-classify's typed facts as kp-render reads them: the "~" of a test
# that was not significant from significant (the rule on older records),
# the reason in lib's words from the facts, and the gate's threshold.
. "$(dirname "$0")/lib.sh"
cmp_rec() {	# cmp_rec CHANGE Q: one run a side, 5 repetitions
	printf '{"type":"cmp","key":"k","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"ops","unit":"u","better":"higher","conc":1,"base_kernel":"v1","target_kernel":"v2","base_exp":"e1","target_exp":"e2","base_runs":["rb"],"target_runs":["rt"],"obs_level":"sub","n_base":5,"n_target":5,"base_median":100,"target_median":%s,"base_mean":100,"target_mean":100,"base_cv":0.01,"target_cv":0.01,"change_pct":%s,"change_mean_pct":0,"ci_low_pct":%s,"ci_high_pct":%s,"method":"m","p":%s,"q":%s,"hedges_g":-5,"cliffs_delta":0,"worse":%s}\n' \
	    "$(echo "100 + $1" | bc)" "$1" "$(echo "$1 - 3" | bc)" "$(echo "$1 + 3" | bc)" "$2" "$2" \
	    "$(echo "$1 < 0" | bc | sed 's/1/true/;s/0/false/')"
}
# (why significant) -> the ~ in text and table, not_significant in csv and json
while IFS='@' read -r change q strip want name; do
	cmp_rec "$change" "$q" | kp-classify >"$T/c"
	[ -z "$strip" ] || jq -c 'del(.significant)' "$T/c" >"$T/c2" && [ -z "$strip" ] || mv "$T/c2" "$T/c"
	txt=$(kp-render -f text "$T/c" | grep -c ' ~ \[Score')
	tab=$(kp-render -f table "$T/c" | grep -c '%  *~  *uncertain')
	csv=$(kp-render -f csv "$T/c" | $PY -c 'import csv, sys; print(next(csv.DictReader(sys.stdin))["not_significant"])')
	json=$(kp-render -f json "$T/c" | jq -r '.. | objects | select(.type? == "cmp") | .not_significant')
	is "$(jq -r '"\(.why) \(.significant)"' "$T/c") $txt $tab $csv $json" "$want" "$name"
done <<'TABLE'
-1@0.001@@single-run-wide true 0 0 false false@a significant change below the minimum, one run a side: no ~
-1@0.3@@single-run-wide false 1 1 true true@... not significant: ~
-1@0.001@old@single-run-wide null 1 1 true true@... a record without significant: the old rule, its why
-10@0.001@@single-run-wide-significant true 0 0 false false@significant, within the run noise: no ~
TABLE

# the reason shown is lib's, from the facts, whatever the record says
# (csv and json write the record as read, its reason with it)
cmp_rec -1 0.3 | kp-classify >"$T/c"
want=$(jq -r .reason "$T/c")
sed 's/"reason":"[^"]*"/"reason":"stale words"/' "$T/c" >"$T/stale"
jq -c 'del(.significant)' "$T/stale" >"$T/old"
for f in table junit; do
	kp-render -f $f "$T/stale" >"$T/out"
	grep -qF "$want" "$T/out"
	a=$?
	grep -q 'stale words' "$T/out"
	is "$a $?" "0 1" "$f: a record with its facts typed shows its reason rendered from them, as kp-classify wrote it"
	kp-render -f $f "$T/old" | grep -q 'stale words'
	ok $? "$f: an older record, the reason it was written with"
done

# the gate's threshold, typed by kp-classify, said without --threshold
cmp_rec -30 0.001 | sed 's/"obs_level":"sub"/"obs_level":"instance","single_run":false/' |
    kp-classify -P gate -T 15 >"$T/g"
is "$(jq -r .gate_threshold_pct "$T/g")" 15 "the gate profile types its threshold"
kp-render -f md --fail-on red "$T/g" | grep -q 'regressed past 15%'
ok $? "md: the gate's threshold from the records"
kp-render -f junit --fail-on red "$T/g" | grep -q '<property name="threshold_pct" value="15"/>'
ok $? "junit: the same"
kp-render -f md --fail-on red --threshold 12 "$T/g" | grep -q 'regressed past 12%'
ok $? "... --threshold still says it"
done_testing
