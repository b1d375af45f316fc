#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tuxsuite-has.sh NAME: whether the TuxSuite project of the client's
# configuration has a plan named NAME among its latest 100 (tuxsuite
# plan list --json): exit 0 it has, 1 it has not, 2 it could not say.
# watch.sh's look command (-l): a submit that the lab accepted but whose
# client reported a failure is then not queued a second time; the plan
# is looked for within minutes of its submit, well within the latest 100.
[ $# -eq 1 ] || { echo "usage: tuxsuite-has.sh name" >&2; exit 2; }
list=$(tuxsuite plan list --json --limit 100) || {
	echo "tuxsuite-has.sh: tuxsuite plan list failed" >&2
	exit 2
}
# any object named NAME, however the listing nests its plans
printf '%s\n' "$list" | jq -e --arg n "$1" '[.. | objects | select(.name? == $n)] | length > 0' >/dev/null
case $? in
0) exit 0 ;;
1) exit 1 ;;
*) echo "tuxsuite-has.sh: tuxsuite plan list: not JSON" >&2; exit 2 ;;
esac
