#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-fetch sends a source's credential to the source's own origin only
# (scheme, host, port): an API link to another origin is refused, naming
# it; an artifact there, or a redirect there, gets no credential.  Two
# loopback servers (tests/squad/hostile.py): A, the source, with a token,
# and B, another origin, logging what reaches it.
. "$(dirname "$0")/lib.sh"
sq=$top/tests/squad
spids=
trap 'for p in $spids; do kill $p 2>/dev/null; done; rm -rf "$T"' EXIT
serve() {	# serve DIR [TOKEN]: sets $url
	mkdir -p "$1"
	$PY "$sq/hostile.py" "$@" 2>"$1/stderr" &
	spids="$spids $!"
	wait_file "$1/port" $!
	url=http://127.0.0.1:$(cat "$1/port")
}
serve "$T/a" s3cr3t
A=$url
serve "$T/b"
B=$url
echo "$B" >"$T/a/other"
export KP_SQUAD_TOKEN=s3cr3t KP_TUXSUITE_TOKEN=s3cr3t
leaked() {	# requests that reached B with the token
	grep -c s3cr3t "$T/b/log" 2>/dev/null
}
fetch() {	# fetch WORD: the project with A's links broken so
	echo "$1" >"$T/a/faults"
	: >"$T/b/log"
	rm -rf "$T/s"
	run_status timeout 60 kp-fetch -t 5 -s "$T/s" "squad+$A/g/p/"
}

fetch none
is "$rc:$(cat "$T/err"):$(wc -l <"$T/out")" "0::7" \
	"every link on the source's origin: exit 0, every object"
is "$(cut -f2 "$T/a/log" | sort -u)" "Token s3cr3t" "... and the token went with every request to it"
for w in next testruns meta env metafile metrics; do
	fetch $w
	is "$rc:$(leaked)" "2:0" "$w on another origin: exit 2, the token not sent there"
	grep -q "^kp-fetch: $B/api/[^ ]*: a link to another origin than the source's (http://127.0.0.1:[0-9]*); not followed" "$T/err"
	ok $? "... naming the link"
done
is "$(cat "$T/b/log")" "" "B got no request from the refused links at all"

fetch att
is "$rc:$(jq -r 'select(.path | endswith("attachments/a.txt")) | .url' "$T/out")" \
	"0:$B/api/testruns/1/attachments/a.txt" "an attachment on another origin is fetched"
is "$(cat "$T/b/log")" "$(printf '/api/testruns/1/attachments/a.txt\t-')" "... without the token"
fetch redirect
is "$rc:$(jq -r 'select(.path | endswith("attachments/a.txt")) | .size' "$T/out")" "0:6" \
	"an attachment redirected to another origin is fetched"
is "$(cat "$T/b/log")" "$(printf '/api/testruns/1/attachments/a.txt\t-')" "... without the token"
is "$(grep '^/redirect/' "$T/a/log" | cut -f2)" "Token s3cr3t" "... which went to the source's origin only"

# the origin compared is what is dialled: the host's case does not matter
serve "$T/c" s3cr3t
C=http://localhost:$(cat "$T/c/port")
echo case >"$T/c/faults"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "squad+$C/g/p/"
is "$rc:$(cat "$T/err")" "0:" "links to LOCALHOST are the origin of squad+http://localhost"

# TuxSuite: artifacts on a storage host of their own get no token
echo none >"$T/a/faults"
: >"$T/b/log"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "tuxsuite+$A/v1/groups/g/projects/p/builds/U1"
is "$rc:$(wc -l <"$T/out")" "0:3" "tuxsuite+URL: status, metadata.json and config from the storage host"
is "$(cut -f2 "$T/b/log" | sort -u)" "-" "... which got no token"
is "$(grep -c '^/v1/.*	s3cr3t$' "$T/a/log")" 1 "... the API got it"
is "$(grep -rl s3cr3t "$T/out" "$T/err" "$T/s" | wc -l)" 0 "the token is in no record, message or stored file"

# a server's "url" for a testrun is recorded and becomes the run's src,
# which kp-render -f html copies: a local path is refused
echo localurl >"$T/a/faults"
rm -rf "$T/s"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "squad+$A/g/p/"
is "$rc:$(jq -r 'select(.path | contains("testruns/1/")) | .path' "$T/out" | wc -l)" "2:0" \
    "a testrun whose url is a local path: exit 2, the testrun not stored"
grep -q "^kp-fetch: squad+$A/g/p/: builds/v1/testruns/1/testrun.json: the server's \"url\" \"/tmp/../etc/./passwd\" is not an http(s) URL; not stored" "$T/err"
ok $? "... naming the testrun and the url"
# a presigned download URL is a credential: recorded without its query
echo signed >"$T/a/faults"
rm -rf "$T/s"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "squad+$A/g/p/"
is "$rc:$(jq -r 'select(.path | endswith("attachments/a.txt")) | .url' "$T/out"):$(grep -c Signature "$T/s/index.ndjson")" \
    "0:$A/api/testruns/1/attachments/a.txt:0" "a presigned attachment URL is recorded without its query"
# TuxSuite: the build UID names a directory of the store; the
# download_url must be a URL
echo none >"$T/a/faults"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "tuxsuite+$A/v1/groups/g/projects/p/builds/.."
is "$rc:$(wc -l <"$T/out"):$(cat "$T/err")" "2:0:kp-fetch: tuxsuite+$A/v1/groups/g/projects/p/builds/..: build UID \"..\": a \"..\" component; expected tuxsuite+URL/v1/groups/GROUP/projects/PROJECT/builds/UID" \
    "tuxsuite+URL/builds/..: exit 2, nothing stored"
echo nodl >"$T/a/faults"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "tuxsuite+$A/v1/groups/g/projects/p/builds/U2"
is "$rc:$(wc -l <"$T/out"):$(cat "$T/err")" "2:1:kp-fetch: $A/v1/groups/g/projects/p/builds/U2: download_url \"\" is not an http(s) URL: metadata.json and config not fetched" \
    "an empty download_url: exit 2, the status alone, said"

# a user name or password in a source URL would reach messages, records,
# the index and src: refused, and said without it
echo none >"$T/a/faults"
rm -rf "$T/s"
run_status timeout 60 kp-fetch -t 5 -s "$T/s" "http://me:S3CRET@${A#http://}/f.txt" \
    "squad+http://me:S3CRET2@${A#http://}/g/p/"
is "$rc:$(wc -l <"$T/out"):$(grep -rc S3CRET "$T/out" "$T/err" "$T/s" | grep -vc ':0$')" "2:0:0" \
    "userinfo in a URL: exit 2, nothing fetched, the password nowhere"
is "$(sed 's/:[0-9][0-9]*\//:PORT\//' "$T/err")" "kp-fetch: http://127.0.0.1:PORT/f.txt: a URL with a user name or password: not fetched; give the credential in a netrc file (KP_NETRC), or the token in KP_SQUAD_TOKEN or KP_TUXSUITE_TOKEN
kp-fetch: squad+http://127.0.0.1:PORT/g/p/: a URL with a user name or password: not fetched; give the credential in a netrc file (KP_NETRC), or the token in KP_SQUAD_TOKEN or KP_TUXSUITE_TOKEN" \
    "... each named without it, with the way to give a credential"
# KP_NETRC: libcurl gives a host its own login; a redirect is not
# followed then, so that no login reaches another host
printf 'machine 127.0.0.1 login me password netrcpw\n' >"$T/netrc"
: >"$T/b/log"
rm -rf "$T/s"
run_status env -u KP_SQUAD_TOKEN KP_NETRC="$T/netrc" timeout 60 kp-fetch -t 5 -s "$T/s" "squad+$B/g/p/"
is "$rc:$(cut -f2 "$T/b/log" | sort -u)" "0:Basic $(printf me:netrcpw | base64)" \
    "KP_NETRC: the login of the host's netrc entry goes with every request to it"
echo redirect >"$T/a/faults"
: >"$T/b/log"
printf 'machine 127.0.0.1 login me password netrcpw\n' >"$T/netrc"
run_status env KP_NETRC="$T/netrc" timeout 60 kp-fetch -t 5 -s "$T/s" "squad+$A/g/p/"
is "$rc:$(cat "$T/b/log")" "2:" "KP_NETRC: a redirect is not followed: no request reaches the other host"
grep -q '^kp-fetch: http://127.0.0.1:[0-9]*/redirect/a.txt: HTTP status 302, a redirect: not followed with KP_NETRC set' "$T/err"
ok $? "... saying so"

# kp-parse-squad(1)'s example of a lab's submission, run as written
# against the loopback SQUAD with a token: the token is not in curl's
# arguments (ps(1) shows them), and the server accepts it
mkdir -p "$T/sub" "$T/lab"
echo lab/graviton >"$T/sub/projects"	# SQUAD submits only to a project that exists
$PY "$sq/server.py" "$T/sub" s3cr3t 2>"$T/sub/stderr" &
spids="$spids $!"
wait_file "$T/sub/port" $!
sed -n '/^\$ cat metrics.json/,/^\.Ed/p' "$top/man/man1/kp-parse-squad.1" |
	sed -n '/^\$ printf/,$p' | sed '/^\.Ed/d; s/^\$ //; s/\\e$/\\/; s/\\en/\\n/' |
	sed "s|https://squad.example.org|http://127.0.0.1:$(cat "$T/sub/port")|" >"$T/lab/submit.sh"
grep -q 'curl .*\$KP_SQUAD_TOKEN' "$T/lab/submit.sh"
is "$?" 1 "EXAMPLES: kp-parse-squad(1)'s curl takes no token in its arguments"
echo '{"wis-futex/wis/futex1/futex1-threads/futex1/ops@1": [101, 102, 103]}' >"$T/lab/metrics.json"
echo '{"job_id": "v6.18-c7g-1", "instance": "c7g-1"}' >"$T/lab/metadata.json"
echo CONFIG_HZ=100 >"$T/lab/config"
(cd "$T/lab" && sh -e ./submit.sh) >/dev/null 2>&1
rc=$?
is "$rc:$(jq -r '.testruns | length' "$T/sub/state.json" 2>/dev/null)" "0:1" "... and its submission, run as written, is accepted"
done_testing
