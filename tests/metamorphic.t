#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# metamorphic: a fuzzer finds crashes, not wrong numbers.  These relations
# must hold on the real fixtures whatever the pipeline computes:
#  - shuffling (within the order kp-records(5) asks: a run record before
#    its run's other records), splitting or concatenating the input never
#    changes a verdict, and a shuffle out of that order is refused;
#  - duplicating the input changes nothing or is refused (exit 2);
#  - valid logs written again (CRLF, trailing blanks, gzip, xz, plain) give
#    the samples of MMTests' own extraction (reference/extract-mmtests.*).
. "$(dirname "$0")/lib.sh"
L=$FIX/work/log
cd "$T" || exit 2

# verdict FILE...: what kp-classify says of each comparison, sorted
verdict() {
	kp-identify "$@" | kp-stats | kp-compare -b v6.17 -t v6.18 | kp-classify |
	    jq -c 'select(.type == "cmp") | [.suite, .bench, .test, .op, .metric,
	    .conc, .obs_level, .n_base, .n_target, .class, .severity, .score,
	    .change_pct, .p]' | sort
}
M="--meta baseline:kernel=v6.17 --meta target-cpuhog:kernel=v6.18"
kp-parse-mmtests $M $L/baseline $L/target-cpuhog >all.ndjson
verdict all.ndjson >want
is "$(grep -c . want)" 26 "the reference: 26 comparisons"

# shuffled records: the runs interleaved at random and each run's
# runstat and sample records in a random order, within the order of
# kp-records(5) (a run record first, a job's runstat before its samples)
cat >shuffle.py <<'PY'
import json, random, sys
rng = random.Random(int(sys.argv[2]))
runs, order = {}, []
for l in open(sys.argv[1]):
    r = json.loads(l)
    k = (r.get('run'), r.get('iter', 0))
    if k not in runs:
        runs[k] = {'run': [], 'runstat': [], 'sample': []}
        order.append(k)
    runs[k][r['type'] if r['type'] in ('runstat', 'sample') else 'run'].append(l)
seqs = []
for k in order:
    st, sa = runs[k]['runstat'], runs[k]['sample']
    rng.shuffle(st)
    rng.shuffle(sa)
    seqs.append(runs[k]['run'] + st + sa)
while seqs:
    s = rng.choice(seqs)
    sys.stdout.write(s.pop(0))
    if not s:
        seqs.remove(s)
PY
for seed in 1 2 3 4; do
	$PY shuffle.py all.ndjson $seed >shuf.ndjson
	verdict shuf.ndjson >got
	cmp -s got want
	ok $? "records shuffled (seed $seed): the same verdicts"
done
# a shuffle that puts a sample before its run is refused, not misread
$PY -c 'import random, sys
l = open(sys.argv[1]).readlines(); random.Random(1).shuffle(l)
sys.stdout.writelines(l)' all.ndjson >bad.ndjson
run_status kp-identify bad.ndjson
is "$rc" 2 "records in any order: kp-identify refuses a sample before its run"
# split into files at arbitrary lines
split -n l/3 all.ndjson part.
verdict part.aa part.ab part.ac >got
cmp -s got want
ok $? "input split in three files: the same verdicts"
# runs parsed apart and concatenated, either way round
kp-parse-mmtests --meta baseline:kernel=v6.17 $L/baseline >b.ndjson
kp-parse-mmtests --meta target-cpuhog:kernel=v6.18 $L/target-cpuhog >t.ndjson
cat t.ndjson b.ndjson >c.ndjson
verdict c.ndjson >got
cmp -s got want
ok $? "runs parsed apart and concatenated: the same verdicts"
verdict t.ndjson b.ndjson >got
cmp -s got want
ok $? "... or given as two files, target first: the same verdicts"
# the whole input twice, fed to each stage: refused, or nothing changes
run_status sh -c 'cat all.ndjson all.ndjson | kp-identify'
is "$rc" 2 "kp-identify: the input twice is refused"
kp-identify all.ndjson >i.ndjson
run_status sh -c 'cat i.ndjson i.ndjson | kp-stats'
is "$rc" 2 "kp-stats: the input twice is refused"
kp-stats i.ndjson >s.ndjson
run_status sh -c 'cat s.ndjson s.ndjson | kp-compare -b v6.17 -t v6.18'
is "$rc" 2 "kp-compare: the input twice is refused"
kp-compare -b v6.17 -t v6.18 s.ndjson >c1.ndjson
kp-classify c1.ndjson | sort -u >cl1
cat c1.ndjson c1.ndjson | kp-classify | sort -u >cl2
cmp -s cl1 cl2
ok $? "kp-classify: the input twice, each comparison classified the same"
run_status sh -c 'kp-classify c1.ndjson >cl.ndjson; cat cl.ndjson cl.ndjson | kp-systematic'
is "$rc" 2 "kp-systematic: the input twice is refused"

# the logs of a run written again: other line ends and blanks, gzip, xz
mkdir rs && cp -R $L/baseline rs/
i=0
find rs/baseline/iter-0/*/logs -type f ! -name '*.gz' ! -name '*.xz' | sort >files
while read -r f; do
	i=$((i + 1))
	case $((i % 4)) in
	0) sed -i 's/$/\r/' "$f" ;;
	1) sed -i 's/$/  \t/' "$f" && gzip "$f" ;;
	2) xz "$f" ;;
	3) sed -i 's/$/ /' "$f" ;;
	esac
done <files
run_status kp-parse-mmtests rs/baseline
is "$rc:$(cat "$T/err")" "0:" "logs written again: parsed with no warning"
for b in wis-futex stressng sysbenchcpu sysbenchmutex unixbenchd; do
	$PY "$top/tests/sim/mmref.py" "$T/out" "$FIX/reference/extract-mmtests.baseline.$b.txt" "$b"
	ok $? "logs written again, $b: the samples of extract-mmtests.pl"
done
kp-parse-mmtests $L/baseline | jq -c 'select(.type == "sample") | del(.src)' >ref
jq -c 'select(.type == "sample") | del(.src)' "$T/out" >got
cmp -s got ref
ok $? "logs written again: every sample record the same but its src"

done_testing
