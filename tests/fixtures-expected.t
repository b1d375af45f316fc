#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every verdict of the bundled MMTests runs' expected.tsv, through the
# whole pipeline: kp-parse-mmtests | kp-identify | kp-stats | kp-compare | kp-classify.
. "$(dirname "$0")/lib.sh"
$PY "$(dirname "$0")/check-fixtures-expected.py" "$FIX" >"$T/out" 2>&1
rc=$?
sed 's/^/# /' "$T/out"
ok $rc "every row of expected.tsv holds ($(tail -1 "$T/out"))"
done_testing
