#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# parse-mmtests.sh [COPIES]: kp-parse-mmtests on a large synthetic work/log
# (the bundled real runs copied COPIES times under new names: thousands of
# small files, as real trees have), beside zcat on the same files gzipped.
# Reports files/s and uncompressed MiB/s.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
KP_BIN=${KP_BIN:-$top/build/bin}
FIX=${KP_FIXTURES:-$top/tests/data/mmtests}
N=${1:-25}
T=$(mktemp -d "${TMPDIR:-/tmp}/kp-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT

mkdir -p "$T/plain" "$T/gz"
i=0
while [ $i -lt "$N" ]; do
	for r in "$FIX"/work/log/*/; do
		cp -R "$r" "$T/plain/$(basename "$r")-$i"
	done
	i=$((i + 1))
done
# the same tree with every file gzipped
cp -R "$T/plain/." "$T/gz/"
find "$T/gz" -type f ! -name '*.gz' -exec gzip -q {} +

files=$(find "$T/plain" -type f | wc -l)
bytes=$(find "$T/gz" -type f -exec zcat {} + | wc -c)
mib=$(echo "$bytes / 1048576" | bc -l)

now() { date +%s.%N; }
sync
t0=$(now); find "$T/gz" -type f -exec zcat {} + >/dev/null; t1=$(now)
"$KP_BIN/kp-parse-mmtests" "$T/plain" >"$T/out" 2>"$T/err"; t2=$(now)
"$KP_BIN/kp-parse-mmtests" "$T/gz" >"$T/out.gz" 2>>"$T/err"; t3=$(now)
cmp -s "$T/out" "$T/out.gz" || echo "note: outputs differ between plain and gzipped trees (src names differ by .gz)"
samples=$(grep -c '"type":"sample"' "$T/out")

rate() { echo "$1 / ($3 - $2)" | bc -l | xargs printf '%.0f'; }
printf 'tree: %d runs, %d files, %.1f MiB uncompressed, %d samples\n' \
	"$(grep -c '"type":"run"' "$T/out")" "$files" "$mib" "$samples"
printf '%-32s %8.3f s %9s files/s %8.1f MiB/s\n' \
	"zcat (every file gzipped)" "$(echo "$t1 - $t0" | bc)" "$(rate "$files" "$t0" "$t1")" "$(echo "$mib / ($t1 - $t0)" | bc -l)" \
	"kp-parse-mmtests (as written)" "$(echo "$t2 - $t1" | bc)" "$(rate "$files" "$t1" "$t2")" "$(echo "$mib / ($t2 - $t1)" | bc -l)" \
	"kp-parse-mmtests (all gzipped)" "$(echo "$t3 - $t2" | bc)" "$(rate "$files" "$t2" "$t3")" "$(echo "$mib / ($t3 - $t2)" | bc -l)"
