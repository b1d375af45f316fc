#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""halve-mmtests.py SRC DST: copy an MMTests run tree with every throughput
halved (will-it-scale ops, sysbench cpu events/s, stress-ng bogo ops,
unixbench loops), for the gate test: a halving must fail the gate."""
import os
import re
import shutil
import sys

src, dst = sys.argv[1], sys.argv[2]
shutil.copytree(src, dst)


def half(m):
    s = m.group(0)
    return ('%.2f' % (float(s) / 2)) if '.' in s else str(int(s) // 2)


num = re.compile(r'\d+(?:\.\d+)?')
rules = [
    # wis benchlog: min:N max:N total:N
    (re.compile(r'^benchlog-futex'), re.compile(r'^min:\S+ max:\S+ total:\S+$'), num),
    # sysbench cpu: "    events per second:  1203.18"
    (re.compile(r'^benchlog-\d+-_-'), re.compile(r'events per second:'), re.compile(r'\d+\.\d+')),
    # stress-ng: the stressor's row, after its [pid]
    (re.compile(r'^stressng-.*\.log$'), re.compile(r'\] context\s+\d'), None),
    # unixbench: COUNT|N|1|lps
    (re.compile(r'^unixbenchd\.log$'), re.compile(r'^COUNT\|'), re.compile(r'(?<=COUNT\|)\d+')),
]
changed = 0
for root, _, files in os.walk(dst):
    for f in files:
        for fre, lre, vre in rules:
            if not fre.search(f):
                continue
            p = os.path.join(root, f)
            out = []
            for line in open(p):
                if lre.search(line):
                    if vre is None:
                        # bogo ops, then the three times, then two bogo ops/s
                        head, _, tail = line.partition('] context')
                        v = tail.split()
                        v[0] = str(int(v[0]) // 2)
                        v[4] = '%.2f' % (float(v[4]) / 2)
                        v[5] = '%.2f' % (float(v[5]) / 2)
                        line = head + '] context ' + ' '.join(v) + '\n'
                    else:
                        line = vre.sub(half, line)
                    changed += 1
                out.append(line)
            with open(p, 'w') as o:
                o.writelines(out)
if not changed:
    sys.exit('halve-mmtests.py: nothing halved in ' + src)
