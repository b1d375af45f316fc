#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Zero baselines (kp(7), ZERO BASELINES): a change from 0 has no
# percentage but a direction, the same in kp-trend, kp-classify (and so
# the gate) and kp-hist; the report of the other series is kept.
. "$(dirname "$0")/lib.sh"

# a lower-is-better count at 0 for six kernels, then 1000; beside it an
# ordinary series, so that one series' zero costs the other nothing
$PY - >"$T/stats" <<'PY'
import json
K = ['v6.%d' % i for i in range(1, 13)]
for i, k in enumerate(K):
    for m, lvl, better in (('errors', 0 if i < 6 else 1000, 'lower'),
                           ('ops', 100 * (0.9 if i >= 6 else 1), 'higher')):
        per = [{'instance': 'm%d' % j, 'n': 3, 'median': lvl + (0 if lvl == 0 else j - 1.5),
                'mean': lvl} for j in range(4)]
        print(json.dumps({'type': 'stat', 'scope': 'group', 'exp': 'e' + k, 'key': 'k1',
            'kernel': k, 'job': 'j', 'suite': 's', 'bench': 'b', 'test': 't', 'op': 'o',
            'metric': m, 'unit': 'count' if m == 'errors' else 'ops', 'better': better,
            'conc': 1, 'n': 12, 'median': lvl, 'runs': ['r' + k], 'per_instance': per}))
    print(json.dumps({'type': 'run', 'run': 'r' + k, 'kernel': k, 'kernel_sha': '%040x' % (i + 1)}))
PY
run_status kp-trend "$T/stats"
is "$rc:$(cat "$T/err")" "0:" "kp-trend: exit 0"
is "$(jq -c 'select(.type == "trend") | [.metric, [.changes[] | [.before, .first, (if .size_pct == null then null else (.size_pct | round) end), (.size_abs | round), .worse]]]' "$T/out" | tr '\n' ' ')" \
    '["errors",[["v6.6","v6.7",null,1000,true]]] ["ops",[["v6.6","v6.7",-10,-10,true]]] ' \
    "0 -> 1000 of a lower-is-better count: no percentage, 1000 in the unit, worse"
cp "$T/out" "$T/trend"

# kp-render draws the series' page with its trend plot
printf '{"type":"cmp","key":"k1","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"errors","unit":"count","better":"lower","conc":1,"base_kernel":"v6.6","target_kernel":"v6.7","base_exp":"ev6.6","target_exp":"ev6.7","base_runs":["rv6.6"],"target_runs":["rv6.7"],"obs_level":"run","n_base":4,"n_target":4,"base_median":0,"target_median":1000,"change_pct":null,"ci_low_pct":null,"ci_high_pct":null,"p":0.001,"q":0.001,"hedges_g":null,"worse":true,"single_run":false}\n' |
    kp-classify | cat "$T/trend" - >"$T/all"
run_status kp-render -f html -o "$T/html" "$T/all"
is "$rc:$(cat "$T/err")" "0:" "kp-render -f html: exit 0"
grep -l '>from 0' "$T/html"/*trend*.svg >/dev/null 2>&1
ok $? "... the trend plot labels the change from 0 so"
# a transient from a level of 0: no percentage either
$PY - >"$T/tr" <<'PY'
import json
for i in range(1, 13):
    k = 'v6.%d' % i
    lvl = 500 if i == 3 else 0
    per = [{'instance': 'm%d' % j, 'n': 3, 'median': lvl + (j - 1.5 if lvl else 0), 'mean': lvl} for j in range(4)]
    print(json.dumps({'type': 'stat', 'scope': 'group', 'exp': 'e' + k, 'key': 'k1', 'kernel': k,
        'job': 'j', 'suite': 's', 'bench': 'b', 'test': 't', 'op': 'o', 'metric': 'warns',
        'unit': 'count', 'better': 'lower', 'conc': 1, 'n': 12, 'median': lvl, 'runs': ['r' + k],
        'per_instance': per}))
PY
kp-trend "$T/tr" >"$T/trt"
is "$(jq -c 'select(.type == "trend") | [.transients[] | [.kernel, .size_pct]]' "$T/trt")" '[["v6.3",null]]' \
    "a transient from 0: no percentage"
sed 's/"metric":"errors"/"metric":"warns"/' "$T/all" | grep '"type":"cmp"' | cat "$T/trt" - >"$T/all2"
kp-render -f html -o "$T/html2" "$T/all2" 2>/dev/null
grep -l 'transient from 0' "$T/html2"/*trend*.svg >/dev/null 2>&1
ok $? "... and the trend plot says so"

# kp-bisect sees the change, and its script judges a move from 0 bad
cat "$T/trend" "$T/stats" >"$T/in"
run_status kp-bisect -s metric=errors -x true -o "$T/bisect.sh" "$T/in"
is "$rc:$(jq -r '[.good, .bad, .size_pct, .threshold_pct] | join(" ")' "$T/out" 2>/dev/null)" "0:v6.6 v6.7  50" \
    "kp-bisect: the change from 0 is the one to bisect"

# kp-classify, default profile and the gate's: 0 -> 50 us is worse and
# past every percentage
cmp() {	# cmp BASE TARGET N: a cmp record of a latency
	printf '{"type":"cmp","key":"k","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"lat","unit":"us","better":"lower","conc":1,"base_kernel":"a","target_kernel":"b","base_exp":"e1","target_exp":"e2","base_runs":["r1","r2","r3"],"target_runs":["r4","r5","r6"],"obs_level":"run","n_base":%s,"n_target":%s,"base_median":%s,"target_median":%s,"change_pct":null,"ci_low_pct":null,"ci_high_pct":null,"p":%s,"q":%s,"hedges_g":null,"worse":true,"single_run":false}\n' \
	    "$3" "$3" "$1" "$2" "$4" "$4"
}
cmp 0 50 1 null | kp-classify -P gate -T 20 >"$T/out" 2>"$T/err"
is "$?:$(jq -r '[.class, .severity, .why] | join(" ")' "$T/out")" \
    "0:regression red gate-threshold-only" "the gate: 0 us -> 50 us fails"
cmp 0 0 1 null | jq -c '.worse = false' | kp-classify -P gate -T 20 >"$T/out"
is "$(jq -r .class "$T/out")" "no-change" "the gate: 0 -> 0 passes"
cmp 0 50 3 0.001 | kp-classify >"$T/out"
is "$(jq -r '[.class, .severity] | join(" ")' "$T/out")" "regression red" \
    "kp-classify: a significant move from 0 is a regression"

# kp-compare decides the direction from 0 (kp-hist does the same: up is
# worse, whatever change_pct says)
printf '{"app":{"lat_us":0}}\n' >"$T/b.json"
printf '{"app":{"lat_us":50}}\n' >"$T/t.json"
{ kp-parse-results --meta kernel=a "$T/b.json"; kp-parse-results --meta kernel=b "$T/t.json"; } |
    kp-identify -x host | kp-stats | kp-compare -b kernel=a -t kernel=b >"$T/out" 2>"$T/err"
is "$(jq -c 'select(.type == "cmp") | [.change_pct, .worse]' "$T/out")" "[null,true]" \
    "kp-compare: 0 us -> 50 us has no percentage and is worse"
# kp-triage: of two changes for the worse, the one from 0 is the larger
ids='"key":"k1","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m"'
cat >"$T/tri" <<EOF2
{"type":"trend",$ids,"unit":"u","better":"lower","conc":1,"newest":"v6.5","changes":[{"first":"v6.2","before":"v6.1","size_pct":100,"size_abs":100,"worse":true,"persists":true,"reverted_in":null},{"first":"v6.3","before":"v6.2","size_pct":-100,"size_abs":-200,"worse":false,"persists":false,"reverted_in":"v6.4"},{"first":"v6.4","before":"v6.3","size_pct":null,"size_abs":5000,"worse":true,"persists":true,"reverted_in":null}],"transients":[],"drifts":[]}
{"type":"cmp",$ids,"unit":"u","better":"lower","conc":1,"base_kernel":"v6.1","target_kernel":"v6.5","base_exp":"e1","target_exp":"e2","base_runs":["r"],"target_runs":["r"],"change_pct":4900,"class":"regression","severity":"red"}
EOF2
printf 'findings: []\n' >"$T/tri.yaml"
kp-triage -t "$T/tri.yaml" "$T/tri" >"$T/out" 2>"$T/err"
is "$?:$(jq -r 'select(.type == "cmp") | .since' "$T/out")" "0:v6.4" \
    "kp-triage: the regression is since the change from 0, the largest"
done_testing
