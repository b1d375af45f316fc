#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-classify: rules, score monotonicity, gate profile, settings errors.
# Its typed facts are asserted (class, why, caveats, the settings a rule
# weighed), never the words of reason: those are tests/unit/reason.c's.
. "$(dirname "$0")/lib.sh"
cmp_rec() {	# cmp_rec LEVEL N P Q CHANGE G [RUNS_B RUNS_T]
	printf '{"type":"cmp","key":"k","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"%s","unit":"u","better":"higher","conc":1,"base_kernel":"v1","target_kernel":"v2","base_exp":"e1","target_exp":"e2","base_runs":["%s"],"target_runs":["%s"],"obs_level":"%s","n_base":%s,"n_target":%s,"base_median":100,"target_median":%s,"base_mean":100,"target_mean":100,"base_cv":0.01,"target_cv":0.01,"change_pct":%s,"change_mean_pct":0,"ci_low_pct":%s,"ci_high_pct":%s,"method":"m","p":%s,"q":%s,"hedges_g":%s,"cliffs_delta":0,"worse":%s}\n' \
		"${M:-ops}" "${7:-rb}" "${8:-rt}" "$1" "$2" "$2" "$(echo "100 + $5" | bc)" "$5" "${LO:-$(echo "$5 - 3" | bc)}" "${HI:-$(echo "$5 + 3" | bc)}" "$3" "$4" "$6" \
		"$(echo "$5 < 0" | bc | sed 's/1/true/;s/0/false/')"
}
field() { jq -r "select(.type==\"cmp\") | $1"; }
# The rules, a row each, @ between the fields: the input (a cmp_rec call,
# ENV=... before it, a sed after it), kp-classify's options, and the
# facts it types: class severity why caveats significant, then the
# settings the rule weighed (min_change_pct min_effect max_cv
# gate_threshold_pct overruled; -: none)
facts='"\(.class) \(.severity) \(.why) \(.caveats | join(",") | if . == "" then "-" else . end) \(.significant) \([.min_change_pct, .min_effect, .max_cv, .gate_threshold_pct, .overruled] | map(. // "-") | join(" "))"'
while IFS='@' read -r input opts want name; do
	[ -n "$want" ] || want='(a row without its facts)'
	is "$(eval "$input" | kp-classify $opts | field "$facts")" "$want" "$name"
done <<'TABLE'
cmp_rec instance 5 0.001 0.002 -10 -3@@regression red significant - true 2 - - - -@replicated, significant, big: a red regression
cmp_rec instance 5 0.001 0.002 10 3@@improvement green significant - true 2 - - - -@the other way: an improvement
cmp_rec instance 5 0.001 0.002 -10 -0.1@@uncertain none small-effect - true - 0.5 - - -@significant and big, a small effect: uncertain
cmp_rec instance 5 0.001 0.002 -1 -3@@no-change none change-below-min - true 2 - - - -@significant but small: no change
LO=-1 HI=1 cmp_rec instance 5 0.5 0.6 0.1 0.1@@no-change none ci-within-min - false 2 - - - -@interval inside the minimum change: no change
LO=-20 HI=12 cmp_rec instance 3 0.3 0.4 -5 -1@@uncertain none ci-wide - false - - - - -@not significant, wide interval: uncertain
cmp_rec sub 5 null null -50 null@@uncertain none too-few-samples single-run null - - - - -@no test: too few samples
cmp_rec sub 5 0.001 0.001 -30 -5@@regression yellow single-run-beyond-noise single-run,noise-assumed true - - - - -@one run per side: never red
cmp_rec sub 5 0.001 0.001 -10 -5@@uncertain none single-run-wide-significant single-run,noise-assumed true 2 - - - -@one run per side, significant inside the run but within the run noise: uncertain
cmp_rec sub 5 0.001 0.001 -1 -5@@uncertain none single-run-wide single-run,noise-assumed true 2 - - - -@... a significant change below the minimum: single-run-wide, and significant says the test was
cmp_rec sub 5 0.3 0.3 -1 -5@@uncertain none single-run-wide single-run,noise-assumed false 2 - - - -@... not significant: single-run-wide, significant false
cmp_rec sub 5 0.001 0.001 -10 -5 | sed 's/"change_pct":-10/"change_pct":null/'@@uncertain none single-run-no-change single-run,noise-assumed true - - - - -@... no change to widen
cmp_rec instance 5 0.001 0.002 -10 -3 | sed 's/"base_cv":0.01/"base_cv":0.3/'@@regression yellow significant unstable true 2 - 0.2 - -@a cv above max_cv: unstable, never red
cmp_rec sub 5 0.001 0.002 -10 -3 | sed 's/"obs_level":"sub"/&,"single_run":false/'@@regression red significant - true 2 - - - -@one run a side is the single_run field kp-compare writes, not obs_level
cmp_rec instance 5 0.001 0.002 -30 -3 | sed 's/}$/,"resolution_limited":true}/'@@uncertain none resolution-limited - true 2 - - - significant@a histogram shift inside one bucket is uncertain, the rule it overruled typed
cmp_rec sub 1 null null -30 null | sed 's/}$/,"resolution_limited":true}/'@-P gate -T 10@uncertain none resolution-limited threshold-only null - - - 10 gate-threshold-only@... and so in the gate profile
cmp_rec sub 1 null null -25 null@-P gate@regression red gate-threshold-only threshold-only null - - - 20 -@gate: single values, the threshold alone decides
cmp_rec sub 1 null null -15 null@-P gate@no-change none gate-within threshold-only null - - - 20 -@gate: within the threshold
cmp_rec instance 5 0.3 0.3 -25 -1@-P gate@uncertain none gate-not-significant - false - - - 20 -@gate: with units, significance is required
cmp_rec instance 5 0.001 0.002 -25 -3@-P gate@regression red gate-significant - true - - - 20 -@gate: significant and past the threshold
cmp_rec sub 1 null null -25 null@-P gate -T 30@no-change none gate-within threshold-only null - - - 30 -@gate: -T sets the threshold, typed on the record
TABLE
r=$(LO=-20 HI=12 cmp_rec instance 3 0.3 0.4 -5 -1 | kp-classify | field '"\(.class) \(.need_n)"')
test "${r#* }" -gt 3 2>/dev/null
ok $? "and need_n says how many units would decide ($r)"
# one run a side: the interval is widened by z sqrt(2) 8%, the default run noise, in quadrature
is "$(LO=-0.5 HI=0.5 cmp_rec sub 5 0.5 0.6 0.1 0.1 | kp-classify | field '"\(.class) \(.need_unit)"')" \
	"uncertain runs" "a tight interval inside one run is no 'no change': the run noise is not in it, and only runs help"
# the need in runs, by the normal sample size formula with the run noise, in Python
want=$($PY -c 'import math; from statistics import NormalDist as N
K = (N().inv_cdf(1 - 0.01 / 2) + N().inv_cdf(0.8)) ** 2; se = (math.log(1.005) - math.log(0.995)) / (2 * N().inv_cdf(0.975))
print(max(2, math.ceil(K * (2 * 0.08 ** 2 + se ** 2) / math.log(1.02) ** 2)))')
is "$(LO=-0.5 HI=0.5 cmp_rec sub 5 0.5 0.6 0.1 0.1 | sed 's/}$/,"df":null}/' | kp-classify | field .need_n)" "$want" "... $want runs a side, as Python computes"
noise_rec() { printf '{"type":"noise","exp":"e1","key":"k","suite":"s","bench":"b","test":"t","op":"o","metric":"ops","conc":1,"n_runs":2,"run_medians":[1,1.08],"source":"reruns","df":1,"run_sd_pct":%s}\n' "$1"; }
{ noise_rec 1; LO=-60 HI=0 cmp_rec sub 5 0.3 0.3 -30 -1; } | kp-classify >"$T/o"
is "$(field '"\(.class) \(.need_unit)"' <"$T/o")" "uncertain repetitions" \
	"a wide interval inside a quiet run (run_sd_pct at its minimum, 3.5): more repetitions would decide"
{ noise_rec 5.44; cmp_rec sub 5 0.001 0.001 -20 -5; } | kp-classify >"$T/o"
is "$(field '"\(.why) \(.run_sd_pct * 10 | round / 10) \(.run_sd_source)"' <"$T/o")" "single-run-wide-significant 7.6 reruns" \
    "the run noise is learned from noise records, moderated toward the configured 8%"
# one rerun pair is 1 df: (d0 s0^2 + df s^2) / (d0 + df) with d0 = 4, and
# the interval takes t at the Welch-Satterthwaite df of se^2 (no df given:
# known) and 2 sd^2 (d0 + df = 5 df)
$PY - "$T/o" <<'PY' >"$T/want"
import json, math, sys
from scipy.stats import t as T, norm
c = [json.loads(l) for l in open(sys.argv[1]) if '"cmp"' in l][0]
sd = math.sqrt((4 * 8 ** 2 + 1 * 5.44 ** 2) / 5) / 100
se = (math.log1p(c['ci_high_pct'] / 100) - math.log1p(c['ci_low_pct'] / 100)) / (2 * norm.ppf(0.975))
v = 2 * sd * sd
hw = T.ppf(1 - 0.01 / 2, (se * se + v) ** 2 / (v * v / 5)) * math.sqrt(se * se + v)
x = math.log1p(c['change_pct'] / 100)
print('%.4f %.3f %.3f 0.99' % (100 * sd, 100 * math.expm1(x - hw), 100 * math.expm1(x + hw)))
PY
is "$(field '"\(.run_sd_pct*10000|round/10000) \(.decided_low_pct*1000|round/1000) \(.decided_high_pct*1000|round/1000) \(.decided_level)"' <"$T/o")" \
    "$(cat "$T/want")" "... its interval with t at the Satterthwaite df, as scipy computes (the decided interval)"
is "$(field '"\(.run_sd_source) \(.run_sd_df) \(.run_sd_learned_pct) \(.caveats | join(","))"' <"$T/o")" \
    "reruns 5 5.44 single-run" "... and which noise was used, as fields, without the assumed-noise caveat"
printf 'run_sd_prior_df: 0\n' >"$T/d0.yaml"
{ noise_rec 5.44; cmp_rec sub 5 0.001 0.001 -20 -5; } | kp-classify -c "$T/d0.yaml" >"$T/o"
is "$(field '"\(.run_sd_pct) \(.run_sd_df) \(.class)"' <"$T/o")" "5.44 1 uncertain" \
    "run_sd_prior_df 0: the learned sd alone, t at its 1 df: the -20% is uncertain"
{ noise_rec 1; cmp_rec sub 5 0.001 0.001 -20 -5; } | kp-classify >"$T/o"
is "$(field '"\(.run_sd_pct*10000|round/10000) \(.run_sd_learned_pct) \(.run_sd_source)"' <"$T/o")" "7.3246 1 reruns" \
    "... never below min_run_sd_pct before it is moderated: sqrt((4 8^2 + 3.5^2) / 5)"
is "$(cmp_rec sub 5 0.001 0.001 -30 -5 | kp-classify | field '"\(.caveats | join(",")) \(.run_sd_df)"')" \
    "single-run,noise-assumed null" "the configured run noise: taken as known, and said to be assumed"
is "$(cmp_rec sub 5 0.001 0.001 -10 -5 | kp-classify | field '"\(.run_sd_pct) \(.run_sd_source)"')" \
    "8 default" "the default run noise"
is "$(M=latency cmp_rec sub 5 0.001 0.001 30 5 | kp-classify | field '"\(.run_sd_pct) \(.run_sd_source)"')" \
    "26 rule" "a metrics rule's run noise"
is "$(cmp_rec instance 5 0.001 0.002 -10 -3 | kp-classify | field '"\(.run_sd_pct) \(.run_sd_source) \(.cpu_share_ratio) \(.interference) \(.unstable)"')" \
    "null null null false false" "several runs a side: no run noise added; no runstat: no shares"
# one run a side is the single_run field kp-compare writes, not obs_level
is "$(cmp_rec instance 5 0.001 0.001 -10 -5 | sed 's/"obs_level":"instance"/&,"single_run":true/' | kp-classify | field .run_sd_source)" \
    "default" "single_run decides, whatever obs_level says"
is "$(M=latency cmp_rec sub 5 0.001 0.001 60 5 | kp-classify | field .class)" "uncertain" \
	"a latency 60% up in one run a side is within its run noise"
{ printf '{"type":"runstat","run":"rb","iter":0,"job":"j","user_s":10,"sys_s":90,"elapsed_s":100}\n{"type":"runstat","run":"rt","iter":0,"job":"j","user_s":8,"sys_s":50,"elapsed_s":100}\n'
  cmp_rec instance 5 0.001 0.002 -10 -3 rb rt; } | kp-classify >"$T/o"
is "$(field '"\(.severity) \(.why) \(.caveats | join(","))"' <"$T/o")" "yellow significant interference" \
	"starved target: the interference caveat, not red"
is "$(grep -c runstat "$T/o")" 2 "other records pass through"
is "$(field '[.cpu_share_base, .cpu_share_target, .cpu_share_ratio, .interference] | @csv' <"$T/o")" \
    "1,0.58,0.58,true" "... the shares, their ratio and the interference as fields"
is "$(field '"\(.starved_side) \(.cpu_cause) \(.caveats | join(","))"' <"$T/o")" "target unknown interference" \
    "... the starved side, and no schedstat: the cause is unknown"
# the gate: a caveat never turns a regression into a pass
{ printf '{"type":"runstat","run":"rb","iter":0,"job":"j","user_s":10,"sys_s":90,"elapsed_s":100}\n{"type":"runstat","run":"rt","iter":0,"job":"j","user_s":8,"sys_s":50,"elapsed_s":100}\n'
  cmp_rec instance 5 0.001 0.002 -30 -3 rb rt; } | kp-classify -P gate >"$T/o"
is "$(field '"\(.class) \(.severity) \(.caveats | join(",")) \(.interference)"' <"$T/o")" \
    "regression red interference true" "gate: a starved target's regression stays red, the interference a caveat"
# where the CPU went: schedstat's run time of every task less the benchmark's
rs() {	# rs RUN BENCH_CPU_S RQ_CPU_S: a runstat of 100 s with schedstat
	printf '{"type":"runstat","run":"%s","iter":0,"job":"j","user_s":0,"sys_s":%s,"elapsed_s":100,"schedstat":{"rq_cpu_time":%s}}\n' \
	    "$1" "$2" "$(echo "$3 * 1000000000" | bc)"
}
{ rs rb 100 101; rs rt 58 140; cmp_rec instance 5 0.001 0.002 -10 -3 rb rt; } | kp-classify >"$T/o"
is "$(field '"\(.severity) \(.cpu_cause) \(.interference) \(.caveats | join(",")) \(.others_share_target)"' <"$T/o")" \
    "yellow other-tasks true interference 0.82" "other tasks took the CPU the benchmark lost: interference, never red"
{ rs rb 100 101; rs rt 58 60; cmp_rec instance 5 0.001 0.002 -10 -3 rb rt; } | kp-classify >"$T/o"
is "$(field '"\(.severity) \(.cpu_cause) \(.interference) \(.caveats | join(","))"' <"$T/o")" \
    "red idle-cpus false cpu-idle" "the benchmark got less CPU and the CPUs sat idle: the kernel's doing, not hidden as interference"
is "$(field '"\(.starved_side) \(.cpu_share_ratio)"' <"$T/o")" "target 0.58" \
    "... and which side was starved, by how much"
{ rs rb 58 140; rs rt 100 101; cmp_rec instance 5 0.001 0.002 10 3 rb rt; } | kp-classify >"$T/o"
is "$(field '"\(.class) \(.starved_side) \(.cpu_cause) \(.caveats | join(","))"' <"$T/o")" \
    "improvement base other-tasks interference" "a starved baseline: the improvement carries the interference caveat"
{ printf '{"type":"runstat","run":"rb","iter":0,"job":"j","user_s":10,"sys_s":90,"elapsed_s":50}\n{"type":"runstat","run":"rt","iter":0,"job":"j","user_s":8,"sys_s":52,"elapsed_s":30}\n'
  cmp_rec instance 5 0.001 0.002 -10 -3 rb rt; } | kp-classify >"$T/o"
is "$(field '"\(.why) \(.starved_side) \(.caveats | join(","))"' <"$T/o")" "significant null " \
	"less CPU time at the same CPU share (fixed work, done sooner): no interference"
# the cmp records wait for the end of the input: a noise record in a
# later file still decides their run noise, and a bad one is named by its
# own file and line
cmp_rec sub 5 0.001 0.001 -20 -5 >"$T/c1"
noise_rec 5.44 >"$T/n1"
is "$(kp-classify "$T/c1" "$T/n1" | field .run_sd_source)" reruns \
    "a noise record after the cmp records, in a later file: still used"
is "$(kp-classify "$T/c1" "$T/n1" | jq -r .type | tr '\n' ' ')" "noise cmp " \
    "... every other record first, then the cmp records"
{ cmp_rec sub 5 0.001 0.001 -20 -5; cmp_rec sub 5 0.001 0.001 -20 -5 | sed 's/,"worse":true//'; } >"$T/c2"
run_status kp-classify "$T/c1" "$T/c2"
grep -q "^kp-classify: $T/c2:2:" "$T/err"
is "$rc:$?" 2:0 "a cmp record without worse: exit 2, named by its own file and line"
# score: monotone in |change| and in q
prev=0 mono=0
for c in 0 1 2 5 10 15 20 30 50; do
	s=$(cmp_rec instance 5 0.01 0.02 -$c -1 | kp-classify | field .score)
	[ "$(echo "$s < $prev" | bc)" = 1 ] && mono=1
	prev=$s
done
ok $mono "the score never falls as |change| grows"
prev=0 mono=0
for q in 0.9 0.5 0.1 0.05 0.01 0.001 0.0001 1e-9; do
	s=$(cmp_rec instance 5 $q $q -5 -1 | kp-classify | field .score)
	[ "$(echo "$s < $prev" | bc -l 2>/dev/null || echo 0)" = 1 ] && mono=1
	prev=$s
done
ok $mono "the score never falls as q shrinks"
# gate profile
is "$(cmp_rec sub 1 null null -25 null | KP_GATE_THRESHOLD=10 kp-classify -P gate | field .class)" regression "gate: KP_GATE_THRESHOLD"
# settings
kp-classify -D >"$T/d.yaml"
ok $? "-D prints the defaults"
is "$(cmp_rec instance 5 0.001 0.002 -10 -3 | kp-classify -c "$T/d.yaml" | field .class)" regression "the defaults read back"
printf 'alpha: 0.05\nmin_chnage_pct: 3\n' >"$T/bad.yaml"
run_status kp-classify -c "$T/bad.yaml" </dev/null
is "$rc" 2 "an unknown key is an error"
grep -q 'bad.yaml:2:1: unknown setting "min_chnage_pct"' "$T/err"
ok $? "naming line and column"
# settings libyaml accepts and a settings file must not say: each refused
# with exit 2 and the place (they were taken silently, or took 34 s)
while IFS='|' read -r text place msg; do
	printf "$text" >"$T/bad.yaml"
	run_status timeout 10 kp-classify -c "$T/bad.yaml" </dev/null
	grep -q "^kp-classify: $T/bad.yaml:$place: $msg" "$T/err"
	is "$rc:$?" 2:0 "settings: $msg"
done <<'EOF'
alpha: 0.05\nalpha: 0.01\n|2:1|"alpha" given twice; expected each key once
metrics:\n  - pattern: x\n    min_abs: 1\n    min_abs: 2\n|4:5|"min_abs" given twice
alpha: 0.05\n---\nalpha: 0.01\n|2:1|a second document; expected one
alpha: 0x1p-3\n|1:8|expected a non-negative decimal number for "alpha"
min_abs: inf\n|1:10|expected a non-negative decimal number for "min_abs"
red: 30\n|1:6|red is below yellow; expected red >= yellow
yellow: 80\n|1:9|red is below yellow
EOF
$PY -c "print('a: ' + '[' * 30000 + ']' * 30000)" >"$T/deep.yaml"
run_status timeout 10 kp-classify -c "$T/deep.yaml" </dev/null
grep -q "deep.yaml:1:19: nested more than 16 levels deep" "$T/err"
is "$rc:$?" 2:0 "settings: 60 KB of brackets refused at depth 17, at once"
$PY -c "print('a: ' + '[' * 100000 + ']' * 100000)" >"$T/big.yaml"
run_status timeout 10 kp-classify -c "$T/big.yaml" </dev/null
grep -q "big.yaml:1:65537: more than 65536 bytes" "$T/err"
is "$rc:$?" 2:0 "settings: 200 KB refused by its size, at once"
printf 'metrics:\n  - pattern: "*"\n    run_sd_pct: lots\n' >"$T/bad.yaml"
run_status kp-classify -c "$T/bad.yaml" </dev/null
grep -q 'bad.yaml:3:17: expected a non-negative decimal number' "$T/err"
ok $? "a value of the wrong type is an error with line and column"
run_status kp-classify -P nope </dev/null
is "$rc" 2 "an unknown profile is a usage error"
# The rules at their edges, as a table: the options of kp-classify, the
# record (cmp_rec LEVEL N P Q CHANGE G, and LO HI its interval, - for the
# default of change -+3) -> its class and why.  MINABS is a settings file
# with min_abs: 15.
printf 'min_abs: 15\n' >"$T/minabs.yaml"
while IFS='|' read -r opts rec lo hi want name; do
	[ "$lo" = - ] && lo= ; [ "$hi" = - ] && hi=
	opts=$(echo "$opts" | sed "s|MINABS|$T/minabs.yaml|")
	# shellcheck disable=SC2086
	got=$(LO=$lo HI=$hi cmp_rec $rec | kp-classify $opts | field '"\(.class) \(.why)"')
	is "$got" "$want" "$name"
done <<'EOF'
-P gate -T 20|sub 1 null null -20.0 null|-|-|no-change gate-within|gate: -20.0% at a 20% threshold passes (past means beyond)
-P gate -T 20|sub 1 null null -20.1 null|-|-|regression gate-threshold-only|gate: -20.1% at 20% fails
-P gate -T 20|sub 1 null null 20.0 null|-|-|no-change gate-within|gate: +20.0% at 20% is within too
-P gate -T 20|instance 5 0.001 0.2 -30 -3|-|-|uncertain gate-not-significant|gate: significant p but q not below alpha (many metrics): not a failure
-P gate -T 20|instance 5 0.001 0.002 -30 -3|-|-|regression gate-significant|gate: q below alpha and past: a failure
-P gate -T 20|instance 5 0.001 0.002 30 3|-|-|improvement gate-significant|gate: past the threshold the good way: an improvement
-P gate -T 20|instance 1 0.001 0.002 -30 -3|-|-|regression gate-threshold-only|gate: one unit a side: the threshold alone, said so
|instance 5 0.3 0.4 -5 -1|-20|0.5|uncertain ci-wide|default: a -20%..+0.5% interval is not within the 2% minimum
|instance 5 0.3 0.4 5 1|-0.5|20|uncertain ci-wide|default: a -0.5%..+20% interval is not within it either
|instance 5 0.3 0.4 0.1 0.1|-1.5|1.5|no-change ci-within-min|default: a -1.5%..+1.5% interval is within 2%: no change
|instance 5 0.001 0.2 -10 -3|-|-|uncertain ci-wide|default: a significant p with q not below alpha is not significant
|instance 5 0.001 0.002 -10 -3|-|-|regression significant|default: q below alpha, big, large effect: a regression
|instance 5 0.001 0.002 10 3|-|-|improvement significant|default: the same the good way: an improvement
|instance 5 0.001 0.002 -2 -3|-|-|regression significant|default: a change of exactly the 2% minimum is big enough
|instance 5 0.001 0.002 -10 -0.1|-|-|uncertain small-effect|default: significant and big, hedges_g under 0.5: too small an effect
-c MINABS|instance 5 0.001 0.002 -10 -3|-|-|no-change change-below-min|min_abs 15: a move of 10 in the unit is no change
-c MINABS|instance 5 0.001 0.002 -20 -3|-|-|regression significant|min_abs 15: a move of 20 is a change
|sub 5 0.3 0.3 40 1|-|-|uncertain single-run-wide|single run: an interval of +4%..+88% is not within the 2% minimum
-P gate -T 20|sub 5 0.001 0.001 -25 -5|-|-|uncertain gate-single-run-not-past|gate, single run: a -44%..+1% interval is not past -20% as a whole
-P gate -T 20|sub 5 0.001 0.001 -40 -5|-|-|uncertain gate-single-run-not-past|gate, single run: -56%..-19.1% is not past -20% (a fall of 20%, not the inverse of a 20% rise)
-P gate -T 20|sub 5 0.001 0.001 -42 -5|-|-|regression gate-single-run-past|gate, single run: -57%..-21.8% is past -20%
EOF

# one unit on a side is not replicated, however many on the other
is "$(cmp_rec instance 5 0.001 0.002 -30 -3 | sed 's/"n_base":5/"n_base":1/' | kp-classify -P gate -T 20 | field '"\(.class) \(.why)"')" \
    "regression gate-threshold-only" "gate: 1 unit against 5: the threshold alone decides"

# Files are read twice, cmp records the second time, and the standard
# input is spooled: the same output either way, a noise record after the
# cmp records it moves still used, a cmp record written otherwise than
# kp-compare writes it (spaces) still classified, files in order
{ cmp_rec sub 5 0.001 0.001 -20 -5; cmp_rec sub 5 0.001 0.001 -20 -5 |
    sed 's/^{"type":"cmp",/{ "type" : "cmp" ,/; s/"metric":"ops"/"metric":"lat"/'
    noise_rec 5.44; } >"$T/f1"
{ M=ops2 cmp_rec instance 5 0.001 0.002 -10 -3; noise_rec 1; } >"$T/f2"
cat "$T/f1" "$T/f2" | kp-classify >"$T/spooled"
kp-classify "$T/f1" "$T/f2" >"$T/reread"
is "$(cmp "$T/spooled" "$T/reread" && field '"\(.metric) \(.why) \(.run_sd_pct // 0 | . * 10 | round / 10)"' <"$T/reread" | tr '\n' ' ')" \
    "ops single-run-wide-significant 7.6 lat single-run-wide-significant 8 ops2 significant 0 " \
    "two files read twice: as the spool, a later noise record used, the cmp records in order"
is "$(kp-classify "$T/f1" - <"$T/f2" | cmp - "$T/spooled" && echo same)" same \
    "a file and the standard input: spooled, the same"
# its output appended to its input: the second pass, or the spool's one,
# would read what it writes, without end
cp "$T/f2" "$T/self"
timeout 60 kp-classify "$T/f2" "$T/self" >>"$T/self" 2>"$T/err"
is "$?:$(grep -c 'self: is also the standard output' "$T/err"):$(cmp -s "$T/self" "$T/f2" && echo same)" "2:1:same" \
    "its output among its inputs: refused, exit 2, as cat(1) does"

# A file changed between the passes, or during the second: exit 2, named.
# No hook: kp-classify writes into a pipe that the test reads in order.
# The file passes 2 MB through in the first pass and writes 2 MB of cmp
# records in the second, each far more than a pipe (64 KiB) and
# kp-classify's buffer (64 KiB) hold, so it cannot get past a pass before
# the test has read that pass's output: the test changes the file after
# reading the first byte of a pass, while that pass is still running.
pad=$(head -c 400 /dev/zero | tr '\0' x)
i=0
while [ $i -lt 5000 ]; do printf '{"type":"note","pad":"%s"}\n' "$pad"; i=$((i + 1)); done >"$T/big"
cmp_rec instance 5 0.001 0.002 -10 -3 >"$T/one"
i=0
while [ $i -lt 12 ]; do cat "$T/one" "$T/one" "$T/one" "$T/one" >>"$T/four"; i=$((i + 1)); done
i=0
while [ $i -lt 100 ]; do cat "$T/four"; i=$((i + 1)); done >>"$T/big"
kp-classify "$T/big" >"$T/ref"
n1=$(grep -v '^{"type":"cmp"' "$T/ref" | wc -c)
n2=$(grep '^{"type":"cmp"' "$T/ref" | wc -c)
is "$(grep -c '^{"type":"cmp"' "$T/ref"):$((n1 > 1048576 && n2 > 1048576))" "4800:1" \
    "the file: 4,800 cmp records, each pass writes over a MiB"
# touch: the same size, a new time
{ kp-classify "$T/big" 2>"$T/err"; echo $? >"$T/rc"; } |
    { dd bs=1 count=1 2>/dev/null; touch "$T/big"; cat; } >"$T/out"
is "$(cat "$T/rc"):$(cat "$T/err"):$(grep -c '"type":"cmp"' "$T/out")" \
    "2:kp-classify: $T/big: changed while kp-classify read it twice; expected it unchanged (give it on the standard input):0" \
    "a file touched during the first pass: refused after it, named, before any cmp record"
# a line appended by a writer during the second pass: its first byte
# comes after the n1 of the first
{ kp-classify "$T/big" 2>"$T/err"; echo $? >"$T/rc"; } |
    { head -c "$n1" >/dev/null; dd bs=1 count=1 2>/dev/null; cat "$T/one" >>"$T/big"; cat; } >/dev/null
is "$(cat "$T/rc"):$(cat "$T/err")" \
    "2:kp-classify: $T/big: changed while kp-classify read it twice; expected it unchanged (give it on the standard input)" \
    "a file appended to during the second pass: refused after it, named"

# the cmp records wait in a spool file: one that cannot be made is an
# error saying where and why, never a silent empty output
echo '{"type":"cmp"}' | TMPDIR="$T/absent" kp-classify >"$T/out" 2>"$T/err"
is "$?:$(grep -c 'absent/kp-spool.*cannot make the spool of cmp records' "$T/err"):$(wc -c <"$T/out" | tr -d ' ')" "2:1:0" \
    "an unwritable TMPDIR: exit 2, the spool named, nothing written"

done_testing
