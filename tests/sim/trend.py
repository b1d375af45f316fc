#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""trend.py: a simulated lab of 40 kernels with known change points, to
measure kp-trend.

usage: trend.py gen TRUTH > stats.ndjson     (stat records, in random order)
       trend.py eval TRUTH TRENDS            (kp-trend's output)

40 kernels in kp(7) order, v6.10-rc1 ... v6.14 (seven rcs and a release
each).  Each family is one measurement swept over 4 concurrency levels.
Every kernel runs on 5 fresh instances whose offset (sd 1.5%) is half
shared by the levels of the family (the machine) and half each level's
own; 5 repetitions per instance with cv 1%, 2%, 3% or 5%, and the
instance's unit is the median of its repetitions, as kp-stats writes it
in per_instance.

Families per cv (KP_SIM_SCALE multiplies them):
  none      60  unchanged
  step      40  a step at every level from a kernel on: -3, -5, -10, +5%
  revert    40  the same, reverted 3 to 10 kernels later
  partial   20  a step at one or two of the four levels only
  outlier   20  one kernel departs at every level and comes back
                (-5, -10, -20 or +10%: a bad run)
  outlier1  10  the same at one level only
  drift     10  a slow drift of -5% to -10% over 8 to 15 kernels
Fixed seed: the same lab every time.

KP_SIM_SHOCK=1: the lab runs every family of a kernel on the same 5
instances, as a real lab does: the machine part of the offsets is drawn
once per kernel and shared by every series of that kernel, and so is a
kernel-wide shock of sd KP_SIM_SHOCK_SD percent (1.5: a build, a boot, a
lab day), which moves every series of the kernel together.

eval prints each rate with its 95% Wilson interval and exits 1 when a
target is missed (TARGETS)."""
import json, math, os, sys
import numpy as np

CVS = (1, 2, 3, 5)
LEVELS = (1, 4, 16, 64)
NINST, NREP, SD, RHO = 5, 5, 0.015, 0.5
SCALE = int(os.environ.get('KP_SIM_SCALE', '1'))
SHOCK = os.environ.get('KP_SIM_SHOCK', '') not in ('', '0')
SHOCK_SD = float(os.environ.get('KP_SIM_SHOCK_SD', '1.5')) / 100
KINDS = (('none', 60), ('step', 40), ('revert', 40), ('partial', 20),
         ('outlier', 20), ('outlier1', 10), ('drift', 10))
STEPS = (-3, -5, -10, 5)
OUTLIERS = (-5, -10, -20, 10)
KERNELS = ['v6.%d%s' % (m, s) for m in range(10, 15)
           for s in ['-rc%d' % r for r in range(1, 8)] + ['']]
K = len(KERNELS)


def gen(truthfile):
    rng = np.random.default_rng(20260615)
    # the instances of each kernel, shared by every family (KP_SIM_SHOCK)
    krng = np.random.default_rng(20261202)
    kmachine = [krng.normal(0, SD * math.sqrt(RHO), NINST) + krng.normal(0, SHOCK_SD)
                for _ in KERNELS]
    truth = open(truthfile, 'w')
    recs = []
    fam = 0
    for cv in CVS:
        for kind, count in KINDS:
            for c in range(count * SCALE):
                fam += 1
                key = 'f%05d' % fam
                shift = np.zeros((len(LEVELS), K))
                t = {'key': key, 'kind': kind, 'cv': cv, 'levels': {}}
                size = STEPS[c % len(STEPS)]
                changed = list(range(len(LEVELS)))
                if kind == 'partial':
                    changed = list(rng.choice(len(LEVELS), 1 + c % 2, replace=False))
                cps, outl, drift = [], [], None
                if kind in ('step', 'partial'):
                    j = int(rng.integers(3, K - 3))
                    cps = [(j, size)]
                    shift[changed, j:] = size
                elif kind == 'revert':
                    j = int(rng.integers(3, K - 14))
                    g = 3 + c % 8
                    cps = [(j, size), (j + g, -size)]
                    shift[:, j:j + g] = size
                elif kind.startswith('outlier'):
                    j = int(rng.integers(2, K - 2))
                    outl = [(j, OUTLIERS[c % len(OUTLIERS)])]
                    if kind == 'outlier1':
                        changed = [c % len(LEVELS)]
                    shift[changed, j] = outl[0][1]
                elif kind == 'drift':
                    span = 8 + c % 8
                    j = int(rng.integers(3, K - span - 3))
                    total = -5 - c % 6
                    drift = (j, j + span - 1, total)
                    for k in range(j, K):
                        shift[:, k] = total * min(1.0, (k - j + 1) / span)
                for li, conc in enumerate(LEVELS):
                    t['levels'][conc] = {
                        'cps': cps if li in changed else [],
                        'outliers': outl if li in changed else [],
                        'drift': drift}
                truth.write(json.dumps(t) + '\n')
                for k, kern in enumerate(KERNELS):
                    machine = rng.normal(0, SD * math.sqrt(RHO), NINST)
                    insts = ['%s-%s-i%d' % (key, kern, i) for i in range(NINST)]
                    if SHOCK:
                        machine = kmachine[k]
                        insts = ['%s-i%d' % (kern, i) for i in range(NINST)]
                    for li, conc in enumerate(LEVELS):
                        off = machine + rng.normal(0, SD * math.sqrt(1 - RHO), NINST)
                        v = 1e5 * np.exp(off[:, None] +
                                         math.log1p(shift[li, k] / 100) +
                                         rng.normal(0, cv / 100, (NINST, NREP)))
                        med = np.median(v, axis=1)
                        mean = v.mean(axis=1)
                        per = ','.join('{"instance":"%s","n":%d,"median":%.10g,"mean":%.10g}'
                                       % (insts[i], NREP, med[i], mean[i])
                                       for i in range(NINST))
                        recs.append(
                            '{"type":"stat","scope":"group","exp":"%s-%s","key":"%s",'
                            '"kernel":"%s","job":"sim","suite":"sim","bench":"cv%d",'
                            '"test":"%s","op":"ops","metric":"ops","unit":"ops/s",'
                            '"better":"higher","conc":%d,"n":%d,"median":%.10g,'
                            '"per_instance":[%s]}'
                            % (key, kern, key, kern, cv, kind, conc, NINST * NREP,
                               float(np.median(v)), per))
    for i in rng.permutation(len(recs)):
        sys.stdout.write(recs[i] + '\n')


def wilson(k, n):
    if n == 0:
        return (float('nan'),) * 3
    z = 1.959964
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return 100 * p, 100 * max(0, c - h), 100 * min(1, c + h)


def poisson(k, n):
    """k events in n series, per 100, with the exact 95% interval
    (Garwood 1936)"""
    from scipy.stats import chi2
    lo = chi2.ppf(0.025, 2 * k) / 2 if k else 0.0
    hi = chi2.ppf(0.975, 2 * k + 2) / 2
    return 100 * k / n, 100 * lo / n, 100 * hi / n


def line(name, k, n, goal=''):
    p, lo, hi = wilson(k, n)
    print('%-58s %5d/%-5d %6.2f%% [%.2f, %.2f] %s' % (name, k, n, p, lo, hi, goal))
    return p


def evaluate(truthfile, trendfile):
    idx = {k: i for i, k in enumerate(KERNELS)}
    truth = {}
    for l in open(truthfile):
        t = json.loads(l)
        for conc, lv in t['levels'].items():
            truth[(t['key'], int(conc))] = (t, lv)
    found = {}
    for l in open(trendfile):
        r = json.loads(l)
        if r.get('type') != 'trend':
            continue
        found[(r['key'], r['conc'])] = r
    c = dict.fromkeys(('steps', 'steps_hit', 'big', 'big_hit', 'rev', 'rev_hit',
                       'unch', 'unch_fp', 'out', 'out_cp', 'out_tr', 'drift',
                       'drift_hit', 'drift_steps', 'extra', 'changed_series'), 0)
    bycell = {}
    for key, (t, lv) in sorted(truth.items()):
        r = found.get(key)
        if r is None:
            print('no trend record for %s at %d' % key)
            return 1
        got = [(idx[x['first']], x['size_pct']) for x in r['changes']]
        used = set()
        for (j, size) in lv['cps']:
            hit = [i for i, (k, s) in enumerate(got)
                   if abs(k - j) <= 1 and s * size > 0 and i not in used]
            if hit:
                used.add(hit[0])
            c['steps'] += 1
            c['steps_hit'] += bool(hit)
            cell = bycell.setdefault((abs(size), t['cv']), [0, 0])
            cell[0] += bool(hit)
            cell[1] += 1
            if abs(size) >= 5 and t['cv'] <= 2:
                c['big'] += 1
                c['big_hit'] += bool(hit)
        if lv['cps']:
            c['changed_series'] += 1
            c['extra'] += len(got) - len(used)
        if t['kind'] == 'revert' and lv['cps']:
            c['rev'] += 1
            c['rev_hit'] += len(used) == 2
        if not lv['cps'] and not lv['outliers'] and t['kind'] != 'drift':
            c['unch'] += 1
            c['unch_fp'] += len(got)
        if lv['outliers']:
            j = lv['outliers'][0][0]
            c['out'] += 1
            c['out_cp'] += any(abs(k - j) <= 1 for k, _ in got)
            c['out_tr'] += any(idx[x['kernel']] == j for x in r['transients'])
        if t['kind'] == 'drift':
            a, b, _ = lv['drift']
            c['drift'] += 1
            c['drift_hit'] += any(idx[d['first']] <= b and idx[d['last']] >= a
                                  for d in r['drifts'])
            c['drift_steps'] += len(got)
    ok = True
    print('kp-trend on %d series of %d kernels (%d families per cv x %s, cv %s%%)'
          % (len(truth), K, sum(n for _, n in KINDS) * SCALE, len(LEVELS),
             '/'.join(map(str, CVS))))
    ok &= line('true steps found within +-1 kernel', c['steps_hit'], c['steps'], '(goal >= 90%)') >= 90
    ok &= line('steps of 5% or more at cv <= 2% found', c['big_hit'], c['big'], '(goal >= 99%)') >= 99
    ok &= line('both changes of a regression reverted 3-10 later', c['rev_hit'], c['rev'], '(goal >= 90%)') >= 90
    p, lo, hi = poisson(c['unch_fp'], c['unch'])
    print('%-58s %5d/%-5d %6.2f per 100 series [%.2f, %.2f] %s' % (
          'false change points in unchanged series', c['unch_fp'], c['unch'], p, lo, hi,
          '(goal: <= 1, its 95% upper bound too)'))
    ok &= hi <= 1
    ok &= line('single-kernel outliers reported as change points', c['out_cp'], c['out'], '(goal <= 2%)') <= 2
    line('single-kernel outliers reported as transients', c['out_tr'], c['out'])
    line('drifts reported as drifts', c['drift_hit'], c['drift'])
    print('%-58s %5d in %d series' % ('change points reported in drifting series',
          c['drift_steps'], c['drift']))
    print('%-58s %5d in %d series' % ('extra change points in changed series',
          c['extra'], c['changed_series']))
    print('recall within +-1 kernel by step size and cv:')
    for (size, cv), (k, n) in sorted(bycell.items()):
        line('  %d%% at cv %d%%' % (size, cv), k, n)
    return 0 if ok else 1


if __name__ == '__main__':
    if sys.argv[1:2] == ['gen'] and len(sys.argv) == 3:
        gen(sys.argv[2])
    elif sys.argv[1:2] == ['eval'] and len(sys.argv) == 4:
        sys.exit(evaluate(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
