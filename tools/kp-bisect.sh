#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-bisect: hand a change point of kp-trend to git bisect run: the good
# and bad kernels, and a script that runs the user's benchmark command on
# each commit and gates its result against the good kernel with kp.
# See kp-bisect(1).
usage() {
	echo "usage: kp-bisect -x command [-k kernel] [-o script] [-s field=value] [-T pct] [file ...]"
}
help() {	# the synopsis, then a line for each option, as kp-bisect(1)
	usage
	cat <<-'END'

	  -x command        the benchmark command, a line of sh(1)
	  -k kernel         the change point whose new level starts at kernel
	  -o script         where to write the script; default kp-bisect-run.sh
	  -s field=value    only the trend records whose field equals value
	  -T pct            the gate's threshold; default half the change
	  --help            print this help and exit
	  --version         print the name and version and exit
	END
}
# kp_vis and kp_say, names shown as kp's tools show them (pipelines/vis.sh,
# put here by make)
# @vis.sh@
bad() {	# an option getopts refused: named, then the synopsis, exit 2
	kp_say "kp-bisect: $*"
	usage >&2
	exit 2
}
die() {	# names shown, not obeyed: a newline as ^J, ESC as ^[
	kp_say "kp-bisect: $*"
	exit 2
}
case $1 in
--help) help; exit 0 ;;
--version) echo "kp-bisect @VERSION@"; exit 0 ;;
esac

cmd= kernel= script=kp-bisect-run.sh threshold= sel='true'
while getopts :k:o:s:T:x: opt; do
	case $opt in
	k) kernel=$OPTARG ;;
	o) script=$OPTARG ;;
	s)
		case $OPTARG in
		?*=?*) ;;
		*) die "-s $OPTARG: expected FIELD=VALUE" ;;
		esac
		f=${OPTARG%%=*} v=${OPTARG#*=}
		sel="$sel and ((.$(printf %s "$f" | tr -cd 'A-Za-z0-9_') // \"\") | tostring) == $(jq -n --arg v "$v" '$v')"
		;;
	T)
		printf %s "$OPTARG" | grep -Eq '^[0-9]+(\.[0-9]+)?$' ||
			die "-T $OPTARG: expected a percentage"
		threshold=$OPTARG ;;
	x) cmd=$OPTARG ;;
	:) bad "option -$OPTARG needs an argument" ;;
	*)
		[ "$OPTARG" = - ] || bad "unknown option -$OPTARG"
		# "--name": dash has moved OPTIND past it, bash not
		eval "a=\${$((OPTIND - 1))}"
		case $a in --?*) ;; *) eval "a=\${$OPTIND}" ;; esac
		bad "unknown option ${a%%=*}" ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$cmd" ] || { usage >&2; exit 2; }
command -v jq >/dev/null || die "jq is needed"

# the tools the script calls: those beside this one
bin=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/kp-bisect.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cat -- "$@" >"$work/in" || die "cannot read the input"

# the change point: the worse changes of the trend records selected, a
# persisting one before a reverted one, then the strongest evidence
jq -c --arg k "$kernel" "select(.type == \"trend\") | select($sel) |
	. as \$t | .changes[] | select(.worse) |
	select(\$k == \"\" or .first == \$k) |
	{t: \$t, c: .}" "$work/in" >"$work/cand" 2>"$work/err" ||
	die "bad input: $(head -1 "$work/err")"
n=$(wc -l <"$work/cand")
[ "$n" -gt 0 ] || die "no change point for the worse in the trend records selected"
jq -sc 'sort_by([(.c.persists | not), .c.provisional, -(.c.z | fabs)]) | .[0]' \
	"$work/cand" >"$work/pick"
[ "$(jq -sc '[.[] | .t | [.key, .suite, .bench, .test, .op, .metric, .conc]] |
	unique | length' "$work/cand")" -eq 1 ] ||
	{
		kp_say "kp-bisect: the selection matches several series; narrow it with -s:"
		jq -r '.t | "  -s key=\(.key) -s test=\(.test) -s op=\(.op) -s metric=\(.metric) -s conc=\(.conc)"' "$work/cand" |
		    sort -u | while IFS= read -r l; do kp_say "$l"; done
		exit 2
	}

good=$(jq -r '.c.before' "$work/pick")
bad=$(jq -r '.c.first' "$work/pick")
# a change from a zero level has no percentage (kp(7)): every move from
# 0 is past any threshold, and the default is then 50%
[ -n "$threshold" ] || threshold=$(jq -r '.c.size_pct // 100 | fabs / 2 | . * 100 | round / 100' "$work/pick")
sha() {	# the commit a kernel was built from, from its run records
	jq -r --arg k "$1" 'select(.type == "run" and .kernel == $k and
		.kernel_sha != null) | .kernel_sha' "$work/in" | head -1
}
good_sha=$(sha "$good")
bad_sha=$(sha "$bad")

# the good kernel's statistics of the measurement, and its learned noise
jq -c --slurpfile p "$work/pick" '($p[0].t) as $t |
	select((.type == "stat" and .scope == "group") or (.type == "noise" and .source == "history")) |
	select(.key == $t.key and .suite == $t.suite and .bench == $t.bench and
	    .test == $t.test and .op == $t.op and .metric == $t.metric and .conc == $t.conc) |
	select(.type == "noise" or .kernel == $p[0].c.before)' "$work/in" >"$work/good"
grep -q '"type":"stat"' "$work/good" ||
	die "no stat record of $good for the measurement: give the history's statistics with the trend records"

# Every value written into the script goes through q: quoted for the
# shell, and refused when it holds a control character, which no quoting
# keeps out of a comment line (kp-records(5): names hold none).  Call it
# as x=$(q VALUE WHAT) || exit 2: it dies in the subshell.
q() {	# q VALUE WHAT: a shell word that reads back as VALUE
	case $1 in
	*[[:cntrl:]]*) die "$2 holds a control character; refused, expected none (kp-records(5))" ;;
	esac
	printf "'%s'" "$(printf %s "$1" | sed "s/'/'\\\\''/g")"
}
case $script in
/*) ;;
*) script=$(pwd)/$script ;;
esac
meas=$(jq -c '.t | {key, suite, bench, test, op, metric, conc}' "$work/pick")
# a name ending in a newline loses it to $(...): look at the names in jq
ctl=$(jq -r '[.c.before, .c.first, .t.suite, .t.bench, .t.test, .t.op, .t.metric] |
	map(strings | select(explode | any(. < 32 or . == 127))) | .[0] // empty | @json' "$work/pick")
[ -z "$ctl" ] || die "the name $ctl holds a control character; refused, expected none (kp-records(5))"
what=$(jq -r '.t | "\(.suite)/\(.bench)/\(.test)[\(.op) \(.metric)] at \(.conc)"' "$work/pick")
q_script=$(q "$script" "the script's path") &&
	q_what=$(q "$what" "the measurement") &&
	q_goodk=$(q "$good" "the good kernel") &&
	q_badk=$(q "$bad" "the bad kernel") &&
	q_bin=$(q "$bin" "kp's directory") &&
	q_cmd=$(q "$cmd" "the command (-x)") &&
	q_good=$(q "$script.good.ndjson" "the script's path") &&
	q_meas=$(q "$meas" "the measurement") &&
	q_threshold=$(q "$threshold" "the threshold") || exit 2
cp "$work/good" "$script.good.ndjson.tmp" && mv "$script.good.ndjson.tmp" "$script.good.ndjson" ||
	die "cannot write $script.good.ndjson"
cat >"$script.tmp" <<EOF || die "cannot write $script"
#!/bin/sh
# git bisect run $q_script
# written by kp-bisect: is $q_what
# worse by more than $threshold% than $q_goodk, as $q_badk was?
# exit 0 good, 1 bad, 125 skip (the run failed or its result is bad input),
# 128 abort (the command cannot run at all); never 2.
PATH=$q_bin:\$PATH
cmd=$q_cmd
good=$q_good
meas=$q_meas
threshold=$q_threshold
EOF
cat >>"$script.tmp" <<'EOF' || die "cannot write $script"
command -v jq >/dev/null && command -v kp-compare >/dev/null &&
	[ -r "$good" ] || { echo "kp-bisect: jq, kp or $good missing" >&2; exit 128; }
out=$(mktemp -d "${TMPDIR:-/tmp}/kp-bisect-run.XXXXXX") || exit 128
trap 'rm -rf "$out"' EXIT
# the command gets a path as its last argument, where it leaves an
# MMTests log directory or a results document
sh -c "$cmd"' "$1"' kp-bisect "$out/result"
rc=$?
case $rc in
0) ;;
126|127) echo "kp-bisect: the command cannot run (status $rc)" >&2; exit 128 ;;
*) echo "kp-bisect: the command failed (status $rc): skip" >&2; exit 125 ;;
esac
if [ -d "$out/result" ]; then
	kp-parse-mmtests --meta kernel=bisect "$out/result"
elif [ -f "$out/result" ]; then
	kp-parse-results --meta kernel=bisect "$out/result"
else
	echo "kp-bisect: the command left no result in its directory: skip" >&2
	exit 125
fi >"$out/parsed" || exit 125
kp-identify "$out/parsed" | kp-stats >"$out/stats" || exit 125
# the measurement, under the good kernel's key: comparable by decree
jq -c --argjson m "$meas" 'select(.type == "stat" and .scope == "group" and
	.suite == $m.suite and .bench == $m.bench and .test == $m.test and
	.op == $m.op and .metric == $m.metric and .conc == $m.conc) | .key = $m.key' \
	"$out/stats" >"$out/cand" || exit 125
[ -s "$out/cand" ] || { echo "kp-bisect: the result lacks the measurement: skip" >&2; exit 125; }
cat "$good" "$out/cand" | kp-compare -b kernel="$(jq -r 'select(.type == "stat") | .kernel' "$good" | head -1)" \
	-t kernel=bisect | kp-classify -P gate -T "$threshold" >"$out/cmp" || exit 125
# Bisection must choose: a commit worse past the midpoint is nearer the
# bad kernel than the good one, also when the gate, which asks for the
# whole interval past the threshold with one run a side, is uncertain.
verdict=$(jq -r --argjson t "$threshold" 'select(.type == "cmp") |
	"\(if .class == "regression" or (.class == "uncertain" and .worse and
	    (.change_pct == null or (.change_pct | fabs) > $t)) then "bad" else "good" end) \(.class) \(.change_pct)"' "$out/cmp")
echo "kp-bisect: $(git rev-parse --short HEAD 2>/dev/null): $verdict" >&2
case $verdict in
bad*) exit 1 ;;
"") exit 125 ;;
*) exit 0 ;;
esac
EOF
chmod +x "$script.tmp" && mv "$script.tmp" "$script" || die "cannot write $script"

# the record, through libkp's table of it (kp-bisect-record(1))
jq -c '.t' "$work/pick" | "$bin/kp-bisect-record" -k "$bad" -g "$good_sha" \
	-b "$bad_sha" -T "$threshold" -o "$script"
