#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-stats' per_instance huber, the location kp-compare tests an
# instance by: Huber's M-estimate with the MAD as its scale, k 1.5,
# against R's MASS::huber (Debian r-cran-mass) when installed and against
# a root of Huber's estimating equation found by scipy; a zero MAD keeps
# the median.  Then kp-compare on records without the member (schema 2)
# tests their instances by the median, as it did before.
. "$(dirname "$0")/lib.sh"

cat >"$T/gen.py" <<'PY'
import json, random, sys
random.seed(20261202)
sets = {
    "n1": [42.5],
    "n2": [1.0, 3.0],
    "n3": [7.0, 7.5, 9.0],
    "zero-mad": [7.0, 7.0, 7.0, 9.0, 1.0],
    "n5-outlier": [100.0, 101.5, 99.0, 100.8, 70.0],
    "n5-two-low": [100.0, 70.0, 99.0, 100.8, 69.0],
    "skewed-9": [1.0, 1.1, 1.3, 1.2, 5.0, 1.05, 9.0, 1.15, 1.25],
    "normal-50": [random.gauss(1000, 50) for _ in range(50)],
    "negative": [-3.0, -1.5, -2.25, -8.0, -0.5, -1.0],
}
nd = open(sys.argv[1], "w")
for name, vals in sets.items():
    # two instances of each group: the values and the values doubled
    for h, x in (("h1", 1.0), ("h2", 2.0)):
        for i, v in enumerate(vals):
            nd.write(json.dumps({"type": "sample", "run": "r@%s:1" % h, "iter": 0,
                "kernel": "v1", "instance": h, "job": "j", "suite": "s",
                "bench": "b", "test": name, "op": "o", "metric": "m",
                "unit": "u", "better": "higher", "conc": 1, "rep": i + 1,
                "sub": 1, "value": v * x, "src": "x:1", "exp": "e" * 16,
                "key": "k" * 16}) + "\n")
json.dump(sets, open(sys.argv[2], "w"))
PY
$PY "$T/gen.py" "$T/s" "$T/sets.json"
kp-stats "$T/s" >"$T/st"
ok $? "kp-stats runs"
# name, instance, n, huber, the values: one line per instance
$PY - "$T/st" "$T/sets.json" >"$T/got" <<'PY'
import json, sys
sets = json.load(open(sys.argv[2]))
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r["type"] == "stat" and r["scope"] == "group":
        for p in r["per_instance"]:
            x = 2.0 if p["instance"] == "h2" else 1.0
            print("%s\t%s\t%d\t%r\t%s" % (r["test"], p["instance"], p["n"], p["huber"],
                  ",".join(repr(v * x) for v in sets[r["test"]])))
PY
is "$(wc -l <"$T/got")" 18 "a huber for each of 18 instances"

$PY - "$T/got" <<'PY' >"$T/py" 2>&1
import sys
import numpy as np
from scipy import optimize
bad = 0
for l in open(sys.argv[1]):
    name, inst, n, got, vals = l.rstrip("\n").split("\t")
    x = np.array([float(v) for v in vals.split(",")])
    med = float(np.median(x))
    s = 1.4826 * float(np.median(np.abs(x - med)))
    if s == 0:
        want, tol = med, 0.0
    else:
        # the root of sum psi((x - mu) / s) = 0, psi clipped at 1.5,
        # nearest the median; MASS's iteration stops within 1e-6 s of it
        f = lambda mu: np.clip((x - mu) / s, -1.5, 1.5).sum()
        want = optimize.brentq(f, x.min() - s, x.max() + s, xtol=1e-14 * s)
        tol = 2e-6 * s
    if not abs(float(got) - want) <= tol + 1e-12 * abs(want):
        print("%s %s: huber %s, the estimating equation's root %r" % (name, inst, got, want))
        bad += 1
print("mismatches", bad)
PY
grep -q '^mismatches 0$' "$T/py"
ok $? "huber solves Huber's estimating equation (scipy), the median where the MAD is 0" || cat "$T/py"

if command -v Rscript >/dev/null 2>&1 && Rscript -e 'suppressMessages(library(MASS))' >/dev/null 2>&1; then
	Rscript - "$T/got" <<'R' >"$T/r" 2>&1
suppressMessages(library(MASS))
a <- commandArgs(TRUE)
d <- read.delim(a[1], header = FALSE, colClasses = "character")
bad <- 0
for (i in seq_len(nrow(d))) {
	x <- as.numeric(strsplit(d[i, 5], ",")[[1]])
	want <- if (mad(x) == 0) median(x) else huber(x)$mu
	got <- as.numeric(d[i, 4])
	if (abs(got - want) > 1e-12 * max(1, abs(want))) {
		cat(d[i, 1], d[i, 2], "huber", got, "MASS::huber", want, "\n")
		bad <- bad + 1
	}
}
cat("mismatches", bad, "\n")
R
	grep -q '^mismatches 0 $' "$T/r"
	ok $? "huber equals R's MASS::huber to 1e-12" || cat "$T/r"
else
	skip "the check against MASS::huber" "R's MASS is not installed (Debian r-cran-mass)"
fi

# one pair of the will-it-scale simulation; its records without huber
# (schema 2), and with huber set to the median: the same comparison
W=$(dirname "$0")/sim/wis.py
$PY "$W" gen perfam 1 5 "$T/new" "$T/or"
$PY - "$T/new" "$T/old" "$T/med" <<'PY'
import json, sys
old, med = open(sys.argv[2], "w"), open(sys.argv[3], "w")
for l in open(sys.argv[1]):
    r = json.loads(l)
    for p in r["per_instance"]:
        p["huber"] = p["median"]
    med.write(json.dumps(r) + "\n")
    for p in r["per_instance"]:
        del p["huber"]
    old.write(json.dumps(r) + "\n")
PY
# kp-compare passes its input's stat records on: only what it wrote
for f in new old med; do
	kp-compare "$T/$f" >"$T/all.$f" || break
	grep -v '"type": "stat"' "$T/all.$f" >"$T/c.$f"
done
ok $? "kp-compare runs on records with and without huber"
is "$(grep -c '"type":"cmp"' "$T/c.old")" 144 "a cmp record for each of the 144 levels"
cmp -s "$T/c.old" "$T/c.med"
ok $? "records without huber compare by the instances' medians"
cmp -s "$T/c.old" "$T/c.new"
[ $? -ne 0 ]
ok $? "records with huber compare by it, not by the median"
done_testing
