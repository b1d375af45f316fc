#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-trend on small series: kernel order, a step, a transient, a
# provisional change at the newest kernel, the history noise record, pass
# through, errors, and the EXAMPLES of kp-trend(1).
. "$(dirname "$0")/lib.sh"

# 12 kernels in a shuffled order, 4 instances each: a -8% step at
# v6.11-rc3 (kept), a +15% transient at v6.10-rc5, and +9% at the newest
$PY - >"$T/stats" <<'PY'
import json, random
random.seed(7)
K = ['v6.9', 'v6.10-rc1', 'v6.10-rc2', 'v6.10-rc3', 'v6.10-rc5', 'v6.10',
     'v6.10.1', 'v6.11-rc1', 'v6.11-rc2', 'v6.11-rc3', 'v6.11-rc4', 'v6.11']
rec = []
for i, k in enumerate(K):
    lvl = 1000 * (0.92 if i >= 9 else 1) * (1.15 if k == 'v6.10-rc5' else 1)
    if k == 'v6.11':
        lvl *= 1.09
    per = [{'instance': 'm%d-%s' % (j, k), 'n': 3,
            'median': lvl * (1 + 0.004 * (j - 1.5)), 'mean': lvl} for j in range(4)]
    rec.append({'type': 'stat', 'scope': 'group', 'exp': 'e' + k, 'key': 'k1',
                'kernel': k, 'job': 'j', 'suite': 's', 'bench': 'b', 'test': 't',
                'op': 'o', 'metric': 'm', 'unit': 'u', 'better': 'higher',
                'conc': 1, 'n': 12, 'median': lvl, 'per_instance': per})
random.shuffle(rec)
print(json.dumps({'type': 'run', 'run': 'r1', 'kernel': 'v6.9'}))
for r in rec:
    print(json.dumps(r))
PY
run_status kp-trend "$T/stats"
is "$rc" 0 "kp-trend exits 0"
is "$(jq -c 'select(.type == "trend") | [.series[].kernel]' "$T/out")" \
	'["v6.9","v6.10-rc1","v6.10-rc2","v6.10-rc3","v6.10-rc5","v6.10","v6.10.1","v6.11-rc1","v6.11-rc2","v6.11-rc3","v6.11-rc4","v6.11"]' \
	"kernels in kp(7) order whatever the input order"
is "$(jq -c 'select(.type == "trend") | [.changes[] | [.before, .first, (.size_pct | round), .worse, .persists, .provisional]]' "$T/out")" \
	'[["v6.11-rc2","v6.11-rc3",-8,true,false,false],["v6.11-rc4","v6.11",9,false,true,true]]' \
	"the step at v6.11-rc3 (undone at v6.11) and a provisional change at the newest kernel"
is "$(jq -c 'select(.type == "trend") | .changes[0].reverted_in' "$T/out")" '"v6.11"' \
	"the step is reverted where the level comes back within half of it"
# each change point's z from its 95% interval on the log scale, and its
# p two-sided from z, as scipy computes them
jq -c 'select(.type == "trend") | .changes[]' "$T/out" >"$T/changes"
$PY - "$T/changes" <<'PY' >"$T/pz"
import json, math, sys
from scipy.stats import norm
bad = []
for l in open(sys.argv[1]):
    c = json.loads(l)
    d = math.log1p(c['size_pct'] / 100)
    se = (math.log1p(c['ci_high_pct'] / 100) - math.log1p(c['ci_low_pct'] / 100)) / (2 * norm.ppf(0.975))
    p = 2 * norm.sf(abs(d / se))
    if not math.isclose(c['z'], d / se, rel_tol=1e-6) or not math.isclose(c['p'], p, rel_tol=1e-6, abs_tol=1e-300):
        bad.append('%s: z %g p %g, expected z %g p %g' % (c['first'], c['z'], c['p'], d / se, p))
print('; '.join(bad) or 'ok')
PY
is "$(cat "$T/pz")" ok "each change point's z from its interval and p two-sided, as scipy computes"
is "$(jq -c 'select(.type == "trend") | [.transients[] | [.kernel, (.size_pct | round)]]' "$T/out")" \
	'[["v6.10-rc5",15]]' "the lone departure at v6.10-rc5 is a transient, not two change points"
is "$(jq -c 'select(.type == "noise") | [.source, .n_kernels, .level, .df > 0]' "$T/out")" \
	'["history",11,"instance",true]' "a noise record learned from 11 kernels of history"
is "$(jq -c 'select(.type == "run") | .run' "$T/out")" '"r1"' "other records pass through"
if [ -x "$KP_BIN/../bench/ndjson" ]; then
	grep -E '^\{"type":"(trend|noise)"' "$T/out" >"$T/written"
	"$KP_BIN/../bench/ndjson" rec "$T/written" | cmp -s - "$T/written"
	ok $? "trend and noise records read into libkp's structs and write back byte for byte"
else
	skip "the round trip of the records" "bench/ndjson is not built"
fi

# fewer than 8 kernels: no noise record
jq -c 'select(.type == "stat" and (.kernel | test("v6.10")))' "$T/stats" >"$T/short"
is "$(kp-trend "$T/short" | jq -c 'select(.type == "noise")' | wc -l)" 0 \
	"no noise record from fewer than 8 kernels"

# bad input
printf '%s\n' '{"type":"stat","scope":"group","exp":"e","key":"k","kernel":"banana","job":"j","suite":"s","bench":"b","test":"t","op":"o","metric":"m","unit":"u","better":"higher","conc":1,"median":1}' >"$T/bad"
run_status kp-trend "$T/bad"
is "$rc" 2 "a kernel kp(7) cannot order is bad input"
grep -q "bad:1:[0-9]*: kernel \"banana\": expected a version" "$T/err"
ok $? "named with file, line and column"
run_status kp-trend -p x "$T/bad"
is "$rc" 2 "a bad option value exits 2"
run_status kp-trend --help
is "$rc:$(head -c 15 "$T/out")" "0:usage: kp-trend" "--help prints the synopsis on stdout"
run_status kp-trend --version
is "$rc" 0 "--version"

# EXAMPLES of kp-trend(1)
mkdir "$T/history"
for k in $(jq -r 'select(.type == "stat") | .kernel' "$T/stats"); do
	jq -c --arg k "$k" 'select(.kernel == $k)' "$T/stats" >"$T/history/$k.ndjson"
done
(cd "$T" && kp-trend history/*.ndjson > trend.ndjson &&
jq -r 'select(.type == "trend") | .test as $t | .conc as $c |
  .changes[] | select(.worse and .persists) |
  "\($t) at \($c): \(.size_pct)% since \(.first) (good: \(.before))"' trend.ndjson &&
jq -r 'select(.type == "noise" and .source == "history") |
  [.test, .conc, .run_sd_pct, .df] | @tsv' trend.ndjson) >"$T/ex"
ok $? "the EXAMPLES of kp-trend(1) run"
# a stat given twice (one file read twice) would count its units twice
run_status kp-trend "$T/stats" "$T/stats"
l=$(grep -n '"type": "stat"' "$T/stats" | head -n 1 | cut -d: -f1)
is "$rc:$(cat "$T/err")" "2:kp-trend: $T/stats:$l: a second stat record of this experiment and measurement (the first is at $T/stats:$l); expected one" \
    "a stat record twice: exit 2 naming both places"
mandoc -Tlint -W warning "$top/man/man1/kp-trend.1"
ok $? "kp-trend(1) is lint clean"
done_testing
