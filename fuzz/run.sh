#!/bin/sh
# run.sh FZ TOP TARGET SECONDS: one libFuzzer harness for SECONDS.
# Reads the seeds (made from tests/data by seed.sh) and fuzz/regress/TARGET,
# the inputs that once failed; keeps what it finds in FZ/corpus/TARGET and
# a failing input as FZ/crash-TARGET-*.  Prints one line with the count of
# executions; exit 1 on a finding.
set -u
FZ=$1 top=$2 t=$3 secs=$4
seeds=$FZ/seeds/$t corpus=$FZ/corpus/$t
mkdir -p "$corpus" "$seeds"
sh "$top/fuzz/seed.sh" "$top" "$t" "$seeds" || exit 1
dirs="$corpus $seeds"
[ -d "$top/fuzz/regress/$t" ] && dirs="$dirs $top/fuzz/regress/$t"
# leaks: a tool that exits on bad input leaves its memory by design
ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
"$FZ/fuzz-$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	-max_len=65536 -print_final_stats=1 -artifact_prefix="$FZ/crash-$t-" \
	$dirs >"$FZ/log-$t" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$FZ/log-$t")
echo "fuzz-$t: ${execs:-?} runs in ${secs} s, corpus $(ls "$corpus" | wc -l), exit $rc"
if [ "$rc" -ne 0 ]; then
	grep -E 'ERROR|fuzz:|SUMMARY|Test unit written' "$FZ/log-$t" | head -20
	exit 1
fi
