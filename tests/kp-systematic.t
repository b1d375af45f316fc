#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-systematic: grouping across concurrency levels, missing and uncertain
# levels, the family-wide test and Simes' test against Python, ranking and
# bad input.
. "$(dirname "$0")/lib.sh"

# mkcmp TEST CONC CLASS SEVERITY SCORE CHANGE P WORSE [TARGET_EXP]
mkcmp() {
	printf '{"type":"cmp","key":"k","job":"j","suite":"wis","bench":"futex1","test":"%s","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":%s,"base_kernel":"v6.17","target_kernel":"v6.18","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"%s","change_pct":%s,"method":"welch","p":%s,"q":%s,"worse":%s,"class":"%s","severity":"%s","score":%s,"reason":"r","need_n":null}\n' \
		"$1" "$2" "${9:-bbbbbbbbbbbbbbbb}" "$6" "$7" "$7" "$8" "$3" "$4" "$5"
}
sys() {	# sys FILE: the sys records, one per line
	jq -c 'select(.type == "sys")' "$1"
}

{
	echo '{"type":"run","run":"r1"}'
	# t1: regresses at 2, 3 and 4; uncertain at 1
	mkcmp t1 1 uncertain none 10 -2 0.2 true
	mkcmp t1 2 regression red 90 -25 0.0001 true
	mkcmp t1 3 regression red 85 -22 0.0002 true
	mkcmp t1 4 regression yellow 65 -10 0.003 true
	# t2: one yellow level only: not a group
	mkcmp t2 1 regression yellow 60 -8 0.01 true
	mkcmp t2 2 no-change none 0 1 0.6 false
	# t3: improves at every level
	mkcmp t3 1 improvement green 40 5 0.01 false
	mkcmp t3 2 improvement green 45 6 0.004 false
	# t4: no level decided, but all four lean the same way
	mkcmp t4 1 uncertain none 20 -3 0.003 true
	mkcmp t4 2 no-change none 15 -3 0.004 true
	mkcmp t4 4 uncertain none 20 -4 0.002 true
	mkcmp t4 8 uncertain none 20 -5 0.003 true
	# t5: no level decided, the family-wide test (instances as units) is
	mkcmp t5 1 uncertain none 20 -3 0.2 true | sed 's/}$/,"family_change_pct":-3.5,"family_p":0.0002,"family_q":0.002}/'
	mkcmp t5 2 uncertain none 20 -4 0.3 true | sed 's/}$/,"family_change_pct":-3.5,"family_p":0.0002,"family_q":0.002}/'
	# t6: levels that lean one way, on machines the family-wide test
	# finds no different: that test decides, not the levels
	mkcmp t6 1 uncertain none 20 -3 0.001 true | sed 's/}$/,"family_change_pct":-1,"family_p":0.3,"family_q":0.5}/'
	mkcmp t6 2 uncertain none 20 -3 0.001 true | sed 's/}$/,"family_change_pct":-1,"family_p":0.3,"family_q":0.5}/'
	mkcmp t6 3 uncertain none 20 -3 0.001 true | sed 's/}$/,"family_change_pct":-1,"family_p":0.3,"family_q":0.5}/'
	echo '{"type":"stat","scope":"group"}'
} >"$T/in"

run_status kp-systematic "$T/in"
is "$rc" 0 "exit 0"
head -n "$(wc -l <"$T/in")" "$T/out" | cmp -s - "$T/in"
ok $? "every input record passes through unchanged and in order"
sys "$T/out" >"$T/sys"
is "$(jq -r '[.test, .direction, .rank] | @tsv' "$T/sys" | tr '\t\n' ' /')" \
	"t1 regression 1/t5 regression 2/t4 regression 3/t3 improvement 4/" \
	"groups t1, t5, t4 and t3, ranked red first and improvements last; not t6"
is "$(jq -c 'select(.test == "t1") | [.levels, .affected, .uncertain, .missing, .systematic]' "$T/sys")" \
	'[[1,2,3,4],[2,3,4],[1],[],false]' "t1: levels, affected, uncertain; not systematic"
is "$(jq -c 'select(.test == "t1") | [.severity_counts, .avg_score, .change_min_pct, .change_max_pct]' "$T/sys")" \
	'[{"red":2,"yellow":1},80,-25,-10]' "t1: severity counts, mean score and range over affected levels"
is "$(jq -c 'select(.test == "t3") | [.direction, .systematic, .affected]' "$T/sys")" \
	'["improvement",true,[1,2]]' "t3: a systematic improvement"
is "$(jq -c 'select(.test == "t4") | [.n_affected, .n_combined, .change_min_pct, .change_max_pct, .combine_method]' "$T/sys")" \
	'[0,4,-5,-3,"simes"]' "t4: found by Simes' test alone, range over the levels that moved"
is "$(jq -c 'select(.test == "t5") | [.n_affected, .combine_method, .p_combined, .q_combined]' "$T/sys")" \
	'[0,"family-test",0.0002,0.002]' "t5: found by the family-wide test alone, its p and q as kp-compare gave them"
is "$(jq -c '.triage' "$T/sys" | sort -u)" null \
	"no triage until kp-triage gives one (not \"acknowledged\")"

# Simes' test and the BH adjustment against Python (groups without a family test)
jq -r 'select(.type == "sys" and .combine_method == "simes") | [.test, .direction, .p_combined, .q_combined] | @tsv' "$T/out" >"$T/got"
$PY - "$T/in" "$T/got" <<'EOF' >"$T/py" 2>&1
import json, sys, math
groups = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "cmp" and "family_p" not in r:
        groups.setdefault(r["test"], []).append(r)
res = {}
for t, g in sorted(groups.items()):
    for d in ("regression", "improvement"):
        ps = []
        for r in g:
            moved = r["worse"] if d == "regression" else not r["worse"]
            ps.append(r["p"] / 2 if moved else 1 - r["p"] / 2)
        ps.sort()
        res[(t, d)] = min(1, min(p * len(ps) / (i + 1) for i, p in enumerate(ps)))
keys = sorted(res, key=lambda k: res[k])
m = len(keys)
q, run = {}, 1.0
for i in range(m, 0, -1):
    run = min(run, res[keys[i - 1]] * m / i)
    q[keys[i - 1]] = run
bad = 0
for line in open(sys.argv[2]):
    t, d, p, qq = line.split("\t")
    want_p, want_q = res[(t, d)], q[(t, d)]
    if abs(float(p) - want_p) > 1e-9 * want_p or abs(float(qq) - want_q) > 1e-9 * want_q:
        print("mismatch", t, d, p, want_p, qq, want_q)
        bad += 1
print("ok" if bad == 0 else "bad")
EOF
is "$(tail -n 1 "$T/py")" ok "Simes p and BH q agree with Python to 1e-9"
[ "$(tail -n 1 "$T/py")" = ok ] || sed 's/^/# /' "$T/py"

# expected levels: a missing one is reported and breaks "systematic"
kp-systematic -e 1,2,4 "$T/in" | sys /dev/stdin >"$T/sys"
is "$(jq -c 'select(.test == "t3") | [.missing, .systematic]' "$T/sys")" '[[4],false]' \
	"-e: a missing level is reported and the group is not systematic"
is "$(jq -c 'select(.test == "t4") | .missing' "$T/sys")" '[]' "-e: nothing missing when all were tested"

# -l and -a
is "$(kp-systematic -l 3 "$T/in" | jq -r 'select(.type == "sys") | .test' | tr '\n' ' ')" "t1 t4 " \
	"-l 3 drops the two-level improvement and the two-level family t5"
is "$(kp-systematic -a 0 "$T/in" | jq -r 'select(.type == "sys") | .test' | tr '\n' ' ')" "t1 t3 " \
	"-a 0 turns the family-wide tests off"
is "$(kp-systematic -a 0.0001 "$T/in" | jq -r 'select(.type == "sys") | .test' | tr '\n' ' ')" "t1 t3 " \
	"-a 0.0001: neither t5 (q 0.002) nor t4 qualifies"

# order of the input does not matter
tac "$T/in" | kp-systematic | sys /dev/stdin >"$T/sys2"
kp-systematic "$T/in" | sys /dev/stdin >"$T/sys1"
cmp -s "$T/sys1" "$T/sys2"
ok $? "sys records do not depend on input order"

# a separate experiment pair is a separate group
{ mkcmp t1 1 regression red 90 -25 0.0001 true cccccccccccccccc
  mkcmp t1 2 regression red 90 -25 0.0001 true cccccccccccccccc
  cat "$T/in"; } | kp-systematic | sys /dev/stdin >"$T/sys"
is "$(jq -r 'select(.test == "t1") | .target_exp' "$T/sys" | sort | tr '\n' ' ')" \
	"bbbbbbbbbbbbbbbb cccccccccccccccc " "groups are per experiment pair"

# unclassified records pass through with a warning
mkcmp t9 1 regression red 90 -25 0.0001 true | jq -c 'del(.class)' >"$T/uncl"
run_status kp-systematic "$T/uncl"
is "$rc" 0 "unclassified cmp: exit 0"
cmp -s "$T/out" "$T/uncl"
ok $? "unclassified cmp: passed through"
grep -q "1 cmp records had no class" "$T/err"
ok $? "unclassified cmp: counted in a warning"

# bad input
{ mkcmp t1 1 regression red 90 -25 0.0001 true; mkcmp t1 1 regression red 90 -25 0.0001 true; } >"$T/dup"
run_status kp-systematic "$T/dup"
is "$rc" 2 "a second record for one level: exit 2"
grep -q "^kp-systematic: $T/dup:2: a second cmp record.*at conc 1.*first is at $T/dup:1" "$T/err"
ok $? "duplicate level: names both lines"
mkcmp t1 1 regression red 90 -25 1.5 true >"$T/badp"
run_status kp-systematic "$T/badp"
is "$rc" 2 "p outside [0, 1]: exit 2"
grep -q "^kp-systematic: $T/badp:1:[0-9]*: p is 1.5" "$T/err"
ok $? "p outside [0, 1]: names file, line and column"
mkcmp t1 1 regression red 90 -25 0.1 true | sed 's/"conc":1/"conc":"x"/' >"$T/badc"
run_status kp-systematic "$T/badc"
is "$rc" 2 "conc not an integer: exit 2"
run_status kp-systematic -e 1,x "$T/in"
is "$rc" 2 "-e with a bad level: exit 2"
run_status kp-systematic -q
is "$rc" 2 "unknown option: exit 2"
grep -q "^usage: kp-systematic \[-a alpha\] \[-e levels\] \[-l min\] \[file ...\]" "$T/err"
ok $? "usage"

# a failed write is an error, not a silent loss
if [ -w /dev/full ]; then
	run_status sh -c 'kp-systematic "$1" >/dev/full' sh "$T/in"
	is "$rc" 2 "write error: exit 2"
else
	skip "write error" "no /dev/full"
fi

# levels tested inside one run a side do not enter the combined test:
# t4 again, but every level's p comes from one run's samples
grep '"test":"t4"' "$T/in" | sed 's/"type":"cmp",/"type":"cmp","obs_level":"sub",/' >"$T/inrun"
kp-systematic "$T/inrun" | jq -c 'select(.type == "sys")' >"$T/o"
is "$(wc -l <"$T/o" | tr -d ' ')" 0 "single-run levels: no group from the combined test alone"
# one rule for one run a side, kp-classify's: iterations of one run too
sed 's/"obs_level":"sub"/"obs_level":"iter"/' "$T/inrun" >"$T/initer"
kp-systematic "$T/initer" | jq -c 'select(.type == "sys")' >"$T/o"
is "$(wc -l <"$T/o" | tr -d ' ')" 0 "... nor levels tested on the iterations of one run"
# and the single_run field kp-compare writes decides, whatever obs_level says
sed 's/"obs_level":"sub"/"obs_level":"instance","single_run":true/' "$T/inrun" >"$T/insr"
kp-systematic "$T/insr" | jq -c 'select(.type == "sys")' >"$T/o"
is "$(wc -l <"$T/o" | tr -d ' ')" 0 "... single_run decides"
sed 's/"obs_level":"sub"/&,"single_run":false/' "$T/inrun" >"$T/insr"
kp-systematic "$T/insr" | jq -c 'select(.type == "sys") | .test' >"$T/o"
is "$(cat "$T/o")" '"t4"' "... both ways"

# a sys record names its comparisons by family: the id of kp-records(5),
# computed here by hashlib, or the family the cmp records carry
kp-systematic "$T/in" >"$T/o"
$PY - "$T/o" <<'PY' >"$T/fam"
import hashlib, json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
def fam(r):
    f = ['family'] + [r[k] for k in ('base_exp', 'target_exp', 'suite', 'bench', 'test', 'op', 'metric')]
    return hashlib.sha256(b''.join(x.encode() + b'\0' for x in f)).hexdigest()[:16]
cmps = [r for r in recs if r['type'] == 'cmp']
print(' '.join('%s:%d' % (s['test'], sum(1 for c in cmps if fam(c) == s['family']))
               for s in recs if s['type'] == 'sys' and s['family'] == fam(s)))
PY
is "$(cat "$T/fam")" "t1:4 t5:2 t4:4 t3:2" "each sys record's family, and its comparisons found by it"
# t1 with its levels 3 and 4 renamed: one group still, by the family they carry
grep '"test":"t1"' "$T/in" | sed 's/"type":"cmp",/"type":"cmp","family":"0123456789abcdef",/' |
    sed '/"conc":[34],/s/"test":"t1"/"test":"t1b"/' | kp-systematic |
    jq -c 'select(.type == "sys") | [.family, .levels, .affected]' >"$T/o"
is "$(cat "$T/o")" '["0123456789abcdef",[1,2,3,4],[2,3,4]]' "cmp records of one family are one group, as they say"
# the combined test alone never finds a family with a level classified
# the other way: t7 leans to a regression at 1, 2 and 4 (Simes' q 0.005)
# but improved at 8
{
	mkcmp t7 1 uncertain none 20 -3 0.003 true
	mkcmp t7 2 uncertain none 15 -3 0.004 true
	mkcmp t7 4 uncertain none 20 -4 0.002 true
	mkcmp t7 8 improvement green 20 5 0.003 false
} | kp-systematic | jq -c 'select(.type == "sys" and .direction == "regression")' >"$T/t7"
is "$(wc -l <"$T/t7" | tr -d ' ')" 0 "a level moved the other way: no regression by the combined test"

done_testing
