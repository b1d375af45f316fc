#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Records of an older kp, whose cmp records carried no ids (family,
# series_id, base_groups, target_groups): lib's kp_rec_upgrade() gives
# them the ids, so kp-classify, kp-systematic and kp-render decide and
# say what they do on the current records.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 2
ids='del(.family, .series_id, .base_groups, .target_groups)'
$PY "$top/tests/sim/lab.py" 1 6 3 5 -5 2 | kp-compare >cmp
ok $? "kp-compare on a generated lab"
jq -c "if .type == \"cmp\" then $ids else . end" cmp >cmp.old
is "$(grep -c '"family":' cmp.old)" 0 "the older records have no ids"

kp-classify cmp >new && kp-classify cmp.old >old
ok $? "kp-classify reads both"
is "$(jq -c "$ids" old | cksum)" "$(jq -c "$ids" new | cksum)" \
    "the same classes, scores and reasons"
kp-systematic new >sys.new && kp-systematic old >sys.old
is "$(grep -c '^{"type":"sys"' sys.new)" "$(grep -c '^{"type":"sys"' sys.old)" \
    "kp-systematic: as many families"
is "$(grep '^{"type":"sys"' sys.old | cksum)" "$(grep '^{"type":"sys"' sys.new | cksum)" \
    "... and the same sys records"
ok "$([ "$(grep -c '^{"type":"sys"' sys.new)" -gt 1 ]; echo $?)" \
    "... of more than one family"
kp-render -f text sys.new >txt.new && kp-render -f text sys.old >txt.old
is "$(cksum <txt.old)" "$(cksum <txt.new)" "kp-render: the same text report"
done_testing
