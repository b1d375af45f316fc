#!/bin/sh
# deps.sh [--install] PACKAGE...: make sure the Debian packages kp needs are
# installed.  Missing ones are installed with apt-get when we are root (always
# with --install); otherwise we stop and print the exact command to run.
install=
[ "$1" = --install ] && { install=1; shift; }
installed=" $(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "$@" 2>/dev/null |
	awk '$1 == "ii" { printf "%s ", $2 }')"
missing=
for p; do
	case "$installed" in *" $p "*) ;; *) missing="$missing $p" ;; esac
done
[ -z "$missing" ] && exit 0
if [ -n "$install" ] || [ "$(id -u)" = 0 ]; then
	echo "kp: installing Debian packages:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >&2 || exit 2
	exit 0
fi
echo "kp: missing Debian packages; as root run: apt-get install -y$missing" >&2
exit 2
