#!/bin/sh
# gate.sh: compare a result against a checked-in baseline, for CI; see kp-gate(1)
prog=gate.sh

usage() {
	echo "usage: $prog [--report-only] [--threshold pct] [--metric quantile]" \
	    "[--fail-on class|severity] [--max-age days] [--update-baseline]" \
	    "target baseline" >&2
	exit 2
}

die() {
	echo "$prog: $*" >&2
	exit 2
}

report_only=0
update=0
threshold=${KP_GATE_THRESHOLD:-20}
metric=p99
fail_on=regression
max_age=
while [ $# -gt 0 ]; do
	case $1 in
	--report-only) report_only=1 ;;
	--update-baseline) update=1 ;;
	--threshold) [ $# -ge 2 ] || usage; threshold=$2; shift ;;
	--threshold=*) threshold=${1#*=} ;;
	--metric) [ $# -ge 2 ] || usage; metric=$2; shift ;;
	--metric=*) metric=${1#*=} ;;
	--fail-on) [ $# -ge 2 ] || usage; fail_on=$2; shift ;;
	--fail-on=*) fail_on=${1#*=} ;;
	--max-age) [ $# -ge 2 ] || usage; max_age=$2; shift ;;
	--max-age=*) max_age=${1#*=} ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
	shift
done
[ $# -eq 2 ] || usage
target=$1
baseline=$2
threshold=${threshold%\%}
case $threshold in
''|*[!0-9.]*|*.*.*) die "threshold \"$threshold\" is not a percentage, expected e.g. 20 or 10%" ;;
esac
case $max_age in
*[!0-9]*) die "max-age \"$max_age\" is not a number of days" ;;
esac

T=$(mktemp -d "${TMPDIR:-/tmp}/kp-gate.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 2' HUP INT TERM

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

# parse FILE SIDE
parse() {
	case $(kind "$1") in
	mmtests) kp-parse-mmtests --meta kernel="$2" "$1" ;;
	results) kp-parse-results --meta kernel="$2" "$1" ;;
	bpftrace*) kp-parse-bpftrace --meta kernel="$2" "$1" ;;
	esac
}

tkind=$(kind "$target") || exit 2
bkind=$(kind "$baseline" 2>/dev/null)

if [ "$update" -eq 1 ]; then
	host=$(uname -n)
	cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)
	date=$(date -u +%Y-%m-%d)
	case $tkind in
	mmtests)
		die "$target: an MMTests tree is its own baseline; keep the tree" ;;
	results)
		kp-parse-results "$target" >"$T/rec" || exit 2
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
		kp-parse-bpftrace "$target" >"$T/rec" || exit 2
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
	echo "$prog: wrote $baseline from $target" >&2
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
cat "$T/base" "$T/target" >"$T/rec"

# the baseline is stale when recorded elsewhere or long before the result
jq -r -s --argjson maxage "${max_age:-90}" '
    [.[] | select(.type == "run")] as $r |
    ($r | map(select(.kernel == "baseline"))[0]) as $b |
    ($r | map(select(.kernel == "target"))[0]) as $t |
    if $b == null or $t == null then empty else
    (if ($b.host // "unknown") != ($t.host // "unknown") then
      "host \($b.host // "unknown") is not \($t.host // "unknown")" else empty end),
    (if ($b.cpu_model // "unknown") != ($t.cpu_model // "unknown") then
      "CPU \($b.cpu_model // "unknown") is not \($t.cpu_model // "unknown")"
     else empty end),
    (if $b.start == null then "it has no date" else
      ((($t.start // now) - $b.start) / 86400 | floor) as $age |
      if $age > $maxage then "recorded \($age) days before the result (more than \($maxage))"
      else empty end end)
    end' "$T/rec" >"$T/stale" || exit 2
while read -r why; do
	echo "$prog: stale baseline: $why" >&2
done <"$T/stale"

if [ "$hist" -eq 1 ]; then
	kp-hist -q "$metric" -b baseline -t target "$T/rec" >"$T/cmp" || exit 2
else
	kp-identify -x host -x cpu_model -x cpus -x mem_kb "$T/rec" >"$T/id" || exit 2
	kp-stats "$T/id" >"$T/stats" || exit 2
	kp-compare -b baseline -t target "$T/stats" >"$T/cmp" || exit 2
fi
kp-classify -P gate -T "$threshold" "$T/cmp" >"$T/class" || exit 2

if [ "$report_only" -eq 1 ]; then
	kp-render -f table "$T/class" || exit 2
	exit 0
fi
kp-render -f table --fail-on "$fail_on" "$T/class"
rc=$?
[ "$rc" -le 2 ] || rc=2
exit "$rc"
