#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-parse-results: results documents (nesting, samples, metadata), raw
# lmbench text, mapping files and errors
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
D=tests/data/gate

run_status kp-parse-results $D/baseline.json
is "$rc" 0 "a results document parses"
is "$(cat "$T/out")" "$(cat $D/baseline.expected)" "... into the expected records"
jq -c 'select(.type == "run") | [.run, .kernel, .host, .cpu_model, .start, .date, .env, .framework]' \
    "$T/out" >"$T/run"
is "$(cat "$T/run")" \
    '["baseline@ci-runner-1:1795132800","v6.17","ci-runner-1","AMD EPYC 7B13",1795132800,"2026-11-20","native","results"]' \
    "metadata becomes the run record; 2026-11-20 is 1795132800"
is "$(jq -r 'select(.type == "sample") | [.suite, .bench, .test, .op, .metric, .unit, .better, .rep, .value] | @tsv' "$T/out" |
    sed -n '1p;4p;6p;8p;12p' | tr '\t' ' ')" \
"lmbench lat_syscall lat_syscall/null null latency us lower 1 0.23
lmbench lat_proc lat_proc/exec exec latency us lower 1 705
lmbench lat_fs lat_fs/delete delete latency us lower 1 34
applications python_startup_ms python_startup_ms python_startup_ms time ms lower 2 24.1
applications git_status_ms git_status_ms git_status_ms time ms lower 1 132.7" \
    "names, lmbench latencies and _ms suffixes"
is "$(jq -c 'select(.op == "python_startup_ms") | .value' "$T/out" | tr '\n' ' ')" \
    "23.9 24.1 24.6 24 24.3 " "a samples array is reps 1..n; the median beside it is not a sample"
is "$(jq -c 'select(.op == "python_startup_ms") | .iterations' "$T/out" | sort -u)" 20 "iterations travel with each sample"

# deeper nesting, rates, a bare array, median without samples
cat >"$T/deep.json" <<'J'
{"meta": {"host": "h", "date": "2026-11-30T12:00:00Z", "name": "nightly"},
 "net": {"tcp": {"loopback": {"rr_per_sec": 51234, "stream_mb_s": [9100, 9200]}}},
 "io": {"fio": {"randread_iops": {"median": 81000, "iterations": 3}}}}
J
kp-parse-results "$T/deep.json" >"$T/out"
is "$?" 0 "a deeper document parses"
is "$(jq -r 'select(.type == "sample") | [.suite, .bench, .test, .op, .metric, .unit, .better, .rep, .value] | @tsv' "$T/out" | tr '\t' ' ')" \
"net tcp tcp/loopback/rr_per_sec rr_per_sec rate ops/s higher 1 51234
net tcp tcp/loopback/stream_mb_s stream_mb_s bandwidth MB/s higher 1 9100
net tcp tcp/loopback/stream_mb_s stream_mb_s bandwidth MB/s higher 2 9200
io fio fio/randread_iops randread_iops rate IO/s higher 1 81000" "four levels, rates, a bare array, a median alone"
is "$(jq -r 'select(.type == "run") | .run' "$T/out")" "nightly@h:1796040000" "meta.name and a date with a time name the run"

# a mapping file decides before the suffixes
cat >"$T/map" <<'M'
# pattern            metric  unit  better
applications/*_ms    startup ms    lower
net/*/*/rr_*         trans   tps   higher
M
kp-parse-results -m "$T/map" $D/baseline.json "$T/deep.json" >"$T/out"
is "$(jq -r 'select(.op == "git_status_ms" or .op == "rr_per_sec") | .metric + " " + .unit' "$T/out" | tr '\n' ' ')" \
    "startup ms trans tps " "-m rules win over suffixes"
printf '{"applications": {"page_faults": 12}}\n' >"$T/unk.json"
run_status kp-parse-results "$T/unk.json"
is "$rc" 2 "a value of unknown direction: exit 2"
grep -q 'unk.json:1:34: cannot tell the unit of "applications/page_faults"' "$T/err"
ok $? "... naming file, line and column and asking for a rule"
echo 'applications/page_faults faults - lower' >"$T/map"
is "$(kp-parse-results -m "$T/map" "$T/unk.json" | jq -r 'select(.type == "sample") | .unit + "|" + .metric')" \
    "|faults" "... and '-' is no unit"

# raw lmbench text
run_status kp-parse-results $D/lmbench.txt
is "$rc" 0 "lmbench text parses"
is "$(cat "$T/out")" "$(cat $D/lmbench.expected)" "... into the expected records"
is "$(cat "$T/err")" "" "... with no warning: a section title is known"
{ cat $D/lmbench.txt; echo 'Simple syscall 0.2'; echo 'bogus'; } >"$T/lm.txt"
run_status kp-parse-results "$T/lm.txt"
grep -q 'lm.txt:18: 2 lines not understood as lmbench results (first here); the run is marked partial$' "$T/err"
ok $? "... lines it does not know are counted, not dropped silently"
is "$(jq -c 'select(.type == "runstat") | [.job, .partial]' "$T/out")" '["lmbench",true]' \
    "... and the run's runstat record says partial"
is "$(jq -r 'select(.test == "lat_fs/create") | .value * 1e6 | round' "$T/out")" 46999107 \
    "lat_fs 21277 files/s is 1e6/21277 us per file"
is "$(jq -r 'select(.op == "select_on_100_fds") | .unit + " " + .better' "$T/out")" "us lower" \
    "an unknown latency line keeps its unit"
# the same names as a document: lmbench text and JSON compare
a=$(kp-parse-results $D/baseline.json | jq -r 'select(.suite == "lmbench") | .test' | sort)
b=$(kp-parse-results $D/lmbench.txt 2>/dev/null | jq -r '.test // empty' | sort)
is "$(printf '%s\n' "$a" | comm -23 - "$(printf '%s\n' "$b" >"$T/b"; echo "$T/b")")" "" \
    "every lmbench test of the document has its name in lmbench text"
printf 'Simple syscall: 0.2 microseconds\nSimple syscall: 0.3 microseconds\n' |
    kp-parse-results >"$T/out"
is "$(jq -r 'select(.type == "sample") | .rep' "$T/out" | tr '\n' ' ')" "1 2 " \
    "a repeated line is the next rep (standard input)"

printf '{"a": {"x_ms": 1}, "b": {"x_ms": 2}}\n' | kp-parse-results >"$T/out"
is "$(jq -r 'select(.type == "sample") | .rep' "$T/out" | tr '\n' ' ')" "1 1 " \
    "one name in two suites is two measurements"

# bad input, a document a line: exit 2, and where a pattern is given, the
# message names the file and line
while IFS='|' read -r doc what named; do
	printf '%s\n' "$doc" >"$T/bad.json"
	run_status kp-parse-results "$T/bad.json"
	is "$rc" 2 "$what: exit 2"
	[ -z "$named" ] && continue
	grep -q "$named" "$T/err"
	ok $? "... naming file and line"
done <<'EOF'
{"lmbench": {"lat_syscall": {"null": 0.23,}}}|a trailing comma|^kp-parse-results: .*bad.json:1:
{"a": {"b_ms": "fast"}}|a string where a number belongs|
{"a": {"b_ms": {"samples": []}}}|an empty samples array|
{"meta": {"date": "last week"}, "a": {"b_ms": 1}}|a date that is not a date|
EOF
run_status kp-parse-results /nonexistent
is "$rc" 2 "a missing file: exit 2"
run_status kp-parse-results --meta novalue
is "$rc" 2 "--meta without '=': exit 2"
grep -q '^usage: kp-parse-results \[--meta key=value\] \[-m mapfile\] \[file ...\]$' "$T/err"
ok $? "usage is the SYNOPSIS"
kp-parse-results $D/baseline.json >/dev/full 2>"$T/err"
is "$?" 2 "a failed write: exit 2"

# the man page's examples
cp $D/baseline.json $D/lmbench.txt "$T/"
(cd "$T" && kp-parse-results baseline.json | jq -c 'select(.type == "sample")') >"$T/ex"
is "$(wc -l <"$T/ex" | tr -d ' ')" 12 "EXAMPLES: the baseline document as records"
(cd "$T" && echo 'applications/*_faults faults - lower' > units.map &&
    kp-parse-results --meta kernel=v6.18 -m units.map lmbench.txt 2>/dev/null) >"$T/ex"
is "$(jq -r 'select(.type == "run") | .kernel' "$T/ex")" v6.18 "EXAMPLES: lmbench output with its kernel named"
# a CI suite's own shape: metadata as top-level strings, percentiles and
# miss rates
printf '{"host": "ci-7", "cpu": "EPYC", "date": "2026-11-20", "lmbench": {"lat_syscall": {"open": 1.98}},\n "app": {"req_latency_ms": {"p50": 1.2, "p95": 3.4}, "l2_cache_miss_rate": 0.05}}\n' >"$T/top.json"
run_status kp-parse-results "$T/top.json"
is "$rc" 0 "top-level strings are metadata, not measurements"
is "$(jq -r 'select(.type == "run") | "\(.host) \(.cpu_model) \(.date)"' "$T/out")" "ci-7 EPYC 2026-11-20" \
    "... and fill the run record"
is "$(jq -r 'select(.type == "sample") | "\(.op):\(.unit):\(.better)"' "$T/out" | tr '\n' ' ')" \
    "open:us:lower p50:ms:lower p95:ms:lower l2_cache_miss_rate:ratio:lower " \
    "percentiles take their parent's unit; a miss rate is lower-better"
printf '{"app": {"ipc_ratio": 1.3}}\n' >"$T/ratio.json"
run_status kp-parse-results "$T/ratio.json"
is "$rc" 2 "a bare _ratio: its direction is not guessed"
grep -q 'ratio.json:1:.*"app/ipc_ratio" is a percentage or a ratio, but is higher or lower better' "$T/err"
ok $? "... the message says what is missing" || sed 's/^/# /' "$T/err"
printf 'app/ipc_ratio ipc ratio higher\n' >"$T/ipc.map"
run_status kp-parse-results -m "$T/ipc.map" "$T/ratio.json"
is "$rc" 0 "... a mapping rule gives it"
mandoc -Tlint -W warning man/man1/kp-parse-results.1
ok $? "kp-parse-results(1) passes mandoc -Tlint"
done_testing
