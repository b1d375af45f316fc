#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# reanalyze.sh: compare, classify, find groups and report again over stored
# records (a pipeline's stats.ndjson or findings.ndjson) with new settings,
# without reading the logs again; see kp-pipelines(7).
#
# Old cmp, sys and evidence records in the input are dropped first: they belong to
# the analysis being replaced.  A night's findings carry no stat records
# (nightly.mk runs kp-compare -S): a FILE without them is analysed from
# the stats.ndjson beside it, as the night did.  Each stage writes a temporary file, so a
# failing stage stops the script with its exit status.
set -u
prog=reanalyze.sh

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

. "$(dirname "$(readlink -f "$0")")/vis.sh"

usage() {
	echo "usage: $prog [-b SEL -t SEL] [-c CONFIG] [-e LEVELS] [-f FORMAT] [-m METHOD] [-o DIR] FILE ..." >&2
	exit 2
}

compare= classify= systematic= format=text out=
while getopts b:c:e:f:m:o:t: opt; do
	case $opt in
	b|t|m) compare="$compare -$opt $(printf '%s' "$OPTARG" | sed "s/'/'\\\\''/g; s/^/'/; s/\$/'/")" ;;
	c) classify="-c '$(printf '%s' "$OPTARG" | sed "s/'/'\\\\''/g")'" ;;
	e) systematic="-e '$(printf '%s' "$OPTARG" | sed "s/'/'\\\\''/g")'" ;;
	f) format=$OPTARG ;;
	o) out=$OPTARG
		case $out in -*) out=./$out ;; esac ;;	# a path, not an option of mkdir
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage
for f; do
	[ -r "$f" ] || { kp_say "$prog: $f: cannot read"; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/reanalyze.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 2' HUP INT TERM

# stage NAME CMD...: run a stage; stop at the first failure with its status
stage() {
	name=$1
	shift
	"$@" || { rc=$?; echo "$prog: $name failed (exit $rc)" >&2; exit $rc; }
}

# What kp-compare and later stages wrote is made again: cmp, sys, evidence and the
# comparison's coverage records.  The tools write "type" first and
# without blanks; other writers' records are matched with blanks too.
for f; do
	case $f in
	*.gz) gzip -dc -- "$f" ;;
	*) cat -- "$f" ;;
	esac || exit 2
done | grep -Ev '^[[:space:]]*\{[[:space:]]*"type"[[:space:]]*:[[:space:]]*"(cmp|sys|evidence)"' |
    grep -Ev '^[[:space:]]*\{[[:space:]]*"type"[[:space:]]*:[[:space:]]*"coverage"[[:space:]]*,[[:space:]]*"scope"[[:space:]]*:[[:space:]]*"compare"' >"$work/stats"
[ -s "$work/stats" ] || { echo "$prog: no records left to analyse" >&2; exit 2; }
# findings without stat records: their night's statistics, and the same
# stream as the night's (kp-compare -S)
if ! grep -q '^[[:space:]]*{[[:space:]]*"type"[[:space:]]*:[[:space:]]*"stat"' "$work/stats"; then
	for f; do
		s=$(dirname -- "$f")/stats.ndjson
		[ -r "$s" ] || { kp_say "$prog: $f: no stat records, and no $s beside it"; exit 2; }
		cat -- "$s" || exit 2
	done >"$work/stats"
	compare="-S$compare"
fi

stage kp-compare sh -c "kp-compare $compare \"\$1\" >\"\$2\"" kp-compare "$work/stats" "$work/cmp"
stage kp-classify sh -c "kp-classify $classify \"\$1\" >\"\$2\"" kp-classify "$work/cmp" "$work/classified"
stage kp-systematic sh -c "kp-systematic $systematic \"\$1\" >\"\$2\"" kp-systematic "$work/classified" "$work/sys"
stage kp-evidence sh -c "kp-evidence \"\$1\" >\"\$2\"" kp-evidence "$work/sys" "$work/findings"

if [ -z "$out" ]; then
	stage kp-render kp-render -f "$format" "$work/findings"
	exit 0
fi
mkdir -p "$out" || exit 2
stage kp-render kp-render -f text "$work/findings" >"$work/report.txt"
stage kp-render kp-render -f md "$work/findings" >"$work/report.md"
stage kp-render kp-render -f csv "$work/findings" >"$work/report.csv"
stage kp-render kp-render -f junit "$work/findings" >"$work/report.xml"
stage kp-render kp-render -f json "$work/findings" >"$work/report.json"
for f in findings report.txt report.md report.csv report.xml report.json; do
	case $f in findings) dst=findings.ndjson ;; *) dst=$f ;; esac
	mv "$work/$f" "$out/$dst" || exit 2
done
