#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-ab: the one-shot A/B.  Two (or more) result sets in, whatever their
# kernel names: parse, identify, compare the first with each other,
# classify, add the evidence and print the report.  See kp-ab(1).
prog=kp-ab
usage() {
	echo "usage: $prog [-F] [-f format] [-o dir] [-k dir] [-x field] ... [-M MAINTAINERS] [-S map] [--fail-on what]" \
	    "[--centre median | hmean | amean | mmtests] [--names kp | mmtests]" \
	    "[label=]A [label=]B ..."
}
help() {	# the synopsis, then a line for each option, as kp-ab(1)
	usage
	cat <<-'END'

	  -F, --full           the full table also for two sides
	  -f format            the report's format, as for kp-render(1)
	  -o dir               for html: the directory the site is written to
	  -k dir               keep the records in dir
	  -x field             passed to kp-identify(1): leave field out
	  -M MAINTAINERS       passed to kp-render(1)
	  -S map               passed to kp-classify(1)
	  --fail-on what       passed to kp-render(1): exit 1 when a finding matches
	  --centre median|hmean|amean|mmtests
	                       passed to kp-render(1)
	  --names kp|mmtests   passed to kp-render(1)
	  --help               print this help and exit
	  --version            print the name and version and exit
	END
}
# kp_vis and kp_say, names shown as kp's tools show them (pipelines/vis.sh,
# put here by make)
# @vis.sh@
die() {
	kp_say "$prog: $*"
	exit 2
}
case $1 in
--help) help; exit 0 ;;
--version) echo "$prog @VERSION@"; exit 0 ;;
esac

# the kp tools: beside this one (build/bin, an installed bin), else PATH
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$here/kp-compare" ] && PATH=$here:$PATH
command -v kp-compare >/dev/null 2>&1 || die "the kp tools (kp-compare, ...) are neither beside $here nor on PATH"
command -v jq >/dev/null 2>&1 || die "jq is needed"

fmt=text full= site= keep= failon= xs= maint= smap= centre= mmnames=
while [ $# -gt 0 ]; do
	case $1 in
	-F|--full) full=--full ;;
	-f) [ $# -ge 2 ] || die "-f: expected a format"; fmt=$2; shift ;;
	-o) [ $# -ge 2 ] || die "-o: expected a directory"; site=$2; shift ;;
	-k) [ $# -ge 2 ] || die "-k: expected a directory"; keep=$2; shift ;;
	-M) [ $# -ge 2 ] || die "-M: expected the kernel's MAINTAINERS file"; maint=$2; shift ;;
	-S) [ $# -ge 2 ] || die "-S: expected a subsystem map"; smap=$2; shift ;;
	-x) [ $# -ge 2 ] || die "-x: expected a field"
		case $2 in
		''|*[!A-Za-z0-9_]*) die "-x $2: expected a field name such as cpu_model" ;;
		esac
		xs="$xs -x $2"; shift ;;
	--fail-on) [ $# -ge 2 ] || die "--fail-on: expected a class or severity"
		failon=$2; shift ;;
	--fail-on=*) failon=${1#*=} ;;
	--centre) [ $# -ge 2 ] || die "--centre: expected median, hmean, amean or mmtests"
		centre=$2; shift ;;
	--names) [ $# -ge 2 ] || die "--names: expected kp or mmtests"
		mmnames=$2; shift ;;
	--) shift; break ;;
	-?*) kp_say "$prog: unknown option ${1%%=*}"; usage >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
[ $# -ge 2 ] || { usage >&2; exit 2; }
case $fmt in
html) [ -n "$site" ] || die "-f html: give the site's directory with -o" ;;
text|md|csv|junit|json|table) ;;
*) die "-f $fmt: expected text, md, csv, junit, json, table or html" ;;
esac

if [ -n "$keep" ]; then
	mkdir -p "$keep" || die "$keep: cannot create it"
	W=$keep
else
	W=$(mktemp -d "${TMPDIR:-/tmp}/kp-ab.XXXXXX") || exit 2
	trap 'rm -rf "$W"' EXIT
fi
trap 'exit 2' HUP INT TERM
rm -f "$W"/in.* "$W"/id.* "$W"/runs.* "$W"/kern.*

# kind PATH: mmtests, records (a file, or a directory of kp records: a
# nightly.mk OUT with identified/, or NAME.ndjson files) or results
kind() {
	if [ -d "$1" ]; then
		if ls "$1"/identified/*.ndjson >/dev/null 2>&1 || ls "$1"/*.ndjson >/dev/null 2>&1; then
			echo records
		else
			echo mmtests
		fi
		return
	fi
	[ -r "$1" ] && [ -f "$1" ] || die "$1: cannot read it, expected an MMTests tree, kp records or a results document"
	if sed -n '/[^[:space:]]/{p;q;}' "$1" |
	    jq -e 'type == "object" and (.type | type) == "string" and (has("data") | not)' >/dev/null 2>&1; then
		echo records
	else
		echo results
	fi
}

# the records of a records input
records() {
	if [ -f "$1" ]; then
		cat "$1"
	elif ls "$1"/identified/*.ndjson >/dev/null 2>&1; then
		cat "$1"/identified/*.ndjson
	else
		cat "$1"/*.ndjson
	fi
}

# parse I PATH [LABEL]: the records of operand I, every run's kernel set
# to LABEL when given; only run, runstat and sample records go on
parse() {
	k=$(kind "$2") || exit 2
	case $k in
	mmtests) kp-parse-mmtests ${3:+--meta kernel="$3"} "$2" ;;
	results) kp-parse-results ${3:+--meta kernel="$3"} "$2" ;;
	records)
		records "$2" | jq -c --arg k "$3" 'select(.type == "run" or
		    .type == "runstat" or .type == "sample") |
		    if $k != "" and has("kernel") then .kernel = $k else . end' ;;
	esac >"$W/in.$1" || die "$2: cannot parse it (see above)"
	grep -q '"type": *"sample"' "$W/in.$1" || die "$2: no measurement in it"
}

# a kernel name in one spelling: v6.18 and 6.18.0, -00042- and -42-, + and -dirty
canon() {
	sed 's/^v//; s/^\([0-9]*\.[0-9]*\)\.0\([^0-9]\|$\)/\1\2/; s/-0*\([0-9]\)/-\1/g; s/+$/-dirty/'
}
# field I F: the values of run field F of operand I, one a line; a value
# with a control character (a newline would count as two) as JSON
field() {
	grep '"type": *"run"' "$W/in.$1" |
	    jq -r --arg f "$2" 'select(.type == "run") | .[$f] // "" | tostring |
	    if explode | any(. < 32 or . == 127) then tojson else . end' | sort -u
}
base() {
	basename "$1" | sed 's/\.\(ndjson\|json\|txt\)$//'
}
# names WORD...: are these side names, one per operand and all different?
names() {
	[ $# -eq $n ] || return 1
	printf '%s\n' "$@" | grep -q '^$\|[^A-Za-z0-9._+-]' && return 1
	[ "$(printf '%s\n' "$@" | canon | sort -u | wc -l)" -eq $n ]
}
# candidates F: each operand's one value of run field F; a kernel
# kp-parse-results could not tell ("unknown") names no side
candidates() {
	i=1
	while [ $i -le $n ]; do
		v=$(field $i "$1")
		[ "$(printf '%s\n' "$v" | wc -l)" -eq 1 ] || v=
		[ "$1" = kernel ] && [ "$v" = unknown ] && v=
		printf '%s\n' "${v:-?}"
		i=$((i + 1))
	done
}

# the operands: [label=]path; a label names a side, and operands with one
# label make one side.  A path that starts with ./ or / is a path whatever
# it holds; one that starts with - is read as ./-..., never as an option
# of the tools below.
n=0
for a; do
	n=$((n + 1))
	case $a in
	./*|/*) l= p=$a ;;
	*=*) l=${a%%=*} p=${a#*=} ;;
	*) l= p=$a ;;
	esac
	case $l in
	*[!A-Za-z0-9._+-]*) die "$a: read as LABEL=PATH, and a label is letters, digits and . _ + -; for a path holding '=' write ./$a, or name the side: A=$a" ;;
	esac
	if [ -n "$l" ] && [ ! -e "$p" ] && [ -e "$a" ]; then
		die "$a: read as LABEL=PATH (label $l, path $p); for the path $a write ./$a, or name the side: A=$a"
	fi
	case $p in
	-*) p=./$p ;;
	esac
	eval "lab$n=\$l path$n=\$p"
	parse $n "$p"
	field $n kernel >"$W/kern.$n"
done

# The sides.  Operands without labels are named by their kernels when
# each has one and they all differ, else by their environments (the env
# of results documents), else by their file or directory names, else A,
# B, ...; the runs' kernel is then set to the name, so that two runs of
# one kernel label are still two sides.  Operands with one label make
# one side.
relabel=1
if [ -z "$(i=1; while [ $i -le $n ]; do eval "printf %s \"\$lab$i\""; i=$((i + 1)); done)" ]; then
	# one name a line, and no "?" taken for a file name
	IFS='
'
	set -f
	if names $(candidates kernel); then
		set -- $(candidates kernel)
		relabel=0
	elif names $(candidates env); then
		set -- $(candidates env)
		# sides named by their environments are compared across them
		xs="$xs -x env"
	elif names $(i=1; while [ $i -le $n ]; do eval "base \"\$path$i\""; i=$((i + 1)); done); then
		set -- $(i=1; while [ $i -le $n ]; do eval "base \"\$path$i\""; i=$((i + 1)); done)
	else
		set -- $(printf '%s\n' A B C D E F G H I J K L M N O P Q R S T U V W X Y Z | head -n $n)
		[ $# -eq $n ] || die "name the sides: LABEL=PATH"
	fi
	unset IFS
	set +f
	i=1
	for l; do
		eval "lab$i=\$l"
		i=$((i + 1))
	done
else
	i=1
	while [ $i -le $n ]; do
		eval "l=\$lab$i"
		[ -n "$l" ] || eval "die \"\$path$i: name every side, or none: LABEL=\$path$i\""
		i=$((i + 1))
	done
fi

# Sides that share some runs but not all (a whole work/log against one of
# its runs) would pool the target into the baseline: refused, naming the
# run.  Sides of the very same runs are one tree against itself, an A/A.
i=1
while [ $i -le $n ]; do
	eval "l=\$lab$i"
	field $i run | sed "s|^|$l |"
	i=$((i + 1))
done | sort -u >"$W/siderun"
cut -d' ' -f1 "$W/siderun" | sort -u >"$W/sidenames"
# in a subshell, which the first overlap found leaves
(while read -r a; do
	while read -r b; do
		[ "$a" \< "$b" ] || continue
		awk -v s="$a" 'index($0, s " ") == 1 { print substr($0, length(s) + 2) }' \
		    "$W/siderun" | sort >"$W/side.a"
		awk -v s="$b" 'index($0, s " ") == 1 { print substr($0, length(s) + 2) }' \
		    "$W/siderun" | sort >"$W/side.b"
		cmp -s "$W/side.a" "$W/side.b" && continue
		r=$(comm -12 "$W/side.a" "$W/side.b" | head -1)
		[ -z "$r" ] && continue
		i=1 pa= pb=
		while [ $i -le $n ]; do
			eval "l=\$lab$i p=\$path$i"
			if field $i run | grep -qxF "$r"; then
				[ "$l" = "$a" ] && pa="$pa${pa:+, }$p"
				[ "$l" = "$b" ] && pb="$pb${pb:+, }$p"
			fi
			i=$((i + 1))
		done
		echo "run $r is on two sides, $a ($pa) and $b ($pb): the sides overlap; give each run to one side"
		exit 1
	done <"$W/sidenames"
done <"$W/sidenames") >"$W/overlap" || die "$(cat "$W/overlap")"

# the sides in order, the first the baseline; relabelled and identified
sides=
i=1
while [ $i -le $n ]; do
	eval "l=\$lab$i p=\$path$i"
	[ $relabel -eq 0 ] || parse $i "$p" "$l"
	# one run given on two sides (an A/A of one tree, a copied tree) is
	# two runs: its ids get the side's name
	field $i run >"$W/runs.$i"
	if [ -n "$(cat "$W"/runs.* | sort | uniq -d)" ]; then
		jq -c --arg l "$l" 'if has("run") then .run = "\($l):\(.run)" else . end' \
		    "$W/in.$i" >"$W/in.tmp" && mv "$W/in.tmp" "$W/in.$i" || exit 2
		field $i run >"$W/runs.$i"
	fi
	kp-identify $xs "$W/in.$i" >"$W/id.$i" || die "$p: kp-identify failed (see above)"
	printf '%s\n' "$sides" | grep -qxF -e "$l" || sides="$sides${sides:+
}$l"
	i=$((i + 1))
done
nsides=$(printf '%s\n' "$sides" | wc -l)
[ "$nsides" -ge 2 ] || die "one side only ($sides): give a baseline and a target"
[ "$nsides" -eq 2 ] || full=--full
basel=$(printf '%s\n' "$sides" | head -1)
printf '%s\n' "$sides" | sed 1d | while read -r t; do
	printf 'kernel=%s kernel=%s\n' "$basel" "$t"
done >"$W/pairs"

kp-stats "$W"/id.* >"$W/stats.ndjson" || die "kp-stats failed (see above)"
kp-compare -p "$W/pairs" "$W/stats.ndjson" >"$W/cmp.ndjson" || die "kp-compare failed (see above)"
kp-classify ${smap:+-S "$smap"} "$W/cmp.ndjson" >"$W/classified.ndjson" || die "kp-classify failed (see above)"
kp-systematic "$W/classified.ndjson" >"$W/systematic.ndjson" || die "kp-systematic failed (see above)"
# what else the runs said beside each finding, as the nightly batch has it
kp-evidence "$W/systematic.ndjson" >"$W/findings.ndjson" || die "kp-evidence failed (see above)"

# what keeps the sides apart: the identity fields of kp-compare's "apart"
# records, both values, and the -x options that would compare across them;
# a value or field with a control character as JSON (one line), and each
# line as kp's tools show a name
grep '"type": *"coverage"' "$W/findings.ndjson" |
    jq -r 'def v: tostring | if explode | any(. < 32 or . == 127) then tojson else . end;
    select(.type == "coverage" and .kind == "apart" and .differ != null) |
    .base as $b | .target as $t | .differ | to_entries[] |
    "\($b | v) -> \($t | v): \(.key | v) \"\(.value[0] | v)\" against \"\(.value[1] | v)\" (-x \(.key | v))"' |
    sort | uniq -c |
    awk '{ c = $1; sub(/^ *[0-9]+ /, ""); print "  " $0 ", " c " measurement(s) kept apart" }' |
    while IFS= read -r l; do kp_vis "$l"; done >"$W/apart"

# the sides, said first: on the terminal's report for text, else on stderr
{
	printf 'kp-ab: baseline: %s; target%s: ' "$basel" \
	    "$([ "$nsides" -gt 2 ] && echo s)"
	printf '%s\n' "$sides" | sed 1d | paste -sd' ' | sed 's/ /, /g'
	i=1
	while [ $i -le $n ]; do
		eval "l=\$lab$i p=\$path$i"
		# a run is a run id; an MMTests iteration of it is a record of
		# its own (kp-records(5)), which the evidence counts
		nr=$(wc -l <"$W/runs.$i")
		ni=$(grep '"type": *"run"' "$W/in.$i" | jq -c 'select(.type == "run") |
		    [.run, .iter]' | sort -u | wc -l)
		printf '  %s: %s (%s run%s' "$l" "$(kp_vis "$p")" "$nr" "$([ "$nr" -eq 1 ] || echo s)"
		[ "$ni" -eq "$nr" ] || printf ', %s iterations' "$ni"
		printf ', kernel %s)\n' "$(kp_vis "$(paste -sd, "$W/kern.$i")")"
		i=$((i + 1))
	done
	if [ -s "$W/apart" ]; then
		echo "Identity fields that differ:"
		cat "$W/apart"
	fi
	# one run a side with no reruns and no history: the run noise the
	# verdicts rest on is kp-classify's assumption, said before them
	grep '"noise-assumed"' "$W/findings.ndjson" |
	    jq -rs --argjson n "$(grep -c '^{"type":"cmp"' "$W/findings.ndjson")" '
	    map(select(.type == "cmp" and ((.caveats // []) | index("noise-assumed")))) |
	    select(length > 0) | length as $k |
	    (group_by(.run_sd_pct) | map("\(.[0].run_sd_pct * 10 | round / 10)%" +
		(if length < $k then " (\(length))" else "" end)) | join(", ")) as $sd |
	    "Run noise assumed \($sd) (no reruns, no history) for \($k) of \($n) comparisons:",
	    "  learn it from reruns of the baseline (base=A base=A-rerun target=B) or a history (kp-trend)"'
} >"$W/head"

if ! grep -q '^{"type":"cmp"' "$W/findings.ndjson"; then
	cat "$W/head" >&2
	if [ -s "$W/apart" ]; then
		die "nothing compared: every measurement was kept apart by identity; compare across with $(sed 's/.*(\(-x [^)]*\)).*/\1/' "$W/apart" | sort -u | paste -sd' ' -)"
	fi
	die "nothing compared: the sides have no measurement in common"
fi

# --centre and --names are options of the full table
[ -z "$centre$mmnames" ] || [ "$fmt" = html ] || full=--full
set -- -f "$fmt" $full ${centre:+--centre "$centre"} ${mmnames:+--names "$mmnames"}
[ -z "$failon" ] || set -- "$@" --fail-on "$failon"
[ -z "$maint" ] || set -- "$@" -M "$maint"
if [ "$fmt" = html ]; then
	cat "$W"/id.* >"$W/samples.ndjson"
	set -- "$@" -o "$site" -s "$W/samples.ndjson" -R .
	# the site copies the logs of the sides named, and nothing else
	# a record's src names (kp-render -R)
	i=1
	while [ $i -le $n ]; do
		eval "p=\$path$i"
		[ -d "$p" ] || p=$(dirname -- "$p")
		set -- "$@" -R "$p"
		i=$((i + 1))
	done
fi
if [ "$fmt" = text ] || [ "$fmt" = table ]; then
	cat "$W/head"
	echo
else
	cat "$W/head" >&2
fi
kp-render "$@" "$W/findings.ndjson"
rc=$?
[ $rc -le 1 ] || exit 2
# with several targets, one that compared nothing fails too, after the
# report of the others
grep '"kind": *"compared"' "$W/findings.ndjson" |
    jq -r 'select(.type == "coverage" and .kind == "compared" and .level == "pair" and
	.found == 0) | "\(.base) -> \(.target)"' >"$W/empty"
if [ -s "$W/empty" ]; then
	die "nothing compared for $(paste -sd, "$W/empty" | sed 's/,/, /g')$( [ -s "$W/apart" ] &&
	    printf '; kept apart by identity, compare across with %s' \
	    "$(sed 's/.*(\(-x [^)]*\)).*/\1/' "$W/apart" | sort -u | paste -sd' ' -)")"
fi
exit $rc
