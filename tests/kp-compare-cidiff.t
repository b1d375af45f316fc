#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-compare -m mmtests-cidiff against every significance mark MMTests
# printed for the bundled runs: an independent check on real data.
. "$(dirname "$0")/lib.sh"
R=$FIX/reference
for f in "$R"/compare-mmtests.*.significance.txt; do
	b=${f##*/compare-mmtests.}; b=${b%%.*}
	pair=${f#*.$b.}; pair=${pair%.significance.txt}
	base=${pair%%.vs.*}; target=${pair#*.vs.}
	{ $PY "$(dirname "$0")/sim/mkstat.py" -k v6.17 -d mmtests "$R/extract-mmtests.$base.$b.txt"
	  $PY "$(dirname "$0")/sim/mkstat.py" -k v6.18 -d mmtests "$R/extract-mmtests.$target.$b.txt"
	} >"$T/in"
	kp-compare -m mmtests-cidiff "$T/in" >"$T/out" 2>"$T/err"
	ok $? "$b $base vs $target: kp-compare runs"
	got=$($PY - "$f" "${f%.significance.txt}.ratio.txt" "$T/out" <<'PYEOF'
import json, re, sys
sig, ratio, out = sys.argv[1:]
want = {}
for l in open(sig):
    m = re.match(r'Significant\s+(\S+)\s+\S+\s+\(\s*\S+%\)\s+(\S+)', l)
    if m: want[m.group(1)] = float(m.group(2)) == 1
cid = {}
for l in open(ratio):
    m = re.match(r'Ratio\s+(\S+)\s+.*\(([-+]?[\d.]+)s\)\s*$', l)
    if m: cid[m.group(1)] = float(m.group(2))
got = {}
for l in open(out):
    c = json.loads(l)
    if c['type'] != 'cmp': continue
    label = c['op'] if c['op'] == 'syscall' else '%s-%d' % (c['op'], c['conc'])
    got[label] = c
bad = []
for k, v in want.items():
    c = got.get(k)
    if c is None: bad.append(k + ': missing'); continue
    if (c['p'] < 0.05) != v: bad.append('%s: mark %s, p %g' % (k, v, c['p']))
    if abs(c['cidiff'] - cid[k]) > 0.0051: bad.append('%s: cidiff %g, MMTests %g' % (k, c['cidiff'], cid[k]))
print('%d/%d %s' % (len(want) - len(bad), len(want), '; '.join(bad)))
PYEOF
)
	prc=$?
	# the checker ran, found marks, and every one holds: "N/N"
	n=${got%% *}
	ok "$([ "$prc" -eq 0 ] && [ "${n#*/}" -gt 0 ] 2>/dev/null &&
	    [ "${n%/*}" = "${n#*/}" ]; echo $?)" \
	    "$b $base vs $target: every mark and cidiff as MMTests (${got:-the checker failed})"
done
done_testing
