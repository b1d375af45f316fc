#!/bin/sh
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

# a starved target is yellow, not red: halve the CPU time too
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
grep 'futex1-threads\[futex1 ops\] at 1 ' "$T/out" | grep -q 'regression/yellow.*interference:target-cpu-share'
ok $? "a starved target: its regressions are yellow, with interference" || sed 's/^/# /' "$T/out"

# a floor is never learned from the pair under test
{ kp-parse-mmtests --meta kernel=v6.18 "$L/baseline"
  kp-parse-mmtests --meta kernel=v6.18 "$L/baseline-rerun"
  kp-parse-mmtests --meta kernel=v6.19 --meta run_name=half "$T/half"; } >"$T/r"
kp-identify "$T/r" | kp-stats | kp-compare -b v6.18 -t v6.19 >"$T/c"
f2() { jq -r 'select(.type=="cmp" and .bench=="futex2" and .conc==2) |
    "\(.noise_floor_source) \(.class)"'; }
is "$(kp-classify "$T/c" | f2)" "learned uncertain" \
    "default profile: the floor learned from the baseline's two runs hides the halving"
is "$(kp-classify -P gate "$T/c" | f2)" "default regression" \
    "gate profile: not from the runs under test; the halving is a regression"
done_testing
