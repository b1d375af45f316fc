#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-parse-mmtests: real MMTests trees against MMTests' own extraction,
# trees, stores, labels, damaged and unknown input, hand-made benchmarks.
. "$(dirname "$0")/lib.sh"
L=$FIX/work/log
HM=$top/tests/data/parse/work/log/handmade
P=kp-parse-mmtests

# the multiset of values (2 decimals) per MMTests label, both sides
cp "$top/tests/sim/mmref.py" "$T/ref.py"

# 1. every run and benchmark against extract-mmtests.pl
for run in baseline baseline-rerun target-cpuhog target-2hogs; do
	run_status $P "$L/$run"
	cp "$T/out" "$T/$run.ndjson"
	is "$rc:$(cat "$T/err")" "0:" "$run parses cleanly"
	for b in wis-futex stressng sysbenchcpu sysbenchmutex unixbenchd; do
		$PY "$T/ref.py" "$T/$run.ndjson" "$FIX/reference/extract-mmtests.$run.$b.txt" "$b"
		ok $? "$run $b: values per label equal extract-mmtests.pl"
	done
done

# record contract: keys in order, the sample key unique, directions
jq -c 'select(.type=="sample") | keys_unsorted' "$T/baseline.ndjson" | sort -u >"$T/keys"
is "$(cat "$T/keys")" '["type","run","iter","kernel","instance","job","suite","bench","test","op","metric","unit","better","conc","rep","sub","value","src"]' "sample keys in kp-records(5) order"
n=$(jq -c 'select(.type=="sample") | [.run,.iter,.job,.suite,.bench,.test,.op,.metric,.conc,.rep,.sub]' "$T"/*.ndjson | sort | uniq -d | wc -l)
is "$n" 0 "(run, iter, job, suite, bench, test, op, metric, conc, rep, sub) unique"
is "$(jq -r 'select(.type=="sample") | "\(.job) \(.better)"' "$T/baseline.ndjson" | sort -u | tr '\n' ,)" \
	"stressng higher,sysbenchcpu higher,sysbenchmutex lower,unixbenchd higher,wis-futex higher," "real directions"
is "$(jq -r 'select(.type=="run") | [.run,.kernel,.host,.arch,.cpu_model,.cpus,.mem_kb,.os,.toolchain,.framework_version,.start,.finish,.dmesg_warnings,(.cmdline|startswith("console=ttyS0"))] | @tsv' "$T/baseline.ndjson")" \
	"$(printf 'baseline@vm:1795998998\t6.18.44-fc-v595\tvm\tx86_64\tAMD EPYC\t2\t24684096\tDebian GNU/Linux 12 (bookworm)\tgcc 15.3.0\t638401e07e70d67fa5a1e6295e1315ae0af831b2\t1795998998\t1795999334\t1\ttrue')" "run metadata"
is "$(jq -r 'select(.type=="run") | .files["tests-sysstate.gz"]' "$T/baseline.ndjson")" \
	"$(zcat "$L/baseline/iter-0/tests-sysstate.gz" | sha256sum | cut -c1-16)" "files: SHA-256 of the uncompressed content"
is "$(jq -r 'select(.type=="runstat" and .job=="wis-futex") | [.begin,.end,.rc,.user_s,.sys_s,.elapsed_s,.partial,.params] | @tsv' "$T/baseline.ndjson")" \
	"$(printf '1795998998\t1795999176\t0\t29.03\t186.38\t177.49\tfalse\twill-it-scale workloads=futex1,futex2,futex3,futex4 models=threads samples=5')" "runstat of wis-futex"
is "$(jq -r 'select(.type=="runstat") | .params' "$T/baseline.ndjson" | sed -n 1,3p | tr '\n' '|')" \
	"./stress-ng --context N --timeout 5s --metrics-brief|sysbench cpu --num-threads=N --cpu-max-prime=25000 run|sysbench mutex --threads=N run|" "params without the concurrency"
# vmstat delta against the snapshots, computed here with awk
want=$(zcat "$L/baseline/iter-0/tests-sysstate.gz" | awk '
	/^test begin :: stressng/ { t = 1 } /^test end ::/ { t = 0 }
	t && /^file start :: \/proc\/vmstat/ { m = 1; next } t && /^file end :: \/proc\/vmstat/ { m = 2; next }
	/::/ { m = 0 } m == 1 && $1 == "pgfault" { a = $2 } m == 2 && $1 == "pgfault" { b = $2 }
	END { print b - a }')
is "$(jq -r 'select(.type=="runstat" and .job=="stressng") | .vmstat.pgfault' "$T/baseline.ndjson")" "$want" "vmstat pgfault delta of stressng"

# 2. a tree of several runs, partially copied, equals the runs one by one
mkdir -p "$T/tree"
for run in target-2hogs baseline baseline-rerun; do cp -R "$L/$run" "$T/tree/"; done
rm -rf "$T/tree/baseline-rerun/iter-0/sysbenchmutex"
sed -i 's/^test end :: stressng \([0-9]*\) 0$/test end :: stressng \1 1/' "$T/tree/target-2hogs/iter-0/tests-timestamp"
run_status $P "$T/tree"
is "$rc" 0 "a damaged tree still parses"
sort "$T/out" >"$T/all"
grep -q 'stressng: exit status 1' "$T/err"; ok $? "rc != 0 reported"
grep -q 'sysbenchmutex' "$T/err"; ok $? "missing benchmark reported"
is "$(jq -r 'select(.type=="runstat" and .partial) | "\(.run) \(.job)"' "$T/out" | tr '\n' ,)" \
	"baseline-rerun@vm:1795999728 sysbenchmutex,target-2hogs@vm:1796001357 stressng," "partial runstats"
for run in baseline-rerun target-2hogs baseline; do $P "$T/tree/$run" 2>/dev/null; done | sort >"$T/one"
cmp -s "$T/all" "$T/one"; ok $? "tree = runs parsed one by one"
is "$(jq -r 'select(.type=="run") | .run_name' "$T/out" | tr '\n' ,)" "baseline,baseline-rerun,target-2hogs," "runs sorted by name"
$P "$T/tree" 2>/dev/null | cmp -s - "$T/out"; ok $? "output is deterministic"

# 3. --meta and labels
run_status $P --meta kernel=v6.17 --meta target-2hogs:kernel=v6.18 --meta instance=vm1 "$T/tree"
is "$(jq -r 'select(.type=="sample") | "\(.run|split("@")[0]) \(.kernel) \(.instance)"' "$T/out" | sort -u | tr '\n' ,)" \
	"baseline v6.17 vm1,baseline-rerun v6.17 vm1,target-2hogs v6.18 vm1," "--meta sets kernel and instance of samples"
is "$(jq -r 'select(.type=="run") | "\(.kernel) \(.instance)"' "$T/out" | sort -u | tr '\n' ,)" "v6.17 vm1,v6.18 vm1," "--meta sets run fields"
printf '# labels\nbaseline kernel=v6.17 instance_type=kvm-2\ntarget-2hogs kernel=v6.18 kernel_sha=abc123 note=hogs\n' >"$T/labels"
run_status $P -l "$T/labels" "$T/tree"
is "$(jq -r 'select(.type=="run") | "\(.run_name) \(.kernel) \(.instance_type) \(.kernel_sha) \(.note)"' "$T/out" | tr '\n' ,)" \
	"baseline v6.17 kvm-2 null null,baseline-rerun 6.18.44-fc-v595 null null null,target-2hogs v6.18 null abc123 hogs," "labels file"
run_status $P --meta nosuchrun:kernel=x "$L/baseline"
grep -q 'nosuchrun' "$T/err"; ok $? "a label for an absent run is reported"
run_status $P --meta novalue "$L/baseline"
is "$rc" 2 "--meta without = is a usage error"

# 4. unknown benchmarks
cp -R "$L/baseline" "$T/unk"
mkdir -p "$T/unk/iter-0/foobench/logs"
echo 1 >"$T/unk/iter-0/foobench/logs/foo.log"
run_status $P "$T/unk"
is "$rc:$(grep -c 'unknown benchmark foobench' "$T/err")" "0:1" "unknown benchmark: reported once, skipped"
grep -q "$T/unk/iter-0/foobench" "$T/err"; ok $? "unknown benchmark: path named"
run_status $P -s "$T/unk"
is "$rc" 2 "-s: unknown benchmark is an error"

# 5. compressed, truncated and non-numeric logs
cp -R "$L/baseline" "$T/gz"
W=$T/gz/iter-0/wis-futex/logs
gzip "$W/benchlog-futex1_threads-2"
xz "$W/benchlog-futex2_threads-3"
$P "$T/gz" | jq -c 'select(.type=="sample") | [.bench,.conc,.sub,.value]' >"$T/a"
jq -c 'select(.type=="sample") | [.bench,.conc,.sub,.value]' "$T/baseline.ndjson" >"$T/b"
cmp -s "$T/a" "$T/b"; ok $? ".gz and .xz benchlogs read like plain ones"
head -c 40 "$W/benchlog-futex1_threads-2.gz" >"$T/x" && mv "$T/x" "$W/benchlog-futex1_threads-2.gz"
run_status $P "$T/gz"
is "$rc" 2 "truncated gzip: exit 2"
grep -q 'benchlog-futex1_threads-2.gz: cannot read: truncated' "$T/err"; ok $? "truncated gzip: file named"
run_status $P -k "$T/gz"
is "$rc:$(jq -r 'select(.type=="runstat" and .job=="wis-futex") | .partial' "$T/out")" "0:true" "-k: reported, partial"
is "$(jq -c 'select(.type=="sample" and .job=="wis-futex")' "$T/out" | wc -l)" 75 "-k: the other 75 wis samples kept"
cp -R "$L/baseline" "$T/nan"
sed -i '3s/total:[0-9]*/total:12x4/' "$T/nan/iter-0/wis-futex/logs/benchlog-futex3_threads-4"
run_status $P "$T/nan"
is "$rc" 2 "non-numeric value: exit 2"
grep -q 'benchlog-futex3_threads-4:3:[0-9]*: "12x4" is not a number' "$T/err"; ok $? "non-numeric value: file:line:col"
run_status $P -k "$T/nan"
is "$rc:$(grep -c 'is not a number' "$T/err")" "0:1" "-k: non-numeric value warned"
# a damaged per-second line of will-it-scale is a lost sample, not noise
cp -R "$L/baseline" "$T/torn"
sed -i '3s/.*/min:2894768 max:29/' "$T/torn/iter-0/wis-futex/logs/benchlog-futex1_threads-2"
run_status $P "$T/torn"
is "$rc" 2 "damaged will-it-scale line: exit 2"
grep -q 'benchlog-futex1_threads-2:3:1: expected "min:N max:N total:N"' "$T/err"; ok $? "damaged will-it-scale line: file:line"
run_status $P -k "$T/torn"
is "$rc:$(jq -r 'select(.type=="runstat" and .job=="wis-futex") | .partial' "$T/out")" "0:true" "-k: damaged line reported, benchmark partial"

# 6. a kp-fetch store built by hand: same samples, src in the store
S=$T/store
mkdir -p "$S/objects"
(cd "$L" && find baseline -type f | sort) | while read -r f; do
	h=$(sha256sum <"$L/$f" | cut -c1-64)
	mkdir -p "$S/objects/$(echo "$h" | cut -c1-2)"
	cp "$L/$f" "$S/objects/$(echo "$h" | cut -c1-2)/$(echo "$h" | cut -c3-)"
	jq -nc --arg p "$f" --arg h "$h" --arg o "objects/$(echo "$h" | cut -c1-2)/$(echo "$h" | cut -c3-)" --arg s "$S" \
		--argjson n "$(wc -c <"$L/$f")" \
		'{type:"artifact",source:"work/log",path:$p,sha256:$h,size:$n,object:$o,store:$s,fetched:1800000000,status:"new"}'
done >"$S/index.ndjson"
run_status $P "$S"
is "$rc" 0 "store parses"
jq -c 'select(.type=="sample") | del(.src)' "$T/out" >"$T/a"
jq -c 'select(.type=="sample") | del(.src)' "$T/baseline.ndjson" >"$T/b"
cmp -s "$T/a" "$T/b"; ok $? "store: same samples as the directory"
is "$(jq -r 'select(.type=="sample") | .src' "$T/out" | grep -vc "^$S/objects/../[0-9a-f]*:[0-9]*$")" 0 "store: src points into the store"
$P <"$S/index.ndjson" 2>/dev/null | jq -c 'select(.type=="sample") | del(.src)' | cmp -s - "$T/b"; ok $? "artifact records on stdin"
# a later record for the same path supersedes the earlier one
o=$(jq -r 'select(.path=="baseline/iter-0/unixbenchd/logs/unixbenchd.log") | .object' "$S/index.ndjson")
sed 's/12865576/1/' "$S/$o" >"$S/objects/new"
jq -c 'select(.path=="baseline/iter-0/unixbenchd/logs/unixbenchd.log") | .object="objects/new"' "$S/index.ndjson" >>"$S/index.ndjson"
is "$($P "$S" | jq -r 'select(.type=="sample" and .job=="unixbenchd" and .rep==1) | .value')" 1 "store: later record supersedes"
# a last line torn by a crash is skipped with a warning, as kp-fetch does
printf '{"type":"artifact","source":"work/log","pa' >>"$S/index.ndjson"
run_status $P "$S"
is "$rc:$(jq -r 'select(.type=="sample" and .job=="unixbenchd" and .rep==1) | .value' "$T/out")" "0:1" "store: a torn last index line does not lose the store"
grep -q "index.ndjson:[0-9]*:[0-9]*: unreadable record skipped" "$T/err"; ok $? "store: and the torn line is named"

# 7. hand-made hackbench, schbench, futexbench, newer stress-ng
run_status $P "$HM"
is "$rc:$(cat "$T/err")" "0:" "hand-made run parses cleanly"
is "$(jq -r 'select(.type=="sample") | [.job,.bench,.test,.op,.metric,.unit,.better,.conc,.rep,.sub,.value] | join(" ")' "$T/out" | tr '\n' '|')" \
"$(tr '\n' '|' <<'EOF'
futexbench-hash hash hash-private hash ops ops/s higher 4 1 1 4278947
futexbench-hash hash hash-private hash ops ops/s higher 4 1 2 4247244
futexbench-hash hash hash-private hash ops ops/s higher 4 1 3 4197308
futexbench-hash hash hash-private hash ops ops/s higher 4 1 4 4245606
futexbench-wake wake wake-shared wake latency ms lower 4 1 1 0.038
futexbench-wake wake wake-shared wake latency ms lower 4 1 2 0.027
futexbench-wake wake wake-shared wake latency ms lower 4 1 3 0.0305
hackbench-process-pipes process-pipes process-pipes time time s lower 1 1 1 0.025
hackbench-process-pipes process-pipes process-pipes time time s lower 1 2 1 0.03
hackbench-process-pipes process-pipes process-pipes time time s lower 4 1 1 0.055
hackbench-process-pipes process-pipes process-pipes time time s lower 4 2 1 0.06
schbench schbench request p50.0 latency usec lower 2 1 1 8784
schbench schbench request p90.0 latency usec lower 2 1 1 9040
schbench schbench request p99.0 latency usec lower 2 1 1 9104
schbench schbench request p99.9 latency usec lower 2 1 1 11088
schbench schbench rps p20.0 rps requests/s higher 2 1 1 4088
schbench schbench rps p50.0 rps requests/s higher 2 1 1 4096
schbench schbench rps p90.0 rps requests/s higher 2 1 1 4104
schbench schbench wakeup p50.0 latency usec lower 2 1 1 5
schbench schbench wakeup p90.0 latency usec lower 2 1 1 9
schbench schbench wakeup p99.0 latency usec lower 2 1 1 16
schbench schbench wakeup p99.9 latency usec lower 2 1 1 28
stressng fork fork fork bogo-ops/s bogo-ops/s higher 2 1 1 10246.8
EOF
)" "hand-made benchmarks: every sample"

# 8. several iterations: one run record each, iterations in numeric order
cp -R "$L/baseline" "$T/iters"
cp -R "$T/iters/iter-0" "$T/iters/iter-1"
cp -R "$T/iters/iter-0" "$T/iters/iter-10"
run_status $P "$T/iters"
is "$(jq -r 'select(.type=="run") | "\(.iter) \(.run)"' "$T/out" | tr '\n' ,)" \
	"0 iters@vm:1795998998,1 iters@vm:1795998998,10 iters@vm:1795998998," "iterations share the run id, in numeric order"
is "$(jq -c 'select(.type=="sample" and .iter==10)' "$T/out" | wc -l)" 121 "iter-10 has all samples"

# 9. usage and the man page
run_status $P -x
is "$rc:$(tail -n 1 "$T/err")" "2:usage: kp-parse-mmtests [-ks] [--meta [RUN:]KEY=VALUE]... [-l LABELS] [DIR|STORE ...]" "usage = SYNOPSIS"
run_status $P "$T/nonexistent"
is "$rc" 2 "missing directory: exit 2"

# progress: on a terminal (script(1) gives one) how far the runs are, and
# nothing when the standard error is a pipe or a file
if command -v script >/dev/null; then
	script -qec "$P '$L' >'$T/tty.ndjson'" /dev/null </dev/null >"$T/tty.out" 2>&1
	ok $(grep -q "kp-parse-mmtests: run 4 of 4" "$T/tty.out"; echo $?) \
	    "on a terminal, progress through the runs"
	run_status $P "$L"
	cmp -s "$T/tty.ndjson" "$T/out"
	ok $? "... which leaves the records as they are"
	is "$rc:$(cat "$T/err")" "0:" "... and is not written to a pipe"
else
	skip "progress on a terminal" "no script(1)"
fi
mandoc -Tlint -W warning "$top/man/man1/kp-parse-mmtests.1" >"$T/lint" 2>&1
is "$?:$(cat "$T/lint")" "0:" "man page passes mandoc -Tlint"
done_testing
