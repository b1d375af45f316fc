#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-identify and kp-stats read a sample line laid out as kp writes it
# without the JSON reader (lib/sampleline.c), and any other with it: the
# same samples laid out otherwise give the same ids and statistics, and a
# line the JSON reader refuses is refused with its message, however
# close to kp's layout.
. "$(dirname "$0")/lib.sh"

kp-parse-mmtests "$FIX/work/log" >"$T/parsed" 2>"$T/perr"
ok $? "kp-parse-mmtests parses the fixtures"
kp-identify "$T/parsed" >"$T/id"
ok $? "kp-identify reads the fixtures as kp-parse-mmtests lays them out"
kp-stats "$T/id" >"$T/want"
ok $? "kp-stats reads them as kp-identify lays them out"

# every other sample line laid out otherwise (awk marks it, sed changes
# it), so that the two readers take turns
alt() {	# alt SED-EXPR <IN >OUT
	awk '/"type":"sample"/ && n++ % 2 { $0 = "@@" $0 } { print }' |
		sed "/^@@/{ s/^@@//; $1
}"
}
ids='select(.type == "sample") | [.exp, .key, .group] | @tsv'

# kp-identify: the same ids on every line, the lines not changed byte for
# byte; with runstat records and without (ids from the samples)
grep -v '"type":"runstat"' "$T/parsed" >"$T/parsed-nors"
kp-identify "$T/parsed-nors" >"$T/id-nors"
jq -r "$ids" "$T/id" >"$T/a"
jq -r "$ids" "$T/id-nors" | cmp -s - "$T/a"
is "$?" 1 "without runstats: other ids (their jobs' params missing)"
same_ids() {	# same_ids NAME SED-EXPR
	for in in parsed parsed-nors; do
		alt "$2" <"$T/$in" >"$T/alt"
		kp-identify "$T/alt" >"$T/got"
		is "$?" 0 "$1 ($in): exit 0"
		want=$T/id
		[ "$in" = parsed ] || want=$T/id-nors
		jq -r "$ids" "$want" >"$T/want-ids"
		jq -r "$ids" "$T/got" | cmp -s - "$T/want-ids"
		ok $? "$1 ($in): the same ids"
		awk '/"type":"sample"/ && n++ % 2 { next } { print }' "$want" >"$T/w"
		awk '/"type":"sample"/ && n++ % 2 { next } { print }' "$T/got" | cmp -s - "$T/w"
		ok $? "$1 ($in): the lines not changed, byte for byte"
	done
}
same_ids "white space after each name" 's/":/": /g'
same_ids "an escaped letter in a string" 's/"better":"higher"/"better":"\\u0068igher"/; s/"better":"lower"/"better":"\\u006cower"/'
same_ids "a field out of table order" 's/\(,"value":[^,]*\)\(.*\)}$/\2\1}/'
same_ids "ids already there" 's/}$/,"exp":"x","key":"y","group":"z"}/'
kp-identify "$T/id" | cmp -s - "$T/id"
ok $? "kp-identify on its own output: the same output byte for byte"
{ grep '"type":"sample"' "$T/parsed" | head -n 1; cat "$T/parsed"; } >"$T/early"
run_status kp-identify "$T/early"
is "$rc" 2 "a sample before its run record: exit 2"
grep -q "^kp-identify: $T/early:1:.*no run record" "$T/err"
ok $? "... saying so at its line" || sed 's/^/# /' "$T/err"

# kp-stats: the same output, in one process and in two shards
same() {	# same NAME SED-EXPR
	alt "$2" <"$T/id" >"$T/alt"
	cmp -s "$T/id" "$T/alt"
	is "$?" 1 "$1: the input changed"
	kp-stats "$T/alt" >"$T/got" 2>"$T/err"
	is "$?" 0 "$1: exit 0"
	cmp -s "$T/got" "$T/want"
	ok $? "$1: the same output byte for byte" ||
		diff "$T/want" "$T/got" | head -5 | sed 's/^/# /'
	{ kp-stats -s 1/2 "$T/alt"; kp-stats -s 2/2 "$T/alt"; } >"$T/got"
	cmp -s "$T/got" "$T/want"
	ok $? "$1: the same output in two shards"
}
same "white space after each name" 's/":/": /g'
same "white space at the end" 's/}$/} /'
same "an escaped letter in a string" 's/"better":"higher"/"better":"\\u0068igher"/; s/"better":"lower"/"better":"\\u006cower"/'
same "a field out of table order" 's/\(,"value":[^,]*\)\(.*\)}$/\2\1}/'
same "a member kp-stats does not know" 's/}$/,"note":null}/'
same "a number as a string where kp-stats reads none" 's/"src":"[^"]*"/"src":5/'

# a line kp's layout but for one thing the JSON reader refuses: its
# message, at its line
s='{"type":"sample","run":"r","iter":0,"kernel":"k","instance":"h","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"rep":1,"sub":1,"value":1.5,"src":"x:1","exp":"eeeeeeeeeeeeeeee","key":"kkkkkkkkkkkkkkkk","group":"gggggggggggggggg"}'
bad() {	# bad NAME SED-EXPR MESSAGE-PATTERN
	{ echo "$s"; echo "$s" | sed 's/"rep":1/"rep":2/' | sed "$2"; } >"$T/bad"
	run_status kp-stats "$T/bad"
	is "$rc" 2 "$1: exit 2"
	grep -q "^kp-stats: $T/bad:2:[0-9]*: $3" "$T/err"
	ok $? "$1: the JSON reader's message at file:line:col" || sed 's/^/# /' "$T/err"
}
echo "$s" >"$T/one"
kp-stats "$T/one" >/dev/null
ok $? "the line the cases below change is read"
bad "a leading zero" 's/"rep":2/"rep":02/' 'leading zero'
bad "a decimal point without digits" 's/"value":1.5/"value":1./' 'expected a digit after the decimal point'
bad "an exponent without digits" 's/"value":1.5/"value":1.5e/' 'expected a digit in the exponent'
bad "a minus alone" 's/"value":1.5/"value":-/' "expected a digit after '-'"
bad "a field twice" 's/"run":"r",/"run":"r","run":"r",/' 'a second member "run"'
bad "type twice" 's/^{"type":"sample",/{"type":"sample","type":"sample",/' 'a second member "type"'
bad "a trailing comma" 's/}$/,}/' 'trailing comma'
bad "a tab in a string" 's/"op":"o"/"op":"o\t"/' 'control character U+0009'
bad "a byte of no UTF-8" 's/"op":"o"/"op":"o\xff"/' 'invalid UTF-8'
bad "an unterminated string" 's/"gggggggggggggggg"}$/"gggggggggggggggg}/' 'unterminated string'
bad "true for a number" 's/"value":1.5/"value":true/' 'expected a number for "value"'
bad "a second object" 's/}$/}{}/' 'unexpected'

done_testing
