#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The README's walk from a payload to a report (tests/squad/walkthrough.sh):
# plans of two kernels, a lab submitting to a loopback SQUAD, kp-fetch and
# the nightly batch on the store, with each run's kernel_sha, toolchain and
# kconfig_hash from the build, and the 3% slowdown of v6.19 found.
. "$(dirname "$0")/lib.sh"
sh "$top/tests/squad/walkthrough.sh" "$T/w" >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "the walkthrough runs"
runs=$T/w/out/identified/squad.ndjson
is "$(jq -r 'select(.type == "run") | .instance' "$runs" | sort | uniq -c | awk '{print $1}' | paste -sd' ')" \
    "6 6 6 6" "4 instances of c7g, a testrun for each kernel, 3 iterations each"
is "$(jq -r 'select(.type == "run") | "\(.kernel) \(.kernel_sha) \(.toolchain) \(.instance_type) \(.arch)"' "$runs" | sort -u)" \
    "v6.18 0123456789abcdef0123456789abcdef01234567 gcc 13.2.0 c7g.metal arm64
v6.19 89abcdef0123456789abcdef0123456789abcdef gcc 13.2.0 c7g.metal arm64" \
    "kernel_sha, toolchain, instance type and arch from the build and the plan"
is "$(jq -r 'select(.type == "run") | .kconfig_hash' "$runs" | sort -u)" \
    "$(printf '# defconfig\n# CONFIG_HZ_1000=y\n' | sha256sum | cut -c1-16)" "kconfig_hash: the attached .config"
is "$(jq -r 'select(.type == "sample") | "\(.iter)/\(.rep)"' "$runs" | sort -u | paste -sd' ')" "0/1 0/2 1/1 1/2 2/1 2/2" \
    "the plan's repetitions (MMTESTS_ITERATIONS 3) are the samples' iterations"
is "$(jq -r 'select(.type == "run") | .iter' "$runs" | sort | uniq -c | awk '{print $1}' | paste -sd' ')" "8 8 8" \
    "a run record per iteration of each testrun"
is "$(jq -r 'select(.type == "cmp" and .class == "regression") | .test' "$T/w/out/findings.ndjson" | sort | uniq -c | awk '{print $1, $2}' | paste -sd' ' -)" \
    "2 context 2 futex1-threads" "v6.19's 3% slowdown found at each concurrency of both benchmarks"

# The README's one-shot A/B: its two commands after MMTests ran on two
# kernels (build/bin is $KP_BIN here), on the bundled runs as base and
# patched, and the bundled example with the lines the README shows.
readme=$top/README.md
cmd=$(sed -n 's|^    build/bin/kp-ab \.\./mmtests/|kp-ab ../mmtests/|p' "$readme")
is "$cmd" "kp-ab ../mmtests/work/log/base ../mmtests/work/log/patched" "the README's A/B command"
mkdir -p "$T/mmtests/work/log" "$T/here"
ln -s "$top/tests/data/mmtests/work/log/baseline" "$T/mmtests/work/log/base"
ln -s "$top/tests/data/mmtests/work/log/target-2hogs" "$T/mmtests/work/log/patched"
(cd "$T/here" && eval "$cmd") >"$T/ab" 2>"$T/ab.err"
is "$?:$(sed -n '1p;/measurements compared$/p' "$T/ab")" \
    "0:kp-ab: baseline: base; target: patched
  base -> patched: 26 of 26 measurements compared" "... compares the two runs of one kernel label"
ex=$(sed -n 's|^    \$ build/bin/kp-ab |kp-ab |p' "$readme")
# the shown output: the block's indented lines and the blank ones in it
awk '/^    \$ build\/bin\/kp-ab /{ f = 1; next } f && /^    |^$/{ sub(/^    /, ""); print; next } f { exit }' \
    "$readme" >"$T/shown"
(cd "$top" && eval "$ex") >"$T/ab" 2>"$T/ab.err"
is "$?:$(head -n "$(wc -l <"$T/shown")" "$T/ab")" "0:$(cat "$T/shown")" "the README's example prints what it shows"
(cd "$top" && eval "$(echo "$ex" | sed 's|^kp-ab |kp-ab -k "$T/k" |')") >/dev/null 2>&1
is "$(grep -c '"class":"regression"' "$T/k/findings.ndjson")" 18 "... and the 18 regressions it names"
done_testing
