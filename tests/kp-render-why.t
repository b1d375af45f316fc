#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-classify writes the rule that decided (why) and its caveats as typed
# fields, and kp-render's HTML groups and labels uncertain comparisons by
# them, never by reason: here every reason is garbage, so a renderer that
# went back to reading reason would group and label them wrongly.
. "$(dirname "$0")/lib.sh"

cmp() {	# cmp CONC WHY CAVEATS REASON
	printf '{"type":"cmp","key":"k","job":"j","suite":"wis","bench":"futex1","test":"futex1-threads","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":%s,"base_kernel":"v6.17","target_kernel":"v6.18","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"bbbbbbbbbbbbbbbb","base_runs":["b@vm:1"],"target_runs":["t@vm:2"],"obs_level":"rep","n_base":5,"n_target":5,"base_median":100,"target_median":90,"change_pct":-10,"ci_low_pct":-30,"ci_high_pct":10,"p":0.2,"q":0.3,"worse":true,"class":"uncertain","severity":"none","score":20,"reason":"%s","why":"%s","caveats":%s,"run_sd_pct":8,"run_sd_source":"default","cpu_share_ratio":0.5,"need_n":null}\n' \
	    "$1" "$4" "$2" "$3"
}
cd "$T" || exit 2
{
	cmp 1 single-run-wide '["single-run","interference"]' 'not-significant;ci-within-2%'
	cmp 2 single-run-wide '["single-run","interference"]' 'zz;q(1)'
	cmp 3 ci-wide '[]' 'not-significant;ci-wide'
} >in.ndjson
run_status kp-render -f html -o site in.ndjson
is "$rc" 0 "renders"
grep -o '<td class="why fold"><details><summary>3 uncertain: 2 reasons</summary>[0-9]&times;.*</details></td></tr>' site/index.html |
    sed 's/<details><summary>[^<]*<\/summary>//; s/<\/details>//; s/"why fold"/"why"/' >groups
si='<span class="chip" title="one run per side: the test saw no run-to-run noise, so the change is held against a noise floor">single run</span>'
is "$(cat groups)" "<td class=\"why\">2&times; <span>$si<span class=\"chip\">not significant, interval with run noise beyond the minimum</span><span class=\"chip intf\">interference</span></span><br>1&times; <span><span class=\"chip\">not significant, interval wide</span></span></td></tr>" \
    "uncertain comparisons grouped by why and caveats, whatever their reasons say"
cat site/test-*.html | grep -o '<span title="zz;q(1)">.*</span></span></td>' >chips
is "$(cat chips)" "<span title=\"zz;q(1)\">$si<span class=\"chip\">not significant, interval with run noise beyond the minimum</span><span class=\"chip\">run sd 8%, default</span><span class=\"chip intf\">interference: target cpu share 50% of baseline</span></span></td>" \
    "a comparison's chips from why, caveats, run_sd_pct and cpu_share_ratio; its reason only in the tooltip"

# kp-classify writes them: the rule of each branch, and the caveats
rec() {	# rec LEVEL P Q CHANGE LO HI
	printf '{"type":"cmp","key":"k","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"base_kernel":"v1","target_kernel":"v2","base_exp":"e1","target_exp":"e2","base_runs":["rb"],"target_runs":["rt"],"obs_level":"%s","n_base":5,"n_target":5,"base_median":100,"target_median":100,"base_cv":0.01,"target_cv":0.01,"change_pct":%s,"ci_low_pct":%s,"ci_high_pct":%s,"method":"m","p":%s,"q":%s,"hedges_g":-3,"worse":true}\n' \
	    "$1" "$4" "$5" "$6" "$2" "$3"
}
w() { jq -r 'select(.type=="cmp") | "\(.class) \(.why) \(.caveats | join(","))"'; }
is "$(rec instance 0.001 0.002 -10 -13 -7 | kp-classify | w)" "regression significant " "replicated, significant, big: significant"
is "$(rec instance 0.5 0.6 0.1 -1 1 | kp-classify | w)" "no-change ci-within-min " "interval inside the minimum: ci-within-min"
is "$(rec instance 0.3 0.4 -5 -20 12 | kp-classify | w)" "uncertain ci-wide " "not significant, wide: ci-wide"
is "$(rec sub 0.001 0.001 -30 -33 -27 | kp-classify | w)" "regression single-run-beyond-noise single-run,noise-assumed" \
    "one run a side, past the run noise: single-run-beyond-noise, caveats single-run and noise-assumed"
is "$(rec sub 0.001 0.001 -10 -13 -7 | kp-classify | w)" "uncertain single-run-wide-significant single-run,noise-assumed" \
    "one run a side, significant within the run noise"
is "$(rec sub null null -50 -53 -47 | kp-classify | w)" "uncertain too-few-samples single-run" "no test: too-few-samples"
is "$(rec instance 0.001 0.002 -30 -33 -27 | sed 's/"base_cv":0.01/"base_cv":0.3/' | kp-classify | w)" \
    "regression significant unstable" "an unstable regression: caveat unstable"
is "$(rec sub 0.001 0.002 -25 -28 -22 | sed 's/"n_base":5,"n_target":5/"n_base":1,"n_target":1/' | kp-classify -P gate | w)" \
    "regression gate-threshold-only threshold-only" "gate, one unit a side: gate-threshold-only"
is "$(rec instance 0.001 0.002 -5 -8 -2 | kp-classify -P gate | w)" "no-change gate-within " "gate, within the threshold: gate-within"
is "$(rec instance 0.001 0.002 -30 -33 -27 | sed 's/}$/,"resolution_limited":true}/' | kp-classify | w)" \
    "uncertain resolution-limited " "a shift inside one bucket: resolution-limited"

# caveats is a set of words: a word of a later version reads as other,
# anything but an array of strings is bad input
cmp 1 ci-wide '["single-run","newer"]' r >newer.ndjson
run_status kp-render -f html -o site2 newer.ndjson
ok $(cat site2/test-*.html | grep -q '<span class="chip">other</span>'; echo $?) \
    "an unknown caveat reads as other"
run_status sh -c "printf '%s\n' '$(cmp 1 ci-wide '"single-run"' r)' | kp-render -f text"
is "$rc" 2 "caveats not an array: exit 2"
ok $(grep -q ':1:.*caveats' err; echo $?) "... naming file:line and the field"
done_testing
