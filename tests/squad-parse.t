#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-parse-squad on a store made by hand: values JSON allows and a double
# does not hold are refused, naming the object in the store.
. "$(dirname "$0")/lib.sh"
S=$T/store R=builds/v6.18/testruns/7
mkdir -p "$S/objects"
src=squad+http://squad.test/lab/p/
art() {	# art PATH TEXT: an object of the store and its index line
	o=o$(printf '%s' "$1" | cksum | cut -d' ' -f1)
	printf '%s\n' "$2" >"$S/objects/$o"
	printf '{"type":"artifact","source":"%s","path":"%s","object":"objects/%s"}\n' \
	    "$src" "$1" "$o" >>"$S/index.ndjson"
}
art $R/testrun.json '{"id":7,"url":"http://squad.test/api/testruns/7/","job_id":"c7g-1","datetime":"2026-01-02T03:04:05Z"}'
art builds/v6.18/build.json '{"version":"v6.18"}'
art $R/metrics.ndjson '{"name":"c7g/s/b/t/o/lat@1","unit":"ms","result":1e999}
{"name":"c7g/s/b/t/o/ops@1","unit":"ops","result":12.5}
{"name":"c7g/s/b/t/o/ops@2","unit":"ops","measurement_list":[1,-1e999]}'
run_status kp-parse-squad -s "$S"
is "$rc" 2 "a result of 1e999: exit 2"
is "$(cat "$T/err")" "kp-parse-squad: $src$R/metrics.ndjson:1: metric \"c7g/s/b/t/o/lat@1\": \"result\" is not a finite number; left out
kp-parse-squad: $src$R/metrics.ndjson:3: metric \"c7g/s/b/t/o/ops@2\": value 2 of measurement_list is not a number; left out" \
    "... naming the object in the store, its line and the metric"
is "$(jq -c 'select(.type == "sample") | [.metric, .conc, .value]' "$T/out" | tr '\n' ' ')" \
    '["ops",1,12.5] ["ops",2,1] ' "the other samples are kept, none without a number"
done_testing
