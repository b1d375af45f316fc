# SPDX-License-Identifier: GPL-2.0-or-later
# vis.sh: names from input shown as kp's tools show them (lib/die.c
# kp_visible, kp(7)), for the messages of the sh scripts; sourced, not run.
# A run, file or kernel name is data: its ESC sequences, newlines and the
# characters no one sees that reorder a line (U+202E) must not drive the
# terminal, forge a line of a log or hide what a message says.  Controls
# are shown in caret notation (ESC as ^[, newline as ^J, C1 as ^[ and a
# letter), the set of kp_unseen as <U+202E>, byte by byte (LC_ALL=C).

# the awk functions, for a script whose awk writes messages itself:
# vis_init() once, then vis(s)
kp_vis_awk='
function vis_utf8(c) {
	if (c < 2048)
		return sprintf("%c%c", 192 + int(c / 64), 128 + c % 64)
	if (c < 65536)
		return sprintf("%c%c%c", 224 + int(c / 4096), 128 + int(c / 64) % 64, 128 + c % 64)
	return sprintf("%c%c%c%c", 240 + int(c / 262144), 128 + int(c / 4096) % 64,
	    128 + int(c / 64) % 64, 128 + c % 64)
}
function vis_unseen(lo, hi,   c) {
	for (c = lo; c <= hi; c++)
		vis_shown[vis_utf8(c)] = sprintf("<U+%04X>", c)
}
function vis_init(   i) {
	for (i = 1; i < 32; i++)
		vis_shown[sprintf("%c", i)] = "^" sprintf("%c", i + 64)
	vis_shown[sprintf("%c", 127)] = "^?"
	for (i = 128; i < 160; i++)
		vis_shown[vis_utf8(i)] = "^[" sprintf("%c", i - 64)
	# the set of kp_unseen (lib/die.c)
	vis_unseen(173, 173); vis_unseen(1564, 1564); vis_unseen(6158, 6158)
	vis_unseen(8203, 8204); vis_unseen(8206, 8207); vis_unseen(8232, 8238)
	vis_unseen(8288, 8303); vis_unseen(65279, 65279); vis_unseen(65529, 65531)
	vis_unseen(917504, 917631)
}
function vis(s,   o, i, k) {
	o = ""
	for (i = 1; i <= length(s); i++) {
		for (k = 4; k > 0; k--)
			if (substr(s, i, k) in vis_shown)
				break
		if (k) {
			o = o vis_shown[substr(s, i, k)]
			i += k - 1
		} else
			o = o substr(s, i, 1)
	}
	return o
}
'

# kp_vis WORD...: the words, joined by blanks, on one line in their
# visible form (a newline of theirs as ^J)
kp_vis() {
	printf '%s\n' "$*" | LC_ALL=C awk "$kp_vis_awk"'
	BEGIN { vis_init() }
	{ printf "%s%s", (NR > 1 ? "^J" : ""), vis($0) }
	END { print "" }'
}

# kp_say WORD...: a message on stderr, its names visible
kp_say() {
	kp_vis "$@" >&2
}
