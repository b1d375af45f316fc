#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
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
# every source file says its licence in its first lines (SPDX), so that a
# file copied out of the tree still carries it
if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
	git -C "$top" ls-files | grep -E '\.(c|h|sh|py|t|mk|[157])$|^Makefile$|^config\.mk$|^\.ci/run$' |
	    grep -v -E '^(tests/data|fuzz/regress)/' |
	    while read -r f; do
		head -n 3 "$top/$f" | grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' || echo "$f"
	    done >"$T/nospdx"
	is "$(wc -l <"$T/nospdx" | tr -d ' ')" 0 "every source file has an SPDX line ($(head -3 "$T/nospdx" | tr '\n' ' '))"
fi
done_testing
