#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-evidence: beside each finding, its runs' durations, command, dmesg
# warnings and the counters that moved most, in every report format.
# tests/data/evidence/records.ndjson: hand-made run, runstat and cmp
# records: a pair with 2 and 3 runs a side (ranked by Cohen's d, a
# steady counter moving +0.3% among them; a boot warning on both sides,
# timestamps apart, and one the target adds), a pair
# with one run a side (not tested), a pair whose target run has no
# runstat.
. "$(dirname "$0")/lib.sh"
R=$top/tests/data/evidence/records.ndjson

run_status kp-evidence "$R"
is "$rc" 0 "kp-evidence: exit 0"
cp "$T/out" "$T/ev"
is "$(grep -vc '"type":"evidence"' "$T/ev")" "$(grep -c . "$R")" \
    "every record passes through"
is "$(jq -r 'select(.type == "evidence") | .target_exp' "$T/ev" | tr '\n' ' ')" \
    "eb eu em " "one evidence record per pair with a regression or improvement"
kp-evidence "$T/ev" >"$T/ev2"
cmp -s "$T/ev" "$T/ev2"
ok $? "its own output in: the evidence replaced, not repeated"

# the numbers, computed again from the raw runstat records: a rate is
# the change over elapsed_s per runstat, a level (vmstat_level) its value,
# the ranking |d| with d the change of means over the pooled sd
cat >"$T/check.py" <<'PY'
import json, sys, math
import numpy as np
recs = [json.loads(l) for l in open(sys.argv[1])]
ev = {(r["base_exp"], r["target_exp"]): r for r in recs if r["type"] == "evidence"}
rs = [r for r in recs if r["type"] == "runstat"]
LEVEL_EVENTS = {"nr_dirtied", "nr_written", "nr_vmscan_write"}
def values(exp, name, source, kind):
    out = []
    for r in rs:
        if r["exp"] != exp:
            continue
        if kind == "level":
            out.append(r["vmstat_level"][name])
        else:
            out.append(r[source][name] / r["elapsed_s"])
    return np.array(out, float)
bad = 0
e = ev[("ea", "eb")]
assert e["rank_by"] == "pooled-sd", e["rank_by"]
ds = []
for c in e["counters"]:
    b = values("ea", c["name"], c["source"], c["kind"])
    t = values("eb", c["name"], c["source"], c["kind"])
    sp = math.sqrt(((len(b) - 1) * b.var(ddof=1) + (len(t) - 1) * t.var(ddof=1)) / (len(b) + len(t) - 2))
    want = {"base": b.mean(), "target": t.mean(), "base_sd": b.std(ddof=1),
            "target_sd": t.std(ddof=1), "d": (t.mean() - b.mean()) / sp,
            "change_pct": 100 * (t.mean() / b.mean() - 1)}
    for k, v in want.items():
        if not math.isclose(c[k], v, rel_tol=1e-9):
            print("# %s %s: %r, want %r" % (c["name"], k, c[k], v)); bad += 1
    ds.append(abs(c["d"]))
if ds != sorted(ds, reverse=True):
    print("# not ranked by |d|:", ds); bad += 1
kinds = {c["name"]: c["kind"] for c in e["counters"]}
if kinds.get("nr_dirty") != "level" or kinds.get("pgfault") != "rate":
    print("# kinds:", kinds); bad += 1
e = ev[("es", "eu")]
for c in e["counters"]:
    b = values("es", c["name"], c["source"], c["kind"])
    t = values("eu", c["name"], c["source"], c["kind"])
    if not math.isclose(c["change_pct"], 100 * (t[0] / b[0] - 1), rel_tol=1e-9) or c["d"] is not None:
        print("# single %s" % c["name"]); bad += 1
print(bad)
PY
is "$($PY "$T/check.py" "$T/ev")" 0 \
    "rates, levels, means, sds and Cohen's d as numpy computes them"
is "$(jq -r 'select(.type == "evidence" and .target_exp == "eb") | [.counters[].name] | join(",")' "$T/ev")" \
    "pgfault,run_delay,nr_free_pages,nr_dirty,sched_count" "replicated: the 5 largest |d|"
# pgalloc_normal, steady on each side, moved +0.3% with d = 1924:
# ranked by d it came first; only counters that moved 2% or more rank
is "$(jq -r 'select(.type == "evidence" and .target_exp == "eb") | [.n_counters, ([.counters[] | select((.change_pct | fabs) < 2)] | length)] | @tsv' "$T/ev")" \
    "$(printf '7\t0')" "replicated: counters that moved less than 2% (+0.3%, d=1924) are not ranked"
is "$(kp-evidence -p 0 "$R" | jq -r 'select(.type == "evidence" and .target_exp == "eb") | [.n_counters, .counters[0].name] | @tsv')" \
    "$(printf '9\tpgalloc_normal')" "-p 0: every counter with a d ranks, the steady one first"
# a boot warning both sides print (SRSO), at other timestamps, is not new
is "$(jq -r 'select(.type == "evidence" and .target_exp == "eb") | .new_warnings | join("|")' "$T/ev")" \
    "[    1.5] WARNING: CPU: 0 PID: 1 at mm/page_alloc.c:4000 __alloc_pages+0x1" \
    "new_warnings: the target's lines the base did not print, timestamps aside"
is "$(jq -r 'select(.type == "evidence" and .target_exp == "eb") | [.base_elapsed_s, (.target_elapsed_s * 1000 | round / 1000), .base_dmesg_warnings, .target_dmesg_warnings] | @tsv' "$T/ev")" \
    "$(printf '50.5\t51.7\t2\t6')" "durations are the side's means, warnings its sum"
is "$(jq -r 'select(.type == "evidence" and .target_exp == "eu") | .rank_by' "$T/ev")" \
    relative "one run a side: the largest relative changes"
# a level is one reading at the end of the run: with one run a side its
# relative change (nr_dirty +220%) ranks after every event's rate
is "$(jq -r 'select(.type == "evidence" and .target_exp == "eu") | [.counters[] | "\(.name):\(.kind)"] | join(" ")' "$T/ev")" \
    "pgfault:rate nr_dirtied:rate pgscan_kswapd:rate run_delay:rate nr_dirty:level" \
    "one run a side: events by relative change, then levels"
kp-evidence -E run_delay,pgfault -n 1 "$R" >"$T/evE"
is "$(jq -r 'select(.type == "evidence" and .target_exp == "eu") | [.rank_by, (.counters | map(.name) | join(",")), .n_counters] | @tsv' "$T/evE")" \
    "$(printf 'chosen\trun_delay\t2')" "-E: the counters chosen, in order; -n bounds them"
is "$(jq -r 'select(.type == "evidence" and .target_exp == "em") | [.n_target, (.missing | join(","))] | @tsv' "$T/ev")" \
    "$(printf '0\tm1@h:8')" "a run without a runstat is named"

# every format shows it beside the regression
kp-render -f text "$T/ev" >"$T/txt"
grep -A12 's/b/t\[op m\] at 1: 100 .* -> 80' "$T/txt" | grep -q 'pgfault 2010 ±13.86 -> 3530 ±0.5613 /s (+75.6%, d=+189.60)'
ok $? "text: the counters under the regression, with d"
grep -q 'time: user 40.5 -> 36.0 s, sys 10.2 -> 15.3 s, elapsed 50.5 -> 51.7 s (mean of 2 -> 3)' "$T/txt"
ok $? "text: durations, base -> target"
grep -q 'command: bench --threads N' "$T/txt" && grep -q 'new in the target: \[    1.5\] WARNING: CPU: 0 PID: 1 at mm/page_alloc.c' "$T/txt"
ok $? "text: the command and the target's new dmesg warning"
is "$(grep -c 'Speculative Return Stack Overflow' "$T/txt")" 0 "text: the boot warning of both sides is not repeated"
grep -q 'one run a side: largest relative changes, not tested for significance' "$T/txt"
ok $? "text: one run a side is labelled not tested"
grep -q 'no runstat records for the target side' "$T/txt" && grep -q 'no runstat for run m1@h:8' "$T/txt"
ok $? "text: a missing runstat is said"
kp-render -f md "$T/ev" | grep -q '^    - pgfault 2010 ±13.86 -\\> 3530'
ok $? "md: the evidence list"
kp-render -f csv "$T/ev" >"$T/csv"
is "$($PY -c 'import csv, sys, json
r = [x for x in csv.DictReader(open(sys.argv[1])) if x["target_exp"] == "eb" and x["class"] == "regression"][0]
print(r["evidence_rank_by"], json.loads(r["evidence_counters"])[0]["name"], round(float(r["evidence_target_elapsed_s"]), 3))' "$T/csv")" \
    "pooled-sd pgfault 51.7" "csv: evidence_* columns on the regression's row"
kp-render -f json "$T/ev" | jq -e '.evidence | map(select(.target_exp == "eb"))[0].counters[0].name == "pgfault"' >/dev/null
ok $? "json: the evidence records, typed"
kp-render -f junit "$T/ev" | grep -q 'pgfault 2010 ±13.86 -&gt; 3530'
ok $? "junit: in the failure's text"
kp-render -f html -o "$T/site" "$T/ev"
grep -l 'id="e[0-9]*">Beside this finding' "$T/site"/*.html | xargs grep -l '<code>pgfault</code>' | xargs grep -q "Cohen's d"
ok $? "html: the counters table on the comparison page"
grep -l 'id="e[0-9]*">Beside this finding' "$T/site"/*.html | xargs grep -q 'One run a side: not tested for significance'
ok $? "html: one run a side is labelled"
grep -l 'new in the target: <code>\[    1.5\] WARNING' "$T/site"/*.html >/dev/null &&
    ! grep -q 'Speculative Return Stack Overflow' "$T/site"/*.html
ok $? "html: the new warning, not the boot warning of both sides"

# what kp-parse-mmtests keeps for it, from a bundled run: the warning
# lines it counted, and the gauges' levels at each benchmark's end (an
# nr_* field that counts events, nr_dirtied, is not one)
if [ -x "$KP_BIN/kp-parse-mmtests" ]; then
	kp-parse-mmtests "$FIX/work/log/target-2hogs" >"$T/p" 2>/dev/null
	is "$(jq -r 'select(.type == "run") | [.dmesg_warnings, (.warnings | length), (.warnings[0] | test("WARNING:"))] | @tsv' "$T/p")" \
	    "$(printf '1\t1\ttrue')" "kp-parse-mmtests: the warning lines it counted"
	is "$(jq -r 'select(.type == "runstat" and .job == "stressng") | [(.vmstat_level | has("nr_free_pages")), (.vmstat_level | has("nr_dirtied")), (.vmstat_level | has("pgfault")), (.vmstat_level.nr_free_pages > 0)] | @tsv' "$T/p")" \
	    "$(printf 'true\tfalse\tfalse\ttrue')" "kp-parse-mmtests: levels of the gauges only"
fi

# without kp-evidence the reports are as before: no evidence lines
kp-render -f text "$R" | grep -q 'command:'
is $? 1 "no evidence records, no evidence lines"
# a runstat given twice would count its run twice (n 4/2 for 2/1 runs)
grep -n '"type":"runstat"' "$R" | head -n 1 >"$T/first"
l=$(cut -d: -f1 "$T/first")
{ cat "$R"; cut -d: -f2- "$T/first"; } >"$T/dup"
n=$(wc -l <"$T/dup")
run_status kp-evidence "$T/dup"
is "$rc:$(cat "$T/err")" "2:kp-evidence: $T/dup:$n: a second runstat record of this run, iter, job and suite (the first is at $T/dup:$l); expected one" \
    "a runstat twice: exit 2 naming both lines"
done_testing
