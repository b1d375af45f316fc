#!/bin/sh
# fanout.sh: parse and identify many MMTests run directories at once with
# GNU parallel, on this machine or spread over hosts; see kp-pipelines(7).
#
# Each run gives OUT/RUN.ndjson, written to a temporary name and renamed,
# so a file that exists is complete.  The first failing run stops the rest
# (--halt now,fail=1); the job log says which.  With --sshlogin or --slf the
# jobs run on other hosts: this script, the kp tools, the run directories
# and OUT must then have the same paths there (a shared file system).
set -u
prog=fanout.sh

usage() {
	echo "usage: $prog [-j N] [-l LABELS] [--sshlogin LOGIN]... [--slf FILE] -o OUT RUNDIR ..." >&2
	exit 2
}

# one job: fanout.sh --one OUT LABELS ID RUNDIR
if [ "${1:-}" = --one ]; then
	[ $# -eq 5 ] || usage
	out=$2 labels=$3 id=$4 dir=${5%/}
	name=${dir##*/}
	tmp=$out/.$name.$id.$$
	rc=0
	# --halt kills the jobs still running: they leave nothing behind
	trap 'rm -f "$tmp.labels" "$tmp.parsed" "$tmp.ndjson"' EXIT
	trap 'exit 2' HUP INT TERM
	if [ -n "$labels" ]; then
		# only this run's lines (by name or run id), so it does not
		# warn about the others; labels-check.sh has seen every line
		awk -v r="$name" '{ n = $1; sub(/@.*/, "", n) } n == r' "$labels" >"$tmp.labels" || rc=2
		set -- -l "$tmp.labels"
	else
		set --
	fi
	[ $rc -eq 0 ] && { kp-parse-mmtests "$@" "$dir" >"$tmp.parsed" || rc=$?; }
	[ $rc -eq 0 ] && { kp-identify "$tmp.parsed" >"$tmp.ndjson" || rc=$?; }
	[ $rc -eq 0 ] && { mv "$tmp.ndjson" "$out/$name.ndjson" || rc=2; }
	exit $rc
fi

jobs= labels= out=
remote=
while [ $# -gt 0 ]; do
	case $1 in
	-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	-l) [ $# -ge 2 ] || usage; labels=$2; shift 2 ;;
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	-S|--sshlogin) [ $# -ge 2 ] || usage
		remote="$remote --sshlogin $(printf '%s' "$2" | sed "s/'/'\\\\''/g; s/^/'/; s/\$/'/")"
		shift 2 ;;
	--slf|--sshloginfile) [ $# -ge 2 ] || usage
		remote="$remote --slf $(printf '%s' "$2" | sed "s/'/'\\\\''/g; s/^/'/; s/\$/'/")"
		shift 2 ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ -n "$out" ] && [ $# -gt 0 ] || usage
case $jobs in
''|*[!0-9]*) [ -z "$jobs" ] || { echo "$prog: -j $jobs: expected a number of jobs" >&2; exit 2; } ;;
esac
command -v parallel >/dev/null || { echo "$prog: GNU parallel is not installed" >&2; exit 2; }
for d; do
	[ -d "$d" ] || { echo "$prog: $d: not a directory" >&2; exit 2; }
done
if [ -n "$labels" ]; then
	[ -r "$labels" ] || { echo "$prog: $labels: cannot read" >&2; exit 2; }
	labels=$(cd "$(dirname "$labels")" && pwd)/$(basename "$labels")
	# a label that names no run stops here, before any job
	names=
	for d; do
		d=${d%/}
		names="$names ${d##*/}"
	done
	sh "$(dirname "$0")/labels-check.sh" "$labels" $names || exit 2
fi
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

# Remote jobs need absolute paths (local ones keep the paths as given, so
# src fields match other pipelines); parallel -q quotes each argument.  When
# this runs under make -j, give -j 1 here (or cap make): the two do not
# share a job server.
abs() { for d; do (cd "$d" && pwd); done; }
{ if [ -n "$remote" ]; then abs "$@"; else printf '%s\n' "$@"; fi; } | eval parallel -q --will-cite --joblog "'$out/fanout.joblog'" \
	--halt now,fail=1 ${jobs:+-j "$jobs"} $remote \
	"'$self'" --one "'$out'" "'$labels'" "'$$'" '{}'
rc=$?
# A job that --halt had to kill outright could not remove its temporary
# files; every job has ended now, so remove what this fanout left.
rm -f "$out"/.*."$$".*
[ $rc -eq 0 ] || { echo "$prog: a run failed; see $out/fanout.joblog" >&2; exit 2; }
