# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh: TAP helpers for the shell tests; source it first.
# Tools are taken from $KP_BIN (set by `make check`), else build/bin.
top=$(cd "$(dirname "$0")/.." && pwd)
KP_BIN=${KP_BIN:-$top/build/bin}
PATH=$KP_BIN:$top/pipelines:$PATH
export PATH KP_BIN
FIX=${KP_FIXTURES:-$top/tests/data/mmtests}
PY=/usr/bin/python3	# Debian's, which has numpy and scipy
T=$(mktemp -d "${TMPDIR:-/tmp}/kp-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
tap_n=0
tap_failed=0

ok() {	# ok STATUS NAME: pass when STATUS is 0
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

is() {	# is GOT WANT NAME
	tap_n=$((tap_n + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $tap_n - $3"
	else
		echo "not ok $tap_n - $3"
		printf '#   got:      %s\n#   expected: %s\n' "$1" "$2"
		tap_failed=$((tap_failed + 1))
	fi
}

# wait_file FILE [PID]: wait until FILE is not empty (a server's port, a
# daemon's pid file, the first output of a job) while PID, if given,
# lives; at most a minute, as a loaded machine (CI runs the suite again
# under ASan on two cores) can take seconds to start a server.  Status 1
# if it did not come.
wait_file() {
	_wi=0
	while [ ! -s "$1" ] && [ $_wi -lt 600 ]; do
		[ -z "${2:-}" ] || kill -0 "$2" 2>/dev/null || break
		sleep 0.1
		_wi=$((_wi + 1))
	done
	[ -s "$1" ]
}

# run_status CMD...: run CMD with stdout to $T/out, stderr to $T/err;
# sets $rc to its exit status
run_status() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
}

skip() {	# skip NAME REASON
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # skip $1: $2"
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}
