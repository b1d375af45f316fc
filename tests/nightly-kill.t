#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A nightly batch survives being killed: `make -f nightly.mk -j2` killed
# (SIGKILL, the whole process group) at random points, then run again,
# finishes with every output byte-identical to an uninterrupted run.  At
# the moment of the kill, every output that exists under its final name is
# already complete: the recipes write a temporary name and rename it.
. "$(dirname "$0")/lib.sh"

command -v parallel >/dev/null || { skip nightly-kill "GNU parallel missing"; done_testing; exit 0; }
command -v setsid >/dev/null || { skip nightly-kill "setsid missing"; done_testing; exit 0; }

cp -R "$FIX/work/log" "$T/data"
nightly() {
	make -s -j2 -f "$top/pipelines/nightly.mk" DATA="$T/data" OUT="$T/out" \
	    LABELS="$top/tests/data/mmtests-labels" KP_BIN="$KP_BIN"
}
# what may differ: temporaries, make's own stamp, and the shards of
# kp-stats and kp-compare, which are gone once joined
outputs() {	# outputs DIR: the complete files under DIR, by relative name
	(cd "$1" && find . -type f ! -name '*.tmp' ! -path './html.tmp/*' \
	    ! -path './*-shards/*' ! -name labels.checked | sort)
}

t0=$(date +%s%N)
nightly >/dev/null 2>&1
is "$?" 0 "the uninterrupted batch: exit 0"
t1=$(date +%s%N)
mv "$T/out" "$T/ref"
outputs "$T/ref" >"$T/ref.list"
# kill points spread over the batch's own duration, from a fixed seed
dur=$(( (t1 - t0) / 1000000 ))
[ "$dur" -gt 50 ] || dur=50
points=$($PY -c 'import random, sys
r = random.Random(7); d = int(sys.argv[1])
print(" ".join(str(r.randint(0, d)) for _ in range(8)))' "$dur")

for ms in $points; do
	rm -rf "$T/out"
	# a session of its own (setsid), whose leader writes its id: the
	# process group to kill
	rm -f "$T/pgid"
	setsid sh -c 'echo $$ >"$1.tmp" && mv "$1.tmp" "$1" && shift && exec "$@"' sh "$T/pgid" \
	    make -s -j2 -f "$top/pipelines/nightly.mk" DATA="$T/data" OUT="$T/out" \
	    LABELS="$top/tests/data/mmtests-labels" KP_BIN="$KP_BIN" >/dev/null 2>&1 &
	until [ -s "$T/pgid" ]; do sleep 0.01; done
	pg=$(cat "$T/pgid")
	sleep "$(echo "scale=3; $ms / 1000" | bc)"
	kill -9 "-$pg" 2>/dev/null || echo "# the batch had ended before $ms ms"
	while kill -0 "-$pg" 2>/dev/null; do sleep 0.01; done
	wait
	# what a killed batch left under final names is complete
	bad=0
	if [ -d "$T/out" ]; then
		for f in $(outputs "$T/out"); do
			cmp -s "$T/out/$f" "$T/ref/$f" || { bad=1; echo "# $f differs after the kill at $ms ms"; }
		done
	fi
	is "$bad" 0 "killed at $ms ms: every file under its final name is complete"
	nightly >/dev/null 2>"$T/err"
	is "$?" 0 "... run again: exit 0" || sed 's/^/# /' "$T/err"
	outputs "$T/out" | cmp -s - "$T/ref.list" && diff -r -x '*.tmp' -x labels.checked "$T/out" "$T/ref" >/dev/null
	ok $? "... every output byte-identical to the uninterrupted run's"
done
done_testing
