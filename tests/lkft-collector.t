#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-parse-lkft on the files of LKFT's MMTests collector,
# BENCHMARK<bench>_CONFIG<config>.json, whose "results" are MMTests' own
# extract-mmtests.pl --print-json output on the bundled trees
# (tests/data/lkft, by tests/lkft/extract.sh): the same (suite, bench,
# test, op, metric, conc, iter, rep, value) as kp-parse-mmtests reads
# from those trees; the machine's facts in the run; unixbench, whose
# names cannot be taken back, named and left out; a file that is not the
# collector's refused.
. "$(dirname "$0")/lib.sh"
log=$top/tests/data/mmtests/work/log
collect() {	# collect RUN BENCH: the collector's file of that benchmark
	mkdir -p "$T/$1"
	jq -n --slurpfile r "$top/tests/data/lkft/$1/$2.json" --arg k "$1" \
	    '{variables: {MMTESTS_CONFIG: $k, MMTESTS_ITERATIONS: 1},
	      sys_info: {CPU: {Arch: "aarch64", Cores: 4, Frequency: "UNKNOWN MHz", Caches: {}},
	        OS: {Name: "Debian GNU/Linux 12 (bookworm)", "Packages list": {"libc6": "2.36-9"}},
	        Kernel: {Version: $k, SHA256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"},
	        "Instance type": "c7g.metal", "Boot time": {}},
	      results: $r[0], times: {"iter-0": {start: 1764547200, finish: 1764547500}}}' \
	    >"$T/$1/BENCHMARK$2_CONFIG$1.json"
}
for run in baseline baseline-rerun target-cpuhog target-2hogs; do
	for b in wis-futex stressng sysbenchcpu sysbenchmutex unixbenchd; do collect $run $b; done
done
tuple='[.kernel, .suite, .bench, .test, .op, .metric, .unit, .better, .conc, .iter, .rep, .sub, .value] | @tsv'
for run in baseline baseline-rerun target-cpuhog target-2hogs; do
	kp-parse-lkft "$T/$run"/BENCHMARK[!u]*.json
done >"$T/recs" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "kp-parse-lkft: exit 0"
jq -r "select(.type == \"sample\") | $tuple" "$T/recs" | sort >"$T/got"
for run in baseline baseline-rerun target-cpuhog target-2hogs; do
	kp-parse-mmtests "$log/$run" 2>/dev/null |
	    jq -r --arg k "$run" "select(.type == \"sample\" and .job != \"unixbenchd\") | .kernel = \$k | $tuple"
done | sort >"$T/want"
is "$(wc -l <"$T/got")" "$(wc -l <"$T/want")" "as many samples as kp-parse-mmtests reads from the trees ($(wc -l <"$T/want"))"
cmp -s "$T/got" "$T/want"
ok $? "the same samples: names, unit, direction, concurrency, iteration, repetition, value"
is "$(jq -r 'select(.type == "run" and .kernel == "baseline") | [.run, .instance, .instance_type, .arch, .cpus, .os, .start, .finish, .kernel_sha256[:8], .framework] | @tsv' "$T/recs" | sort -u)" \
    "$(printf 'baseline@baseline:baseline\tbaseline\tc7g.metal\taarch64\t4\tDebian GNU/Linux 12 (bookworm)\t1764547200\t1764547500\t9f86d081\tmmtests')" \
    "the run: the collector's instance type, CPU, OS, times and kernel image hash"
kp-identify "$T/recs" 2>"$T/err" | kp-stats >/dev/null 2>>"$T/err"
is "$?:$(cat "$T/err")" "0:" "the records go through kp-identify and kp-stats"
is "$(jq -r 'select(.type == "run") | "\(.run) \(.iter)"' "$T/recs" | sort | uniq -d)" "" \
    "one run record for each run and iteration, however many benchmarks it ran"
run_status kp-parse-lkft "$T/baseline/BENCHMARKunixbenchd_CONFIGbaseline.json"
is "$rc:$(grep -c "\"shellpackunixbenchd_syscall_0_0\": a benchmark whose per-sample names kp cannot take back to its measurements; left out" "$T/err")" \
    "2:8" "unixbench: each sample named, left out, exit 2"
echo '{"results": {}}' >"$T/bad.json"
run_status kp-parse-lkft "$T/bad.json"
is "$rc:$(cat "$T/err")" "2:kp-parse-lkft: $T/bad.json: expected \"results\" with \"_ModuleName\" and \"_ResultData\" (MMTests' extract-mmtests.pl --print-json)" \
    "not the collector's: named, exit 2"
# LKFT's archive: output/ with the collector's files and the result
# tree, packed as mmtests.yaml packs it; kp-fetch stores it as it is,
# and both readings of the store give kp-parse-mmtests' samples
mkdir -p "$T/job/output"
cp "$T/target-2hogs"/BENCHMARK[!u]*.json "$T/job/output/"
cp -R "$log/target-2hogs" "$T/job/output/target-2hogs"
(cd "$T/job" && tar cfJ mmtests-target-2hogs-202612010000.tar.xz output)
run_status kp-fetch -s "$T/store" "$T/job/mmtests-target-2hogs-202612010000.tar.xz"
is "$rc:$(cat "$T/err")" "0:" "kp-fetch: LKFT's .tar.xz stored"
kp-parse-mmtests "$log/target-2hogs" 2>/dev/null |
    jq -r "select(.type == \"sample\" and .job != \"unixbenchd\") | .kernel = \"target-2hogs\" | $tuple" | sort >"$T/want"
kp-parse-lkft -s "$T/store" 2>"$T/err" | jq -r "select(.type == \"sample\") | $tuple" | sort >"$T/got"
is "$(cat "$T/err"):$(wc -l <"$T/got")" ":$(wc -l <"$T/want")" "kp-parse-lkft -s: the collector's files in the archive, every sample"
cmp -s "$T/got" "$T/want"
ok $? "... the same as kp-parse-mmtests reads from the tree"
kp-parse-mmtests "$T/store" 2>/dev/null |
    jq -r "select(.type == \"sample\" and .job != \"unixbenchd\") | .kernel = \"target-2hogs\" | $tuple" | sort >"$T/got"
cmp -s "$T/got" "$T/want"
ok $? "kp-parse-mmtests on the store: the archive's result tree, the same samples"
is "$(kp-parse-lkft -s "$T/store" | jq -r 'select(.type == "run") | .src' | sort -u)" \
    "$T/job/mmtests-target-2hogs-202612010000.tar.xz/output/BENCHMARKstressng_CONFIGtarget-2hogs.json" \
    "a run's src: the archive and the collector's file in it (the first read)"
mkdir -p "$T/empty"
kp-fetch -s "$T/s0" "$T/empty" >/dev/null 2>&1
run_status kp-parse-lkft -s "$T/s0"
is "$rc" 2 "a store without a collector's file: exit 2"
mandoc -Tlint -W warning "$top/man/man1/kp-parse-lkft.1"
ok $? "kp-parse-lkft(1) passes mandoc -Tlint"
done_testing
