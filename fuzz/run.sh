#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
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
# A tool that exits leaves its memory behind (by design: the kernel frees
# it), so a harness that runs a tool's main() gains some with each input
# that ends in exit(2): those run in fork mode, child processes that
# libFuzzer replaces, and an out-of-memory of a child is not a finding
# (-ignore_ooms, the default of -fork).
fork=
case $t in
bpftrace|results|mmtests|settings|subsys|fetch-tar|squad|payload|triage) fork=-fork=1 ;;
esac
t0=$(date +%s)
# leaks: a tool that exits on bad input leaves its memory by design
ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
"$FZ/fuzz-$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	-max_len=65536 -print_final_stats=1 -artifact_prefix="$FZ/crash-$t-" \
	$fork $dirs >"$FZ/log-$t" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$FZ/log-$t")
# fork mode prints no final stats: the last status line's count
[ -n "$execs" ] || execs=$(grep -a '^#[0-9]' "$FZ/log-$t" | tail -n 1 | sed 's/^#\([0-9]*\).*/\1/')
echo "fuzz-$t: ${execs:-?} runs in $(($(date +%s) - t0)) s, corpus $(ls "$corpus" | wc -l), exit $rc"
if [ "$rc" -ne 0 ]; then
	grep -E 'ERROR|fuzz:|SUMMARY|Test unit written' "$FZ/log-$t" | head -20
	exit 1
fi
