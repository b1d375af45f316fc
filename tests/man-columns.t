#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every .Bl -column list of the man pages gives each cell but a row's last
# a column at least as wide as its text: mandoc widens a column to fit,
# but groff (man(1) on most systems) does not, and runs the cells
# together, as kp-render(1)'s size table once showed "sitefileswall".
. "$(dirname "$0")/lib.sh"
for page in "$top"/man/man*/*.[1-9]; do
	grep -q '^\.Bl -column' "$page" || continue
	bad=$(awk '
		function text(c) {	# a cell as shown: without its macros
			gsub(/(^| )(Sy|Em|Li|Cm|Ar|Ql|Pa|Fl|Dq|Sq|Va|Ev|Xr|No|Ns) /, " ", c)
			gsub(/\\&|"/, "", c); gsub(/\\-/, "-", c); gsub(/\\ /, " ", c); gsub(/^ +| +$/, "", c)
			return c
		}
		/^\.Bl -column/ {
			# the column widths: quoted strings or words up to the first flag
			s = substr($0, 12); n = 0
			while (s != "") {
				sub(/^[ \t]+/, "", s)
				if (s == "" || s ~ /^-/) break
				if (s ~ /^"/) { s = substr(s, 2); i = index(s, "\""); w[++n] = substr(s, 1, i - 1); s = substr(s, i + 1) }
				else { i = match(s, /[ \t]/); w[++n] = i ? substr(s, 1, i - 1) : s; s = i ? substr(s, i) : "" }
			}
			col = n; next
		}
		/^\.El/ { col = 0; next }
		col && /^\.It/ {
			row = substr($0, 5); gsub(/\t/, " Ta ", row)
			k = split(row, cell, / Ta /)
			for (i = 1; i < k; i++) {
				t = text(cell[i])
				if (i > col)
					printf "%d: cell %d \"%s\" has no column (%d declared)\n", NR, i, t, col
				else if (length(t) > length(w[i]))
					printf "%d: cell %d \"%s\" is wider than its column \"%s\"\n", NR, i, t, w[i]
			}
		}' "$page")
	is "$bad" "" "$(basename "$page"): each -column cell fits its column under groff"
done
done_testing
