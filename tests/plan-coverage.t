#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-plan -C: a plan against the results fetched for it, as coverage
# records: what is whole, partial, missing and not planned; a sample of
# another commit does not count for the plan.
. "$(dirname "$0")/lib.sh"
sha=0123456789abcdef0123456789abcdef01234567
sed -n '/^A payload for two/,/^\.Ed/p' "$top/man/man1/kp-plan.1" | sed '1,3d;$d' |
    sed 's/^instances: 5/instances: 2/; s/^repetitions: 3/repetitions: 2/' >"$T/payload.yaml"
plan=$(kp-plan -o "$T/plans" -t c7g "$T/payload.yaml" | head -n 1)
run() {	# run RUN INSTANCE SHA ITER
	printf '{"type":"run","run":"%s","iter":%s,"kernel":"v6.18","kernel_sha":"%s","instance":"%s"}\n' "$1" "$4" "$3" "$2"
}
sample() {	# sample RUN INSTANCE ITER JOB
	printf '{"type":"sample","run":"%s","iter":%s,"kernel":"v6.18","instance":"%s","job":"%s","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"rep":1,"sub":1,"value":1}\n' "$1" "$3" "$2" "$4"
}
{
	for i in 0 1; do
		sample a c7g-1 $i wis-futex; sample a c7g-1 $i stressng; run a c7g-1 $sha $i
		run b c7g-2 $sha $i
	done
	sample b c7g-2 0 wis-futex; sample b c7g-2 0 stressng; sample b c7g-2 1 wis-futex
	run c c7g-2 89abcdef0123456789abcdef0123456789abcdef 1
	sample c c7g-2 1 stressng	# another kernel: not the plan's
	run d c7g-9 $sha 0; sample d c7g-9 0 wis-futex
} >"$T/recs"
run_status kp-plan -C "$plan" "$T/recs"
is "$rc:$(cat "$T/err")" "1:" "something missing: exit 1"
jq -r '[.scope, .kind, .level, .name, (.instance // "-"), (.expected // "-"), (.found // "-"), (.absent | join(","))] | join(" ")' "$T/out" >"$T/got"
name=$(basename "$plan" .yaml)
cat >"$T/want" <<EOF2
plan compared repetition iter-0 c7g-1 2 2 
plan compared repetition iter-1 c7g-1 2 2 
plan compared instance c7g#1 c7g-1 2 2 
plan compared repetition iter-0 c7g-2 2 2 
plan partial repetition iter-1 c7g-2 2 1 stressng
plan partial instance c7g#2 c7g-2 2 1 iter-1
plan partial job c7g - 2 1 c7g#2
plan partial plan $name - 1 0 c7g
plan new instance c7g-9 c7g-9 - - 
EOF2
is "$(cat "$T/got")" "$(cat "$T/want")" "whole, partial and unplanned units, each named; another commit's sample not counted"
is "$(jq -r .type "$T/out" | sort -u)" coverage "coverage records"
grep -v '"c7g-9"' "$T/recs" | grep -v '"run":"c"' >"$T/whole"
sample b c7g-2 1 stressng >>"$T/whole"
run_status kp-plan -C "$plan" "$T/whole"
is "$rc:$(jq -r .kind "$T/out" | sort -u)" "0:compared" "everything there: all compared, exit 0"
run_status kp-plan -C "$T/payload.yaml" "$T/whole"
is "$rc" 2 "a payload is not a plan: exit 2"
# a plan is read by the one YAML reader: a key given twice is refused
sed '0,/^name: /s/^name: .*/name: x\n&/' "$plan" >"$T/twice.yaml"
run_status kp-plan -C "$T/twice.yaml" "$T/whole"
is "$rc:$(cat "$T/err")" "2:kp-plan: $T/twice.yaml:4:1: \"name\" given twice; expected each key once" \
    "a plan with a key given twice"
done_testing
