#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-trend on a simulated lab of 40 kernels with known change points
# (tests/sim/trend.py): recall within one kernel, both changes of reverted
# regressions, false change points in unchanged series, outliers taken for
# changes, drifts.  About 20 s; KP_SIM_SCALE=10 runs ten times as many
# series.  The targets are in tests/sim/trend.py (TARGETS in eval).
. "$(dirname "$0")/lib.sh"
S=$(dirname "$0")/sim/trend.py
# Under the sanitizers (make check-asan) one run over the whole lab takes
# many minutes: a slice of each lab exercises the same code there, and the
# figures are checked by make check.
if [ -n "${KP_SANITIZED:-}" ]; then
	$PY "$S" gen "$T/truth" >"$T/all" && head -n 20000 "$T/all" >"$T/stats" &&
		kp-trend "$T/stats" >"$T/trend"
	ok $? "kp-trend runs on a slice of the simulated lab (sanitizers)"
	KP_SIM_SHOCK=1 $PY "$S" gen "$T/struth" >"$T/all" && head -n 20000 "$T/all" >"$T/sstats" &&
		kp-trend "$T/sstats" >"$T/strend"
	ok $? "... and on a slice of the kernel-wide-shock lab"
	done_testing
	exit
fi
$PY "$S" gen "$T/truth" >"$T/stats"
ok $? "the simulated lab is generated"
kp-trend "$T/stats" >"$T/trend"
ok $? "kp-trend runs on it"
$PY "$S" eval "$T/truth" "$T/trend" >"$T/table"
rc=$?
sed 's/^/# /' "$T/table"
ok $rc "kp-trend meets the targets: >= 90% of steps within one kernel, >= 99% of 5% steps at cv <= 2%, both changes of >= 90% of reverted regressions, <= 1 false change point per 100 unchanged series (the upper bound of its Poisson interval), <= 2% of outliers taken for changes"
# the family: its change places must find more steps than each level alone
kp-trend -F "$T/stats" >"$T/alone"
$PY "$S" eval "$T/truth" "$T/alone" >"$T/table-alone"
recall() { sed -n 's/^true steps found within +-1 kernel *\([0-9]*\)\/.*/\1/p' "$1"; }
echo "# without the family (-F): $(sed -n 2p "$T/table-alone")"
ok "$([ "$(recall "$T/table")" -gt "$(recall "$T/table-alone")" ]; echo $?)" \
	"pooling the family finds more steps than each level alone ($(recall "$T/table") against $(recall "$T/table-alone"))"
# a kernel-wide shock: every family of a kernel on the same instances and a
# shock (sd 1.5%) that moves every series of the kernel together
KP_SIM_SHOCK=1 $PY "$S" gen "$T/struth" >"$T/sstats"
kp-trend "$T/sstats" >"$T/strend"
$PY "$S" eval "$T/struth" "$T/strend" >"$T/stable"
rc=$?
sed 's/^/# shock: /' "$T/stable"
hi=$(sed -n 's/^false change points in unchanged series .*\[\([0-9.]*\), \([0-9.]*\)\].*/\2/p' "$T/stable")
ok "$([ $rc -eq 0 ] && [ "$(echo "$hi <= 1.0" | bc)" = 1 ]; echo $?)" \
    "kernel-wide shock: kp-trend tests against it and meets the targets, the false change points' Poisson upper bound <= 1.0 ($hi)"
kp-trend -K "$T/sstats" >"$T/snok"
$PY "$S" eval "$T/struth" "$T/snok" >"$T/snok-table"
echo "# shock, without its estimate (-K): $(sed -n 2p "$T/snok-table")"
ok "$([ "$(recall "$T/stable")" -gt "$(recall "$T/snok-table")" ]; echo $?)" \
    "... which finds more steps than each series against its own noise ($(recall "$T/stable") against $(recall "$T/snok-table"))"
done_testing
