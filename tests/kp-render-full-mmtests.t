#!/bin/sh
# kp-render --full --centre hmean --names mmtests against MMTests itself:
# on the bundled runs baseline and target-2hogs, every Hmean row that
# compare-kernels printed (reference/) has a kp row of the same name, with
# the same harmonic means and the same change, to its two decimals.
. "$(dirname "$0")/lib.sh"
ref=$FIX/reference/compare-kernels.baseline.vs.target-2hogs.txt
cd "$T" || exit 2
kp-parse-mmtests --meta baseline:kernel=v6.17 --meta target-2hogs:kernel=v6.18 \
    "$FIX/work/log/baseline" "$FIX/work/log/target-2hogs" 2>/dev/null |
    kp-identify | kp-stats | kp-compare | kp-classify >cls.ndjson
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
ok $? "MMTests' Hmean rows: names, hmeans and changes as compare-kernels printed them ($(tail -1 check))"
sed 's/^/# /' check | head -5

# the table says which centre it shows, in every format
run_status kp-render --full --centre hmean -f text cls.ndjson
ok $(grep -q '^Every measurement: the harmonic mean' "$T/out" &&
    grep -qF 'wis/futex1/futex1-threads[futex1 ops] at 2, ops/s              4.915M' "$T/out"; echo $?) \
    "text: says hmean; kp's names by default"
run_status kp-render --full --centre hmean --names mmtests -f md cls.ndjson
ok $(grep -q 'harmonic mean' "$T/out" &&
    grep -qF '| Hmean ops-futex1\_threads-2, ops/s | 4.915M' "$T/out"; echo $?) "md: says hmean, MMTests' names"
run_status kp-render --full --names mmtests -f text cls.ndjson
ok $(grep -q '^Median ops-futex1_threads-2, ops/s  5.206M' "$T/out"; echo $?) \
    "the median by default, and the name says so"
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
is "$rc.$(cat "$T/err")" "2.kp-render: --centre mean: expected median or hmean" "--centre: median or hmean"
done_testing
