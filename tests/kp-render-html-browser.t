#!/bin/sh
# kp-render -f html in a real browser: headless Chromium renders the
# kernel page with its title and more than one colour
. "$(dirname "$0")/lib.sh"

chrome=$(command -v chromium || command -v chromium-browser)
if [ -z "$chrome" ]; then
	skip "headless browser" "chromium is not installed (make deps installs it)"
	done_testing
	exit
fi

cd "$T" || exit 2
cat >all.ndjson <<'EOF2'
{"type":"cmp","key":"00000000000000aa","job":"wis-futex","suite":"wis","bench":"futex1","test":"futex1-threads","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":2,"base_kernel":"v6.16","target_kernel":"v6.17","base_exp":"1111111111111111","target_exp":"2222222222222222","base_runs":["a@vm:1"],"target_runs":["b@vm:1"],"obs_level":"rep","n_base":3,"n_target":3,"change_pct":-30.5,"ci_low_pct":-33,"ci_high_pct":-28,"p":0.001,"q":0.002,"hedges_g":-4,"cliffs_delta":-1,"class":"regression","severity":"red","score":80,"reason":"ci-beyond-threshold"}
{"type":"cmp","key":"00000000000000aa","job":"wis-futex","suite":"wis","bench":"futex1","test":"futex1-threads","op":"futex1","metric":"ops","unit":"ops/s","better":"higher","conc":4,"base_kernel":"v6.16","target_kernel":"v6.17","base_exp":"1111111111111111","target_exp":"2222222222222222","base_runs":["a@vm:1"],"target_runs":["b@vm:1"],"obs_level":"rep","n_base":3,"n_target":3,"change_pct":8,"ci_low_pct":5,"ci_high_pct":11,"p":0.01,"q":0.02,"hedges_g":2,"cliffs_delta":1,"class":"improvement","severity":"yellow","score":40,"reason":"ci-beyond-threshold"}
EOF2
run_status kp-render -f html -o site all.ndjson
is "$rc" 0 "renders"

flags="--headless --no-sandbox --disable-gpu --disable-background-networking
    --disable-component-update --disable-sync --no-first-run
    --user-data-dir=$T/chrome"
# shellcheck disable=SC2086
timeout 120 "$chrome" $flags --dump-dom "file://$T/site/index.html" \
    >dom.html 2>/dev/null
ok $(grep -q '<h1>Kernel comparisons</h1>' dom.html; echo $?) \
    "the browser's DOM has the page title"
# shellcheck disable=SC2086
timeout 120 "$chrome" $flags --screenshot="$T/shot.png" \
    --window-size=1280,900 "file://$T/site/index.html" >/dev/null 2>&1
ok $([ -s shot.png ]; echo $?) "screenshot taken"

# count the colours of the PNG: zlib and the PNG filters are enough
cat >colours.py <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat = 8, b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4, 0: 1, 4: 2}[ctype] * depth // 8
raw, stride = zlib.decompress(idat), w * bpp
prev, seen, i = bytearray(stride), set(), 0
for y in range(h):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 8 == 0:
        for x in range(0, stride, bpp * 4):
            seen.add(bytes(line[x:x + bpp]))
    prev = line
print(len(seen))
PY
n=$($PY colours.py shot.png 2>/dev/null || echo 0)
ok $([ "$n" -gt 1 ]; echo $?) "the screenshot has more than one colour ($n seen)"

done_testing
