#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The documented demo of the history part (make demo-history) runs end to
# end on its generated lab of 32 kernels: the trend finds the planted
# changes, the report says since which kernel the regression exists, the
# triage reports the fixed finding, and git bisect ends at the planted
# commit (the demo itself exits 1 when it does not).
. "$(dirname "$0")/lib.sh"
command -v git >/dev/null || { skip "demo-history" "git is not installed"; done_testing; exit; }
sh "$top/tests/sim/demo-history.sh" "$T/demo" >"$T/log" 2>&1
rc=$?
sed 's/^/# /' "$T/log"
is "$rc" 0 "the demo runs end to end, and git bisect finds the planted commit"
grep -q '^futex/futex1_ops_s: -[0-9.]*% at v6.17-rc3 (after v6.17-rc2)$' "$T/log"
ok $? "the trend finds the futex1 regression at v6.17-rc3"
grep -q '^context/switch_ops_s: -[0-9.]*% at v6.15-rc2 (after v6.15-rc1), reverted in v6.15-rc6' "$T/log"
ok $? "and the switch regression of v6.15-rc2, reverted in v6.15-rc6"
grep -q '^syscall/getpid_ns: transient [0-9.]*% at v6.15-rc4$' "$T/log"
ok $? "the bad build of v6.15-rc4 is a transient"
grep -q '^exec/execl_ms: drift [0-9.]*% over v6.16-rc' "$T/log"
ok $? "the slow execl drift is a drift"
grep -q '^triage: lab/context/\*: fixed-in, fixed (fixed in v6.15-rc6)$' "$T/log"
ok $? "the known switch regression is reported fixed in v6.15-rc6"
test -s "$T/demo/html/index.html" && test -s "$T/demo/report.md"
ok $? "the reports are written"
grep -q '{since v6.17-rc3, still in v6.17}' "$T/demo/report.txt" &&
	grep -q 'since v6.17-rc3, still in v6.17' "$T/demo/report.md" &&
	grep -q 'since v6.17-rc3, still in v6.17' "$T/demo/html/index.html"
ok $? "text, md and the kernel page say since which kernel the regression exists"
svg=$(ls "$T/demo/html"/test-futex-futex1_ops_s-*-trend1.svg 2>/dev/null)
test -n "$svg" && grep -q "$(basename "$svg")" "$T/demo/html"/test-futex-futex1_ops_s-*.html
ok $? "the test page has a trend plot"
is "$(grep -c '<circle cx=[^>]* r="3"' "$svg")" 32 "the plot has the 32 kernels"
grep -q 'stroke-dasharray="5,3"' "$svg" && grep -q '>-[0-9.]*%</text>' "$svg"
ok $? "with the change point marked and its size"
grep -q '<title>baseline</title>' "$svg" && grep -q '<title>target</title>' "$svg"
ok $? "and the baseline and the target ringed"
# The EXAMPLES of kp-trend(1) and kp-triage(1), taken from the pages'
# source and run on the demo's lab, so that a page cannot show a command
# whose output differs from what it says (a raw float, "null").
# example PAGE N: the Nth literal display of PAGE's EXAMPLES, as shown
example() {
	awk -v n="$2" '/^\.Sh /{ex = ($2 == "EXAMPLES")}
		ex && /^\.Bd -literal/{k++; if (k == n) {on = 1; next}}
		on && /^\.Ed/{exit}
		on' "$top/man/man1/$1.1" | sed 's/\\e/\\/g; s/\\&//g'
}
example kp-trend 2 >"$T/ex.sh"
(cd "$T/demo" && sh "$T/ex.sh") >"$T/ex" 2>&1
is "$(cat "$T/ex")" "futex/futex1_ops_s at 1: -8% since v6.17-rc3 (good: v6.17-rc2)" \
	"the EXAMPLES of kp-trend(1): the persisting regression, its size rounded"
example kp-trend 3 >"$T/ex.sh"
(cd "$T/demo" && sh "$T/ex.sh") >"$T/ex" 2>&1
grep -q '^futex/futex1_ops_s	1	[0-9]*\.[0-9][0-9]\{0,1\}	[0-9]*$' "$T/ex" &&
	! grep -q '\.[0-9]\{3\}' "$T/ex"
ok $? "the noise of kp-trend(1)'s EXAMPLES, to two decimals"
example kp-triage 1 >"$T/ex.sh"
(cd "$T/demo" && sh "$T/ex.sh") >"$T/ex" 2>&1
is "$(cat "$T/ex")" "futex/futex1_ops_s: since v6.17-rc3, still in v6.17, not triaged" \
	"the EXAMPLES of kp-triage(1) print since which kernel and the triage, no null"
done_testing
