#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-records(5), STRINGS: the parsers refuse a name with a control
# character, naming where they read it and the field; a newline in a
# kernel name would otherwise travel to kp-bisect's script and every
# report.  Each parser, and a SQUAD build version end to end (submitted,
# fetched, parsed).
. "$(dirname "$0")/lib.sh"
nl='
'
k="v6.19${nl}touch pwned"
D=$top/tests/data

run_status kp-parse-mmtests --meta "kernel=$k" "$FIX/work/log/baseline"
is "$rc:$(wc -l <"$T/out")" "2:0" "kp-parse-mmtests --meta kernel with a newline: exit 2, no record"
grep -q "^kp-parse-mmtests: $FIX/work/log/baseline.*: kernel \"v6.19...\": a control character (0x0a); expected none (kp-records(5), STRINGS)$" "$T/err"
ok $? "... naming the run and the field"
run_status kp-parse-results --meta "kernel=$k" "$D/gate/baseline.json"
is "$rc:$(grep -c '"type":"sample"' "$T/out")" "2:0" "kp-parse-results: exit 2, no sample"
grep -q "^kp-parse-results: $D/gate/baseline.json: kernel \"v6.19...\": a control character" "$T/err"
ok $? "... naming the file"
run_status kp-parse-bpftrace --meta "instance=a$(printf '\033')[2J" "$D/bpftrace/hist.txt"
is "$rc:$(grep -c '"type":"hist"' "$T/out")" "2:0" "kp-parse-bpftrace: an escape in a name: exit 2, no hist"
grep -q "^kp-parse-bpftrace: $D/bpftrace/hist.txt: instance \"a...\": a control character (0x1b)" "$T/err"
ok $? "... naming the file"
run_status kp-parse-mmtests --meta "kernel=v6.19 'quoted' \$(x)" "$FIX/work/log/baseline"
is "$rc:$(jq -r 'select(.type == "run") | .kernel' "$T/out" | sort -u)" "0:v6.19 'quoted' \$(x)" \
	"a name with quotes and \$(...) is a name like any other"

# SQUAD: a build whose version has a newline, submitted, fetched, parsed
sq=$top/tests/squad
mkdir -p "$T/srv"
echo lab/p >"$T/srv/projects"	# real SQUAD submits only to a project that exists
$PY "$sq/server.py" "$T/srv" 2>"$T/srv/log" &
spid=$!
trap 'kill $spid 2>/dev/null; rm -rf "$T"' EXIT
wait_file "$T/srv/port" $!
url=http://127.0.0.1:$(cat "$T/srv/port")
printf '{"j/s/b/t/o/ops@1": {"value": [1, 2], "unit": "ops/s"}}\n' >"$T/m.json"
printf '{"job_id": "j1", "instance": "c7g-1"}\n' >"$T/md.json"
sh "$sq/submit.sh" "$url" lab p "v6.19%0Atouch%20pwned" c7g "$T/m.json" "$T/md.json"
sh "$sq/submit.sh" "$url" lab p "v6.20" c7g "$T/m.json" "$T/md.json"
run_status kp-fetch -s "$T/store" "squad+$url/lab/p/"
is "$rc:$(jq -r 'select(.path | endswith("build.json")) | .path' "$T/out" | paste -sd' ')" \
	"0:builds/v6.19%0Atouch pwned/build.json builds/v6.20/build.json" \
	"kp-fetch stores the build with the newline escaped in its path"
run_status kp-parse-squad -s "$T/store"
is "$rc" 2 "kp-parse-squad: a build version with a newline: exit 2"
grep -q "^kp-parse-squad: $url/api/testruns/1/: kernel \"v6.19...\": a control character (0x0a)" "$T/err"
ok $? "... naming the testrun and the field"
is "$(grep -c 'v6.19.touch' "$T/out")" 0 "... and the name reaches no record"
done_testing
