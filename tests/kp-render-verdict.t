#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render: the text report opens with a verdict line per pair, where its
# run noise came from; "~" marks an uncertain comparison that is not
# significant in every format (a typed field in csv and json), and the
# other uncertain ones say why in words.
. "$(dirname "$0")/lib.sh"

# mk BASE TARGET CONC CLASS SEVERITY WHY EXTRA: a cmp record
mk() {
	printf '{"type":"cmp","key":"k","job":"j","suite":"wis","bench":"futex1","test":"t","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":%s,"base_kernel":"%s","target_kernel":"%s","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"bbbbbbbbbbbbbbbb","base_runs":["b@vm:1"],"target_runs":["t@vm:2"],"obs_level":"iter","n_base":5,"n_target":5,"base_median":100,"target_median":90,"change_pct":-10,"ci_low_pct":-30,"ci_high_pct":12,"method":"welch-log","p":0.2,"q":0.3,"worse":true,"class":"%s","severity":"%s","score":20,"reason":"r","why":"%s"%s}\n' \
	    "$3" "$1" "$2" "$4" "$5" "$6" "$7"
}
assumed=',"single_run":true,"caveats":["single-run","noise-assumed"],"run_sd_pct":8,"run_sd_source":"default"'
reruns=',"single_run":true,"caveats":["single-run"],"run_sd_pct":3,"run_sd_source":"reruns","run_sd_df":6'
{
	mk v1 v2 1 regression red significant "$assumed"
	mk v1 v2 2 regression yellow significant "$assumed"
	mk v1 v2 4 improvement green significant "$reruns"
	mk v1 v2 8 uncertain none ci-wide "$reruns"
	mk v1 v2 16 uncertain none small-effect "$reruns"
	mk v1 v2 32 no-change none ci-within-min "$reruns"
	mk v1 v3 1 regression yellow significant "$reruns"
	echo '{"type":"coverage","scope":"compare","kind":"compared","level":"pair","name":"v2","base":"v1","target":"v2","expected":8,"found":6}'
} >"$T/in"

run_status kp-render -f text "$T/in"
is "$rc:$(sed -n 1,2p "$T/out"):$(sed -n 3p "$T/out")" "0:v1 → v2: 2 regressions (1 red), 1 improvement, 2 uncertain (1 not significant), 1 no change; 6 of 8 compared; run noise assumed for 2, from reruns for 4
v1 → v3: 1 regression (0 red), 0 improvements, 0 uncertain, 0 no change; 1 compared; run noise from reruns:" "text: a verdict line per pair first, in plurals that agree, with where the run noise came from"
grep -q '^  - wis/futex1/t\[futex1 ops\] at 8: .*, -10.0% (95% interval -30.0%..+12.0%) ~ \[Score' "$T/out"
ok $? "text: ~ beside the change and interval of the uncertain one that is not significant"
grep '^  - wis/futex1/t\[futex1 ops\] at 16: ' "$T/out" >"$T/l16"
! grep -q '~' "$T/l16" && grep -q '(significant, small effect)$' "$T/l16"
ok $? "text: the other uncertain one has no ~ and says why it is uncertain"

kp-render -f md "$T/in" >"$T/md"
grep '^| uncertain | none | wis/futex1/t\\\[futex1 ops\\\] | 8 |' "$T/md" | grep -q '| -10.0% \\~<br>'
ok $? "md: \\~ (a tilde, escaped) beside the change"
grep '| 16 |' "$T/md" | grep -q '| significant, small effect |$'
ok $? "md: the other uncertain one says why"

kp-render -f table "$T/in" >"$T/table"
grep -q '^wis/futex1/t\[futex1 ops\] at 8 .* -10.0% ~  uncertain/none *not significant, interval wide (r)$' "$T/table"
ok $? "table: ~ beside the change, the why in words"

kp-render -f html -o "$T/site" "$T/in" >/dev/null 2>&1
grep -rq '<span class="ns" title="not significant: q not below kp-classify'"'"'s alpha">~</span>' "$T/site"
ok $? "html: ~ in the change cell"

is "$(kp-render -f csv "$T/in" | $PY -c '
import csv, sys
print(" ".join(r["conc"] + "=" + r["not_significant"] for r in csv.DictReader(sys.stdin)))')" \
    "1=false 1=false 2=false 4=false 8=true 16=false 32=false" "csv: not_significant, a typed column"
is "$(kp-render -f json "$T/in" | jq -c '[.uncertain[] | [.conc, .not_significant]], [.regressions[].not_significant]')" \
    '[[8,true],[16,false]]
[false,false,false]' "json: not_significant in every comparison"
# "~" by class and why, as a table: only an uncertain comparison whose
# rule found it not significant; a record of another class is never
# marked, whatever its why says
while read -r cls sev why want; do
	mk v1 v2 8 "$cls" "$sev" "$why" "$reruns" | kp-render -f text >"$T/ns"
	grep -q '^  - wis/futex1/t\[futex1 ops\] at 8: .* ~ \[Score' "$T/ns"
	is "$([ $? -eq 0 ] && echo marked || echo plain)" "$want" "text: $cls, why $why: $want"
done <<'EOF'
uncertain	none	ci-wide	marked
uncertain	none	single-run-wide	marked
uncertain	none	gate-not-significant	marked
uncertain	none	small-effect	plain
regression	yellow	ci-wide	plain
no-change	none	ci-wide	plain
EOF

done_testing
