#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-fetch's bounds on one source, against a hostile loopback server
# (tests/squad/hostile.py): a cursor that never repeats stops at -P or -M,
# a server sending a byte every 0.25 s at -T, a page over -m names -m; an
# archive whose members expand past -M is refused whole.  Every fetch runs
# under timeout(1), so a bound that does not hold fails the test instead
# of hanging it.
. "$(dirname "$0")/lib.sh"
sq=$top/tests/squad
spids=
trap 'for p in $spids; do kill $p 2>/dev/null; done; rm -rf "$T"' EXIT
mkdir -p "$T/a"
$PY "$sq/hostile.py" "$T/a" 2>"$T/a/stderr" &
spids=$!
wait_file "$T/a/port" $!
src=squad+http://127.0.0.1:$(cat "$T/a/port")/g/p/
fetch() {	# fetch WORD OPTION...: the project with the server broken so
	echo "$1" >"$T/a/faults"
	shift
	rm -rf "$T/s"
	t0=$(date +%s)
	run_status timeout 60 kp-fetch -s "$T/s" "$@" "$src"
	secs=$(($(date +%s) - t0))
}

fetch endless -P 50
is "$rc:$(wc -l <"$T/out")" "2:0" "a cursor that never repeats, -P 50: exit 2, nothing stored"
grep -q "more than 50 pages from this source (-P); the rest of it is not fetched" "$T/err"
ok $? "... naming -P"
is "$(grep -c '^/api/builds/' "$T/a/log")" 49 "... after 49 pages of the listing (the project took one)"
: >"$T/a/log"
fetch endless -M 20K
is "$rc:$(wc -l <"$T/out")" "2:0" "the same, -M 20K: exit 2, nothing stored"
grep -q "more than 20480 bytes from this source (-M); the rest of it is not fetched" "$T/err"
ok $? "... naming -M"
n=$(grep -c '^/api/builds/' "$T/a/log")
ok "$(test "$n" -ge 15 && test "$n" -le 21; echo $?)" "... after about 20 pages of 1 KB ($n)"

# -t 5, not 1: on a loaded machine (CI runs the suite under ASan on two
# cores) the server's 0.25 s between bytes once stretched past a second,
# and -t named the stall before -T was reached.  "In time" is 15 s, not
# the 2 s of -T, for the same machine: the drip lasts 100 s without -T
fetch drip -T 2 -t 5
is "$rc:$(wc -l <"$T/out")" "2:0" "a byte every 0.25 s never trips -t 5; -T 2: exit 2"
grep -q "the source took more than 2 s (-T); the rest of it is not fetched" "$T/err"
ok $? "... naming -T"
ok "$(test "$secs" -le 15; echo $?)" "... and stops in time (${secs} s)"

fetch none -m 100
is "$rc" 2 "a listing page over -m 100: exit 2"
grep -q "larger than 100 bytes (-m), not fetched" "$T/err"
ok $? "... naming -m"

fetch none
is "$rc:$(cat "$T/err")" "0:" "with the default bounds the server's project is fetched"

# archives: the members together, beside each member's -m
mkdir -p "$T/tar/run"
for f in a b c; do head -c 1048576 /dev/zero >"$T/tar/run/$f"; done
tar -C "$T/tar" -cJf "$T/run.tar.xz" run
is "$(($(stat -c %s "$T/run.tar.xz") < 4096))" 1 "three members of 1M zeros make a small .tar.xz"
run_status kp-fetch -s "$T/t" -M 2M "$T/run.tar.xz"
is "$rc:$(wc -l <"$T/out")" "2:0" ".tar.xz expanding past -M 2M: exit 2, refused whole"
is "$(cat "$T/err")" "kp-fetch: $T/run.tar.xz: its members expand to more than 2097152 bytes (-M); refused" \
	"... naming the limit"
is "$(find "$T/t/objects" -type f | wc -l)" 0 "... nothing in the store"
run_status kp-fetch -s "$T/t" -M 3M "$T/run.tar.xz"
is "$rc:$(wc -l <"$T/out")" "0:3" "-M 3M: all three members"
run_status kp-fetch -s "$T/t" -M 3M "$T/run.tar.xz" "$T/run.tar.xz"
is "$rc" 0 "... and each source has its own -M"

# a directory: the bytes of the files read from it
mkdir -p "$T/dir"
for f in a b c; do head -c 1048576 /dev/zero | tr '\0' "$f" >"$T/dir/$f"; done
touch -d 2020-01-01 "$T/dir"/*	# older than a second: a rerun trusts mtime
run_status kp-fetch -s "$T/d" -M 2M "$T/dir"
is "$rc:$(jq -r .path "$T/out" | tr '\n' ' ')" "2:a b " "a directory past -M 2M: exit 2, the files before it stored"
is "$(cat "$T/err")" "kp-fetch: $T/dir: more than 2097152 bytes from this source (-M); the rest of it is not fetched" \
	"... naming the limit, once"
run_status kp-fetch -s "$T/d" -M 1M "$T/dir"
is "$rc:$(jq -r .status "$T/out" | tr '\n' ' ')" "0:present present new " \
	"... a rerun with -M 1M: the files stored and unchanged are not read, c fits"
done_testing
