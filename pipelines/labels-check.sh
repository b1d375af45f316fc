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
# ENVIRON, not awk -v, which reads a backslash in a name as an escape.
# A label is data: its message shows it as kp's tools show a name
# (kp(7)), controls in caret notation (ESC as ^[, C1 as ^[ and a letter)
# and the characters no one sees that reorder a line (U+202E) as
# <U+202E>, byte by byte (LC_ALL=C)
LC_ALL=C prog=$prog file=$labels runs="$*" awk '
function utf8(c) {
	if (c < 2048)
		return sprintf("%c%c", 192 + int(c / 64), 128 + c % 64)
	if (c < 65536)
		return sprintf("%c%c%c", 224 + int(c / 4096), 128 + int(c / 64) % 64, 128 + c % 64)
	return sprintf("%c%c%c%c", 240 + int(c / 262144), 128 + int(c / 4096) % 64,
	    128 + int(c / 64) % 64, 128 + c % 64)
}
function unseen(lo, hi,   c) {
	for (c = lo; c <= hi; c++)
		shown[utf8(c)] = sprintf("<U+%04X>", c)
}
function vis(s,   o, i, k) {
	o = ""
	for (i = 1; i <= length(s); i++) {
		for (k = 4; k > 0; k--)
			if (substr(s, i, k) in shown)
				break
		if (k) {
			o = o shown[substr(s, i, k)]
			i += k - 1
		} else
			o = o substr(s, i, 1)
	}
	return o
}
BEGIN {
	prog = ENVIRON["prog"]; file = ENVIRON["file"]; runs = ENVIRON["runs"]
	n = split(runs, r, " "); for (i = 1; i <= n; i++) run[r[i]] = 1
	for (i = 1; i < 32; i++)
		shown[sprintf("%c", i)] = "^" sprintf("%c", i + 64)
	shown[sprintf("%c", 127)] = "^?"
	for (i = 128; i < 160; i++)
		shown[utf8(i)] = "^[" sprintf("%c", i - 64)
	# the set of kp_unseen (lib/die.c)
	unseen(173, 173); unseen(1564, 1564); unseen(6158, 6158)
	unseen(8203, 8204); unseen(8206, 8207); unseen(8232, 8238)
	unseen(8288, 8303); unseen(65279, 65279); unseen(65529, 65531)
	unseen(917504, 917631)
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
