#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render: every format on hand-made records, escaping of hostile names,
# the stale-baseline check and --fail-on.
. "$(dirname "$0")/lib.sh"

# mkcmp TEST CONC CLASS SEVERITY SCORE BASE TARGET CHANGE [NEED_N]
mkcmp() {
	printf '{"type":"cmp","key":"k","job":"wis-futex","suite":"wis","bench":"futex1","test":"%s","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":%s,"base_kernel":"v6.17","target_kernel":"v6.18","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"bbbbbbbbbbbbbbbb","base_runs":["b@vm:1"],"target_runs":["t@vm:2"],"obs_level":"run","n_base":5,"n_target":5,"base_median":%s,"target_median":%s,"change_pct":%s,"ci_low_pct":-30,"ci_high_pct":-20,"method":"welch","p":0.0001,"q":0.001,"hedges_g":-3,"cliffs_delta":-1,"worse":true,"class":"%s","severity":"%s","score":%s,"reason":"significant","need_n":%s}\n' \
		"$1" "$2" "$6" "$7" "$8" "$3" "$4" "$5" "${9:-null}"
}
run() {	# run RUN HOST CPU START
	printf '{"type":"run","run":"%s","kernel":"k","host":"%s","cpu_model":"%s","start":%s}\n' "$1" "$2" "$3" "$4"
}

{
	run b@vm:1 vm "AMD EPYC" 1750000000
	run t@vm:2 vm "AMD EPYC" 1750086400
	mkcmp futex1-threads 2 regression red 87.5 200 174.6 -12.7
	mkcmp futex1-threads 4 regression yellow 67.5 400 379.6 -5.1
	mkcmp futex1-threads 1 uncertain none 10 100 98 -2 12
	mkcmp futex2-threads 1 improvement green 40 100 110 10
	mkcmp futex3-threads 1 no-change none 0 100 100.5 0.5
	# a hostile name: escapes, markup, quotes, separators, a newline
	printf '{"type":"cmp","key":"k","job":"j","suite":"s<&>","bench":"b`|*","test":"t\\u001b[31mX\\u0085","op":"o\\"'"'"',","metric":"m\\n","unit":"ms","better":"lower","conc":1,"base_kernel":"v6.17","target_kernel":"v6.18","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"bbbbbbbbbbbbbbbb","base_runs":["b@vm:1"],"target_runs":["t@vm:2"],"n_base":5,"n_target":5,"base_median":1,"target_median":1.1,"change_pct":10,"p":0.04,"q":0.05,"worse":true,"class":"regression","severity":"green","score":30,"reason":"a|b","need_n":null,"zz_extra":[1,"x"]}\n'
	printf '{"type":"sys","suite":"wis","bench":"futex1","test":"futex1-threads","op":"futex1","metric":"ops","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"bbbbbbbbbbbbbbbb","unit":"ops/s","better":"higher","base_kernel":"v6.17","target_kernel":"v6.18","direction":"regression","levels":[1,2,4],"affected":[2,4],"uncertain":[1],"opposite":[],"missing":[8],"n_levels":3,"n_affected":2,"severity_counts":{"red":1,"yellow":1},"avg_score":77.5,"change_min_pct":-12.7,"change_max_pct":-5.1,"systematic":false,"p_combined":1.3e-06,"q_combined":5e-06,"combine_method":"simes","n_combined":3,"rank":1}\n'
	echo '{"type":"stat","scope":"group"}'
} >"$T/in"

# text
run_status kp-render -f text "$T/in"
is "$rc" 0 "text: exit 0"
is "$(head -n 1 "$T/out")" "v6.17 → v6.18: 3 regressions (1 red), 1 improvement, 1 uncertain, 1 no change; 6 compared; run noise seen across runs for 5" \
	"text: the pair's verdict first"
is "$(sed -n 3p "$T/out")" "Classification Summary (3 total regressions):" "text: summary line"
grep -qxF "  - wis/futex1/futex1-threads[futex1 ops] at 2: 200 -> 174.6 ops/s, -12.7% (95% interval -30.0%..-20.0%) [Score: 87.5]" "$T/out"
ok $? "text: a regression line: suite, measurement, level, base -> target, change"
grep -A1 -F "futex1-threads[futex1 ops] at 2:" "$T/out" | tail -n 1 |
	grep -qxF "      v6.17 (b@vm:1) -> v6.18 (t@vm:2); exp aaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbb"
ok $? "text: ... then its kernels, runs and experiments"
{ run b@vm:1 vm "AMD EPYC" 1750000000 | sed 's/"run":"b@vm:1"/&,"run_name":"baseline"/'
  mkcmp futex1-threads 2 regression red 87.5 3091260 1119000 -63.8 |
	sed 's/"base_runs":\["b@vm:1"\]/"base_runs":["b@vm:1","b@vm:3","b@vm:4","b@vm:5"]/; s/"reason"/"base_cv":0.0123,"target_cv":0.009,&/'
} | kp-render -f text >"$T/out2"
pm=$(printf '\302\261')	# the plus-minus sign in UTF-8
grep -qxF "  - wis/futex1/futex1-threads[futex1 ops] at 2: 3.091M ${pm}1.2% -> 1.119M ${pm}0.9% ops/s, -63.8% (95% interval -30.0%..-20.0%) [Score: 87.5]" "$T/out2"
ok $? "text: numbers for people, with the spread (cv) of each side"
grep -qxF "      v6.17 (baseline, b@vm:3, b@vm:4, +1 more) -> v6.18 (t@vm:2); exp aaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbb" "$T/out2"
ok $? "text: runs by their names, the first three"
is "$(grep -E '^(Red|Yellow|Green) ' "$T/out" | tr '\n' ' ')" "Red (1): Yellow (1): Green (1): " \
	"text: severities worst first"
# each regression once, under its own severity, and nothing else there:
# heading -> the measurements listed under it
run_status kp-render -f text "$T/in"
awk '/^(Red|Yellow|Green) \(/ { h = $1; next } /^$/ { h = "" }
    h != "" && /^  - / { sub(/:.*/, ""); sub(/^  - /, ""); print h "\t" $0 }' "$T/out" |
    sed 's/^\(Green\t\)s<.*/\1(the hostile name)/' >"$T/listed"
while IFS='	' read -r h want; do
	is "$(awk -F'\t' -v h="$h" '$1 == h { print $2 }' "$T/listed")" "$want" "text: the $h heading lists its regressions alone"
done <<'EOF'
Red	wis/futex1/futex1-threads[futex1 ops] at 2
Yellow	wis/futex1/futex1-threads[futex1 ops] at 4
Green	(the hostile name)
EOF
grep -q "^  Concurrency lvls affected: 2 (2, 4)$" "$T/out" &&
grep -q "^  Severity: RED: 1, YELLOW: 1$" "$T/out" &&
grep -q "^  Avg Score: 77.5$" "$T/out" &&
grep -q "^  Changes: \[-12.70% to -5.10%\]$" "$T/out" &&
grep -q "^  Not systematic: regressed at 2 of 3 levels (2, 4), uncertain at 1 (1)$" "$T/out" &&
grep -q "^  Missing lvls: 1 (8) expected but not tested$" "$T/out"
ok $? "text: the group block"
grep -q "^Improvements: 1" "$T/out" && grep -q "^Uncertain: 1 (units per side that would decide: futex1-threads/futex1 ops\[1\] 12)" "$T/out" &&
	grep -q "^No change: 1$" "$T/out"
ok $? "text: improvements, uncertain and no-change briefly"
sed -n '/^Improvements (1):$/,/^$/p' "$T/out" | grep -q '^  - wis/futex1/futex2-threads\[futex1 ops\] at 1: 100 -> 110 ops/s, +10.0% .* (significant)$' &&
	sed -n '/^Uncertain, and why (1):$/,$p' "$T/out" | grep -q '^  - wis/futex1/futex1-threads\[futex1 ops\] at 1: 100 -> 98 ops/s, -2.0% .* (significant)$'
ok $? "text: improvements and uncertain comparisons listed, with kp-classify's reason"
! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$T/out" && ! grep -q "$(printf '\302\205')" "$T/out"
ok $? "text: no control characters from names reach the terminal"
grep -qF 't^[[31mX^[E[o"'"'"', m^J] at 1:' "$T/out"
ok $? "text: a hostile name kept whole, its controls shown as ^[, ^[E (U+0085), ^J"

# md
run_status kp-render -f md "$T/in"
is "$rc" 0 "md: exit 0"
grep -q '^| Severity | Measurement | Conc |' "$T/out"
ok $? "md: the headline table"
is "$(sed -n '/^| red /p' "$T/out" | cut -c1-60)" "| red | wis/futex1/futex1-threads\\[futex1 ops\\] | 2 | v6.17 " \
	"md: most severe first, names escaped"
grep -q '<details><summary>Other findings (3)</summary>' "$T/out"
ok $? "md: the rest in a collapsed section"
grep -F 's\<\&\>/b\`\|\*/t' "$T/out" | grep -qF '\|b |'
ok $? "md: pipes, backticks and markup escaped"
is "$(awk -F'|' '/^\| (red|yellow|green|-) /{print NF}' "$T/out" | sort -u | tr '\n' ' ')" "11 " \
	"md: every headline row has its cells, none split by a name"

# csv: every field, read back with Python's csv module
run_status kp-render -f csv "$T/in"
is "$rc" 0 "csv: exit 0"
$PY - "$T/out" "$T/in" <<'EOF' >"$T/py" 2>&1
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
head, body = rows[0], rows[1:]
want = [json.loads(l) for l in open(sys.argv[2]) if '"cmp"' in l]
assert head[:3] == ["key", "job", "suite"], head[:3]
assert head[-2:] == ["zz_extra", "not_significant"], head[-2:]
assert len(body) == len(want), (len(body), len(want))
got = {r[head.index("test")] + "@" + r[head.index("conc")]: dict(zip(head, r)) for r in body}
for w in want:
    g = got[w["test"] + "@" + str(w["conc"])]
    assert g["not_significant"] == "false", g["not_significant"]
    for k, v in w.items():
        if k == "type":
            continue
        if isinstance(v, str):
            assert g[k] == v, (k, g[k], v)
        elif v is None:
            assert g[k] == "", (k, g[k])
        else:
            assert json.loads(g[k]) == v, (k, g[k], v)
print("ok")
EOF
is "$(tail -n 1 "$T/py")" ok "csv: every field reads back equal, hostile strings included"
[ "$(tail -n 1 "$T/py")" = ok ] || sed 's/^/# /' "$T/py"
kp-render -f csv "$T/in" | head -n 1 >"$T/h1"
tac "$T/in" | kp-render -f csv | head -n 1 >"$T/h2"
cmp -s "$T/h1" "$T/h2"
ok $? "csv: column order does not depend on record order"

# csv: a string cell a spreadsheet would run as a formula starts with '
# (OWASP, CSV injection); numbers, negative ones too, are left alone
mkcmp '=HYPERLINK(\"http://x\",\"y\")' 1 regression red 90 100 80 -20 |
	sed 's/"bench":"futex1"/"bench":"+1"/; s/"op":"futex1"/"op":"-2+3"/; s/"metric":"ops"/"metric":"@SUM(A1)","=cmd":"x"/' >"$T/inj"
run_status kp-render -f csv "$T/inj"
$PY - "$T/out" <<'EOF' >"$T/py" 2>&1
import csv, sys
head, row = list(csv.reader(open(sys.argv[1], newline="")))
c = dict(zip(head, row))
assert c["test"] == "'=HYPERLINK(\"http://x\",\"y\")", c["test"]
assert (c["bench"], c["op"], c["metric"]) == ("'+1", "'-2+3", "'@SUM(A1)"), c
assert "'=cmd" in head, head
assert (c["change_pct"], c["ci_low_pct"], c["hedges_g"]) == ("-20", "-30", "-3"), c
assert c["suite"] == "wis", c["suite"]
print("ok")
EOF
is "$rc:$(tail -n 1 "$T/py")" 0:ok "csv: formula-like strings neutralised, negative numbers kept"
[ "$(tail -n 1 "$T/py")" = ok ] || sed 's/^/# /' "$T/py"

# junit
run_status kp-render -f junit "$T/in"
is "$rc" 0 "junit: exit 0"
xmllint --noout "$T/out" 2>"$T/xerr"
ok $? "junit: well-formed XML (xmllint)"
is "$(xmllint --xpath 'count(//testcase)' "$T/out")" 6 "junit: one testcase per comparison"
is "$(xmllint --xpath 'count(//testcase/failure)' "$T/out")" 3 "junit: a failure per regression"
is "$(xmllint --xpath 'count(//testcase/skipped)' "$T/out")" 1 "junit: uncertain is skipped"
is "$(xmllint --xpath 'string(//testsuites/@failures)' "$T/out")" 3 "junit: failures counted"
is "$(xmllint --xpath 'string(//testcase[failure/@type="green"]/@classname)' "$T/out")" \
	"v6.17..v6.18/s<&>/b\`|*/t$(printf '\357\277\275')[31mX$(printf '\302\205')" \
	"junit: names escaped and read back, ESC as U+FFFD (XML has no ESC)"

# json
run_status kp-render -f json "$T/in"
is "$rc" 0 "json: exit 0"
is "$(wc -l <"$T/out" | tr -d ' ')" 1 "json: one document"
is "$(jq -c '[.summary.regression, .summary.improvement, .summary.uncertain, .summary["no-change"], .summary.regression_severity.red, .summary.groups]' "$T/out")" \
	'[3,1,1,1,1,1]' "json: summary counts"
is "$(jq -r '[.regressions[] | .severity] | join(" ")' "$T/out")" "red yellow green" \
	"json: regressions most severe first"
is "$(jq -r '.groups[0].affected | @csv' "$T/out")" "2,4" "json: groups as read"

# table
run_status kp-render -f table "$T/in"
is "$rc" 0 "table: exit 0"
is "$(head -n 1 "$T/out")" "baseline: v6.17 (exp aaaaaaaaaaaaaaaa)  target: v6.18 (exp bbbbbbbbbbbbbbbb)" \
	"table: header names baseline and target"
grep -q STALE "$T/out"
is $? 1 "table: same host and cpu a day apart is not stale"
grep -q '^wis/futex1/futex1-threads\[futex1 ops\] at 2  *200 ops/s  *174.6 ops/s  *0.873  *-12.7%  *regression/red  *significant$' "$T/out"
ok $? "table: a row with medians, ratio, change, verdict and reason"
{ run b@vm:1 vm "AMD EPYC" 1750000000; run t@vm:2 vm "AMD EPYC" 1750086400
  mkcmp futex1-threads 2 regression red 87.5 3091260 1119000 -63.8; } |
	kp-render -f table | grep -q '^wis/futex1/futex1-threads\[futex1 ops\] at 2  *3.091M ops/s  *1.119M ops/s  *0.362  *-63.8%'
ok $? "table: numbers for people (3.091M ops/s, not 3.09126e+06)"
is "$(awk '/^metric/{print index($0, "ratio")}' "$T/out")" \
	"$(awk '/at 2 /{print index($0, "0.873") + 5 - length("ratio")}' "$T/out")" "table: columns aligned"
sed 's/"host":"vm","cpu_model":"AMD EPYC","start":1750086400/"host":"vm2","cpu_model":"Intel","start":1760000000/' "$T/in" >"$T/stale"
kp-render -f table "$T/stale" >"$T/out"
grep -q '^STALE baseline: host differs (vm vs vm2); cpu_model differs (AMD EPYC vs Intel); 116 days older than the target (--max-age 30)$' "$T/out"
ok $? "table: STALE names host, cpu and age"
kp-render -f table --max-age 200 "$T/stale" | grep -q "days older"
is $? 1 "table: --max-age"

# --fail-on
for t in "regression 1" "red 1" "yellow 1" "green 1" "improvement 1" "uncertain 1" "no-change 1"; do
	set -- $t
	run_status kp-render -f text --fail-on "$1" "$T/in"
	is "$rc" "$2" "--fail-on $1: exit $2"
done
grep -v '"severity":"red"' "$T/in" >"$T/nored"
run_status kp-render -f md --fail-on red "$T/nored"
is "$rc" 0 "--fail-on red without red: exit 0"
run_status kp-render -f md --fail-on yellow "$T/nored"
is "$rc" 1 "--fail-on yellow matches yellow"
grep -v '"class":"regression"' "$T/in" >"$T/noreg"
run_status kp-render -f junit --fail-on regression,uncertain "$T/noreg"
is "$rc" 1 "--fail-on takes a list"
grep -v '"class":"uncertain"' "$T/noreg" >"$T/quiet"
run_status kp-render -f table --fail-on regression,red,uncertain "$T/quiet"
is "$rc" 0 "--fail-on: nothing matches, exit 0"
test -s "$T/out"
ok $? "--fail-on: nothing matches, the report is written"
# a gate that fails still writes the whole report: the one without it
# (md and junit say the gate's verdict too: their rows and testcases)
for f in text md csv junit table; do
	kp-render -f $f "$T/nored" >"$T/plain" 2>/dev/null
	run_status kp-render -f $f --fail-on yellow "$T/nored"
	case $f in
	md) grep '^| ' "$T/plain" >"$T/plain.rows"; grep '^| ' "$T/out" >"$T/out.rows" ;;
	junit) grep -o '<testcase [^>]*' "$T/plain" >"$T/plain.rows"
		grep -o '<testcase [^>]*' "$T/out" >"$T/out.rows" ;;
	*) cp "$T/plain" "$T/plain.rows"; cp "$T/out" "$T/out.rows" ;;
	esac
	ok "$([ "$rc" = 1 ] && test -s "$T/plain.rows" && cmp -s "$T/out.rows" "$T/plain.rows"; echo $?)" \
	    "--fail-on matches (exit 1): the $f report is written anyway, whole"
done
# the site and the gate from one read of a pipe, with nowhere to spool it
grep -v '"type":"stat"' "$T/in" >"$T/nostat"
kp-render -f html -o "$T/site1" "$T/nostat" 2>/dev/null
cat "$T/nostat" | TMPDIR=/nonexistent kp-render -f html -o "$T/site2" \
	--fail-on red >"$T/out" 2>"$T/err"
is "$?" 1 "html --fail-on red from a pipe: exit 1"
diff -r "$T/site1" "$T/site2" >/dev/null
ok $? "html --fail-on from a pipe: the same site as from the file"

# no records at all is an empty report, not an error
for f in text md csv junit json table; do
	run_status kp-render -f "$f" /dev/null
	is "$rc" 0 "$f: empty input: exit 0"
done
xmllint --noout - <<EOF_
$(kp-render -f junit /dev/null)
EOF_
ok $? "junit: empty input is well-formed"

# usage and bad input
run_status kp-render "$T/in"
is "$rc" 2 "no -f: exit 2"
grep -q '^usage: kp-render -f format \[--fail-on class | severity | missing\] \[--fail-on-triaged\] \[--report-only\] \[--threshold pct\] \[--full\] \[--centre median | hmean | amean | mmtests\] \[--names kp | mmtests\] \[--max-age days\] \[-M MAINTAINERS\] \[-o dir\] \[-R dir\] \[-s samples\] \[--apart file\] \[file ...\]$' "$T/err"
ok $? "usage"
run_status kp-render --help
is "$rc:$(cat "$T/err")" 0: "--help: exit 0, nothing on stderr"
is "$(head -n 1 "$T/out")" "usage: kp-render -f format [--fail-on class | severity | missing] [--fail-on-triaged] [--report-only] [--threshold pct] [--full] [--centre median | hmean | amean | mmtests] [--names kp | mmtests] [--max-age days] [-M MAINTAINERS] [-o dir] [-R dir] [-s samples] [--apart file] [file ...]" \
	"--help: the synopsis first on stdout"
run_status kp-render -f text --version "$T/in"
is "$rc:$(sed 's/ [0-9][0-9.]*$/ V/' "$T/out")" "0:kp-render V" "--version: name and version, exit 0"
run_status kp-render -f pdf "$T/in"
is "$rc" 2 "unknown format: exit 2"
run_status kp-render -f text --fail-on purple "$T/in"
is "$rc" 2 "unknown --fail-on: exit 2"
run_status kp-render -f text -o "$T/site" "$T/in"
is "$rc" 2 "-o with text: exit 2"
run_status kp-render -f html "$T/in"
is "$rc" 2 "html without -o: exit 2"
mkcmp t 1 regression red 1 1 1 1 | sed 's/"class":"regression"/"class":"bad"/' >"$T/bad"
run_status kp-render -f text "$T/bad"
is "$rc" 2 "unknown class: exit 2"
grep -q "^kp-render: $T/bad:1:[0-9]*: unknown class \"bad\"" "$T/err"
ok $? "unknown class: names file, line and column"
printf '{"type":"cmp","suite":"s"}\n' >"$T/bad"
run_status kp-render -f csv "$T/bad"
is "$rc" 2 "cmp without its fields: exit 2"
if [ -w /dev/full ]; then
	for f in text csv json; do
		run_status sh -c 'kp-render -f "$1" "$2" >/dev/full' sh "$f" "$T/in"
		is "$rc" 2 "$f: write error: exit 2"
	done
fi

# --full: every measurement, kernels as columns in kp(7) order, baseline first
{ cat "$T/in"
  mkcmp futex1-threads 2 regression red 80 200 150 -25 |
	sed 's/"target_kernel":"v6.18"/"target_kernel":"v6.18-rc1"/; s/"target_exp":"b*"/"target_exp":"cccccccccccccccc"/'
} >"$T/full.in"
run_status kp-render -f text --full "$T/full.in"
is "$rc" 0 "--full text: exit 0"
is "$(grep '^measurement' "$T/out" | tr -s ' ')" "measurement v6.17 (baseline) v6.18-rc1 v6.18" \
	"--full text: the baseline, then the kernels in kp(7) order (rc1 before the release)"
is "$(grep '^wis/futex1/futex1-threads\[futex1 ops\] at 2, ops/s ' "$T/out" | tr -s ' ')" \
	"wis/futex1/futex1-threads[futex1 ops] at 2, ops/s 200 150 -25.0% R:red 174.6 -12.7% R:red" \
	"--full text: a row: each kernel's median, and the change and verdict against the baseline"
is "$(grep -c ' at [0-9]*, ' "$T/out")" 6 "--full text: one row per measurement and level"
kp-render -f md --full "$T/full.in" | grep -qF '| wis/futex1/futex1-threads\[futex1 ops\] at 2, ops/s | 200 | 150<br>-25.0% R:red | 174.6<br>-12.7% R:red |'
ok $? "--full md: the same row as a table row"
# a chain of releases, each compared with the one before and listed
# newest first: every kernel is a baseline once, and the oldest leads
for p in "v6.3 v6.4" "v6.2 v6.3" "v6.1 v6.2"; do
	set -- $p
	mkcmp futex1-threads 2 regression red 80 200 150 -25 |
	    sed "s/\"base_kernel\":\"v6.17\"/\"base_kernel\":\"$1\"/; s/\"target_kernel\":\"v6.18\"/\"target_kernel\":\"$2\"/"
done >"$T/chain.in"
is "$(kp-render -f text --full "$T/chain.in" | grep '^measurement' | tr -s ' ')" \
	"measurement v6.1 (baseline) v6.2 v6.3 v6.4" \
	"--full: in a chain of releases the oldest is the baseline"
kp-render -f csv --full "$T/full.in" >"$T/full.csv"
python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
r = [x for x in rows if x["test"] == "futex1-threads" and x["conc"] == "2"][0]
assert (r["v6.17 median"], r["v6.18-rc1 median"], r["v6.18-rc1 change_pct"], r["v6.18-rc1 class"], r["v6.18 change_pct"]) == ("200", "150", "-25", "regression", "-12.7"), r
' "$T/full.csv"
ok $? "--full csv: five columns a kernel, every digit"
sed 's/"suite":"wis"/"suite":"=HYPERLINK(1)"/' "$T/full.in" | kp-render -f csv --full |
	grep -q '^"'"'"'=HYPERLINK(1)","futex1",.*,"-12.7","regression","red"$'
ok $? "--full csv: a formula-like name is neutralised, a negative number is not"
run_status kp-render -f json --full "$T/full.in"
is "$rc" 2 "--full: text, md or csv only"

# caveats a reader must see on the line itself
mkcmp futex1-threads 8 regression yellow 60 100 60 -40 |
	sed 's/"reason":"significant"/"single_run":true,"interference":true,"cpu_share_ratio":0.4,"reason":"single-run:significant;change>run-noise;run-sd(8%,default);interference:target-cpu-share-40%-of-baseline"/' |
	kp-render -f text >"$T/out"
grep -q 'futex1-threads\[futex1 ops\] at 8: .* -40.0% (95% interval -30.0%..-20.0%) \[Score: 60.0\] {single run} {starved? CPU share 40% of baseline}$' "$T/out"
ok $? "text: a single run and starvation are said on the regression's line"
# from the fields, not from the reason, which is for people
mkcmp futex1-threads 8 regression yellow 60 100 60 -40 |
	sed 's/"reason":"significant"/"single_run":false,"interference":false,"cpu_share_ratio":0.4,"reason":"single-run:significant;interference:target-cpu-share-40%-of-baseline"/' |
	kp-render -f text >"$T/out"
grep -q 'futex1-threads\[futex1 ops\] at 8: .* -40.0% (95% interval -30.0%..-20.0%) \[Score: 60.0\]$' "$T/out"
ok $? "text: the caveats come from single_run and interference, not the reason"
# the interval shown is the one that decided (decided_*), in every format
mkcmp futex1-threads 8 regression yellow 60 100 60 -40 |
	sed 's/"reason":"significant"/"single_run":true,"decided_low_pct":-63,"decided_high_pct":-30,"decided_level":0.99,"run_sd_pct":8,"run_sd_source":"default","why":"single-run-beyond-noise","caveats":["single-run","noise-assumed"],"reason":"single-run:significant"/' >"$T/dec"
kp-render -f text "$T/dec" >"$T/out"
grep -q 'at 8: .* -40.0% (99% interval -63.0%..-30.0%) \[Score: 60.0\] {single run} {run noise assumed 8% (no reruns, no history)}$' "$T/out"
ok $? "text: the decided interval, not kp-compare's, and the assumed run noise" || sed 's/^/# /' "$T/out"
grep -q '^Run noise assumed for 1 of 1 comparisons (no reruns, no history): learn it from reruns' "$T/out"
ok $? "text: ... and once how to learn it"
kp-render -f md "$T/dec" >"$T/out"
grep -q '| -40.0%<br>100 → 60 ops/s | -63.0% to -30.0% (99%) | .*run noise assumed 8% (no reruns, no history) |$' "$T/out"
ok $? "md: the decided interval and the assumed run noise" || sed 's/^/# /' "$T/out"
grep -q '^Run noise assumed for 1 of 1 comparisons' "$T/out"
ok $? "md: ... and once how to learn it"
kp-render -f junit --fail-on yellow "$T/dec" >"$T/out"
grep -q '(99% interval -63.00% to -30.00%); run noise assumed 8% (no reruns, no history)' "$T/out"
ok $? "junit: the decided interval and the assumed run noise" || sed 's/^/# /' "$T/out"
kp-render -f csv "$T/dec" >"$T/out"
is "$(head -1 "$T/out" | tr ',' '\n' | grep -c '^"decided_\(low_pct\|high_pct\|level\)"$'):$(grep -c '"-30","0.99","-63"' "$T/out")" "3:1" \
    "csv: the decided interval's columns" || sed 's/^/# /' "$T/out"

kp-render -f html -o "$T/decsite" "$T/dec" >/dev/null 2>&1
grep -q '<span title="99% interval, the one that decided">\[-63.0%, -30.0%\]</span>' "$T/decsite/index.html" &&
    grep -q 'title="no reruns, no history: learn the run noise from reruns of the baseline or a history (kp-trend)">run noise assumed</span>' "$T/decsite/index.html"
ok $? "html: the decided interval and the assumed run noise"

# names in messages are data (lib/die.c): a newline or an escape sequence
# in a record's name is shown in caret notation, on the message's one line
printf '%s\n' '{"type":"sys","suite":"s","bench":"b","test":"t\u001b[2J\nkp-render: forged","op":"o","metric":"m","base_exp":"e1","target_exp":"e2","unit":"u","better":"higher","base_kernel":"v1","target_kernel":"v2","direction":"regression","levels":[1],"affected":[1],"uncertain":[]}' >"$T/hsys"
kp-render -f html -o "$T/hsite" "$T/hsys" >/dev/null 2>"$T/err"
is "$(wc -l <"$T/err" | tr -d ' '):$(grep -c 'sys record for s/b/t^\[\[2J^Jkp-render: forged\[o m\] has no cmp records' "$T/err")" "1:1" \
    "a record's name in a warning: one line, its controls visible" || sed 's/^/# /' "$T/err"
printf '%s\n' '{"type":"cmp","key":"k","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"ms","better":"lower","conc":1,"base_kernel":"v1","target_kernel":"v2","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"bbbbbbbbbbbbbbbb","base_runs":["b@vm:1"],"target_runs":["t@vm:2"],"n_base":5,"n_target":5,"base_median":1,"target_median":1.1,"change_pct":10,"p":0.04,"q":0.05,"worse":true,"class":"bad\nkp-render: forged","severity":"green","score":30,"reason":"r","need_n":null}' >"$T/hcls"
kp-render -f md "$T/hcls" >/dev/null 2>"$T/err"
is "$?:$(wc -l <"$T/err" | tr -d ' '):$(grep -c 'unknown class "bad^Jkp-render: forged"' "$T/err")" "2:1:1" \
    "a record's word in an error: one line, its newline visible" || sed 's/^/# /' "$T/err"

# the multimodal caveat of the text report, from kp-stats' flag on the
# stat records of each side's groups (base_groups, target_groups):
# baseline flag, target flag -> the caveat on the comparison's line
stat() {	# stat EXP KERNEL GROUP RUN MULTIMODAL
	printf '{"type":"stat","scope":"group","exp":"%s","key":"k","kernel":"%s","job":"wis-futex","suite":"wis","bench":"futex1","test":"futex1-threads","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":8,"group":"%s","runs":["%s"],"n":5,"median":100,"multimodal":%s}\n' "$@"
}
while read -r bm tm want; do
	{
		mkcmp futex1-threads 8 regression yellow 60 100 60 -40 |
		    sed 's/"reason"/"base_groups":["gb"],"target_groups":["gt"],"reason"/'
		stat aaaaaaaaaaaaaaaa v6.17 gb b@vm:1 "$bm"
		stat bbbbbbbbbbbbbbbb v6.18 gt t@vm:2 "$tm"
	} | kp-render -f text >"$T/out"
	got=$(sed -n 's/^  - wis\/futex1\/futex1-threads\[futex1 ops\] at 8: .*\[Score: 60.0\] *//p' "$T/out")
	is "${got:--}" "$want" "text caveat: baseline multimodal $bm, target $tm"
done <<'EOF'
true	false	{multimodal baseline}
false	true	{multimodal target}
true	true	{multimodal both sides}
false	false	-
EOF
# records of an older kp: a stat record without its group id and a cmp
# without base_groups/target_groups; lib's kp_rec_upgrade() derives the
# stat's group, which must be the group of the cmp's experiment
{
	mkcmp futex1-threads 8 regression yellow 60 100 60 -40
	stat aaaaaaaaaaaaaaaa v6.17 x b@vm:1 true | jq -c 'del(.group)'
	stat bbbbbbbbbbbbbbbb v6.18 x t@vm:2 false | jq -c 'del(.group)'
} | kp-render -f text >"$T/out"
is "$(sed -n 's/^  - wis\/futex1\/futex1-threads\[futex1 ops\] at 8: .*\[Score: 60.0\] *//p' "$T/out")" \
	"{multimodal baseline}" "text caveat from an older kp's stat records, without group"

done_testing
