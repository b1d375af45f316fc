#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-compare reads a stat line laid out as kp-stats writes it without the
# JSON reader (lib/statline.c, tools/kp-compare/fast.c), and any other
# with it: the same stats laid out otherwise give the same cmp records,
# byte for byte, in one process and in shards; a line the JSON reader or
# kp-compare refuses is refused with its message at its line, however
# close to kp-stats' layout.
. "$(dirname "$0")/lib.sh"

L=$FIX/work/log
{
	kp-parse-mmtests --meta kernel=v6.0 "$L/baseline"
	kp-parse-mmtests --meta kernel=v6.1 "$L/baseline-rerun"
	kp-parse-mmtests --meta kernel=v6.2 "$L/target-cpuhog"
	kp-parse-mmtests --meta kernel=v6.3 "$L/target-2hogs"
} >"$T/r" && kp-identify "$T/r" | kp-stats >"$T/s"
ok $? "fixtures parsed as four kernels"
kp-compare -S "$T/s" >"$T/want" 2>/dev/null
ok $? "kp-compare reads them as kp-stats lays them out"
[ "$(grep -c '"type":"cmp"' "$T/want")" -gt 50 ]
ok $? "... and compares them: cmp records"

# the stat lines laid out otherwise (sed changes them): every one, which
# the JSON reader reads, or every other one (awk marks it), so that the
# two readers take turns
every() {	# every SED-EXPR <IN >OUT
	sed "/^{\"type\":\"stat\"/{ $1
}"
}
alt() {	# alt SED-EXPR <IN >OUT
	awk '/"type":"stat"/ && n++ % 2 { $0 = "@@" $0 } { print }' |
		sed "/^@@/{ s/^@@//; $1
}"
}
same() {	# same NAME SED-EXPR
	for how in every alt; do
		$how "$2" <"$T/s" >"$T/alt"
		cmp -s "$T/s" "$T/alt"
		is "$?" 1 "$1 ($how): the input changed"
		kp-compare -S "$T/alt" >"$T/got" 2>/dev/null
		is "$?" 0 "$1 ($how): exit 0"
		cmp -s "$T/got" "$T/want"
		ok $? "$1 ($how): the same cmp records byte for byte" ||
			diff "$T/want" "$T/got" | head -5 | sed 's/^/# /'
		{ kp-compare -S -s 1/2 "$T/alt"; kp-compare -S -s 2/2 "$T/alt"; } \
		    >"$T/got" 2>/dev/null
		cmp -s "$T/got" "$T/want"
		ok $? "$1 ($how): the same in two shards"
	done
}
same "white space after each name" 's/":/": /g'
same "an escaped letter in a string" 's/"better":"higher"/"better":"\\u0068igher"/; s/"better":"lower"/"better":"\\u006cower"/'
same "a field out of table order" 's/\(,"conc":[^,]*\)\(.*\)}$/\2\1}/'
same "a member kp-compare does not know" 's/}$/,"note":null}/'
same "per_instance in another order" 's/{"instance":\("[^"]*"\),"n":\([0-9]*\),/{"n":\2,"instance":\1,/g'
same "obs in another order" 's/"obs":{"instance":\(\[[^]]*\]\),\(.*\)}}$/"obs":{\2,"instance":\1}}/'
same "a level of obs written apart" 's/"sub":\[\([^]]*\)\]/"sub":[\1 ]/'
same "a number as 1.0e0 where kp-compare reads it" 's/"conc":1,/"conc":1.0e0,/'
# the line reader takes a value of 7 nested levels (lib/statline.c's
# DEPTH, 8 with the record's; the JSON reader's is 64): sd, which kp-compare
# does not read, nested 8 levels, is read by the JSON reader alone
# (tests/unit/statline.c tells which reader takes which depth)
same "a value nested deeper than the line reader goes" 's/"sd":\([^,]*\)/"sd":{"a":[{"a":[{"a":[[\1]]}]}]}/'

# several instances a side, each with its own Huber location, and the
# ids left to kp-compare: the will-it-scale simulation (tests/sim/wis.py)
# as it writes its stats, with white space (the JSON reader), and without
$PY "$(dirname "$0")/sim/wis.py" gen perfam 2 23 "$T/w" "$T/wo"
ok $? "the simulation writes its stats"
sed 's/, /,/g; s/": /":/g' "$T/w" >"$T/wc"
kp-compare -S "$T/w" >"$T/want-w" 2>/dev/null
ok $? "kp-compare reads them"
kp-compare -S "$T/wc" >"$T/got-w" 2>/dev/null
cmp -s "$T/got-w" "$T/want-w"
ok $? "... and the same without white space, byte for byte" ||
	diff "$T/want-w" "$T/got-w" | head -5 | sed 's/^/# /'

# one stat line, kp-stats' layout but for one thing that is refused:
# the message of the reader that refuses it, at its line
s=$(grep -m 1 '"type":"stat"' "$T/s")
bad() {	# bad NAME SED-EXPR MESSAGE-PATTERN
	{ echo "$s" | sed "$2"; } >"$T/bad"
	run_status kp-compare "$T/bad"
	is "$rc" 2 "$1: exit 2"
	grep -Eq "^kp-compare: $T/bad:1:([0-9]+:)? $3" "$T/err"
	ok $? "$1: the message at file:line:col" || sed "s/^/# /" "$T/err"
}
echo "$s" >"$T/one"
kp-compare "$T/one" >/dev/null 2>&1
ok $? "the line the cases below change is read"
bad "a leading zero" 's/"conc":\([0-9]*\)/"conc":0\1/' 'leading zero'
bad "a field twice" 's/"unit":/"unit":"x","unit":/' 'a second member "unit"'
bad "a name twice in per_instance" 's/"huber":/"n":1,"huber":/' 'a second member "n"'
bad "a trailing comma" 's/}$/,}/' 'trailing comma'
bad "a tab in a string" 's/"test":"\([^"]*\)"/"test":"\1\t"/' 'control character U.0009'
bad "a string for conc" 's/"conc":\([0-9]*\)/"conc":"\1"/' 'expected an integer'
bad "conc 0" 's/"conc":[0-9]*/"conc":0/' 'expected an integer >= 1 for "conc"'
bad "a number out of range" 's/"median":[^,]*/"median":1e999/' 'expected a finite number'
bad "better of no vocabulary" 's/"better":"[a-z]*"/"better":"up"/' 'expected .* for "better"'
bad "a number in runs" 's/"runs":\["[^"]*"/"runs":[5/' 'expected a string'
bad "obs.sub empty" 's/"sub":\[[^]]*\]/"sub":[]/' 'expected at least one value in obs.sub'
bad "a number in obs.rep" 's/"rep":\[[^],]*/"rep":["x"/' 'expected a number'
{ echo "$s"; echo "$s"; } >"$T/twice"
run_status kp-compare "$T/twice"
is "$rc" 2 "a group twice: exit 2"
grep -q "^kp-compare: $T/twice:2: a second stat record of .*$T/twice:1); expected one per group" "$T/err"
ok $? "... saying where the first is" || sed 's/^/# /' "$T/err"

done_testing
