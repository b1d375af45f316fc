#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-parse-bpftrace: hand-written bpftrace 0.17 output, text and JSON,
# against records checked by hand
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
D=tests/data/bpftrace

for f in hist keyed lhist; do
	run_status kp-parse-bpftrace $D/$f.txt
	is "$rc" 0 "$f.txt parses"
	is "$(cat "$T/out")" "$(cat $D/$f.expected)" "$f.txt gives the expected records"
done
run_status kp-parse-bpftrace $D/hist.json
is "$rc" 0 "JSON parses"
grep -q 'hist.json:5:[0-9]*: @calls is not a histogram; skipped$' "$T/err"
ok $? "JSON: a map of values is named in a warning, as in text"
is "$(cat "$T/out")" "$(cat $D/json.expected)" "JSON gives the expected records"

# the same histogram printed as text and as JSON gives the same buckets
a=$(kp-parse-bpftrace $D/hist.txt | jq -c 'select(.map == "@usecs") | .buckets')
b=$(kp-parse-bpftrace $D/hist.json 2>/dev/null | jq -c 'select(.map == "@usecs") | .buckets')
is "$a" "$b" "text and JSON of one histogram agree"

# the cases that are easy to get wrong, spelled out
kp-parse-bpftrace $D/keyed.txt 2>/dev/null >"$T/k"
is "$(jq -c 'select(.type == "hist") | [.map, .keys, .n]' "$T/k" | tr '\n' ' ')" \
    '["@lat",["bash"],9] ["@lat",["1234","sshd"],3] ["@empty",[],0] ["@neg",[],7] ' \
    "keyed maps, an empty map and a negative one; the scalar map is not a histogram"
is "$(jq -c 'select(.keys == ["bash"]) | .buckets[0]' "$T/k")" \
    '{"lo":1024,"hi":2048,"count":5}' "[1K, 2K) is [1024, 2048)"
is "$(jq -c 'select(.keys[1] == "sshd") | .buckets[1]' "$T/k")" \
    '{"lo":2097152,"hi":null,"count":1}' "[2M, ...) is open above"
is "$(jq -c 'select(.map == "@neg") | .buckets[0:2]' "$T/k")" \
    '[{"lo":null,"hi":0,"count":3},{"lo":0,"hi":1,"count":1}]' "(..., 0) is open below, [0] is [0, 1)"
kp-parse-bpftrace $D/keyed.txt 2>"$T/err" >/dev/null
grep -q 'keyed.txt:13:1: @calls is not a histogram' "$T/err"
ok $? "a scalar map is named in a warning"
is "$(kp-parse-bpftrace $D/lhist.txt | jq -r 'select(.type == "hist") | .kind + " " + .unit')" \
    "lhist ms" "lhist is recognised by its equal widths; @ms is in ms"
is "$(kp-parse-bpftrace --meta kernel=v6.18 --meta host=box $D/hist.txt |
    jq -r 'select(.type == "hist") | .kernel + " " + .run')" \
    "v6.18 hist@box" "--meta names kernel and host"
is "$(kp-parse-bpftrace < $D/hist.json 2>/dev/null | jq -c 'select(.type == "hist") | .map' | wc -l)" \
    4 "JSON on the standard input"

# bad input: exit 2, naming the place
printf '@x:\n[4, 8)  1 |@|\n[2, 4)  1 |@|\n' >"$T/bad"
run_status kp-parse-bpftrace "$T/bad"
is "$rc" 2 "buckets out of order: exit 2"
grep -q "bad:3:1: bucket does not follow" "$T/err"
ok $? "... naming file and line"
printf '@x:\n[4, 8)  many |@|\n' >"$T/bad"
run_status kp-parse-bpftrace "$T/bad"
is "$rc" 2 "a count that is not a number: exit 2"
printf '{"type": "hist", "data": {"@x": [{"min": 1, "max": 1}]}}\n' >"$T/bad"
run_status kp-parse-bpftrace "$T/bad"
is "$rc" 2 "a JSON bucket without count: exit 2"
grep -q "bad:1:" "$T/err"
ok $? "... naming file and line"
printf '{"type": "hist", "data": \n' >"$T/bad"
run_status kp-parse-bpftrace "$T/bad"
is "$rc" 2 "truncated JSON: exit 2"
run_status kp-parse-bpftrace /nonexistent
is "$rc" 2 "a missing file: exit 2"
run_status kp-parse-bpftrace -z
is "$rc" 2 "a bad option: exit 2"
grep -q '^usage: kp-parse-bpftrace \[--meta key=value\] \[file ...\]$' "$T/err"
ok $? "usage is the SYNOPSIS"

# the man page's second example
cp tests/data/gate/lat-base.json "$T/lat-base.json"
(cd "$T" && kp-parse-bpftrace lat-base.json | jq -c 'select(.type == "hist") | .buckets') >"$T/ex"
is "$(jq length "$T/ex")" 13 "EXAMPLES: the buckets of a stored JSON histogram"
mandoc -Tlint -W warning man/man1/kp-parse-bpftrace.1
ok $? "kp-parse-bpftrace(1) passes mandoc -Tlint"
done_testing
