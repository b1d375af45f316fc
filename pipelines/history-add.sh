#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# history-add.sh: add each kernel of a night's statistics to a history
# directory, one file per kernel, once.  See kp-pipelines(7).
#
#   history-add.sh STATS DIR
#
# A kernel whose file exists is left as it is: the history is append-only,
# so running a night again changes nothing.  Every new file is written
# beside its place first and linked into place only when all of them are
# complete; ln refuses to replace a file, so two nights adding the same
# kernel at once keep the first.
prog=history-add.sh
. "$(dirname "$(readlink -f "$0")")/vis.sh"
[ $# -eq 2 ] || { echo "usage: $prog STATS DIR" >&2; exit 2; }
stats=$1 dir=$2
# paths that start with - are paths, not options of jq and mkdir
case $stats in -*) stats=./$stats ;; esac
case $dir in -*) dir=./$dir ;; esac
[ -r "$stats" ] || { kp_say "$prog: $stats: cannot read"; exit 2; }
mkdir -p "$dir" || exit 2
tmp=$(mktemp -d "$dir/.add.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM HUP
# One jq pass, a line out per line in: "g" or "-" (a group statistic or
# another record) and the line's kernel as JSON text (null without one).
# JSON text keeps a label holding a blank or a newline on one line; one
# with a control character cannot name a file.  The lines themselves are
# copied as kp-stats wrote them, by awk, so 25 kernels cost one reading of
# the statistics and not one each.
jq -r 'if .type == "stat" and .scope == "group" then
		if .kernel | type == "string" and (explode | any(. < 32 or . == 127)) then
			error("kernel \(.kernel | tojson) holds a control character; it cannot name a file")
		else "g\t\(.kernel | tojson)" end
	else "-\t\(.kernel | tojson)" end' "$stats" >"$tmp/tags" 2>"$tmp/err" || {
	if grep -q 'control character' "$tmp/err"; then
		kp_say "$prog: $stats: $(sed -n 's/^jq: error ([^)]*): //p' "$tmp/err" | head -n 1)"
	else
		kp_say "$prog: $stats: not NDJSON statistics"
	fi
	exit 2
}
# a record spread over lines, or two on one, would pair lines with the
# wrong kernels
[ "$(wc -l <"$tmp/tags")" -eq "$(grep -c "" "$stats")" ] || {
	kp_say "$prog: $stats: not NDJSON statistics (expected one record a line)"
	exit 2
}
sed -n 's/^g\t//p' "$tmp/tags" | sort -u >"$tmp/sorted" || exit 2
: >"$tmp/new"
while IFS= read -r q; do
	# a string, as JSON text: the quotes go; an escape stays and is refused
	case $q in
	\"*\") k=${q#\"} k=${k%\"} ;;
	*) k=$q ;;
	esac
	# the file's name is read by make and shells (nightly.mk's kp-trend):
	# a backquote, $ or quote in it could run a command
	case $k in
	*[!A-Za-z0-9._@:+\ -]*|[-.]*|'')
		kp_say "$prog: $stats: kernel $q cannot name a file: expected letters, digits, blanks and . _ @ : + -, not first - or ."
		exit 2 ;;
	esac
	[ -e "$dir/$k.ndjson" ] && continue
	: >"$tmp/$k.ndjson"
	printf '%s\n' "$k" >>"$tmp/new"
done <"$tmp/sorted"
# every line of a new kernel (its group and instance statistics, its run
# records) to that kernel's file, byte for byte
if [ -s "$tmp/new" ]; then
	paste "$tmp/tags" "$stats" | awk -F '\t' -v tmp="$tmp" '
		NR == FNR { want["\"" $0 "\""] = 1; next }
		$2 in want {
			f = tmp "/" substr($2, 2, length($2) - 2) ".ndjson"
			print substr($0, length($1) + length($2) + 3) >f
		}' "$tmp/new" - || exit 2
fi
while IFS= read -r k; do
	ln "$tmp/$k.ndjson" "$dir/$k.ndjson" 2>/dev/null ||
		kp_say "$prog: $k is in $dir already, kept as it was"
done <"$tmp/new"
