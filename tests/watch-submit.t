#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# pipelines/watch.sh with kp-pipelines(7)'s own command line against a
# fake tuxsuite client on PATH: each new tag submitted once per watch-list
# line (two payloads of one repository both planned); a submit that
# failed before the lab accepted it retried; one the lab accepted but
# the client reported failed never queued twice (watch.sh looks first,
# by the plan's name, which carries the tag and the payload's hash); a
# lab that cannot be asked is not submitted to.
. "$(dirname "$0")/lib.sh"
git init -q --bare "$T/up.git"
git clone -q "$T/up.git" "$T/w" 2>/dev/null
g() { git -C "$T/w" -c user.name=kp -c user.email=kp@example.org "$@"; }
tag() { g commit -q --allow-empty -m "$1"; g tag "$1"; g push -q origin HEAD --tags 2>/dev/null; }
tag v6.18

# the fake client: plan submit [--no-wait] FILE and plan list --json,
# the lab's plans in $LAB/plans; $LAB/fail-before refuses a submit,
# $LAB/fail-after accepts it and still exits 1, $LAB/down fails a list;
# without --no-wait the client waits for the plan, whose tests fail
mkdir -p "$T/bin" "$T/lab"
cat >"$T/bin/tuxsuite" <<'EOF2'
#!/bin/sh
case "$1 $2" in
"plan submit")
	shift 2
	wait=1
	[ "$1" = --no-wait ] && { wait=0; shift; }
	[ -e "$LAB/fail-before" ] && { echo "Error: connection refused" >&2; exit 1; }
	name=$(sed -n 's/^name: "\(.*\)"$/\1/p' "$1")
	echo "$name" >>"$LAB/plans"
	[ -e "$LAB/fail-after" ] && { echo "Error: read timed out" >&2; exit 1; }
	[ $wait -eq 1 ] && exit 1	# a test of the plan failed
	exit 0 ;;
"plan list")
	[ -e "$LAB/down" ] && exit 1
	touch "$LAB/plans"
	jq -Rn '[inputs | {uid: "2x", name: .}]' "$LAB/plans" ;;
*) exit 2 ;;
esac
EOF2
chmod +x "$T/bin/tuxsuite"
export LAB=$T/lab PATH="$T/bin:$PATH"

# the watch.sh line of kp-pipelines(7), from its cron line
cmd=$(sed -n 's|^\*/10 \* \* \* \* cd lab && pipelines/watch.sh |watch.sh |p' "$top/man/man7/kp-pipelines.7" | sed 's/\\e/\\/g')
case $cmd in *"--no-wait"*"pipelines/tuxsuite-has.sh"*) ok 0 "kp-pipelines(7): the submit with --no-wait, the look with tuxsuite-has.sh" ;;
*) ok 1 "kp-pipelines(7): the submit with --no-wait, the look with tuxsuite-has.sh: $cmd" ;; esac
cmd=$(printf '%s' "$cmd" | sed "s|^watch.sh|sh $top/pipelines/watch.sh -o $T/plans -s $T/state|; s|pipelines/tuxsuite-has.sh|$top/pipelines/tuxsuite-has.sh|; s| watchlist\$| $T/watch|")

sed -n '/^A payload for two/,/^\.Ed/p' "$top/man/man1/kp-plan.1" | sed '1,3d;$d' |
    sed '/git_sha:/d' >"$T/a.yaml"
sed 's/^name: graviton-baseline/name: graviton-stress/; s/^instances: 5/instances: 2/' "$T/a.yaml" >"$T/b.yaml"
printf '%s v6.* %s\n%s v6.* %s\n' "$T/up.git" "$T/a.yaml" "$T/up.git" "$T/b.yaml" >"$T/watch"
w() { run_status sh -c "$cmd"; }
lab() { sort "$LAB/plans" | uniq -c | awk '{print $1, $2}' | paste -sd';'; }

w
is "$rc:$(cat "$T/err")" "0:" "first run: exit 0"
is "$(sed 's/-[0-9a-f]\{16\}$//' "$LAB/plans" | sort | paste -sd' ')" \
    "graviton-baseline-v6.18 graviton-stress-v6.18" "two payloads of one repository: a plan of each, named by the tag"
w
is "$rc:$(wc -l <"$LAB/plans")" "0:2" "second run: nothing queued again"

tag v6.19
touch "$LAB/fail-before"
w
is "$rc:$(wc -l <"$LAB/plans")" "2:2" "a submit refused: exit 2, nothing queued"
rm "$LAB/fail-before"
w
is "$rc:$(grep -c v6.19 "$LAB/plans")" "0:2" "next run: retried, each payload's plan queued"

tag v6.20
touch "$LAB/fail-after"
w
is "$rc:$(grep -c v6.20 "$LAB/plans")" "2:2" "accepted, but the client failed: exit 2"
rm "$LAB/fail-after"
w
is "$rc:$(grep -c v6.20 "$LAB/plans")" "0:2" "next run: the lab has them, none queued twice"
grep -q "the lab has graviton-baseline-v6.20-[0-9a-f]*already; recorded, not submitted again" "$T/err" 2>/dev/null ||
    grep -q "the lab has graviton-baseline-v6.20-[0-9a-f]* already; recorded, not submitted again" "$T/err"
ok $? "... saying so"
w
is "$rc:$(lab | tr ';' '\n' | grep -vc '^1 ')" "0:0" "no plan queued twice"

tag v6.21
touch "$LAB/down"
w
is "$rc:$(grep -c v6.21 "$LAB/plans")" "2:0" "the lab cannot be asked: exit 2, nothing submitted"
grep -q "could not look for graviton-baseline-v6.21-[0-9a-f]* at the lab (exit 2); tried again next run" "$T/err"
ok $? "... saying so"
rm "$LAB/down"
w
is "$rc:$(grep -c v6.21 "$LAB/plans")" "0:2" "next run: submitted"

# a state written before it named payloads: its tags are not queued again
tag v6.22
g rev-parse v6.22 >"$T/sha"
printf '%s v6.22 %s\n' "$T/up.git" "$(cat "$T/sha")" >>"$T/state"
w
is "$rc:$(grep -c v6.22 "$LAB/plans")" "0:0" "a tag in an old state line: not queued again"

# without --no-wait, the client waits and exits 1 when a test fails: the
# accepted plan would be submitted again on every run without the look
tag v6.23
run_status sh "$top/pipelines/watch.sh" -o "$T/plans" -s "$T/state" -x 'tuxsuite plan submit "$1"' "$T/watch"
run_status sh "$top/pipelines/watch.sh" -o "$T/plans" -s "$T/state" -x 'tuxsuite plan submit "$1"' "$T/watch"
is "$(grep -c v6.23 "$LAB/plans")" 4 "the old line, without --no-wait or the look: queued twice"
done_testing
