#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-compare's family-wide test and pair-wide shift, instances as units,
# against an independent computation with scipy; and a lab with no kernel
# effect whose instances are slow everywhere: nothing is called changed.
. "$(dirname "$0")/lib.sh"
L=$(dirname "$0")/sim/lab.py
# one pair, 6 families of 3 levels on 5 instances a side, 2 families -5%
$PY "$L" 1 6 3 5 -5 2 >"$T/lab"
kp-compare "$T/lab" >"$T/cmp"
ok $? "kp-compare runs on the lab"
is "$(jq -c 'select(.type == "shift") | [.base, .target, .n_base, .n_target, .n_families, .n_cells]' "$T/cmp")" \
	'["v1.0","v1.1",5,5,6,18]' "one shift record for the pair: 5 instances a side, 6 families, 18 cells"
$PY - "$T/lab" "$T/cmp" <<'PY' >"$T/py" 2>&1
import json, math, sys
import numpy as np
from scipy import stats
cells = {}
for l in open(sys.argv[1]):
    r = json.loads(l)
    side = 't' if r['kernel'].endswith('.1') else 'b'
    for i in r['per_instance']:
        cells.setdefault((r['test'], r['conc']), []).append((side, i['instance'], math.log(r['obs']['instance'][r['per_instance'].index(i)])))
fam = {}
for (f, c), vals in cells.items():
    m = np.mean([v for _, _, v in vals])
    for s, i, v in vals:
        fam.setdefault(f, {}).setdefault((s, i), []).append(v - m)
fs = {f: {u: np.mean(v) for u, v in d.items()} for f, d in fam.items()}
insts = sorted({u for d in fs.values() for u in d})
def biweight(x):
    # Tukey's biweight location, c = 4.685, scale 1.4826 MAD held fixed
    x = np.asarray(x); t = np.median(x); s = 4.685 * 1.482602218505602 * np.median(abs(x - t))
    if s == 0:
        return t
    for _ in range(100):
        u = (x - t) / s; w = np.where(abs(u) < 1, (1 - u * u) ** 2, 0)
        t, prev = (w * x).sum() / w.sum(), t
        if abs(t - prev) <= 1e-12 * s:
            break
    return t
pair = {u: biweight([fs[f][u] for f in fs]) for u in insts}
def welch(y):
    b = [v for (s, _), v in y.items() if s == 'b']; t = [v for (s, _), v in y.items() if s == 't']
    r = stats.ttest_ind(t, b, equal_var=False)
    return np.mean(t) - np.mean(b), r.pvalue
d, p = welch(pair)
want = {'shift': (100 * math.expm1(d), p)}
fp = {}
for f in fs:
    d, p = welch({u: fs[f][u] - pair[u] for u in fs[f]})
    fp[f] = (100 * math.expm1(d), p)
ks = sorted(fp, key=lambda f: fp[f][1]); m = len(ks); q, run = {}, 1.0
for i in range(m, 0, -1):
    run = min(run, fp[ks[i - 1]][1] * m / i); q[ks[i - 1]] = run
bad = 0
def close(a, b):
    return abs(a - b) <= 1e-9 * max(1, abs(b))
for l in open(sys.argv[2]):
    r = json.loads(l)
    if r['type'] == 'shift':
        if not (close(r['shift_pct'], want['shift'][0]) and close(r['p'], want['shift'][1])):
            print('shift', r['shift_pct'], r['p'], want['shift']); bad += 1
    elif r['type'] == 'cmp':
        c, p = fp[r['test']]
        if not (close(r['family_change_pct'], c) and close(r['family_p'], p) and close(r['family_q'], q[r['test']]) and r['family_vs_shift']):
            print('family', r['test'], r['family_change_pct'], r['family_p'], r['family_q'], c, p, q[r['test']]); bad += 1
print('ok' if bad == 0 else 'bad')
PY
is "$(tail -n 1 "$T/py")" ok "shift and family-wide tests (Welch on the instances' scores, BH over families) agree with scipy to 1e-9"
[ "$(tail -n 1 "$T/py")" = ok ] || sed 's/^/# /' "$T/py"
is "$(jq -r 'select(.type == "cmp" and .conc == 1) | [.test, (.family_q < 0.01)] | @tsv' "$T/cmp" | tr '\t\n' ' /')" \
	"f00 true/f01 true/f02 false/f03 false/f04 false/f05 false/" "the two families moved 5% are found, relative to the other four"
# instances that run every family: the offset common to the families is
# removed (kp-compare-moderated.t checks how), the levels' variances come
# from their family's instances and levels, moderated over the families,
# so each test has more than the group's own 8 df, and the sweep borrows
is "$(jq -r 'select(.type == "cmp") | [(.df > 8), (.method | test("^(sweep-eb|moderated-t)-log$"))] | @tsv' "$T/cmp" | sort -u)" "$(printf 'true\ttrue')" \
	"instances shared by the families: variances borrowed beyond the group's own df"
n=$(jq -r 'select(.type == "cmp") | .method' "$T/cmp" | grep -c sweep-eb-log)
[ "$n" -ge 15 ]
ok $? "... and the levels borrow from their family (a level apart keeps its own test): $n of 18"
# fewer than 3 families an instance ran: no pair score, each family alone
$PY "$L" 1 2 3 5 -5 1 | kp-compare >"$T/cmp2"
is "$(grep -c '"type":"shift"' "$T/cmp2")" 0 "two families: no shift record"
is "$(jq -r 'select(.type == "cmp" and .conc == 1) | [.test, .family_vs_shift, (.family_p < 0.01)] | @tsv' "$T/cmp2" | tr '\t\n' ' /')" \
	"f00 false true/f01 false false/" "... and the families tested alone"
is "$(jq -r 'select(.type == "cmp") | .method' "$T/cmp2" | sort -u)" sweep-eb-log "... and the levels borrow as usual"

# the level q: Benjamini and Bogomolov (2014), families selected by Simes'
# p over their levels, the levels inside by BH at q R / m; against a
# brute-force search in Python
# for the smallest q at which each level is rejected.  Without instances:
# where the levels of a family ran on the same instances a closed test
# takes Simes' and BH's place, which kp-compare-moderated.t checks
jq -c 'del(.per_instance)' "$T/lab" | kp-compare >"$T/cmp3"
for f in cmp3; do
$PY - "$T/$f" <<'PY' >"$T/py" 2>&1
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
cmps = [r for r in recs if r['type'] == 'cmp']
def bh(ps):
    o = sorted(range(len(ps)), key=lambda i: ps[i]); m = len(ps); q = [0] * m; run = 1.0
    for k in range(m, 0, -1):
        run = min(run, ps[o[k - 1]] * m / k); q[o[k - 1]] = run
    return q
fams = {}
for c in cmps:
    fams.setdefault(c['test'], []).append(c)
names = sorted(fams)
def fp(f):
    ps = sorted(c['p'] for c in fams[f])
    return min(1, min(p * len(ps) / (i + 1) for i, p in enumerate(ps)))
famq = dict(zip(names, bh([fp(f) for f in names])))
w = {}
for f in names:
    for c, q in zip(fams[f], bh([c['p'] for c in fams[f]])):
        w[id(c)] = q
m = len(names)
cands = sorted(set(famq.values()) | {w[id(c)] * m / r for c in cmps for r in range(1, m + 1)} | {1.0})
bad = 0
for c in cmps:
    want = 1.0
    for qs in cands:
        tol = qs * (1 + 1e-12)	# the two sides' q-values may differ in the last bit
        R = sum(1 for f in names if famq[f] <= tol)
        if famq[c['test']] <= tol and w[id(c)] <= tol * R / m:
            want = min(qs, 1.0); break
    if abs(c['q'] - want) > 1e-9 * want:
        print('q', c['test'], c['conc'], c['q'], want); bad += 1
print('ok' if bad == 0 else 'bad')
PY
is "$(tail -n 1 "$T/py")" ok "$f: each level's q is the Benjamini-Bogomolov adjusted p, as a brute-force search finds"
[ "$(tail -n 1 "$T/py")" = ok ] || sed 's/^/# /' "$T/py"
done
is "$(jq -r 'select(.type == "cmp") | .family_p' "$T/cmp3" | sort -u)" null "without instances, no family-wide test"

# the issue's null lab, smaller: 8 kernels, 20 families of 5 levels, 5
# fresh instances a kernel whose offsets (sd 1.5%) every measurement shares
$PY "$L" 4 20 5 7 | kp-compare | kp-classify | kp-systematic >"$T/null"
is "$(jq -r 'select(.type == "cmp") | .class' "$T/null" | grep -c -e regression -e improvement)" 0 \
	"no kernel effect: none of the 700 comparisons is called changed"
is "$(grep -c '"type":"sys"' "$T/null")" 0 "... and no group is listed as changing across levels"
# the reports say the pair-wide shift once, beside the coverage: no
# level's verdict shows a change every family shares
want=$(printf '%+.1f' "$(jq 'select(.type == "shift") | .shift_pct' "$T/cmp")")
kp-classify "$T/cmp" | kp-render -f text >"$T/txt"
grep -qF "  pair-wide shift: v1.0 -> v1.1: the change all 6 families share, instances as units: $want% [" "$T/txt"
ok $? "text report: the pair-wide shift once, with its size ($want%)" || sed 's/^/# /' "$T/txt"
kp-classify "$T/cmp" | kp-render -f md | grep -qF -- '- pair-wide shift: v1.0 -\> v1.1: '
ok $? "md report: the pair-wide shift"
# The instances are shared by the families (their offsets common to the
# families removed, then a prior borrowed over the levels) when each runs
# MINFAM = 3 families or more; with fewer a prior would take one draw of
# offsets for many: families of the lab (3 levels, 5 instances a side) ->
# whether its comparisons borrow a prior (prior_df), and shift records
while read -r nf want; do
	$PY "$L" 1 "$nf" 3 5 -5 1 >"$T/labn"
	kp-compare "$T/labn" 2>/dev/null >"$T/cmpn"
	is "$(jq -r 'select(.type == "cmp") | .prior_df != null' "$T/cmpn" | sort -u):$(grep -c '^{"type":"shift"' "$T/cmpn")" \
	    "$want" "$nf families an instance: prior borrowed, shift records: $want"
done <<'EOF'
2	false:0
3	true:1
4	true:1
EOF

done_testing
