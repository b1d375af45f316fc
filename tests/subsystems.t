#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The subsystem map (kp-subsystems(5)): kp-classify assigns every
# benchmark kp parses to its subsystems, a user's map wins, a bad map
# exits 2 naming file:line:col.
. "$(dirname "$0")/lib.sh"

# one cmp record for each measurement (suite, bench, test, op, metric) of
# the sample records on stdin, as kp-compare would write it
as_cmp() {
	jq -c 'select(.type == "sample") | [.suite, .bench, .test, .op, .metric]' | sort -u |
	jq -c '{type: "cmp", key: "k", job: "j", suite: .[0], bench: .[1], test: .[2],
		op: .[3], metric: .[4], unit: "u", better: "higher", conc: 1,
		base_kernel: "v1", target_kernel: "v2", base_exp: "e1", target_exp: "e2",
		base_runs: ["rb"], target_runs: ["rt"], obs_level: "instance", n_base: 5,
		n_target: 5, base_median: 100, target_median: 90, base_mean: 100,
		target_mean: 90, base_cv: 0.01, target_cv: 0.01, change_pct: -10,
		change_mean_pct: -10, ci_low_pct: -12, ci_high_pct: -8, method: "m",
		p: 0.001, q: 0.002, hedges_g: -3, cliffs_delta: -1, worse: true}'
}
{
	kp-parse-mmtests "$FIX/work/log/baseline" 2>/dev/null
	kp-parse-mmtests -k "$top/tests/data/parse/work/log" 2>/dev/null
	kp-parse-results "$top/tests/data/gate/lmbench.txt" "$top/tests/data/gate/baseline.json"
} | as_cmp >"$T/cmp"
kp-classify "$T/cmp" | jq -r 'select(.type == "cmp") |
	"\(.suite)/\(.bench)/\(.test)\t\(.subsystem | join(", ") | if . == "" then "unmapped" else . end)"' |
	sort -u >"$T/got"
# what a kernel engineer would name for each test kp parses (the reasons
# are in share/kp/subsystems.yaml)
sort >"$T/want" <<'TSV'
applications/git_status_ms/git_status_ms	unmapped
applications/python_startup_ms/python_startup_ms	unmapped
futexbench/hash/hash-private	FUTEX SUBSYSTEM
futexbench/wake/wake-shared	FUTEX SUBSYSTEM
hackbench/process-pipes/process-pipes	SCHEDULER, FILESYSTEMS (VFS and infrastructure)
lmbench/bw_pipe/bw_pipe/pipe	FILESYSTEMS (VFS and infrastructure), SCHEDULER
lmbench/lat_fs/lat_fs/create	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_fs/lat_fs/create_10k	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_fs/lat_fs/delete	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_fs/lat_fs/delete_10k	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_other/lat_other/select_on_100_fds	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_pipe/lat_pipe/pipe	FILESYSTEMS (VFS and infrastructure), SCHEDULER
lmbench/lat_proc/lat_proc/exec	EXEC & BINFMT API, ELF, MEMORY MANAGEMENT - CORE
lmbench/lat_proc/lat_proc/fork	MEMORY MANAGEMENT - CORE, SCHEDULER
lmbench/lat_proc/lat_proc/shell	EXEC & BINFMT API, ELF, MEMORY MANAGEMENT - CORE
lmbench/lat_sig/lat_sig/catch	THE REST
lmbench/lat_sig/lat_sig/install	THE REST
lmbench/lat_syscall/lat_syscall/fstat	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_syscall/lat_syscall/null	X86 ENTRY CODE, GENERIC ENTRY CODE
lmbench/lat_syscall/lat_syscall/open	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_syscall/lat_syscall/read	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_syscall/lat_syscall/stat	FILESYSTEMS (VFS and infrastructure)
lmbench/lat_syscall/lat_syscall/write	FILESYSTEMS (VFS and infrastructure)
schbench/schbench/request	SCHEDULER
schbench/schbench/rps	SCHEDULER
schbench/schbench/wakeup	SCHEDULER
stressng/context/context	X86 ENTRY CODE, GENERIC ENTRY CODE
stressng/fork/fork	MEMORY MANAGEMENT - CORE, SCHEDULER
sysbench/cpu/cpu	SCHEDULER
sysbench/mutex/mutex	FUTEX SUBSYSTEM, SCHEDULER
unixbench/syscall/syscall-getpid	X86 ENTRY CODE, GENERIC ENTRY CODE
wis/futex1/futex1-threads	FUTEX SUBSYSTEM
wis/futex2/futex2-threads	FUTEX SUBSYSTEM
wis/futex3/futex3-threads	FUTEX SUBSYSTEM
wis/futex4/futex4-threads	FUTEX SUBSYSTEM
TSV
diff "$T/want" "$T/got" >"$T/diff"
ok $? "every test of the bundled MMTests, lmbench and results data maps to its subsystems, or says unmapped"
sed 's/^/# /' "$T/diff"

# stress-ng's System V semaphores are ipc/sem.c, not futexes as its
# POSIX ones are
jq -c '.bench = "sem-sysv" | .test = "sem-sysv" | .op = "sem-sysv"' "$T/cmp" | head -1 >"$T/sysv"
jq -c '.bench = "sem" | .test = "sem" | .op = "sem"' "$T/cmp" | head -1 >>"$T/sysv"
sed -i 's/"suite":"[^"]*"/"suite":"stressng"/' "$T/sysv"
is "$(kp-classify "$T/sysv" | jq -r 'select(.type == "cmp") | .subsystem | join(", ")' | tr '\n' /)" \
	"THE REST/FUTEX SUBSYSTEM/" "stress-ng sem-sysv is ipc/sem.c, sem is futexes"

# a user's map is tried first: its entry wins, the shipped map still
# covers the rest
cat >"$T/mine.yaml" <<'EOF2'
# one futex test credited elsewhere
- pattern: "wis/futex2*"
  subsystem: LOCKING PRIMITIVES
  why: "a test of ours"
- pattern: "applications/*"
  subsystem: []
  why: "user space alone"
EOF2
sub() { jq -r "select(.type == \"cmp\" and .bench == \"$1\") | .subsystem | join(\", \")"; }
kp-classify -S "$T/mine.yaml" "$T/cmp" >"$T/o"
is "$(sub futex2 <"$T/o")/$(sub futex1 <"$T/o")" "LOCKING PRIMITIVES/FUTEX SUBSYSTEM" \
	"-S: the user's entry wins, the shipped map covers the rest"
is "$(sub git_status_ms <"$T/o" | wc -c)" 1 "an empty list maps to no subsystem on purpose"
is "$(KP_SUBSYSTEMS="$T/mine.yaml" kp-classify "$T/cmp" | sub futex2)" "LOCKING PRIMITIVES" \
	"KP_SUBSYSTEMS names the user's map too"

# a bad map: exit 2, file:line:col and what was expected
bad() {	# bad NAME WANT: $T/bad.yaml must be refused with WANT in the message
	run_status kp-classify -S "$T/bad.yaml" "$T/cmp"
	ok $(( rc != 2 )) "$1: exit 2"
	grep -q "$2" "$T/err"
	ok $? "$1: says $2"
	sed 's/^/# /' "$T/err"
}
printf -- '- pattern: "a*"\n  subsystem: [SCHEDULER]\n' >"$T/bad.yaml"
bad "an entry without why" "bad.yaml:1:3: an entry without \"why\""
printf -- '- pattern: "a*"\n  subsystem: [SCHEDULER]\n  why: x\n  owner: me\n' >"$T/bad.yaml"
bad "an unknown key" "bad.yaml:4:3: unknown key \"owner\""
printf -- '- pattern: "a*"\n  subsystem: [SCHEDULER]\n  why: x\n  why: y\n' >"$T/bad.yaml"
bad "a key given twice" "bad.yaml:4:3: \"why\" given twice"
printf -- '- pattern: "a*"\n  subsystem: {a: b}\n  why: x\n' >"$T/bad.yaml"
bad "a subsystem that is no title" "bad.yaml:2:14: expected a MAINTAINERS section title"
printf -- 'pattern: "a*"\n' >"$T/bad.yaml"
bad "not a list" "bad.yaml:1:1: expected a list of entries"
printf -- '- pattern: "a*\n' >"$T/bad.yaml"
bad "not YAML" "bad.yaml:[0-9]*:[0-9]*: bad YAML"

# the shipped map is the file the man page names, and a good one
$PY - "$top/share/kp/subsystems.yaml" <<'PY'
import sys, yaml
m = yaml.safe_load(open(sys.argv[1]))
assert all(set(e) == {"pattern", "subsystem", "why"} and e["why"].strip() for e in m)
PY
ok $? "share/kp/subsystems.yaml: every entry has pattern, subsystem and why (PyYAML reads it)"
done_testing
