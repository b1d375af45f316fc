#!/bin/sh
# Simulation with known shifts in concurrency sweeps: false positives on
# unchanged groups and the detection rate of uniform, lone-level and growing
# shifts, for kp (the moderated t and kp-classify) and -m sweep beside plain
# per-group Welch and Mann-Whitney with BH.  Floors and goals: tests/sim/sim.py.
. "$(dirname "$0")/lib.sh"
S=$(dirname "$0")/sim/sim.py
$PY "$S" gen >"$T/stats"
ok $? "the simulated lab is generated"
kp-compare "$T/stats" >"$T/mod" && kp-classify "$T/mod" >"$T/kp" &&
	kp-compare -m sweep "$T/stats" >"$T/sweep" &&
	kp-compare -m welch-log "$T/stats" >"$T/welch" &&
	kp-compare -m mwu "$T/stats" >"$T/mwu"
ok $? "kp-compare and kp-classify run on it"
$PY "$S" eval "$T/kp" "$T/sweep" "$T/mod" "$T/welch" "$T/mwu" >"$T/table"
rc=$?
sed 's/^/# /' "$T/table"
ok $rc "default: false positives <= 1%, >= 90% of 5% shifts at cv <= 2%; sweep: <= 2%, >= 95%, every lone shift the moderated t finds (goals 0.5%, 95%)"
done_testing
