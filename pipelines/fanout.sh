#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fanout.sh: parse and identify many MMTests run directories at once with
# GNU parallel, on this machine or spread over hosts; see kp-pipelines(7).
#
# Each run gives OUT/RUN.ndjson, written to a temporary name and renamed,
# so a file that exists is complete.  On this machine the first failing
# run stops the rest (--halt now,fail=1); the job log says which.  With
# --sshlogin or --slf the jobs run on other hosts: this script, the kp tools, the run directories
# and OUT must then have the same paths there (a shared file system), or
# with --transfer each run directory is copied to the host and its records
# copied back (this script and the kp tools on the host's PATH).  Across
# hosts a job that fails is tried again on another host (--retries, 2 by
# default) and the others go on: GNU parallel's --halt would stop the batch
# at the first failed try, before any retry, so retries win.  A run whose
# records are missing at the end (a host that died before sending them
# back) fails the batch like a failed run.
set -u
prog=fanout.sh

# the kp tools of this installation first: the bin directory of the
# prefix this script is installed under (share/kp/pipelines), or build/bin
# of a checkout; PATH only when neither has them, so that two installed
# versions never mix and the script runs without PATH set
here=$(cd "$(dirname "$0")" && pwd)
for d in "$here/../../../bin" "$here/../build/bin"; do
	if [ -x "$d/kp-compare" ]; then
		PATH=$(cd "$d" && pwd):${PATH:-/usr/bin:/bin}
		export PATH
		break
	fi
done

# q WORD: WORD quoted for the shell, for the command lines that go through
# eval below (a path with a quote, $(...) or a backquote is a path)
q() {
	printf "'"
	printf '%s' "$1" | sed "s/'/'\\\\''/g"
	printf "'"
}

usage() {
	echo "usage: $prog [-j N] [-l LABELS] [--sshlogin LOGIN]... [--slf FILE] [--transfer] [--retries N] -o OUT RUNDIR ..." >&2
	exit 2
}

# one job: fanout.sh --one OUT LABELS ID RUNDIR [FILE]: OUT/FILE.ndjson,
# by default OUT/RUN.ndjson
if [ "${1:-}" = --one ]; then
	[ $# -eq 5 ] || [ $# -eq 6 ] || usage
	out=$2 labels=$3 id=$4 dir=${5%/}
	name=${dir##*/}
	file=${6:-$name}
	# a directory named -x is not an option of the tools
	case $dir in -*) dir=./$dir ;; esac
	tmp=$out/.$name.$id.$$
	rc=0
	# --halt kills the jobs still running: they leave nothing behind
	trap 'rm -f "$tmp.labels" "$tmp.parsed" "$tmp.ndjson"' EXIT
	trap 'exit 2' HUP INT TERM
	if [ -n "$labels" ]; then
		# only this run's lines (by name or run id), so it does not
		# warn about the others; labels-check.sh has seen every line
		# ENVIRON, not -v, which would read a backslash in the name
		# as an escape
		r=$name awk '{ n = $1; sub(/@.*/, "", n) } n == ENVIRON["r"]' "$labels" >"$tmp.labels" || rc=2
		set -- -l "$tmp.labels"
	else
		set --
	fi
	[ $rc -eq 0 ] && { kp-parse-mmtests "$@" "$dir" >"$tmp.parsed" || rc=$?; }
	[ $rc -eq 0 ] && { kp-identify "$tmp.parsed" >"$tmp.ndjson" || rc=$?; }
	[ $rc -eq 0 ] && { mv "$tmp.ndjson" "$out/$file.ndjson" || rc=2; }
	exit $rc
fi

# names in messages shown, not obeyed (not needed by a job, whose host
# may have this script alone on its PATH)
. "$(dirname "$(readlink -f "$0")")/vis.sh"

jobs= labels= out=
remote= transfer= retries=2
while [ $# -gt 0 ]; do
	case $1 in
	-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	-l) [ $# -ge 2 ] || usage; labels=$2; shift 2 ;;
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	-S|--sshlogin) [ $# -ge 2 ] || usage
		remote="$remote --sshlogin $(q "$2")"
		shift 2 ;;
	--slf|--sshloginfile) [ $# -ge 2 ] || usage
		remote="$remote --slf $(q "$2")"
		shift 2 ;;
	--transfer) transfer=1; shift ;;
	--retries) [ $# -ge 2 ] || usage; retries=$2; shift 2 ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ -n "$out" ] && [ $# -gt 0 ] || usage
# paths named -x are paths, not options of mkdir, cd or dirname
case $out in -*) out=./$out ;; esac
case $labels in -*) labels=./$labels ;; esac
case $jobs in
''|*[!0-9]*) [ -z "$jobs" ] || { kp_say "$prog: -j $jobs: expected a number of jobs"; exit 2; } ;;
esac
case $retries in
''|*[!0-9]*) kp_say "$prog: --retries $retries: expected a number of tries"; exit 2 ;;
esac
[ -z "$transfer" ] || [ -n "$remote" ] || { echo "$prog: --transfer: expected --sshlogin or --slf" >&2; exit 2; }
command -v parallel >/dev/null || { echo "$prog: GNU parallel is not installed" >&2; exit 2; }
# a run's name is a line of parallel's input and a field of its tab
# separated columns: one with a newline or a tab would be two
nl='
'
for d; do
	case $d in
	*"$nl"*|*'	'*)
		kp_say "$prog: $d: a run directory whose path holds a newline or a tab; refused"
		exit 2 ;;
	esac
	[ -d "$d" ] || { kp_say "$prog: $d: not a directory"; exit 2; }
done
if [ -n "$labels" ]; then
	[ -r "$labels" ] || { kp_say "$prog: $labels: cannot read"; exit 2; }
	labels=$(cd "$(dirname "$labels")" && pwd)/$(basename "$labels")
	# a label that names no run stops here, before any job
	names=
	for d; do
		d=${d%/}
		names="$names ${d##*/}"
	done
	# split on blanks (a label names no run with one), never globbed
	set -f
	sh "$(dirname "$0")/labels-check.sh" "$labels" $names || exit 2
	set +f
fi
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

# the options that stop or retry: see the top
if [ -n "$remote" ]; then
	halt="--retries $retries"
else
	halt="--halt now,fail=1"
fi

# missing RUNDIR...: the runs without records in OUT, named on stderr;
# parallel counts a job whose records never came back as a success
missing() {
	m=0
	for d; do
		d=${d%/}
		[ -e "$out/${d##*/}.ndjson" ] && continue
		kp_say "$prog: ${d##*/}: no records came back; run again"
		m=1
	done
	return $m
}

cleanup() {
	# A job that --halt had to kill outright could not remove its
	# temporary files; every job has ended now, so remove what this
	# fanout left.
	rm -f "$out"/.*."$$".*
	rm -rf "$out/.labels.$$"
}

if [ -n "$transfer" ]; then
	# Each job gets its run directory (and its lines of the labels) in a
	# directory of its own on the host (--wd ..., removed by --cleanup),
	# under the path it was given here when that is relative, so that
	# the src fields are those of a local run.  The records come back by
	# rsync, which renames a file into OUT only once it is complete,
	# under a name of the batch's (rsync since 3.2.4 quotes a remote path
	# itself, so parallel's quoting of one holding a quote or $ reached it
	# as part of the name), renamed to RUN.ndjson here.
	lab= larg=
	if [ -n "$labels" ]; then
		lab=$out/.labels.$$ larg={3}.labels
		mkdir -p "$lab" || exit 2
	fi
	i=0
	for d; do
		d=${d%/}
		name=${d##*/}
		case $d in
		/*) tp=/./${d#/} rel=${d#/} ;;
		*) tp=$(pwd)/./$d rel=$d ;;
		esac
		# its lines by run name or run id, as a local job takes them
		[ -z "$lab" ] || r=$name awk '{ n = $1; sub(/@.*/, "", n) } n == ENVIRON["r"]' \
		    "$labels" >"$lab/$name.labels" || exit 2
		i=$((i + 1))
		printf '%s\t%s\t%s\t%s\n' "$tp" "$rel" "$name" ".back.$$.$i"
	done | eval parallel -q --will-cite --colsep "'\t'" --joblog "$(q "$out/fanout.joblog")" \
		$halt ${jobs:+-j "$jobs"} $remote \
		--wd ... --tf {1} ${lab:+--tf "$(q "$lab/./{3}.labels")"} --return "$(q "$out/./{4}.ndjson")" --cleanup \
		fanout.sh --one . "$(q "$larg")" "$$" {2} {4}
	rc=$?
	i=0
	for d; do
		d=${d%/}
		i=$((i + 1))
		[ ! -e "$out/.back.$$.$i.ndjson" ] ||
		    mv "$out/.back.$$.$i.ndjson" "$out/${d##*/}.ndjson" || rc=2
	done
	cleanup
	[ $rc -eq 0 ] || { kp_say "$prog: a run failed; see $out/fanout.joblog"; exit 2; }
	missing "$@" || exit 2
	exit 0
fi

# Remote jobs need absolute paths (local ones keep the paths as given, so
# src fields match other pipelines); parallel -q quotes each argument.  When
# this runs under make -j, give -j 1 here (or cap make): the two do not
# share a job server.
abs() {
	for d; do
		case $d in -*) d=./$d ;; esac	# a directory, not an option of cd
		(cd "$d" && pwd)
	done
}
{ if [ -n "$remote" ]; then abs "$@"; else printf '%s\n' "$@"; fi; } | eval parallel -q --will-cite --joblog "$(q "$out/fanout.joblog")" \
	$halt ${jobs:+-j "$jobs"} $remote \
	"$(q "$self")" --one "$(q "$out")" "$(q "$labels")" "'$$'" '{}'
rc=$?
cleanup
[ $rc -eq 0 ] || { kp_say "$prog: a run failed; see $out/fanout.joblog"; exit 2; }
missing "$@" || exit 2
