#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# demo-history.sh: a generated lab of 32 kernels through the history part
# of kp, end to end: trend, reports with the trend plots, triage and a
# bisection.  `make demo-history` runs it; see README.md.
#
#   demo-history.sh OUT
#
# OUT/linux is a git repository with three commits per kernel, tagged
# v6.14-rc1 ... v6.17, whose file perf sets the speed of the lab's
# benchmark (tests/sim/lab-bench.sh); planted in it:
#   futex1   -8% from the second commit of v6.17-rc3 on (a regression);
#   switch   -6% from v6.15-rc2, fixed in v6.15-rc6 (in the triage file);
#   getpid   +25% in v6.15-rc4 alone (a bad build: a transient);
#   execl    +1% a kernel over v6.16-rc1 ... v6.16 (a drift).
# Each kernel is measured on 3 instances, each night's statistics added
# to OUT/history, and the newest kernel compared with the last release.
set -e
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$1
[ -n "$out" ] || { echo "usage: demo-history.sh OUT" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out/nights"
out=$(cd "$out" && pwd)
bench=$here/lab-bench.sh

# the kernels, oldest first
kernels=
for v in 14 15 16 17; do
	for r in 1 2 3 4 5 6 7; do kernels="$kernels v6.$v-rc$r"; done
	kernels="$kernels v6.$v"
done

echo "== a kernel repository of 96 commits, 32 tags"
# fixed dates make the commits, and so the noise they seed, the same
# every time
export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'
git init -q "$out/linux"
cd "$out/linux"
git config user.email lab@example.org
git config user.name lab
i=0 drift=0
for k in $kernels; do
	for c in 1 2 3; do
		futex=1 switch=1 getpid=1
		case $k in
		v6.17-rc[3-7]|v6.17) futex=0.92 ;;
		v6.17-rc2) [ $c -eq 3 ] || true ;;
		esac
		[ "$k" = v6.17-rc3 ] && [ $c -eq 1 ] && futex=1
		case $k in v6.15-rc[2-5]) switch=0.94 ;; esac
		[ "$k" = v6.15-rc4 ] && [ $c -eq 3 ] && getpid=1.25
		case $k in v6.16-rc*|v6.16) [ $c -eq 1 ] && drift=$((drift + 1)) ;; esac
		printf 'futex1_ops_s %s\nswitch_ops_s %s\ngetpid_ns %s\nexecl_ms %s\n' \
			"$futex" "$switch" "$getpid" "$(echo "1 + $drift / 100" | bc -l)" >perf
		echo "$k $c" >version
		git add perf version
		git commit -qm "$k, commit $c"
		[ $c -eq 3 ] && git tag "$k"
		i=$((i + 1))
	done
done
planted=$(git log --format=%H --grep='^v6.17-rc3, commit 2$')

echo "== 32 nights, 3 instances each, into the history"
for k in $kernels; do
	git checkout -q "$k"
	for inst in lab1 lab2 lab3; do
		INSTANCE=$inst KERNEL=$k "$bench" "$out/nights/$k.$inst.json"
	done
	kp-parse-results "$out/nights/$k".*.json | kp-identify | kp-stats >"$out/nights/$k.ndjson"
	sh "$top/pipelines/history-add.sh" "$out/nights/$k.ndjson" "$out/history"
done
git checkout -q master 2>/dev/null || git checkout -q main

echo "== kp-trend over the history"
kp-trend "$out"/history/*.ndjson >"$out/trend.ndjson"
jq -r 'select(.type == "trend") | "\(.test): " +
	([.changes[] | "\(.size_pct * 10 | round / 10)% at \(.first) (after \(.before))" +
	  (if .reverted_in then ", reverted in \(.reverted_in)" else "" end)] +
	 [.transients[] | "transient \(.size_pct * 10 | round / 10)% at \(.kernel)"] +
	 [.drifts[] | "drift \(.size_pct * 10 | round / 10)% over \(.first)..\(.last)"] |
	 if length == 0 then "no change" else join("; ") end)' "$out/trend.ndjson"

echo "== v6.17 against v6.16, with the history and the triage file"
cat >"$out/triage.yaml" <<'YAML'
findings:
  - pattern: "lab/context/*"
    since: v6.15-rc2
    status: fixed-in
    fixed_in: v6.15-rc6
    link: https://lore.kernel.org/lkml/context-switch-fix
    note: the scheduler change was reverted
  - pattern: "lab/mmap/*"
    status: invalid
    note: the lab's disk was full
YAML
cat "$out"/history/*.ndjson | kp-compare -b v6.16 -t v6.17 | kp-classify |
	kp-systematic | kp-triage -t "$out/triage.yaml" "-" "$out/trend.ndjson" >"$out/findings.ndjson"
kp-render -f text "$out/findings.ndjson" | tee "$out/report.txt"
kp-render -f md "$out/findings.ndjson" >"$out/report.md"
rm -rf "$out/html"
kp-render -f html -o "$out/html" "$out/findings.ndjson"
jq -r 'select(.type == "triage") | "triage: \(.pattern): \(.status), \(.state)" +
	(if .seen_fixed_in then " (fixed in \(.seen_fixed_in))" else "" end)' "$out/findings.ndjson"

echo "== kp-bisect: the futex1 regression"
cd "$out"
kp-bisect -x "$bench" -s test=futex/futex1_ops_s -o "$out/bisect-run.sh" \
	"$out/trend.ndjson" "$out"/history/*.ndjson >"$out/bisect.json"
jq -r '"good \(.good) (\(.good_sha[0:12])), bad \(.bad) (\(.bad_sha[0:12])), gate at -\(.threshold_pct)%"' "$out/bisect.json"
cd "$out/linux"
git bisect start "$(jq -r .bad_sha "$out/bisect.json")" "$(jq -r .good_sha "$out/bisect.json")" >/dev/null
git bisect run "$out/bisect-run.sh" >"$out/bisect.log" 2>&1
found=$(git rev-parse refs/bisect/bad)
git bisect reset >/dev/null 2>&1
echo "git bisect: first bad commit $(git log -1 --format='%h %s' "$found")"
if [ "$found" = "$planted" ]; then
	echo "the planted commit: found"
else
	echo "the planted commit was $(git log -1 --format='%h %s' "$planted"): NOT found"
	exit 1
fi
echo "kp: trend, reports (report.txt, report.md, html/index.html), triage and bisection are in $out"
