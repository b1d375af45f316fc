# SPDX-License-Identifier: GPL-2.0-or-later
# mmref.py OUT.ndjson REFERENCE BENCH: kp-parse-mmtests' samples of one
# benchmark against extract-mmtests.pl's (tests/data/mmtests/reference):
# the multiset of values (2 decimals) per MMTests label must be equal on
# both sides; differences are printed as TAP comments.
import json, sys, collections
out, ref, bench = sys.argv[1], sys.argv[2], sys.argv[3]
def label(s):
    b, k = s['bench'], s['conc']
    if s['job'] != bench: return None
    if bench == 'wis-futex': return 'ops-%s_%s-%d' % (b, s['test'][len(b) + 1:], k)
    if bench == 'stressng': return 'bops-%s-%d' % (b, k)
    if bench == 'sysbenchcpu': return 'events/sec-%d' % k
    if bench == 'sysbenchmutex': return 'latency-%d' % k
    if bench == 'unixbenchd': return s['op']
got = collections.defaultdict(list)
for l in open(out):
    r = json.loads(l)
    if r['type'] == 'sample' and label(r):
        got[label(r)].append('%.2f' % r['value'])
want = collections.defaultdict(list)
for l in open(ref):
    f = l.split()
    if f: want[f[0]].append(f[3])
ok = all(sorted(got[k]) == sorted(want[k]) for k in set(got) | set(want))
if not ok:
    for k in sorted(set(got) | set(want)):
        if sorted(got[k]) != sorted(want[k]): print('#', k, sorted(got[k]), sorted(want[k]))
sys.exit(0 if ok and want else 1)
