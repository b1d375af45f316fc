#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-plan -H: instances and repetitions from history.  The variance
# components (one-way random-effects ANOVA, unbalanced) and the power of
# the two-sample t test (noncentral t) are computed again in python with
# numpy and scipy.stats.nct, and the smallest plan searched for there.
. "$(dirname "$0")/lib.sh"
man=$top/man/man1/kp-plan.1
sed -n '/^A payload for two/,/^\.Ed/p' "$man" | sed '1,3d;$d' >"$T/payload.yaml"

# history: 3 measurements x 2 kernels, 4-6 instances of 2-5 samples each
cat >"$T/gen.py" <<'PY'
import json, numpy as np
rng = np.random.default_rng(7)
for m, (base, si, sr) in enumerate([(1e6, 0.015, 0.005), (2e4, 0.01, 0.02), (300, 0.02, 0.01)]):
    for k in ("v6.17", "v6.18"):
        for i in range(rng.integers(4, 7)):
            off = rng.normal(0, si)
            for r in range(rng.integers(2, 6)):
                print(json.dumps({"type": "sample", "run": "r%d@m%d:1" % (i, i), "iter": 0,
                    "kernel": k, "instance": "m%d" % i, "job": "j", "suite": "s", "bench": "b",
                    "test": "t%d" % m, "op": "o", "metric": "ops", "unit": "ops/s",
                    "better": "higher", "conc": 1, "rep": r + 1, "sub": 1,
                    "value": base * (1 + off + rng.normal(0, sr)), "src": "x:1"}))
PY
$PY "$T/gen.py" >"$T/hist.ndjson"
cat >"$T/ref.py" <<'PY'
import json, sys, numpy as np
from scipy.stats import nct, t
change, alpha, power = map(float, sys.argv[2:5])
groups = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    g = groups.setdefault((r["kernel"], r["test"], r["conc"]), {})
    g.setdefault(r["instance"], []).append(r["value"])
vi, vr = [], []
for g in groups.values():
    ys = [np.array(v) for v in g.values()]
    k, n = len(ys), np.array([len(y) for y in ys]); N = n.sum()
    gm = np.concatenate(ys).mean()
    msb = sum(len(y) * (y.mean() - gm) ** 2 for y in ys) / (k - 1)
    msw = sum(((y - y.mean()) ** 2).sum() for y in ys) / (N - k)
    n0 = (N - (n ** 2).sum() / N) / (k - 1)
    vi.append(max(0, (msb - msw) / n0) / gm ** 2); vr.append(msw / gm ** 2)
si2, sr2 = np.mean(vi), np.mean(vr)
def pw(n, r):
    ncp = change / np.sqrt(2 * (si2 + sr2 / r) / n); df = 2 * n - 2
    c = t.ppf(1 - alpha / 2, df)
    return nct.sf(c, df, ncp) + nct.cdf(-c, df, ncp)
best = None  # the smallest n * r, then the fewest instances
for n in range(2, 201):
    for r in range(1, 21):
        if best and n * r >= best[0]:
            break
        if pw(n, r) >= power:
            best = (n * r, n, r)
            break
_, n, r = best
print("# sized from history (%d measurements): instance sd %.2f%%, repetition sd %.2f%%"
      % (len(vi), 100 * np.sqrt(si2), 100 * np.sqrt(sr2)))
print("# %d instances x %d repetitions per kernel detect a %g%% change with power %.2f at per-test alpha %g"
      % (n, r, 100 * change, pw(n, r), alpha))
PY
for args in "2 0.01 0.8" "5 0.05 0.9" "1 0.001 0.8"; do
	set -- $args
	kp-plan -n -H "$T/hist.ndjson" -d "$1" -a "$2" -p "$3" "$T/payload.yaml" 2>"$T/err" | sed -n 2,3p >"$T/got"
	$PY "$T/ref.py" "$T/hist.ndjson" "$(echo "$1 / 100" | bc -l)" "$2" "$3" >"$T/want" 2>/dev/null
	is "$(cat "$T/got")" "$(cat "$T/want")" "-d $1 -a $2 -p $3: the components, the smallest plan and its power, as scipy has them"
done

# the scale of kp-plan(1): instance sd 1.5%, nothing within a machine
cat >"$T/flat.py" <<'PY'
import json
for i, m in enumerate((100 * (1 + 0.015 / 2 ** 0.5), 100 * (1 - 0.015 / 2 ** 0.5))):
    for r in range(3):
        print(json.dumps({"type": "sample", "kernel": "k", "instance": "m%d" % i, "job": "j",
            "suite": "s", "bench": "b", "test": "t", "op": "o", "metric": "m", "conc": 1,
            "value": m}))
PY
$PY "$T/flat.py" >"$T/flat.ndjson"
kp-plan -n -H "$T/flat.ndjson" -d 2 -a 0.01 "$T/payload.yaml" | sed -n 2,4p >"$T/got"
is "$(sed -n 2p "$T/got")" "# 15 instances x 1 repetitions per kernel detect a 2% change with power 0.80 at per-test alpha 0.01" \
    "instance sd 1.5%: a 2% change needs 15 instances a side at alpha 0.01"
grep -q "the instance component dominates: repetitions on one machine average only" "$T/got"
ok $? "... and the plan says the instance component dominates, and why"
is "$(kp-plan -n -H "$T/flat.ndjson" -d 4.4 -a 0.01 "$T/payload.yaml" | sed -n 3p | cut -c1-16)" "# 5 instances x " \
    "... while 5 a side detect about 4%"
is "$(kp-plan -n -H "$T/flat.ndjson" -d 2 -a 0.01 "$T/payload.yaml" | grep -c 'dut: "c7g.metal"')" 15 \
    "the plan has that many test entries"
run_status kp-plan -n -H "$T/flat.ndjson" -d 0.1 "$T/payload.yaml"
is "$rc:$(cat "$T/err")" "2:kp-plan: $T/flat.ndjson: no plan of at most 200 instances x 20 repetitions detects a 0.1% change with power 0.8 at alpha 0.01: the instance sd is 1.50%, the repetition sd 0.00%" \
    "a change too small for any plan: refused, saying why"
run_status kp-plan -n -H "$T/flat.ndjson" "$T/payload.yaml"
is "$rc" 2 "-H without -d: usage"
# a sample given twice would shift the variance components
{ cat "$T/hist.ndjson"; head -n 1 "$T/hist.ndjson"; } >"$T/dup.ndjson"
n=$(wc -l <"$T/dup.ndjson")
run_status kp-plan -n -H "$T/dup.ndjson" -d 2 "$T/payload.yaml"
is "$rc:$(cat "$T/err")" "2:kp-plan: $T/dup.ndjson:$n: a second sample of this run, iter, rep, sub and measurement (the first is at $T/dup.ndjson:1); expected one" \
    "a sample twice: exit 2 naming both lines"
done_testing
