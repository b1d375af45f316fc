#!/bin/sh
# gate.sh: compare a result against a checked-in baseline, for CI; see kp-gate(1)
prog=gate.sh

usage() {
	echo "usage: $prog [--report-only] [--threshold pct] [--metric quantile]" \
	    "[--fail-on class|severity] [--max-age days] [--triage file]" \
	    "[--fail-on-triaged] [--update-baseline] [-m mapfile]" \
	    "target baseline" >&2
	exit 2
}

die() {
	echo "$prog: $*" >&2
	exit 2
}

# The kp tools: on PATH, else beside this script, installed (bin and
# share/kp/pipelines under one prefix) or in a checkout (build/bin).
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v kp-compare >/dev/null 2>&1; then
	for d in "$here" "$here/../../../bin" "$here/../build/bin"; do
		if [ -x "$d/kp-compare" ]; then
			PATH=$(cd "$d" && pwd):$PATH
			break
		fi
	done
	command -v kp-compare >/dev/null 2>&1 ||
	    die "the kp tools (kp-compare, ...) are neither on PATH nor beside $here"
fi

report_only=0
update=0
threshold=${KP_GATE_THRESHOLD:-20}
metric=p99
fail_on=red,missing
nmaps=0
max_age=
triage=
triaged=
# options may come before or after the two operands, as CI scripts write them
nargs=0
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
	--triage) [ $# -ge 2 ] || usage; triage=$2; shift ;;
	--triage=*) triage=${1#*=} ;;
	--fail-on-triaged) triaged=--fail-on-triaged ;;
	-m) [ $# -ge 2 ] || usage
		[ -r "$2" ] && [ -f "$2" ] || die "$2: cannot read the mapping file"
		nmaps=$((nmaps + 1))
		eval "map$nmaps=\$2"
		shift ;;
	--max-age=*) max_age=${1#*=} ;;
	--) shift
		for a; do
			nargs=$((nargs + 1))
			eval "arg$nargs=\$a"
		done
		break ;;
	-?*) usage ;;
	*) nargs=$((nargs + 1))
		eval "arg$nargs=\$1" ;;
	esac
	shift
done
[ $nargs -eq 2 ] || usage
set -- "$arg1" "$arg2"
target=$1
baseline=$2
threshold=${threshold%\%}
case $threshold in
''|*[!0-9.]*|*.*.*) die "threshold \"$threshold\" is not a percentage, expected e.g. 20 or 10%" ;;
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
	bpftrace*) kp-parse-bpftrace --meta kernel="$2" --meta run_name="$2" "$1" ;;
	esac
}

cpu_model() {
	sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null |
	    head -n 1
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
		kp-parse-results $maps "$target" >"$T/rec" || exit 2
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
# an empty result is an error, never a pass
grep -q '^{"type":"\(sample\|hist\)"' "$T/target" ||
    die "$target: the result holds no measurement, only metadata; an empty result cannot pass the gate"
# a result without metadata was measured here and now
grep '^{"type":"run"' "$T/target" |
    jq -c --arg h "$(uname -n)" --arg c "$(cpu_model)" --arg d "$(date -u +%Y-%m-%d)" '
    if (.host // "unknown") == "unknown" then .host = $h else . end |
    if .cpu_model == null then .cpu_model = $c else . end |
    if .start == null then .start = (now | floor) | .finish = .start | .date = $d
    else . end' >"$T/rec" || exit 2
cat "$T/base" >>"$T/rec"
grep -v '^{"type":"run"' "$T/target" >>"$T/rec"

if [ "$hist" -eq 1 ]; then
	kp-hist -q "$metric" -b baseline -t target "$T/rec" >"$T/cmp" || exit 2
else
	kp-identify -x host -x cpu_model -x cpus -x mem_kb "$T/rec" >"$T/id" || exit 2
	kp-stats "$T/id" >"$T/stats" || exit 2
	kp-compare -b baseline -t target "$T/stats" >"$T/cmp" || exit 2
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
# (a benchmark that crashed must not go green)
set -- -f table
[ -z "$max_age" ] || set -- "$@" --max-age "$max_age"
if [ "$report_only" -eq 1 ]; then
	kp-render "$@" "$T/class" || exit 2
	rc=0
else
	kp-render "$@" --fail-on "$fail_on" $triaged "$T/class"
	rc=$?
fi
[ "$rc" -le 1 ] || exit 2

# the closing line: the verdict, the counts and the metrics by the
# document's own names (lmbench.lat_syscall.open)
jq -rs --arg kind "$tkind" --arg t "$threshold" --argjson rc "$rc" '
    def docname: if $kind == "results" then ([.suite] + (.test | split("/"))) | join(".")
	else "\(.suite)/\(.bench)/\(.test)[\(.op) \(.metric)]@\(.conc)" end;
    def covname: if $kind == "results" then
	(.name | sub("\\[[^\\]]*\\]@[0-9-]+$"; "") | split("/") | [.[0]] + .[2:] | join("."))
	else .name end;
    [.[] | select(.type == "cmp")] as $c |
    [.[] | select(.type == "coverage" and .scope == "compare" and .kind == "missing")] as $m |
    [$c[] | select(.class == "regression")] as $r |
    (if $rc == 1 then "FAIL" else "PASS" end) + ": " +
    "\($r | length) of \(($c | length) + ($m | length)) metrics regressed past \($t)%" +
    (if ($r | length) > 0 then " (" + ([$r[] | "\(docname) \(if .change_pct >= 0 then "+" else "" end)\(.change_pct | round)%"] | join(", ")) + ")" else "" end) +
    (if ($m | length) > 0 then "; \($m | length) missing from the result (" + ([$m[] | covname] | join(", ")) + ")" else "" end)
    ' "$T/class" || exit 2
exit "$rc"
