#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/deps.sh: KP_NO_APT=1 never runs apt-get; a held package counts as
# installed; either libcurl flavour will do; without dpkg it says so
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2

# a dpkg-query that reports $T/status (status abbrev and name a line), an
# apt-get and an id that only record what they were asked
mkdir -p "$T/bin" "$T/nodpkg"
cat >"$T/bin/dpkg-query" <<EOF_
#!/bin/sh
cat "$T/status"
EOF_
cat >"$T/bin/apt-get" <<EOF_
#!/bin/sh
echo "apt-get \$*" >>"$T/apt"
EOF_
printf '#!/bin/sh\necho 0\n' >"$T/bin/id"
chmod +x "$T/bin/dpkg-query" "$T/bin/apt-get" "$T/bin/id"
for t in sh awk tr sed cat; do ln -s "$(command -v $t)" "$T/nodpkg/$t"; done
cp "$T/bin/apt-get" "$T/bin/id" "$T/nodpkg/"

deps() {	# deps PATH ARGS...: tests/deps.sh as root with that PATH
	p=$1
	shift
	: >"$T/apt"
	PATH=$p sh tests/deps.sh "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

printf 'ii  jq\nii  gcc\n' >"$T/status"
KP_NO_APT=1 deps "$T/bin:$PATH" jq gcc parallel
is "$rc" 2 "KP_NO_APT=1 with a package missing: exit 2"
is "$(cat "$T/apt")" "" "... and apt-get is never run"
grep -q 'KP_NO_APT is set.*apt-get install -y parallel' "$T/err"
ok $? "... naming what is missing"
deps "$T/bin:$PATH" jq gcc parallel
grep -q 'apt-get install -y -qq --no-install-recommends parallel' "$T/apt"
ok $? "without it, root installs what is missing"

printf 'hi  jq\nii  gcc\n' >"$T/status"
deps "$T/bin:$PATH" jq gcc
is "$rc:$(cat "$T/apt")" 0: "a held package counts as installed"

printf 'ii  libcurl4-gnutls-dev\n' >"$T/status"
deps "$T/bin:$PATH" libcurl4-openssl-dev/libcurl4-gnutls-dev
is "$rc:$(cat "$T/apt")" 0: "libcurl4-gnutls-dev will do for libcurl4-openssl-dev"
printf 'ii  gcc\n' >"$T/status"
deps "$T/bin:$PATH" libcurl4-openssl-dev/libcurl4-gnutls-dev
grep -q 'no-install-recommends libcurl4-openssl-dev$' "$T/apt"
ok $? "... with neither, the first is installed"

deps "$T/nodpkg" jq gcc
is "$rc:$(cat "$T/apt")" 0: "without dpkg: nothing installed, no failure"
grep -q 'no dpkg-query, so the Debian packages cannot be checked' "$T/err"
ok $? "... and it says so" || sed 's/^/# /' "$T/err"
grep -q 'missing' "$T/err"
is "$?" 1 "... never calling them missing"
done_testing
