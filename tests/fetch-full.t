#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-fetch on a full disk: the store is a small tmpfs (as root), or, where
# nothing can be mounted, a file size limit (RLIMIT_FSIZE, SIGXFSZ ignored,
# so writes fail with EFBIG).  Whatever reached the index must also be on
# stdout, the message must say so, and --verify must find no stray file.
. "$(dirname "$0")/lib.sh"

LOG=$FIX/work/log
mnt=
trap '[ -n "$mnt" ] && umount "$mnt"; rm -rf "$T"' EXIT

# a source with a file too large for what is left
mkdir "$T/src"
cp -R "$LOG/baseline" "$T/src/"
head -c 300000 /dev/urandom >"$T/src/baseline/zz-big.bin"

mkdir "$T/full"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=400k kp-test "$T/full" 2>/dev/null; then
	mnt=$T/full
	how="a 400 KiB tmpfs"
	run_status kp-fetch -s "$T/full/store" "$T/src"
else
	how="RLIMIT_FSIZE of 256 KiB"
	run_status sh -c "trap '' XFSZ; ulimit -f 512; exec kp-fetch -s '$T/full/store' '$T/src'"
fi
echo "# the store is on $how"
is "$rc" 2 "a full disk: exit 2"
ok "$(grep -q 'No space left on device\|File too large' "$T/err"; echo $?)" "the message names the cause"
ok "$(grep -q 'the object being written was removed' "$T/err"; echo $?)" "and says the object being written was removed"
jq -r '.path + " " + .sha256' "$T/full/store/index.ndjson" | sort >"$T/index"
jq -r '.path + " " + .sha256' "$T/out" | sort >"$T/stdout"
ok "$(test -s "$T/index" && cmp -s "$T/index" "$T/stdout"; echo $?)" \
	"every record in the index is on stdout ($(wc -l <"$T/index") records)"
ok "$(grep -q "the $(wc -l <"$T/index") records in the store's index from this run are all on the standard output" \
	"$T/err"; echo $?)" "and the message says so"
is "$(ls "$T/full/store/tmp" | wc -l)" 0 "no temporary file is left"
run_status kp-fetch --verify -s "$T/full/store"
is "$rc" 0 "--verify afterwards: clean"
ok "$(grep -q ' 0 problems, 0 stray temporary files' "$T/err"; echo $?)" "no problem, no stray file"

# stdout on a full disk, the store fine: the message counts what stdout lost
if [ -w /dev/full ]; then
	kp-fetch -s "$T/store2" "$T/src" >/dev/full 2>"$T/err"
	rc=$?
	n=$(wc -l <"$T/store2/index.ndjson")
	is "$rc" 2 "stdout on a full disk: exit 2"
	ok "$(grep -q "$n of $n records in the store's index did not reach the standard output" "$T/err"; echo $?)" \
		"the message counts the records stdout did not take"
else
	skip "stdout on a full disk" "no /dev/full"
	skip "the message counts the records" "no /dev/full"
fi

done_testing
