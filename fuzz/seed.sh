#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# seed.sh TOP TARGET DIR: the seed corpus of a harness, from tests/data,
# into DIR (made afresh).  Small inputs: one record, one log, one page.
set -eu
top=$1 t=$2 dir=$3 D=$1/tests/data
rm -rf "$dir" && mkdir -p "$dir"
put() {	# put: stdin becomes a seed (also at the end of a pipe, a subshell)
	cat >"$(mktemp "$dir/seed-XXXXXX")"
}
lines() {	# lines FILE...: each line a seed
	for f; do
		while IFS= read -r l; do printf '%s' "$l" | put; done <"$f"
	done
}
case $t in
ndjson)
	lines "$D"/json-bad/*.ndjson "$D"/robust/*.ndjson "$D"/bpftrace/*.expected ;;
kver)
	for v in v6.12 v6.12-rc3 v6.12.1 v6.12-45-gabcdef0 6.17.0-rc2+ \
	    6.1.0-27-amd64 v6.18-rc2-dirty v5.4.280 6.17.0; do
		printf '%s\nv6.13-rc1' "$v" | put
	done ;;
bpftrace)
	for f in "$D"/bpftrace/*.txt "$D"/bpftrace/*.json "$D"/bpftrace/runs/* \
	    "$D"/robust/bpftrace-*; do put <"$f"; done ;;
results)
	for f in "$D"/gate/*.json "$D"/gate/*.txt "$D"/robust/results-*; do
		put <"$f"
	done ;;
mmtests)
	# the selector byte of fuzz/mmtests.c's table, then a log
	L=$D/mmtests/work/log/baseline/iter-0 H=$D/parse/work/log/handmade/iter-0
	k=0
	for f in $L/stressng/logs/stressng-1-1.log $L/sysbenchcpu/logs/benchlog-1-_-1 \
	    $L/sysbenchmutex/logs/benchlog-1-_-1 $L/unixbenchd/logs/unixbenchd.log \
	    $L/wis-futex/logs/benchlog-futex1_threads-1 $H/futexbench-hash/logs/hash-4.log \
	    $H/futexbench-wake/logs/wake-4.log $H/hackbench-process-pipes/logs/hackbench-1 \
	    $H/schbench/logs/schbench-2.log $L/stressng/logs/commands.log \
	    $L/stressng/logs/time-1-1 $L/tests-timestamp $L/tests-activity; do
		{ printf "\\$(printf %03o $k)"; zcat -f "$f"; } | put
		{ printf "\\$(printf %03o $((k + 128)))"; zcat -f "$f"; } | put
		k=$((k + 1))
	done ;;
settings)
	put <"$D"/robust/classify-power.yaml
	printf 'alpha: 0.05\nred: 80\nyellow: 50\nmetrics:\n  - pattern: "*latency*"\n    noise_floor_pct: 50\n  - pattern: "wis/*"\n    min_change_pct: 3\n    min_abs: 0.5\n' | put
	printf '# kp-classify defaults\nalpha: 0.01\nmin_change_pct: 2\nmax_cv: 0.2\n' | put ;;
subsys)
	{ printf '\000'; cat "$top/share/kp/subsystems.yaml"; } | put
	{ printf '\000'; printf -- '- pattern: "wis/*"\n  subsystem: SCHEDULER\n  why: x\n'; } | put
	{ printf '\001'; cat "$D/maintainers/MAINTAINERS"; } | put ;;
fetch-tar)
	W=$(mktemp -d)
	cp -R "$D"/parse/work/log/handmade "$W/run"
	(cd "$W" && tar cf a.tar run && tar czf b.tgz run/iter-0/schbench &&
	    ln -s ../../etc/passwd run/out && tar cf c.tar run/out run/iter-0/tests-activity &&
	    truncate -s 20000 run/hole && tar cSf d.tar run/hole)
	for f in "$W"/a.tar "$W"/b.tgz "$W"/c.tar "$W"/d.tar; do put <"$f"; done
	rm -rf "$W" ;;
fetch-html)
	printf '<html><body><a href="iter-0/">iter-0/</a> <a href="../">up</a>\n<a href="tests-activity">t</a> <a HREF=x.gz>x</a></body></html>\n' | put
	printf '<a href="javascript:alert(1)">j</a><a href="//other.host/a">o</a><a href="/abs/./b/../c">c</a>\n<a href="q?x=1#f">q</a><a href=%%2e%%2e/>e</a><a href="&amp;x&#47;y">a</a>\n' | put ;;
fetch-squad)
	# pages as tests/squad/server.py and SQUAD write them: builds,
	# testruns with attachments, metrics, and hostile names and links
	printf '{"count": 1, "next": null, "previous": null, "results": [{"url": "http://squad.example/api/builds/1/", "id": 1, "version": "v6.18", "testruns": "http://squad.example/api/builds/1/testruns/", "metadata": "http://squad.example/api/builds/1/metadata/"}]}' | put
	printf '{"next": "http://squad.example/api/builds/1/testruns/?cursor=o2", "previous": null, "results": [{"url": "http://squad.example/api/testruns/1/", "id": 1, "environment": "http://squad.example/api/environments/1/", "metadata_file": "http://other.example/api/testruns/1/metadata_file/", "metrics": "http://squad.example/api/testruns/1/metrics/", "attachments": [{"download_url": "http://squad.example/api/testruns/1/attachments/?filename=config", "filename": "config", "length": 30}, {"download_url": "x", "filename": "../../etc/passwd"}]}]}' | put
	printf '{"next": null,\n "results": [\n{"name": "a/b/c/d/e/f@1", "unit": "ops/s", "result": 1e999,\n "measurement_list": [1, 2]}, 3, "s", null]}' | put
	printf '{"results": [{"id": 2, "version": "..", "url": 7}, {"id": -1e30, "version": "a/%%2F\\u0000b"}], "next": 5}' | put ;;
squad)
	# fuzz/squad.c: testrun, build, metrics, metadata, environment, the
	# build's metadata, TuxMake's metadata; each ended by a NUL
	tr='{"id":7,"url":"http://squad.test/api/testruns/7/","job_id":"c7g-1","datetime":"2026-01-02T03:04:05Z"}'
	bl='{"version":"v6.18","datetime":"2026-01-01T00:00:00Z"}'
	m1='{"name":"c7g/wis/futex1/futex1-threads/futex1/ops@4","unit":"ops","measurement_list":[1,2,3,4],"result":2.5}'
	m2='{"name":"c7g/sysbench/cpu/cpu/events/lat@1","unit":"ms","result":0.5}'
	md='{"MMTESTS_ITERATIONS":"2","instance":"c7g-1","instance_type":"c7g.metal","git_sha":"0123456789abcdef0123456789abcdef01234567","toolchain":"gcc-13"}'
	en='{"slug":"c7g"}'
	tx='{"git":{"git_commit":"0123456789abcdef0123456789abcdef01234567"},"build":{"target_arch":"arm64"},"compiler":{"version_full":"gcc (Debian 12.2.0-14) 12.2.0"}}'
	printf '%s\0%s\0%s\n%s\n' "$tr" "$bl" "$m1" "$m2" | put
	printf '%s\0%s\0%s\n%s\n\0%s\0%s\0%s\0%s\0' "$tr" "$bl" "$m1" "$m2" "$md" "$en" "$md" "$tx" | put
	printf '%s\0%s\0{"name":"a/b/c/d/e/f","unit":"s","result":1e999}\n' "$tr" "$bl" | put ;;
payload)
	sed -n '/^A payload for two/,/^\.Ed/p' "$top/man/man1/kp-plan.1" | sed '1,3d;$d' | put
	printf 'name: x\nkernel: {git_repo: "https://h/r.git", git_sha: 0123456789abcdef0123456789abcdef01234567, toolchain: gcc-13, kconfig: [defconfig], make_variables: {LLVM: 1}}\ntargets: [{name: a, target_arch: x86_64, instance_type: m7i.large}]\nsuites: [{name: s, flags: {A: 1}}]\nparameters: {P: q}\ncommands: [true]\n' | put ;;
triage)
	printf 'findings:\n  - pattern: "s/b/t/o/m"\n    since: v6.17-rc3\n    status: acknowledged\n    link: https://lore.kernel.org/x\n    note: being bisected\n  - pattern: "s/b/t/*"\n    conc: 4\n    status: fixed-in\n    fixed_in: v6.16-rc5\n  - {pattern: "x/*", status: invalid}\n' | put
	printf 'findings:\n' | put ;;
lkft)
	# the collector's files, made from the bundled MMTests trees by
	# MMTests' own extract-mmtests.pl (tests/lkft/extract.sh)
	for f in "$D"/lkft/*/*.json; do put <"$f"; done ;;
*)
	echo "seed.sh: no target $t" >&2; exit 2 ;;
esac
