#!/bin/sh
# metamorphic: a fuzzer finds crashes, not wrong numbers.  These relations
# must hold on the real fixtures whatever the pipeline computes:
#  - shuffling, splitting or concatenating the input never changes a verdict;
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

# shuffled records (a fixed seed), and three seeds more, within what
# kp-records(5) ORDER allows: each run's records after its run record and
# its samples after its runstats, the runs interleaved at random
for seed in 1 2 3 4; do
	$PY -c 'import json, random, sys
r = random.Random(int(sys.argv[2])); runs = {}
for l in open(sys.argv[1]):
    d = json.loads(l); runs.setdefault(d["run"], {}).setdefault(d["type"], []).append(l)
queues = []
for t in runs.values():
    for k in t.values(): r.shuffle(k)
    queues.append(t.get("run", []) + t.get("runstat", []) + t.get("sample", []))
while queues:
    q = r.choice(queues); sys.stdout.write(q.pop(0))
    if not q: queues.remove(q)' all.ndjson $seed >shuf.ndjson
	verdict shuf.ndjson >got
	cmp -s got want
	ok $? "records shuffled (seed $seed): the same verdicts"
done
# out of that order: refused, never other verdicts
$PY -c 'import random, sys
l = open(sys.argv[1]).readlines(); random.Random(1).shuffle(l)
sys.stdout.writelines(l)' all.ndjson >shuf.ndjson
run_status kp-identify shuf.ndjson
is "$rc" 2 "records shuffled out of kp-records(5) order: refused"
# split into files at arbitrary lines, read in order and out of order
split -n l/3 all.ndjson part.
verdict part.aa part.ab part.ac >got
cmp -s got want
ok $? "input split in three files: the same verdicts"
run_status kp-identify part.ac part.aa part.ab
if [ "$rc" -eq 0 ]; then
	verdict part.ac part.aa part.ab >got
	cmp -s got want
	ok $? "... given out of order: the same verdicts"
else
	is "$rc" 2 "... given out of order: the same verdicts, or refused"
fi
# runs parsed apart and concatenated, either way round
kp-parse-mmtests --meta baseline:kernel=v6.17 $L/baseline >b.ndjson
kp-parse-mmtests --meta target-cpuhog:kernel=v6.18 $L/target-cpuhog >t.ndjson
cat t.ndjson b.ndjson >c.ndjson
verdict c.ndjson >got
cmp -s got want
ok $? "runs parsed apart and concatenated: the same verdicts"
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
