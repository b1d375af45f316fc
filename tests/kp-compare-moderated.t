#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-compare -m moderated where the instances run every family: each
# instance's offset common to the other families removed, the groups
# tested relative to the pair-wide shift, the moderated t of Smyth (2004)
# with the prior worth at most the other families' df, each level's
# variance from its family's instances x levels, the instances' mean
# square moderated over the families, and q from the closed test of each
# family's levels inside Benjamini-Bogomolov.  Against an
# independent computation in Python (numpy, scipy) and the prior and
# moderated variances against R's limma (squeezeVar) and the variance
# components against a mixed model in R's nlme (lme, REML), when R, limma
# (Debian r-bioc-limma) and nlme (r-cran-nlme) are installed.
. "$(dirname "$0")/lib.sh"
W=$(dirname "$0")/sim/wis.py
# one pair of the will-it-scale layout, half of the offset variance common
# to the families: 24 families, 6 levels, 5 hosts a side, cv 1-5%
$PY "$W" gen half 1 11 "$T/st" "$T/or"
kp-compare -m moderated "$T/st" >"$T/cmp"
ok $? "kp-compare -m moderated runs on the pair"
$PY - "$T/st" "$T/cmp" "$T/sv" <<'PY' >"$T/py" 2>&1
import json, math, sys
import numpy as np
from scipy import special, stats
recs = [json.loads(l) for l in open(sys.argv[1])]
g = {}
for r in recs:
    side = 't' if r['kernel'].endswith('.1') else 'b'
    g.setdefault((r['test'], r['conc']), {})[side] = {
        'inst': [i['instance'] for i in r['per_instance']],
        'loc': np.array([i['huber'] for i in r['per_instance']])}
fams = sorted({f for f, _ in g})
# family scores: log locations (per_instance huber) centred on the cell's side mean, averaged over levels
d = {}
for (f, c), sides in g.items():
    for s, x in sides.items():
        l = np.log(x['loc'])
        for i, u in enumerate(x['inst']):
            d.setdefault((f, s, u), []).append(l[i] - l.mean())
d = {k: np.mean(v) for k, v in d.items()}
insts = sorted({(s, u) for (_, s, u) in d})
num = ss = pairs = cells = 0
for (s, u) in insts:
    v = np.array([d[(f, s, u)] for f in fams if (f, s, u) in d])
    num += v.sum() ** 2 - (v * v).sum(); ss += (v * v).sum()
    pairs += len(v) * (len(v) - 1); cells += len(v)
nb = sum(1 for s, _ in insts if s == 'b'); nt = len(insts) - nb
pw = (nb + nt - 2) / (nb + nt)
ca = num / pairs / pw; ss = ss / cells / pw; nf = cells / len(insts)
noise = math.pi / 2 * max(ss - ca, 0) / max(nf - 1, 1)
w = ca / (ca + noise) if ca > 0 else 0
print('common share of the offsets, w', w)
off = {(f, s, u): np.median([d[(f2, s, u)] for f2 in fams if f2 != f]) for f in fams for (s, u) in insts}
res = {}
g2 = {}
for (f, c), sides in g.items():
    y = {}
    for s, x in sides.items():
        o = np.array([off[(f, s, u)] for u in x['inst']])
        y[s] = np.log(x['loc']) - w * (o - o.mean())
    diff = y['t'].mean() - y['b'].mean()
    s2 = ((len(y['b']) - 1) * y['b'].var(ddof=1) + (len(y['t']) - 1) * y['t'].var(ddof=1)) / (len(y['b']) + len(y['t']) - 2)
    res[(f, c)] = [diff, s2, len(y['b']) + len(y['t']) - 2, 1 / len(y['b']) + 1 / len(y['t'])]
    for s in 'bt':
        for u, v in zip(sides[s]['inst'], y[s]):
            g2.setdefault(f, {}).setdefault(s, {}).setdefault(u, {})[c] = v
def biweight(x):
    x = np.asarray(x); t = np.median(x); s = 4.685 * 1.482602218505602 * np.median(abs(x - t))
    if s == 0:
        return t
    for _ in range(100):
        u = (x - t) / s; wt = np.where(abs(u) < 1, (1 - u * u) ** 2, 0)
        t, prev = (wt * x).sum() / wt.sum(), t
        if abs(t - prev) <= 1e-12 * s:
            break
    return t
shift = biweight([v[0] for v in res.values()])
def fitfdist(s2, df):
    s2 = np.asarray(s2); df = np.asarray(df)
    e = np.log(s2) - special.digamma(df / 2) + np.log(df / 2)
    var = e.var(ddof=1) - special.polygamma(1, df / 2).mean()
    d0 = 2 * trigamma_inv(var) if var > 0 else math.inf
    s0 = math.exp(e.mean() + special.digamma(d0 / 2) - math.log(d0 / 2)) if var > 0 else math.exp(e.mean())
    return d0, s0
def trigamma_inv(y):
    # limma's trigammaInverse: Newton's method on 1 / trigamma
    x = 0.5 + 1 / y
    for _ in range(50):
        tri = special.polygamma(1, x)
        dif = tri * (1 - tri / y) / special.polygamma(2, x)
        x += dif
        if -dif / x < 1e-8:
            break
    return x
keys = sorted(res)
s2 = np.array([res[k][1] for k in keys]); df = np.array([res[k][2] for k in keys])
e = np.log(s2) - special.digamma(df / 2) + np.log(df / 2)
var = e.var(ddof=1) - special.polygamma(1, df / 2).mean()
d0 = 2 * trigamma_inv(var) if var > 0 else math.inf
s0 = math.exp(e.mean() + special.digamma(d0 / 2) - math.log(d0 / 2)) if var > 0 else math.exp(e.mean())
with open(sys.argv[3], 'w') as o:
    o.write('%.17g\t%.17g\n' % (d0, s0))
    for a, b in zip(s2, df):
        o.write('%.17g\t%.17g\n' % (a, b))
# each family's two-way analysis of instances x levels, pooled over sides
fv = {}
for f, sides in g2.items():
    ssi = sse = dfi = 0
    for s, insts in sides.items():
        concs = sorted(next(iter(insts.values())))
        Y = np.array([[insts[u][c] for c in concs] for u in insts])
        n, k = Y.shape
        ri, cl, m = Y.mean(1), Y.mean(0), Y.mean()
        ssi += k * ((ri - m) ** 2).sum()
        sse += ((Y - ri[:, None] - cl[None, :] + m) ** 2).sum()
        dfi += n - 1
    fv[f] = [ssi / dfi, sse / (dfi * (k - 1)), dfi, dfi * (k - 1), k]
# for a mixed model in R: the values, and the variance components by ANOVA
with open(sys.argv[3] + '.long', 'w') as o:
    for f, sides in g2.items():
        for s, insts in sides.items():
            for u, byc in insts.items():
                for c, v in byc.items():
                    o.write('%s\t%s\t%s%s\t%d\t%.17g\n' % (f, s, s, u, c, v))
with open(sys.argv[3] + '.vc', 'w') as o:
    for f, (msi, mse, dfi, dfe, k) in fv.items():
        o.write('%s\t%.17g\t%.17g\n' % (f, (msi - mse) / k, mse))
fk = sorted(fv)
fd0, fs0 = fitfdist([fv[f][0] for f in fk], [fv[f][2] for f in fk])
with open(sys.argv[3] + '.fam', 'w') as o:
    o.write('%.17g\t%.17g\n' % (fd0, fs0))
    for f in fk:
        o.write('%.17g\t%.17g\n' % (fv[f][0], fv[f][2]))
nfam = 0
bad = 0
seen = 0
lev = {}
for l in open(sys.argv[2]):
    c = json.loads(l)
    if c['type'] != 'cmp':
        continue
    diff, v, ld, nn = res[(c['test'], c['conc'])]
    dp = min(d0, (len(fams) - 1) * ld)
    post = (dp * s0 + ld * v) / (dp + ld)
    t = (diff - shift) / math.sqrt(post * nn)
    p = 2 * stats.t.sf(abs(t), dp + ld)
    msi, mse, dfi, dfe, k = fv[c['test']]
    a = ((fd0 * fs0 + dfi * msi) / (fd0 + dfi)) / k; b = fd0 + dfi
    cc = (1 - 1 / k) * mse; vv = a + cc
    fdf = vv * vv / (a * a / b + cc * cc / dfe)
    if stats.f.sf(v / vv, ld, fdf) >= 0.01:
        dp, ld = fd0, fdf - fd0
        p = 2 * stats.t.sf(abs(diff - shift) / math.sqrt(vv * nn), fdf)
        nfam += 1
    seen += 1
    lev.setdefault(c['test'], []).append((c['conc'], diff - shift, p, c['q'], dp == fd0))
    if not (c['method'] == 'moderated-t-log' and abs(c['df'] - (dp + ld)) <= 1e-6 * (dp + ld)
            and abs(c['prior_df'] - dp) <= 1e-6 * dp and abs(c['p'] - p) <= 1e-6 * p + 1e-300):
        print('group', c['test'], c['conc'], c['method'], c['p'], p, c['df'], dp + ld); bad += 1
print('prior d0 %g (capped at %d), s0 %g; %d groups, %d of them on their family\'s variance (prior d0 %g)'
      % (d0, (len(fams) - 1) * 8, s0, seen, nfam, fd0))
# q: Benjamini-Bogomolov over the families, inside a family whose levels
# all took its variance a closed test of every set of its levels, each
# set by Simes' test weighted 1 a level and 1/2 for Bonferroni's smallest
# level-against-the-others t; elsewhere Simes' and Benjamini-Hochberg
from itertools import combinations
def simes_w(p, w):
    w = np.asarray(w, float); w = w * len(w) / w.sum()
    q = np.sort(np.asarray(p) / w)
    return min(1.0, min(q[i] * len(q) / (i + 1) for i in range(len(q))))
def bh(p):
    p = np.asarray(p); n = len(p); o = np.argsort(p); q = np.empty(n); run = 1.0
    for r in range(n - 1, -1, -1):
        run = min(run, p[o[r]] * n / (r + 1)); q[o[r]] = run
    return q
famp, within, nct = {}, {}, 0
for f, ls in lev.items():
    ls.sort()
    ps = [x[2] for x in ls]
    msi, mse, dfi, dfe, k = fv[f]
    nn = 2 / 5
    if all(x[4] for x in ls):
        nct += 1
        adj = list(ps)
        for m in range(2, len(ls) + 1):
            for I in combinations(range(len(ls)), m):
                d = np.array([ls[i][1] for i in I])
                t = [(d[j] - (d.sum() - d[j]) / (m - 1)) / math.sqrt(nn * mse * (1 + 1 / (m - 1))) for j in range(m)]
                pc = min(1.0, min(2 * stats.t.sf(abs(x), dfe) for x in t) * (m if m > 2 else 1))
                pI = simes_w([ps[i] for i in I] + [pc], [1] * m + [0.5])
                for i in I:
                    adj[i] = max(adj[i], pI)
                if m == len(ls):
                    famp[f] = pI
        within[f] = adj
    else:
        famp[f] = simes_w(ps, [1] * len(ps))
        within[f] = list(bh(ps))
fk = sorted(famp); fq = dict(zip(fk, bh([famp[f] for f in fk]))); mf = len(fk)
ts = sorted(fq.values())
qbad = 0
for f, ls in lev.items():
    for (conc, _, _, q, _), c in zip(ls, within[f]):
        best = min(max(t, c * mf / sum(1 for u in ts if u <= t)) for t in ts if t >= fq[f])
        if abs(min(best, 1) - q) > 1e-6 * q:
            print('q', f, conc, q, best); qbad += 1
print('%d of %d families by the closed test; q as Python\'s: %s' % (nct, len(lev), 'yes' if qbad == 0 else 'no'))
print('ok' if bad == 0 and qbad == 0 and nct > 10 and seen == 144 and 0 < w <= 1 and nfam > 100 else 'bad')
PY
is "$(tail -n 1 "$T/py")" ok "offsets removed, relative to the pair-wide shift, moderated t, family variances, the closed test inside Benjamini-Bogomolov: kp's p, df, prior df and q agree with Python's to 1e-6"
sed 's/^/# /' "$T/py"
# the prior (limma's fitFDist) and the moderated variances (squeezeVar)
if command -v Rscript >/dev/null 2>&1 && Rscript -e 'suppressMessages(library(limma))' >/dev/null 2>&1; then
	Rscript - "$T/sv" "$T/sv.fam" <<'R' >"$T/r" 2>&1
suppressMessages(library(limma))
ok <- TRUE
for (f in commandArgs(TRUE)) {
	x <- read.table(f, header = FALSE)
	d0 <- x[1, 1]; s0 <- x[1, 2]
	s2 <- x[-1, 1]; df <- x[-1, 2]
	sv <- squeezeVar(s2, df)
	post <- (d0 * s0 + df * s2) / (d0 + df)
	ok <- ok && abs(sv$df.prior - d0) <= 1e-6 * d0 && abs(sv$var.prior - s0) <= 1e-6 * s0 &&
		all(abs(sv$var.post - post) <= 1e-6 * post)
	cat(sprintf("limma d0 %.10g s0 %.10g; ours %.10g %.10g (%d variances)\n",
		sv$df.prior, sv$var.prior, d0, s0, length(s2)))
}
cat(if (ok) "ok\n" else "bad\n")
R
	is "$(tail -n 1 "$T/r")" ok "the priors' df and variance and the moderated variances (levels; families' instance mean squares) agree with limma's squeezeVar to 1e-6"
	sed 's/^/# /' "$T/r"
else
	skip "the check against limma" "R's limma is not installed (Debian r-bioc-limma)"
fi
# the two-way analysis behind each level's variance is the REML fit of a
# linear mixed model with a random instance effect, where the offsets'
# variance comes out positive (a balanced design)
if command -v Rscript >/dev/null 2>&1 && Rscript -e 'suppressMessages(library(nlme))' >/dev/null 2>&1; then
	Rscript - "$T/sv.long" "$T/sv.vc" <<'R' >"$T/lme" 2>&1
suppressMessages(library(nlme))
a <- commandArgs(TRUE)
x <- read.table(a[1], sep = "\t", col.names = c("fam", "side", "inst", "conc", "y"))
vc <- read.table(a[2], sep = "\t", col.names = c("fam", "sb2", "se2"))
n <- 0; bad <- 0
for (i in seq_len(nrow(vc))) {
	if (vc$sb2[i] <= 0) next
	d <- x[x$fam == vc$fam[i], ]
	d$cell <- factor(paste(d$side, d$conc))
	m <- lme(y ~ cell, random = ~ 1 | inst, data = d, method = "REML",
		control = lmeControl(tolerance = 1e-12, msTol = 1e-12))
	v <- as.numeric(VarCorr(m)[, "Variance"])
	n <- n + 1
	if (abs(v[1] - vc$sb2[i]) > 1e-4 * vc$sb2[i] || abs(v[2] - vc$se2[i]) > 1e-4 * vc$se2[i]) {
		bad <- bad + 1
		cat(sprintf("%s: lme %g %g, anova %g %g\n", vc$fam[i], v[1], v[2], vc$sb2[i], vc$se2[i]))
	}
}
cat(sprintf("%d families fitted\n", n))
cat(if (bad == 0 && n >= 10) "ok\n" else "bad\n")
R
	is "$(tail -n 1 "$T/lme")" ok "the offsets' and the noise's variances agree with nlme's REML fit of a random instance effect to 1e-4"
	sed 's/^/# /' "$T/lme"
else
	skip "the check against nlme" "R's nlme is not installed (Debian r-cran-nlme)"
fi
# The prior needs three groups or more in the pair (MIN_PRIOR_GROUPS):
# fewer keep the Welch test on logs.  Groups of three repetitions whose
# spread differs from one group to the next: groups -> methods
st() {	# st KERNEL I MEDIAN: group I, repetitions MEDIAN, +I, +3I
	printf '{"type":"stat","scope":"group","exp":"e%s","key":"k1","kernel":"%s","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m%s","unit":"u","better":"higher","conc":1,"n":3,"median":%s,"mean":%s,"runs":["r%s"],"obs":{"rep":[%s,%s,%s],"sub":[%s,%s,%s]}}\n' \
	    "$1" "$1" "$2" "$3" "$3" "$1" "$3" "$(($3 + $2))" "$(($3 + 3 * $2))" "$3" "$(($3 + $2))" "$(($3 + 3 * $2))"
}
while read -r n want; do
	got=$(for i in $(seq 1 "$n"); do st v6.1 "$i" 100; st v6.2 "$i" 103; done |
	    kp-compare -m moderated 2>/dev/null | jq -r 'select(.type == "cmp") | .method' | sort -u)
	is "$got" "$want" "$n groups in the pair: $want"
done <<'EOF'
1	welch-log
2	welch-log
3	moderated-t-log
4	moderated-t-log
EOF

done_testing
