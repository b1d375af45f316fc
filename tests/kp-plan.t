#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-plan: the plan has what TuxSuite's version 1 format requires (read
# back by an independent YAML reader), one test per instance, the
# configuration MMTests reads; names by content hash; subsets; bad
# payloads refused at their place with nothing written.
. "$(dirname "$0")/lib.sh"
man=$top/man/man1/kp-plan.1

# the payload of EXAMPLES, and what EXAMPLES says kp-plan prints for it
sed -n '/^A payload for two/,/^\.Ed/p' "$man" | sed '1,3d;$d' >"$T/payload.yaml"
sed -n '/^The plan and the configuration, then/,/^\.Ed/p' "$man" |
    sed -n '/^plans\//p' >"$T/want"
(cd "$T" && kp-plan payload.yaml && kp-plan -t c7g -T futex1 payload.yaml) >"$T/got" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "EXAMPLES: kp-plan runs"
is "$(cat "$T/got")" "$(cat "$T/want")" "EXAMPLES: the files it names"
plan=$T/$(head -n 1 "$T/got")
config=$T/$(sed -n 2p "$T/got")

# what the format requires, checked by python's YAML reader
cat >"$T/check.py" <<'PY'
import re, sys, yaml
plan = yaml.safe_load(open(sys.argv[1]))
name = sys.argv[1].rsplit("/", 1)[1][:-len(".yaml")]
assert plan["version"] == 1, "version"
assert plan["name"] == name, "name is the file's"
assert isinstance(plan["jobs"], list) and plan["jobs"], "jobs"
out = []
for job in plan["jobs"]:
    b = job["build"]
    assert re.match(r"(https?|git)://", b["git_repo"]), "git_repo"
    assert re.fullmatch(r"[0-9a-f]{40}", b["git_sha"]), "git_sha"
    for k in ("target_arch", "toolchain"):
        assert isinstance(b[k], str) and b[k], k
    assert isinstance(b["kconfig"], list) and b["kconfig"], "kconfig"
    for t in job["tests"]:
        assert t["device"] == "ssh-device", "device"
        p = t["parameters"]
        assert all(isinstance(v, str) for v in p.values()), "strings"
        assert p["KP_PLAN"] == name and p["KP_RUN"] == t["test_name"]
        out.append("%s %s %s %s %s" % (p["KP_TARGET"], t["test_name"], p["dut"],
            p["MMTESTS"], p["MMTEST_ITERATIONS"]))
print("\n".join(out))
PY
$PY "$T/check.py" "$plan" >"$T/tests" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "the plan has every key the format requires"
is "$(wc -l <"$T/tests")" 10 "one test per instance: 2 targets x 5"
is "$(sed -n 7p "$T/tests")" "r8g r8g-2 r8g.metal-24xl wis-futex stressng 3" \
    "a test names its instance type, the suites and the repetitions"
got=$(sh -c ". '$config'; echo \"\$MMTESTS|\$MMTEST_ITERATIONS|\$WIS_WORKLOADS|\$WIS_MAX_THREADS\"")
is "$got" "wis-futex stressng|3|futex1 futex2|4" "the configuration sh reads"

# the subset: one target, one test, its suite only
sub=$T/$(sed -n 3p "$T/got")
is "$($PY "$T/check.py" "$sub" | sort -u | wc -l)" 5 "-t c7g: its 5 tests"
is "$($PY "$T/check.py" "$sub" | cut -d' ' -f4 | sort -u)" "wis-futex" "-T futex1: its suite only"
grep -q "export WIS_WORKLOADS='futex1'" "$T/$(sed -n 4p "$T/got")"
ok $? "-T futex1: the configuration selects futex1 only"

# the name is the content's: comments, order of keys and white space
# change nothing; a value does
{ echo "# a comment"; sed -n '/^suites:/,$p' "$T/payload.yaml"; sed -n '1,/^targets:/p' "$T/payload.yaml" | sed '$d'
  sed -n '/^targets:/,/^suites:/p' "$T/payload.yaml" | sed '$d'; } >"$T/moved.yaml"
is "$(kp-plan -o "$T/m" "$T/moved.yaml" | head -n 1 | sed 's|.*/||')" "$(head -n 1 "$T/got" | sed 's|.*/||')" \
    "the same content in another order: the same plan"
sed 's/repetitions: 3/repetitions: 4/' "$T/payload.yaml" >"$T/four.yaml"
kp-plan -o "$T/m" "$T/four.yaml" | head -n 1 >"$T/four"
ok "$(grep -c "$(head -n 1 "$T/got" | sed 's|.*/||')" "$T/four")" "another repetition count: another name"
kp-plan -o "$T/m" "$T/four.yaml" >/dev/null
is "$(ls -A "$T/m" | wc -l)" 4 "written twice: the same two files, no temporary left"

# bad payloads: FILE:LINE:COL and what was expected, nothing written
bad() {	# bad SED-SCRIPT WANT NAME
	sed "$1" "$T/payload.yaml" >"$T/bad.yaml"
	rm -rf "$T/b"
	run_status kp-plan -o "$T/b" "$T/bad.yaml"
	is "$rc:$(cat "$T/err")" "2:kp-plan: $T/bad.yaml:$2" "$3"
	[ ! -e "$T/b" ]
	ok $? "... and nothing written"
}
bad 's/git_sha: .*/git_sha: 0123456/' \
    '4:12: expected a full commit id (40 lowercase hex digits) for "git_sha", found "0123456"' \
    "a short commit id"
bad 's|git_repo: https|git_repo: ftp|' \
    '3:13: expected an http://, https:// or git:// URL for "git_repo", found "ftp://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git"' \
    "git_repo not a URL TuxSuite takes"
bad '/toolchain:/d' '3:3: "kernel" without "toolchain" (such as gcc-13 or clang-17)' "no toolchain"
bad 's/instances: 5/instances: five/' \
    '16:12: expected a whole number from 1 to 1000 for "instances", found "five"' "instances not a number"
bad '/tests_var/d' \
    '12:12: suite "wis-futex" lists tests without "tests_var", the MMTests variable that selects them' \
    "tests without the variable that selects them"
bad 's/toolchain: gcc-13/toolchain: gcc-13\n  make_variables: {CC: clang}/' \
    '6:20: "CC" is not one of TuxSuite'"'"'s make_variables: expected C, W, LLVM, LLVM_IAS, LD, AR, NM, STRIP, OBJCOPY, OBJDUMP, READELF, HOSTAR or HOSTLD' \
    "a make variable TuxSuite refuses"
bad 's/^  - name: stressng/  - name: stressng\n    flags: {WIS_MAX_THREADS: 8}/' \
    '16:13: suite "stressng" sets WIS_MAX_THREADS to "8", another part of the payload to "4"; expected one value' \
    "two suites, one variable, two values"
bad 's/^instances: 5/instances: 5\nparameters: {dut: m7g.large}/' \
    '17:14: "dut" in "parameters": kp-plan sets it from each target'"'"'s instance_type' \
    "a parameter kp-plan sets"
bad 's/^targets:/targetz:/' \
    '7:1: unknown key "targetz": expected name, description, kernel, targets, suites, instances, repetitions, parameters or commands' \
    "an unknown key"
bad 's/kconfig: \[/kconfig: [[/' "7:1: bad YAML: did not find expected ',' or ']'" "YAML that does not parse"
# the one YAML reader (lib/yamlcheck.c): a key given twice would plan
# the last value, a second document would be ignored
bad 's/^repetitions: 3/instances: 1\nrepetitions: 3/' \
    '17:1: "instances" given twice; expected each key once' "a key given twice"
bad '$s/$/\n---\ninstances: 1/' '18:1: a second document; expected one' "a second document"
# deep nesting is refused at the bound, at once.  libyaml alone takes
# time quadratic in the levels, 12 s on 100,000 and about 110 s on the
# 300,000 here: "at once" can be 10 s, which a loaded machine (CI runs
# the suite again under ASan on two cores) does not reach by far
{ head -c 300000 /dev/zero | tr '\0' '['; echo; } >"$T/deep.yaml"
t0=$(date +%s)
run_status kp-plan -o "$T/b" "$T/deep.yaml"
is "$rc:$(cat "$T/err")" "2:kp-plan: $T/deep.yaml:1:9: nested more than 8 levels deep; expected a payload" \
    "300,000 levels of nesting: refused at the ninth"
ok $(( $(date +%s) - t0 > 10 )) "... within 10 s"
head -c 1048577 /dev/zero | tr '\0' ' ' >"$T/big.yaml"
run_status kp-plan -o "$T/b" "$T/big.yaml"
is "$rc:$(cat "$T/err")" "2:kp-plan: $T/big.yaml:1:1048577: more than 1048576 bytes: expected a payload" \
    "a payload over 1 MiB"
# a template without git_sha, given the commit by -c (as watch.sh does)
sed '/git_sha:/d' "$T/payload.yaml" >"$T/template.yaml"
run_status kp-plan -o "$T/b" "$T/template.yaml"
is "$rc:$(cat "$T/err")" "2:kp-plan: $T/template.yaml:3:3: \"kernel\" without \"git_sha\", the commit to build; expected one, or -c" \
    "no git_sha and no -c: refused"
kp-plan -n -c 89abcdef0123456789abcdef0123456789abcdef "$T/template.yaml" | grep -c 'git_sha: "89abcdef0123456789abcdef0123456789abcdef"' >"$T/n"
is "$(cat "$T/n")" 1 "-c: the commit the build builds (one: both targets are arm64)"
run_status kp-plan -n -c v6.19 "$T/template.yaml"
is "$rc:$(cat "$T/err")" "2:kp-plan: -c v6.19: expected a full commit id (40 lowercase hex digits)" "-c takes a full commit id only"
run_status kp-plan -o "$T/b" -t m7g "$T/payload.yaml"
is "$rc:$(cat "$T/err")" "2:kp-plan: -t m7g: no target of that name in the payload" "a subset naming nothing"

# what the test machine sources: every value one shell word, read back
# as written; a payload file name or a value with a newline is refused,
# as it would start a line of its own
mkdir -p "$T/q"
sed "s/WIS_MIN_THREADS: 1,/WIS_MIN_THREADS: \"1'; touch $(echo "$T" | sed 's|/|\\/|g')\/pwned; '\$(id)\`id\`\",/" \
	"$T/payload.yaml" >"$T/q/payload.yaml"
run_status kp-plan -o "$T/q" "$T/q/payload.yaml"
is "$rc" 0 "a value with quotes, \$(...) and backquotes: a plan"
got=$(sh -c ". '$(sed -n 2p "$T/out")'; printf %s \"\$WIS_MIN_THREADS\"")
is "$got:$(test -e "$T/pwned"; echo $?)" "1'; touch $T/pwned; '\$(id)\`id\`:1" \
	"... which sh reads back as written, running nothing"
nl='
'
cp "$T/payload.yaml" "$T/q/x${nl}touch pwned${nl}.yaml"
run_status kp-plan -o "$T/q" "$T/q/x${nl}touch pwned${nl}.yaml"
is "$rc:$(ls "$T/q" | grep -c config)" "2:1" "a payload file name with a newline: exit 2, nothing written"
grep -q "a control character in the payload's file name; expected none" "$T/err"
ok $? "... saying so"
sed 's/WIS_MIN_THREADS: 1,/WIS_MIN_THREADS: "1\\ntouch pwned",/' "$T/payload.yaml" >"$T/q/nl.yaml"
run_status kp-plan -o "$T/q" "$T/q/nl.yaml"
is "$rc:$(cat "$T/err")" "2:kp-plan: $T/q/nl.yaml:14:13: WIS_MIN_THREADS: a control character in its value; expected none: it is written into the MMTests configuration" \
	"a value with a newline: exit 2, naming its place"

mandoc -Tlint -W warning "$man"
ok $? "kp-plan(1) passes mandoc -Tlint"
done_testing
