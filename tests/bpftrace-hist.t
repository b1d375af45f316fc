#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-hist: quantiles and bounds checked by hand, comparisons on bounds and
# across runs, the latter against scipy
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
D=tests/data/bpftrace

# hist.txt holds 1000 events; by hand:
#  P50: rank 500, 175 below [32, 64) of 380: 32 + 325/380 * 32 = 59.368...
#  P90: rank 900, 855 below [128, 256) of 100: 128 + 45/100 * 128 = 185.6
#  P99: rank 990, 985 below [512, 1K) of 10: 512 + 5/10 * 512 = 768
#  P99.9: rank 999, 995 below [1K, 2K) of 4: 1024 + 4/4 * 1024 = 2048
kp-parse-bpftrace $D/hist.txt | kp-hist >"$T/s" 2>"$T/err"
is "$?" 0 "kp-hist runs"
is "$(jq -c 'select(.type == "stat") | [.n, .p50_lo, .p50_hi, .p90, .p90_lo, .p90_hi,
    .p99, .p99_lo, .p99_hi, .p999, .p999_lo, .p999_hi]' "$T/s")" \
    '[1000,32,64,185.6,128,256,768,512,1024,2048,1024,2048]' "quantiles and bounds of hist.txt"
is "$(jq 'select(.type == "stat") | .p50 * 1e6 | round' "$T/s")" 59368421 "P50 interpolated"
is "$(grep -c '"type":"hist"' "$T/s")" 1 "hist records pass through"

# lhist.txt: 100 events, one below 0, one in [100, ...):
#  P50: rank 50, 1 below [0, 10) of 50: 49/50 * 10 = 9.8
#  P99.9: rank 99.9 falls in [100, ...): estimate 100, no upper bound
kp-parse-bpftrace $D/lhist.txt | kp-hist >"$T/s"
is "$(jq -c 'select(.type == "stat") | [.p50, .p50_lo, .p50_hi, .p999, .p999_lo, .p999_hi]' "$T/s")" \
    '[9.8,0,10,100,100,null]' "lhist quantiles; an open bucket has no upper bound"
kp-parse-bpftrace $D/keyed.txt 2>/dev/null | kp-hist >"$T/s"
is "$(jq -c 'select(.type == "stat" and .map == "@empty") | [.n, .p99, .p99_lo]' "$T/s")" \
    '[0,null,null]' "an empty histogram has no quantiles"
is "$(jq -c 'select(.type == "stat" and .map == "@neg") | [.p50, .p50_lo, .p50_hi]' "$T/s")" \
    '[0.5,0,1]' "negative buckets count below"

# one histogram a side: a 2x shift moves P99 from [512, 1K) to [1K, 2K)
both() {	# both BASE TARGET: records of the two sides
	kp-parse-bpftrace --meta kernel=v1 "$1"
	kp-parse-bpftrace --meta kernel=v2 "$2"
}
both tests/data/gate/lat-base.json tests/data/gate/lat-2x.txt | kp-hist -b v1 -t v2 >"$T/c"
is "$(jq -c 'select(.type == "cmp") | [.method, .metric, .base_median, .target_median,
    .change_pct, .ci_low_pct, .ci_high_pct, .p, .resolution_limited, .worse]' "$T/c")" \
    '["hist-bounds","p99",768,1536,100,0,300,null,false,true]' \
    "2x shift: +100%, bounds allow 0% to +300%, buckets do not overlap"
is "$(jq -c 'select(.type == "cmp") | [.base_lo, .base_hi, .target_lo, .target_hi, .n_base, .n_target]' "$T/c")" \
    '[512,1024,1024,2048,1,1]' "... the buckets of both sides"
both tests/data/gate/lat-base.json $D/hist.txt | kp-hist -q p50 -b v1 -t v2 >"$T/c"
is "$(jq -c 'select(.type == "cmp") | [.change_pct, .ci_low_pct, .ci_high_pct, .resolution_limited]' "$T/c")" \
    '[0,-50,100,true]' "same histogram: no change, within one bucket: resolution limited"
both tests/data/gate/lat-base.json $D/hist.txt | kp-hist -q p99.9 -b kernel=v1 -t kernel=v2 >"$T/c"
is "$(jq -r 'select(.type == "cmp") | .metric' "$T/c")" p999 "-q p99.9 and FIELD=VALUE selectors"
# the selection language of kp-compare: kernels as versions, repeated
# selectors, fields of the run records
{ kp-parse-bpftrace --meta kernel=6.17.0 tests/data/gate/lat-base.json
  kp-parse-bpftrace --meta kernel=v6.18 --meta run=t1 $D/hist.txt
  kp-parse-bpftrace --meta kernel=v6.18.1 --meta run=t2 --meta env=ci $D/hist.txt; } >"$T/sel"
kp-hist -b v6.17 -t v6.18 -t v6.18.1 "$T/sel" | jq -c 'select(.type == "cmp") |
    [.base_kernel, .target_runs, .n_target, .single_run]' >"$T/c"
is "$(cat "$T/c")" '["6.17.0",["t1","t2"],2,true]' \
    "-b v6.17 selects 6.17.0; -t twice pools both; one histogram a side is single_run"
kp-hist -b v6.17 -t env=ci "$T/sel" | jq -c 'select(.type == "cmp") | .target_runs' >"$T/c"
is "$(cat "$T/c")" '["t2"]' "a field of the run record selects"

# several runs a side: Welch on the log of each run's P99, against scipy
for s in base1 base2 base3; do
	kp-parse-bpftrace --meta kernel=v1 --meta run=$s $D/runs/$s.txt
done >"$T/r"
for s in target1 target2 target3; do
	kp-parse-bpftrace --meta kernel=v2 --meta run=$s $D/runs/$s.txt
done >>"$T/r"
kp-hist -b v1 -t v2 "$T/r" | jq -c 'select(.type == "cmp") |
    [.change_pct, .ci_low_pct, .ci_high_pct, .p, .base_median, .target_median, .method]' >"$T/got"
$PY - "$D/runs" >"$T/want" <<'PY'
import json, math, re, sys
from scipy import stats
import numpy as np
def p99(path):
    b = []
    for line in open(path):
        m = re.match(r'\[(\d+)(K?), (\d+)(K?)\)\s+(\d+)', line)
        if m:
            k = lambda x, s: int(x) * (1024 if s else 1)
            b.append((k(m[1], m[2]), k(m[3], m[4]), int(m[5])))
    n = sum(c for _, _, c in b); r = 0.99 * n; below = 0
    for lo, hi, c in b:
        if c and below + c >= r:
            return lo + (r - below) / c * (hi - lo)
        below += c
d = sys.argv[1]
lb = np.log([p99(f"{d}/base{i}.txt") for i in (1, 2, 3)])
lt = np.log([p99(f"{d}/target{i}.txt") for i in (1, 2, 3)])
t = stats.ttest_ind(lt, lb, equal_var=False)
vb, vt = lb.var(ddof=1) / 3, lt.var(ddof=1) / 3
df = (vb + vt) ** 2 / (vb ** 2 / 2 + vt ** 2 / 2)
diff = lt.mean() - lb.mean(); se = math.sqrt(vb + vt)
q = stats.t.ppf(0.975, df)
print(json.dumps([100 * math.expm1(diff), 100 * math.expm1(diff - q * se),
    100 * math.expm1(diff + q * se), t.pvalue, math.exp(lb.mean()), math.exp(lt.mean())]))
PY
cmp_num() {	# cmp_num GOT WANT NAME: arrays equal to 1e-9 relative
	$PY -c '
import json, sys
g, w = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.exit(0 if all(abs(a - b) <= 1e-9 * max(1, abs(b)) for a, b in zip(g, w)) else 1)' "$1" "$2"
	ok $? "$3"
	[ $? -eq 0 ] || printf '#   got:  %s\n#   want: %s\n' "$1" "$2"
}
cmp_num "$(jq -c '.[0:6]' "$T/got")" "$(cat "$T/want")" \
    "welch-log-runs: change, 95% interval, p and geometric means match scipy"
is "$(jq -r '.[6]' "$T/got")" welch-log-runs "... with method welch-log-runs"

# bad input
run_status kp-hist -b v1
is "$rc" 2 "-b without -t: exit 2"
grep -q '^usage: kp-hist \[-q quantile\] \[-b baseline -t target\] \[file ...\]$' "$T/err"
ok $? "usage is the SYNOPSIS"
run_status kp-hist -q p42
is "$rc" 2 "an unknown quantile: exit 2"
printf '{"type":"hist","run":"r","map":"@x","keys":[],"buckets":[{"lo":4,"hi":2,"count":1}]}\n' >"$T/bad"
run_status kp-hist "$T/bad"
is "$rc" 2 "a bucket with hi < lo: exit 2"
grep -q 'bad:1:' "$T/err"
ok $? "... naming file and line"
{ kp-parse-bpftrace --meta kernel=v1 $D/hist.txt; kp-parse-bpftrace --meta kernel=v1 $D/hist.txt; } >"$T/bad"
run_status kp-hist -b v1 -t v2 "$T/bad"
is "$rc" 2 "two histograms of one map in one run: exit 2"

# the man page's examples
kp-parse-bpftrace $D/hist.txt | kp-hist | jq -c 'select(.type == "stat") |
  {test, p99, p99_lo, p99_hi}' >"$T/ex"
is "$(cat "$T/ex")" '{"test":"usecs","p99":768,"p99_lo":512,"p99_hi":1024}' "EXAMPLES: quantiles of a trace"
cp tests/data/gate/lat-base.json $D/hist.txt "$T/"
(cd "$T" && { kp-parse-bpftrace --meta kernel=v6.17 lat-base.json
  kp-parse-bpftrace --meta kernel=v6.18 hist.txt; } |
  kp-hist -q p99 -b v6.17 -t v6.18 | jq -c 'select(.type == "cmp")') >"$T/ex"
is "$(jq -r .change_pct "$T/ex")" 0 "EXAMPLES: P99 against a stored baseline"
mandoc -Tlint -W warning man/man1/kp-hist.1
ok $? "kp-hist(1) passes mandoc -Tlint"
# a selector that matches nothing is an error naming the kernels present
D=$top/tests/data/gate
{ kp-parse-bpftrace --meta kernel=v6.17 "$D/lat.txt"
  kp-parse-bpftrace --meta kernel=v6.18 "$D/lat-2x.txt"; } >"$T/sel"
run_status kp-hist -b v6.17 -t v6.19 "$T/sel"
is "$rc" 2 "kp-hist: a typo in -t: exit 2"
grep -q 'the target selection "v6.19" matches no histogram; kernel present: v6.17, v6.18' "$T/err"
ok $? "... naming the kernels present" || sed 's/^/# /' "$T/err"
# bucket counts added across runs past what a long long holds: refused,
# not wrapped (UBSan stopped there; a normal build gave null quantiles)
printf '@lat:\n[64, 128)   4611686018427387904 |@@@@@|\n[128, 256)   1 |@|\n' >"$T/big.txt"
for r in a b c; do
	kp-parse-bpftrace --meta kernel=$([ $r = c ] && echo k2 || echo k1) --meta run_name=$r "$T/big.txt"
done >"$T/big"
run_status kp-hist -q p50 -b kernel=k1 -t kernel=k2 "$T/big"
is "$rc:$(cat "$T/err")" "2:kp-hist: $T/big:4: lat (from $T/big.txt:1): the bucket [64, 128) of the baseline's histograms adds up to more than 9223372036854775807; expected counts a long long holds" \
    "counts that overflow when added: exit 2 naming the histogram and bucket"
done_testing
