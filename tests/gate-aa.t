#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# the gate on an A/A pair of MMTests trees passes, a halving fails; the
# gate profile's run-to-run noise, own-runs rule and interference
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
L=$FIX/work/log
unset KP_GATE_THRESHOLD
$PY tests/halve-mmtests.py "$L/baseline" "$T/half"
ok $? "a copy of the baseline tree with every throughput halved"

run_status gate.sh "$L/baseline-rerun" "$L/baseline"
is "$rc" 0 "A/A: the rerun of the baseline passes the gate" || sed 's/^/# /' "$T/out"
grep 'futex3-threads\[futex3 ops\] at 2 ' "$T/out" | grep -q 'uncertain/none.*gate:single-run;interval(-[0-9]*%..-[0-9]*%)-not-past-20%'
ok $? "... its -34% move is uncertain: the widened interval does not lie past 20%"

run_status gate.sh "$T/half" "$L/baseline"
is "$rc" 1 "the halved tree fails the gate"
is "$(grep -c 'regression/red' "$T/out")" 22 "... with 22 of its 23 throughputs red" || sed 's/^/# /' "$T/out"
grep 'mutex latency' "$T/out" | grep -q 'regression'
is "$?" 1 "... and the latencies, not halved, are not regressions"

# the widened interval, recomputed with scipy from the cmp records
{ kp-parse-mmtests --meta kernel=base "$L/baseline"
  kp-parse-mmtests --meta kernel=rerun "$L/baseline-rerun"; } >"$T/aa"
kp-identify "$T/aa" | kp-stats | kp-compare -b base -t rerun | kp-classify -P gate >"$T/aac"
$PY - "$T/aac" <<'PY' >"$T/chk"
import json, math, sys
from scipy.stats import norm
bad = n = 0
for l in open(sys.argv[1]):
    c = json.loads(l)
    if c['type'] != 'cmp' or not c['single_run'] or abs(c['change_pct']) <= 20:
        continue
    n += 1
    sd = c['run_sd_pct'] / 100	# run-to-run sd, on the log scale
    se = (math.log1p(c['ci_high_pct'] / 100) - math.log1p(c['ci_low_pct'] / 100)) / (2 * norm.ppf(0.975))
    hw = norm.ppf(1 - 0.01 / 2) * math.sqrt(se * se + 2 * sd * sd)
    x = math.log1p(c['change_pct'] / 100)
    past = x - hw > math.log(1.2) or x + hw < math.log(0.8)
    want = ('regression' if c['worse'] else 'improvement') if past else 'uncertain'
    got = '%+.0f%%..%+.0f%%' % (100 * math.expm1(x - hw), 100 * math.expm1(x + hw))
    if c['class'] != want or 'interval(%s)' % got not in c['reason']:
        bad += 1
        print(c['bench'], c['conc'], c['class'], want, c['reason'], got, file=sys.stderr)
print(n, bad)
PY
is "$(cut -d' ' -f2 "$T/chk")" 0 "the gate's widened intervals and classes as scipy computes them ($(cut -d' ' -f1 "$T/chk") moves past 20%)"

# a starved target: a caveat never turns a regression into a pass; halve
# the CPU time too
$PY - "$T/half" <<'PY'
import os, re, sys
p = os.path.join(sys.argv[1], 'iter-0', 'tests-timestamp')
t = open(p).read()
t = re.sub(r'^(time :: \S+) (\S+) user (\S+) system',
           lambda m: '%s %.2f user %.2f system' % (m.group(1), float(m.group(2)) / 3,
                                                   float(m.group(3)) / 3), t, flags=re.M)
open(p, 'w').write(t)
PY
run_status gate.sh "$T/half" "$L/baseline"
is "$rc" 1 "a starved target fails the gate" || sed 's/^/# /' "$T/out"
grep 'futex1-threads\[futex1 ops\] at 1 ' "$T/out" | grep -q 'regression/red.*interference:target-cpu-share'
ok $? "... its regressions red, the interference said beside them" || sed 's/^/# /' "$T/out"
run_status gate.sh "$L/target-2hogs" "$L/baseline"
is "$rc:$(grep -c 'regression/red.*interference:target-cpu-share' "$T/out")" 1:9 \
    "the bundled run with two CPU hogs fails the gate: 9 regressions red, each with interference" || sed 's/^/# /' "$T/out"

# a floor is never learned from the pair under test
{ kp-parse-mmtests --meta kernel=v6.18 "$L/baseline"
  kp-parse-mmtests --meta kernel=v6.18 "$L/baseline-rerun"
  kp-parse-mmtests --meta kernel=v6.19 --meta run_name=half "$T/half"; } >"$T/r"
kp-identify "$T/r" | kp-stats | kp-compare -b v6.18 -t v6.19 >"$T/c"
f2() { jq -r 'select(.type=="cmp" and .bench=="futex2" and .conc==2) |
    "\(.run_sd_source) \(.class)"'; }
is "$(kp-classify "$T/c" | f2)" "reruns regression" \
    "default profile: the 48% learned from the baseline's two runs (1 df), moderated toward 8%, no longer hides the halving"
is "$(kp-classify -P gate "$T/c" | f2)" "default regression" \
    "gate profile: not from the runs under test; the halving is a regression"
done_testing
