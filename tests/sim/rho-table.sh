#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# rho-table.sh: the simulation of sim.py at KP_SIM_RHO 0, 0.5 and 1, with
# offsets per family and shared by all families of a pair, through
# kp-compare | kp-classify | kp-systematic: the goals of kp-compare(1), one line
# each.  usage: rho-table.sh WORKDIR (kp tools on PATH; KP_SIM_FULL honoured)
set -e
S=$(dirname "$0")/sim.py
PY=${PY:-/usr/bin/python3}
W=$1
echo "rho  shared unchanged groups called changed, % [95%]  n | unchanged families listed | uniform -5% found, cv <= 2% | uniform -10% found, cv <= 2% | lone -5% found, cv 2%"
for shared in 0 1; do
	for rho in 0 0.5 1; do
		KP_SIM_RHO=$rho KP_SIM_SHARED=$shared $PY "$S" gen >"$W/stats"
		kp-compare "$W/stats" | kp-classify >"$W/kp"
		kp-systematic "$W/kp" >"$W/sys"
		KP_SIM_RHO=$rho KP_SIM_SHARED=$shared $PY "$S" summary "$W/kp" "$W/sys"
	done
done
