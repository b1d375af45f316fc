#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-fetch squad+URL and kp-parse-squad against a loopback SQUAD
# (tests/squad/server.py): paging by offset and by cursor, the token from
# the environment only, every answer in the store with its URL, samples
# that an independent reading of the submitted metrics gives again, the
# run's provenance from build metadata; and the server's failures: 401,
# 404, 500, a slow page, a truncated attachment, a repeating cursor.
. "$(dirname "$0")/lib.sh"
sq=$top/tests/squad

serve() {	# serve DIR [TOKEN]: a server on DIR with project lab/graviton; sets $url
	mkdir -p "$1"
	echo lab/graviton >"$1/projects"
	$PY "$sq/server.py" "$@" 2>"$1/log" &
	spids="$spids $!"
	wait_file "$1/port" $!
	url=http://127.0.0.1:$(cat "$1/port")
}
spids=
trap 'for p in $spids; do kill $p 2>/dev/null; done; rm -rf "$T"' EXIT
kinds() {	# kinds FILE: how many records of each kind of path
	jq -r .path "$1" | sed -E 's|^builds/[^/]*/testruns/[0-9]+/|T/|; s|^builds/[^/]*/|B/|' |
	    sort | uniq -c | awk '{printf "%s %s; ", $2, $1}'
}

serve "$T/srv"
url1=$url
sh "$sq/lab.sh" "$url"
ok $? "the lab submits its results to the loopback SQUAD"
src=squad+$url/lab/graviton/

run_status kp-fetch -s "$T/store" "$src"
is "$rc:$(cat "$T/err")" "0:" "kp-fetch squad+URL/GROUP/PROJECT/: exit 0"
cp "$T/out" "$T/fetch1"
is "$(kinds "$T/out")" "B/build.json 2; B/metadata.json 2; T/attachments/config 4; T/attachments/metadata.json 4; T/environment.json 4; T/metadata.json 4; T/metrics.ndjson 4; T/testrun.json 4; " \
    "both builds (offset pages), four testruns (cursor pages), every object"
is "$(jq -r 'select(.url == null or (.url | startswith("'"$url"'/api/") | not)) | .path' "$T/out")" "" \
    "every record names the API URL it came from"
is "$(jq -r 'select(.path | endswith("metrics.ndjson")) | .object' "$T/out" |
    while read -r o; do wc -l <"$T/store/$o"; done | paste -sd' ')" "3 3 3 3" \
    "the metrics of each testrun whole: both pages of its cursor, 3 metrics"
run_status kp-fetch --verify -s "$T/store"
is "$rc" 0 "the store verifies"
run_status kp-fetch -s "$T/store" "${src}build/v6.19/"
is "$rc:$(jq -r .status "$T/out" | sort -u)" "0:present" "squad+URL/GROUP/PROJECT/build/VERSION/: that build, nothing new"

# samples: kp-parse-squad against python reading the submitted metrics
kp-parse-squad -s "$T/store" >"$T/recs" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "kp-parse-squad: exit 0"
jq -r 'select(.type == "sample") | [.kernel, .instance, .job, .suite, .bench, .test, .op, .metric, .unit, .better, .conc, .rep, .value] | @tsv' \
    "$T/recs" | sort >"$T/got"
cat >"$T/want.py" <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))
ver = {b["id"]: b["version"] for b in st["builds"]}
for t in st["testruns"]:
    for name, vals in t["metrics"]:
        *path, last = name.split("/")
        metric, conc = (last.split("@") + ["1"])[:2]
        for rep, v in enumerate(vals, 1):
            print("\t".join(map(str, [ver[t["build"]], t["metadata"]["instance"], *path,
                metric, t["units"][name], "higher", conc, rep, v])))
PY
$PY "$T/want.py" "$T/srv/state.json" | sort >"$T/want"
is "$(wc -l <"$T/got")" 32 "32 samples: 4 testruns x (3 + 3 + 2) values"
cmp -s "$T/got" "$T/want"
ok $? "each value of each measurement_list is one sample, as submitted"
is "$(jq -r 'select(.type == "sample") | .src' "$T/recs" | sed "s|$src||" | sort -u | head -n 1)" \
    "builds/v6.18/testruns/1/metrics.ndjson:1" "a sample's src: the stored metrics and its line"
is "$(jq -r 'select(.type == "run" and .instance == "c7g-2" and .kernel == "v6.19") | [.kernel_sha, .instance_type, .arch, .toolchain, .kconfig_hash, .env, .framework] | @tsv' "$T/recs")" \
    "$(printf '89abcdef0123456789abcdef0123456789abcdef\tc7g.metal\tarm64\tgcc 13.2.0\t%s\tc7g\tmmtests' \
    "$(printf 'CONFIG_HZ=1000\nCONFIG_PREEMPT=y\n' | sha256sum | cut -c1-16)")" \
    "a run: kernel_sha, toolchain (TuxMake's full version), kconfig_hash (the .config) from the build"
kp-identify "$T/recs" | kp-stats >"$T/stats" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "the records go through kp-identify and kp-stats"
is "$(jq -r 'select(.type == "stat" and .scope == "group") | "\(.kernel)/\(.conc)/\(.n)"' "$T/stats" | sort | paste -sd' ')" \
    "v6.18/1/6 v6.18/2/6 v6.18/4/4 v6.19/1/6 v6.19/2/6 v6.19/4/4" \
    "... and give one group per kernel and measurement, every sample in"

# a testrun is one run by its id on its server, not by the "url" the
# server gives it: one url for every testrun is still four runs
echo sameurl >"$T/srv/faults"
kp-fetch -s "$T/same" "$src" >/dev/null 2>&1
rm -f "$T/srv/faults"
kp-parse-squad -s "$T/same" >"$T/samerecs" 2>"$T/err"
is "$?:$(jq -r 'select(.type == "run") | .run' "$T/samerecs" | sort -u | wc -l):$(jq -r 'select(.type == "run") | .run' "$T/recs" | sort -u | wc -l)" \
    "0:4:4" "a server giving every testrun one url: still four runs"
# a store fetched before kp-fetch refused a local url: the run's src is
# the stored path, never the local file the server named
sed 's|"url":"[^"]*testruns/[0-9]*/"|"url":"/etc/passwd"|' "$T/same/index.ndjson" >"$T/idx" &&
    cp "$T/idx" "$T/same/index.ndjson"
kp-parse-squad -s "$T/same" >"$T/samerecs" 2>"$T/err"
is "$?:$(jq -r 'select(.type == "run") | .src' "$T/samerecs" | grep -c '^/etc/passwd'):$(jq -r 'select(.type == "run") | .src' "$T/samerecs" | grep -c 'testrun.json$')" \
    "0:0:4" "a testrun stored with a local url: its run's src is the stored file"

# EXAMPLES of kp-parse-squad(1), on this lab
sed -n '/^Fetch a lab.s results from SQUAD/,/^\.Ed/p' "$top/man/man1/kp-parse-squad.1" |
    grep -P '^v6\.\d+\t' >"$T/want"
jq -r 'select(.scope == "group") | [.kernel, .test, .conc, .n, .median] | @tsv' "$T/stats" | sort >"$T/got"
cmp -s "$T/got" "$T/want"
ok $? "EXAMPLES: kp-parse-squad(1)'s summary of the lab"

# a TuxSuite build: a testrun without attachments gets the compiler's
# full version and the config's hash from the build of its commit
sha3=fedcba9876543210fedcba9876543210fedcba98
mkdir -p "$T/srv/tuxsuite/2Nx9"
printf '{"uid": "2Nx9", "git_sha": "%s", "git_describe": "v6.20", "target_arch": "arm64", "toolchain": "gcc-14", "kconfig": ["defconfig"], "download_url": "@DL@", "build_status": "pass"}\n' "$sha3" >"$T/srv/tuxsuite/2Nx9/status.json"
printf '{"compiler": {"name": "gcc", "version": "14", "version_full": "gcc (GCC) 14.2.0"}}\n' >"$T/srv/tuxsuite/2Nx9/metadata.json"
printf 'CONFIG_HZ=250\n' >"$T/srv/tuxsuite/2Nx9/config"
printf '{"wis-futex/wis/futex1/futex1-threads/futex1/ops@1": {"value": [80, 81], "unit": "ops/s"}}\n' >"$T/m3.json"
printf '{"job_id": "v6.20-c7g-1", "instance": "c7g-1", "git_sha": "%s", "target_arch": "arm64", "toolchain": "gcc-14", "datetime": "2026-12-02T10:00:00Z"}\n' "$sha3" >"$T/md3.json"
sh "$sq/submit.sh" "$url" lab graviton v6.20 c7g "$T/m3.json" "$T/md3.json"
run_status kp-fetch -s "$T/store" "${src}build/v6.20/" "tuxsuite+$url/v1/groups/lab/projects/graviton/builds/2Nx9"
is "$rc:$(jq -r 'select(.source | startswith("tuxsuite+")) | .path' "$T/out" | paste -sd' ')" \
    "0:builds/2Nx9/status.json builds/2Nx9/metadata.json builds/2Nx9/config" \
    "tuxsuite+URL: the build's status, metadata.json and config"
kp-parse-squad -s "$T/store" 2>"$T/err" | jq -r 'select(.type == "run" and .kernel == "v6.20") | "\(.kernel_sha) \(.toolchain) \(.kconfig_hash)"' >"$T/got"
is "$(cat "$T/got")" "$sha3 gcc 14.2.0 $(printf 'CONFIG_HZ=250\n' | sha256sum | cut -c1-16)" \
    "the run of that commit: toolchain and kconfig_hash from TuxSuite's build, not the name gcc-14"
run_status kp-fetch -s "$T/store" "tuxsuite+$url/v1/groups/lab/projects/graviton/builds/nosuch"
is "$rc" 2 "a TuxSuite build that is not there: exit 2"

# MMTESTS_ITERATIONS splits a measurement_list; one that does not divide is named
printf '{"wis-futex/wis/futex1/futex1-threads/futex1/ops@1": {"value": [1, 2, 3, 4], "unit": "ops/s"}, "wis-futex/wis/futex1/futex1-threads/futex1/ops@2": {"value": [1, 2, 3], "unit": "ops/s"}}\n' >"$T/m4.json"
printf '{"job_id": "v6.21-c7g-1", "instance": "c7g-1", "MMTESTS_ITERATIONS": "2", "datetime": "2026-12-03T10:00:00Z"}\n' >"$T/md4.json"
sh "$sq/submit.sh" "$url" lab graviton v6.21 c7g "$T/m4.json" "$T/md4.json"
kp-fetch -s "$T/s4" "${src}build/v6.21/" >/dev/null
run_status kp-parse-squad -s "$T/s4"
is "$rc:$(jq -r 'select(.type == "sample") | "\(.iter)/\(.rep)"' "$T/out" | paste -sd' ')" "2:0/1 0/2 1/1 1/2" \
    "MMTESTS_ITERATIONS 2: four values are two iterations of two"
grep -q 'ops@2": 3 values, not 2 iterations of equally many; left out' "$T/err"
ok $? "... and three values cannot be: named, left out, exit 2"

# the token: from KP_SQUAD_TOKEN only, and nowhere else
serve "$T/priv" s3cr3t-t0ken
KP_SQUAD_TOKEN=s3cr3t-t0ken sh "$sq/lab.sh" "$url"
run_status kp-fetch -s "$T/ps" "squad+$url/lab/graviton/"
is "$rc" 2 "no token: exit 2"
grep -q "HTTP status 401" "$T/err"
ok $? "... saying the server answered 401"
KP_SQUAD_TOKEN=s3cr3t-t0ken run_status kp-fetch -s "$T/ps" "squad+$url/lab/graviton/"
is "$rc:$(wc -l <"$T/out")" "0:28" "KP_SQUAD_TOKEN: every object"
mkdir -p "$T/priv/tuxsuite/1"
printf '{"git_sha": "%s", "download_url": "@DL@"}\n' "$sha3" >"$T/priv/tuxsuite/1/status.json"
printf 'CONFIG_HZ=100\n' >"$T/priv/tuxsuite/1/config"
echo '{}' >"$T/priv/tuxsuite/1/metadata.json"
run_status kp-fetch -s "$T/ps" "tuxsuite+$url/v1/groups/lab/projects/graviton/builds/1"
is "$rc" 2 "TuxSuite without its token: exit 2"
KP_TUXSUITE_TOKEN=s3cr3t-t0ken run_status kp-fetch -s "$T/ps" "tuxsuite+$url/v1/groups/lab/projects/graviton/builds/1"
is "$rc:$(wc -l <"$T/out")" "0:3" "KP_TUXSUITE_TOKEN: the build, its metadata.json and config"
is "$(grep -rl s3cr3t-t0ken "$T/out" "$T/err" "$T/ps" | wc -l)" 0 \
    "the token is in no record, message or stored file"

# failures: named, exit 2, and no part stored as a whole
url=$url1
fault() {	# fault WORD [OPTION...]: fetch the project with the server broken so
	echo "$1" >"$T/srv/faults"
	shift
	rm -rf "$T/fs"
	run_status kp-fetch -s "$T/fs" "$@" "$src"
	rm -f "$T/srv/faults"
}
fault 500
is "$rc:$(wc -l <"$T/out")" "2:0" "500 on the builds: exit 2, nothing stored"
grep -q "api/builds/?project=1: HTTP status 500, expected 200" "$T/err"
ok $? "... naming the URL and the status"
# -t 5, not 1: every other page must come within -t, on a loaded machine
# too (CI runs the suite again under ASan on two cores); the slow one
# waits 30 s, far past -t 5
fault slow -t 5
is "$rc:$(jq -r 'select(.path | endswith("metrics.ndjson"))' "$T/out" | wc -l)" "2:0" \
    "a page slower than -t: exit 2, no metrics stored in part"
grep -q "no data for 5 s (-t)" "$T/err"
ok $? "... saying so"
fault truncate
is "$rc:$(jq -r 'select(.path | contains("/attachments/"))' "$T/out" | wc -l)" "2:0" \
    "attachments cut short: exit 2, none stored"
fault loop
is "$rc:$(jq -r 'select(.path | contains("/testruns/"))' "$T/out" | wc -l)" "2:0" \
    "a cursor that repeats: exit 2, no testrun stored"
grep -q "repeating cursor" "$T/err"
ok $? "... saying so"
run_status kp-fetch -s "$T/fs" "squad+$url/lab/nosuch/"
is "$rc:$(cat "$T/err")" "2:kp-fetch: squad+$url/lab/nosuch/: no project lab/nosuch on the server (a private one needs KP_SQUAD_TOKEN)" \
    "no such project: exit 2, named"
run_status kp-fetch -s "$T/fs" "${src}build/v7.0/"
is "$rc:$(cat "$T/err")" "2:kp-fetch: ${src}build/v7.0/: no build v7.0 in lab/graviton" "no such build"
fault nometa
kp-parse-squad -s "$T/fs" >/dev/null 2>"$T/err"
is "$?" 0 "a testrun without metadata still parses (its job names the machine)"

# kp-parse-squad: a metric of the lab it cannot read is named, not
# dropped silently; another service's (boot/time) is skipped and counted
printf '%s\n' '{"name": "boot/time", "unit": "s", "measurement_list": [1]}' \
    '{"name": "a/b/c/d/e/f", "unit": "furlongs", "measurement_list": [1]}' \
    '{"name": "a//c/d/e/f", "unit": "s", "measurement_list": [1]}' >"$T/bad.ndjson"
obj=$(jq -r 'select(.path == "builds/v6.18/testruns/1/metrics.ndjson") | .object' "$T/fetch1")
chmod u+w "$T/store/$obj" && cp "$T/bad.ndjson" "$T/store/$obj"
run_status kp-parse-squad -s "$T/store"
is "$rc" 2 "metrics it cannot read: exit 2"
is "$(sed 's/.*metrics\.ndjson:\([0-9]*\): /\1: /' "$T/err")" '2: metric "a/b/c/d/e/f": unit "furlongs" does not say whether higher or lower is better; expected -b furlongs=higher or -b furlongs=lower; left out
3: metric "a//c/d/e/f": expected JOB/SUITE/BENCH/TEST/OP/METRIC[@CONC]; left out
kp-parse-squad: skipped what is not the lab'"'"'s: 0 testruns without its metrics (SQUAD'"'"'s builds and boots) and 1 other metric' \
    "... each named with its line"
run_status kp-parse-squad -b furlongs=lower -s "$T/store"
is "$(grep -c '"unit":"furlongs","better":"lower"' "$T/out")" 1 "-b UNIT=lower settles a unit"
for t in kp-parse-squad kp-fetch; do
	mandoc -Tlint -W warning "$top/man/man1/$t.1"
	ok $? "$t(1) passes mandoc -Tlint"
done
done_testing
