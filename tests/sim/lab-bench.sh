#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lab-bench.sh: the "benchmark" of the generated lab (tests/sim/demo-history.sh)
#
#   lab-bench.sh RESULT
#
# Run in a checkout of the lab's kernel repository, it writes to RESULT a
# results document (kp-parse-results(1)) of four benchmarks whose speed the
# checkout's file perf sets (lines "benchmark factor"), with a machine
# offset (sd 1%) for $INSTANCE and repetition noise (cv 1.5%), both
# seeded by the commit and the instance so that a run can be repeated.
# $KERNEL names the kernel in the document's metadata.
perf=perf
[ -r "$perf" ] || { echo "lab-bench.sh: no $perf here" >&2; exit 1; }
sha=$(git rev-parse HEAD) || exit 1
inst=${INSTANCE:-bisect}
awk -v sha="$sha" -v inst="$inst" -v kernel="${KERNEL:-}" '
function seed(s,   i, h) {
	h = 7
	for (i = 1; i <= length(s); i++)
		h = (h * 31 + index("0123456789abcdefghijklmnopqrstuvwxyz-.", substr(s, i, 1))) % 2147483647
	return h
}
function normal() {
	return sqrt(-2 * log(1 - rand())) * cos(6.283185307179586 * rand())
}
{ factor[$1] = $2 }
END {
	base["futex1_ops_s"] = 2400000; group["futex1_ops_s"] = "futex"
	base["switch_ops_s"] = 180000; group["switch_ops_s"] = "context"
	base["getpid_ns"] = 48; group["getpid_ns"] = "syscall"
	base["execl_ms"] = 0.42; group["execl_ms"] = "exec"
	srand(seed(inst))
	off = 0.01 * normal()
	srand(seed(sha inst))
	printf "{\"meta\":{\"name\":\"%s-%s\",\"host\":\"%s\",\"cpu\":\"lab-cpu\",\"kernel\":\"%s\",\"kernel_sha\":\"%s\"},\"lab\":{", kernel, inst, inst, kernel, sha
	# a fixed order: awk does not keep one for "in"
	split("futex1_ops_s switch_ops_s getpid_ns execl_ms", names, " ")
	for (j = 1; j <= 4; j++) {
		b = names[j]
		f = (b in factor) ? factor[b] : 1
		printf "%s\"%s\":{\"%s\":{\"samples\":[", (j > 1 ? "," : ""), group[b], b
		for (i = 0; i < 5; i++)
			printf "%s%.6g", i ? "," : "", base[b] * f * exp(off + 0.015 * normal())
		printf "]}}"
	}
	printf "}}\n"
}' "$perf" >"$1"
