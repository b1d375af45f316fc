#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make install: modes whatever the umask, a kp-gate command on PATH that
# takes its own prefix's tools, pipelines that run from the prefix without
# PATH; make uninstall removes what it installed and nothing else
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
D=tests/data/gate
P=$T/root/opt/kp

(umask 077 && make -s install DESTDIR="$T/root" PREFIX=/opt/kp >"$T/out" 2>&1)
ok $? "make install under umask 077" || sed 's/^/# /' "$T/out"
is "$(stat -c %a "$P/bin/kp-compare")" 755 "... tools are 755"
is "$(stat -c %a "$P/share/man/man1/kp-gate.1")" 644 "... man pages 644"
is "$(stat -c %a "$P/share/kp/pipelines/reanalyze.sh")" 755 "... pipelines 755"
test -x "$P/bin/kp-gate"
ok $? "a kp-gate command in bin"

# a kp-compare earlier on PATH that is not this installation's
mkdir -p "$T/other"
printf '#!/bin/sh\necho other kp-compare >&2\nexit 3\n' >"$T/other/kp-compare"
cp "$T/other/kp-compare" "$T/other/kp-identify"
chmod +x "$T/other/kp-compare" "$T/other/kp-identify"
jq '.lmbench.lat_syscall.open *= 2' $D/baseline.json >"$T/2x.json"
PATH=$T/other:/usr/bin:/bin "$P/bin/kp-gate" "$T/2x.json" $D/baseline.json >"$T/out" 2>"$T/err"
is "$?" 1 "kp-gate takes its own prefix's tools before PATH's"
tail -n 1 "$T/out" | grep -q '^FAIL: 1 of 8'
ok $? "... and says FAIL"
PATH=$T/other:/usr/bin:/bin "$P/share/kp/pipelines/gate.sh" "$T/2x.json" $D/baseline.json >/dev/null 2>&1
is "$?" 1 "so does share/kp/pipelines/gate.sh"
"$P/bin/kp-gate" --help 2>&1 | grep -q '^usage: kp-gate '
ok $? "kp-gate names itself"

# reanalyze.sh from the prefix, PATH unset
kp-parse-mmtests --meta kernel=a "$FIX/work/log/baseline" >"$T/r"
kp-parse-mmtests --meta kernel=b --meta run_name=b "$FIX/work/log/baseline-rerun" >>"$T/r"
kp-identify "$T/r" | kp-stats >"$T/stats.ndjson"
env -u PATH /bin/sh "$P/share/kp/pipelines/reanalyze.sh" -b kernel=a -t kernel=b \
    -o "$T/re" "$T/stats.ndjson" >"$T/out" 2>"$T/err"
is "$?" 0 "reanalyze.sh runs from the prefix without PATH" || sed 's/^/# /' "$T/err"
env -u PATH /bin/sh "$P/share/kp/pipelines/fanout.sh" -o "$T/fo" "$FIX/work/log/baseline" >"$T/out" 2>"$T/err"
is "$?" 0 "fanout.sh runs from the prefix without PATH" || sed 's/^/# /' "$T/err"

# uninstall: what install wrote, not a file of the user's
echo mine >"$P/share/kp/local.yaml"
make -s uninstall DESTDIR="$T/root" PREFIX=/opt/kp >"$T/out" 2>&1
ok $? "make uninstall"
is "$(cd "$P" && find . -type f | sort | tr '\n' ' ')" "./share/kp/local.yaml " \
    "... removes the tools, pipelines and man pages, keeps the user's file"
done_testing
