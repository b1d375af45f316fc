#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# README.md's gate commands on the bundled files end with the lines it shows
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
unset KP_GATE_THRESHOLD

# "    $ pipelines/gate.sh ARGS" then the line it ends with
awk '/^    \$ pipelines\/gate\.sh / { cmd = substr($0, 7); getline; print cmd "\t" substr($0, 5) }' \
    README.md >"$T/cmds"
n=$(wc -l <"$T/cmds")
[ "$n" -ge 4 ]
ok $? "README.md shows $n gate commands on the bundled files"
while IFS="$(printf '\t')" read -r cmd want; do
	# shellcheck disable=SC2086
	sh $cmd >"$T/out" 2>/dev/null
	is "$(tail -n 1 "$T/out")" "$want" "README: $cmd"
done <"$T/cmds"
done_testing
