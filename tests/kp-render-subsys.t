#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render: reports open with the findings grouped by subsystem (text,
# md, html; json keeps the typed field), -M names each one's people from
# a MAINTAINERS file, and a malformed one exits 2 with file:line.
. "$(dirname "$0")/lib.sh"
M="$top/tests/data/maintainers/MAINTAINERS"
L="$FIX/work/log"
kp-parse-mmtests --meta baseline:kernel=v6.17 --meta target-2hogs:kernel=v6.18 \
	"$L/baseline" "$L/target-2hogs" 2>/dev/null |
	kp-identify 2>/dev/null | kp-stats | kp-compare -b v6.17 -t v6.18 2>/dev/null >"$T/cmp"
# and one measurement no entry of the map matches
jq -c 'select(.type == "cmp" and .bench == "syscall") | .suite = "mine" | .bench = "thing"' \
	"$T/cmp" >>"$T/cmp"
kp-classify "$T/cmp" >"$T/cls"

# the regressions of each subsystem, counted by jq from the records
jq -r 'select(.type == "cmp" and .class == "regression") | .subsystem[0] // "unmapped"' "$T/cls" |
	sort | uniq -c | awk '{ n = $1; $1 = ""; sub(/^ /, ""); print $0 ": " n " regression" (n > 1 ? "s" : "") }' |
	sort >"$T/want"
kp-render -f text "$T/cls" >"$T/text"
sed -n '/^Findings by subsystem:/,/^$/p' "$T/text" | grep -v '^ ' | grep ': [0-9]' |
	sed 's/ (.*//; s/,.*//' | sort >"$T/got"
diff "$T/want" "$T/got" >"$T/diff"
ok $? "text: each subsystem heads as many regressions as the records give it ($(wc -l <"$T/want") subsystems)"
sed 's/^/# /' "$T/diff"
first=$(grep -n '^Findings by subsystem:' "$T/text" | cut -d: -f1)
summ=$(grep -n '^Classification Summary' "$T/text" | cut -d: -f1)
test -n "$first" && test "$first" -lt "$summ"
ok $? "text: the report opens with them, before the classification summary"
grep -q '^unmapped: 1 regression' "$T/text" &&
	grep -A1 '^unmapped:' "$T/text" | grep -q 'no entry of the subsystem map matches'
ok $? "text: a finding the map does not cover is listed as unmapped, and says so"
grep -q '^  - wis/futex1/futex1-threads\[futex1 ops\] at 1: .* {single run} {starved?} {noise assumed}$' "$T/text"
ok $? "text: a regression is listed under its subsystem, with its caveats"

kp-render -f text -M "$M" "$T/cls" >"$T/textm"
is "$(grep -A1 '^FUTEX SUBSYSTEM:' "$T/textm" | tail -1)" \
	"  M: Fay Utex <fay@example.org>, Ted Wake <ted@example.org>; R: Rita Queue <rita@example.org>; L: kernel@lists.example.org; S: Maintained" \
	"-M: a subsystem's maintainers, reviewers, list and status from MAINTAINERS"
grep -A1 '^unmapped:' "$T/textm" | grep -q 'no entry of the subsystem map'
ok $? "-M: unmapped findings name no one"
printf 'SCHEDULER\nM:\tSam Sched <sam@example.org>\n' >"$T/M1"
kp-render -f text -M "$T/M1" "$T/cls" >"$T/o"
grep -A1 '^FUTEX SUBSYSTEM:' "$T/o" | tail -1 | grep -q "no section of this title in $T/M1"
ok $? "-M: a title MAINTAINERS lacks is said to be missing"

# a part the file lacks is looked up as its parent section
printf 'SCHEDULER\nM:\tSam Sched <sam@example.org>\n\nFUTEX\nM:\tFay Utex <fay@example.org>\n' >"$T/M1"
jq -c 'if .type == "cmp" and .suite == "wis" then .subsystem = ["FUTEX - WAKE"] else . end' "$T/cls" |
	kp-render -f text -M "$T/M1" >"$T/o"
is "$(grep -A1 '^FUTEX - WAKE:' "$T/o" | tail -1)" "  (no section of this title; its parent FUTEX) M: Fay Utex <fay@example.org>" \
	"-M: a part the file lacks is looked up as its parent, and the report says so"

# a title is a user's text: no control character reaches the terminal
jq -c 'if .type == "cmp" then .subsystem = ["EVIL\u001b[31m"] else . end' "$T/cls" |
	kp-render -f text >"$T/o"
grep -qF 'EVIL^[[31m: ' "$T/o" && ! grep -q "$(printf '\033')" "$T/o"
ok $? "text: control characters of a title are shown (^[), none reaches the terminal"

kp-render -f md -M "$M" "$T/cls" >"$T/md"
grep -q '^## Findings by subsystem$' "$T/md" && grep -q '^- \*\*FUTEX SUBSYSTEM\*\*: ' "$T/md" &&
	grep -q '^  M: Fay Utex' "$T/md"
ok $? "md: the same grouping and people"

kp-render -f json "$T/cls" >"$T/json"
is "$(jq -r '.regressions[], .improvements[], .uncertain[] | .subsystem | type' "$T/json" | sort -u)" array \
	"json: every finding carries the typed subsystem field"

kp-render -f html -o "$T/site" -M "$M" "$T/cls" 2>/dev/null
grep -q '<h2>Findings by subsystem</h2>' "$T/site/index.html" &&
	grep -q '<tr><td>FUTEX SUBSYSTEM<br><small>also SCHEDULER</small></td><td>M: Fay Utex &lt;fay@example.org&gt;' "$T/site/index.html"
ok $? "html: the kernel page has the subsystem table, with the people"
# a comparison is a section of its test's page: PAGE#cN
page=$(grep -o '<tr><td>FUTEX SUBSYSTEM.*' "$T/site/index.html" | grep -o 'href="[^"]*#c[0-9]*"' | head -1 | cut -d'"' -f2)
test -n "$page" && test -f "$T/site/${page%%#*}" &&
	grep -q "id=\"${page#*#}\"" "$T/site/${page%%#*}"
ok $? "html: its regressions link to their comparison pages ($page)"

jq -c 'if .type == "cmp" and .suite == "wis" then del(.subsystem) else . end' "$T/cls" |
	kp-render -f text >"$T/o"
grep -q '^not assigned: ' "$T/o" && grep -q 'kp-classify wrote no subsystem field' "$T/o"
ok $? "records without the field are grouped as not assigned, not as unmapped"
jq -c 'if .type == "cmp" then del(.subsystem) else . end' "$T/cls" | kp-render -f text >"$T/o"
! grep -q 'subsystem' "$T/o"
ok $? "input in which no record has the field shows no grouping"

# the one-shot A/B passes -S to kp-classify and -M to kp-render
printf -- '- pattern: "wis/futex2*"\n  subsystem: SCHEDULER\n  why: "a test of ours"\n' >"$T/mine.yaml"
kp-ab -S "$T/mine.yaml" -M "$M" "$L/baseline" "$L/target-2hogs" >"$T/o" 2>/dev/null
grep -A1 '^SCHEDULER:' "$T/o" | grep -q '^  M: Sam Sched' &&
	grep '^SCHEDULER:' -A20 "$T/o" | grep -q '^  - wis/futex2/'
ok $? "kp-ab -S and -M: the user's map and the people reach the report"

# a malformed MAINTAINERS: exit 2, file:line and what was expected
badm() {	# badm NAME WANT: $T/M must be refused with WANT in the message
	run_status kp-render -f text -M "$T/M" "$T/cls"
	ok $(( rc != 2 )) "$1: exit 2"
	grep -q "$2" "$T/err"
	ok $? "$1: says $2"
	sed 's/^/# /' "$T/err"
}
printf 'prose\n\nFUTEX SUBSYSTEM\nM:\tA <a@example.org>\nM\tb@example.org\n' >"$T/M"
badm "an entry without its colon" "M:5:1: \"M	b@example.org\": expected an entry"
printf 'FUTEX SUBSYSTEM\nM:\tA <a@example.org>\nZ:\tzzz\n' >"$T/M"
badm "an unknown tag" "M:3:1: unknown tag \"Z:\""
printf 'FUTEX SUBSYSTEM\nM:\tA <a@example.org>\n\nL:\tlist@example.org\n' >"$T/M"
badm "entries without a title" "M:4:1: entry \"L:\" after a blank line"
printf 'FUTEX SUBSYSTEM\nM:\tA <a@example.org>\n\nFUTEX SUBSYSTEM\nM:\tB <b@example.org>\n' >"$T/M"
badm "a title twice" "M:4:1: section \"FUTEX SUBSYSTEM\" given twice (first at line 1)"
printf 'FUTEX SUBSYSTEM\nM:\n' >"$T/M"
badm "an empty entry" "M:2:3: empty entry \"M:\""
printf 'just prose\n' >"$T/M"
badm "no section at all" "M:1: no section"
done_testing
