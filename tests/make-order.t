#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The build waits for the package check: every object, generated source
# and binary of a fresh build directory has the deps stamp (tests/deps.sh)
# as a prerequisite, so `make -j2` cannot compile against headers that
# apt-get is still installing.  make -n prints the commands in the order
# of the dependency graph; the check must come before any compiler.
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
o=$T/o
for t in lib/dist.o tools/kp-fetch/main.o bin/kp-fetch gen/subsysmap.o \
    tests/unit/dist.t bench/ndjson; do
	make -n O="$o" "$o/$t" >"$T/cmds" 2>&1
	first=$(grep -n 'tests/deps.sh' "$T/cmds" | head -1 | cut -d: -f1)
	cc=$(grep -n '^cc \|^\$(CC)\|-c -o' "$T/cmds" | head -1 | cut -d: -f1)
	ok $([ -n "$first" ] && [ -n "$cc" ] && [ "$first" -lt "$cc" ]; echo $?) \
	    "$t: the package check runs before the first compile"
done
# order-only: a changed config.mk reruns the check, not every compile
make O="$o" "$o/lib/die.o" >/dev/null 2>&1
touch -d '+1 second' "$o/.deps"
make -n O="$o" "$o/lib/die.o" >"$T/cmds" 2>&1
is "$(grep -c -- '-c -o' "$T/cmds")" 0 "a newer stamp does not rebuild objects"
done_testing
