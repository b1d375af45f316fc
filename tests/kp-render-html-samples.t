#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render -f html: a sample line laid out as kp writes it is read
# without the JSON reader (smpfile.c's smp_fast); the site is the one the
# JSON reader makes of the same samples, from a file or a pipe
. "$(dirname "$0")/lib.sh"

cat >"$T/gen.py" <<'PY'
import hashlib, json, sys
def group(*f):    # as libkp's kp_group_id
    return hashlib.sha256("".join(str(x) + "\0" for x in ("group",) + f).encode()).hexdigest()[:16]
ids = dict(suite="s", bench="b", test="t", op="o", metric="m")
gb, gt = group("e1", "s", "b", "t", "o", "m", 1), group("e2", "s", "b", "t", "o", "m", 1)
runs = {"e1": ["b%d@vm:1" % i for i in range(3)], "e2": ["t%d@vm:1" % i for i in range(3)]}
with open(sys.argv[1] + "/cmp.ndjson", "w") as f:
    print(json.dumps(dict(type="cmp", key="k", job="j", unit="u", better="higher", conc=1,
        base_kernel="v6.16", target_kernel="v6.17", base_exp="e1", target_exp="e2",
        base_runs=runs["e1"], target_runs=runs["e2"], base_groups=[gb], target_groups=[gt],
        obs_level="run", n_base=3, n_target=3, base_median=1000, target_median=900,
        change_pct=-10, ci_low_pct=-11, ci_high_pct=-9, method="welch", p=1e-9, q=1e-8,
        hedges_g=-3, cliffs_delta=-1, worse=True, class_="x", severity="red", score=90,
        reason="r", need_n=None, **ids)).replace('"class_": "x"', '"class": "regression"'),
        file=f)
# the fields in kp_sample_t's order, as kp-identify writes them; one
# source in five missing, one with an escape, which the fast reader leaves
# to the JSON reader; values with fractions and exponents
lines = []
for e, g, v in (("e1", gb, 1000), ("e2", gt, 900)):
    n = 0
    for run in runs[e]:
        for it in (0, 1):
            for rep in (1, 2):
                for sub in (1, 2, 3):
                    r = dict(type="sample", run=run, iter=it, kernel="k" + e,
                        instance="vm%d" % (n % 2), job="j", suite="s", bench="b",
                        test="t", op="o", metric="m", unit="u", better="higher",
                        conc=1, rep=rep, sub=sub, value=v + n * 0.37 + 1e-9 * n,
                        src="log %s:%d" % (e, n), exp=e, key="k", group=g)
                    if n % 5 == 0:
                        del r["src"]
                    if n == 7:
                        r["src"] = "log \u00e9:7"
                    lines.append(r)
                    n += 1
with open(sys.argv[1] + "/fast.ndjson", "w") as f:
    for r in lines:
        s = json.dumps(r, separators=(",", ":"))
        if r["value"] == 1000:
            s = s.replace('"value":1000.0', '"value":1E3')
        print(s, file=f)
with open(sys.argv[1] + "/slow.ndjson", "w") as f:
    for r in lines:
        print(json.dumps(r), file=f)
PY
$PY "$T/gen.py" "$T"
cd "$T" || exit 1

run_status kp-render -f html -o fast -s fast.ndjson cmp.ndjson
is "$rc" 0 "a site of samples laid out as kp writes them"
page=$(ls fast/test-*.html | head -n 1)
ok $(grep -q '<td>1000<' "$page" && grep -q '1000.370000001' "$page" &&
    grep -q 'log e1:6,8' "$page" && grep -q 'log é:7' "$page"; echo $?) \
    "... shows their values and sources"
run_status kp-render -f html -o slow -s slow.ndjson cmp.ndjson
is "$rc" 0 "a site of the same samples with spaces, read by the JSON reader"
diff -r fast slow >diff.out 2>&1
is "$?" 0 "... is the same site"
run_status sh -c 'kp-render -f html -o pipe -s - cmp.ndjson <fast.ndjson'
is "$rc" 0 "a site of the samples of a pipe, held"
diff -r fast pipe >diff.out 2>&1
is "$?" 0 "... is the same site"

done_testing
