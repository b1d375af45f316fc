#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SQUAD as it is: tests/squad/server.py follows Linaro/squad's
# serializers and paginators (one test for each way it once differed),
# and kp-fetch, kp-parse-squad and the nightly batch read a lab shaped as
# real ones are: lab metrics without a unit, the compiler only in the
# TuxSuite backend's build metadata, build and boot testruns, a testrun
# without metadata.
. "$(dirname "$0")/lib.sh"
sq=$top/tests/squad
spids=
trap 'for p in $spids; do kill $p 2>/dev/null; done; rm -rf "$T"' EXIT
serve() {	# serve DIR: a server with project lab/graviton; sets $url
	mkdir -p "$1"
	echo lab/graviton >"$1/projects"
	$PY "$sq/server.py" "$1" 2>"$1/log" &
	spids="$spids $!"
	wait_file "$1/port" $!
	url=http://127.0.0.1:$(cat "$1/port")
}
get() { curl -fsS "$url/api/$1"; }
post() {	# post PATH CURL-ARGS...: the HTTP status
	p=$1; shift
	curl -s -o "$T/body" -w '%{http_code}' "$@" "$url/api/submit/$p"
}

# the server, against what Linaro/squad does
serve "$T/srv"
is "$(post nosuch/graviton/v1/c7g -F 'metadata={"job_id": "a"}')" 404 \
    "a submit to a project nobody made: 404 (squad/http.py)"
is "$(post lab/graviton/v1/c7g -F 'metadata={"job_id": "a", "instance": "c7g-1", "dut": "c7g.metal"}' \
    -F 'metrics={"s/b/t/t/o/ops": [1, 2], "s/b/t/t/o/ops@2": {"value": [3], "unit": "ops/s"}}')" 201 "a submit: 201"
is "$(post lab/graviton/v1/c7g -F 'metadata={"job_id": "a"}')" 400 \
    "the same job_id again: 400 (DuplicatedTestJob)"
grep -q "There is already a test run with job_id a" "$T/body"
ok $? "... saying so"
is "$(post lab/graviton/v1/c7g -F 'metadata={"job_id": "b", "instance": "c7g-2", "dut": "c7g.metal"}' \
    -F 'tests={"boot/x": "pass"}')" 201 "a testrun with tests and no metrics"
is "$(post lab/graviton/v1/c7g -F 'tests={"boot/y": "pass"}')" 201 "a testrun without metadata: 201"
is "$(get builds/1/metadata/ | jq -c '[.dut, .instance, (.job_id | sort)]')" \
    '["c7g.metal",["c7g-1","c7g-2"],["a","b"]]' \
    "build metadata: the union of its testruns', differing values as a sorted list (Build.metadata)"
get "builds/1/testruns/" >"$T/p1"
is "$(jq -c '[.count, (.results | length), (.next | test("limit=1&offset=1|offset=1&limit=1"))]' "$T/p1")" "[3,1,true]" \
    "build/ID/testruns: limit/offset pages with count (LimitOffsetPagination)"
trs=$(for o in 0 1 2; do get "builds/1/testruns/?limit=1&offset=$o" | jq -c '.results[0]'; done)
is "$(echo "$trs" | jq -r ".job_id" | grep -cx "[ab]")" 2 "... every testrun on its page"
is "$(echo "$trs" | jq -r 'select(.job_id == "b") | [.metrics, (.tests | type)] | @json')" '[null,"string"]' \
    "a testrun without metrics: \"metrics\": null (HyperlinkedMetricsIdentityField)"
nometa=$(echo "$trs" | jq -r 'select(.job_id != "a" and .job_id != "b") | .metadata_file')
is "$(curl -fsS "$nometa")" "None" "a testrun submitted without metadata: its metadata_file is the text None"
is "$(echo "$trs" | jq -r 'select(.job_id != "a" and .job_id != "b") | .job_id | test("^[0-9a-f-]{36}$")')" true \
    "... and a job_id SQUAD made up"
m=$(echo "$trs" | jq -r 'select(.job_id == "a") | .metrics')
get "${m#$url/api/}" >"$T/m"
is "$(jq -c '[has("count"), [.results[] | .unit]]' "$T/m")" '[false,[null,"ops/s"]]' \
    "a testrun's metrics: a cursor page without count; a metric without a unit: null"

# a lab as real ones are, through kp-fetch, kp-parse-squad and the batch
serve "$T/lab"
sed -n '/^A payload for two/,/^\.Ed/p' "$top/man/man1/kp-plan.1" | sed '1,3d;$d' |
    sed '/git_sha:/d; s/^instances: 5/instances: 4/' >"$T/payload.yaml"
for k in v6.18:0123456789abcdef0123456789abcdef01234567:0 v6.19:89abcdef0123456789abcdef0123456789abcdef:0.03; do
	tag=${k%%:*} rest=${k#*:} sha=${rest%%:*} slow=${rest#*:}
	plan=$(kp-plan -o "$T/plans" -c "$sha" -t c7g "$T/payload.yaml" | head -n 1)
	SQUAD_DIR=$T/lab $PY "$sq/fakelab.py" "$plan" "$url" "$tag" "$slow" asis
done
ok $? "the lab's jobs and SQUAD's TuxSuite backend submit"
run_status kp-fetch -s "$T/store" "squad+$url/lab/graviton/"
is "$rc:$(cat "$T/err")" "0:" "kp-fetch: metrics null and metadata_file None are no failure"
is "$(jq -r 'select(.path | endswith("/metadata.json") and contains("testruns")) | .path' "$T/out" | wc -l)" 12 \
    "... the metadata of every testrun that has some (4 lab, a build and a boot for each kernel), none for the one without"
run_status kp-parse-squad -s "$T/store"
is "$rc:$(cat "$T/err")" "0:kp-parse-squad: skipped what is not the lab's: 6 testruns without its metrics (SQUAD's builds and boots) and 0 other metrics" \
    "kp-parse-squad: exit 0, the build, boot and metadata-less testruns skipped and counted"
cp "$T/out" "$T/recs"
is "$(jq -r 'select(.type == "run" and .iter == 0) | .instance' "$T/recs" | sort | paste -sd' ')" \
    "c7g-1 c7g-1 c7g-2 c7g-2 c7g-3 c7g-3 c7g-4 c7g-4" "a run for each lab testrun, none for the others"
is "$(jq -r 'select(.type == "run") | "\(.kernel) \(.kernel_sha) \(.toolchain)"' "$T/recs" | sort -u | paste -sd';')" \
    "v6.18 0123456789abcdef0123456789abcdef01234567 gcc 13.2.0;v6.19 89abcdef0123456789abcdef0123456789abcdef gcc 13.2.0" \
    "every run: the build's commit and the full compiler version from the build's nested metadata"
is "$(jq -r 'select(.type == "run") | .kconfig_hash' "$T/recs" | sort -u)" \
    "$(printf '# defconfig\n# CONFIG_HZ_1000=y\n' | sha256sum | cut -c1-16)" \
    "... and the hash of the build's config, fetched from the URL of its TuxSuite metadata"
cat >"$T/want.py" <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))
n = sum(len(v) for t in st["testruns"] for name, v in t["metrics"] if name.count("/") == 5)
print(n)
PY
is "$(jq -r 'select(.type == "sample") | .value' "$T/recs" | wc -l)" "$($PY "$T/want.py" "$T/lab/state.json")" \
    "every value the lab submitted is a sample"
is "$(jq -r 'select(.type == "sample") | "\(.metric) \(.unit) \(.better)"' "$T/recs" | sort -u | paste -sd';')" \
    "bogo-ops bogo-ops/s higher;ops ops/s higher" "a metric without a unit: its benchmark's known unit"
is "$(jq -r 'select(.type == "run") | .iter' "$T/recs" | sort -u | paste -sd' ')" "0 1 2" \
    "the plan's 3 iterations, from MMTESTS_ITERATIONS in the lab's metadata"

# a lab metric kp does not know, without a unit: -t and -b name it
is "$(post lab/graviton/v6.20/c7g -F 'metadata={"job_id": "x", "instance": "c7g-1"}' \
    -F 'metrics={"j/s/b/t/o/widgets": [5, 6], "build/x-warnings": 2}')" 201 "a metric of no known benchmark, without a unit"
kp-fetch -s "$T/s2" "squad+$url/lab/graviton/build/v6.20/" >/dev/null
run_status kp-parse-squad -s "$T/s2"
is "$rc:$(grep -c 'no unit, and "widgets" is no metric kp knows; expected -t widgets=UNIT' "$T/err")" "2:1" \
    "... left out, named, exit 2"
grep -q "and 1 other metric" "$T/err"
ok $? "... the build warning beside it skipped and counted"
run_status kp-parse-squad -t widgets=widgets/s -s "$T/s2"
is "$rc:$(jq -r 'select(.type == "sample") | "\(.unit) \(.better) \(.value)"' "$T/out" | paste -sd';')" \
    "0:widgets/s higher 5;widgets/s higher 6" "-t METRIC=UNIT gives it a unit"
run_status kp-parse-squad -b =lower -s "$T/s2"
is "$rc:$(jq -r 'select(.type == "sample") | "[\(.unit)] \(.better)"' "$T/out" | sort -u)" \
    "0:[] lower" "-b =lower: metrics without a unit, the unit left unknown (empty)"

# kp-parse-squad(1)'s own submit: values without a unit, all kept
sed -n '/^\$ cat metrics.json/{n;p;}' "$top/man/man1/kp-parse-squad.1" >"$T/man-metrics.json"
is "$(post lab/graviton/v6.21/c7g -F 'metadata={"job_id": "m", "instance": "c7g-1"}' -F "metrics=<$T/man-metrics.json")" 201 \
    "kp-parse-squad(1)'s example submit"
kp-fetch -s "$T/s3" "squad+$url/lab/graviton/build/v6.21/" >/dev/null
run_status kp-parse-squad -s "$T/s3"
is "$rc:$(jq -r 'select(.type == "sample") | "\(.metric) \(.unit) \(.better) \(.value)"' "$T/out" | paste -sd';')" \
    "0:ops ops/s higher 101;ops ops/s higher 102;ops ops/s higher 103" "... keeps its 3 values, in ops/s (wis' ops)"

# the nightly batch to its report
run_status make -s -f "$top/pipelines/nightly.mk" STORE="$T/store" OUT="$T/out.d"
is "$rc" 0 "the nightly batch on the store runs to its end"
[ -s "$T/out.d/report.txt" ]
ok $? "... and writes its report"
is "$(jq -r 'select(.type == "cmp" and .class == "regression") | .test' "$T/out.d/findings.ndjson" | sort | uniq -c | awk '{print $1, $2}' | paste -sd' ' -)" \
    "2 context 2 futex1-threads" "... with v6.19's 3% slowdown found at each concurrency of both benchmarks"
is "$(jq -r 'select(.type == "run") | .env' "$T/out.d/identified/squad.ndjson" | sort -u)" "c7g" \
    "... from the lab's runs only"
done_testing
