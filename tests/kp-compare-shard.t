#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-compare by pair: -s i/n compares a range of the pairs, and the shards
# one after the other are one run's output, byte for byte; -S leaves the
# stat records out and each cmp record carries its series id and each
# side's multimodal flag, so that the text report is the same without them
. "$(dirname "$0")/lib.sh"

L=$FIX/work/log
# six kernels: v6.5 ran under another toolchain (kept apart from its
# baseline, a lone kernel), four pairs before it
{
	kp-parse-mmtests --meta kernel=v6.0 "$L/baseline"
	kp-parse-mmtests --meta kernel=v6.1 "$L/baseline-rerun"
	kp-parse-mmtests --meta kernel=v6.2 "$L/target-cpuhog"
	kp-parse-mmtests --meta kernel=v6.3 "$L/target-2hogs"
	kp-parse-mmtests --meta kernel=v6.4 --meta run=again@vm:1 "$L/baseline"
	kp-parse-mmtests --meta kernel=v6.5 --meta run=again@vm:2 \
	    --meta toolchain="gcc 14.2.0" "$L/baseline-rerun"
} >"$T/r" && kp-identify "$T/r" | kp-stats >"$T/s"
ok $? "fixtures parsed as six kernels"

kp-compare "$T/s" >"$T/one" 2>/dev/null
ok $? "one run"
is "$(jq -r 'select(.type=="coverage" and .level=="pair") | "\(.base)>\(.target)"' "$T/one" | tr '\n' ' ')" \
    "v6.2>v6.3 v6.3>v6.4 v6.0>v6.1 v6.1>v6.2 " "four pairs, in the order of their keys"
is "$(jq -r 'select(.type=="coverage" and .level=="kernel") | "\(.kind) \(.target)"' "$T/one" | sort -u | tr '\n' ' ')" \
    "apart v6.5 " "... and a kernel kept apart"

for n in 2 3 4 6; do
	: >"$T/joined"
	i=1
	while [ $i -le $n ]; do
		kp-compare -s $i/$n "$T/s" >>"$T/joined" 2>/dev/null || break
		i=$((i + 1))
	done
	cmp -s "$T/one" "$T/joined"
	ok $? "$n shards joined in order are one run's output"
done

# records in another order of fields than kp-stats writes them, which a
# shard's first reading parses whole: the same
jq -cS . "$T/s" >"$T/sorted"
kp-compare "$T/sorted" >"$T/one-sorted" 2>/dev/null
{ kp-compare -s 1/2 "$T/sorted"; kp-compare -s 2/2 "$T/sorted"; } >"$T/joined-sorted" 2>/dev/null
cmp -s "$T/one-sorted" "$T/joined-sorted"
ok $? "fields in another order: 2 shards joined are one run's output"

# each shard compares its own pairs: the second of two, the last two
kp-compare -s 2/2 "$T/s" >"$T/two" 2>/dev/null
is "$(jq -r 'select(.type=="coverage" and .level=="pair") | .target' "$T/two" | tr '\n' ' ')" \
    "v6.1 v6.2 " "shard 2/2 compares the last two pairs"
is "$(jq -c 'select(.type!="cmp" and .type!="coverage" and .type!="shift")' "$T/two" | wc -l)" 0 \
    "... and copies no input record (the first shard does)"

# selections given (-b/-t): the shards still join to one run
kp-compare -b v6.1 -t v6.2 "$T/s" >"$T/one-bt" 2>/dev/null
{ kp-compare -s 1/2 -b v6.1 -t v6.2 "$T/s"; kp-compare -s 2/2 -b v6.1 -t v6.2 "$T/s"; } >"$T/joined-bt" 2>/dev/null
cmp -s "$T/one-bt" "$T/joined-bt"
ok $? "-b/-t: 2 shards joined are one run's output"

run_status kp-compare -s 1/2 <"$T/s"
is "$rc" 2 "-s on the standard input: exit 2 (a shard reads its input twice)"
run_status kp-compare -s 3/2 "$T/s"
is "$rc" 2 "-s 3/2: exit 2"

# -S: the same records less the stat records
kp-compare -S "$T/s" >"$T/nostat" 2>/dev/null
cmp -s "$T/nostat" "$(grep -v '^{"type":"stat",' "$T/one" >"$T/want"; echo "$T/want")"
ok $? "-S: the output less its stat records"
: >"$T/joined"
for i in 1 2 3; do kp-compare -S -s $i/3 "$T/s" >>"$T/joined" 2>/dev/null; done
cmp -s "$T/nostat" "$T/joined"
ok $? "-S with 3 shards: joined, one -S run's output"

# ids carried: a cmp record's series id is its stats', on both sides
jq -r 'select(.type=="stat" and .scope=="group") | "\(.group) \(.series_id)"' "$T/s" | sort >"$T/ser"
is "$(jq -r 'select(.type=="stat" and .scope=="group") | .series_id' "$T/s" | grep -cvx '[0-9a-f]\{16\}')" 0 \
    "every stat record has a series id"
jq -r 'select(.type=="cmp") | (.base_groups + .target_groups)[] as $g | "\($g) \(.series_id)"' "$T/one" | sort >"$T/cser"
is "$(join "$T/cser" "$T/ser" | awk '$2 != $3' | wc -l)" 0 "each cmp's series id is its groups'"
is "$(jq -r 'select(.type=="cmp") | "\(.series_id) \(.target_kernel)"' "$T/one" | sort | uniq -d | wc -l)" 0 \
    "... one cmp record a series and pair"
# and each side's multimodal flag is its stats'
jq -r 'select(.type=="stat" and .scope=="group") | "\(.group) \(.multimodal)"' "$T/s" | sort >"$T/mm"
jq -r 'select(.type=="cmp") | "\(.base_groups[0]) \(.base_multimodal)", "\(.target_groups[0]) \(.target_multimodal)"' "$T/one" | sort >"$T/cmm"
is "$(join "$T/cmm" "$T/mm" | awk '$2 != $3' | wc -l)" 0 "each side's multimodal is its stat's"
n=$(jq -r 'select(.type=="cmp" and (.base_multimodal or .target_multimodal)) | .target_kernel' "$T/one" | wc -l)
[ "$n" -gt 0 ]
ok $? "some sides are multimodal ($n comparisons)"

# the text report from the cmp records alone: the same, caveats and all
kp-classify "$T/one" 2>/dev/null | kp-render -f text >"$T/with" 2>/dev/null
kp-classify "$T/nostat" 2>/dev/null | kp-render -f text >"$T/without" 2>/dev/null
cmp -s "$T/with" "$T/without"
ok $? "text report: the same without the stat records"
grep -q '{multimodal' "$T/without"
ok $? "... and it still says which sides are multimodal"

# a kernel name too long for a shard's index is refused, not cut short
# (two kernels sharing its first 1,023 bytes would become one)
long=$(printf 'v%01100d' 1)
jq -c --arg k "$long" 'select(.type=="stat") | .kernel = $k' "$T/s" | head -1 >"$T/long"
kp-compare -s 1/2 "$T/long" >/dev/null 2>"$T/err"
is "$?:$(grep -c "long:1: a stat record's kernel is over 1023 bytes" "$T/err")" "2:1" \
    "-s: an over-long kernel name is an error naming its line"

done_testing
