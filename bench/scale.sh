#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# scale.sh [KERNELS [TESTS]]: the time of each stage after kp-stats on a
# lab of many kernels, beside `wc -l` of the same input, so that work
# that grows with the square of the records shows as a stage falling
# behind the others when the lab grows.
#
# The lab: KERNELS tagged releases v6.0, v6.1, ... (default 40; every
# eighth also has an -rc2 and a .3 stable release), each run twice on
# each of 3 jobs (3 keys, 3 suites) of TESTS measurements (default 30)
# at 10 concurrency levels: 3 x 300 stat records a kernel, with their run,
# runstat and noise records.  About 1 in 50 groups is shifted by 10% in
# one kernel, so there are findings to classify, group and render.
# The input is generated once into build/bench/.  Run from the top of
# the tree after `make`.
#
# CPU seconds on the 2-core development VM, before and after the stages
# stopped scanning every record per record (identical output):
#                   40 kernels x 30 tests    160 kernels x 8 tests
#   kp-compare          8.56 -> 1.64            74.0 -> 1.57
#   kp-classify         2.77 -> 0.41             3.86 -> 0.50
#   kp-systematic       0.35 -> 0.27
#   kp-render -f text   0.38 -> 0.31
set -eu
K=${1:-40}
NT=${2:-30}
BIN=${KP_BIN:-build/bin}
D=build/bench
mkdir -p "$D"
in=$D/scale-$K-$NT.ndjson

if [ ! -s "$in" ]; then
	awk -v nk="$K" -v nt="$NT" 'BEGIN {
		srand(1); nv = 0
		for (e = 0; e < nk; e++) {
			kern[nv++] = sprintf("v6.%d", e)
			if (e % 8 == 4) {
				kern[nv++] = sprintf("v6.%d-rc2", e)
				kern[nv++] = sprintf("v6.%d.3", e)
			}
		}
		split("hackbench sysbench stressng", job, " ")
		for (v = 0; v < nv; v++) for (r = 0; r < 2; r++) {
			run = sprintf("%s-r%d@host%d:%d", kern[v], r, r, 1700000000 + 1000 * v + r)
			printf "{\"type\":\"run\",\"run\":\"%s\",\"kernel\":\"%s\",\"host\":\"host%d\",\"instance\":\"host%d\",\"cpu_model\":\"AMD EPYC\",\"start\":%d}\n",
				run, kern[v], r, r, 1700000000 + 1000 * v + r
			for (j = 1; j <= 3; j++) for (it = 0; it < 2; it++)
				printf "{\"type\":\"runstat\",\"run\":\"%s\",\"iter\":%d,\"job\":\"%s\",\"suite\":\"%s\",\"rc\":0,\"user_s\":%.2f,\"sys_s\":%.2f,\"elapsed_s\":%.2f,\"partial\":false}\n",
					run, it, job[j], job[j], (v % 7 == 3 ? 20 : 50) + 10 * rand(), 5 + rand(), 60 + rand()
		}
		for (v = 0; v < nv; v++) for (j = 1; j <= 3; j++) {
			runs = sprintf("[\"%s-r0@host0:%d\",\"%s-r1@host1:%d\"]", kern[v],
				1700000000 + 1000 * v, kern[v], 1700000000 + 1000 * v + 1)
			for (t = 0; t < nt; t++) for (c = 0; c < 10; c++) {
				shift = (t * 10 + c + 7 * v + 13 * j) % 53 == 0 ? 0.9 : 1
				base = 1000 * (t + 1) * (c + 1) * shift
				sv = ""; runobs = ""
				for (r = 0; r < 2; r++) {
					sum = 0
					for (p = 0; p < 5; p++) {
						x = sprintf("%.2f", base * exp(0.02 * (rand() + rand() - 1)))
						sv = sv (sv == "" ? "" : ",") x; sum += x
						val[r * 5 + p] = x
					}
					m[r] = sprintf("%.4f", sum / 5)
					runobs = runobs (r ? "," : "") m[r]
				}
				printf "{\"type\":\"stat\",\"scope\":\"group\",\"exp\":\"%s-%s\",\"key\":\"key-%s\",\"kernel\":\"%s\",\"job\":\"%s\",\"suite\":\"%s\",\"bench\":\"%s\",\"test\":\"test%d\",\"op\":\"op%d\",\"metric\":\"ops\",\"unit\":\"ops/s\",\"better\":\"%s\",\"conc\":%d,\"runs\":%s,\"instances\":[\"host0\",\"host1\"],\"n\":10,\"median\":%s,\"mean\":%.4f,\"cv\":0.01,\"per_instance\":[{\"instance\":\"host0\",\"n\":5,\"median\":%s,\"mean\":%s},{\"instance\":\"host1\",\"n\":5,\"median\":%s,\"mean\":%s}],\"obs\":{\"instance\":[%s],\"run\":[%s],\"iter\":[%s],\"rep\":[%s],\"sub\":[%s]}}\n",
					kern[v], job[j], job[j], kern[v], job[j], job[j], job[j], t, t,
					j == 2 ? "lower" : "higher", 2 ^ c, runs, val[2],
					(m[0] + m[1]) / 2, val[2], m[0], val[7], m[1],
					runobs, runobs, runobs, sv, sv
				if ((t + c) % 3 == 0)
					printf "{\"type\":\"noise\",\"exp\":\"%s-%s\",\"key\":\"key-%s\",\"kernel\":\"%s\",\"job\":\"%s\",\"suite\":\"%s\",\"bench\":\"%s\",\"test\":\"test%d\",\"op\":\"op%d\",\"metric\":\"ops\",\"conc\":%d,\"n_runs\":2,\"runs\":%s,\"source\":\"reruns\",\"df\":1,\"run_sd_pct\":%.3f}\n",
						kern[v], job[j], job[j], kern[v], job[j], job[j], job[j], t, t,
						2 ^ c, runs, 1 + 3 * rand()
			}
		}
	}' >"$in"
fi
echo "input: $(wc -l <"$in") records, $(du -m "$in" | cut -f1) MiB ($in)"

# t LABEL OUT CMD...: wall and CPU seconds of CMD, stdout to OUT
t() {
	label=$1 out=$2
	shift 2
	/usr/bin/time -f '%e %U %S %M' -o "$D/t.txt" "$@" >"$out" 2>/dev/null
	awk -v l="$label" -v n="$(wc -l <"$out")" '{
		printf "%-32s %7.2f s wall %7.2f s cpu %7d KiB %9d lines out\n",
			l, $1, $2 + $3, $4, n }' "$D/t.txt"
}

cat "$in" >/dev/null	# warm the page cache
t "wc -l" "$D/scale.wc" wc -l "$in"
t "kp-compare" "$D/scale.cmp" "$BIN/kp-compare" "$in"
t "kp-compare -m welch-log" "$D/scale.welch" "$BIN/kp-compare" -m welch-log "$in"
t "kp-classify" "$D/scale.cls" "$BIN/kp-classify" "$D/scale.cmp"
t "kp-systematic" "$D/scale.sys" "$BIN/kp-systematic" "$D/scale.cls"
t "kp-render -f text" "$D/scale.txt" "$BIN/kp-render" -f text "$D/scale.sys"
t "kp-render -f csv" "$D/scale.csv" "$BIN/kp-render" -f csv "$D/scale.sys"
t "kp-render -f table" "$D/scale.table" "$BIN/kp-render" -f table "$D/scale.sys"
