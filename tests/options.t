#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What every tool's options share (kp(7)): --help prints the synopsis of
# the man page on the standard output and exits 0, a bad option prints
# the same on the standard error and exits 2, --version prints the name
# and the VERSION of config.mk.
. "$(dirname "$0")/lib.sh"
version=$(sed -n 's/^VERSION = //p' "$top/config.mk")
for t in kp-ab kp-stats kp-compare kp-classify kp-systematic kp-evidence kp-hist \
    kp-parse-mmtests kp-parse-results kp-parse-bpftrace kp-plan kp-parse-squad kp-parse-lkft \
    kp-identify kp-fetch kp-render kp-trend kp-triage kp-bisect; do
	run_status $t --help
	help=$(cat "$T/out")
	is "$rc.$(head -c 7 "$T/out")" "0.usage: " "$t --help: the synopsis, exit 0"
	# the SYNOPSIS of the man page, as mandoc prints it, white space aside
	man=$(mandoc -Tascii "$top/man/man1/$t.1" | col -b |
	    sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | sed '1d;$d' | tr -d ' \t\n')
	is "$(echo "$help" | sed 's/^usage: //' | tr -d ' \t\n')" "$man" "... as $t(1) has it"
	run_status $t --no-such-option
	is "$rc.$(tail -n "$(printf '%s\n' "$help" | wc -l)" "$T/err")" "2.$help" "$t: a bad option gives the synopsis, exit 2"
	run_status $t --version
	is "$rc.$(cat "$T/out")" "0.$t $version" "$t --version"
done
done_testing
