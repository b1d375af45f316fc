#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# stats.sh [SAMPLES]: kp-stats against the libkp reader, datamash, jq and
# wc on the same generated samples (default 1500000), one core, with
# kp-stats' peak memory per sample.  Run from the top of the tree after
# `make`; the data is generated once into build/bench/.
set -eu
N=${1:-1500000}
BIN=${KP_BIN:-build/bin}
D=build/bench
mkdir -p "$D"
nd=$D/samples-$N.ndjson
tsv=$D/samples-$N.tsv
slice=$D/samples-$N.slice.ndjson

# 8 kernels x 50 tests (5 jobs, so 40 experiments) x 8 concurrency levels = 3200 groups; each
# group 4 runs x N/12800 repetitions, the values lognormal-ish
if [ ! -s "$nd" ]; then
	awk -v n="$N" -v nd="$nd" -v tsv="$tsv" 'BEGIN {
		srand(1); per = int(n / 3200 / 4); if (per < 1) per = 1
		for (e = 0; e < 8; e++) for (t = 0; t < 50; t++) for (c = 0; c < 8; c++)
		for (r = 0; r < 4; r++) for (p = 1; p <= per; p++) {
			v = sprintf("%.2f", 1000 * (t + 1) * exp(0.1 * (rand() + rand() - 1)))
			printf "{\"type\":\"sample\",\"run\":\"run%d@host%d:17960%05d\",\"iter\":0,\"kernel\":\"v6.%d\",\"instance\":\"host%d\",\"job\":\"job%d\",\"suite\":\"suite%d\",\"bench\":\"bench%d\",\"test\":\"test%d-threads\",\"op\":\"op%d\",\"metric\":\"ops\",\"unit\":\"ops/s\",\"better\":\"higher\",\"conc\":%d,\"rep\":%d,\"sub\":1,\"value\":%s,\"src\":\"work/log/run%d/iter-0/logs/bench-%d:%d\",\"exp\":\"%016x\",\"key\":\"%016x\"}\n",
				r, r, e, e, r, t % 5, t % 5, t, t, t, 2 ^ c, p, v, r, c, p, 5 * e + t % 5 + 1, 99 + t % 5 >nd
			printf "%016x\tsuite%d\tbench%d\ttest%d-threads\top%d\tops\t%d\t%s\n",
				5 * e + t % 5 + 1, t % 5, t, t, t, 2 ^ c, v >tsv
		}
	}'
	head -n 100000 "$nd" >"$slice"
fi
lines=$(wc -l <"$nd")
mib=$(du -m "$nd" | cut -f1)
echo "data: $lines samples, $mib MiB, 3200 groups ($nd)"

# t LABEL CMD...: wall and CPU (user + system) seconds of CMD, output
# discarded; rates are by CPU time, which other load on the machine
# disturbs less than wall time.  MiB/s is of the NDJSON the rows came
# from, also for datamash, which reads the same values as smaller TSV.
t() {
	label=$1; shift
	/usr/bin/time -f '%e %U %S' -o "$D/t.txt" "$@" >/dev/null 2>&1
	awk -v l="$label" -v m="$mib" -v n="${ROWS:-$lines}" -v all="$lines" '{
		cpu = $2 + $3; mb = m * n / all
		printf "%-50s %6.2f s wall %6.2f s cpu %6.0f MiB/s %6.0f k rows/s\n",
			l, $1, cpu, mb / cpu, n / cpu / 1000 }' "$D/t.txt"
}

cat "$nd" >/dev/null	# warm the page cache
t "wc -l" wc -l "$nd"
if [ -x "$D/ndjson" ]; then
	t "libkp reader alone (ndjson read)" "$D/ndjson" read "$nd"
	t "libkp reader + line writer (ndjson pass)" "$D/ndjson" pass "$nd"
fi
t "kp-stats" "$BIN/kp-stats" "$nd"
t "datamash -s -g 1-7 count mean median q1 q3 sstdev (TSV)" \
	datamash -s -g 1,2,3,4,5,6,7 count 8 mean 8 median 8 q1 8 q3 8 sstdev 8 <"$tsv"
ROWS=$(wc -l <"$slice")
t "jq group_by, count mean median (first $ROWS rows)" jq -s -c '
	group_by([.exp, .suite, .bench, .test, .op, .metric, .conc])[] |
	(map(.value) | sort) as $v | {n: ($v | length),
	mean: (($v | add) / ($v | length)), median: $v[($v | length) / 2 | floor]}' "$slice"
unset ROWS

/usr/bin/time -v "$BIN/kp-stats" "$nd" 2>"$D/time.txt" >/dev/null
rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$D/time.txt")
awk -v k="$rss" -v n="$lines" 'BEGIN {
	printf "kp-stats peak RSS: %d KiB, %.1f bytes per sample (3200 groups)\n", k, k * 1024 / n }'
