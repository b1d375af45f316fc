#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The exact segmentation of kp-trend against an independent implementation:
# strucchange's breakpoints() (Bai and Perron 2003) in R, on 60 series of 40
# points with steps, a reverted step and an outlier, for 1 to 4 breaks.
. "$(dirname "$0")/lib.sh"
if ! Rscript -e 'library(strucchange)' >/dev/null 2>&1; then
	skip "breakpoints() of strucchange" "R or r-cran-strucchange is not installed"
	done_testing
	exit
fi
cat >"$T/bp.R" <<'R'
suppressMessages(library(strucchange))
set.seed(20140615)
dir <- commandArgs(TRUE)[1]
for (i in 1:60) {
	y <- rnorm(40, sd = 0.5 + i / 30)
	y[(5 + i %% 20):40] <- y[(5 + i %% 20):40] - 1
	if (i %% 3 == 0) y[30:33] <- y[30:33] + 2
	if (i %% 4 == 0) y[12] <- y[12] + 4
	writeLines(format(y, digits = 17), sprintf("%s/y%02d", dir, i))
	bp <- breakpoints(y ~ 1, h = 2)
	for (m in 1:4)
		cat(sprintf("%02d %d %s\n", i, m,
		    paste(breakpoints(bp, breaks = m)$breakpoints, collapse = " ")),
		    file = sprintf("%s/want", dir), append = TRUE)
}
R
Rscript "$T/bp.R" "$T"
ok $? "strucchange computes the breakpoints"
for i in $(seq -w 1 60); do
	for m in 1 2 3 4; do
		printf '%s %d %s\n' "$i" "$m" "$("$KP_UNIT/segment.t" fixed "$m" 2 <"$T/y$i")"
	done
done >"$T/got"
ndiff=$(diff "$T/want" "$T/got" | grep -c '^>')
diff "$T/want" "$T/got" | head -5 | sed 's/^/# /'
is "$ndiff" 0 "kp's dynamic programme gives strucchange's breakpoints on all 240 fits"
done_testing
