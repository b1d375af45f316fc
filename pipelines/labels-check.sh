#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# labels-check.sh: stop when a line of a labels file names no run, so that
# a mistyped label cannot leave a run under its uname kernel unnoticed;
# see kp-pipelines(7).  A label names a run by its name or its run id
# (NAME@HOST:START); RUN... are the run names present.
prog=labels-check.sh
[ $# -ge 1 ] || { echo "usage: $prog labels [run ...]" >&2; exit 2; }
labels=$1
shift
[ -r "$labels" ] && [ -f "$labels" ] || { echo "$prog: $labels: cannot read" >&2; exit 2; }
# ENVIRON, not awk -v, which reads a backslash in a name as an escape
prog=$prog file=$labels runs="$*" awk '
BEGIN {
	prog = ENVIRON["prog"]; file = ENVIRON["file"]; runs = ENVIRON["runs"]
	n = split(runs, r, " "); for (i = 1; i <= n; i++) run[r[i]] = 1
}
{ sub(/#.*/, "") }
NF == 0 { next }
{
	name = $1
	sub(/@.*/, "", name)
	if (!(name in run)) {
		printf "%s: %s:%d: the label of \"%s\" names no run; runs: %s\n",
		    prog, file, NR, $1, runs > "/dev/stderr"
		bad = 1
	}
}
END { exit bad ? 2 : 0 }' "$labels"
