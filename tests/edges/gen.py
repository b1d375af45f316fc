#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""gen.py: one classified comparison per hostile name (names.py), as
kp-render reads them, on standard output."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from names import NAMES, WHOLE  # noqa: E402

for i, n in enumerate(NAMES):
    h = n if i < WHOLE else 'm'
    r = dict(type='cmp', key='k%d' % i, job='j', suite='wis', bench='futex1',
             test=n, op='futex1', metric=h, unit=h, better='higher', conc=1,
             base_kernel='v1' + (h if i < WHOLE else ''), target_kernel='v2' + (h if i < WHOLE else ''),
             base_exp='a' * 16, target_exp='b' * 16, base_runs=['b@vm:1'],
             target_runs=['t@vm:2'], obs_level='iter', n_base=5, n_target=5,
             base_median=100, target_median=90, change_pct=-10.5,
             ci_low_pct=-30, ci_high_pct=-5, method='welch-log', p=0.001,
             q=0.003, worse=True, class_='regression', severity='red',
             score=20, reason=n, why='none')
    r['class'] = r.pop('class_')
    sys.stdout.write(json.dumps(r, ensure_ascii=False, separators=(',', ':')) + '\n')
