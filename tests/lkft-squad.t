#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# LKFT's per-sample metrics in SQUAD (Linaro test-definitions'
# json-to-lava.py: <module>_<op>_<iteration>_<sample>, one value, no
# unit), made from MMTests' own extract-mmtests.pl --print-json output on
# the bundled trees (tests/data/lkft, by tests/lkft/extract.sh), give the
# samples kp-parse-mmtests reads from the same trees: the same (suite,
# bench, test, op, metric, conc, iter, rep, value), in both of
# json-to-lava's spellings of an operation; the command and
# configuration lines are skipped; a benchmark whose names cannot be
# taken back is named and left out.
. "$(dirname "$0")/lib.sh"
sq=$top/tests/squad
log=$top/tests/data/mmtests/work/log
spids=
trap 'for p in $spids; do kill $p 2>/dev/null; done; rm -rf "$T"' EXIT
mkdir -p "$T/srv"
echo lkft/mmtests >"$T/srv/projects"
$PY "$sq/server.py" "$T/srv" 2>"$T/srv/log" &
spids=$!
wait_file "$T/srv/port" $!
url=http://127.0.0.1:$(cat "$T/srv/port")

# json-to-lava.py's cases, as a LAVA job's results reach SQUAD: the
# metrics of one testrun, suite "mmtests"; SPELLING "new" turns '_' and
# '/' of an operation into '-', "old" keeps them
cat >"$T/cases.py" <<'PY'
import base64, json, sys
spelling, out = sys.argv[1], {}
for path in sys.argv[2:]:
    r = json.load(open(path))
    module = r["_ModuleName"].replace("Extract", "").lower()
    data = r["_ResultData"]
    for op in data:
        name = op.replace("_", "-").replace("/", "-") if spelling == "new" else op
        for i, it in enumerate(data[op]):
            for v, n in zip(it["Values"], it["SampleNrs"]):
                out["mmtests/%s_%s_%d_%s" % (module, name, i, n)] = float(v)
    cmd = base64.b64encode("".join(r.get("_Cmd", [])).encode()).decode().replace("=", "")
    for i in range(0, len(cmd), 25):
        out["mmtests/%s_#Cmd_%d_%s" % (module, i // 25, cmd[i:i + 25])] = 0
print(json.dumps(out))
PY
for run in baseline baseline-rerun target-cpuhog target-2hogs; do
	case $run in baseline|target-cpuhog) sp=new ;; *) sp=old ;; esac
	$PY "$T/cases.py" $sp "$top/tests/data/lkft/$run/wis-futex.json" "$top/tests/data/lkft/$run/stressng.json" \
	    "$top/tests/data/lkft/$run/sysbenchcpu.json" "$top/tests/data/lkft/$run/sysbenchmutex.json" >"$T/m.json"
	printf '{"job_id": "lava-%s", "instance": "%s"}\n' "$run" "$run" >"$T/md.json"
	sh "$sq/submit.sh" "$url" lkft mmtests "$run" lava "$T/m.json" "$T/md.json"
	jq -r 'keys[] | select(contains("#Cmd"))' "$T/m.json" >>"$T/cmds"
done
kp-fetch -s "$T/store" "squad+$url/lkft/mmtests/" >/dev/null
run_status kp-parse-squad -s "$T/store"
is "$rc:$(cat "$T/err")" "0:kp-parse-squad: skipped what is not the lab's: 0 testruns without its metrics (SQUAD's builds and boots) and $(wc -l <"$T/cmds") other metrics" \
    "kp-parse-squad: exit 0, the command lines skipped and counted"
tuple='[.kernel, .suite, .bench, .test, .op, .metric, .unit, .better, .conc, .iter, .rep, .sub, .value] | @tsv'
jq -r "select(.type == \"sample\") | $tuple" "$T/out" | sort >"$T/got"
for run in baseline baseline-rerun target-cpuhog target-2hogs; do
	kp-parse-mmtests "$log/$run" 2>/dev/null |
	    jq -r --arg k "$run" "select(.type == \"sample\" and .job != \"unixbenchd\") | .kernel = \$k | $tuple"
done | sort >"$T/want"
is "$(wc -l <"$T/got")" "$(wc -l <"$T/want")" "as many samples as kp-parse-mmtests reads from the trees ($(wc -l <"$T/want"))"
cmp -s "$T/got" "$T/want"
ok $? "the same samples: names, unit, direction, concurrency, iteration, repetition, value"
is "$(jq -r 'select(.type == "run") | "\(.kernel) \(.iter)"' "$T/out" | sort | paste -sd';')" \
    "baseline 0;baseline-rerun 0;target-2hogs 0;target-cpuhog 0" "a run for each testrun and iteration"

# unixbench numbers every sample 0 and names its test only in its command
$PY "$T/cases.py" new "$top/tests/data/lkft/baseline/unixbenchd.json" >"$T/u.json"
printf '{"job_id": "lava-u", "instance": "u"}\n' >"$T/md.json"
sh "$sq/submit.sh" "$url" lkft mmtests unixbench lava "$T/u.json" "$T/md.json"
kp-fetch -s "$T/s2" "squad+$url/lkft/mmtests/build/unixbench/" >/dev/null
run_status kp-parse-squad -s "$T/s2"
is "$rc:$(grep -c "metric \"mmtests/shellpackunixbenchd_syscall_0_0\": LKFT's per-sample naming: a benchmark whose per-sample names kp cannot take back to its measurements; left out" "$T/err")" \
    "2:1" "unixbench's samples: named, left out, exit 2"
done_testing
