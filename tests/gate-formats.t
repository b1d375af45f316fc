#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# one verdict in every format: on every gate fixture the exit status, the
# JUnit failures, the Markdown headline and the closing line agree; a
# regression the gate does not fail on is a skipped testcase; testcases
# are unique by (classname, name); the Markdown fits a GitHub comment
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
D=tests/data/gate
B=tests/data/bpftrace
L=$FIX/work/log
unset KP_GATE_THRESHOLD

jq '.lmbench.lat_proc.exec *= 2' $D/baseline.json >"$T/2x.json"
jq 'del(.lmbench.lat_syscall.open)' $D/baseline.json >"$T/del.json"
jq '.meta.host = "laptop"' $D/baseline.json >"$T/elsewhere.json"
printf 'findings:\n  - pattern: "lmbench/lat_proc/*"\n    status: acknowledged\n' >"$T/triage.yaml"

# name|options and operands
cat >"$T/cases" <<EOF_
pass|$D/baseline.json $D/baseline.json
2x|$T/2x.json $D/baseline.json
report-only|--report-only $T/2x.json $D/baseline.json
missing|$T/del.json $D/baseline.json
missing-red-only|--fail-on red $T/del.json $D/baseline.json
acknowledged|--triage $T/triage.yaml $T/2x.json $D/baseline.json
stale|$T/elsewhere.json $D/baseline.json
lmbench-text|$D/lmbench.txt $D/baseline.json
hist-pass|$D/lat.txt $D/lat-base.json
hist-2x|--threshold 10% $D/lat-2x.txt $D/lat-base.json
hist-lost-maps|$B/hist.txt $B/hist.json
mmtests-aa|$L/baseline-rerun $L/baseline
mmtests-2hogs|$L/target-2hogs $L/baseline
EOF_

while IFS='|' read -r name args; do
	# shellcheck disable=SC2086
	gate.sh --junit "$T/j.xml" --md "$T/m.md" $args >"$T/out" 2>"$T/err"
	rc=$?
	$PY - "$T/j.xml" "$T/m.md" "$T/out" "$rc" "$name" <<'PY' >"$T/chk"
import sys, xml.etree.ElementTree as ET
j, m, out, rc, name = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
bad = []
root = ET.parse(j).getroot()
failures = int(root.get('failures'))
cases = root.findall('.//testcase')
if failures != sum(len(c.findall('failure')) for c in cases):
    bad.append('testsuites failures=%d, %d failure elements' % (failures, sum(len(c.findall('failure')) for c in cases)))
keys = [(c.get('classname'), c.get('name')) for c in cases]
if len(keys) != len(set(keys)):
    bad.append('(classname, name) repeated')
for c in cases:
    if '95% CI' in ''.join(f.get('message', '') for f in c) and '/bpftrace/' in c.get('classname', ''):
        bad.append('histogram bounds labelled 95% CI')
md = open(m).read()
head = md.splitlines()[0]
closing = open(out).read().splitlines()[-1]
report_only = name == 'report-only'
if len(md) > 65536:
    bad.append('md of %d characters' % len(md))
if report_only:
    ok = rc == 0 and failures == 0 and head.startswith('## kp gate: REPORT-ONLY: would FAIL') \
        and closing.startswith('REPORT-ONLY: would FAIL')
elif rc == 1:
    ok = failures > 0 and head.startswith('## kp gate: FAIL') and closing.startswith('FAIL')
else:
    ok = rc == 0 and failures == 0 and not head.startswith('## kp gate: FAIL') \
        and not closing.startswith('FAIL')
if not ok:
    bad.append('exit %d, JUnit failures %d, md "%s", closing "%s"' % (rc, failures, head, closing[:80]))
# never PASS while counting regressions past the threshold
if closing.startswith('PASS') and not closing.startswith('PASS: 0 of'):
    bad.append('closing line says PASS with regressions: ' + closing)
# regressions the gate does not fail on: skipped, never failures
for c in cases:
    for s in c.findall('skipped'):
        pass
print('; '.join(bad) if bad else 'ok')
PY
	is "$(cat "$T/chk")" ok "$name: exit $rc, JUnit, md headline and closing line agree"
done <"$T/cases"

# the verdict carries the threshold, the values and a stale baseline
jq '.meta.host = "laptop" | .lmbench.lat_proc.exec *= 2' $D/baseline.json >"$T/2x-elsewhere.json"
gate.sh --junit "$T/j.xml" --md "$T/m.md" "$T/2x-elsewhere.json" $D/baseline.json >/dev/null 2>&1
head -n 1 "$T/m.md" | grep -q '^## kp gate: FAIL: 1 of 8 measurements regressed past 20% (1 red, 0 yellow)$'
ok $? "md: the verdict with the threshold" || head -n 1 "$T/m.md" | sed 's/^/# /'
grep -q '^\*\*STALE baseline\*\* (baseline → target): host differs (ci-runner-1 vs laptop)' "$T/m.md"
ok $? "md: the STALE baseline" || grep STALE "$T/m.md" | sed 's/^/# /'
grep -q '| +100.0%<br>705 → 1410 us |' "$T/m.md"
ok $? "md: the values"
is "$(xmllint --xpath 'string(//property[@name="threshold_pct"]/@value)' "$T/j.xml")" 20 \
    "junit: the threshold"
xmllint --xpath 'string(//property[@name="stale"]/@value)' "$T/j.xml" | grep -q '^host differs (ci-runner-1 vs laptop)$'
ok $? "junit: the STALE baseline"
xmllint --xpath 'string(//failure/@message)' "$T/j.xml" | grep -q '^regression: +100.00%, 705 to 1410 us'
ok $? "junit: the values"

# the 2-hog pair: every regression is a failure or, when the gate does not
# fail on it (yellow), a skipped testcase saying so
gate.sh --junit "$T/j.xml" --md "$T/m.md" $L/target-2hogs $L/baseline >"$T/out" 2>&1
s=$(grep -c '<skipped message="does not fail the gate: regression/' "$T/j.xml")
f=$(grep -c '<failure type="\(red\|yellow\|green\)"' "$T/j.xml")
is "$((s + f))" "$(tail -n 1 "$T/out" | sed -n 's/^[A-Z]*: \([0-9]*\) of .*/\1/p')" \
    "regressions: failures, or skipped testcases when the gate does not fail on them ($f, $s)"
# a regression the gate does not fail on (here triaged): skipped, its finding the message
gate.sh --junit "$T/j.xml" --triage "$T/triage.yaml" "$T/2x.json" $D/baseline.json >/dev/null 2>&1
grep -q '<skipped message="does not fail the gate (triaged): regression/red: +100.00%, 705 to 1410 us' "$T/j.xml"
ok $? "a regression the gate does not fail on is skipped, with the finding as its message"

# a 20-kernel lab: the md stays under GitHub's comment limit and says
# what it left out
$PY - >"$T/lab.ndjson" <<'PY'
import json
for k in range(1, 21):
    for t in range(200):
        print(json.dumps({"type": "cmp", "key": "k%d" % t, "job": "j", "suite": "s",
            "bench": "b%d" % (t % 10), "test": "t%d" % t, "op": "op", "metric": "m",
            "unit": "ops", "better": "higher", "conc": 1, "base_kernel": "v6.0",
            "target_kernel": "v6.%d" % k, "base_exp": "e0", "target_exp": "e%d" % k,
            "family": "f", "base_runs": [], "target_runs": [], "n_base": 5,
            "n_target": 5, "base_median": 100, "target_median": 70,
            "change_pct": -30, "ci_low_pct": -35, "ci_high_pct": -25,
            "class": "regression" if t % 2 else "uncertain",
            "severity": "red" if t % 2 else "none", "score": 80, "reason": "r"}))
PY
kp-render -f md --fail-on red "$T/lab.ndjson" >"$T/lab.md"
is "$?" 1 "a 20-kernel lab: the gate fails"
n=$($PY -c 'import sys; print(len(open(sys.argv[1], encoding="utf-8").read()))' "$T/lab.md")
[ "$n" -le 65536 ]
ok $? "... and its md fits a GitHub comment ($n characters)"
head -n 1 "$T/lab.md" | grep -q '^## kp gate: FAIL'
ok $? "... the verdict first"
grep -q '^\*\*[0-9]* more in the full report\*\*' "$T/lab.md"
ok $? "... and a line says how many more are in the full report"
grep -q '1 regressions\|1 comparisons' "$T/lab.md"
is "$?" 1 "no \"1 regressions\""
done_testing
