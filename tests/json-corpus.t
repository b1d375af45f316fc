#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# json-corpus: the NDJSON reader on malformed and edge-case input, judged
# against Python's json module, and on gzip-compressed input.
. "$(dirname "$0")/lib.sh"

NDJSON=$KP_BIN/../bench/ndjson
D=$top/tests/data/json-bad

if [ ! -x "$NDJSON" ]; then
	skip json-corpus "bench/ndjson is not built (run make)"
	done_testing
	exit
fi

# 1. each malformed record stops the reader with exit 2 and names the
# file, the line (good and blank lines come before it) and the column
grep -v '^#' "$D/INDEX" | while IFS='	' read -r f line col; do
	run_status "$NDJSON" read "$D/$f"
	if [ "$rc" -eq 2 ] && grep -q ": $D/$f:$line:$col: .*expected" "$T/err"; then
		echo "ok - $f"
	else
		echo "not ok - $f: want exit 2 and $f:$line:$col; got $rc: $(cat "$T/err")"
	fi
done >"$T/bad.tap"
nbad=$(grep -c '^ok' "$T/bad.tap")
ntotal=$(grep -vc '^#' "$D/INDEX")
grep '^not ok' "$T/bad.tap" | sed 's/^/# /'
is "$nbad" "$ntotal" "malformed records rejected at the right line and column"
ok $([ "$ntotal" -ge 30 ]; echo $?) "at least 30 malformed cases ($ntotal)"

# 2. edge cases that are valid JSON are accepted, blank lines skipped
run_status "$NDJSON" pass "$D/accept.ndjson"
is "$rc" 0 "valid edge cases accepted"
grep -v '^[[:space:]]*$' "$D/accept.ndjson" >"$T/want"
cmp -s "$T/out" "$T/want"
ok $? "pass-through is byte for byte, blank lines dropped"
run_status "$NDJSON" cat "$D/accept.ndjson"
is "$rc" 0 "kp_w_copy_obj copies them"

# 3. differential: the corpus and mutated valid lines, judged by Python's
# json (strict) and by kp, must agree; accepted lines re-serialised by kp
# must read back in Python as the same values.  Intended differences:
# kp rejects escapes of lone surrogates and \u0000 (Python accepts them), nesting
# deeper than 64 (Python's limit is its recursion limit) and a name twice
# in one object (Python keeps the last); kp writes
# non-finite numbers (1e400) as null; numbers are compared as doubles.
cat >"$T/diff.py" <<'EOF'
import json, math, random, subprocess, sys

ndjson, corpus = sys.argv[1], sys.argv[2:]
seeds, lines = [], []
for path in corpus:
    for l in open(path, 'rb').read().split(b'\n')[:-1]:
        lines.append(l)
        if path.endswith('accept.ndjson') or l.startswith(b'{"type"'):
            seeds.append(l)
rng = random.Random(8259)
alphabet = list(b'{}[],:"\\ \t\r0123456789-+.eEtfnulrsaxuU/') + \
    [0, 1, 0x1f, 0x7f, 0x80, 0xa0, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff]
def mutate(b):
    b = bytearray(b)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(5)
        i = rng.randrange(len(b) + 1)
        if op == 0 and i < len(b):
            del b[i]
        elif op == 1:
            b[i:i] = bytes([rng.choice(alphabet)])
        elif op == 2 and i < len(b):
            b[i] = rng.choice(alphabet)
        elif op == 3:
            j = rng.randrange(len(b) + 1)
            b[i:i] = b[min(i, j):max(i, j)][:40]
        else:
            b[i:i] = rng.choice([b'\\ud83d', b'\\ude00', b'\\ud83d\\ude00', b'\\u00e9', b'\\u0000',
                                 b'1e400', b'-0', b'[', b']', b'{', b'}', b'"', b',',
                                 b'\xf0\x9f\x98\x80', b'\xed\xb0\x80', b'NaN'])
    return bytes(b)
for _ in range(4000):
    lines.append(mutate(rng.choice(seeds)))

def bad_const(c):
    raise ValueError(c)
def depth(v):
    if isinstance(v, dict):
        return 1 + max([depth(x) for x in v.values()] + [0])
    if isinstance(v, list):
        return 1 + max([depth(x) for x in v] + [0])
    return 0
def surrogates(v):
    """a lone surrogate or a NUL, which kp refuses"""
    if isinstance(v, dict):
        return any(surrogates(k) or surrogates(x) for k, x in v.items())
    if isinstance(v, list):
        return any(surrogates(x) for x in v)
    return isinstance(v, str) and any(0xd800 <= ord(c) <= 0xdfff or c == '\0' for c in v)
dups = [False]
def pairs(kv):
    if len(set(k for k, _ in kv)) != len(kv):
        dups[0] = True
    return dict(kv)
def python(b):
    """True/False: Python's verdict; None: an intended difference"""
    dups[0] = False
    try:
        v = json.loads(b.decode('utf-8'), parse_constant=bad_const,
                       object_pairs_hook=pairs)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return False, None
    if not isinstance(v, dict):
        return False, None
    if surrogates(v) or depth(v) > 64 or dups[0]:
        return None, v
    return True, v
def norm(v):
    if isinstance(v, dict):
        return {k: norm(x) for k, x in v.items()}
    if isinstance(v, list):
        return [norm(x) for x in v]
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    try:
        f = float(v)
    except OverflowError:
        return None
    return f if math.isfinite(f) else None

out = subprocess.run([ndjson, 'judge'], input=b'\n'.join(lines) + b'\n',
                     stdout=subprocess.PIPE, check=True).stdout.split(b'\n')[:-1]
assert len(out) == len(lines), (len(out), len(lines))
n = {'lines': len(lines), 'accepted': 0, 'rejected': 0, 'intended': 0,
     'disagree': 0, 'value': 0}
for l, o in zip(lines, out):
    verdict, v = python(l)
    kp = not o.startswith(b'err ')
    if verdict is None:
        n['intended'] += 1
        if kp:
            n['disagree'] += 1
            print('# kp accepted a lone surrogate, a NUL or deep nesting:', l[:120])
        continue
    if verdict != kp:
        n['disagree'] += 1
        if n['disagree'] <= 5:
            print('# python', verdict, 'kp', kp, repr(l[:120]), o[:100])
        continue
    if not kp:
        n['rejected'] += 1
        continue
    n['accepted'] += 1
    try:
        back = json.loads(o.decode('utf-8'))
    except ValueError as e:
        back = e
    if norm(back) != norm(v):
        n['value'] += 1
        if n['value'] <= 5:
            print('# value differs:', repr(l[:120]), o[:120])
print('# ' + ', '.join('%s %d' % kv for kv in n.items()))
print('DISAGREE', n['disagree'])
print('VALUE', n['value'])
print('ACCEPTED', n['accepted'])
EOF
"$PY" "$T/diff.py" "$NDJSON" "$D"/*.ndjson >"$T/diff.out" 2>&1
grep '^#' "$T/diff.out"
is "$(sed -n 's/^DISAGREE //p' "$T/diff.out")" 0 "kp and Python's json agree on accept/reject"
is "$(sed -n 's/^VALUE //p' "$T/diff.out")" 0 "kp's re-serialisation reads back in Python as the same values"
acc=$(sed -n 's/^ACCEPTED //p' "$T/diff.out")
ok $([ "${acc:-0}" -ge 100 ]; echo $?) "the mutations leave enough valid lines to compare values (${acc:-0})"

# 4. gzip: read transparently; a truncated stream is an error, not a short read
grep -v '^[[:space:]]*$' "$D/accept.ndjson" >"$T/plain.ndjson"
gzip -c "$T/plain.ndjson" >"$T/in.ndjson.gz"
run_status "$NDJSON" pass "$T/in.ndjson.gz"
is "$rc" 0 "a .gz file is read"
cmp -s "$T/out" "$T/plain.ndjson"
ok $? "and gives the same records"
size=$(wc -c <"$T/in.ndjson.gz")
head -c $((size / 2)) "$T/in.ndjson.gz" >"$T/cut.ndjson.gz"
run_status "$NDJSON" read "$T/cut.ndjson.gz"
is "$rc" 2 "a truncated .gz is exit 2"
grep -q "cut.ndjson.gz" "$T/err"
ok $? "naming the file: $(head -c 200 "$T/err")"
gzip -c "$D/nan.ndjson" >"$T/nan.ndjson.gz"
run_status "$NDJSON" read "$T/nan.ndjson.gz"
line=$(grep '^nan.ndjson' "$D/INDEX" | cut -f2)
grep -q "nan.ndjson.gz:$line:10: " "$T/err"
ok $? "a bad record inside a .gz names its line ($(cat "$T/err"))"

done_testing
