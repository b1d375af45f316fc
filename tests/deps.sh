#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# deps.sh [--install] PACKAGE...: make sure the Debian packages kp needs are
# installed.  Missing ones are installed with apt-get when we are root (always
# with --install); otherwise we stop and print the exact command to run.
# KP_NO_APT=1 never runs apt-get: a CI runner that provisions its own
# machine says what is missing and stops.  A PACKAGE may name alternatives,
# a/b: any one installed will do (libcurl4-openssl-dev/libcurl4-gnutls-dev,
# so that a runner's gnutls flavour is never replaced); the first is the
# one installed.
install=
[ "$1" = --install ] && { install=1; shift; }
if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "kp: no dpkg-query, so the Debian packages cannot be checked; make" \
	    "sure these (or your system's equivalents) are installed:" \
	    "$(echo "$*" | sed 's|/| or |g')" >&2
	exit 0
fi
# installed, held or not: the second letter of the status is "i"
installed=" $(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' \
	$(echo "$*" | tr '/' ' ') 2>/dev/null |
	awk 'substr($1, 2, 1) == "i" { printf "%s ", $2 }')"
missing=
for p; do
	found=
	for alt in $(echo "$p" | tr '/' ' '); do
		case "$installed" in *" $alt "*) found=1 ;; esac
	done
	[ -n "$found" ] || missing="$missing ${p%%/*}"
done
[ -z "$missing" ] && exit 0
if [ -n "${KP_NO_APT:-}" ] && [ "$KP_NO_APT" != 0 ]; then
	echo "kp: missing Debian packages (KP_NO_APT is set, so not installing" \
	    "them): apt-get install -y$missing" >&2
	exit 2
fi
if [ -n "$install" ] || [ "$(id -u)" = 0 ]; then
	echo "kp: installing Debian packages:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >&2 || exit 2
	exit 0
fi
echo "kp: missing Debian packages; as root run: apt-get install -y$missing" >&2
exit 2
