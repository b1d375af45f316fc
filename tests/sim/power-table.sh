#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# power-table.sh: the power table of kp-compare(1): the will-it-scale
# simulation of wis.py, one row per layout of the instance offsets, through
# kp-compare | kp-classify | kp-systematic, each figure beside the oracle's.
# usage: power-table.sh WORKDIR [PAIRS [SEED]] (kp tools on PATH; PAIRS
# per row, default 200: the full run, minutes; exits 1 when a floor of
# wis.py check is missed)
set -e
W=$1
P=${2:-200}
SEED=${3:-23}
PY=${PY:-/usr/bin/python3}
S=$(dirname "$0")/wis.py
rc=0
for row in perfam shared half fresh paired; do
	$PY "$S" gen $row "$P" "$SEED" "$W/st.$row" "$W/or.$row"
	kp-compare "$W/st.$row" | kp-classify >"$W/kp.$row"
	kp-systematic "$W/kp.$row" >"$W/sys.$row"
	$PY "$S" check $row "$W/kp.$row" "$W/sys.$row" "$W/or.$row" || rc=1
	rm -f "$W/st.$row"
done
exit $rc
