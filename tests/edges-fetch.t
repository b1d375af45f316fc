#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-fetch at its edges: the signature of a presigned URL (a credential)
# is in no message, record or index line, whether the fetch fails or
# not; a token goes to the origin it was given for only, also when that
# origin redirects to another host on the same port or on another one
# (127.0.0.2 is loopback too, and another host to libcurl); an https
# source redirected to plain http is not followed.  Loopback
# servers (tests/edges/server.py) log every request's Host and
# Authorization.
. "$(dirname "$0")/lib.sh"
spids=
trap 'for p in $spids; do kill $p 2>/dev/null; done; rm -rf "$T"' EXIT
serve() {	# serve DIR ADDRESS [PORT]: sets $url
	mkdir -p "$1"
	: >"$1/log"
	$PY "$top/tests/edges/server.py" "$@" 2>"$1/stderr" &
	spids="$spids $!"
	wait_file "$1/port" $!
	url=http://$2:$(cat "$1/port")
}
serve "$T/a" 127.0.0.1
A=$url PA=$(cat "$T/a/port")
serve "$T/b" 127.0.0.2 "$PA"
B=$url
serve "$T/c" 127.0.0.2
C=$url
if [ ! -s "$T/b/port" ] || [ ! -s "$T/c/port" ]; then
	skip edges-fetch "no server on 127.0.0.2 (a loopback without it?)"
	done_testing
	exit
fi

# a presigned URL: S3's parameters, an Azure sig= and a token=
SIG='X-Amz-Credential=AKIAKP&X-Amz-Security-Token=SEKRIT1&X-Amz-Signature=SEKRIT2&sig=SEKRIT3&token=SEKRIT4&page=1&apikey=SEKRIT5'
leaks() {	# the files of the last run that hold a secret
	grep -l SEKRIT "$T/out" "$T/err" "$T/s/index.ndjson" 2>/dev/null | wc -l
}
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "$A/missing/f.txt?$SIG"
is "$rc:$(leaks)" "2:0" "a presigned URL that fails: exit 2, its signature and API key in no message"
is "$(sed 's/:[0-9][0-9]*\//:PORT\//' "$T/err")" \
    "kp-fetch: http://127.0.0.1:PORT/missing/f.txt?X-Amz-Credential=REDACTED&X-Amz-Security-Token=REDACTED&X-Amz-Signature=REDACTED&sig=REDACTED&token=REDACTED&page=1&apikey=REDACTED: HTTP status 404, expected 200; not fetched" \
    "... which names the URL with each signing value REDACTED"
run_status timeout 60 kp-fetch -v -t 5 -s "$T/s" "$A/ok/f.txt?$SIG"
is "$rc:$(leaks):$(jq -r '[.source, .url] | @tsv' "$T/out" | sed 's/:[0-9][0-9]*\//:PORT\//g')" \
    "0:0:$(printf 'http://127.0.0.1:PORT/ok/f.txt\thttp://127.0.0.1:PORT/ok/f.txt')" \
    "a presigned URL fetched: its source and url recorded without the query, -v says it REDACTED"
grep -q 'new http://127.0.0.1:[0-9]*/ok/f.txt?X-Amz-Credential=REDACTED&.*token=REDACTED&page=1&apikey=REDACTED f.txt' "$T/err"
ok $? "... -v names it with the values REDACTED"
n=$(wc -l <"$T/s/index.ndjson")
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "$A/ok/f.txt?$SIG"
is "$rc:$(wc -l <"$T/s/index.ndjson")" "0:$n" \
    "... fetched again unchanged, the index knows it by its recorded source and grows by nothing"
# two sources that differ only in a signing value (an API key in the
# query that picks what the server answers) are two sources: the second
# sends no conditional request with the first one's time, and its record
# is of its own content; the index tells them apart by a keyed hash of
# the signed source, never the key
rm -rf "$T/s"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "$A/bykey/f.txt?key=SEKRITa"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "$A/bykey/f.txt?key=SEKRITb"
is "$rc:$(leaks):$(jq -r .sha256 "$T/out")" "0:0:$(echo key=SEKRITb | sha256sum | cut -d' ' -f1)" \
    "?key=a then ?key=b: the second is fetched whole, its record of its own content, no key written"
n=$(wc -l <"$T/s/index.ndjson")
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "$A/bykey/f.txt?key=SEKRITa"
is "$rc:$(wc -l <"$T/s/index.ndjson"):$(jq -r .sha256 "$T/out")" "0:$n:$(echo key=SEKRITa | sha256sum | cut -d' ' -f1)" \
    "... ?key=a again: known by its index entry, not the other's; unchanged, the index grows by nothing"
is "$(jq -r .source_hash "$T/s/index.ndjson" | grep -c '^[0-9a-f]\{64\}$'):$(jq -r .source "$T/s/index.ndjson" | sort -u | sed 's/:[0-9][0-9]*\//:PORT\//')" \
    "2:http://127.0.0.1:PORT/bykey/f.txt" "... two index lines of one recorded source, each with its own source_hash"
is "$(stat -c '%a %s' "$T/s/key")" "600 32" "... keyed by the store's key, 32 bytes for its owner only"
rm -rf "$T/s"

# a URL in the text of a message, not only the one it is about: a build
# status whose download_url is no http(s) URL, and signed
echo '{"download_url": "ftp://e.example/x?X-Amz-Signature=SEKRIT6"}' >"$T/a/body"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "tuxsuite+$A/v1/groups/g/projects/p/builds/U0"
rm "$T/a/body"
is "$rc:$(leaks):$(sed 's/:[0-9][0-9]*\//:PORT\//' "$T/err")" \
    "2:0:kp-fetch: http://127.0.0.1:PORT/v1/groups/g/projects/p/builds/U0: download_url \"ftp://e.example/x?X-Amz-Signature=REDACTED\" is not an http(s) URL: metadata.json and config not fetched" \
    "a signed URL in a message's text: REDACTED too"
# a query that signs nothing is kept
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "$A/ok/g.txt?page=2"
is "$rc:$(jq -r .url "$T/out" | sed 's/:[0-9][0-9]*\//:PORT\//')" "0:http://127.0.0.1:PORT/ok/g.txt?page=2" \
    "a query that does not sign is recorded as it is"

# KP_TUXSUITE_TOKEN on a redirect: the API answers 302 to $to
export KP_TUXSUITE_TOKEN=s3cr3t
tux() {	# tux TO: fetch a build whose status redirects to TO; the log lines
	echo "$1" >"$T/a/to"
	: >"$T/a/log"; : >"$T/b/log"; : >"$T/c/log"
	rm -rf "$T/s"
	run_status timeout 60 kp-fetch -t 5 -s "$T/s" \
	    "tuxsuite+$A/redirect/v1/groups/g/projects/p/builds/U1"
	cat "$T/a/log" "$T/b/log" "$T/c/log" | cut -f2,3 | sort
}
is "$(tux "$A")" "$(printf '/redirect/v1/groups/g/projects/p/builds/U1\ts3cr3t\n/v1/groups/g/projects/p/builds/U1\ts3cr3t')" \
    "a redirect on the token's origin: the token goes with both requests"
is "$(tux "http://localhost:$PA")" "$(printf '/redirect/v1/groups/g/projects/p/builds/U1\ts3cr3t\n/v1/groups/g/projects/p/builds/U1\t-')" \
    "a redirect to another host name on the same server and port: not sent there"
is "$(tux "$B"):$(grep -c . "$T/b/log")" "$(printf '/redirect/v1/groups/g/projects/p/builds/U1\ts3cr3t\n/v1/groups/g/projects/p/builds/U1\t-'):1" \
    "a redirect to another host (127.0.0.2), same port: not sent there"
is "$(tux "$C"):$(grep -c . "$T/c/log")" "$(printf '/redirect/v1/groups/g/projects/p/builds/U1\ts3cr3t\n/v1/groups/g/projects/p/builds/U1\t-'):1" \
    "a redirect to another host and port: not sent there"
is "$(grep -rl s3cr3t "$T/out" "$T/err" "$T/s" | wc -l)" 0 "the token is in no record, message or stored file"

# an https source through a proxy: the token goes inside the CONNECT
# tunnel, never in clear to the proxy ($A plays one and logs the CONNECT)
: >"$T/a/log"
rm -rf "$T/s"
run_status env -u no_proxy -u NO_PROXY https_proxy="$A" timeout 60 kp-fetch -t 5 -s "$T/s" \
    "tuxsuite+https://tux.example/v1/groups/g/projects/p/builds/U1"
is "$rc:$(sort -u "$T/a/log")" "2:$(printf 'CONNECT\ttux.example:443\t-')" \
    "an https source through a proxy: the proxy gets its CONNECT without the token"

# an https origin that redirects to http, on the same host or another:
# not followed, as anyone on the path could alter what plain http
# serves, and so the token is not sent there either (libcurl keeps it to
# its origin: scheme, host and port).  The https server's certificate is
# made trusted in a mount namespace of this test alone (unshare -rm), as
# kp-fetch has no option to trust another.
if command -v openssl >/dev/null && [ -f /etc/ssl/certs/ca-certificates.crt ] &&
    unshare -rm true 2>/dev/null &&
    openssl req -x509 -newkey rsa:2048 -nodes -keyout "$T/tls.pem" -out "$T/cert.pem" \
	-subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -days 2 2>/dev/null; then
	cat "$T/cert.pem" >>"$T/tls.pem"
	serve "$T/d" 127.0.0.1 0 "$T/tls.pem"
	D=https://127.0.0.1:$(cat "$T/d/port")
	trusted() {	# trusted CMD...: run_status CMD with the certificate trusted
		run_status unshare -rm sh -c 'mount --bind "$1" /etc/ssl/certs/ca-certificates.crt &&
		    shift && exec "$@"' sh "$T/cert.pem" timeout 60 "$@"
	}
	tls() {	# tls TO: fetch a build whose status on $D redirects to TO
		echo "$1" >"$T/d/to"
		: >"$T/d/log"; : >"$T/a/log"; : >"$T/c/log"
		rm -rf "$T/s"
		trusted kp-fetch -t 5 -s "$T/s" "tuxsuite+$D/redirect/v1/groups/g/projects/p/builds/U1"
		cat "$T/d/log" "$T/a/log" "$T/c/log" | cut -f2,3 | sort
	}
	is "$(tls "$D")" "$(printf '/redirect/v1/groups/g/projects/p/builds/U1\ts3cr3t\n/v1/groups/g/projects/p/builds/U1\ts3cr3t')" \
	    "https: a redirect on the token's origin takes the token along (the certificate is trusted)"
	refused="kp-fetch: $D/redirect/v1/groups/g/projects/p/builds/U1: redirected from https to plain http, where anyone on the path could alter it; not followed"
	is "$(tls "$A"):$(cat "$T/err")" "$(printf '/redirect/v1/groups/g/projects/p/builds/U1\ts3cr3t'):$refused" \
	    "an https origin that redirects to http on the same host: not followed, named"
	is "$(tls "$C"):$(cat "$T/err")" "$(printf '/redirect/v1/groups/g/projects/p/builds/U1\ts3cr3t'):$refused" \
	    "... nor to http on another host"
	is "$(tls "HTTP://127.0.0.1:$PA"):$(cat "$T/err")" "$(printf '/redirect/v1/groups/g/projects/p/builds/U1\ts3cr3t'):$refused" \
	    "... whatever the case of its scheme"
	echo "$A" >"$T/d/to"
	rm -rf "$T/s"
	trusted kp-fetch -t 5 -s "$T/s" "$D/redirect/f.txt"
	is "$rc:$(cat "$T/err"):$(wc -l <"$T/out")" "2:kp-fetch: $D/redirect/f.txt: redirected from https to plain http, where anyone on the path could alter it; not followed:0" \
	    "an https file source redirected to http: exit 2, named, nothing stored"
	# an http source follows to https (and to http, above)
	echo "$D" >"$T/a/to"
	: >"$T/d/log"
	trusted kp-fetch -t 5 -s "$T/s" "$A/redirect/g.txt"
	is "$rc:$(wc -l <"$T/out"):$(cut -f2 "$T/d/log")" "0:1:/g.txt" \
	    "an http source redirected to https: followed, stored"
else
	skip edges-fetch-tls "no openssl, CA bundle or unprivileged mount namespace to trust a test certificate"
fi
done_testing
