#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What every tool's options share (kp(7)): --help prints the synopsis of
# the man page, then a blank line and a line for each option, on the
# standard output and exits 0; a bad option is named after the tool's
# name, then the synopsis on the standard error, exit 2; --version prints
# the name and the VERSION of config.mk.
. "$(dirname "$0")/lib.sh"
version=$(sed -n 's/^VERSION = //p' "$top/config.mk")
# gate.sh under the name make install gives it, that of its page
mkdir "$T/bin" && ln -s "$top/pipelines/gate.sh" "$T/bin/kp-gate"
PATH=$T/bin:$PATH
for t in kp-ab kp-stats kp-compare kp-classify kp-systematic kp-evidence kp-hist \
    kp-parse-mmtests kp-parse-results kp-parse-bpftrace kp-plan kp-parse-squad kp-parse-lkft \
    kp-identify kp-fetch kp-render kp-trend kp-triage kp-bisect kp-bisect-record kp-gate; do
	run_status $t --help
	# the synopsis: the lines before the first blank one
	help=$(sed '/^$/q' "$T/out" | sed '/^$/d')
	is "$rc.$(head -c 7 "$T/out")" "0.usage: " "$t --help: the synopsis, exit 0"
	# the SYNOPSIS of the man page, as mandoc prints it, white space aside
	man=$(mandoc -Tascii "$top/man/man1/$t.1" | col -b |
	    sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | sed '1d;$d' | tr -d ' \t\n')
	is "$(echo "$help" | sed 's/^usage: //' | tr -d ' \t\n')" "$man" "... as $t(1) has it"
	# every option the SYNOPSIS shows (its Fl macros: "Fl ks" is -k and
	# -s, "Fl -meta" is --meta) has its line in --help, after the synopsis
	opts=$(sed -n '/^\.Sh SYNOPSIS/,/^\.Sh DESCRIPTION/p' "$top/man/man1/$t.1" |
	    grep -o 'Fl [^ ]*' | sed 's/^Fl //' |
	    sed -e '/^-/{s/^/-/;b' -e '}' -e 's/./-&\n/g' | sed '/^$/d' | sort -u)
	missing=
	for o in $opts; do
		sed '1,/^$/d' "$T/out" | grep -q -e "^  $o\( \|,\|\$\)" || missing="$missing $o"
	done
	is "${opts:+x}$missing" "x" "$t --help: a line for each option of the SYNOPSIS"
	run_status $t --no-such-option
	is "$rc.$(head -n 1 "$T/err")" "2.$t: unknown option --no-such-option" \
	    "$t: a bad option is named, after the tool's name, exit 2"
	is "$(tail -n "$(printf '%s\n' "$help" | wc -l)" "$T/err")" "$help" \
	    "... then the synopsis"
	run_status $t --version
	is "$rc.$(cat "$T/out")" "0.$t $version" "$t --version"
done
# the other refusals getopt_long makes, each named the same way
for c in 'kp-stats -w|option -w needs an argument' \
    'kp-render --fail-on|option --fail-on needs an argument class|severity|missing' \
    'kp-render -f text --full=1|option --full takes no argument' \
    'kp-fetch -vZ|unknown option -Z' \
    'kp-parse-mmtests --meta=a=b -zk|unknown option -z' \
    'kp-bisect -x|option -x needs an argument' \
    'kp-bisect -k v1 --nosuch=1|unknown option --nosuch' \
    'kp-gate --threshold|option --threshold needs an argument' \
    'kp-gate a b --nosuch=1|unknown option --nosuch'; do
	set -- ${c%%|*}
	run_status "$@"
	is "$rc.$(head -n 1 "$T/err")" "2.$1: ${c#*|}" "${c%%|*}"
done
done_testing
