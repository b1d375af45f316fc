#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh: mutation testing over a stated set of mutants (make mutate).
#
# usage: tests/mutate/run.sh [-n] [-t seconds] [-f table] [id ...]
#
# Each row of the table (tests/mutate/mutants.tsv) names a file, a
# snippet of its source that occurs exactly once, the snippet's
# replacement, and the test files that must fail once the change is made.
# A mutant is found by its content, never by a line number, so that code
# moved by other changes still finds it; a snippet that is no longer in
# the file, or is there twice, is reported as MISSING or AMBIGUOUS and
# counted neither killed nor survived, so that it is re-pointed rather
# than silently scored.
#
# The mutants are made in a scratch copy of the tree (build/ included,
# so only what a mutant changes is rebuilt): the tree itself is never
# changed, whatever stops the run.  Per mutant: apply, make -j2 (make
# rebuilds the dependents), prove the named tests, restore.
#
#   -n	only check the table: every snippet found once, every test there
#   -t	seconds a mutant's tests may take before they count as killed
#	(a loop the mutant made); default 900
#   -f	another table
#   id	run only these mutants
#
# Exit: 0 every mutant killed and every snippet found; 1 a mutant
# survived or a snippet is missing; 2 a bad table, or the tests fail on
# the unmutated tree (then no mutant can be judged).
#
# Table rows: six tab-separated fields, id, file, snippet, replacement,
# tests (space-separated, tests/NAME.t or unit/NAME for a C unit test)
# and why the mutant matters, none empty (to drop code, replace it with
# what is left of its line).  In snippet and replacement \t is a tab,
# \n a newline and \\ a backslash.  # starts a comment line.

top=$(cd "$(dirname "$0")/../.." && pwd)
table=$top/tests/mutate/mutants.tsv
check_only=0
limit=900
while getopts nt:f: ch; do
	case $ch in
	n) check_only=1 ;;
	t) limit=$OPTARG ;;
	f) table=$OPTARG ;;
	*) echo "usage: run.sh [-n] [-t seconds] [-f table] [id ...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -r "$table" ] || { echo "run.sh: $table: cannot read" >&2; exit 2; }
command -v perl >/dev/null && command -v prove >/dev/null ||
    { echo "run.sh: needs perl and prove" >&2; exit 2; }

W=$(mktemp -d "${TMPDIR:-/tmp}/kp-mutate.XXXXXX") || exit 2
# the scratch copy goes, on any exit; an interrupt ends the run there
trap 'rm -rf "$W"' EXIT
trap 'echo "run.sh: interrupted; the tree was never changed" >&2; exit 130' INT TERM HUP

# the rows to run: id file snippet replacement tests why, one a line,
# checked for their six fields; the ids asked for, else all
awk -F'\t' -v want="$*" '
	BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) ask[w[i]] = 1 }
	/^#/ || /^[ \t]*$/ { next }
	NF != 6 { printf "%s:%d: expected 6 tab-separated fields, found %d\n",
	    FILENAME, FNR, NF > "/dev/stderr"; bad = 1; next }
	{ for (i = 1; i <= 6; i++) if ($i == "") { printf "%s:%d: field %d is empty\n",
	    FILENAME, FNR, i > "/dev/stderr"; bad = 1 } }
	$1 in seen { printf "%s:%d: id %s used twice\n", FILENAME, FNR, $1 > "/dev/stderr"; bad = 1 }
	{ seen[$1] = 1 }
	n == 0 || ($1 in ask) { print; got[$1] = 1 }
	END {
		for (i = 1; i <= n; i++) if (!(w[i] in got)) {
			printf "no mutant %s in the table\n", w[i] > "/dev/stderr"; bad = 1 }
		exit bad
	}' "$table" >"$W/rows" || exit 2

# count FILE SNIPPET: how often the snippet occurs in the file
count() {
	perl -0777 -ne 'BEGIN { $s = shift @ARGV; $s =~ s/\\(.)/$1 eq "t" ? "\t" : $1 eq "n" ? "\n" : $1/ge }
		$n = 0; $p = 0; while (($p = index($_, $s, $p)) >= 0) { $n++; $p += length($s) || 1 }
		print "$n\n"' "$2" "$1"
}

# apply FILE SNIPPET REPLACEMENT: the one occurrence replaced, in place
apply() {
	perl -0777 -i -pe 'BEGIN { ($s, $r) = splice(@ARGV, 0, 2);
		for ($s, $r) { s/\\(.)/$1 eq "t" ? "\t" : $1 eq "n" ? "\n" : $1/ge } }
		$p = index($_, $s); substr($_, $p, length($s)) = $r if $p >= 0' "$2" "$3" "$1"
}

# the path of a test named in the table
testpath() {
	case $1 in
	unit/*) echo "$W/tree/build/tests/unit/${1#unit/}.t" ;;
	*) echo "$W/tree/$1" ;;
	esac
}

# every test a row names must be there: a typo would count as killed
while IFS='	' read -r id file snip repl tests why; do
	for t in $tests; do
		case $t in
		unit/*) [ -f "$top/tests/$t.c" ] ;;
		*) [ -f "$top/$t" ] ;;
		esac || { echo "run.sh: $id: no test $t" >&2; exit 2; }
	done
done <"$W/rows"

units=$(cd "$top/tests/unit" && ls *.c | sed 's,^\(.*\)\.c$,build/tests/unit/\1.t,')
start=$(date +%s)
if [ "$check_only" -eq 0 ]; then
	echo "run.sh: copying the tree and building it in $W"
	mkdir "$W/tree"
	(cd "$top" && tar --exclude=./.git --exclude=./build-asan --exclude=./build-fuzz \
	    --exclude=./out -cf - .) | (cd "$W/tree" && tar -xf -) || exit 2
	make -C "$W/tree" -j2 all $units >"$W/build.log" 2>&1 ||
	    { tail -20 "$W/build.log" >&2; echo "run.sh: the unmutated tree does not build" >&2; exit 2; }
	# the tests must pass before a mutant can be said to fail them
	all=$(cut -f5 "$W/rows" | tr ' ' '\n' | sort -u)
	paths=$(for t in $all; do testpath "$t"; done)
	echo "run.sh: the named tests on the unmutated tree:" $all
	(cd "$W/tree" && KP_BIN="$W/tree/build/bin" KP_UNIT="$W/tree/build/tests/unit" \
	    timeout "$limit" prove -e '' $paths) >"$W/base.log" 2>&1 ||
	    { tail -30 "$W/base.log" >&2; echo "run.sh: the tests fail without a mutant" >&2; exit 2; }
fi

killed=0 survived=0 missing=0 broken=0 n=0
surv_ids= miss_ids=
while IFS='	' read -r id file snip repl tests why; do
	n=$((n + 1))
	if [ ! -f "$top/$file" ]; then
		c=0
	else
		c=$(count "$top/$file" "$snip")
	fi
	if [ "$c" -ne 1 ]; then
		[ "$c" -eq 0 ] && st=MISSING || st=AMBIGUOUS
		printf '%-9s %s: %s: snippet found %s times, re-point it: %s\n' \
		    "$st" "$id" "$file" "$c" "$snip"
		missing=$((missing + 1))
		miss_ids="$miss_ids $id"
		continue
	fi
	[ "$check_only" -eq 1 ] && { echo "found     $id"; continue; }
	t0=$(date +%s)
	f=$W/tree/$file
	cp "$f" "$W/saved"
	apply "$f" "$snip" "$repl"
	if ! make -C "$W/tree" -j2 all $units >"$W/build.log" 2>&1; then
		st=BROKEN
		broken=$((broken + 1))
	else
		paths=$(for t in $tests; do testpath "$t"; done)
		(cd "$W/tree" && KP_BIN="$W/tree/build/bin" KP_UNIT="$W/tree/build/tests/unit" \
		    timeout "$limit" prove -e '' $paths) >"$W/prove.log" 2>&1
		case $? in
		0) st=SURVIVED survived=$((survived + 1)) surv_ids="$surv_ids $id" ;;
		124) st=TIMEOUT killed=$((killed + 1)) ;;
		*) st=KILLED killed=$((killed + 1)) ;;
		esac
	fi
	# restored, and newer than its objects so that make rebuilds them
	cp "$W/saved" "$f"
	touch "$f"
	printf '%-9s %s (%ss, %s)\n' "$st" "$id" $(($(date +%s) - t0)) "$tests"
	[ "$st" = SURVIVED ] && printf '          %s: %s\n' "$file" "$why"
done <"$W/rows"

[ "$check_only" -eq 1 ] && { [ "$missing" -eq 0 ]; exit $?; }
# the last mutant's file restored is rebuilt here, for nothing but tidiness
judged=$((killed + survived))
echo
printf 'mutation score: %d of %d killed' "$killed" "$judged"
[ "$judged" -gt 0 ] && awk -v k="$killed" -v j="$judged" 'BEGIN { printf " (%.1f%%)", 100 * k / j }'
printf '; %d mutants, %d missing or ambiguous, %d not compiling; %ds\n' \
    "$n" "$missing" "$broken" $(($(date +%s) - start))
[ -z "$surv_ids" ] || echo "survived:$surv_ids"
[ -z "$miss_ids" ] || echo "snippet not found once (re-point in $table):$miss_ids"
[ "$survived" -eq 0 ] && [ "$missing" -eq 0 ]
