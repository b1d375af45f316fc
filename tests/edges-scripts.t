#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The scripts of pipelines/ and tools/ with names that are data: run
# directories, an output directory and a labels file whose names hold
# quotes, $(...), backquotes, a semicolon, a backslash or a leading '-'
# are paths to fanout.sh, never shell; a name that cannot be one line of
# its job list (a newline, a tab) is refused.  watch.sh takes no
# repository or payload of its watchlist as an option.  Each command a
# name could run would leave a PWNED file.
. "$(dirname "$0")/lib.sh"
command -v parallel >/dev/null || { skip edges-scripts "GNU parallel is not installed"; done_testing; exit; }
pwned() {	# the PWNED files anywhere under $T or the current directory
	find "$T" . -maxdepth 3 -name 'PWNED*' 2>/dev/null | wc -l
}
cd "$T" || exit 2
L=$FIX/work/log
mkdir runs
for n in "a'b" 'a"b' '$(touch PWNED1)' '`touch PWNED2`' 'x;touch PWNED3' '-dash' 'back\tslash'; do
	cp -r "$L/baseline" "runs/$n"
done
lab="lab'\$(touch PWNED4)"
mkdir "$lab"
{
	printf '%s\tkernel=v1\n' "a'b" '$(touch PWNED1)' '-dash'
	printf '%s\tkernel=v2\n' 'back\tslash'
} >"$lab/labels"
out="out'\$(touch PWNED5)\`touch PWNED6\`"
cd runs || exit 2
run_status fanout.sh -j 2 -l "../$lab/labels" -o "../$out" -- *
cd .. || exit 2
is "$rc:$(pwned):$(ls "$out" | grep -c '\.ndjson$')" "0:0:7" \
    "fanout.sh: seven runs with hostile names, a hostile -o and -l: exit 0, seven files, nothing run"
sed 's/^/# /' "$T/err" | head -5
is "$(jq -r 'select(.type == "run") | .kernel' "$out/-dash.ndjson" "$out/back\\tslash.ndjson" "$out/a\"b.ndjson" | tr '\n' ' ')" \
    "v1 v2 $(kp-parse-mmtests "$L/baseline" | jq -r 'select(.type == "run") | .kernel') " "... each labelled by its own line (a backslash is no escape, -dash no option)"
run_status fanout.sh -o "$out" -- "runs/a'b" "-dash"
is "$rc" 2 "a relative RUNDIR named -dash is no option either: exit 2 when it is not there"
grep -q '^fanout.sh: -dash: not a directory' "$T/err"
ok $? "... said as a path"
nl='
'
mkdir "runs/new${nl}line" "runs/ta	b"
run_status fanout.sh -o "$out" "runs/new${nl}line"
is "$rc:$(cat "$T/err")" "2:fanout.sh: runs/new^Jline: a run directory whose path holds a newline or a tab; refused" \
    "a run directory with a newline: refused, shown in caret notation"
run_status fanout.sh -o "$out" "runs/ta	b"
is "$rc:$(cat "$T/err")" "2:fanout.sh: runs/ta^Ib: a run directory whose path holds a newline or a tab; refused" \
    "... and one with a tab"

# watch.sh: a watchlist's repository that starts with '-' would be an
# option of git ls-remote (--upload-pack=CMD runs CMD); a payload that
# does, an option of kp-plan
git init -q --bare up.git
git clone -q up.git w 2>/dev/null
git -C w -c user.name=kp -c user.email=kp@example.org commit -q --allow-empty -m v1
git -C w tag v1 && git -C w push -q origin HEAD --tags 2>/dev/null
sed -n '/^A payload for two/,/^\.Ed/p' "$top/man/man1/kp-plan.1" | sed '1,3d;$d' |
    sed '/git_sha:/d' >./-payload.yaml
printf '#!/bin/sh\ntouch "%s/PWNED7"\n' "$T" >evil
chmod +x evil
printf -- '--upload-pack=./evil v* -payload.yaml\nup.git v* -payload.yaml\n' >watchlist
run_status sh "$top/pipelines/watch.sh" -o plans -s state -x 'echo "$1" >>submitted' watchlist
is "$rc:$(pwned):$(cat "$T/err")" "2:0:watch.sh: watchlist:1: --upload-pack=./evil: expected a repository, not an option; write ./--upload-pack=./evil for a directory" \
    "watch.sh: a repository starting with '-': refused, named with its line, nothing run"
is "$(wc -l <submitted 2>/dev/null)" 1 "... the next line's payload -payload.yaml is a file to kp-plan: its plan submitted"
# kp-bisect writes a script: every name in it (suite, bench, test, op,
# metric, the kernels, the script's own path) reads back as itself
H='a'"'"'b"c$(touch PWNED8)`touch PWNED9`;d\e'
jq -nc --arg h "$H" '{type:"trend",key:"k",suite:$h,bench:$h,test:$h,op:$h,
	metric:$h,unit:"ops/s",better:"higher",conc:1,series:[],drifts:[],
	changes:[{first:("K2"+$h),before:("K1"+$h),size_pct:-10,ci_low_pct:-12,
	ci_high_pct:-8,z:5,p:0.001,worse:true,family:null,provisional:false,
	persists:true,reverted_in:null}],transients:[]},
	{type:"stat",scope:"group",key:"k",suite:$h,bench:$h,test:$h,op:$h,
	metric:$h,conc:1,kernel:("K1"+$h)}' >bisect.ndjson
bd="bis'\$(touch PWNED10)\`touch PWNED11\`;x"
mkdir "$bd"
run_status kp-bisect -x 'exit 3' -o "$bd/run'\$(touch PWNED12).sh" bisect.ndjson
is "$rc:$(pwned)" "0:0" "kp-bisect: names with ' \" \$() \` ; and \\: a script, nothing run"
sh "$bd/run'\$(touch PWNED12).sh" 2>/dev/null
is "$?:$(pwned)" "125:0" "... which runs (the command fails: skip) and runs nothing of the names"
got=$(sed -n '/^meas=/p; /^good=/p' "$bd/run'\$(touch PWNED12).sh" >vars && . ./vars &&
    printf '%s\n%s' "$good" "$meas")
is "$got" "$T/$bd/run'\$(touch PWNED12).sh.good.ndjson
$(jq -c '{key, suite, bench, test, op, metric, conc}' <bisect.ndjson | head -1)" \
    "... its variables read back as the path and the measurement"

# gate.sh: a target and a baseline after -- that start with '-' are files
cp "$top/tests/data/gate/baseline.json" ./-base.json
cp "$top/tests/data/gate/baseline.json" ./-new.json
run_status sh "$top/pipelines/gate.sh" -- -new.json -base.json
is "$rc:$(tail -n 1 "$T/out")" "0:PASS: 0 of 8 metrics regressed past 20%" \
    "gate.sh -- -new.json -base.json: two files compared"

# reanalyze.sh -o and history-add.sh's operands that start with '-'
kp-stats "$out/a'b.ndjson" "$out/back\\tslash.ndjson" >./-stats.ndjson
run_status sh "$top/pipelines/reanalyze.sh" -b kernel=v1 -t kernel=v2 -o -re ./-stats.ndjson
is "$rc:$(ls ./-re | tr '\n' ' ')" "0:findings.ndjson report.csv report.json report.md report.txt report.xml " \
    "reanalyze.sh -o -re: the directory -re written"
run_status sh "$top/pipelines/history-add.sh" -stats.ndjson -hist
is "$rc:$(ls ./-hist | tr '\n' ' ')" "0:v1.ndjson v2.ndjson " "history-add.sh -stats.ndjson -hist: a file each kernel"

# labels-check.sh names a label that names no run as kp's tools show a
# name: ESC, CR, BS, CSI (U+009B) and U+202E would drive the terminal or
# reorder the line
printf 'x\033[2J\r\bq\342\200\256y\302\233z\tkernel=v1\n' >hostile.labels
run_status sh "$top/pipelines/labels-check.sh" hostile.labels ok
is "$rc:$(cat "$T/err")" '2:labels-check.sh: hostile.labels:1: the label of "x^[[2J^M^Hq<U+202E>y^[[z" names no run; runs: ok' \
    "labels-check.sh: a hostile label is shown, not obeyed"

# nightly.mk: a run named with a ':' ends its target (make said only
# "target pattern contains no '%'"); a path given with a quote and a
# backquote (the old nightly.mk ran it), $,
# white space, '#', '%', '=' or ':' is one make cannot quote: each refused
# before anything runs, naming it
mkdir mk
cp -r "$L/baseline" "mk/a:b"
run_status make -f "$top/pipelines/nightly.mk" DATA=mk OUT=mo
is "$rc:$(grep -c 'mk/a:b/iter-0: a run name is letters, digits and \. _ @ + - (no white space or :)' "$T/err")" "2:1" \
    "nightly.mk: a run named a:b refused, named"
rm -r "mk/a:b"
cp -r "$L/baseline" mk/ok
for o in "o'\`date>PWNED13\`'" 'o u' 'o#u' 'o%u' 'o=u' 'o:u' 'o$u'; do
	run_status make -f "$top/pipelines/nightly.mk" DATA=mk OUT="$o"
	is "$rc:$(pwned):$(sed 's/^[^*]*\*\*\* //' "$T/err")" \
	    "2:0:OUT=$o: a path make cannot quote; expected letters, digits and . _ @ + - / , ~ (no white space, quote, \$ # % = or :): rename it or give a link to it.  Stop." \
	    "nightly.mk OUT=$o: refused, nothing run"
done
run_status make -f "$top/pipelines/nightly.mk" DATA=mk OUT=mo LABELS="l'\`date>PWNED14\`'"
is "$rc:$(pwned):$(grep -c "LABELS=l'" "$T/err")" "2:0:1" "... and LABELS"

# Every script's messages show a name from input as kp's tools do
# (pipelines/vis.sh): ESC, CR, U+202E and a newline would drive the
# terminal, reorder the line or forge the next one of a log
h=$(printf 'x\033[2J\r\342\200\256y\nz')
shown='x^[[2J^M<U+202E>y^Jz'
raw() {	# the lines of stderr with an ESC, a CR or a U+202E of their own
	LC_ALL=C grep -c "$(printf '[\033\r]\\|\342\200\256')" "$T/err"
}
said() {	# said NAME: exit 2, the name shown on one line, nothing raw
	is "$rc:$(raw):$(grep -cF "$shown" "$T/err")" "2:0:1" "$1"
}
run_status fanout.sh -o out2 -- "$h"
said "fanout.sh: a run directory with ESC, CR, U+202E and a newline"
run_status sh "$top/pipelines/history-add.sh" "$h" hist
said "history-add.sh: STATS"
printf 'q\tkernel=v1\n' >"$h"
run_status sh "$top/pipelines/labels-check.sh" "$h" ok
said "labels-check.sh: its labels file"
run_status sh "$top/pipelines/reanalyze.sh" "$h"
said "reanalyze.sh: FILE"
run_status sh "$top/pipelines/gate.sh" -- "$h.json" -base.json
is "$rc:$(raw):$(grep -cF "$shown.json" "$T/err")" "2:0:1" "gate.sh: the target"
run_status kp-ab "$h/a" "$h/b"
said "kp-ab: an operand"
run_status kp-bisect -x true -T "$h" bisect.ndjson
said "kp-bisect: an option's argument"
printf '%s v* -payload.yaml\n' "$(printf 'r\033[2J\r\342\200\256')" >wl
run_status sh "$top/pipelines/watch.sh" -o plans -s state2 -x true wl
is "$rc:$(raw):$(grep -c '^watch.sh: r^\[\[2J^M<U+202E>: git ls-remote failed' "$T/err")" "2:0:1" \
    "watch.sh: a repository of its watchlist, and git's message of it"
# gate.sh names the measurements a new baseline would lose as lines:
# one with a blank and a '*' is one, not two words and a glob
jq '.applications["x *y_ms"] = {"median": 1, "samples": [1, 1, 1]}' \
    "$top/tests/data/gate/baseline.json" >glob.json
: >xzy_ms
run_status sh "$top/pipelines/gate.sh" --update-baseline "$top/tests/data/gate/baseline.json" glob.json
is "$rc:$(grep -c 'lacks 1 of the 9 measurements of glob.json (applications/x \*y_ms); give --allow-fewer' "$T/err")" "2:1" \
    "gate.sh --update-baseline: a lost measurement named 'x *y_ms' said as it is (the old gate.sh said 'x, xzy_ms')"
jq -c '.kernel = "a\u202eb"' "$out/-dash.ndjson" | kp-stats >rlo.ndjson
run_status sh "$top/pipelines/history-add.sh" rlo.ndjson hist
is "$rc:$(raw):$(grep -c 'kernel "a<U+202E>b" cannot name a file' "$T/err")" "2:0:1" \
    "history-add.sh: a kernel that cannot name a file"

is "$(pwned)" 0 "no name ran as a command anywhere"
done_testing
