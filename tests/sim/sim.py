#!/usr/bin/python3
"""sim.py: a simulated kernel lab with known injected shifts, to measure
kp-compare and kp-classify against plain per-group tests.

usage: sim.py gen > stats.ndjson
       sim.py eval KP MODERATED WELCH MWU     (kp-compare/kp-classify outputs)

Each pair of experiments has 150 groups; 5 instances per side (different
machines, not paired), 5 repetitions each; instance offsets SD 1.5%,
repetition CV 1%, 2% or 5%; 1% of repetitions 30% low.  A/A pairs have no
change at all; mixed pairs shift 10 groups each by -2%, -5% and -10% and
leave 120 unchanged.  Fixed seed: the same table every time."""
import json, sys
import numpy as np

CVS = (1, 2, 5)
PAIRS_AA, PAIRS_MIX = 8, 8
GROUPS, SHIFTS, PER_SHIFT = 150, (2, 5, 10), 10


def side(rng, cv, shift, inst):
    vals, per = [], []
    for i in range(5):
        off = rng.normal(0, 0.015)
        v = 1e6 * np.exp(off + np.log1p(-shift / 100) + rng.normal(0, cv / 100, 5))
        v[rng.random(5) < 0.01] *= 0.7
        vals.append(v)
        per.append({'instance': '%s%d' % (inst, i), 'n': 5,
                    'median': float(np.median(v)), 'mean': float(v.mean())})
    allv = np.concatenate(vals)
    return allv, per, [float(v.mean()) for v in vals]


def gen():
    rng = np.random.default_rng(1789)
    out = sys.stdout
    pair = 0
    for cv in CVS:
        for kind in ['aa'] * PAIRS_AA + ['mix'] * PAIRS_MIX:
            pair += 1
            for g in range(GROUPS):
                shift = 0
                if kind == 'mix' and g < PER_SHIFT * len(SHIFTS):
                    shift = SHIFTS[g // PER_SHIFT]
                key = 'p%03dg%03d' % (pair, g)
                for kern, sh, inst in (('v%d.0' % pair, 0, 'b'), ('v%d.1' % pair, shift, 't')):
                    v, per, means = side(rng, cv, sh, inst + key)
                    m, sd = float(v.mean()), float(v.std(ddof=1))
                    out.write(json.dumps({
                        'type': 'stat', 'scope': 'group', 'exp': kern + key, 'key': key,
                        'kernel': kern, 'job': 'sim', 'suite': 'sim', 'bench': 'cv%d' % cv,
                        'test': kind, 'op': 'shift%d' % shift, 'metric': 'ops', 'unit': 'ops/s',
                        'better': 'higher', 'conc': g + 1,
                        'runs': [p['instance'] for p in per],
                        'instances': [p['instance'] for p in per], 'n': 25,
                        'median': float(np.median(v)), 'mean': m, 'sd': sd, 'cv': sd / m,
                        'per_instance': per,
                        'obs': {'instance': means, 'run': means, 'iter': means,
                                'rep': [float(x) for x in v], 'sub': [float(x) for x in v]}},
                        separators=(',', ':')) + '\n')


def load(path, kp):
    hits = {}
    for l in open(path):
        c = json.loads(l)
        if c['type'] != 'cmp':
            continue
        cell = (int(c['bench'][2:]), c['test'], int(c['op'][5:]))
        if kp:
            hit = c['class'] in ('regression', 'improvement')
        else:
            hit = c['q'] is not None and c['q'] < 0.05
        n, k = hits.get(cell, (0, 0))
        hits[cell] = (n + 1, k + hit)
    return hits


def evaluate(paths):
    names = ('kp', 'moderated', 'welch-log', 'mwu')
    res = [load(p, i == 0) for i, p in enumerate(paths)]
    print('%-4s %-16s %6s' % ('cv%', 'groups', 'n') + ''.join('%11s' % n for n in names))
    fail = []
    for cv in CVS:
        for kind, shift, label in (('aa', 0, 'A/A unchanged'), ('mix', 0, 'mixed unchanged'),
                                   ('mix', 2, 'shift -2%'), ('mix', 5, 'shift -5%'),
                                   ('mix', 10, 'shift -10%')):
            cell = (cv, kind, shift)
            rates = [r.get(cell, (0, 0)) for r in res]
            print('%-4d %-16s %6d' % (cv, label, rates[0][0]) +
                  ''.join('%10.1f%%' % (100 * k / max(n, 1)) for n, k in rates))
            n, k = rates[0]
            # the goals (0.5%, 95%) are printed; the test fails below the
            # floors (1%, 90%) that a change to kp must not fall under
            if shift == 0 and k > 0.005 * n:
                print('goal missed: false positives %d/%d at cv %d%% (%s)' % (k, n, cv, label))
            if shift == 0 and k > 0.01 * n:
                fail.append('false positives %d/%d at cv %d%% (%s)' % (k, n, cv, label))
            if shift == 5 and cv <= 2 and k < 0.95 * n:
                print('goal missed: 5%% shifts found %d/%d at cv %d%%' % (k, n, cv))
            if shift == 5 and cv <= 2 and k < 0.90 * n:
                fail.append('5%% shifts found %d/%d at cv %d%%' % (k, n, cv))
    for f in fail:
        print('FLOOR MISSED:', f)
    return 1 if fail else 0


if sys.argv[1] == 'gen':
    gen()
else:
    sys.exit(evaluate(sys.argv[2:6]))
