#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-compare -m sweep against an independent numpy/scipy implementation of
# the method of kp-compare(1): per-level moderated t, each level's variance
# from its family's instances and levels, the shared part of the
# machines, the levels apart, DerSimonian-Laird tau^2, shrinkage, the family
# variance moderated over the families, Satterthwaite df, q with the closed
# test of each family's levels inside Benjamini-Bogomolov.  Random families
# and adversarial ones (tau^2 = 0, one level, two, three, four, identical
# levels, one extreme level, instances that differ between levels), to a
# relative error of 1e-9 in p, q, df, shrink and the interval.
. "$(dirname "$0")/lib.sh"
cat >"$T/gen.py" <<'PYEOF'
import json, sys
import numpy as np
rng = np.random.default_rng(20261201)
fams = []   # (name, levels, nb, nt, shifts per level, level noise sd, machine sd)
for i in range(6):
    k = 10; nb, nt = [(5, 5), (4, 6), (3, 3), (5, 5), (6, 4), (8, 7)][i]
    sh = [rng.normal(0, 0.02)] * k if i % 2 else list(rng.normal(0, 0.03, k))
    fams.append(('rand%d' % i, k, nb, nt, sh, rng.uniform(0.003, 0.03), rng.uniform(0, 0.02)))
fams += [('tau0', 10, 5, 5, [0.01] * 10, 0.0005, 0.01),      # levels agree: tau^2 = 0
         ('one', 1, 5, 5, [0.02], 0.01, 0.01),               # one level: no borrowing
         ('two', 2, 5, 5, [0.02, 0.0], 0.01, 0.01),          # two: no borrowing
         ('three', 3, 5, 5, [0.0, 0.01, 0.0], 0.01, 0.01),
         ('four', 4, 5, 5, [0.0, 0.0, 0.0, 0.05], 0.01, 0.01),
         ('ident', 10, 5, 5, None, 0.01, 0.01),              # identical levels
         ('extreme', 10, 5, 5, [0.0] * 9 + [0.3], 0.01, 0.01),   # one extreme level
         ('pair', 10, 5, 5, [0.0] * 8 + [-0.06, -0.06], 0.01, 0.01),
         ('moved', 10, 5, 5, [0.0] * 10, 0.01, 0.01)]        # an instance differs at one level
out = open(sys.argv[1], 'w')
for name, k, nb, nt, sh, sd, msd in fams:
    for kern, n, side in (('v6.17', nb, 'b'), ('v6.18', nt, 't')):
        mach = rng.normal(0, msd, n)
        same = np.log(1000) + mach + rng.normal(0, sd, n)
        for lv in range(k):
            y = same if sh is None else np.log(1000) + mach + rng.normal(0, sd, n)
            if side == 't' and sh is not None: y = y + sh[lv]
            insts = ['%s%s%d' % (name, side, j) for j in range(n)]
            if name == 'moved' and side == 't' and lv == 3: insts[0] = 'elsewhere'
            v = [float(x) for x in np.exp(y)]
            per = [{'instance': insts[j], 'n': 3, 'median': v[j], 'mean': v[j]} for j in range(n)]
            out.write(json.dumps({'type': 'stat', 'scope': 'group', 'exp': 'e' + kern + name,
                'key': 'k' + name, 'kernel': kern, 'job': 'j', 'suite': 's', 'bench': name,
                'test': 't', 'op': 'o', 'metric': 'm', 'unit': 'u', 'better': 'higher',
                'conc': 2 ** lv, 'runs': insts, 'instances': insts, 'n': 3 * n,
                'median': float(np.median(v)), 'mean': float(np.mean(v)), 'cv': None,
                'per_instance': per,
                'obs': {'instance': v, 'run': v, 'iter': v, 'rep': v, 'sub': v}}) + '\n')
PYEOF
cat >"$T/check.py" <<'PYEOF'
import json, sys, math, statistics
import numpy as np
from scipy import stats, special, optimize
inp, out = sys.argv[1:]
def var(x): return statistics.variance([float(v) for v in x])
def p2(t, df): return 2 * (stats.norm.sf(abs(t)) if math.isinf(df) else stats.t.sf(abs(t), df))
def tq(df):
    if math.isinf(df): return stats.norm.ppf(0.975)
    return optimize.brentq(lambda x: stats.t.sf(x, df) - 0.025, 0, 1e3, xtol=1e-15, rtol=1e-15)
def prior(s2, d):   # Smyth (2004), limma's fitFDist by moments
    s2, d = np.array(s2, float), np.array(d, float)
    ok = s2 > 0; s2, d = s2[ok], d[ok]
    if len(s2) < 3: return None
    e = np.log(s2) - special.digamma(d / 2) + np.log(d / 2)
    ev = np.var(e, ddof=1) - np.mean(special.polygamma(1, d / 2))
    if ev <= 0: return math.inf, math.exp(np.mean(e))
    d0 = 2 * optimize.brentq(lambda x: special.polygamma(1, x) - ev, 1e-8, 1e8, xtol=1e-14, rtol=1e-15)
    return d0, math.exp(np.mean(e) + special.digamma(d0 / 2) - math.log(d0 / 2))
fam = {}
for l in open(inp):
    r = json.loads(l)
    g = fam.setdefault(r['key'], {}).setdefault(r['conc'], {})
    g[r['kernel']] = {p['instance']: math.log(p['median']) for p in r['per_instance']}
# the per-level moderated t over every group of the pair
lv = []
for key in fam:
    for conc in sorted(fam[key]):
        b, t = fam[key][conc]['v6.17'], fam[key][conc]['v6.18']
        lb, lt = list(b.values()), list(t.values())
        dd = len(lb) + len(lt) - 2
        lv.append(dict(key=key, conc=conc, b=b, t=t, nb=len(lb), nt=len(lt), d=np.mean(lt) - np.mean(lb),
                       s2=((len(lb) - 1) * var(lb) + (len(lt) - 1) * var(lt)) / dd, dd=dd))
d0, s0 = prior([g['s2'] for g in lv], [g['dd'] for g in lv])
for g in lv:
    v = s0 if math.isinf(d0) else (d0 * s0 + g['dd'] * g['s2']) / (d0 + g['dd'])
    g['se'] = math.sqrt(v * (1 / g['nb'] + 1 / g['nt'])); g['df'] = d0 + g['dd']
    g['p'] = p2(g['d'] / g['se'], g['df']); g['est'] = g['d']; g['shrink'] = None
    g['method'] = 'moderated-t-log'
# each level's variance from its family's instances x levels: the two-way
# analysis pooled over the sides, the instances' mean square moderated
# over the families, Satterthwaite df; a level whose own variance exceeds
# the family's at F's 1% point keeps its moderated t
fv = []
for key in fam:
    L = [g for g in lv if g['key'] == key]; k = len(L)
    if k < 3: continue
    names = [sorted(L[0]['b']), sorted(L[0]['t'])]
    if any(sorted(g['b']) != names[0] or sorted(g['t']) != names[1] for g in L): continue
    ssi = sse = dfi = 0
    for i, s in enumerate('bt'):
        Y = np.array([[g[s][nm] for g in L] for nm in names[i]])
        ri, cl, m = Y.mean(1), Y.mean(0), Y.mean()
        ssi += k * ((ri - m) ** 2).sum(); sse += ((Y - ri[:, None] - cl[None, :] + m) ** 2).sum()
        dfi += len(names[i]) - 1
    fv.append(dict(L=L, k=k, msi=ssi / dfi, mse=sse / (dfi * (k - 1)), dfi=dfi, dfe=dfi * (k - 1)))
fpr = prior([f['msi'] for f in fv], [f['dfi'] for f in fv])
for f in fv:
    if not f['mse'] > 0: continue
    a, b = f['msi'], f['dfi']
    if fpr:
        a = fpr[1] if math.isinf(fpr[0]) else (fpr[0] * fpr[1] + f['dfi'] * f['msi']) / (fpr[0] + f['dfi'])
        b = fpr[0] + f['dfi']
    a /= f['k']; cc = (1 - 1 / f['k']) * f['mse']; V = a + cc
    df = V * V / (a * a / b + cc * cc / f['dfe'])
    f['cs'] = True
    for g in f['L']:
        if stats.f.sf(g['s2'] / V, g['dd'], df) < 0.01:
            f['cs'] = False
            continue
        g['se'] = math.sqrt(V * (1 / g['nb'] + 1 / g['nt'])); g['df'] = df
        g['p'] = p2(g['d'] / g['se'], df)
# families
fits = []
for key in fam:
    L = [g for g in lv if g['key'] == key]; k = len(L)
    if k < 3: continue
    names = [sorted(L[0]['b']), sorted(L[0]['t'])]
    if any(sorted(g['b']) != names[0] or sorted(g['t']) != names[1] for g in L): continue
    Y = [np.array([[g[s][nm] for g in L] for nm in names[i]]) for i, s in enumerate('bt')]
    def shared(y):
        C = np.cov(y, rowvar=False, ddof=1)
        return (C.sum() - np.trace(C)) / (k * (k - 1))
    nb, nt = L[0]['nb'], L[0]['nt']
    smin = min(g['se'] ** 2 for g in L)
    c = min(max(shared(Y[0]) / nb + shared(Y[1]) / nt, 0), 0.9 * smin)
    v = np.array([g['se'] ** 2 - c for g in L]); d = np.array([g['d'] for g in L])
    apart = []
    for i in range(k):
        o = [j for j in range(k) if j != i]; w = 1 / v[o]
        z = (d[i] - (w * d[o]).sum() / w.sum()) / math.sqrt(v[i] + 1 / w.sum())
        apart.append(p2(z, L[i]['df']) < 0.01)
    w = 1 / v; mu = (w * d).sum() / w.sum(); Q = (w * (d - mu) ** 2).sum()
    tau2 = max(0.0, (Q - (k - 1)) / (w.sum() - (w * w).sum() / w.sum()))
    ws = 1 / (v + tau2); mu = (ws * d).sum() / ws.sum()
    a = [y @ ws / ws.sum() for y in Y]
    dm = nb + nt - 2
    s2 = (((a[0] - a[0].mean()) ** 2).sum() + ((a[1] - a[1].mean()) ** 2).sum()) / dm
    fits.append(dict(L=L, c=c, v=v, apart=apart, tau2=tau2, mu=mu, s2=s2, dm=dm, nb=nb, nt=nt))
pr = prior([f['s2'] for f in fits], [f['dm'] for f in fits])
for f in fits:
    s2m, dfm = f['s2'], f['dm']
    if pr:
        s2m = pr[1] if math.isinf(pr[0]) else (pr[0] * pr[1] + f['dm'] * f['s2']) / (pr[0] + f['dm'])
        dfm = pr[0] + f['dm']
    vm = s2m * (1 / f['nb'] + 1 / f['nt'])
    for i, g in enumerate(f['L']):
        if f['apart'][i]: continue
        B = f['v'][i] / (f['v'][i] + f['tau2'])
        est = f['mu'] + (1 - B) * (g['d'] - f['mu'])
        own, sh, fm = (1 - B) * g['se'] ** 2, B * (1 - B) * f['c'], B * B * vm
        V = own + sh + fm
        df = V * V / (own * own / g['df'] + sh * sh / f['dm'] + fm * fm / dfm)
        g.update(est=est, se=math.sqrt(V), df=df, p=p2(est / math.sqrt(V), df), shrink=B,
                 method='sweep-eb-log')
got = {}
for l in open(out):
    c = json.loads(l)
    if c['type'] == 'cmp': got[(c['key'], c['conc'])] = c
# q: Benjamini-Bogomolov over the families (keys), each family's p Simes'
# over its levels
def bh(ps):
    ps = np.array(ps); order = np.argsort(ps, kind='stable'); m = len(ps)
    q = np.minimum.accumulate((ps[order] * m / np.arange(1, m + 1))[::-1])[::-1]
    out = [0.0] * m
    for j, i in enumerate(order): out[i] = min(float(q[j]), 1.0)
    return out
# over its levels and Benjamini-Hochberg inside, or, where every level took
# the family's variance, a closed test of every set I of its levels: Simes'
# test of their own p (weight 1 each) and of Bonferroni's smallest p of
# each level against the mean of the others in I (weight 1/2)
from itertools import combinations
def simes_w(p, w):
    w = np.asarray(w, float); w = w * len(w) / w.sum()
    q = np.sort(np.asarray(p) / w)
    return min(1.0, min(q[i] * len(q) / (i + 1) for i in range(len(q))))
ct = {}
for f in fv:
    if not f['mse'] > 0 or not f['cs']: continue
    L = f['L']; k = len(L); nn = 1 / L[0]['nb'] + 1 / L[0]['nt']
    adj = [g['p'] for g in L]; pk = None
    for m in range(2, k + 1):
        for I in combinations(range(k), m):
            d = np.array([L[i]['d'] for i in I])
            pc = min(2 * stats.t.sf(abs((d[j] - (d.sum() - d[j]) / (m - 1)) /
                     math.sqrt(nn * f['mse'] * (1 + 1 / (m - 1)))), f['dfe']) for j in range(m))
            pc = min(1.0, pc * (m if m > 2 else 1))
            pI = simes_w([L[i]['p'] for i in I] + [pc], [1] * m + [0.5])
            for i in I: adj[i] = max(adj[i], pI)
            if m == k: pk = pI
    ct[L[0]['key']] = (pk, adj)
keys = sorted({g['key'] for g in lv})
def famp(k):
    if k in ct: return ct[k][0]
    L = [g for g in lv if g['key'] == k]
    ps = sorted(g['p'] for g in L)
    return min(1.0, min(p * len(ps) / (i + 1) for i, p in enumerate(ps)))
fq = dict(zip(keys, bh([famp(k) for k in keys]))); M = len(keys)
ts = sorted(fq.values())
for k in keys:
    L = [g for g in lv if g['key'] == k]
    for g, w in zip(L, ct[k][1] if k in ct else bh([g['p'] for g in L])):
        g['q'] = min(1.0, min(max(t, w * M / sum(1 for u in ts if u <= t)) for t in ts if t >= fq[k]))
bad = []; worst = 0; nsweep = 0
def close(what, g, x, want):
    global worst
    if want is None or x is None:
        if (want is None) != (x is None): bad.append('%s %s %s: got %r want %r' % (g['key'], g['conc'], what, x, want))
        return
    e = abs(x - want) / max(abs(want), 1e-300)
    worst = max(worst, e)
    if e > 1e-9: bad.append('%s %s %s: got %r want %r' % (g['key'], g['conc'], what, x, want))
for g in lv:
    c = got.get((g['key'], g['conc']))
    if c is None: bad.append('%s %s: no cmp' % (g['key'], g['conc'])); continue
    if c['method'] != g['method']: bad.append('%s %s: method %s, want %s' % (g['key'], g['conc'], c['method'], g['method']))
    nsweep += g['method'] == 'sweep-eb-log'
    close('p', g, c['p'], g['p']); close('q', g, c['q'], g['q'])
    close('df', g, c['df'], None if math.isinf(g['df']) else g['df'])
    close('shrink', g, c['shrink'], g['shrink'])
    h = tq(g['df']) * g['se']
    close('ci_low_pct', g, c['ci_low_pct'], 100 * math.expm1(g['est'] - h))
    close('ci_high_pct', g, c['ci_high_pct'], 100 * math.expm1(g['est'] + h))
per = {}
for g in lv: per.setdefault(g['key'], []).append(g['method'] == 'sweep-eb-log')
print('%d %s; worst %.2g; %d of %d levels borrowed; %s' % (len(bad), '; '.join(bad[:4]), worst,
      nsweep, len(lv), ' '.join('%s:%d/%d' % (k[1:], sum(v), len(v)) for k, v in per.items())))
PYEOF
$PY "$T/gen.py" "$T/in"
ok $? "families generated"
kp-compare -m sweep "$T/in" >"$T/out"
ok $? "kp-compare -m sweep runs"
got=$($PY -W ignore "$T/check.py" "$T/in" "$T/out")
is "${got%% *}" 0 "p, q, df, shrink and interval as numpy/scipy ($got)"
for f in one two moved; do
	n=$(jq -r "select(.type==\"cmp\" and .key==\"k$f\" and .method!=\"moderated-t-log\") | .conc" "$T/out" | wc -l)
	is "$n" 0 "family $f borrows nothing"
done
x=$(jq -r 'select(.type=="cmp" and .key=="kextreme" and .conc==512) | .method' "$T/out")
is "$x" moderated-t-log "the extreme level keeps its own test"
x=$(jq -r 'select(.type=="cmp" and .key=="ktau0") | .shrink' "$T/out" | sort -u)
is "$x" 1 "levels that agree are all given the family mean (tau^2 = 0)"
kp-compare -m moderated "$T/in" | jq -r 'select(.type=="cmp") | .method' | sort -u >"$T/m"
is "$(cat "$T/m")" moderated-t-log "with -m moderated nothing is borrowed"
done_testing
