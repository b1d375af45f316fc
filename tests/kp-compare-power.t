#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The power table in small: the will-it-scale simulation (tests/sim/wis.py),
# 5 hosts a side running all 24 families, one row per layout of the
# instance offsets (per family with names shared across families, shared
# by all families, half shared, fresh instances per family, the same hosts
# for both kernels), kp beside an oracle that knows the generating model.
# Floors and goals: tests/sim/wis.py; the full run is tests/sim/power-table.sh.
. "$(dirname "$0")/lib.sh"
PY=$PY "$(dirname "$0")/sim/power-table.sh" "$T" 9 5 >"$T/table"
rc=$?
sed 's/^/# /' "$T/table"
ok $rc "kp on the will-it-scale simulation: unchanged levels, unchanged families, -5% shifts at cv <= 2% and against the oracle, +5% improvements against the oracle, lone -5% levels, in every row"
done_testing
