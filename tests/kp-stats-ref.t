#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-stats against independent implementations: GNU datamash for count,
# mean, median, quartiles, sd, min and max; numpy/scipy for the rest.
# Random and adversarial groups; agreement to 1e-9 relative.
. "$(dirname "$0")/lib.sh"

cat >"$T/gen.py" <<'EOF'
import json, random, sys
random.seed(20261130)
sets = {
    "n1": [42.5],
    "n2": [1.0, 3.0],
    "n3-ties": [7.0, 7.0, 9.0],
    "zero-var": [5.25] * 7,
    "n5": [10.0, 12.5, 11.0, 30.0, 9.5],
    "n6": [3.0, 1.0, 4.0, 1.5, 9.0, 2.6],
    "huge": [1.5e150, 2.25e150, 3.0e150, 1.0e151, 7.5e149, 1.2e150, 2.0e150],
    "huge-1e300": [1.0e300, 1.5e300, 2.0e300, 4.0e300, 3.5e300],
    "tiny": [1.5e-300, 2.25e-300, 3.0e-300, 1.0e-299, 7.5e-301],
    "negative": [-3.0, -1.5, -2.25, -8.0, -0.5, -1.0],
    "mixed-sign": [-2.0, 0.0, 3.5, -1.25, 4.0, 0.5, 9.0, -7.0],
    "with-zero": [0.0, 1.0, 2.0, 3.0],
    "many-ties": [1.0] * 10 + [2.0] * 10 + [3.0] * 3,
    "normal-50": [random.gauss(1000, 50) for _ in range(50)],
    "lognormal-200": [random.lognormvariate(10, 1) for _ in range(200)],
    "uniform-1001": [random.uniform(-1, 1) for _ in range(1001)],
    "integers-31": [float(random.randint(1, 5)) for _ in range(31)],
}
nd = open(sys.argv[1], "w")
tsv = open(sys.argv[2], "w")
recs = []
for name, vals in sets.items():
    for i, v in enumerate(vals):
        recs.append({"type": "sample", "run": "r@h:1", "iter": 0,
            "kernel": "v1", "instance": "h", "job": "j", "suite": "s",
            "bench": "b", "test": name, "op": "o", "metric": "m",
            "unit": "u", "better": "higher", "conc": 1, "rep": i + 1,
            "sub": 1, "value": v, "src": "x:1", "exp": "e" * 16,
            "key": "k" * 16})
        tsv.write("%s\t%r\n" % (name, v))
random.shuffle(recs)	# kp-stats orders by unit itself
for r in recs:
    nd.write(json.dumps(r) + "\n")
json.dump(sets, open(sys.argv[3], "w"))
EOF

cat >"$T/check.py" <<'EOF'
import json, math, sys
import numpy as np
from scipy import stats
sets = json.load(open(sys.argv[1]))
got = {}
for line in open(sys.argv[2]):
    r = json.loads(line)
    if r["type"] == "stat" and r["scope"] == "group":
        got[r["test"]] = r
dm = {}
for line in open(sys.argv[3]):
    f = line.rstrip("\n").split("\t")
    dm[f[0]] = dict(zip(["n", "mean", "median", "q1", "q3", "sd", "min", "max"],
        [None if x in ("nan", "-nan") else float(x) for x in f[1:]]))

def close(a, b, scale):
    if a is None or b is None or (isinstance(b, float) and math.isnan(b)):
        return (a is None) == (b is None or math.isnan(b))
    return abs(a - b) <= 1e-9 * max(abs(b), scale)

def check(name, stat, g, w, scale):
    print("%s %s/%s got %r want %r" %
        ("PASS" if close(g, w, scale) else "FAIL", name, stat, g, w))

for name, vals in sets.items():
    r = got.get(name)
    if r is None:
        print("FAIL %s/present" % name); continue
    x = np.array(vals); xs = np.sort(x); n = len(x)
    # datamash prints 15 significant digits: compare its figures to 1e-9
    scale = float(np.max(np.abs(x))) * 1e-6 or 1e-300
    d = dm[name]
    for k in ("mean", "median", "q1", "q3", "min", "max"):
        check(name, k + "(datamash)", r[k], d[k], scale)
    check(name, "sd(datamash)", r["sd"], d["sd"] if n > 1 else None, scale)
    check(name, "n(datamash)", r["n"], d["n"], 0)
    # numpy/scipy, full precision
    check(name, "mean", r["mean"], math.fsum(vals) / n, scale)
    check(name, "median", r["median"], float(np.median(x)), scale)
    check(name, "per_instance.median", r["per_instance"][0]["median"], float(np.median(x)), scale)
    check(name, "q1", r["q1"], float(np.quantile(x, 0.25)), scale)
    check(name, "q3", r["q3"], float(np.quantile(x, 0.75)), scale)
    # scaled by the largest magnitude so that 1e300 and 1e-300 survive
    big = float(np.max(np.abs(x)))
    sd = float(np.std(x / big, ddof=1)) * big if n > 1 and big > 0 else (0.0 if n > 1 else None)
    check(name, "sd", r["sd"], sd, scale)
    mad = float(stats.median_abs_deviation(x))
    check(name, "mad", r["mad"], mad, scale)
    check(name, "mad_scaled", r["mad_scaled"], 1.4826 * mad, scale)
    mean = math.fsum(vals) / n
    cv = sd / mean if sd is not None and mean != 0 else None
    check(name, "cv", r["cv"], cv, 1e-12)
    pos = bool(np.all(x > 0))
    check(name, "gmean", r["gmean"], float(stats.gmean(x)) if pos else None, 0)
    check(name, "hmean", r["hmean"], float(stats.hmean(x)) if pos else None, 0)
    # interval of the centre
    if n < 2:
        lo = hi = None; method = "none"
    elif n < 6:
        h = stats.t.ppf(0.975, n - 1) * sd / math.sqrt(n)
        lo, hi, method = mean - h, mean + h, "t"
    else:
        j = 0
        while stats.binom.cdf(j, n, 0.5) <= 0.025:
            j += 1
        lo, hi, method = float(xs[j - 1]), float(xs[n - j]), "order-statistic"
        # the interval's coverage, as the method promises
        cov = 1 - 2 * stats.binom.cdf(j - 1, n, 0.5)
        print("%s %s/coverage %r" % ("PASS" if cov >= 0.95 else "FAIL", name, cov))
    check(name, "ci_low", r["ci_low"], lo, scale)
    check(name, "ci_high", r["ci_high"], hi, scale)
    print("%s %s/ci_method %s" % ("PASS" if r["ci_method"] == method else "FAIL",
        name, r["ci_method"]))
    print("%s %s/obs.sub in rep order" % ("PASS" if r["obs"]["sub"] == vals else "FAIL", name))
EOF

$PY "$T/gen.py" "$T/in.ndjson" "$T/in.tsv" "$T/sets.json"
run_status kp-stats "$T/in.ndjson"
is "$rc" 0 "kp-stats exits 0"
datamash -s -g 1 count 2 mean 2 median 2 q1 2 q3 2 sstdev 2 min 2 max 2 \
	<"$T/in.tsv" >"$T/dm.tsv" 2>/dev/null || : >"$T/dm.tsv"
# the groups and their sizes, as datamash and kp-stats count them
jq -r 'select(.type == "stat" and .scope == "group") | "\(.test)\t\(.n)"' "$T/out" |
    sort >"$T/kpn"
cut -f1,2 "$T/dm.tsv" | sort >"$T/dmn"
ok "$([ -s "$T/dmn" ] && cmp -s "$T/kpn" "$T/dmn"; echo $?)" \
    "every group, with as many samples as datamash counts ($(wc -l <"$T/dmn") groups)"
$PY "$T/check.py" "$T/sets.json" "$T/out" "$T/dm.tsv" >"$T/res"
ok $? "checker ran"
# every set gets its checks: a checker that stops early is a failure
is "$(awk '{ split($2, a, "/"); print a[1] }' "$T/res" | sort -u | wc -l)" \
    "$($PY -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$T/sets.json")" \
    "... for every set"
while read -r status what; do
	[ "$status" = PASS ]
	ok $? "$what"
done <"$T/res"
done_testing
