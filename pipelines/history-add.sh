#!/bin/sh
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
[ -r "$stats" ] || { echo "$prog: $stats: cannot read" >&2; exit 2; }
mkdir -p "$dir" || exit 2
tmp=$(mktemp -d "$dir/.add.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM HUP
jq -r 'select(.type == "stat" and .scope == "group") | .kernel' "$stats" >"$tmp/kernels" ||
	{ echo "$prog: $stats: not NDJSON statistics" >&2; exit 2; }
kernels=$(sort -u "$tmp/kernels")
rm -f "$tmp/kernels"
new=
for k in $kernels; do
	case $k in
	*/*|.*|'') echo "$prog: kernel \"$k\" cannot name a file" >&2; exit 2 ;;
	esac
	[ -e "$dir/$k.ndjson" ] && continue
	jq -c --arg k "$k" 'select(.kernel == $k)' "$stats" >"$tmp/$k.ndjson" || exit 2
	new="$new $k"
done
for k in $new; do
	ln "$tmp/$k.ndjson" "$dir/$k.ndjson" 2>/dev/null ||
		echo "$prog: $k is in $dir already, kept as it was" >&2
done
