#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render --full --names mmtests against MMTests itself: on the bundled
# pairs, every Hmean, Amean, Gmean and Median row that compare-kernels
# printed (reference/) has a kp row of the same name, with the same two
# values and the same change, to its two decimals; and --centre hmean's
# CSV holds the harmonic means to every digit.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 2
for t in baseline-rerun target-cpuhog target-2hogs; do
	kp-parse-mmtests --meta baseline:kernel=v6.17 --meta $t:kernel=v6.18 \
	    "$FIX/work/log/baseline" "$FIX/work/log/$t" 2>/dev/null |
	    kp-identify | kp-stats | kp-compare | kp-classify >cls.$t.ndjson
	run_status kp-render --full --names mmtests -f text cls.$t.ndjson
	cp "$T/out" full.$t.txt
	kp-render --full --names mmtests -f csv cls.$t.ndjson >full.$t.csv
	$PY - "$FIX/reference/compare-kernels.baseline.vs.$t.txt" full.$t.txt \
	    cls.$t.ndjson full.$t.csv >check.$t 2>&1 <<'PY'
import csv, json, re, sys
ref, full, cls, names = sys.argv[1:]
# compare-kernels: "Amean     latency-1   161.47 (   0.00%)   144.51 (  10.50%)";
# its % is a gain in MMTests' preferred direction, which is Higher where it
# prints Hmean and Lower where it prints Amean (Summarise.pm)
mm = {}
for l in open(ref):
    m = re.match(r'^(Hmean|Amean|Gmean|Median)\s+(\S+)\s+([0-9.]+) \(\s*0\.00%\)\s+([0-9.]+) [*(]\s*(-?[0-9.]+)%', l)
    if m:
        mm[m.group(1) + ' ' + m.group(2)] = m.group(3, 4, 5)
# kp: "Amean latency-1, ms   161.47 ±9.1%   144.51 ±3.2% +10.50% ?"
kp = {}
for l in open(full):
    m = re.match(r'^((?:Hmean|Amean|Gmean|Median) \S+), .*?  (\S+) \S+\s+(\S+) \S+ ([-+][0-9.]+)%', l)
    if m:
        kp[m.group(1)] = m.group(2, 3, 4)
better = {}
for l in open(cls):
    c = json.loads(l)
    if c['type'] == 'cmp':
        better[c['suite'], c['bench'], c['test'], str(c['conc'])] = c['better']
higher = {r['mmtests_name']: better[r['suite'], r['bench'], r['test'], r['conc']] == 'higher'
          for r in csv.DictReader(open(names))}
bad = 0
for name, (b, t, pct) in sorted(mm.items()):
    r = kp.get(name)
    if r is None:
        print('missing', name); bad += 1; continue
    kb, kt, kc = r
    # where MMTests prefers the other direction than kp, its gain has the
    # other sign: stress-ng's and sysbench cpu's rates count as Lower there
    flip = name.startswith('Hmean') != higher[name]
    want = pct if not flip else (pct[1:] if pct.startswith('-') else '-' + pct)
    if (kb, kt) != (b, t) or float(kc) != float(want):
        print('differs', name, r, (b, t, want)); bad += 1
print('%d of %d rows match' % (len(mm) - bad, len(mm)))
sys.exit(1 if bad or len(mm) < 26 else 0)
PY
	ok $? "baseline vs $t: compare-kernels' Hmean, Amean, Gmean and Median rows, names, both values and change to 2 decimals ($(tail -1 check.$t))"
	sed 's/^/# /' check.$t | head -5
done

ref=$FIX/reference/compare-kernels.baseline.vs.target-2hogs.txt
mv cls.target-2hogs.ndjson cls.ndjson
run_status kp-render --full --centre hmean --names mmtests -f csv cls.ndjson
is "$rc" 0 "the full table with hmean and MMTests' names"
cp "$T/out" full.csv
$PY - "$ref" full.csv cls.ndjson >check 2>&1 <<'PY'
import csv, json, re, sys
ref, full, cls = sys.argv[1:]
mm = {}
for l in open(ref):
    m = re.match(r'^Hmean\s+(\S+)\s+([0-9.]+) \(\s*0\.00%\)\s+([0-9.]+) [* ]\s*(-?[0-9.]+)%', l)
    if m:
        mm['Hmean ' + m.group(1)] = tuple(float(x) for x in m.group(2, 3, 4))
rows = {r['mmtests_name']: r for r in csv.DictReader(open(full))}
verdict = {}
for l in open(cls):
    c = json.loads(l)
    if c['type'] == 'cmp':
        verdict[(c['bench'], c['test'], c['conc'])] = c['class']
bad = 0
for name, (b, t, pct) in sorted(mm.items()):
    r = rows.get(name)
    if r is None:
        print('missing', name); bad += 1; continue
    kb, kt, kc = float(r['v6.17 centre']), float(r['v6.18 centre']), float(r['v6.18 change_pct'])
    if abs(kb - b) > 0.006 or abs(kt - t) > 0.006 or abs(kc - pct) > 0.006:
        print('differs', name, (kb, kt, kc), (b, t, pct)); bad += 1
    if r['centre'] != 'hmean':
        print('not hmean', name); bad += 1
    if r['v6.18 class'] != verdict[(r['bench'], r['test'], int(r['conc']))]:
        print('verdict not the classifier\'s', name); bad += 1
print('%d of %d Hmean rows match' % (len(mm) - bad, len(mm)))
sys.exit(1 if bad or len(mm) < 17 else 0)
PY
ok $? "csv: MMTests' Hmean rows, hmeans and changes to every digit ($(tail -1 check))"
sed 's/^/# /' check | head -5

# the table says which centre it shows, in every format
run_status kp-render --full --centre hmean -f text cls.ndjson
ok $(grep -q '^Every measurement: the harmonic mean' "$T/out" &&
    grep -qF 'wis/futex1/futex1-threads[futex1 ops] at 2, ops/s              4.915M' "$T/out"; echo $?) \
    "text: says hmean; kp's names by default"
run_status kp-render --full --centre hmean --names mmtests -f md cls.ndjson
ok $(grep -q 'harmonic mean' "$T/out" &&
    grep -qF '| Hmean ops-futex1\_threads-2, ops/s | 4914575.06 ' "$T/out"; echo $?) "md: says hmean, MMTests' names and two decimals"
run_status kp-render --full --names mmtests --centre median -f text cls.ndjson
ok $(grep -q '^Median ops-futex1_threads-2, ops/s  5206346.00 ' "$T/out"; echo $?) \
    "--centre median with MMTests' names: the name says so, two decimals"
run_status kp-render --full --centre amean -f text cls.ndjson
ok $(grep -q '^Every measurement: the arithmetic mean' "$T/out" &&
    grep -qF 'sysbench/mutex/mutex[mutex latency-p95] at 1, ms' "$T/out" &&
    grep -q 'at 1, ms  *161.5 ' "$T/out"; echo $?) "--centre amean: every row's arithmetic mean"
kp-render --full -f text cls.ndjson >a
kp-render --full --centre median --names kp -f text cls.ndjson >b
cmp -s a b
ok $? "--centre median --names kp is the default table"
run_status kp-render --centre hmean --names mmtests -f html -o site cls.ndjson
ok $(grep -q 'harmonic mean' site/full.html &&
    grep -q '<td>Hmean ops-futex1_threads-2 <small>' site/full.html; echo $?) "html: full.html too"
run_status kp-render --centre hmean -f text cls.ndjson
is "$rc" 2 "--centre without --full or html: exit 2"
run_status kp-render --full --centre mean -f text cls.ndjson
is "$rc.$(cat "$T/err")" "2.kp-render: --centre mean: expected median, hmean, amean or mmtests" "--centre: median, hmean, amean or mmtests"
done_testing
