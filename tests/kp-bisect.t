#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-bisect against a local git repository whose "benchmark" is a noisy
# script with a regression planted at a known commit: kp-trend finds the
# change between two tagged kernels, kp-bisect writes the good and bad
# kernels and a git bisect run script, and git bisect must end at the
# planted commit.  Then the script's exit statuses: 125 for a failed run
# or bad output, 128 for a command that cannot run, never 2.
. "$(dirname "$0")/lib.sh"
command -v git >/dev/null || { skip "kp-bisect" "git is not installed"; done_testing; exit; }
R=$T/linux
# fixed dates make the commits, and so the noise they seed, the same
# every time
export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'
git init -q "$R" && cd "$R" || exit 1
git config user.email lab@example.org && git config user.name lab
# 20 commits; the 12th (index 11) makes the benchmark 10% slower
for i in $(seq 0 19); do
	if [ "$i" -ge 11 ]; then echo 900 >speed; else echo 1000 >speed; fi
	echo "$i" >commit
	git add speed commit && git commit -qm "commit $i"
	case $i in
	0) git tag v6.1-rc1 ;; 3) git tag v6.1-rc2 ;; 6) git tag v6.1-rc3 ;;
	9) git tag v6.1-rc4 ;; 12) git tag v6.1-rc5 ;; 15) git tag v6.1-rc6 ;;
	18) git tag v6.1-rc7 ;; 19) git tag v6.1 ;;
	esac
done
planted=$(git rev-list --reverse HEAD | sed -n 12p)
# the benchmark: 6 samples around the checkout's speed, cv 2%, seeded by
# the commit so that each commit gives the same numbers every time
cat >"$T/bench.sh" <<'SH'
#!/bin/sh
speed=$(cat speed) || exit 1
seed=$(git rev-parse HEAD | tr -dc 0-9 | cut -c1-9)
awk -v s="$speed" -v seed="$seed" -v k="${KERNEL:-}" -v sha="$(git rev-parse HEAD)" 'BEGIN {
	srand(seed)
	printf "{\"meta\":{\"name\":\"run-%s\",\"host\":\"lab1\",\"kernel\":\"%s\",\"kernel_sha\":\"%s\"},", k, k, sha
	printf "\"loop\":{\"spin\":{\"ops_per_sec\":{\"samples\":["
	for (i = 0; i < 6; i++) {
		u = rand(); v = rand()	# Box-Muller
		printf "%s%.3f", i ? "," : "", s * (1 + 0.02 * sqrt(-2 * log(u)) * cos(6.2831853 * v))
	}
	printf "]}}}}\n"
}' >"$1"
SH
chmod +x "$T/bench.sh"
mkdir "$T/history"
for k in v6.1-rc1 v6.1-rc2 v6.1-rc3 v6.1-rc4 v6.1-rc5 v6.1-rc6 v6.1-rc7 v6.1; do
	git checkout -q "$k" && KERNEL=$k "$T/bench.sh" "$T/$k.json" &&
	kp-parse-results "$T/$k.json" | kp-identify | kp-stats >"$T/history/$k.ndjson" || exit 1
done
git checkout -q master 2>/dev/null || git checkout -q main
kp-trend "$T"/history/*.ndjson >"$T/trend"
is "$(jq -c 'select(.type == "trend") | [.changes[] | [.before, .first]]' "$T/trend")" \
	'[["v6.1-rc4","v6.1-rc5"]]' "kp-trend finds the change between v6.1-rc4 and v6.1-rc5"

# one run a kernel: the comparison of two kernels uses the run noise
# kp-trend learned from the history, and says so
is "$(jq -c 'select(.type == "noise" and .source == "history") | [.level, .n_kernels]' "$T/trend")" \
	'["rep",8]' "the history of one run a kernel gives a learned noise record"
is "$(kp-compare -b v6.1-rc1 -t v6.1-rc2 "$T"/history/*.ndjson "$T/trend" 2>/dev/null |
	kp-classify | jq -r 'select(.type == "cmp") | .run_sd_source' | sort -u)" \
	"history" \
	"a comparison of one run a side takes that floor, and run_sd_source says where it came from"

cd "$T" || exit 1
run_status kp-bisect -x "$T/bench.sh" -o "$T/run.sh" "$T/trend" "$T"/history/*.ndjson
is "$rc" 0 "kp-bisect exits 0"
cp "$T/out" "$T/bisect"
is "$(jq -r '[.good, .bad, .good_sha == (.range | split("..")[0])] | @tsv' "$T/bisect")" \
	"v6.1-rc4	v6.1-rc5	true" "the good and bad kernels, with their commits from the run records"
# the record is kp-records(5)'s: it reads into libkp's table and writes
# back byte for byte
if [ -x "$KP_BIN/../bench/ndjson" ]; then
	"$KP_BIN/../bench/ndjson" rec "$T/bisect" | cmp -s - "$T/bisect"
	ok $? "the bisect record round-trips through its table"
fi
# kp-bisect-record, the record's writer: without commits the range is
# of kernels and the shas null; between is the series strictly inside
t() { kp-bisect-record -k v6.1-rc5 -T 5 -o "$T/x.sh" "$@"; }
is "$(t "$T/trend" | jq -c '[.good_sha, .bad_sha, .range, .threshold_pct, .script == "'"$T/x.sh"'"]')" \
	'[null,null,"v6.1-rc4..v6.1-rc5",5,true]' "kp-bisect-record: no commits, a range of kernels"
jq -c 'if .type == "trend" then .changes |= map(.before = "v6.1-rc2") else . end' \
	"$T/trend" >"$T/trend-wide"
is "$(t -g g1 -b "" "$T/trend-wide" | jq -c '[.good, .range, .between]')" \
	'["v6.1-rc2","g1..v6.1-rc5",["v6.1-rc3","v6.1-rc4"]]' "... the kernels between good and bad"
run_status kp-bisect-record -k v6.1 -T 5 -o x.sh "$T/trend"
is "$rc:$(cat "$T/err")" "2:kp-bisect-record: no trend record with a change for the worse at v6.1" \
	"... no change at the kernel: exit 2, named"
run_status kp-bisect-record -k v6.1-rc5 -o x.sh "$T/trend"
is "$rc" 2 "... no threshold: usage, exit 2"
good=$(jq -r .good_sha "$T/bisect")
bad=$(jq -r .bad_sha "$T/bisect")
is "$good $bad" "$(git -C "$R" rev-parse v6.1-rc4) $(git -C "$R" rev-parse v6.1-rc5)" \
	"the commits are those of the tags"
ok "$( [ -x "$T/run.sh" ] && [ -s "$T/run.sh.good.ndjson" ]; echo $?)" \
	"the git bisect run script and the good kernel's statistics are written"

cd "$R" || exit 1
git bisect start "$bad" "$good" >/dev/null
git bisect run "$T/run.sh" >"$T/bisect.log" 2>&1
found=$(git rev-parse refs/bisect/bad)
git bisect reset >/dev/null 2>&1
is "$found" "$planted" "git bisect run ends at the planted commit"
sed -n 's/^kp-bisect: /# /p' "$T/bisect.log"

# the script's statuses on a commit (HEAD is good)
sed "s|^cmd=.*|cmd='exit 3'|" "$T/run.sh" >"$T/fail.sh"
sed "s|^cmd=.*|cmd='echo garbage >'|" "$T/run.sh" >"$T/garbage.sh"
sed "s|^cmd=.*|cmd='true'|" "$T/run.sh" >"$T/nothing.sh"
sed "s|^cmd=.*|cmd='$T/no-such-harness'|" "$T/run.sh" >"$T/broken.sh"
chmod +x "$T"/fail.sh "$T"/garbage.sh "$T"/nothing.sh "$T"/broken.sh
git checkout -q v6.1-rc1
"$T/run.sh" 2>/dev/null; is "$?" 0 "a good commit exits 0"
git checkout -q v6.1
"$T/run.sh" 2>/dev/null; is "$?" 1 "a bad commit exits 1"
"$T/fail.sh" 2>/dev/null; is "$?" 125 "a failed run skips (125)"
"$T/garbage.sh" 2>/dev/null; is "$?" 125 "a result that is bad input skips (125)"
"$T/nothing.sh" 2>/dev/null; is "$?" 125 "no result skips (125)"
"$T/broken.sh" 2>/dev/null; is "$?" 128 "a command that cannot run aborts (128)"

# the EXAMPLES of kp-bisect(1), as written there
git -C "$R" checkout -q master 2>/dev/null || git -C "$R" checkout -q main
cd "$T" && rm -f run.sh && (
kp-trend history/*.ndjson > trend.ndjson
kp-bisect -x "$PWD/bench.sh" -s test=spin/ops_per_sec -o run.sh \
    trend.ndjson history/*.ndjson > bisect.json
cd linux
git bisect start $(jq -r .bad_sha ../bisect.json) $(jq -r .good_sha ../bisect.json)
git bisect run ../run.sh
) >/dev/null 2>&1
is "$(git -C "$R" rev-parse refs/bisect/bad)" "$planted" "the EXAMPLES of kp-bisect(1) run and find it too"
git -C "$R" bisect reset >/dev/null 2>&1

# names from records reach the script only quoted: one with a newline
# is refused (it would be a command line of its own), one with quotes
# and $(...) stays a word
cd "$T" || exit 1
jq -c --arg k "v6.1-rc5
touch $T/pwned" 'if .type == "trend" then .changes |= map(.first = $k) else . end' \
	"$T/trend" >"$T/trend-nl"
run_status kp-bisect -x "$T/bench.sh" -o "$T/nl.sh" "$T/trend-nl" "$T"/history/*.ndjson
is "$rc:$(test -e "$T/nl.sh"; echo $?)" "2:1" "a kernel name with a newline: exit 2, no script"
grep -q 'the name "v6.1-rc5\\ntouch .*" holds a control character; refused' "$T/err"
ok $? "... naming it"
jq -c --arg k "v6.1-rc5'\$(touch $T/pwned)'\`touch $T/pwned\`" \
	'if .type == "trend" then .changes |= map(.first = $k) else . end' "$T/trend" >"$T/trend-q"
run_status kp-bisect -x "$T/bench.sh" -o "$T/q.sh" "$T/trend-q" "$T"/history/*.ndjson
is "$rc" 0 "a kernel name with quotes, \$(...) and backquotes: a script"
sed "s|^cmd=.*|cmd='exit 3'|" "$T/q.sh" >"$T/q3.sh"
sh "$T/q3.sh" 2>/dev/null
is "$?:$(test -e "$T/pwned"; echo $?)" "125:1" "... that runs nothing of the name"
run_status kp-bisect -x "$(printf 'true\nrm -rf /')" -o "$T/nl.sh" "$T/trend" "$T"/history/*.ndjson
is "$rc:$(test -e "$T/nl.sh"; echo $?)" "2:1" "a command (-x) with a newline: exit 2, no script"
run_status kp-bisect -x true -s test=nothing "$T/trend"
is "$rc" 2 "no change point selected: exit 2"
run_status kp-bisect
is "$rc" 2 "no command: usage, exit 2"
run_status kp-bisect --help
is "$rc:$(head -c 15 "$T/out")" "0:usage: kp-bisec" "--help prints the synopsis on stdout"
mandoc -Tlint -W warning "$top/man/man1/kp-bisect.1"
ok $? "kp-bisect(1) is lint clean"
done_testing
