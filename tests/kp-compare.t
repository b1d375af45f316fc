#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-compare's statistics against scipy and numpy on random and
# adversarial data (ties, zero variance, n = 1 and 2, identical samples,
# huge values), every method, to a relative error of 1e-9.
. "$(dirname "$0")/lib.sh"
cat >"$T/gen.py" <<'PYEOF'
import json, sys
import numpy as np
rng = np.random.default_rng(20261130)
cases = []
for i in range(60):
    nb, nt = rng.integers(2, 9, 2)
    s = rng.uniform(0.001, 0.3)
    b = 1000 * np.exp(rng.normal(0, s, nb)); t = 1000 * np.exp(rng.normal(rng.normal(0, 0.2), s, nt))
    cases.append((b, t))
cases += [
    (np.round(1000 + rng.normal(0, 2, 7)), np.round(1003 + rng.normal(0, 2, 6))),  # ties
    (np.array([5., 5, 5, 5]), np.array([5.1, 5.3, 4.9])),      # zero variance, one side
    (np.array([5., 5, 5]), np.array([6., 6, 6])),              # zero variance, both, different
    (np.array([5., 5, 5]), np.array([5., 5, 5])),              # identical samples
    (np.array([3., 4.]), np.array([5., 7.])),                  # n = 2
    (np.array([3.]), np.array([5., 7., 8.])),                  # n = 1
    (np.array([1e150, 2e150, 1.5e150]), np.array([3e150, 2.5e150, 4e150])),  # huge
    (np.array([1.0, 2.0, 3.0, 4.0]), np.array([1.0, 2.0, 3.0, 4.0])),      # identical
    (np.array([1e-300, 2e-300, 3e-300]), np.array([1e-300, 5e-300, 4e-300])),  # tiny
]
cases += [(rng.normal(1e6, 1e4, 30), rng.normal(1.01e6, 1e4, 25))]  # normal approximation
def rec(kernel, i, v):
    v = [float(x) for x in v]; m = float(np.mean(v))
    return {'type': 'stat', 'scope': 'group', 'exp': '%016x' % (2 * i + (kernel == 'v6.18')),
            'key': '%016x' % i, 'kernel': kernel, 'job': 'j', 'suite': 's', 'bench': 'b',
            'test': 't%d' % i, 'op': 'o', 'metric': 'm', 'unit': 'u', 'better': 'higher',
            'conc': 1, 'runs': ['r' + kernel], 'instances': ['vm'], 'n': len(v),
            'median': float(np.median(v)), 'mean': m, 'cv': None,
            'obs': {'instance': [m], 'run': [m], 'iter': [m], 'rep': v, 'sub': v}}
with open(sys.argv[1], 'w') as f:
    for i, (b, t) in enumerate(cases):
        f.write(json.dumps(rec('v6.17', i, b)) + '\n' + json.dumps(rec('v6.18', i, t)) + '\n')
PYEOF
cat >"$T/check.py" <<'PYEOF'
import json, sys, math, statistics
import numpy as np
from scipy import stats, special, optimize
def var(x):  # exactly rounded (statistics works in rationals); numpy leaves 1e-32 where 0 is exact
    return statistics.variance([float(v) for v in x])
def tq(df):  # t quantile from scipy's cdf: its ppf is only good to about 1e-8 at fractional df
    return optimize.brentq(lambda x: stats.t.sf(x, df) - 0.025, 0, 1e3, xtol=1e-15, rtol=1e-15)
method, inp, out = sys.argv[1:]
st = {}
for l in open(inp):
    r = json.loads(l); st.setdefault(r['key'], {})[r['kernel']] = np.array(r['obs']['rep'])
cmp = [json.loads(l) for l in open(out)]
cmp = {c['key']: c for c in cmp if c['type'] == 'cmp'}
bad = []; worst = 0
def close(name, k, got, want, tol=1e-9):
    global worst
    if want is None or (isinstance(want, float) and math.isnan(want)):
        if got is not None: bad.append('%s %s: got %r, want null' % (k, name, got))
        return
    if got is None: bad.append('%s %s: got null, want %r' % (k, name, want)); return
    e = abs(got - want) / max(abs(want), 1e-300) if abs(want) > 1e-12 else abs(got - want)
    worst = max(worst, e)
    if e > tol: bad.append('%s %s: got %r, want %r' % (k, name, got, want))
def deg(d):  # no spread on either side: decided without a distribution
    return 1.0 if d == 0 else 0.0
def welch(b, t):
    if len(b) < 2 or len(t) < 2: return None, None, None
    sc = max(abs(np.concatenate([b, t])).max(), 1e-300)  # t is scale-free; scipy overflows at 1e150
    b, t = b / sc, t / sc
    vb, vt = var(b) / len(b), var(t) / len(t)
    d = np.mean(t) - np.mean(b)
    if vb + vt == 0: return deg(d), None, None
    a, c = vb / (vb + vt), vt / (vb + vt)
    df = 1 / (a * a / (len(b) - 1) + c * c / (len(t) - 1))
    r = stats.ttest_ind(t, b, equal_var=False)
    p = float(r.pvalue) if np.isfinite(r.pvalue) else 2 * stats.t.sf(abs(d) / math.sqrt(vb + vt), df)
    return p, math.sqrt(vb + vt) * sc, df
# Smyth's prior, an independent implementation (limma's fitFDist)
mod = {}
if method == 'moderated':
    s2, d, keys = [], [], []
    for k, v in st.items():
        b, t = np.log(v['v6.17']), np.log(v['v6.18'])
        if len(b) < 2 or len(t) < 2: continue
        dd = len(b) + len(t) - 2
        s = ((len(b) - 1) * var(b) + (len(t) - 1) * var(t)) / dd
        keys.append((k, s, dd))
        if s > 0: s2.append(s); d.append(dd)
    s2, d = np.array(s2), np.array(d, float)
    e = np.log(s2) - special.digamma(d / 2) + np.log(d / 2)
    ev = np.var(e, ddof=1) - np.mean(special.polygamma(1, d / 2))
    if ev > 0:
        d0 = 2 * optimize.brentq(lambda x: special.polygamma(1, x) - ev, 1e-8, 1e8, xtol=1e-14, rtol=1e-15)
        s0 = math.exp(np.mean(e) + special.digamma(d0 / 2) - math.log(d0 / 2))
    else:
        d0, s0 = math.inf, math.exp(np.mean(e))
    for k, s, dd in keys:
        b, t = np.log(st[k]['v6.17']), np.log(st[k]['v6.18'])
        v = s0 if math.isinf(d0) else (d0 * s0 + dd * s) / (d0 + dd)
        se = math.sqrt(v * (1 / len(b) + 1 / len(t)))
        tt = (np.mean(t) - np.mean(b)) / se
        p = 2 * (stats.norm.sf(abs(tt)) if math.isinf(d0) else stats.t.sf(abs(tt), d0 + dd))
        mod[k] = (p, se, d0 + dd)
ps = {}
for k, v in st.items():
    b, t = v['v6.17'], v['v6.18']; c = cmp.get(k)
    if c is None: bad.append(k + ': no cmp'); continue
    lb, lt = np.log(b), np.log(t)
    close('change_pct', k, c['change_pct'], 100 * (np.median(t) / np.median(b) - 1))
    close('change_mean_pct', k, c['change_mean_pct'], 100 * (np.mean(t) / np.mean(b) - 1))
    if len(b) < 2 or len(t) < 2:
        close('p', k, c['p'], None); continue
    cd = (np.sign(t[:, None] - b[None, :])).mean()
    close('cliffs_delta', k, c['cliffs_delta'], cd)
    sp = math.sqrt(((len(b) - 1) * var(lb) + (len(t) - 1) * var(lt)) / (len(b) + len(t) - 2))
    g = None if sp == 0 and np.mean(lt) != np.mean(lb) else 0.0 if sp == 0 else \
        (np.mean(lt) - np.mean(lb)) / sp * (1 - 3 / (4 * (len(b) + len(t)) - 9))
    if method != 'welch': close('hedges_g', k, c['hedges_g'], g)
    if method == 'welch-log':
        p, se, df = welch(lb, lt)
    elif method == 'welch':
        p, se, df = welch(b, t)
    elif method == 'mwu':
        ties = len(np.unique(np.concatenate([b, t]))) < len(b) + len(t)
        if len(np.unique(np.concatenate([b, t]))) == 1: p = 1.0
        else: p = float(stats.mannwhitneyu(t, b, method='asymptotic' if ties else 'exact', use_continuity=True).pvalue)
        se = None
    else:
        p, se, df = mod[k]
    close('p', k, c['p'], p); ps[k] = p
    if se and method in ('welch-log', 'moderated'):
        h = (stats.norm.ppf(0.975) if math.isinf(df) else tq(df)) * se; dm = np.mean(lt) - np.mean(lb)
        close('ci_low_pct', k, c['ci_low_pct'], 100 * (math.exp(dm - h) - 1))
        close('ci_high_pct', k, c['ci_high_pct'], 100 * (math.exp(dm + h) - 1))
# Benjamini-Hochberg (scipy < 1.11 has no false_discovery_control)
ks = sorted(ps, key=lambda k: ps[k]); m = len(ks)
q = np.minimum.accumulate((np.array([ps[k] for k in ks]) * m / np.arange(1, m + 1))[::-1])[::-1]
for k, qq in zip(ks, np.minimum(q, 1)): close('q', k, cmp[k]['q'], float(qq))
print('%d %s worst %.2g' % (len(bad), '; '.join(bad[:5]), worst))
PYEOF
$PY "$T/gen.py" "$T/in"
for m in welch-log welch mwu moderated; do
	kp-compare -m "$m" "$T/in" >"$T/out" 2>"$T/err"
	ok $? "-m $m runs"
	got=$($PY -W ignore "$T/check.py" "$m" "$T/in" "$T/out")
	is "${got%% *}" 0 "-m $m: p, q, CI, effect sizes and changes as scipy/numpy ($got)"
done
grep -q '"method":"moderated-t-log"' "$T/out"
ok $? "the default method is the moderated t on logs"

# pairing by kernel version
mk() {	# mk KERNEL KEY VALUES...
	k=$1 key=$2; shift 2
	printf '{"type":"stat","scope":"group","exp":"e%s%s","key":"%s","kernel":"%s","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"runs":["r%s"],"median":%s,"mean":%s,"cv":0,"obs":{"sub":[%s]}}\n' \
		"$k" "$key" "$key" "$k" "$k" "$1" "$1" "$(echo "$*" | tr ' ' ,)"
}
{ mk v6.10 k1 1 2; mk v6.11 k1 1 2; mk v6.12-rc3 k1 1 2; mk v6.12 k1 1 2; mk v6.11.3 k1 1 2
  mk v6.12-45-gabcdef0 k1 1 2; mk v7.0-rc1 k1 1 2; mk v6.13-rc1 k2 1 2; } >"$T/k"
kp-compare "$T/k" 2>"$T/err" | jq -r 'select(.type=="cmp") | "\(.base_kernel)>\(.target_kernel)"' | sort >"$T/pairs"
is "$(tr '\n' ' ' <"$T/pairs")" "v6.10>v6.11 v6.11>v6.11.3 v6.11>v6.12 v6.11>v6.12-rc3 v6.12>v6.12-45-gabcdef0 v6.12>v7.0-rc1 " \
	"releases and rcs against the previous release, stable and commits against their release"
grep -q 'kernel v6.13-rc1 against v6.12: kept apart by identity (key k1 against k2), e.g. key k2' "$T/err"
ok $? "a target without a baseline is named on stderr"
run_status kp-compare -b v6.11 "$T/k"
is "$rc" 2 "-b without -t is a usage error"
run_status kp-compare -m nonsense "$T/k"
is "$rc" 2 "an unknown method is a usage error"
printf '{"type":"stat","scope":"group","exp":"x"}\n' >"$T/bad"
run_status kp-compare "$T/bad"
is "$rc" 2 "a stat without its fields is bad input"
grep -q 'bad:1' "$T/err"
ok $? "and the message names file and line"
# -b/-t by fields of run records, several runs on one side
{ printf '{"type":"run","run":"ra","run_name":"baseline"}\n{"type":"run","run":"rb","run_name":"rerun"}\n{"type":"run","run":"rc","run_name":"new"}\n'
  for r in ra rb rc; do printf '{"type":"stat","scope":"group","exp":"%s","key":"k","kernel":"v1.0","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"lower","conc":1,"runs":["%s"],"median":2,"mean":2,"cv":0,"obs":{"sub":[1,2,3]}}\n' $r $r; done
} >"$T/f"
kp-compare -b run_name=baseline -b run_name=rerun -t run_name=new "$T/f" | jq -c 'select(.type=="cmp") | [.base_runs, .target_runs, .n_base]' >"$T/o"
is "$(cat "$T/o")" '[["ra","rb"],["rc"],6]' "-b FIELD=VALUE joins run records; repeated values pool runs"
printf 'run_name=baseline run_name=new\n' >"$T/pairs"
is "$(kp-compare -p "$T/pairs" "$T/f" | grep -c '"type":"stat"')" 3 "-p FILE; stat records pass through"

# a stat record twice is bad input: pooled with itself it would count
# every unit twice
cat "$T/k" "$T/k" >"$T/twice"
run_status kp-compare "$T/twice"
is "$rc" 2 "the same stat records twice: exit 2"
grep -q "^kp-compare: $T/twice:9: a second stat record of s/b/t\[o m\] at 1 of experiment ev6.10k1 (group [0-9a-f]*; the first is at $T/twice:1)" "$T/err"
ok $? "... naming the file and line of both" || sed 's/^/# /' "$T/err"
# pooled stat records must hold different runs and instances
sed 's/"runs":\["rb"\]/"runs":["ra"]/' "$T/f" >"$T/shared"
run_status kp-compare -b run_name=baseline -b run_name=rerun -t run_name=new "$T/shared"
is "$rc" 2 "two pooled stat records of one run: exit 2"
grep -q "^kp-compare: $T/shared:5: the baseline of s/b/t\[o m\] at 1 pools this stat record with the one at $T/shared:4, and both hold run \"ra\"" "$T/err"
ok $? "... naming both and the run" || sed 's/^/# /' "$T/err"
sed 's/"runs":\["\(r[ab]\)"\]/"runs":["\1"],"instances":["vm"]/' "$T/f" >"$T/shared"
run_status kp-compare -b run_name=baseline -b run_name=rerun -t run_name=new "$T/shared"
grep -q "both hold instance \"vm\"" "$T/err"
ok $? "... or one instance" || sed 's/^/# /' "$T/err"

# what a cmp record names: its stat records by group, its family
kp-compare -b run_name=baseline -b run_name=rerun -t run_name=new "$T/f" >"$T/o"
$PY - "$T/o" <<'PY' >"$T/ids"
import hashlib, json, sys
def h(*f):
    return hashlib.sha256(b''.join(x.encode() + b'\0' for x in f)).hexdigest()[:16]
recs = [json.loads(l) for l in open(sys.argv[1])]
stat = {r['exp']: r for r in recs if r['type'] == 'stat'}
gid = {e: h('group', e, r['suite'], r['bench'], r['test'], r['op'], r['metric'], str(r['conc'])) for e, r in stat.items()}
c = [r for r in recs if r['type'] == 'cmp'][0]
print(c['base_groups'] == [gid['ra'], gid['rb']], c['target_groups'] == [gid['rc']],
      c['family'] == h('family', c['base_exp'], c['target_exp'], c['suite'], c['bench'], c['test'], c['op'], c['metric']),
      c['single_run'], c['obs_level'])
PY
is "$(cat "$T/ids")" "True True True True sub" \
    "base_groups and target_groups are the stats' group ids, family as hashlib computes it; one run on a side is single_run"
# The direction of a change, as a table: better, baseline median, target
# median -> change_pct and worse.  Unchanged is never worse, whichever
# way is better.
st() {	# st KERNEL BETTER MEDIAN: a group of two repetitions, MEDIAN and MEDIAN+2
	printf '{"type":"stat","scope":"group","exp":"e%s","key":"k1","kernel":"%s","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"%s","conc":1,"n":2,"median":%s,"mean":%s,"runs":["r%s"],"obs":{"rep":[%s,%s],"sub":[%s,%s]}}\n' \
	    "$1" "$1" "$2" "$3" "$3" "$1" "$3" "$(($3 + 2))" "$3" "$(($3 + 2))"
}
while read -r better b t want; do
	got=$({ st v6.1 "$better" "$b"; st v6.2 "$better" "$t"; } | kp-compare 2>/dev/null |
	    jq -r 'select(.type == "cmp") | "\(.change_pct | round) \(.worse)"')
	is "$got" "$want" "better $better, $b -> $t: change and worse"
done <<'EOF'
lower	100	100	0 false
higher	100	100	0 false
lower	100	110	10 true
lower	100	90	-10 false
higher	100	110	10 false
higher	100	90	-10 true
EOF

# Logs only where every value of both sides is positive: the values of
# each side -> the method of -m welch-log (Welch on the values otherwise)
sv() {	# sv KERNEL V,V,...: a group of those repetitions
	printf '{"type":"stat","scope":"group","exp":"e%s","key":"k1","kernel":"%s","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"n":2,"median":%s,"mean":1,"runs":["r%s"],"obs":{"rep":[%s],"sub":[%s]}}\n' \
	    "$1" "$1" "${2%%,*}" "$1" "$2" "$2"
}
while read -r b t want; do
	is "$({ sv v6.1 "$b"; sv v6.2 "$t"; } | kp-compare -m welch-log 2>/dev/null |
	    jq -r 'select(.type == "cmp") | .method')" "$want" "values $b against $t: $want"
done <<'EOF'
1,3	2,4	welch-log
-1,3	2,4	welch
1,3	-2,4	welch
0,3	2,4	welch
EOF

done_testing
