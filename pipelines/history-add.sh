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
[ $# -eq 2 ] || { echo "usage: $prog STATS DIR" >&2; exit 2; }
stats=$1 dir=$2
# paths that start with - are paths, not options of jq and mkdir
case $stats in -*) stats=./$stats ;; esac
case $dir in -*) dir=./$dir ;; esac
[ -r "$stats" ] || { echo "$prog: $stats: cannot read" >&2; exit 2; }
mkdir -p "$dir" || exit 2
tmp=$(mktemp -d "$dir/.add.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM HUP
# one kernel a line, read a line at a time: a label may hold a blank
# ("v6.11-rc4-my build"), and one with a control character cannot be
# held on one line or name a file
jq -r 'select(.type == "stat" and .scope == "group") | .kernel |
	if explode | any(. < 32 or . == 127) then
		error("kernel \(tojson) holds a control character; it cannot name a file")
	else . end' "$stats" >"$tmp/kernels" 2>"$tmp/err" || {
	if grep -q 'control character' "$tmp/err"; then
		printf '%s: %s: %s\n' "$prog" "$stats" \
		    "$(sed -n 's/^jq: error ([^)]*): //p' "$tmp/err" | head -n 1)" >&2
	else
		echo "$prog: $stats: not NDJSON statistics" >&2
	fi
	exit 2
}
sort -u "$tmp/kernels" >"$tmp/sorted" || exit 2
: >"$tmp/new"
while IFS= read -r k; do
	# the file's name is read by make and shells (nightly.mk's kp-trend):
	# a backquote, $ or quote in it could run a command
	case $k in
	*[!A-Za-z0-9._@:+\ -]*|[-.]*|'')
		echo "$prog: $stats: kernel \"$k\" cannot name a file: expected letters, digits, blanks and . _ @ : + -, not first - or ." >&2
		exit 2 ;;
	esac
	[ -e "$dir/$k.ndjson" ] && continue
	jq -c --arg k "$k" 'select(.kernel == $k)' "$stats" >"$tmp/$k.ndjson" || exit 2
	printf '%s\n' "$k" >>"$tmp/new"
done <"$tmp/sorted"
while IFS= read -r k; do
	ln "$tmp/$k.ndjson" "$dir/$k.ndjson" 2>/dev/null ||
		echo "$prog: $k is in $dir already, kept as it was" >&2
done <"$tmp/new"
