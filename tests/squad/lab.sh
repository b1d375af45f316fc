#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lab.sh URL: what a lab's jobs would submit to SQUAD for plan
# graviton-baseline: two kernels, two c7g machines each, three metrics with
# their raw samples, the .config and TuxMake's metadata.json attached.
# Values are the kernel's base times 1 + (instance, repetition) offsets,
# so a test can compute every sample again on its own.
set -e
url=$1
here=$(cd "$(dirname "$0")" && pwd)
d=$(mktemp -d "${TMPDIR:-/tmp}/kp-lab.XXXXXX")
trap 'rm -rf "$d"' EXIT
printf 'CONFIG_HZ=1000\nCONFIG_PREEMPT=y\n' >"$d/config"
cat >"$d/metadata.json" <<'J'
{"build": {"target_arch": "arm64", "toolchain": "gcc-13", "kconfig": ["defconfig"]},
 "compiler": {"name": "gcc", "version": "13", "version_full": "gcc (Debian 13.2.0-25) 13.2.0"},
 "git": {"git_describe": "v6.18", "git_commit": "0123456789abcdef0123456789abcdef01234567"}}
J
n=0
for k in v6.18:100:0123456789abcdef0123456789abcdef01234567 v6.19:90:89abcdef0123456789abcdef0123456789abcdef; do
	ver=${k%%:*} base=${k#*:} sha=${base#*:} base=${base%%:*}
	for i in 1 2; do
		n=$((n + 1))
		cat >"$d/m.json" <<J
{"wis-futex/wis/futex1/futex1-threads/futex1/ops@1": {"value": [$((base + i)), $((base + i + 1)), $((base + i + 2))], "unit": "ops/s"},
 "wis-futex/wis/futex1/futex1-threads/futex1/ops@2": {"value": [$((2 * base + i)), $((2 * base + i + 2)), $((2 * base + i + 4))], "unit": "ops/s"},
 "stressng/stressng/context/context/context/bogo-ops@4": {"value": [$((base * 3 + i)), $((base * 3 + i * 2))], "unit": "bogo-ops/s"}}
J
		cat >"$d/md.json" <<J
{"job_id": "$ver-c7g-$i", "instance": "c7g-$i", "dut": "c7g.metal",
 "git_sha": "$sha", "target_arch": "arm64", "toolchain": "gcc-13",
 "framework": "mmtests", "datetime": "2026-12-01T1$n:00:00Z"}
J
		sh "$here/submit.sh" "$url" lab graviton "$ver" c7g "$d/m.json" \
		    "$d/md.json" "$d/config" "$d/metadata.json"
	done
done
