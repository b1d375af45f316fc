/* SPDX-License-Identifier: GPL-2.0-or-later */
/* groupchain.c: kp-stats keeps each group's samples as a chain through
 * blocks of samples (tools/kp-stats/groups.c, samples.c) instead of
 * sorting them into group order; gathering a group must give its
 * samples in input order, as a stable sort by group would, or the
 * statistics summed in that order change.  Random inputs: groups in
 * runs or scattered, one group or many, across several blocks. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/kp-stats/kp-stats.h"
#include "../tap.h"

/* read.c's, which group_find() names fields by; not called here */
const int sfield[NSTR];

static uint64_t rng = 88172645463325252ull;

static uint32_t
rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)((rng >> 11) % n);
}

static const uint32_t *sortgrp;

/* by group, then by input order: a stable sort by group */
static int
bygroup(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if (sortgrp[x] != sortgrp[y])
		return sortgrp[x] < sortgrp[y] ? -1 : 1;
	return (x > y) - (x < y);
}

/* one random input of n samples in ng groups; 1 if the groups, gathered
 * one after the other, are the input sorted stably by group */
static int
trial(uint32_t n, uint32_t ng, int runs)
{
	static Stats st;
	uint32_t *grp = emalloc(n * sizeof(*grp)), *want = emalloc(n * sizeof(*want));
	uint32_t g = 0, i;
	Sample *out = emalloc(n * sizeof(*out));
	size_t k = 0, j;
	int good = 1;

	memset(&st, 0, sizeof(st));
	st.ng = ng;
	st.G = ecalloc(ng, sizeof(*st.G));
	for (i = 0; i < n; i++) {
		/* runs of one group, as inputs mostly come, or none */
		if (!runs || rnd(4) == 0)
			g = rnd(ng);
		grp[i] = g;
		want[i] = i;
		sample_new(&st)->v = (double)i;
		group_link(&st, g, i);
	}
	sortgrp = grp;
	qsort(want, n, sizeof(*want), bygroup);
	good &= st.ns == n;
	for (g = 0; g < ng; g++) {
		group_gather(&st, &st.G[g], out);
		for (j = 0; j < st.G[g].n; j++, k++)
			good &= k < n && out[j].v == (double)want[k] && grp[want[k]] == g;
	}
	good &= k == n;
	for (j = 0; j < st.nblk; j++)
		free(st.blk[j]);
	free(st.blk);
	free(st.G);
	free(grp);
	free(want);
	free(out);
	return good;
}

int
main(void)
{
	int t, bad = 0;

	ok(trial(1, 1, 1), "one sample");
	ok(trial(SBLOCK + 1, 1, 1), "one group over two blocks");
	for (t = 0; t < 40; t++)
		bad += !trial(1 + rnd(3 * SBLOCK), 1 + rnd(t < 20 ? 50 : 5000),
		    t % 2);
	ok(bad == 0, "40 random inputs, up to 3 blocks and 5000 groups: "
	    "each group gathers in input order (%d wrong)", bad);
	return done_testing();
}
