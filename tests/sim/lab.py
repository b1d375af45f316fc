#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""lab.py: a generated lab in kp-records(5) form, stat records of scope
group, for tests of what spans levels and families.

usage: lab.py PAIRS FAMILIES LEVELS SEED [SHIFT_PCT [SHIFTED]] > stats.ndjson

Each pair has a baseline and a target kernel (vP.0, vP.1), each run on 5
fresh instances; every instance runs every level of every family, 5
repetitions each, and has one speed offset (sd 1.5%) that all its
measurements share: a slow instance is slow everywhere.  Repetition cv 1%.
The first SHIFTED families (default 0) of each target move by SHIFT_PCT at
every level; the rest of the lab changes nothing."""
import json, math, sys
import numpy as np

pairs, fams, levels, seed = (int(a) for a in sys.argv[1:5])
shift = float(sys.argv[5]) if len(sys.argv) > 5 else 0
shifted = int(sys.argv[6]) if len(sys.argv) > 6 else 0
NINST, NREP, SD, CV = 5, 5, 0.015, 0.01
rng = np.random.default_rng(seed)
w = sys.stdout.write
for p in range(pairs):
    for side in 'bt':
        kern = 'v%d.%d' % (p + 1, side == 't')
        insts = ['p%d%s%d' % (p, side, i) for i in range(NINST)]
        off = rng.normal(0, SD, NINST)
        for f in range(fams):
            sh = shift if side == 't' and f < shifted else 0
            for lv in range(levels):
                v = 1e6 * (1 + lv) * np.exp(off[:, None] + math.log1p(sh / 100) +
                                            rng.normal(0, CV, (NINST, NREP)))
                means = v.mean(axis=1)
                allv = v.ravel()
                per = [{"instance": insts[i], "n": NREP, "median": float(np.median(v[i])),
                        "mean": float(means[i])} for i in range(NINST)]
                m, s = float(allv.mean()), float(allv.std(ddof=1))
                w(json.dumps({"type": "stat", "scope": "group", "exp": "e%d%s" % (p, side),
                              "key": "k", "kernel": kern, "job": "lab", "suite": "lab",
                              "bench": "b", "test": "f%02d" % f, "op": "op", "metric": "ops",
                              "unit": "ops/s", "better": "higher", "conc": lv + 1,
                              "runs": insts, "instances": insts, "n": NINST * NREP,
                              "median": float(np.median(allv)), "mean": m, "sd": s, "cv": s / m,
                              "per_instance": per,
                              "obs": {"instance": means.tolist(), "run": means.tolist(),
                                      "iter": means.tolist(), "rep": allv.tolist(),
                                      "sub": allv.tolist()}}) + '\n')
