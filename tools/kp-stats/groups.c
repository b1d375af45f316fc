/* SPDX-License-Identifier: GPL-2.0-or-later */
/* groups.c: the group of each sample, found by hash as it is read, and
 * the order of the groups and of the samples in each. */
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

/* what makes a group, besides conc, in output order */
static const int gkey[] = { S_EXP, S_SUITE, S_BENCH, S_TEST, S_OP, S_METRIC };

static uint32_t
grouphash(const uint32_t *s, long long conc)
{
	uint64_t h = (uint64_t)conc * 0x9e3779b97f4a7c15ULL;
	size_t i;

	for (i = 0; i < KP_LEN(gkey); i++)
		h = (h ^ s[gkey[i]]) * 0x100000001b3ULL;
	return (uint32_t)(h ^ (h >> 29));
}

static int
samegroup(const Group *g, const uint32_t *s, long long conc)
{
	return g->conc == conc && g->s[S_EXP] == s[S_EXP] &&
	    g->s[S_SUITE] == s[S_SUITE] && g->s[S_BENCH] == s[S_BENCH] &&
	    g->s[S_TEST] == s[S_TEST] && g->s[S_OP] == s[S_OP] &&
	    g->s[S_METRIC] == s[S_METRIC];
}

static uint32_t
grouphash_of(const void *ctx, uint32_t id)
{
	const Group *g = &((const Stats *)ctx)->G[id];

	return grouphash(g->s, g->conc);
}

/* a new group takes the sample's carried strings, an old one must agree
 * with them */
uint32_t
group_find(Stats *st, kp_json *d, const uint32_t *s, long long conc, const int *tok)
{
	static const int carried[] = { S_KEY, S_KERNEL, S_JOB, S_UNIT, S_BETTER };
	uint32_t j, id;
	size_t i;
	Group *g;
	const char *b;

	if (st->ng && samegroup(&st->G[st->lastg], s, conc))
		id = st->lastg;
	/* each instance's input lists the groups in the same order: the
	 * group made after the last one is likely the next, and beside it
	 * in memory, where a hash probe is a cache miss in a large table */
	else if (st->lastg + 1 < st->ng &&
	    samegroup(&st->G[st->lastg + 1], s, conc))
		id = st->lastg + 1;
	else {
		if (2 * (st->ng + 1) > st->gtabsz)
			st->gtab = tab_grow(st->gtab, &st->gtabsz, 1024, st->ng,
			    grouphash_of, st);
		for (j = grouphash(s, conc) & (st->gtabsz - 1); (id = st->gtab[j]);
		    j = (j + 1) & (st->gtabsz - 1))
			if (samegroup(&st->G[id - 1], s, conc))
				break;
		if (id)
			id--;
		else {
			b = idstr(st, s[S_BETTER]);
			if (kp_vocab_find(&kp_better_v, b, strlen(b)) < 0) {
				if (!d)
					return UINT32_MAX;
				kp_rec_die(d, tok[KP_SAMPLE_BETTER], "expected %s "
				    "for \"better\", got \"%s\"", kp_better_v.what, b);
			}
			st->G = kp_grow(st->G, st->ng, sizeof(*st->G));
			g = &st->G[st->ng];
			memset(g, 0, sizeof(*g));
			memcpy(g->s, s, sizeof(g->s));
			g->conc = conc;
			st->gtab[j] = st->ng + 1;
			id = st->ng++;
		}
	}
	st->lastg = id;
	g = &st->G[id];
	for (i = 0; i < KP_LEN(carried); i++)
		if (g->s[carried[i]] != s[carried[i]]) {
			if (!d)
				return UINT32_MAX;
			kp_rec_die(d, tok[sfield[carried[i]]],
			    "\"%s\" is \"%s\" here and \"%s\" in earlier samples "
			    "of %s/%s/%s[%s %s] at %lld; expected one per group",
			    KP_FNAME(kp_sample_t, sfield[carried[i]]),
			    idstr(st, s[carried[i]]), idstr(st, g->s[carried[i]]),
			    idstr(st, s[S_SUITE]), idstr(st, s[S_BENCH]),
			    idstr(st, s[S_TEST]), idstr(st, s[S_OP]),
			    idstr(st, s[S_METRIC]), conc);
		}
	return id;
}

/* A group's samples are a chain in input order, not moved together at
 * the end: moving them in place (a cycle-leader bucket sort) swapped
 * nearly every sample to a random slot, and it scrambled each group,
 * which then had to be sorted again; a chain is read in the order of
 * input, which is mostly unit order already (sortunits() checks) */
void
group_link(Stats *st, uint32_t g, uint32_t i)
{
	Group *G = &st->G[g];

	samp(st, i)->next = NOSAMPLE;
	if (G->n)
		samp(st, G->tail)->next = i;
	else
		G->head = i;
	G->tail = i;
	G->n++;
}

void
group_gather(const Stats *st, const Group *g, Sample *out)
{
	uint32_t i = g->head;
	size_t k;

	for (k = 0; k < g->n; k++) {
		out[k] = *samp(st, i);
		i = out[k].next;
	}
}

int
unitcmp(const Stats *st, const Sample *a, const Sample *b)
{
	const uint32_t *rank = st->str.rank;

	if (a->ri != b->ri) {
		if (sinst(st, a) != sinst(st, b))
			return rank[sinst(st, a)] < rank[sinst(st, b)] ? -1 : 1;
		if (srun(st, a) != srun(st, b))
			return rank[srun(st, a)] < rank[srun(st, b)] ? -1 : 1;
	}
	if (a->iter != b->iter)
		return a->iter < b->iter ? -1 : 1;
	if (a->rep != b->rep)
		return a->rep < b->rep ? -1 : 1;
	if (a->sub != b->sub)
		return a->sub < b->sub ? -1 : 1;
	return 0;
}

static int
unitcmpq(const void *a, const void *b, void *st)
{
	return unitcmp(st, a, b);
}

void
sortunits(const Stats *st, Sample *s, size_t n)
{
	size_t i;

	/* parsers write samples in order: check before sorting */
	for (i = 1; i < n; i++)
		if (unitcmp(st, &s[i - 1], &s[i]) > 0)
			break;
	if (i < n)
		qsort_r(s, n, sizeof(*s), unitcmpq, (void *)st);
}

static int
groupcmp(const void *pa, const void *pb, void *ctx)
{
	const Stats *st = ctx;
	const Group *a = &st->G[*(const uint32_t *)pa], *b = &st->G[*(const uint32_t *)pb];
	const uint32_t *rank = st->str.rank;
	size_t i;

	for (i = 0; i < KP_LEN(gkey); i++)
		if (a->s[gkey[i]] != b->s[gkey[i]])
			return rank[a->s[gkey[i]]] < rank[b->s[gkey[i]]] ? -1 : 1;
	return (a->conc > b->conc) - (a->conc < b->conc);
}

void
group_order(Stats *st, uint32_t *order)
{
	uint32_t i;

	for (i = 0; i < st->ng; i++)
		order[i] = i;
	qsort_r(order, st->ng, sizeof(*order), groupcmp, st);
}
