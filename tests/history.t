#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The history part of pipelines/nightly.mk on the bundled MMTests runs:
# one file per kernel, added once; a night run again changes nothing; a
# night that fails halfway leaves no trace; the trend stage runs over it.
. "$(dirname "$0")/lib.sh"
LABELS=$top/tests/data/mmtests-labels
DATA=$FIX/work/log
H=$T/history
nightly() {	# nightly OUT [KP_BIN]
	make -s -f "$top/pipelines/nightly.mk" DATA="$DATA" OUT="$1" LABELS="$LABELS" \
		HISTORY="$H" KP_BIN="${2:-$KP_BIN}" >/dev/null 2>&1
}
state() {	# the history: names, inodes, modification times, checksums
	(cd "$H" && ls -A | while read -r f; do printf '%s %s\n' "$(stat -c '%n %i %y' "$f")" "$(cksum <"$f")"; done)
}

nightly "$T/n1"
ok $? "a night with HISTORY runs"
is "$(ls "$H" | tr '\n' ' ')" "v6.17.ndjson v6.18-rc1.ndjson v6.18.ndjson " \
	"one file per kernel"
is "$(jq -r '.kernel' "$H/v6.18.ndjson" | sort -u)" "v6.18" "each file holds its kernel's records only"
is "$(jq -c 'select(.type == "stat" and .scope == "group")' "$H"/*.ndjson | wc -l)" \
	"$(jq -c 'select(.type == "stat" and .scope == "group")' "$T/n1/stats.ndjson" | wc -l)" \
	"every statistic of the night is in the history"
is "$(jq -c 'select(.type == "trend")' "$T/n1/trend.ndjson" | wc -l)" \
	"$(jq -r 'select(.type == "stat" and .scope == "group") | [.key, .suite, .bench, .test, .op, .metric, .conc] | @tsv' "$T/n1/stats.ndjson" | sort -u | wc -l)" \
	"kp-trend runs over the history: one trend record per series"
is "$(jq -c 'select(.type == "cmp") | has("since") and has("triage")' "$T/n1/triaged.ndjson" | sort -u)" \
	"true" "the findings get their history (kp-triage) before the reports"
cmp -s "$T/n1/report.txt" /dev/null
ok $(( $? == 0 )) "and the reports are made"
state >"$T/before"

# the same night again, in a fresh output directory: nothing changes
nightly "$T/n2"
ok $? "the night runs again"
state >"$T/after"
cmp -s "$T/before" "$T/after"
ok $? "running a night again changes nothing in the history"

# a night whose kp-stats dies halfway: no trace in the history
mkdir "$T/bin"
for t in "$KP_BIN"/kp-*; do ln -s "$t" "$T/bin/"; done
rm "$T/bin/kp-stats"
printf '#!/bin/sh\nhead -c 100 "$1"\nexit 2\n' >"$T/bin/kp-stats"
chmod +x "$T/bin/kp-stats"
mv "$H/v6.18.ndjson" "$T/v6.18.kept"
state >"$T/before"
nightly "$T/n3" "$T/bin"
ok $(( $? == 0 )) "a night whose statistics fail, fails"
state >"$T/after"
cmp -s "$T/before" "$T/after"
ok $? "and leaves no trace in the history"

# history-add.sh itself: bad input, and a kernel already there
printf 'not json\n' >"$T/bad"
sh "$top/pipelines/history-add.sh" "$T/bad" "$H" 2>/dev/null
is "$?" 2 "history-add.sh: bad statistics exit 2"
sh "$top/pipelines/history-add.sh" "$T/n1/stats.ndjson" "$H"
ok $? "history-add.sh adds the missing kernel"
cmp -s "$H/v6.18.ndjson" "$T/v6.18.kept"
ok $? "as the first night wrote it"
is "$(ls -A "$H" | grep -c '^\.')" 0 "no temporary files left"
# a kernel label with a blank is one kernel, one file; one with a
# control character cannot name a file
printf '{"type":"stat","scope":"group","kernel":"v6.11-rc4-my build","median":1}\n{"type":"stat","scope":"group","kernel":"v6.10","median":2}\n' >"$T/blank"
run_status sh "$top/pipelines/history-add.sh" "$T/blank" "$T/hb"
is "$rc:$(cat "$T/err"):$(ls "$T/hb" | tr '\n' '|')" "0::v6.10.ndjson|v6.11-rc4-my build.ndjson|" \
    "history-add.sh: a label with a blank is one file"
is "$(jq -r .median "$T/hb/v6.11-rc4-my build.ndjson")" 1 "... holding that kernel's statistics"
# the lines are copied as written (1.50 stays 1.50), every line of a
# kernel to its file, the others to none; a record over two lines is refused
printf '{"type":"stat","scope":"group","kernel":"v1","median":1.50}\n{"type":"run","kernel":"v1","x":2.0}\n{"type":"runstat","x":3}\n{"type":"stat","scope":"group","kernel":"v2","median":2.0}\n' >"$T/verb"
run_status sh "$top/pipelines/history-add.sh" "$T/verb" "$T/hv"
is "$rc:$(cat "$T/err"):$(cat "$T/hv/v1.ndjson")|$(cat "$T/hv/v2.ndjson")" \
    '0::{"type":"stat","scope":"group","kernel":"v1","median":1.50}
{"type":"run","kernel":"v1","x":2.0}|{"type":"stat","scope":"group","kernel":"v2","median":2.0}' \
    "history-add.sh: each kernel's lines byte for byte"
printf '{"type":"stat","scope":"group",\n"kernel":"v3"}\n' >"$T/split"
run_status sh "$top/pipelines/history-add.sh" "$T/split" "$T/hs"
is "$rc:$(cat "$T/err"):$(ls "$T/hs")" "2:history-add.sh: $T/split: not NDJSON statistics (expected one record a line):" \
    "a record over two lines: exit 2, nothing added"
printf '{"type":"stat","scope":"group","kernel":"a\\nb"}\n' >"$T/ctl"
run_status sh "$top/pipelines/history-add.sh" "$T/ctl" "$T/hb"
is "$rc:$(cat "$T/err")" '2:history-add.sh: '"$T/ctl"': kernel "a\nb" holds a control character; it cannot name a file' \
    "a label with a newline: exit 2, named"
# a kernel name is data, often a server's (a SQUAD build version): one a
# shell would read is refused, and the files of the history reach
# kp-trend with no shell reading their names
printf '{"type":"stat","scope":"group","kernel":"v6.19`touch PWNED`"}\n' >"$T/bq"
run_status sh "$top/pipelines/history-add.sh" "$T/bq" "$T/hq"
is "$rc:$(cat "$T/err"):$(ls "$T/hq" 2>/dev/null)" '2:history-add.sh: '"$T/bq"': kernel "v6.19`touch PWNED`" cannot name a file: expected letters, digits, blanks and . _ @ : + -, not first - or .:' \
    "a label with a backquote: exit 2, named, no file"
mkdir "$T/hx" && cp "$H"/*.ndjson "$T/hx/" && mv "$T/hx/v6.18.ndjson" "$T/hx/v6.18\`touch PWNED\`.ndjson" &&
    mv "$T/hx/v6.17.ndjson" "$T/hx/v6.17 my build.ndjson" && cp -a "$T/n1" "$T/n4" && rm "$T/n4/trend.ndjson"
(cd "$T" && make -s -f "$top/pipelines/nightly.mk" DATA="$DATA" OUT="$T/n4" LABELS="$LABELS" \
    HISTORY="$T/hx" KP_BIN="$KP_BIN" "$T/n4/trend.ndjson" >/dev/null 2>&1)
ok $(test -s "$T/n4/trend.ndjson" && test ! -e "$T/PWNED"; echo $?) \
    "kp-trend reads a history file whatever its name, and no shell runs it"
done_testing
