#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# extract.sh MMTESTS: the test data of tests/lkft-squad.t, made with
# MMTests' own bin/extract-mmtests.pl --print-json (as LKFT's collector
# runs it) on the bundled MMTests trees: tests/data/lkft/RUN/BENCH.json.
# Needs MMTests' source tree and Debian's libjson-perl,
# libcpanel-json-xs-perl, libfile-slurp-perl and libyaml-pp-perl.
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
log=$top/tests/data/mmtests/work/log
for run in baseline baseline-rerun target-cpuhog target-2hogs; do
	mkdir -p "$top/tests/data/lkft/$run"
	for bench in wis-futex stressng sysbenchcpu sysbenchmutex unixbenchd; do
		# the MMTests directory as a lab's would be named, not this one's
		(cd "$1" && perl bin/extract-mmtests.pl -d "$log" -b "$bench" -n "$run" --print-json) |
		    sed "s|$1/|/opt/mmtests/|g" >"$top/tests/data/lkft/$run/$bench.json"
	done
done
