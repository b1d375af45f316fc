#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-triage: since which kernel a regression exists, still in or fixed in
# which, the status of known findings, and a known finding that no longer
# reproduces reported as fixed.
. "$(dirname "$0")/lib.sh"
ids='"key":"k1","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m"'
cat >"$T/in" <<EOF2
{"type":"trend",$ids,"unit":"u","better":"higher","conc":1,"newest":"v6.18","changes":[{"first":"v6.16-rc2","before":"v6.16-rc1","size_pct":-5,"worse":true,"persists":false,"reverted_in":"v6.16-rc5"},{"first":"v6.17-rc3","before":"v6.17-rc2","size_pct":-8,"worse":true,"persists":true,"reverted_in":null}],"transients":[],"drifts":[]}
{"type":"cmp",$ids,"unit":"u","better":"higher","conc":1,"base_kernel":"v6.16","target_kernel":"v6.17","base_exp":"e1","target_exp":"e2","base_runs":["r"],"target_runs":["r"],"change_pct":-8,"class":"regression","severity":"red"}
{"type":"cmp",$ids,"unit":"u","better":"higher","conc":1,"base_kernel":"v6.15","target_kernel":"v6.16","base_exp":"e0","target_exp":"e1","base_runs":["r"],"target_runs":["r"],"change_pct":0.2,"class":"no-change","severity":"none"}
{"type":"run","run":"r","kernel":"v6.17"}
EOF2
cat >"$T/triage.yaml" <<'EOF2'
findings:
  - pattern: "s/b/t/o/m"
    since: v6.17-rc3
    status: acknowledged
    link: https://lore.kernel.org/x
    note: being bisected
  - pattern: "s/b/t/*"
    since: v6.16-rc2
    status: fixed-in
    fixed_in: v6.16-rc5
  - pattern: "x/*"
    status: invalid
EOF2
run_status kp-triage -t "$T/triage.yaml" "$T/in"
is "$rc" 0 "kp-triage exits 0"
is "$(jq -c 'select(.type == "cmp" and .class == "regression") | [.since, .since_before, .still_in, .fixed_in, .triage, .triage_link]' "$T/out")" \
	'["v6.17-rc3","v6.17-rc2","v6.18",null,"acknowledged","https://lore.kernel.org/x"]' \
	"a regression of v6.17 against v6.16: since v6.17-rc3, still in v6.18, acknowledged"
is "$(jq -c 'select(.type == "cmp" and .class == "no-change") | [.since, .triage]' "$T/out")" \
	'[null,null]' "no history or triage on a comparison without a regression"
is "$(jq -c 'select(.type == "triage") | [.pattern, .state, .n_findings, .seen_fixed_in]' "$T/out" | tr '\n' ' ')" \
	'["s/b/t/o/m","reproduces",1,null] ["s/b/t/*","fixed",0,"v6.16-rc5"] ["x/*","not-measured",0,null] ' \
	"known findings: one reproduces, one is fixed in v6.16-rc5 (the trend's revert), one was not measured"
is "$(jq -r '.type' "$T/out" | tr '\n' ' ')" "trend run cmp cmp triage triage triage " \
	"other records pass through; the findings follow, then the triage"

# the reports: since which kernel, the triage, the known findings; the gate
kp-triage -t "$T/triage.yaml" "$T/in" >"$T/triaged"
kp-render -f text "$T/triaged" >"$T/text"
grep -q '^  - s/b/t\[o m\] at 1: .* {since v6.17-rc3, still in v6.18} \[acknowledged: https://lore.kernel.org/x\]$' "$T/text"
ok $? "text: the regression says since which kernel it exists and its triage"
grep -q '^  - s/b/t/\* since v6.16-rc2: fixed-in v6.16-rc5; no longer reproduces, fixed in v6.16-rc5$' "$T/text"
ok $? "text: the known finding that no longer reproduces is reported fixed in v6.16-rc5"
kp-render -f md "$T/triaged" | grep -q '| v6.16 → v6.17<br>since v6.17-rc3, still in v6.18<br>acknowledged |'
ok $? "md: the same in the Kernels cell"
kp-render -f text --fail-on regression "$T/triaged" >/dev/null
is "$?" 0 "--fail-on leaves out an acknowledged regression"
kp-render -f text --fail-on regression --fail-on-triaged "$T/triaged" >/dev/null
is "$?" 1 "--fail-on-triaged counts it"
kp-render -f text --fail-on regression "$T/in" >/dev/null
is "$?" 1 "without triage the regression fails the gate"

# a fixed-in finding seen again from its fix on is not covered
sed 's/"target_kernel":"v6.17"/"target_kernel":"v6.16-rc6"/; s/"base_kernel":"v6.16"/"base_kernel":"v6.16-rc1"/' "$T/in" >"$T/again"
printf 'findings:\n  - pattern: "s/*"\n    status: fixed-in\n    fixed_in: v6.16-rc5\n' >"$T/fixed.yaml"
is "$(kp-triage -t "$T/fixed.yaml" "$T/again" | jq -c 'select(.type == "cmp" and .class == "regression") | .triage')" \
	"null" "a regression seen again after its fix is new"

# errors
printf 'findings:\n  - pattern: "s/*"\n    status: fixed\n' >"$T/bad.yaml"
run_status kp-triage -t "$T/bad.yaml" "$T/in"
is "$rc" 2 "an unknown status exits 2"
grep -q "bad.yaml:3:13: expected acknowledged, invalid, fixed-in or downstream" "$T/err"
ok $? "naming file, line and column"
printf 'findings:\n  - pattern: "s/*"\n    statuss: invalid\n' >"$T/bad.yaml"
run_status kp-triage -t "$T/bad.yaml" "$T/in"
grep -q "bad.yaml:3:5: unknown key" "$T/err"
ok $? "an unknown key is an error naming its place"
# the one YAML reader (lib/yamlcheck.c): a second "findings" would have
# dropped the first team's entries, a second document been ignored
printf 'findings:\n  - {pattern: "s/*", status: invalid}\nfindings:\n  - {pattern: "x/*", status: invalid}\n' >"$T/bad.yaml"
run_status kp-triage -t "$T/bad.yaml" "$T/in"
is "$rc:$(cat "$T/err")" "2:kp-triage: $T/bad.yaml:3:1: \"findings\" given twice; expected each key once" \
    "a key given twice"
printf 'findings:\n  - {pattern: "s/*", status: invalid}\n---\nfindings: []\n' >"$T/bad.yaml"
run_status kp-triage -t "$T/bad.yaml" "$T/in"
is "$rc:$(cat "$T/err")" "2:kp-triage: $T/bad.yaml:3:1: a second document; expected one" \
    "a second document"
# libyaml alone takes about 110 s on 300,000 levels (time quadratic in
# them): "at once" can be 10 s, far from a loaded machine's time (CI
# runs the suite again under ASan on two cores)
{ printf 'findings: '; head -c 300000 /dev/zero | tr '\0' '['; echo; } >"$T/deep.yaml"
t0=$(date +%s)
run_status kp-triage -t "$T/deep.yaml" "$T/in"
is "$rc:$(cat "$T/err")" "2:kp-triage: $T/deep.yaml:1:14: nested more than 4 levels deep; expected a triage file" \
    "300,000 levels of nesting: refused at the fifth"
ok $(( $(date +%s) - t0 > 10 )) "... within 10 s"
# the cmp and sys lines wait on disk, not in memory: with nowhere to
# put them kp-triage says so, and with them it writes them in order
TMPDIR=/nonexistent run_status kp-triage "$T/in"
is "$rc:$(sed 's/kp-spool\.[A-Za-z0-9]*/kp-spool.X/' "$T/err")" \
    "2:kp-triage: /nonexistent/kp-spool.X: cannot make the spool of cmp and sys records (TMPDIR, else /tmp, must be a writable directory): No such file or directory" \
    "the spool's directory cannot be made: exit 2, said"
run_status kp-triage --help
is "$rc:$(head -c 15 "$T/out")" "0:usage: kp-triag" "--help prints the synopsis on stdout"
mandoc -Tlint -W warning "$top/man/man1/kp-triage.1"
ok $? "kp-triage(1) is lint clean"
done_testing
