#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fanout.sh --transfer across real hosts: three sshd on loopback ports,
# each with its own host key, its own user with a 0700 home (so that
# nothing reaches a host but what is transferred) and its own kp tools.
# The records must equal a local run's byte for byte; a host killed in
# the middle of a job (its listener and its open connections) must cost
# a retry on another host, never a half-written file; an unreachable host
# must be reported, not waited on.  Needs root (to make the users) and
# Debian's openssh-server, openssh-client and rsync; skips without them.
. "$(dirname "$0")/lib.sh"

SSHD=/usr/sbin/sshd
why=
[ "$(id -u)" -eq 0 ] || why="not root: cannot create the test users"
for c in "$SSHD" ssh ssh-keygen rsync parallel useradd userdel; do
	[ -n "$why" ] || command -v "$c" >/dev/null || why="$c is not installed"
done
if [ -n "$why" ]; then
	skip "fan-out across ssh hosts" "$why"
	done_testing
	exit 0
fi

DATA=$FIX/work/log
RUNS="baseline target-2hogs"	# a baseline and a target: findings
# their labels only: a label that names no run given stops fanout.sh
LABELS=$T/labels
grep -E '^(baseline|target-2hogs)[[:space:]]' "$top/tests/data/mmtests-labels" >"$LABELS"
users=
killtree() {	# killtree PID: it and its descendants, by id
	for c in $(pgrep -P "$1"); do killtree "$c"; done
	kill -9 "$1" 2>/dev/null
}
cleanup() {
	for h in 1 2 3; do
		[ -s "$T/h$h/sshd.pid" ] && killtree "$(cat "$T/h$h/sshd.pid")"
	done
	for u in $users; do userdel "$u" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM
# the users must reach their homes under $T
chmod 711 "$T"

# the client's key and configuration: BatchMode, so that nothing prompts,
# and a short ConnectTimeout, so that a dead host fails a job soon
ssh-keygen -q -t ed25519 -N '' -f "$T/client"
: >"$T/known"
cat >"$T/ssh_config" <<EOF
IdentityFile $T/client
UserKnownHostsFile $T/known
StrictHostKeyChecking yes
BatchMode yes
ConnectTimeout 5
ServerAliveInterval 2
ServerAliveCountMax 2
EOF

# host H: user, home with the kp tools on its PATH, host key, sshd
mkdir -p /run/sshd
port=$((20000 + $$ % 20000))
for h in 1 2 3; do
	d=$T/h$h u=kpf$$h$h
	mkdir -p "$d/home/.ssh" "$d/home/bin"
	chmod 711 "$d"
	useradd -M -d "$d/home" -s /bin/sh "$u" && users="$users $u"
	usermod -p '*' "$u"	# no password, yet not a locked account
	cp "$KP_BIN/kp-parse-mmtests" "$KP_BIN/kp-identify" "$top/pipelines/fanout.sh" "$d/home/bin/"
	cp "$T/client.pub" "$d/home/.ssh/authorized_keys"
	echo "PATH=$d/home/bin:/usr/bin:/bin" >"$d/home/.ssh/environment"
	chown -R "$u:" "$d/home"
	chmod 700 "$d/home" "$d/home/.ssh"
	ssh-keygen -q -t ed25519 -N '' -f "$d/hostkey"
	for try in 1 2 3 4 5 6 7 8 9 10; do
		port=$((port + 1))
		cat >"$d/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $d/hostkey
PidFile $d/sshd.pid
AllowUsers $u
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitUserEnvironment yes
EOF
		rm -f "$d/sshd.pid"
		"$SSHD" -f "$d/sshd_config" -E "$d/sshd.log" || continue
		wait_file "$d/sshd.pid"
		grep -q "Server listening" "$d/sshd.log" && break
	done
	echo "[127.0.0.1]:$port $(cut -d' ' -f1-2 "$d/hostkey.pub")" >>"$T/known"
	printf 'Host h%s\n  HostName 127.0.0.1\n  Port %s\n  User %s\n' "$h" "$port" "$u" >>"$T/ssh_config"
done
PARALLEL_SSH="ssh -F $T/ssh_config"
export PARALLEL_SSH
ok "$(ssh -F "$T/ssh_config" h1 'echo "$HOME"' | grep -qx "$T/h1/home"; echo $?)" \
	"the test hosts answer, each as its own user"

# the reference: the same runs, locally, with relative paths as given
cd "$top" || exit 2
runs() { for r in $RUNS; do printf '%s\n' "tests/data/mmtests/work/log/$r"; done; }
fanout.sh -l "$LABELS" -o "$T/local" $(runs) >/dev/null 2>&1
ok $? "local fan-out: exit 0"
findings() {	# findings DIR: the nightly's findings from DIR's records
	kp-stats "$1"/*.ndjson | kp-compare | kp-classify | kp-systematic
}
findings "$T/local" >"$T/local.findings"

same_records() {	# same_records DIR: every run's records as the local run's
	for r in $RUNS; do
		cmp -s "$T/local/$r.ndjson" "$1/$r.ndjson" || return 1
	done
}
no_partial() {	# no_partial DIR: nothing but complete records and the job log
	[ -z "$(find "$1" -mindepth 1 ! -name '*.ndjson' ! -name fanout.joblog)" ]
}

# two healthy hosts
run_status fanout.sh --transfer -S 1/h1 -S 1/h2 -l "$LABELS" -o "$T/two" $(runs)
is "$rc" 0 "two hosts: exit 0"
same_records "$T/two"
ok $? "two hosts: each run's records byte-identical to the local run's"
findings "$T/two" | cmp -s - "$T/local.findings"
ok $? "two hosts: the findings byte-identical to the local run's"
is "$(awk 'NR > 1 { print $2 }' "$T/two/fanout.joblog" | sort -u | tr '\n' ' ')" "h1 h2 " \
	"two hosts: both did jobs"
no_partial "$T/two"
ok $? "two hosts: nothing else in OUT"
is "$(find "$T/h1/home" "$T/h2/home" -name '*.ndjson' | wc -l | tr -d ' ')" 0 \
	"two hosts: the hosts keep nothing (--cleanup)"

# host 3 in the middle of a job: its kp-parse-mmtests waits for $HOME/go
mv "$T/h3/home/bin/kp-parse-mmtests" "$T/h3/home/bin/kp-parse-mmtests.real"
printf '#!/bin/sh\ntouch "$HOME/busy"\nwhile [ ! -e "$HOME/go" ]; do sleep 0.1; done\nexec "$HOME/bin/kp-parse-mmtests.real" "$@"\n' \
	>"$T/h3/home/bin/kp-parse-mmtests"
chmod +x "$T/h3/home/bin/kp-parse-mmtests"
busy() {	# busy: wait until host 3 has a job
	i=0
	while [ ! -e "$T/h3/home/busy" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	[ -e "$T/h3/home/busy" ]
}
restart3() {	# restart3: host 3 up again, its jobs waiting
	rm -f "$T/h3/home/busy" "$T/h3/home/go" "$T/h3/sshd.pid"
	"$SSHD" -f "$T/h3/sshd_config" -E "$T/h3/sshd.log"
	wait_file "$T/h3/sshd.pid"
}

# 1. host 3 dies: the listener, every connection and every process of it
fanout.sh --transfer -S 1/h1 -S 1/h3 -l "$LABELS" -o "$T/kill" $(runs) >"$T/kill.out" 2>&1 &
fan=$!
busy
ok $? "host 3 got a job"
killtree "$(cat "$T/h3/sshd.pid")"
wait $fan
is "$?" 0 "host 3 killed mid-job: the batch still succeeds (the job retried on host 1)"
same_records "$T/kill"
ok $? "... every run's records byte-identical to the local run's"
no_partial "$T/kill"
ok $? "... and no half-written file in OUT"

# 2. host 3's network dies (its sshd and connections), its job runs on
# and cannot send its records back: parallel counts that a success
restart3
fanout.sh --transfer -S 1/h1 -S 1/h3 -l "$LABELS" -o "$T/net" $(runs) >"$T/net.out" 2>&1 &
fan=$!
busy
ok $? "host 3 got a job again"
p=$(cat "$T/h3/sshd.pid")
kill -9 $(pgrep -P "$p") "$p"
touch "$T/h3/home/go"
wait $fan
is "$?" 2 "host 3 cut off mid-job: exit 2"
grep -q "^fanout.sh: [a-z0-9-]*: no records came back; run again" "$T/net.out"
ok $? "... naming the run whose records did not come back"
no_partial "$T/net"
ok $? "... with no half-written file in OUT"
run_status fanout.sh --transfer -S 1/h1 -l "$LABELS" -o "$T/net" $(runs)
is "$rc" 0 "a rerun on the hosts left: exit 0"
same_records "$T/net"
ok $? "... every run's records byte-identical to the local run's"

# host 3 down: reported and given up on, not waited for
start=$(date +%s)
run_status fanout.sh --transfer --retries 1 -S 1/h3 -o "$T/dead" tests/data/mmtests/work/log/baseline
is "$rc" 2 "an unreachable host: exit 2"
ok "$([ $(($(date +%s) - start)) -lt 60 ]; echo $?)" "... within a minute"
grep -q "a run failed; see $T/dead/fanout.joblog" "$T/err"
ok $? "... naming the job log"
no_partial "$T/dead" && [ ! -e "$T/dead/baseline.ndjson" ]
ok $? "... with no records"

# a run that fails everywhere stops the batch after its retries
mkdir -p "$T/broken/iter-0"
run_status fanout.sh --transfer -S 1/h1 -S 1/h2 -o "$T/bad" tests/data/mmtests/work/log/baseline "$T/broken"
is "$rc" 2 "a run failing on every host: exit 2"
# (parallel logs and shows the last try only)
is "$(awk 'NR > 1 && $7 != 0 && /broken/' "$T/bad/fanout.joblog" | wc -l | tr -d ' ')" 1 \
	"... the job log shows it failed"
test -e "$T/bad/baseline.ndjson"
ok $? "... the other runs go on"
test ! -e "$T/bad/broken.ndjson"
ok $? "... and no records of it"

# names that are data: a run directory, OUT and the labels with quotes,
# $(...) and backquotes go through fanout.sh's eval and parallel's
# remote command quoted, and run nothing here or on the host
h="x'y\$(touch\${IFS}PWNED1)\`touch\${IFS}PWNED2\`"	# no blank: a label's name has none
mkdir -p "$T/hr/$h"
cp -r tests/data/mmtests/work/log/baseline/. "$T/hr/$h/"
printf '%s kernel=v1\n' "$h" >"$T/hr/labels'$h"
run_status fanout.sh --transfer -S 1/h1 -l "$T/hr/labels'$h" -o "$T/hr/out'$h" "$T/hr/$h"
is "$rc:$({ find "$T" -name 'PWNED[12]'; find . -maxdepth 1 -name 'PWNED[12]'; } | wc -l | tr -d ' ')" "0:0" \
	"--transfer: a run, OUT and labels named with quotes, \$(...) and backquotes: exit 0, nothing run"
is "$(jq -r 'select(.type == "run") | .kernel' "$T/hr/out'$h/$h.ndjson")" v1 "... the run's records back, labelled"

# a label that names its run by run id (NAME@HOST:START) reaches the host
# too, as on this machine
printf 'baseline@vm:1795998998\tkernel=vid\n' >"$T/idlabels"
run_status fanout.sh --transfer -S 1/h1 -l "$T/idlabels" -o "$T/id" tests/data/mmtests/work/log/baseline
is "$rc:$(jq -r 'select(.type == "run") | .kernel' "$T/id/baseline.ndjson" | sort -u)" "0:vid" \
	"--transfer: a label by run id labels its run"
done_testing
