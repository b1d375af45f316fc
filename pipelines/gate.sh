#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# gate.sh: compare a result against a checked-in baseline, for CI; see kp-gate(1)
prog=${0##*/}	# gate.sh, or kp-gate as installed on PATH

synopsis="usage: $prog [--report-only] [--threshold pct] [--metric quantile]\
 [--fail-on class|severity] [--max-age days] [--triage file]\
 [--fail-on-triaged] [--update-baseline [--allow-fewer]] [-m mapfile]\
 [-x field] [--junit file] [--md file] target baseline
       $prog --help"

usage() {
	echo "$synopsis" >&2
	exit 2
}
help() {	# the synopsis, then a line for each option, as kp-gate(1)
	echo "$synopsis"
	cat <<-'END'

	  --report-only     print the table and exit 0 whatever it says
	  --threshold pct   the change past which a worse metric is a regression; default 20
	  --metric quantile for histograms, the quantile compared; default p99
	  --fail-on class|severity
	                    what fails the gate, a comma-separated list; default red,missing
	  --max-age days    the age past which a baseline is stale
	  --triage file     a triage file of known findings (kp-triage(1))
	  --fail-on-triaged let those fail the gate too
	  --update-baseline write baseline from target, compare nothing
	  --allow-fewer     let the new baseline hold fewer measurements
	  -m mapfile        a mapping file for kp-parse-results, for both sides
	  -x field          leave field out of the identity
	  --junit file      write the verdict as JUnit XML too
	  --md file         write the verdict as Markdown too
	  --help            print this help and exit
	  --version         print the name and version and exit
	END
}
bad() {	# an option refused: named, then the synopsis, exit 2
	kp_say "$prog: $*"
	usage
}

die() {
	kp_say "$prog: $*"
	exit 2
}

# The kp tools of this installation first, as kp-ab takes them: the bin
# directory of the prefix gate.sh is installed under (share/kp/pipelines),
# the kp-gate command's own directory, or build/bin of a checkout; PATH
# only when none has them, so that two installed versions never mix.
here=$(cd "$(dirname "$0")" && pwd)
# names in messages shown, not obeyed: vis.sh beside gate.sh (also when
# a kp-gate on PATH is a link to it), or in the prefix's
# share/kp/pipelines for the installed kp-gate command
for v in "$(dirname "$(readlink -f "$0")")/vis.sh" "$here/../share/kp/pipelines/vis.sh"; do
	[ -r "$v" ] && break
done
. "$v"
for d in "$here" "$here/../../../bin" "$here/../build/bin"; do
	if [ -x "$d/kp-compare" ]; then
		PATH=$(cd "$d" && pwd):${PATH:-/usr/bin:/bin}
		export PATH
		break
	fi
done
command -v kp-compare >/dev/null 2>&1 ||
    die "the kp tools (kp-compare, ...) are neither beside $here nor on PATH"
command -v jq >/dev/null 2>&1 ||
    die "jq is needed to read results documents and histograms; install it (Debian: apt-get install jq)"

report_only=0
update=0
threshold=${KP_GATE_THRESHOLD:-20}
metric=p99
fail_on=red,missing
nmaps=0
max_age=
triage=
triaged=
allow_fewer=0
xs=
junit=
md=
# options may come before or after the two operands, as CI scripts write them
nargs=0
while [ $# -gt 0 ]; do
	case $1 in
	--report-only) report_only=1 ;;
	--update-baseline) update=1 ;;
	--allow-fewer) allow_fewer=1 ;;
	-h|--help) help; exit 0 ;;
	--version) echo "$prog $(kp-compare --version | sed 's/^kp-compare //')"; exit 0 ;;
	-x) [ $# -ge 2 ] || bad "option -x needs an argument"
		case $2 in
		''|*[!a-z0-9_]*) die "-x $2: expected the name of an identity field, e.g. env" ;;
		esac
		xs="$xs -x $2"; shift ;;
	--junit) [ $# -ge 2 ] || bad "option --junit needs an argument"; junit=$2; shift ;;
	--junit=*) junit=${1#*=} ;;
	--md) [ $# -ge 2 ] || bad "option --md needs an argument"; md=$2; shift ;;
	--md=*) md=${1#*=} ;;
	--threshold) [ $# -ge 2 ] || bad "option --threshold needs an argument"; threshold=$2; shift ;;
	--threshold=*) threshold=${1#*=} ;;
	--metric) [ $# -ge 2 ] || bad "option --metric needs an argument"; metric=$2; shift ;;
	--metric=*) metric=${1#*=} ;;
	--fail-on) [ $# -ge 2 ] || bad "option --fail-on needs an argument"; fail_on=$2; shift ;;
	--fail-on=*) fail_on=${1#*=} ;;
	--max-age) [ $# -ge 2 ] || bad "option --max-age needs an argument"; max_age=$2; shift ;;
	--triage) [ $# -ge 2 ] || bad "option --triage needs an argument"; triage=$2; shift ;;
	--triage=*) triage=${1#*=} ;;
	--fail-on-triaged) triaged=--fail-on-triaged ;;
	-m) [ $# -ge 2 ] || bad "option -m needs an argument"
		[ -r "$2" ] && [ -f "$2" ] || die "$2: cannot read the mapping file"
		nmaps=$((nmaps + 1))
		case $2 in -*) eval "map$nmaps=./\$2" ;; *) eval "map$nmaps=\$2" ;; esac
		shift ;;
	--max-age=*) max_age=${1#*=} ;;
	--) shift
		for a; do
			nargs=$((nargs + 1))
			eval "arg$nargs=\$a"
		done
		break ;;
	-?*) bad "unknown option ${1%%=*}" ;;
	*) nargs=$((nargs + 1))
		eval "arg$nargs=\$1" ;;
	esac
	shift
done
[ $nargs -eq 2 ] || usage
# a path that starts with - is a path, never an option of the tools below
case $arg1 in -*) arg1=./$arg1 ;; esac
case $arg2 in -*) arg2=./$arg2 ;; esac
set -- "$arg1" "$arg2"
target=$1
baseline=$2
threshold=${threshold%\%}
case $threshold in
''|*[!0-9.]*|*.*.*) die "threshold \"$threshold\" is not a percentage, expected e.g. 20 or 10%" ;;
esac
case $metric in
p50|p90|p99|p999|P50|P90|P99|P999|p99.9) ;;
*) die "--metric $metric: expected p50, p90, p99 or p999" ;;
esac
case $max_age in
*[!0-9]*) die "max-age \"$max_age\" is not a number of days" ;;
esac

T=$(mktemp -d -t kp-gate.XXXXXX) || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 2' HUP INT TERM
# the mapping files, copied to names without blanks, for kp-parse-results
maps=
i=1
while [ $i -le $nmaps ]; do
	eval "cp \"\$map$i\" \"\$T/map$i\"" || exit 2
	maps="$maps -m $T/map$i"
	i=$((i + 1))
done

# kind FILE: mmtests, results, bpftrace (text) or bpftrace-json
kind() {
	if [ -d "$1" ]; then
		echo mmtests
		return
	fi
	[ -r "$1" ] && [ -f "$1" ] || die "$1: cannot read it, expected a file or an MMTests directory"
	first=$(grep -m 1 -v '^[[:space:]]*$' "$1" | sed 's/^[[:space:]]*//')
	case $first in
	'{'*)
		# bpftrace -f json writes one {"type": ..., "data": ...} a line
		if printf '%s\n' "$first" | jq -e 'has("type") and has("data")' \
		    >/dev/null 2>&1; then
			echo bpftrace-json
		else
			echo results
		fi ;;
	*)
		if grep -q '^@[^[:space:]]*:[[:space:]]*$' "$1"; then
			echo bpftrace
		else
			echo results
		fi ;;
	esac
}

# parse FILE SIDE: the side becomes the kernel, so that a baseline compared
# with itself is still two experiments, and the run name, so that its runs
# are still two runs
parse() {
	case $(kind "$1") in
	mmtests)
		# run ids come from the tree; the side keeps them apart.  Every
		# record names its run in its first "run" member.
		kp-parse-mmtests --meta kernel="$2" "$1" >"$T/mm" || return 2
		sed "s/\"run\":\"/\"run\":\"$2:/" "$T/mm" ;;
	results) kp-parse-results $maps --meta kernel="$2" --meta run_name="$2" "$1" ;;
	bpftrace*)
		kp-parse-bpftrace --meta kernel="$2" --meta run_name="$2" "$1" >"$T/bt" ||
		    return 2
		# several bpftrace runs in one file (one histogram of a map
		# after another): the Nth of each map is run N of the side,
		# so that kp-hist compares them as repeated runs
		jq -c -s '
		    (reduce (.[] | select(.type == "hist") | [.map, .keys]) as $k
			({}; .[$k | tojson] += 1) | [.[]] | max // 1) as $n |
		    [.[] | select(.type == "run")] as $runs |
		    (range(1; $n + 1) as $i | $runs[] |
			if $i == 1 then . else .run = "\(.run)#\($i)" end),
		    (foreach (.[] | select(.type != "run")) as $r ({};
			if $r.type == "hist" then .[[$r.map, $r.keys] | tojson] += 1 else . end;
			(if $r.type == "hist" then .[[$r.map, $r.keys] | tojson] else 1 end) as $c |
			if $c > 1 then $r | .run = "\(.run)#\($c)" else $r end))' "$T/bt" ;;
	esac
}

cpu_model() {
	sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null |
	    head -n 1
}

# measurements FILE: the names of the measurements a side's records hold,
# one a line, sorted; a histogram counts only when it counted an event
measurements() {
	jq -r 'if .type == "sample" then "\(.suite)/\(.test)"
	    elif .type == "hist" and ([.buckets[].count] | add // 0) > 0 then
		"\(.map)\(if (.keys | length) > 0 then "[\(.keys | join(","))]" else "" end)"
	    else empty end' "$1" | sort -u
}

# hollow FILE: the histograms of a side that counted no event
hollow() {
	jq -r 'select(.type == "hist" and ([.buckets[].count] | add // 0) == 0) |
	    "\(.map)\(if (.keys | length) > 0 then "[\(.keys | join(","))]" else "" end)"' "$1" |
	    sort -u | tr '\n' ' ' | sed 's/ $//'
}

# some <LINES: the first three, and how many more (lines of names from
# input: never split or globbed as words)
some() {
	awk 'NR <= 3 { printf "%s%s", (NR > 1 ? ", " : ""), $0 }
	    END { if (NR > 3) printf ", and %d more", NR - 3 }'
}

tkind=$(kind "$target") || exit 2
bkind=$(kind "$baseline" 2>/dev/null)

if [ "$update" -eq 1 ]; then
	host=$(uname -n)
	cpu=$(cpu_model)
	date=$(date -u +%Y-%m-%d)
	case $tkind in
	mmtests)
		die "$target: an MMTests tree is its own baseline; keep the tree" ;;
	results)
		kp-parse-results $maps "$target" >"$T/rec" || exit 2 ;;
	bpftrace*)
		kp-parse-bpftrace "$target" >"$T/rec" || exit 2 ;;
	esac
	# an empty result, or a probe that never fired, never becomes the
	# baseline: every later gate would compare nothing, or pass
	measurements "$T/rec" >"$T/new.m" || exit 2
	[ -s "$T/new.m" ] ||
	    die "$target: the result holds no measurement; an empty result cannot become the baseline"
	h=$(hollow "$T/rec")
	[ -z "$h" ] ||
	    die "$target: the histogram $h counted no event; a probe that never fired cannot become the baseline"
	# nor does a baseline lose measurements unless asked to
	if [ -e "$baseline" ]; then
		case $bkind in
		results) kp-parse-results $maps "$baseline" >"$T/old" ;;
		bpftrace*) kp-parse-bpftrace "$baseline" >"$T/old" ;;
		*) false ;;
		esac || die "$baseline: cannot read the current baseline to check what the new one keeps; remove it to start afresh"
		measurements "$T/old" >"$T/old.m" || exit 2
		lost=$(comm -23 "$T/old.m" "$T/new.m")
		if [ -n "$lost" ] && [ "$allow_fewer" -eq 0 ]; then
			die "$target lacks $(printf '%s\n' "$lost" | wc -l) of the $(wc -l <"$T/old.m") measurements of $baseline ($(printf '%s\n' "$lost" | some)); give --allow-fewer to drop them from the baseline"
		fi
	fi
	case $tkind in
	results)
		if [ "$(sed -n 's/^[[:space:]]*//;/./{p;q;}' "$target" | cut -c1)" = '{' ]; then
			jq '.' "$target" >"$T/doc" || exit 2
		else
			# raw lmbench text: rebuild the document from its samples
			jq -s '[.[] | select(.type == "sample")] | group_by(.suite, .test) |
			    reduce .[] as $g ({}; setpath([$g[0].suite] +
			    ($g[0].test | split("/"));
			    if ($g | length) == 1 then $g[0].value
			    else {samples: [$g[].value]} end))' "$T/rec" >"$T/doc" || exit 2
		fi
		jq --arg h "$host" --arg c "$cpu" --arg d "$date" '
		    .meta = ({host: $h, cpu: $c, date: $d} + (.meta // {}))' \
		    "$T/doc" >"$T/new" || exit 2 ;;
	bpftrace*)
		jq -c -s --arg h "$host" --arg c "$cpu" --arg d "$date" '
		    (map(select(.type == "run"))[0]) as $r |
		    {type: "meta", data: {host: ($r.host | if . == "unknown" then $h else . end),
		      cpu: ($r.cpu_model // $c), date: ($r.date // $d)}},
		    (.[] | select(.type == "hist") |
		     [.buckets[] | {count} + (if .lo == null then {} else {min: .lo} end)
		       + (if .hi == null then {} else {max: (.hi - 1)} end)] as $b |
		     {type: "hist", data: {(.map): (if (.keys | length) == 0 then $b
		       else {(.keys | join(", ")): $b} end)}})' \
		    "$T/rec" >"$T/new" || exit 2 ;;
	esac
	mv "$T/new" "$baseline" || die "$baseline: cannot write the new baseline"
	n=$(wc -l <"$T/new.m")
	kp_say "$prog: wrote $baseline from $target ($n measurement$([ "$n" -eq 1 ] || echo s))"
	exit 0
fi

[ -n "$bkind" ] || die "$baseline: cannot read it, expected a baseline document"
case $tkind:$bkind in
bpftrace*:bpftrace*) hist=1 ;;
bpftrace*:*|*:bpftrace*) die "$target and $baseline: a histogram compares only with a histogram" ;;
*) hist=0 ;;
esac

parse "$baseline" baseline >"$T/base" || exit 2
parse "$target" target >"$T/target" || exit 2
# an empty result is an error, never a pass; so is an empty baseline
measurements "$T/target" >"$T/target.m" || exit 2
if [ ! -s "$T/target.m" ]; then
	[ -z "$(hollow "$T/target")" ] ||
	    die "$target: the result holds no measurement, its histograms counted no event; an empty result cannot pass the gate"
	die "$target: the result holds no measurement, only metadata; an empty result cannot pass the gate"
fi
measurements "$T/base" >"$T/base.m" || exit 2
[ -s "$T/base.m" ] ||
    die "$baseline: the baseline holds no measurement; write it again with --update-baseline from a good result"
# a result without metadata was measured here and now
grep '^{"type":"run"' "$T/target" |
    jq -c --arg h "$(uname -n)" --arg c "$(cpu_model)" --arg d "$(date -u +%Y-%m-%d)" '
    if (.host // "unknown") == "unknown" then .host = $h else . end |
    if .cpu_model == null then .cpu_model = $c else . end |
    if .start == null then .start = (now | floor) | .finish = .start | .date = $d
    else . end' >"$T/rec" || exit 2
cat "$T/base" >>"$T/rec"
grep -v '^{"type":"run"' "$T/target" >>"$T/rec"

# compare FIELDS...: the pipeline of documents and trees, with these
# identity fields left out
compare() {
	kp-identify "$@" "$T/rec" >"$T/id" &&
	    kp-stats "$T/id" >"$T/stats" &&
	    kp-compare -b baseline -t target "$T/stats" >"$T/cmp" 2>"$T/cmperr"
}

caveat=
if [ "$hist" -eq 1 ]; then
	kp-hist -q "$metric" -b baseline -t target "$T/rec" >"$T/cmp" || exit 2
else
	# shellcheck disable=SC2086
	compare -x host -x cpu_model -x cpus -x mem_kb $xs || {
		cat "$T/cmperr" >&2
		exit 2
	}
	# A gate compares what its user paired: identity fields that kept
	# the two sides apart (an env the result cannot state) are left out
	# too, and said as a caveat with both values
	extra=$(jq -r --arg x " host cpu_model cpus mem_kb $xs " '
	    select(.type == "coverage" and .kind == "apart") | .differ // {} |
	    keys[] as $k | select(($x | index(" " + $k + " ")) == null) | $k' "$T/cmp" | sort -u)
	if [ -n "$extra" ]; then
		# the records that kept them apart, narrowed to those fields:
		# kp-render says them as the caveat
		jq -c --arg e "$extra" '($e | split("\n")) as $f |
		    select(.type == "coverage" and .kind == "apart") |
		    .differ = (.differ // {} | with_entries(select(.key as $k | $f | index([$k]))))' \
		    "$T/cmp" >"$T/apart" || exit 2
		caveat=--apart
		xs="$xs $(printf ' -x %s' $extra)"
		# shellcheck disable=SC2086
		compare -x host -x cpu_model -x cpus -x mem_kb $xs || {
			cat "$T/cmperr" >&2
			exit 2
		}
	fi
	cat "$T/cmperr" >&2
fi
kp-classify -P gate -T "$threshold" "$T/cmp" >"$T/class" || exit 2
# known findings (kp-triage): shown, and left out of the gate when
# acknowledged or invalid unless --fail-on-triaged
if [ -n "$triage" ]; then
	kp-triage -t "$triage" "$T/class" >"$T/triaged" || exit 2
	mv "$T/triaged" "$T/class"
fi
grep -q '^{"type":"cmp"' "$T/class" ||
    die "nothing compared: no metric of $target is in $baseline (see the warnings above)"

# kp-render flags a stale baseline (host, CPU, age) from the run records;
# --fail-on missing fails a metric of the baseline that the result lacks
# (a benchmark that crashed must not go green).  Every format is
# rendered by kp-render from the same records with the same --fail-on,
# so the exit status, the JUnit failures and the Markdown headline agree.
set -- --fail-on "$fail_on" --threshold "$threshold"
[ -z "$triaged" ] || set -- "$@" "$triaged"
[ -z "$max_age" ] || set -- "$@" --max-age "$max_age"
[ -z "$caveat" ] || kp-render -f gate-caveat --apart "$T/apart" /dev/null
kp-render -f table "$@" "$T/class"
rc=$?
[ "$rc" -le 1 ] || exit 2
# with --report-only the reports say what the gate would decide
[ "$report_only" -eq 0 ] || set -- "$@" --report-only
if [ -n "$junit" ]; then
	kp-render -f junit "$@" "$T/class" >"$T/junit"
	[ $? -le 1 ] && mv "$T/junit" "$junit" || die "$junit: cannot write the JUnit report"
fi
if [ -n "$md" ]; then
	kp-render -f md "$@" "$T/class" >"$T/md"
	[ $? -le 1 ] && mv "$T/md" "$md" || die "$md: cannot write the Markdown report"
fi

# the closing line: the verdict, the counts and the metrics by the
# document's own names (lmbench.lat_syscall.open); it never says PASS
# while it counts a regression past the threshold
[ -z "$caveat" ] || set -- "$@" --apart "$T/apart"
kp-render -f gate "$@" "$T/class"
[ $? -le 1 ] || exit 2
[ "$report_only" -eq 1 ] && exit 0
exit "$rc"
