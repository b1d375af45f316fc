#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# reader.sh: throughput of the NDJSON reader and writer next to jq and wc.
#   sh bench/reader.sh [N]     N synthetic sample records (default 600000,
#                              about 200 MiB: records shaped like the
#                              SAMPLE example of kp-records(5), ~350 bytes),
#                              written to $TMPDIR
# Prints MiB/s of: the reader alone (parse, touch every field), the
# pass-through filter (parse + kp_w_line), the copying filter
# (parse + kp_w_copy_obj), Jansson doing the reader's work (when
# jansson.h is installed), `jq -c .` (once, on a slice) and `wc -l`.
# The fast ones are the best of 3 runs, to keep out a busy neighbour.
set -e
N=${1:-600000}
top=$(cd "$(dirname "$0")/.." && pwd)
NDJSON=${NDJSON:-$top/build/bench/ndjson}
[ -x "$NDJSON" ] || { echo "reader.sh: build it first: make build/bench/ndjson" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/kp-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT
F=$T/samples.ndjson

# records shaped like kp-parse-mmtests output (kp-records(5), SAMPLE)
awk -v n="$N" 'BEGIN {
	srand(1795998998)
	split("stressng sysbenchcpu sysbenchmutex unixbenchd wis-futex", job, " ")
	split("context futex1 mutex dhry2reg cpu", bench, " ")
	split("v6.17 v6.17-rc4 v6.18-rc2 6.17.0-rc2+ v6.12.1", kern, " ")
	split("baseline baseline-rerun target-2hogs target-cpuhog", run, " ")
	for (i = 0; i < n; i++) {
		j = 1 + i % 5; k = 1 + int(i / 7) % 5; r = 1 + int(i / 3) % 4
		conc = 2 ^ (i % 6); rep = 1 + i % 3; it = i % 2
		if (i % 4 == 0)
			v = sprintf("%d", int(rand() * 10000000))
		else
			v = sprintf("%.2f", rand() * 100000)
		printf "{\"type\":\"sample\",\"run\":\"%s@vm:%d\",\"iter\":%d,\"kernel\":\"%s\",\"instance\":\"vm\",\"job\":\"%s\",\"suite\":\"%s\",\"bench\":\"%s\",\"test\":\"%s-threads\",\"op\":\"%s\",\"metric\":\"ops\",\"unit\":\"ops/s\",\"better\":\"higher\",\"conc\":%d,\"rep\":%d,\"sub\":1,\"value\":%s,\"src\":\"work/log/%s/iter-%d/%s/logs/benchlog-%s-%d:%d\"}\n", \
			run[r], 1795998998 + r, it, kern[k], job[j], job[j], bench[j], bench[j], bench[j], conc, rep, v, \
			run[r], it, job[j], bench[j], conc, 1 + i % 40
	}
}' >"$F"
bytes=$(wc -c <"$F")
mib=$(echo "$bytes" | awk '{ printf "%.1f", $1 / 1048576 }')

now() { date +%s.%N; }
# best N CMD...: "WALL CPU", the shortest wall and CPU (user + sys) times
# of N runs of CMD, stdout discarded.  On a shared machine the CPU time
# is the steadier figure; both are printed.
best() {
	runs=$1; shift
	bw= bc=
	for _ in $(seq "$runs"); do
		t0=$(now)
		/usr/bin/time -o "$T/time" -f '%U %S' "$@" >/dev/null
		t1=$(now)
		bw=$(echo "$t0 $t1 $bw" | awk '{ t = $2 - $1; if ($3 == "" || t < $3) print t; else print $3 }')
		bc=$(awk -v b="$bc" '{ t = $1 + $2; if (b == "" || t < b) print t; else print b }' "$T/time")
	done
	echo "$bw $bc"
}
rate() {	# rate BYTES "WALL CPU"
	# (a '>' inside printf's arguments would be an output redirection)
	echo "$1 $2" | awk '{ cpu = $3 > 0 ? $1 / 1048576 / $3 : 0
		printf "%8.1f MiB/s wall %8.1f MiB/s CPU", $1 / 1048576 / $2, cpu }'
}

echo "input: $N records, $mib MiB, $(awk -v b="$bytes" -v n="$N" 'BEGIN { printf "%.0f", b / n }') bytes and 18 fields per record"
t=$(best 3 "$NDJSON" read "$F" 2>/dev/null); echo "reader (parse, touch fields)   $(rate "$bytes" "$t")"
t=$(best 3 "$NDJSON" pass "$F");  echo "pass-through (kp_w_line)       $(rate "$bytes" "$t")"
t=$(best 3 "$NDJSON" cat "$F");   echo "copy filter (kp_w_copy_obj)    $(rate "$bytes" "$t")"
if [ -f /usr/include/jansson.h ] &&
    ${CC:-cc} -O2 -o "$T/jansson" "$top/bench/jansson.c" -ljansson 2>/dev/null; then
	t=$(best 3 "$T/jansson" "$F" 2>/dev/null); echo "jansson 2.14 (parse, touch)    $(rate "$bytes" "$t")"
fi
if command -v jq >/dev/null; then
	head -n 100000 "$F" >"$T/slice"
	sb=$(wc -c <"$T/slice")
	t=$(best 1 jq -c . "$T/slice"); echo "jq -c . (100000 records)       $(rate "$sb" "$t")"
fi
t=$(best 3 wc -l "$F");           echo "wc -l                          $(rate "$bytes" "$t")"
