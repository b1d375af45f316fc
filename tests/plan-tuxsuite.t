#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-plan's plans pass what tuxsuite's client checks before it sends
# anything (tests/tuxsuite-plan.py, re-implemented from tuxsuite's
# source): for every payload of kp-plan(1) and README, whole and cut to a
# subset, with and without a description; one build per architecture,
# tested on every instance of every target of it; the configuration sets
# MMTEST_ITERATIONS, the name run-mmtests.sh reads.
. "$(dirname "$0")/lib.sh"
man=$top/man/man1/kp-plan.1
check="$PY $top/tests/tuxsuite-plan.py"
sed -n '/^A payload for two/,/^\.Ed/p' "$man" | sed '1,3d;$d' >"$T/payload.yaml"
# README's payload is kp-plan(1)'s without git_sha, given by -c
sed '/git_sha:/d' "$T/payload.yaml" >"$T/template.yaml"
grep -q "kp-plan(1) EXAMPLES, kept without git_sha" "$top/README.md"
ok $? "README's payload is kp-plan(1)'s, kept without git_sha"
sha=89abcdef0123456789abcdef0123456789abcdef
{
	echo "description: baseline of two Graviton generations"
	cat "$T/payload.yaml"
} >"$T/described.yaml"
sed 's/^  - {name: r8g, target_arch: arm64/  - {name: m7i, target_arch: x86_64/; s/instance_type: r8g.metal-24xl/instance_type: m7i.large/' \
    "$T/payload.yaml" >"$T/twoarch.yaml"

n=0
for args in "payload.yaml" "-t c7g -T futex1 payload.yaml" "-s stressng payload.yaml" \
    "-c $sha template.yaml" "-c $sha -t c7g template.yaml" "described.yaml" "twoarch.yaml"; do
	n=$((n + 1))
	(cd "$T" && kp-plan -n $args) >"$T/plan$n.yaml" 2>"$T/err"
	is "$?:$(cat "$T/err")" "0:" "kp-plan $args"
	$check "$T/plan$n.yaml" >"$T/sub$n" 2>"$T/err"
	is "$?:$(cat "$T/err")" "0:" "... its plan passes tuxsuite plan submit's checks"
done

# one build per distinct (kernel, kconfig, toolchain, architecture)
is "$(grep -c '^build ' "$T/sub1")" 1 "two targets of one architecture: one build"
is "$(grep -c '^  test ssh-device' "$T/sub1")" 10 "... tested on the 5 instances of each target"
is "$(grep "^  test" "$T/sub1" | cut -d" " -f6 | sort | uniq -c | tr -s ' ' | tr '\n' ';')" \
    " 5 c7g.metal; 5 r8g.metal-24xl;" "... on both instance types"
is "$(grep -c '^build ' "$T/sub7")" 2 "two architectures: two builds"
is "$(grep '^build ' "$T/sub7" | cut -d' ' -f3 | tr '\n' ' ')" "arm64 x86_64 " "... one of each"
is "$(grep -c '^  test' "$T/sub7")" 10 "... each tested on its own target's instances"
is "$(grep "^build $sha arm64 gcc-13 defconfig+CONFIG_HZ_1000=y " "$T/sub4" | wc -l)" 1 "-c: the commit built"

# a description always, the payload's when it has one
is "$($PY -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["description"])' "$T/plan6.yaml")" \
    "baseline of two Graviton generations" "the payload's description"
$PY -c 'import sys, yaml; d = yaml.safe_load(open(sys.argv[1]))["description"]; sys.exit(not d.startswith("graviton-baseline"))' "$T/plan1.yaml"
ok $? "a payload without one: a description naming it"
# the checks can fail: a plan without a description, and a job of a
# shape the schema does not have
grep -v '^description:' "$T/plan1.yaml" >"$T/nodesc.yaml"
run_status $check "$T/nodesc.yaml"
is "$rc:$(cat "$T/err")" "1:$T/nodesc.yaml: KeyError: 'description'" "the client's check: no description, KeyError"
sed 's/^  tests:/  testz:/' "$T/plan1.yaml" >"$T/shape.yaml"
run_status $check "$T/shape.yaml"
is "$rc" 1 "the client's check: a job key it does not know"
sed 's/git_sha: "\(.......\).*"/git_sha: "\1"/' "$T/plan1.yaml" >"$T/short.yaml"
run_status $check "$T/short.yaml"
is "$rc" 1 "the client's check: a short git_sha"

# MMTEST_ITERATIONS, what run-mmtests.sh reads, in the configuration and
# each test's parameters
(cd "$T" && kp-plan -o plans payload.yaml) >"$T/files"
config=$T/$(sed -n 2p "$T/files")
is "$(env -i sh -c ". '$config'; echo \"\${MMTEST_ITERATIONS:-unset}\"")" 3 \
    "the configuration sets MMTEST_ITERATIONS to the repetitions"
is "$(grep -c MMTESTS_ITERATIONS "$config")" 0 "... not MMTESTS_ITERATIONS, which run-mmtests.sh does not read"
is "$(grep -c 'MMTEST_ITERATIONS: "3"' "$T/plan1.yaml")" 10 "each test's parameters: MMTEST_ITERATIONS"
done_testing
