#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-identify: ids from the allow-list only, stable under record and field
# order, joins and their errors.
. "$(dirname "$0")/lib.sh"

# run RUN KERNEL [EXTRA-JSON-MEMBERS]: a run record
run() {
	printf '{"type":"run","run":"%s","run_name":"n","iter":0,"kernel":"%s","kernel_sha":null,"host":"vm1","instance":"vm1","instance_type":null,"arch":"x86_64","cpu_model":"AMD EPYC","cpus":2,"cpu_topology":null,"mem_kb":24000000,"os":"Debian 12","cmdline":"BOOT_IMAGE=/boot/vmlinuz-%s root=/dev/vda1 ro initrd=/boot/initrd-%s","toolchain":"gcc 12.2.0","kconfig_hash":"0123456789abcdef","framework":"mmtests","framework_version":"638401e07e70","start":%d,"finish":%d%s}\n' \
		"$1" "$2" "$2" "$2" "$$" "$$" "${3:-}"
}
runstat() {	# runstat RUN JOB SUITE PARAMS
	printf '{"type":"runstat","run":"%s","iter":0,"job":"%s","suite":"%s","params":"%s","begin":1,"end":2,"rc":0}\n' "$1" "$2" "$3" "$4"
}
sample() {	# sample RUN JOB SUITE CONC REP VALUE
	printf '{"type":"sample","run":"%s","iter":0,"kernel":"k","instance":"vm1","job":"%s","suite":"%s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":%s,"rep":%s,"sub":1,"value":%s,"src":"f:1"}\n' "$1" "$2" "$3" "$4" "$5" "$6"
}
ids() {	# ids FILE: "type run job exp key" lines, sorted
	jq -r 'select(.exp) | [.type, .run, (.job // "-"), (.conc // "-"), (.rep // "-"), .exp, .key] | @tsv' "$1" | sort
}
# interleave SEED: the records of stdin with the runs interleaved at
# random, each run's own records in their order (kp-records(5) allows
# that); records without a run field go in a queue of their own
interleave() {
	jq -r '(.run // "") + "\t" + tojson' | awk -F'\t' -v seed="$1" '
	{ if (!($1 in n)) { q[nq++] = $1; n[$1] = 0 } l[$1, n[$1]++] = $2 }
	END {
		srand(seed)
		for (left = NR; left > 0; left--) {
			do r = q[int(rand() * nq)]; while (h[r] == n[r])
			print l[r, h[r]++]
		}
	}'
}

{
	run a@vm1:1 v6.16
	runstat a@vm1:1 wis-futex wis "./futex N"
	runstat a@vm1:1 stressng stressng "./stress-ng --context N"
	sample a@vm1:1 wis-futex wis 1 1 100
	sample a@vm1:1 wis-futex wis 2 1 200
	sample a@vm1:1 stressng stressng 1 1 300
	printf '{"type":"artifact", "path" : "x",\t"size":1}\n'
	run b@vm1:2 v6.17
	runstat b@vm1:2 wis-futex wis "./futex N"
	runstat b@vm1:2 stressng stressng "./stress-ng --context N"
	sample b@vm1:2 wis-futex wis 1 1 110
	sample b@vm1:2 wis-futex wis 2 1 210
	sample b@vm1:2 stressng stressng 1 1 310
} >"$T/in"

grep -v artifact "$T/in" >"$T/nonart"
run_status kp-identify "$T/in"
is "$rc" 0 "exit 0"
is "$(wc -l <"$T/out")" 13 "every record out"
is "$(jq -r 'select(.exp) | .exp + .key' "$T/out" | grep -cv '^[0-9a-f]\{32\}$')" 0 \
	"exp and key are 16 hex digits on every run, runstat and sample"
is "$(grep -c '"type":"artifact"' "$T/out")" 1 "other records pass"
grep -qxF "$(printf '{"type":"artifact", "path" : "x",\t"size":1}')" "$T/out"
ok $? "... byte for byte"
is "$(jq -r 'select(.type == "sample" and .run == "a@vm1:1") | .exp' "$T/out" | sort -u | wc -l)" 2 \
	"one exp per job of a run"
is "$(jq -r 'select(.type == "runstat" and .job == "wis-futex") | .exp' "$T/out" | sort -u | wc -l)" 2 \
	"different kernels: different exp"
is "$(jq -r 'select(.type == "runstat" and .job == "wis-futex") | .key' "$T/out" | sort -u | wc -l)" 1 \
	"... and one key"
is "$(jq -r 'select(.job == "wis-futex" and .run == "a@vm1:1") | .exp' "$T/out" | sort -u | wc -l)" 1 \
	"a runstat and its samples share exp"
grep -v artifact "$T/out" | jq -c 'del(.exp, .key, .group)' | cmp -s - "$T/nonart"
ok $? "fields kept in place, ids appended"
# a sample's group is the id of the stat kp-stats makes of its
# measurement (kp_group_id), so a report finds its samples by it
is "$(jq -r 'select(.type == "sample") | [.exp, .suite, .bench, .test, .op, .metric, .conc, .group] | @tsv' "$T/out" |
    sort -u | awk -F'\t' '{ print $1 FS $2 FS $3 FS $4 FS $5 FS $6 FS $7 }' | sort | uniq -d)" "" \
	"one group per measurement of an experiment"
is "$(kp-stats "$T/out" 2>/dev/null | jq -r 'select(.type == "stat" and .scope == "group") | .group' | sort)" \
    "$(jq -r 'select(.type == "sample") | .group' "$T/out" | sort -u)" \
	"a sample's group is its stat's group"
is "$(jq -c 'select(.type != "sample" and has("group"))' "$T/out")" "" "no group on run and runstat records"
is "$(jq -r 'select(.type == "sample") | keys_unsorted[-3:] | join(" ")' "$T/out" | sort -u)" "exp key group" \
	"exp, key and group last, in the order of kp-records(5)"
kp-identify "$T/out" | cmp -s - "$T/out"
ok $? "existing exp and key are replaced, not repeated"
# a sample is copied member by member, not as its line: white space
# between its tokens goes, and an exp named with an escape is replaced
{ run a@vm1:1 v6.16; sample a@vm1:1 j s 1 1 5; } >"$T/compact"
kp-identify "$T/compact" >"$T/compact.out"
sed '2s/,"/ ,\t"/g; 2s/":/" : /g' "$T/compact" >"$T/spaced"
kp-identify "$T/spaced" | cmp -s - "$T/compact.out"
ok $? "a sample with white space between its tokens: written without it"
sed '2s/}$/,"e\\u0078p":"x"}/' "$T/compact" | kp-identify | cmp -s - "$T/compact.out"
ok $? "an exp named with an escape: replaced"

# the identity text, computed independently: sorted key=value lines, SHA-256
ids "$T/out" >"$T/ids"
want=$(printf '%s\n' arch=x86_64 'cmdline=root=/dev/vda1 ro' 'cpu_model=AMD EPYC' \
	cpu_topology=- cpus=2 framework=mmtests framework_version=638401e07e70 \
	instance_type=- kconfig_hash=0123456789abcdef kernel=v6.16 kernel_sha=- \
	mem_gib=23 'os=Debian 12' 'toolchain=gcc 12.2.0' | sha256sum | cut -c1-16)
is "$(jq -r 'select(.type == "run" and .run == "a@vm1:1") | .exp' "$T/out")" "$want" \
	"a run's exp is the SHA-256 of its canonical allow-list (independent check)"

# the order of the runs, their interleaving and field order do not matter
interleave 7 <"$T/in" >"$T/shuf"
cmp -s "$T/shuf" "$T/in"
ok "$((! $?))" "interleaved runs: a different order"
kp-identify "$T/shuf" >"$T/o2"
ok $? "interleaved runs: exit 0"
ids "$T/o2" | diff - "$T/ids" >/dev/null
ok $? "interleaved runs: the same ids"
is "$(wc -l <"$T/o2")" 13 "interleaved runs: every record out"
jq -c 'to_entries | reverse | from_entries' "$T/in" >"$T/rev"
kp-identify "$T/rev" >"$T/o3"
ids "$T/o3" | diff - "$T/ids" >/dev/null
ok $? "reversed field order: the same ids"

# what is in and out of the identity; both sides of a comparison must be
# ids, so that two runs that both fail ("" = "") cannot pass
exp_of() {	# exp_of FILE: the exp of its first run record
	kp-identify "$1" | jq -r 'select(.type == "run") | .exp' | head -1
}
isid() {	# isid ID...: each is 16 hex digits
	for i; do
		printf '%s\n' "$i" | grep -qx '[0-9a-f]\{16\}' || return 1
	done
}
same() {	# same GOT WANT NAME: equal ids
	isid "$1" "$2"
	ok $? "$3: ids"
	is "$1" "$2" "$3"
}
differ() {	# differ A B NAME: different ids
	ok "$(isid "$1" "$2" && [ "$1" != "$2" ]; echo $?)" "$3"
}
run a@vm1:1 v6.16 >"$T/r0"
base=$(exp_of "$T/r0")
run a@vm1:9 v6.16 ',"mem_free_kb":5' | sed 's/"start":[0-9]*/"start":1/; s/"host":"vm1"/"host":"other"/; s/"run_name":"n"/"run_name":"m"/' >"$T/r1"
same "$(exp_of "$T/r1")" "$base" "run name, host, times and unknown fields are not identity"
run a@vm1:1 v6.16 | sed 's/"instance":"vm1"/"instance":"vm2"/' >"$T/r1"
same "$(exp_of "$T/r1")" "$base" "instances of one experiment share exp"
run a@vm1:1 v6.16 | sed 's/root=/quiet root=/' >"$T/r1"
differ "$(exp_of "$T/r1")" "$base" "a kernel parameter is identity"
run a@vm1:1 v6.16 | sed 's/"cpus":2/"cpus":2.0/' >"$T/r1"
same "$(exp_of "$T/r1")" "$base" "numbers in their shortest form"
run a@vm1:1 v6.16 | sed 's/"kernel_sha":null,//' >"$T/r1"
same "$(exp_of "$T/r1")" "$base" "missing and null are the same placeholder"
run a@vm1:1 v6.16 | sed 's/AMD EPYC/Intel Xeon/' >"$T/r1"
differ "$(exp_of "$T/r1")" "$base" "cpu_model is identity"
same "$(kp-identify -x cpu_model "$T/r1" | jq -r .exp)" "$(kp-identify -x cpu_model "$T/r0" | jq -r .exp)" \
	"-x cpu_model leaves it out"
same "$(kp-identify -x nosuchfield "$T/r0" | jq -r .exp)" "$base" "-x of a field not in the identity: no effect"
run a@vm1:1 v6.16 | sed 's/"host":"vm1"/"host":"vm2"/' >"$T/r1"
differ "$(kp-identify -a host "$T/r1" | jq -r .exp)" "$(kp-identify -a host "$T/r0" | jq -r .exp)" \
	"-a host adds it"
run a@vm1:1 v6.17 | sed 's/0123456789abcdef/fedcba9876543210/' >"$T/r1"
same "$(kp-identify "$T/r1" | jq -r .key)" "$(kp-identify "$T/r0" | jq -r .key)" \
	"key leaves out kernel, kernel_sha and kconfig_hash"

# a job without runstat: params "-"
{ run a@vm1:1 v6.16; sample a@vm1:1 j s 1 1 5; } >"$T/nors"
{ run a@vm1:1 v6.16; runstat a@vm1:1 j s -; sample a@vm1:1 j s 1 1 5; } >"$T/dash"
same "$(kp-identify "$T/nors" | jq -r 'select(.type == "sample") | .exp')" \
	"$(kp-identify "$T/dash" | jq -r 'select(.type == "sample") | .exp')" \
	"no runstat: params are \"-\""

# the order rule of kp-records(5): the run record first, a job's runstat
# before its samples or not at all; what breaks it is an error, not held
{ sample a@vm1:1 j s 1 1 5; run a@vm1:1 v6.16; } >"$T/bad"
run_status kp-identify "$T/bad"
is "$rc" 2 "a sample before its run record: exit 2"
grep -q "^kp-identify: $T/bad:1: no run record for run \"a@vm1:1\" iter 0 before this sample; expected the run record first" "$T/err"
ok $? "... naming file and line"
{ run a@vm1:1 v6.16; sample a@vm1:1 j s 1 1 5; runstat a@vm1:1 j s -; } >"$T/bad"
run_status kp-identify "$T/bad"
is "$rc" 2 "a runstat after its job's samples: exit 2"
grep -q "^kp-identify: $T/bad:3:[0-9]*: the runstat for job \"j\" of run \"a@vm1:1\" iter 0 after samples of the job; expected it before them, or none" "$T/err"
ok $? "... naming file, line and column"
{ run a@vm1:1 v6.16; sample a@vm1:1 j s 1 1 5; runstat a@vm1:1 k s -; sample a@vm1:1 k s 1 1 5; } >"$T/late"
run_status kp-identify "$T/late"
is "$rc.$(wc -l <"$T/out")" "0.4" "a runstat after another job's samples: fine"

# it streams: with its input still open, the samples of a job without a
# runstat are written (past the output buffer) as they come, not at the end
mkfifo "$T/fifo"
kp-identify <"$T/fifo" >"$T/stream" 2>"$T/err" &
pid=$!
exec 3>"$T/fifo"
{ run a@vm1:1 v6.16; i=0; while [ $i -lt 2000 ]; do sample a@vm1:1 j s 1 $i 5; i=$((i + 1)); done; } >&3
wait_file "$T/stream" $pid
ok "$([ -s "$T/stream" ]; echo $?)" "output before the end of the input"
exec 3>&-
wait $pid
is "$?.$(wc -l <"$T/stream")" "0.2001" "... and every record at the end"

# the bundled MMTests fixtures, in parser order and with runs interleaved
LOG=$FIX/work/log
kp-parse-mmtests --meta baseline:kernel=v6.17 --meta baseline-rerun:kernel=v6.17 \
	--meta target-cpuhog:kernel=C --meta target-2hogs:kernel=D "$LOG" >"$T/fx" 2>/dev/null
ok $? "fixtures parse"
kp-identify "$T/fx" >"$T/fxo"
ids "$T/fxo" >"$T/fxids"
interleave 3 <"$T/fx" | kp-identify >"$T/fxs"
ids "$T/fxs" | diff - "$T/fxids" >/dev/null
ok $? "fixtures with runs interleaved: the same ids"
jq -c 'to_entries | reverse | from_entries' "$T/fx" | kp-identify >"$T/fxr"
ids "$T/fxr" | diff - "$T/fxids" >/dev/null
ok $? "fixtures with fields reversed: the same ids"
is "$(jq -r 'select(.type == "run") | .exp' "$T/fxo" | sort -u | wc -l)" 3 \
	"baseline and rerun labelled alike: one run exp; the targets: one each"
is "$(jq -r 'select(.type == "run") | .key' "$T/fxo" | sort -u | wc -l)" 1 "... and one key"
is "$(jq -r 'select(.type == "runstat" and .job == "stressng") | .exp' "$T/fxo" | sort | uniq -c | awk '{ print $1 }' | sort | tr '\n' ' ')" \
	"1 1 2 " "stressng: baseline and rerun share an exp, the targets differ"

# env: a run's environment keys it when present; runs without one keep
# the ids of a set without the field (pinned: they must not move)
{ run e@vm1:1 v6.16; runstat e@vm1:1 j s p; } >"$T/e0"
{ run e@vm1:1 v6.16 ',"env":"native"'; runstat e@vm1:1 j s p; } >"$T/e1"
{ run e@vm1:1 v6.16 ',"env":"qemu"'; runstat e@vm1:1 j s p; } >"$T/e2"
exp() { kp-identify "$@" | jq -r 'select(.type == "runstat") | "\(.exp) \(.key)"'; }
e0=$(exp "$T/e0") e1=$(exp "$T/e1") e2=$(exp "$T/e2")
test -n "$e0" && test "$e1" != "$e0" && test "$e2" != "$e1"
ok $? "env keys the experiment: native and qemu are two"
is "$(exp -x env "$T/e1")/$(exp -x env "$T/e2")" "$e0/$e0" "... -x env compares across them, as without the field"
# the ids this run had before env was an identity field
is "$e0" "04f1b8d5854241ae c4ae084bc159bb6f" "... and a run without env keeps its ids"

# errors name the place
{ run a@vm1:1 v6.16; sample zz@vm1:1 j s 1 1 5; } >"$T/bad"
run_status kp-identify "$T/bad"
is "$rc" 2 "a sample of an unknown run: exit 2"
grep -q "^kp-identify: $T/bad:2: no run record for run \"zz@vm1:1\" iter 0 before this sample" "$T/err"
ok $? "... naming file and line"
{ run a@vm1:1 v6.16; run a@vm1:1 v6.16; } >"$T/bad"
run_status kp-identify "$T/bad"
is "$rc" 2 "a second run record: exit 2"
grep -q "^kp-identify: $T/bad:2:[0-9]*: a second run record" "$T/err"
ok $? "... naming file, line and column"
{ run a@vm1:1 v6.16; echo '{"type":"sample",'; } >"$T/bad"
run_status kp-identify "$T/bad"
is "$rc" 2 "bad JSON: exit 2"
grep -q "^kp-identify: $T/bad:2:" "$T/err"
ok $? "... naming the line"
{ run a@vm1:1 v6.16; sample a@vm1:1 j s 1 1 5 | sed 's/"job":"j",//'; } >"$T/bad"
run_status kp-identify "$T/bad"
is "$rc" 2 "a sample without job: exit 2"
run_status kp-identify -q
is "$rc" 2 "unknown option: exit 2"
grep -q '^usage: kp-identify \[-x field\] ... \[-a field\] ... \[file ...\]$' "$T/err"
ok $? "... with the synopsis"
run_status kp-identify /dev/null
is "$rc.$(wc -c <"$T/out")" "0.0" "empty input: nothing, exit 0"
if [ -w /dev/full ]; then
	kp-identify "$T/in" >/dev/full 2>/dev/null
	is "$?" 2 "a failed write: exit 2"
fi
done_testing
