#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render lists a group across concurrency levels only when a level
# moved or its family-wide test is significant: an older kp-systematic's
# Stouffer groups with no level affected stay out of text, md and html.
. "$(dirname "$0")/lib.sh"
mksys() {	# mksys TEST AFFECTED Q
	printf '{"type":"sys","suite":"wis","bench":"futex1","test":"%s","op":"futex1","metric":"ops","base_exp":"aaaaaaaaaaaaaaaa","target_exp":"bbbbbbbbbbbbbbbb","unit":"ops/s","better":"higher","base_kernel":"v6.17","target_kernel":"v6.18","direction":"regression","levels":[1,2,4],"affected":%s,"uncertain":[],"opposite":[],"missing":[],"n_levels":3,"n_affected":0,"severity_counts":{},"avg_score":null,"change_min_pct":-3,"change_max_pct":-1,"systematic":false,"p_combined":1e-17,"q_combined":%s,"combine_method":"stouffer","n_combined":3,"rank":1}\n' "$1" "$2" "$3"
}
{ mksys stouffer-only '[]' 0.02; mksys family-test '[]' 0.001; mksys moved '[1,2]' null; } >"$T/in"
for f in text md; do
	kp-render -f $f "$T/in" >"$T/$f"
	is "$(grep -c 'stouffer-only' "$T/$f")" 0 "$f: a group with no level affected and nothing significant is not listed"
	grep -q 'family-test' "$T/$f" && grep -q 'moved' "$T/$f"
	ok $? "$f: one with a significant family-wide test, or with levels that moved, is"
done
kp-render -f json "$T/in" | grep -c stouffer-only >"$T/n"
is "$(cat "$T/n")" 1 "json keeps every record"
done_testing
