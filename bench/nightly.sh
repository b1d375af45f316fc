#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# nightly.sh [KERNELS [STATS_SHARDS [COMPARE_SHARDS]]]: a generated nightly lab through
# pipelines/nightly.mk with make -j2, from records to the text report, and
# what each stage cost: wall and CPU seconds, peak resident memory, MiB/s
# of its input, beside `wc -l` and `jq -c .` on the same bytes.
#
# The lab (bench/lab.c): KERNELS releases v6.0, v6.1, ... (default 25),
# each run on 5 instances, 16,000 measurements (4 jobs x 400 tests x 10
# concurrency levels) of 5 repetitions: 10M samples at 25 kernels, one
# records file a run, as a parser writes them.  It is generated once into
# build/bench/lab-KERNELS (about 136 MiB a kernel) and not counted.
#
# Every kp tool runs under /usr/bin/time (wrappers in KP_BIN, bash for
# its clock: a date(1) or tail(1) a process was a fork each, 125 of them
# in kp-identify's stage), so the figures are per process; a stage with
# several processes (kp-identify, one a run; kp-stats, STATS_SHARDS of
# them, default 2; kp-compare, COMPARE_SHARDS of them: nightly.mk's
# default, 2, up to 80 kernels, then one per 40 kernels: each reads the
# whole input, so the fewest that stay under 1 GB cost the least) adds
# their CPU seconds, takes the largest peak, and its wall is from the
# start of its first process to the end of its last.  kp-classify,
# kp-systematic and kp-evidence run as one pipe and start together, so
# each one's wall is from then to its end, waiting for those before it
# included: their walls overlap and add up to more than the night's.  Run from the top of the tree after
# `make`.  Not part of `make check`.
set -eu
K=${1:-25}
SH=${2:-2}
CSH=${3:-}
[ -n "$CSH" ] || [ "$K" -le 80 ] || CSH=$(( (K + 39) / 40 ))
top=$(pwd)
D=build/bench
lab=$D/lab-$K
out=$D/nightly-$K
timed=$D/timed-$K
log=$D/nightly-$K.time
[ -x build/bin/kp-identify ] || { echo "nightly.sh: run make first" >&2; exit 2; }
make -s build/bench/lab

if [ ! -f "$lab/.done" ]; then
	rm -rf "$lab"
	mkdir -p "$lab"
	build/bench/lab -k "$K" -s 1/2 "$lab" & p=$!
	build/bench/lab -k "$K" -s 2/2 "$lab"
	wait $p
	touch "$lab/.done"
fi

# a wrapper per tool: the real one under /usr/bin/time, one line a process
rm -rf "$timed" "$out" "$log"
mkdir -p "$timed"
for t in build/bin/kp-*; do
	n=${t##*/}
	cat >"$timed/$n" <<EOF
#!/bin/bash
s=\$EPOCHREALTIME
/usr/bin/time -o "$top/$log.\$\$" -f "%e %U %S %M" "$top/$t" "\$@"
rc=\$?
e=\$EPOCHREALTIME
while read -r x; do l=\$x; done <"$top/$log.\$\$"
echo "$n \$s \$e \$l" >>"$top/$log"
exit \$rc
EOF
	chmod +x "$timed/$n"
done

start=$(date +%s.%N)
make -s -f pipelines/nightly.mk -j2 RECORDS="$lab" OUT="$out" KP_BIN="$top/$timed" \
	STATS_SHARDS="$SH" ${CSH:+COMPARE_SHARDS="$CSH"} "$out/report.txt"
end=$(date +%s.%N)
rm -f "$log".*

mib() { du -m --apparent-size -c "$@" | tail -1 | cut -f1; }
in_lab=$(mib "$lab"/*.ndjson)
in_id=$(mib "$out"/identified/*.ndjson)
in_st=$(mib "$out/stats.ndjson")
in_cmp=$(mib "$out/cmp.ndjson")
# kp-systematic reads kp-classify's records through a pipe: the findings
# are they with a few systematic and evidence records more
in_cl=$(mib "$out/findings.ndjson")
in_f=$(mib "$out/findings.ndjson")
samples=$(awk -v k="$K" 'BEGIN { print k * 5 * 16000 * 5 }')

echo "lab: $K kernels, $samples samples, $in_lab MiB of records; STATS_SHARDS=$SH COMPARE_SHARDS=${CSH:-default}; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-15s %6s %6s %8s %9s %9s\n' stage wall_s cpu_s peak_MB "MiB/s" "MiB/s_cpu"
awk -v in_kp_identify="$in_lab" -v in_kp_stats="$in_id" -v in_kp_compare="$in_st" \
	-v in_kp_classify="$in_cmp" -v in_kp_systematic="$in_cl" -v in_kp_render="$in_f" '
	{
		if (!($1 in o)) { o[$1] = n++; s0[$1] = $2; e0[$1] = $3 }
		if ($2 < s0[$1]) s0[$1] = $2
		if ($3 > e0[$1]) e0[$1] = $3
		c[$1] += $5 + $6
		if ($7 > m[$1]) m[$1] = $7
	}
	END {
		in_["kp-identify"] = in_kp_identify; in_["kp-stats"] = in_kp_stats
		in_["kp-compare"] = in_kp_compare; in_["kp-classify"] = in_kp_classify
		in_["kp-systematic"] = in_kp_systematic; in_["kp-render"] = in_kp_render
		for (s in o) name[o[s]] = s
		for (i = 0; i < n; i++) {
			s = name[i]
			w[s] = e0[s] - s0[s]
			printf "%-15s %6.1f %6.1f %8.0f %9.0f %9.0f\n", s, w[s], c[s], m[s] / 1024,
				(w[s] > 0 ? in_[s] / w[s] : 0), (c[s] > 0 ? in_[s] / c[s] : 0)
		}
	}' "$log"
echo "records to text report: $(echo "$end - $start" | bc) s wall"

# the floors, on the input of kp-stats (one run's file for jq: it is slow)
one=$(ls "$out"/identified/*.ndjson | head -1)
floor() {	# floor NAME MIB CMD...: wall and CPU rates of CMD
	name=$1 m=$2
	shift 2
	/usr/bin/time -o "$D/floor.time" -f "%e %U %S" "$@" >/dev/null
	awk -v n="$name" -v m="$m" '{ printf "%-15s %6.1f %6.1f %8s %9.0f %9.0f\n", n, $1, $2 + $3, "-", m / $1, m / ($2 + $3 + 1e-9) }' "$D/floor.time"
}
floor "wc -l" "$in_id" sh -c 'cat "$@" | wc -l' sh "$out"/identified/*.ndjson
floor "jq -c . (1 run)" "$(mib "$one")" jq -c . "$one"
