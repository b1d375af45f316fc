/* groups.c: the group of each sample, found by hash as it is read, and
 * the order of the groups and of the samples in each. */
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

Group *G;
uint32_t ng;
static uint32_t gcap, *gtab, gtabsz;

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
grouphash_of(uint32_t id)
{
	return grouphash(G[id].s, G[id].conc);
}

/* a new group takes the sample's carried strings, an old one must agree
 * with them */
uint32_t
group(kp_json *d, const uint32_t *s, long long conc, const int *tok)
{
	static uint32_t lastg = UINT32_MAX;
	static const int carried[] = { S_KEY, S_KERNEL, S_JOB, S_UNIT, S_BETTER };
	uint32_t j, id;
	size_t i;

	if (lastg != UINT32_MAX && samegroup(&G[lastg], s, conc))
		id = lastg;
	else {
		if (2 * (ng + 1) > gtabsz)
			gtab = tab_grow(gtab, &gtabsz, 1024, ng, grouphash_of);
		for (j = grouphash(s, conc) & (gtabsz - 1); (id = gtab[j]);
		    j = (j + 1) & (gtabsz - 1))
			if (samegroup(&G[id - 1], s, conc))
				break;
		if (id)
			id--;
		else {
			if (ng == gcap) {
				gcap = gcap ? 2 * gcap : 256;
				G = ereallocarray(G, gcap, sizeof(*G));
			}
			memset(&G[ng], 0, sizeof(G[ng]));
			memcpy(G[ng].s, s, sizeof(G[ng].s));
			G[ng].conc = conc;
			gtab[j] = ng + 1;
			id = ng++;
		}
	}
	lastg = id;
	for (i = 0; i < KP_LEN(carried); i++)
		if (G[id].s[carried[i]] != s[carried[i]])
			kp_rec_die(d, tok[carried[i]],
			    "\"%s\" is \"%s\" here and \"%s\" in earlier samples "
			    "of %s/%s/%s[%s %s] at %lld; expected one per group",
			    fname[carried[i]], str(s[carried[i]]),
			    str(G[id].s[carried[i]]), str(s[S_SUITE]),
			    str(s[S_BENCH]), str(s[S_TEST]), str(s[S_OP]),
			    str(s[S_METRIC]), conc);
	return id;
}

/* samples into group order, in place (a cycle-leader bucket sort): no
 * second copy of the samples */
void
group_bucket(void)
{
	size_t *next = emalloc((ng + 1) * sizeof(*next)), o = 0, i;
	uint32_t g;
	Sample t;

	for (g = 0; g < ng; g++) {
		G[g].off = next[g] = o;
		o += G[g].n;
	}
	for (g = 0; g < ng; g++) {
		while (next[g] < G[g].off + G[g].n) {
			i = next[g];
			if (S[i].g == g) {
				next[g]++;
				continue;
			}
			t = S[i];
			S[i] = S[next[t.g]];
			S[next[t.g]++] = t;
		}
	}
	free(next);
}

int
unitcmp(const Sample *a, const Sample *b)
{
	if (a->ri != b->ri) {
		if (sinst(a) != sinst(b))
			return srank[sinst(a)] < srank[sinst(b)] ? -1 : 1;
		if (srun(a) != srun(b))
			return srank[srun(a)] < srank[srun(b)] ? -1 : 1;
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
unitcmpq(const void *a, const void *b)
{
	return unitcmp(a, b);
}

void
sortunits(Sample *s, size_t n)
{
	size_t i;

	/* parsers write samples in order: check before sorting */
	for (i = 1; i < n; i++)
		if (unitcmp(&s[i - 1], &s[i]) > 0)
			break;
	if (i < n)
		qsort(s, n, sizeof(*s), unitcmpq);
}

static int
groupcmp(const void *pa, const void *pb)
{
	const Group *a = &G[*(const uint32_t *)pa], *b = &G[*(const uint32_t *)pb];
	size_t i;

	for (i = 0; i < KP_LEN(gkey); i++)
		if (a->s[gkey[i]] != b->s[gkey[i]])
			return srank[a->s[gkey[i]]] < srank[b->s[gkey[i]]] ? -1 : 1;
	return (a->conc > b->conc) - (a->conc < b->conc);
}

void
group_order(uint32_t *order)
{
	uint32_t i;

	for (i = 0; i < ng; i++)
		order[i] = i;
	qsort(order, ng, sizeof(*order), groupcmp);
}
