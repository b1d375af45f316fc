#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-stats on the bundled MMTests fixtures and on hand-made input:
# groups, hand-checked figures, noise, roll-ups, warm-up, order
# independence and bad input.
. "$(dirname "$0")/lib.sh"

LOG=$FIX/work/log
stat_g='select(.type == "stat" and .scope == "group")'

# every run labelled as a different kernel
kp-parse-mmtests --meta baseline:kernel=A --meta baseline-rerun:kernel=B \
	--meta target-cpuhog:kernel=C --meta target-2hogs:kernel=D "$LOG" \
	>"$T/parsed" 2>"$T/perr"
ok $? "kp-parse-mmtests parses the fixtures"
kp-identify "$T/parsed" >"$T/id"
run_status kp-stats "$T/id"
is "$rc" 0 "fixtures: exit 0"
cp "$T/out" "$T/diff"
is "$(jq -r "$stat_g | .kernel" "$T/diff" | sort | uniq -c | awk '{ printf "%s%s ", $2, $1 }')" \
	"A26 B26 C26 D26 " \
	"one group per measurement: 16 wis + 3 stressng + 3 sysbench cpu + 3 mutex + 1 unixbench per run"
is "$(jq -r "$stat_g | .exp" "$T/diff" | sort -u | wc -l)" 20 "different kernels: 20 experiments (4 runs x 5 jobs)"
is "$(jq -r "$stat_g | .key" "$T/diff" | sort -u | wc -l)" 5 "... and 5 keys: equal across kernels"
is "$(jq -r "$stat_g | [.key, .suite, .bench, .test, .op, .metric, .conc] | @tsv" "$T/diff" | sort | uniq -c | awk '$1 != 4' | wc -l)" 0 \
	"... every measurement has one key in all four runs"
is "$(grep -c '"type":"noise"' "$T/diff")" 0 "one run per experiment: no noise records"
is "$(jq -r 'select(.type == "run" or .type == "runstat") | .type' "$T/diff" | sort | uniq -c | awk '{ printf "%s%s ", $2, $1 }')" \
	"run4 runstat20 " "run and runstat records pass through"
grep -v '"type":"sample"' "$T/id" >"$T/want_pass"
grep -v '"type":"stat"' "$T/diff" | grep -v '"type":"noise"' | cmp -s - "$T/want_pass"
ok $? "... byte for byte, in their order"
is "$(grep -c '"type":"sample"' "$T/diff")" 0 "samples are consumed"

# the group id: of each stat record's fields by kp-records(5), computed
# here by Python's hashlib; every sample finds its group by it
$PY - "$T/diff" "$T/id" >"$T/gid" <<'PY'
import hashlib, json, sys
def gid(r):
    f = [r[k] for k in ('exp', 'suite', 'bench', 'test', 'op', 'metric')] + [str(r['conc'])]
    return hashlib.sha256(b''.join(x.encode() + b'\0' for x in ['group'] + f)).hexdigest()[:16]
stats = [json.loads(l) for l in open(sys.argv[1])]
groups = {s['group']: s for s in stats if s['type'] == 'stat' and s['scope'] == 'group'}
noise = [s for s in stats if s['type'] == 'noise']
bad = [s['group'] for s in list(groups.values()) + noise if s['group'] != gid(s)]
n = {}
for l in open(sys.argv[2]):
    r = json.loads(l)
    if r['type'] == 'sample':
        n[gid(r)] = n.get(gid(r), 0) + 1
print(len(groups), len(bad), sum(1 for g, s in groups.items() if n.get(g) != s['n']))
PY
is "$(cat "$T/gid")" "104 0 0" "group ids as hashlib computes them; each group's samples found by its id"

# hand-checked figures (reference/extract-mmtests.baseline.*.txt)
g() {	# g KERNEL SUITE BENCH CONC JQ-EXPR
	jq -r "$stat_g | select(.kernel == \"$1\" and .suite == \"$2\" and .bench == \"$3\" and .conc == $4) | $5" "$T/diff"
}
is "$(g A sysbench cpu 1 '[.n, .median, .min, .max] | @tsv')" "$(printf '3\t1202\t1184.9\t1203.18')" \
	"sysbench cpu events/s at 1 thread: 1203.18, 1202.00, 1184.90 -> median 1202"
is "$(g A sysbench cpu 1 '.obs.sub | @csv')" "1203.18,1202,1184.9" "... obs.sub in repetition order"
is "$(g A sysbench cpu 1 '.mean')" "$($PY -c 'import math; print(repr(math.fsum([1203.18, 1202.00, 1184.90]) / 3))')" \
	"... mean"
is "$(g A wis futex1 1 '[.n, .median] | @tsv')" "$(printf '5\t3076413')" "wis futex1 at 1 task: median 3076413 of 5"
is "$(g A unixbench syscall 1 '[.n, .n_reps, .median] | @tsv')" "$(printf '8\t8\t12927163')" "unixbench syscall: 8 samples, median 12927163"
is "$(g A stressng context 2 '.multimodal')" true "stress-ng context at 2 workers (4423 vs 7976, 8080) is multimodal"
is "$(jq -r "$stat_g | select(.suite == \"unixbench\" or .bench == \"cpu\" or .conc == 1 and .suite == \"wis\") | select(.multimodal) | .test" "$T/diff" | wc -l)" 0 \
	"unimodal noise (sysbench cpu, unixbench, one-task wis, all runs) is not flagged"
is "$(g A wis futex1 1 '[.n_instances, .n_runs, .n_iters, .n_reps, (.runs | length), (.obs.run | length), (.obs.rep | length), (.obs.sub | length)] | @csv')" \
	"1,1,1,1,1,1,1,5" "counts and levels of one run (wis: five samples of one invocation)"

# the unstable count of a roll-up, recomputed from its groups
want=$(jq -r "$stat_g | select(.kernel == \"A\" and .suite == \"sysbench\" and .bench == \"mutex\") |
	select(.n >= 2 and .min > 0 and ((.max - .min) / .min > 0.2 or .cv > 0.2)) | .conc" "$T/diff" | wc -l)
is "$(jq -r 'select(.type == "stat" and .scope == "test" and .kernel == "A" and .bench == "mutex") | .unstable_groups' "$T/diff")" \
	"$want" "test roll-up: unstable groups by the lkp-tests rule"
is "$(jq -r 'select(.type == "stat" and .scope == "suite" and .kernel == "A" and .suite == "wis") | [.n_groups, .n, .incomplete_groups, (.missing_conc | length)] | @csv' "$T/diff")" \
	"16,80,0,0" "suite roll-up of wis: 16 groups, 80 samples, complete"
is "$(jq -r 'select(.type == "stat" and .scope != "group") | .scope' "$T/diff" | sort | uniq -c | awk '{ printf "%s%s ", $2, $1 }')" \
	"exp20 suite20 test32 " "roll-ups: per test, suite and experiment"

# a missing level and a short group show in the roll-ups
jq -c 'select(.type != "sample" or .kernel != "A" or .bench != "futex2" or .conc != 3)' "$T/id" |
	jq -c 'select(.type != "sample" or .kernel != "A" or .bench != "futex1" or .conc != 1 or .sub != 5)' >"$T/holes"
kp-stats "$T/holes" >"$T/o"
is "$(jq -r 'select(.type == "stat" and .scope == "suite" and .kernel == "A" and .suite == "wis") | [.n_groups, .n, .incomplete_groups, (.missing_conc | @csv)] | @tsv' "$T/o")" \
	"$(printf '15\t74\t1\t3')" "roll-up: missing_conc [3] and one incomplete group"

# baseline and rerun as one kernel: one experiment, two runs, noise
kp-parse-mmtests --meta baseline:kernel=v6.17 --meta baseline-rerun:kernel=v6.17 \
	--meta target-cpuhog:kernel=C --meta target-2hogs:kernel=D "$LOG" 2>/dev/null |
	kp-identify | kp-stats >"$T/same"
ok $? "same kernel: exit 0"
is "$(jq -r "$stat_g | .exp" "$T/same" | sort -u | wc -l)" 15 "baseline and rerun share one exp per job"
is "$(jq -r "$stat_g | select(.kernel == \"v6.17\") | .n_runs" "$T/same" | sort -u)" 2 "... with two runs in every group"
is "$(grep -c '"type":"noise"' "$T/same")" 26 "... and a noise record per group"
n=$(jq -r 'select(.type == "noise" and .bench == "context" and .conc == 2) | [.n_runs, (.run_medians | @csv), .source, .df] | @tsv' "$T/same")
is "$n" "$(printf '2\t8636.66,7975.8\treruns\t1')" "stress-ng context at 2: run medians 8636.66 (baseline-rerun) and 7975.8 (baseline), from reruns, df 1"
# run_sd_pct: the standard deviation of the logs of the run means, by Python's statistics
kp-parse-mmtests --meta baseline:kernel=v6.17 --meta baseline-rerun:kernel=v6.17 "$LOG/baseline" "$LOG/baseline-rerun" 2>/dev/null |
	jq -r 'select(.type == "sample" and .bench == "futex2" and .conc == 2) | [.run, .value] | @tsv' >"$T/f2"
want=$($PY -c 'import sys, math, statistics as s, collections as c
d = c.defaultdict(list)
for l in open(sys.argv[1]): r, v = l.split(); d[r].append(float(v))
print(round(100 * s.stdev([math.log(s.mean(v)) for v in d.values()]), 6))' "$T/f2")
is "$(jq -r 'select(.type == "noise" and .bench == "futex2" and .conc == 2) | .run_sd_pct * 1e6 | round / 1e6' "$T/same")" "$want" \
	"will-it-scale futex2 at 2 tasks: run_sd_pct $want, the sd of the logs of the run means (98% apart)"
awk '/"type":"stat"/ && /"scope":"group"/ { g = 1; next } /"type":"noise"/ && !g { bad = 1 } { g = 0 } END { exit bad }' "$T/same"
ok $? "each noise record follows its group's stat record"

# record order and field order do not change a figure
awk 'BEGIN { srand(11) } { print rand() "\t" $0 }' "$T/id" | sort | cut -f2- >"$T/shuf"
kp-stats "$T/shuf" | grep -e '"type":"stat"' -e '"type":"noise"' >"$T/o1"
grep -e '"type":"stat"' -e '"type":"noise"' "$T/diff" | cmp -s - "$T/o1"
ok $? "shuffled records: the same output"
jq -c 'to_entries | reverse | from_entries' "$T/id" | kp-stats | grep '"type":"stat"' >"$T/o2"
grep '"type":"stat"' "$T/diff" | cmp -s - "$T/o2"
ok $? "reversed field order: the same output"
jq -r "$stat_g | [.exp, .suite, .bench, .test, .op, .metric, .conc] | @tsv" "$T/diff" >"$T/ord"
LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k2,2 -k3,3 -k4,4 -k5,5 -k6,6 -k7,7n "$T/ord" | cmp -s - "$T/ord"
ok $? "groups sorted by exp, suite, bench, test, op, metric, conc"

# warm-up
kp-stats -w 1 "$T/id" >"$T/w"
is "$(jq -r "$stat_g | select(.kernel == \"A\" and .bench == \"cpu\" and .conc == 1) | [.n, .n_dropped, .median, (.obs.sub | @csv)] | @tsv" "$T/w")" \
	"$(printf '2\t1\t1193.45\t1202,1184.9')" "-w 1 drops repetition 1 and counts it"
kp-stats -w 1000 "$T/id" >"$T/w"
is "$(jq -r "$stat_g | select(.kernel == \"A\" and .bench == \"cpu\" and .conc == 1) | [.n, .n_dropped, .median, .ci_method, (.obs.sub | length)] | @tsv" "$T/w")" \
	"$(printf '0\t3\t\tnone\t0')" "-w beyond every repetition: the group stays, n 0, statistics null"

# the levels of replication: 2 instances x 2 runs x 2 iters x 2 reps x 2 subs
$PY - "$T/nest" "$T/nest.want" <<'EOF'
import json, sys, random
random.seed(3)
out = open(sys.argv[1], "w"); recs = []; tree = {}
for i in ("i1", "i2"):
    for r in ("a", "b"):
        run = "%s-%s" % (r, i)
        for it in (0, 1):
            for rep in (1, 2):
                for sub in (1, 2):
                    v = float(random.randint(1, 1000))
                    recs.append(dict(type="sample", run=run, iter=it, kernel="k",
                        instance=i, job="j", suite="s", bench="b", test="t", op="o",
                        metric="m", unit="u", better="lower", conc=1, rep=rep,
                        sub=sub, value=v, src="x:1", exp="e" * 16, key="k" * 16))
                    tree.setdefault(i, {}).setdefault(run, {}).setdefault(it, {}).setdefault(rep, []).append(v)
random.shuffle(recs)
for r in recs: out.write(json.dumps(r) + "\n")
mean = lambda xs: sum(xs) / len(xs)
inst = [mean([v for r in tree[i].values() for t in r.values() for p in t.values() for v in p]) for i in sorted(tree)]
runs = [mean([v for t in tree[i][r].values() for p in t.values() for v in p]) for i in sorted(tree) for r in sorted(tree[i])]
iters = [mean([v for p in tree[i][r][t].values() for v in p]) for i in sorted(tree) for r in sorted(tree[i]) for t in sorted(tree[i][r])]
import statistics
meds = {r: statistics.median([v for t in tree[i][r].values() for p in t.values() for v in p]) for i in tree for r in tree[i]}
open(sys.argv[2] + ".runs", "w").write(json.dumps([meds[r] for r in sorted(meds)]) + "\n")
reps = [mean(tree[i][r][t][p]) for i in sorted(tree) for r in sorted(tree[i]) for t in sorted(tree[i][r]) for p in sorted(tree[i][r][t])]
open(sys.argv[2], "w").write(json.dumps([inst, runs, iters, reps]) + "\n")
EOF
kp-stats "$T/nest" >"$T/o"
is "$(jq -c "$stat_g | [.obs.instance, .obs.run, .obs.iter, .obs.rep]" "$T/o")" "$(jq -c . "$T/nest.want")" \
	"obs: unit means at instance, run, iter and rep, ordered by unit"
is "$(jq -r "$stat_g | [.n, .n_instances, .n_runs, .n_iters, .n_reps, (.obs.sub | length), (.per_instance | length)] | @csv" "$T/o")" \
	"32,2,4,8,16,32,2" "counts at every level"
is "$(grep -c '"type":"noise"' "$T/o")" 1 "four runs: a noise record"
is "$(jq -c 'select(.type == "noise") | .run_medians' "$T/o")" "$(jq -c . "$T/nest.want.runs")" \
	"... with each run's median (8 values each), in run order"

# bad input names the place
s='{"type":"sample","run":"r","iter":0,"kernel":"k","instance":"h","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"rep":1,"sub":1,"value":1,"src":"x:1","exp":"eeeeeeeeeeeeeeee","key":"kkkkkkkkkkkkkkkk"}'
bad() {	# bad NAME SED-EXPR MESSAGE-PATTERN
	{ echo "$s"; echo "$s" | sed 's/"rep":1/"rep":2/' | sed "$2"; } >"$T/bad"
	run_status kp-stats "$T/bad"
	is "$rc" 2 "$1: exit 2"
	grep -q "^kp-stats: $T/bad:2:[0-9]*: $3" "$T/err"
	ok $? "$1: names file:line:col" || sed 's/^/# /' "$T/err"
}
bad "no value" 's/"value":1,//' '.*value'
bad "string value" 's/"value":1/"value":"1"/' 'expected a number for "value"'
bad "non-finite value" 's/"value":1/"value":1e999/' '.*finite'
bad "non-numeric conc" 's/"conc":1/"conc":"1"/' 'expected an integer >= 1 for "conc"'
bad "fractional conc" 's/"conc":1/"conc":1.5/' 'expected an integer >= 1 for "conc"'
bad "conc -1" 's/"conc":1/"conc":-1/' 'expected an integer >= 1 for "conc"'
bad "rep 0" 's/"rep":2/"rep":0/' 'expected an integer >= 1 for "rep"'
bad "no exp" 's/"exp":"eeeeeeeeeeeeeeee",//' '.*kp-identify'
bad "a second unit" 's/"unit":"u"/"unit":"ms"/' '"unit" is "ms" here and "u"'
{ echo "$s" | sed 's/"better":"[a-z]*"/"better":"up"/'; } >"$T/bad"
run_status kp-stats "$T/bad"
is "$rc" 2 "better neither higher nor lower: exit 2"
grep -q "^kp-stats: $T/bad:1:[0-9]*: expected .*higher.* for \"better\", got \"up\"" "$T/err"
ok $? "... naming file:line:col" || sed 's/^/# /' "$T/err"
{ echo "$s"; echo "$s"; } >"$T/bad"
run_status kp-stats "$T/bad"
is "$rc" 2 "two samples of one unit: exit 2"
run_status kp-stats /dev/null
is "$rc.$(wc -c <"$T/out")" "0.0" "empty input: no records, exit 0"
run_status kp-stats -w x /dev/null
is "$rc" 2 "-w x: exit 2"
run_status kp-stats -q
is "$rc" 2 "unknown option: exit 2"
grep -q '^usage: kp-stats \[-s i/n\] \[-w n\] \[file ...\]$' "$T/err"
ok $? "... with the synopsis"
run_status kp-stats --help
is "$rc.$(head -n 1 "$T/out")" "0.usage: kp-stats [-s i/n] [-w n] [file ...]" "--help: the synopsis first on stdout, exit 0"
run_status kp-stats --version
is "$rc.$(cat "$T/out")" "0.kp-stats $(sed -n 's/^VERSION = //p' "$top/config.mk")" \
    "--version: the version of config.mk"
# -s i/n: shards by exp whose outputs, one after the other, are the
# output of one kp-stats byte for byte (other records in shard 1 only)
{
	echo '{"type":"run","run":"r","iter":0}'
	for e in 0 3 5 8 a c f; do
		for rep in 1 2 3; do
			echo "$s" | sed "s/eeeeeeeeeeeeeeee/$e${e}00000000000000/; s/\"rep\":1/\"rep\":$rep/; s/\"value\":1/\"value\":$rep$e/" |
				sed 's/"value":\([0-9]*\)[a-f]/"value":\1/'
		done
	done
	echo '{"type":"runstat","run":"r","iter":0}'
} >"$T/many"
kp-stats "$T/many" >"$T/one"
ok $? "many exps: exit 0"
for n in 2 3; do
	i=1
	: >"$T/cat"
	while [ $i -le $n ]; do
		kp-stats -s $i/$n "$T/many" >>"$T/cat" || break
		i=$((i + 1))
	done
	cmp -s "$T/cat" "$T/one"
	ok $? "-s i/$n: the shards one after the other are the output of one kp-stats"
done
is "$(kp-stats -s 3/3 "$T/many" | jq -r 'select(.scope == "exp") | .exp' | tr '\n' ' ')" \
	"cc00000000000000 ff00000000000000 " "-s 3/3: the exps of the last third of the range"
# samples as kp-identify writes them (exp, key and group last, in hex):
# each shard parses only its own, telling the others' from their lines
sed 's/"key":"kkkkkkkkkkkkkkkk"}/"key":"0123456789abcdef","group":"0123456789abcdef"}/' \
	"$T/many" >"$T/ided"
kp-stats "$T/ided" >"$T/one"
kp-stats -s 1/2 "$T/ided" >"$T/cat" && kp-stats -s 2/2 "$T/ided" >>"$T/cat"
cmp -s "$T/cat" "$T/one"
ok $? "-s i/2 of samples as kp-identify writes them: one after the other, the output of one kp-stats"
# line 2: a sample of exp 0000000000000000, shard 1 of 2, broken
sed '2s/"run":"r"/"run":r/' "$T/ided" >"$T/bad"
run_status kp-stats -s 2/2 "$T/bad"
is "$rc" 0 "-s 2/2: another shard's sample, as kp-identify writes it, is not parsed"
run_status kp-stats -s 1/2 "$T/bad"
is "$rc" 2 "-s 1/2: its own sample broken: exit 2"
grep -q "^kp-stats: $T/bad:2:[0-9]*: " "$T/err"
ok $? "... naming file:line:col"
for a in 0/2 3/2 1/0 x 1/2x; do
	run_status kp-stats -s "$a" "$T/many"
	is "$rc" 2 "-s $a: exit 2"
done
echo "$s" | sed 's/eeeeeeeeeeeeeeee/EEEEEEEEEEEEEEEE/' >"$T/bad"
run_status kp-stats -s 1/2 "$T/bad"
is "$rc" 2 "-s with an exp not of lowercase hex digits: exit 2"
grep -q "^kp-stats: $T/bad:1:[0-9]*: expected an exp of 16 lowercase hex digits" "$T/err"
ok $? "... naming file:line:col"

if [ -w /dev/full ]; then
	kp-stats "$T/id" >/dev/full 2>/dev/null
	is "$?" 2 "a failed write: exit 2"
fi
done_testing
