#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# pipelines/watch.sh against a local git repository that gets tags: a
# plan per new matching tag, for the tag's commit (peeled when annotated),
# submitted once; nothing again on a second run; a failed submit retried;
# the state replaced whole; a second run at once does nothing.
. "$(dirname "$0")/lib.sh"
git init -q --bare "$T/up.git"
git clone -q "$T/up.git" "$T/w" 2>/dev/null
g() { git -C "$T/w" -c user.name=kp -c user.email=kp@example.org "$@"; }
tag() {	# tag NAME [annotated]: a new commit, tagged, pushed
	g commit -q --allow-empty -m "$1"
	if [ -n "${2:-}" ]; then g tag -a -m "$1" "$1"; else g tag "$1"; fi
	g push -q origin HEAD --tags 2>/dev/null
}
sha() { g rev-parse "$1^{commit}"; }
tag v6.17
tag v6.18-rc1
tag v6.18 annotated

sed -n '/^A payload for two/,/^\.Ed/p' "$top/man/man1/kp-plan.1" | sed '1,3d;$d' |
    sed '/git_sha:/d' >"$T/payload.yaml"
printf '# repository pattern payload\n%s v6.[0-9][0-9] %s\n' "$T/up.git" "$T/payload.yaml" >"$T/watch"
# the submit command: log what it was given
cat >"$T/submit" <<'EOF2'
#!/bin/sh
echo "$KP_TAG $KP_SHA $KP_PLAN" >>"$SUBMITLOG"
[ ! -e "$SUBMITFAIL" ]
EOF2
chmod +x "$T/submit"
export SUBMITLOG=$T/log SUBMITFAIL=$T/fail
w() { run_status sh "$top/pipelines/watch.sh" -o "$T/plans" -s "$T/state" -x "$T/submit" "$T/watch"; }

w
is "$rc:$(cat "$T/err")" "0:" "first run: exit 0"
is "$(cut -d' ' -f1,2 "$T/log" | tr '\n' ' ')" "v6.17 $(sha v6.17) v6.18 $(sha v6.18) " \
    "a plan submitted for each matching tag, the commit of an annotated one peeled; v6.18-rc1 not matched"
plan=$(sed -n 2p "$T/log" | cut -d' ' -f3)
is "$(grep -c "git_sha: \"$(sha v6.18)\"" "$plan")" 1 "the plan builds the tag's commit"
w
is "$rc:$(wc -l <"$T/log")" "0:2" "second run: nothing new, nothing submitted"
tag v6.19
touch "$T/fail"
w
is "$rc:$(wc -l <"$T/log")" "2:3" "a new tag whose submit fails: exit 2"
grep -q "v6.19: the submit command failed; tried again next run" "$T/err"
ok $? "... named"
rm "$T/fail"
w
is "$rc:$(tail -n 1 "$T/log" | cut -d' ' -f1)" "0:v6.19" "next run: submitted again"
w
is "$(wc -l <"$T/log"):$(wc -l <"$T/state")" "4:3" "and then recorded: not again"
is "$(ls -A "$T" | grep -c 'state\.tmp')" 0 "no temporary state left"
# a run while another holds the lock does nothing.  The holder says when
# it has the lock and keeps it until told: sleeps to order the two were
# too short on a loaded machine.  timeout(1): a run that waited for the
# lock would wait for ever.
tag v6.20
(flock 9; echo >"$T/locked"; while [ ! -e "$T/unlock" ]; do sleep 0.1; done) 9>>"$T/state.lock" &
wait_file "$T/locked" $! || echo "# the lock holder did not start"
run_status timeout 60 sh "$top/pipelines/watch.sh" -o "$T/plans" -s "$T/state" -x "$T/submit" "$T/watch"
: >"$T/unlock"
is "$rc:$(wc -l <"$T/log")" "0:4" "while another run holds the lock: nothing, exit 0"
wait
# -i: take the tags there are as seen, submit nothing
rm -f "$T/state"
run_status sh "$top/pipelines/watch.sh" -i -s "$T/state" "$T/watch"
is "$rc:$(wc -l <"$T/state"):$(wc -l <"$T/log")" "0:4:4" "-i records the 4 tags, submits nothing"
printf 'only-two-words x\n' >"$T/bad"
run_status sh "$top/pipelines/watch.sh" -s "$T/state" -x true "$T/bad"
is "$rc:$(cat "$T/err")" "2:watch.sh: $T/bad:1: expected REPOSITORY PATTERN PAYLOAD" "a bad watch list line"
printf '%s v* %s\n' "$T/nosuch.git" "$T/payload.yaml" >"$T/bad"
run_status sh "$top/pipelines/watch.sh" -s "$T/state" -x true "$T/bad"
is "$rc" 2 "a repository that cannot be read: exit 2"
# a watch list whose last line has no newline: that line is watched too
rm -f "$T/state"
printf '# repository pattern payload\n%s v6.[0-9][0-9] %s' "$T/up.git" "$T/payload.yaml" >"$T/nonl"
run_status sh "$top/pipelines/watch.sh" -i -s "$T/state" "$T/nonl"
is "$rc:$(wc -l <"$T/state")" "0:4" "a last line without its newline is read"
done_testing
