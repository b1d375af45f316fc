#!/bin/sh
# The licence: LICENSE holds the GNU GPL version 2 as Debian ships it,
# and the README says kp is GPL-2.0-or-later.
. "$(dirname "$0")/lib.sh"
ok $([ -f "$top/LICENSE" ] && grep -q '^ *GNU GENERAL PUBLIC LICENSE$' "$top/LICENSE" &&
    grep -q '^ *Version 2, June 1991$' "$top/LICENSE" &&
    grep -q 'END OF TERMS AND CONDITIONS' "$top/LICENSE"; echo $?) \
    "LICENSE: the whole text of the GNU GPL version 2"
if [ -f /usr/share/common-licenses/GPL-2 ]; then
	cmp -s /usr/share/common-licenses/GPL-2 "$top/LICENSE"
	ok $? "... word for word as Debian's /usr/share/common-licenses/GPL-2"
fi
grep -q 'GPL-2.0-or-later' "$top/README.md" && grep -q '(LICENSE)' "$top/README.md"
ok $? "README: GPL-2.0-or-later, pointing at LICENSE"
done_testing
