#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# labels-check.sh: stop when a line of a labels file names no run, so that
# a mistyped label cannot leave a run under its uname kernel unnoticed;
# see kp-pipelines(7).  A label names a run by its name or its run id
# (NAME@HOST:START); RUN... are the run names present.
prog=labels-check.sh
. "$(dirname "$(readlink -f "$0")")/vis.sh"
[ $# -ge 1 ] || { echo "usage: $prog labels [run ...]" >&2; exit 2; }
labels=$1
shift
[ -r "$labels" ] && [ -f "$labels" ] || { kp_say "$prog: $labels: cannot read"; exit 2; }
# ENVIRON, not awk -v, which reads a backslash in a name as an escape.
# A label is data: its message shows it as kp's tools show a name
# (vis.sh)
LC_ALL=C prog=$prog file=$labels runs="$*" awk "$kp_vis_awk"'
BEGIN {
	prog = ENVIRON["prog"]; file = ENVIRON["file"]; runs = ENVIRON["runs"]
	n = split(runs, r, " "); for (i = 1; i <= n; i++) run[r[i]] = 1
	vis_init()
}
{ sub(/#.*/, "") }
NF == 0 { next }
{
	name = $1
	sub(/@.*/, "", name)
	if (!(name in run)) {
		printf "%s: %s:%d: the label of \"%s\" names no run; runs: %s\n",
		    prog, vis(file), NR, vis($1), vis(runs) > "/dev/stderr"
		bad = 1
	}
}
END { exit bad ? 2 : 0 }' "$labels"
