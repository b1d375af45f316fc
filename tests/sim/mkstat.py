#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""mkstat.py: stat records (scope group, as kp-stats writes them) from the
reference parse of MMTests, extract-mmtests.RUN.BENCH.txt, for tests that must
not depend on the parser.

usage: mkstat.py [-k KERNEL] [-r RUN] [-d mmtests|real] EXTRACT_FILE...

-d mmtests takes the direction MMTests itself uses (stressng and sysbenchcpu as
lower-is-better), -d real the true one.  One value per invocation (stressng,
sysbench, unixbench) makes one rep per value; will-it-scale's per-second
samples are subs of one rep."""
import getopt, hashlib, json, statistics, sys

MMDIR = {'wis-futex': 'higher', 'stressng': 'lower', 'sysbenchcpu': 'lower',
         'sysbenchmutex': 'lower', 'unixbenchd': 'higher'}


def h(s):
    return hashlib.sha256(s.encode()).hexdigest()[:16]


def stat(kernel, run, bench, label, vals, better):
    op, _, conc = label.rpartition('-')
    if not conc.isdigit():
        op, conc = label, '1'
    per_value = bench != 'wis-futex'
    m = statistics.mean(vals)
    sd = statistics.stdev(vals) if len(vals) > 1 else None
    key = h('%s %s' % (bench, op))
    rec = {'type': 'stat', 'scope': 'group', 'exp': h(kernel + key + run), 'key': key,
           'kernel': kernel, 'job': bench, 'suite': bench.split('-')[0],
           'bench': bench, 'test': bench, 'op': op, 'metric': 'value',
           'unit': 'u', 'better': better, 'conc': int(conc), 'runs': [run],
           'instances': ['vm'], 'n': len(vals), 'median': statistics.median(vals),
           'mean': m, 'sd': sd, 'cv': sd / m if sd is not None else None,
           'per_instance': [{'instance': 'vm', 'n': len(vals),
                             'median': statistics.median(vals), 'mean': m}],
           'obs': {'instance': [m], 'run': [m], 'iter': [m],
                   'rep': list(vals) if per_value else [m], 'sub': list(vals)}}
    return rec


def main():
    opts, files = getopt.getopt(sys.argv[1:], 'k:r:d:')
    o = dict(opts)
    for f in files:
        base = f.rsplit('/', 1)[-1].split('.')
        run, bench = base[1], base[2]
        groups = {}
        for line in open(f):
            w = line.split()
            if len(w) == 4:
                groups.setdefault(w[0], []).append(float(w[3]))
        better = MMDIR[bench]
        if o.get('-d', 'real') == 'real' and bench in ('stressng', 'sysbenchcpu'):
            better = 'higher'
        for label, vals in groups.items():
            print(json.dumps(stat(o.get('-k', 'v6.17'), o.get('-r', run), bench,
                                  label, vals, better)))


main()
