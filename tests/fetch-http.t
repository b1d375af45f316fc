#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-fetch over HTTP: directory index pages, conditional re-fetch, errors,
# timeouts, and a fetch killed half-way.  Servers bind to 127.0.0.1 only.
. "$(dirname "$0")/lib.sh"

pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; rm -rf "$T"' EXIT

# serve DIR: python's http.server on a free port; sets $port.  It may
# take seconds to start on a loaded machine: a minute is allowed
serve() {
	$PY -u -m http.server --bind 127.0.0.1 --directory "$1" 0 \
		>"$T/srv.$2" 2>/dev/null &
	pids="$pids $!"
	i=0
	while ! port=$(sed -n 's/.* port \([0-9]*\).*/\1/p' "$T/srv.$2") ||
		[ -z "$port" ]; do
		i=$((i + 1))
		[ $i -gt 1200 ] && { echo "Bail out! http.server did not start"; exit 2; }
		sleep 0.05
	done
}

S=$T/store
mkdir "$T/www"
cp -R "$FIX/work" "$T/www/"
# older than a second: Last-Modified can then validate a re-fetch
find "$T/www" -exec touch -d '2026-01-01 00:00:00' {} +
serve "$T/www" www
U=http://127.0.0.1:$port/work/log/

kp-fetch -s "$T/dirstore" "$FIX/work/log" >"$T/dir.ndjson" 2>/dev/null
run_status kp-fetch -s "$S" "$U"
is "$rc" 0 "index crawl exits 0"
jq -r '.sha256 + " " + .path' "$T/dir.ndjson" | sort >"$T/want"
jq -r '.sha256 + " " + .path' "$T/out" | sort >"$T/got"
ok "$(cmp -s "$T/want" "$T/got"; echo $?)" "the crawl finds the same files and bytes as the directory fetch"
is "$(jq -r .source "$T/out" | sort -u)" "$U" "source is the starting URL"
is "$(jq -r 'select(.path == "baseline/mmtests-activity") | .mtime' "$T/out")" \
	"$(date -d '2026-01-01 00:00:00' +%s)" "mtime from Last-Modified"
ok "$(jq -r .path "$T/out" | grep -q '^\.\./\|/\.\./'; test $? -ne 0; echo $?)" "no path leaves the start"

run_status kp-fetch -s "$S" "$U"
is "$(jq -r .status "$T/out" | sort | uniq -c | tr -s ' ')" " $(wc -l <"$T/want") present" \
	"re-fetch: every record present"
n=$(wc -l <"$S/index.ndjson")
is "$n" "$(wc -l <"$T/want")" "re-fetch: nothing appended to the index"

echo "one more" >"$T/www/work/log/baseline/iter-0/added.txt"
touch -d '2026-01-01 00:00:00' "$T/www/work/log/baseline/iter-0/added.txt"
run_status kp-fetch -s "$S" "http://127.0.0.1:$port/work/log"
is "$(jq -r 'select(.status == "new") | .path' "$T/out")" baseline/iter-0/added.txt \
	"an added file is the one new record (start given without its slash)"

# a page that links a file and a directory twice: each fetched once
mkdir -p "$T/www/dup/sub"
echo a >"$T/www/dup/a.txt" && echo b >"$T/www/dup/sub/b.txt"
printf '<a href="a.txt">a</a> <a href="a.txt">a again</a> <a href="sub/">sub</a> <a href="sub/">sub again</a>\n' \
	>"$T/www/dup/index.html"
run_status kp-fetch -s "$T/dupstore" "http://127.0.0.1:$port/dup/"
is "$rc:$(jq -r .path "$T/out" | sort | tr '\n' ' ')" "0:a.txt sub/b.txt " \
	"a file and a directory linked twice: each fetched once"

run_status kp-fetch -s "$S" "${U}baseline/mmtests-activity" "${U}no/such/file" \
	"${U}baseline/iter-0/added.txt"
is "$rc" 2 "a 404 exits 2"
ok "$(grep -q "^kp-fetch: ${U}no/such/file: HTTP status 404" "$T/err"; echo $?)" "and names the URL"
is "$(jq -r .path "$T/out" | tr '\n' ' ')" "mmtests-activity added.txt " "the other URLs are fetched"
printf '%s\n' "# a list" "${U}baseline/iter-0/added.txt" "" "${U}baseline/mmtests-activity" >"$T/list"
run_status kp-fetch -s "$S" -L "$T/list"
is "$rc.$(wc -l <"$T/out")" 0.2 "-L reads URLs from a file"
run_status sh -c "kp-fetch -s '$S' -L - <'$T/list'"
is "$rc.$(wc -l <"$T/out")" 0.2 "-L - reads them from stdin"
run_status kp-fetch -s "$S" ftp://127.0.0.1/x
is "$rc" 2 "another scheme is refused"

# links with another scheme are not files below the page (javascript:,
# mailto:, data:, ftp:), whatever follows their colon
mkdir "$T/www/js"
echo plain >"$T/www/js/file.txt"
cat >"$T/www/js/index.html" <<'EOF'
<a href="javascript:alert(1)">js</a> <a href="JavaScript:void(0)">js2</a>
<a href="mailto:lab@example.org">mail</a> <a href="data:text/plain,hi">data</a>
<a href="ftp:x">ftp</a> <a href="file.txt">a file</a>
EOF
run_status kp-fetch -s "$T/jsstore" "http://127.0.0.1:$port/js/"
is "$rc.$(jq -r .path "$T/out" | tr '\n' ' ')" "0.file.txt " \
	"links with another scheme are not followed, the file is"
ok "$(grep -qi 'javascript\|mailto\|data:' "$T/err"; test $? -ne 0; echo $?)" "and not reported as failed fetches"

# ETag, 500 and stalls, from a server made for the purpose
cat >"$T/odd.py" <<'EOF'
import http.server, sys, time
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a):
        with open(sys.argv[1], "a") as f:
            f.write("%s %s\n" % (self.path, self.headers.get("If-None-Match")))
    def do_GET(self):
        if self.path == "/etag":
            if self.headers.get("If-None-Match") == '"v1"':
                self.send_response(304); self.end_headers(); return
            self.send_response(200)
            self.send_header("ETag", '"v1"')
            self.send_header("Content-Length", "6")
            self.end_headers(); self.wfile.write(b"etag!\n")
        elif self.path == "/stall":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers(); self.wfile.write(b"x" * 10); self.wfile.flush()
            time.sleep(30)
        elif self.path == "/hang":
            time.sleep(30)
        else:
            self.send_response(500); self.end_headers()
class S(http.server.ThreadingHTTPServer):
    daemon_threads = True
s = S(("127.0.0.1", 0), H)
print("port", s.server_address[1], flush=True)
s.serve_forever()
EOF
$PY -u "$T/odd.py" "$T/odd.log" >"$T/srv.odd" 2>/dev/null &
pids="$pids $!"
i=0
until oport=$(sed -n 's/^port //p' "$T/srv.odd") && [ -n "$oport" ]; do
	i=$((i + 1)); [ $i -gt 1200 ] && { echo "Bail out! no server"; exit 2; }; sleep 0.05
done
O=http://127.0.0.1:$oport
run_status kp-fetch -s "$S" $O/etag
is "$(jq -r '.etag + " " + .status' "$T/out")" '"v1" new' "the ETag is recorded"
run_status kp-fetch -s "$S" $O/etag
is "$(jq -r .status "$T/out")" present "a re-fetch with the ETag is present"
is "$(tail -1 "$T/odd.log")" '/etag "v1"' "and was asked with If-None-Match"
run_status kp-fetch -s "$S" $O/fail
is "$rc" 2 "a 500 exits 2"
ok "$(grep -q "$O/fail: HTTP status 500" "$T/err"; echo $?)" "and names the URL"
# -t 3, not 1: /etag must answer within -t, on a loaded machine too; the
# server holds the other two for 30 s, so without -t the fetch takes a
# minute, well past the bound of 25 s
start=$(date +%s)
run_status kp-fetch -t 3 -s "$S" $O/stall $O/hang $O/etag
is "$rc" 2 "stalled transfers time out with exit 2"
ok "$(grep -q "$O/stall: .*not fetched" "$T/err" && grep -q "$O/hang: .*not fetched" "$T/err"; echo $?)" \
	"each stalled URL is named"
ok "$(test $(($(date +%s) - start)) -lt 25; echo $?)" "within the time limit"
is "$(jq -r .path "$T/out")" etag "what did arrive is recorded"
run_status kp-fetch --verify -s "$S"
is "$rc" 0 "the store is clean after the failures"
is "$(ls "$S/tmp" | wc -l)" 0 "no temporary files left by failed transfers"

# kill -9 half-way through a large file, then fetch again
mkdir -p "$T/big/d"
echo a >"$T/big/d/a1"
echo b >"$T/big/d/a2"
head -c 1048576 /dev/urandom >"$T/big/d/seed"
# 96 MiB that does not compress or repeat: the seed, hashed in counter mode
$PY -c '
import hashlib, sys
seed = open(sys.argv[1], "rb").read()
with open(sys.argv[2], "wb") as f:
    for i in range(96):
        f.write(hashlib.sha256(seed + bytes([i])).digest() * 32768)
' "$T/big/d/seed" "$T/big/d/big.bin"
echo z >"$T/big/d/z1"
find "$T/big" -exec touch -d '2026-01-01 00:00:00' {} +
serve "$T/big" big
B=http://127.0.0.1:$port/d/
K=$T/kstore
kp-fetch -r 8M -s "$K" "$B" >/dev/null 2>&1 &
kpid=$!
i=0
# wait until the big file is on its way (-r 8M: it takes 12 s), a minute
# at most on a loaded machine, or until kp-fetch ended without it
until [ -n "$(find "$K/tmp" -type f -size +4M 2>/dev/null)" ]; do
	i=$((i + 1)); [ $i -gt 1200 ] && break; kill -0 $kpid 2>/dev/null || break
	sleep 0.05
done
kill -9 $kpid
wait $kpid 2>/dev/null
ok "$(test -n "$(find "$K/tmp" -type f -size +4M)"; echo $?)" "killed in the middle of the big file"
ok "$(grep -q big.bin "$K/index.ndjson"; test $? -ne 0; echo $?)" "the index does not name the unfinished file"
run_status kp-fetch --verify -s "$K"
is "$rc" 0 "verify after kill -9: clean"
ok "$(grep -q 'stray temporary file' "$T/err"; echo $?)" "the interrupted temporary file is reported"
run_status kp-fetch -s "$K" "$B"
is "$rc" 0 "re-run after the kill exits 0"
is "$(jq -r .path "$K/index.ndjson" | sort -u | tr '\n' ' ')" "a1 a2 big.bin seed z1 " \
	"the store holds every file"
is "$(jq -r 'select(.path == "big.bin") | .sha256' "$K/index.ndjson")" \
	"$(sha256sum <"$T/big/d/big.bin" | cut -c1-64)" "the big file's hash is right"
run_status kp-fetch --verify --clean -s "$K"
is "$rc" 0 "verify after the re-run: clean"
is "$(ls "$K/tmp" | wc -l)" 0 "--clean removed the stray"

done_testing
