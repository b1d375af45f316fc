/* SPDX-License-Identifier: GPL-2.0-or-later */
/* intern.c: strings held once and named by 32-bit ids, and (instance,
 * run) pairs named by one id: what keeps a sample at 32 bytes. */
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

uint32_t *
tab_grow(uint32_t *tab, uint32_t *sz, uint32_t min, uint32_t n,
    uint32_t (*hash)(const void *ctx, uint32_t id), const void *ctx)
{
	uint32_t i, j, *t, nsz = *sz ? 2 * *sz : min;

	t = ecalloc(nsz, sizeof(*t));
	for (i = 0; i < n; i++) {
		for (j = hash(ctx, i) & (nsz - 1); t[j]; j = (j + 1) & (nsz - 1))
			;
		t[j] = i + 1;
	}
	free(tab);
	*sz = nsz;
	return t;
}

static uint32_t
hashbytes(const char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	while (n--)
		h = (h ^ (unsigned char)*p++) * 0x100000001b3ULL;
	return (uint32_t)(h ^ (h >> 32));
}

static uint32_t
strhash(const void *ctx, uint32_t id)
{
	return ((const Strings *)ctx)->hash[id];
}

uint32_t
str_intern(Strings *s, const char *p, size_t len)
{
	uint32_t h = hashbytes(p, len), j, id;

	if (2 * (s->n + 1) > s->tabsz)
		s->tab = tab_grow(s->tab, &s->tabsz, 1024, s->n, strhash, s);
	for (j = h & (s->tabsz - 1); (id = s->tab[j]); j = (j + 1) & (s->tabsz - 1)) {
		id--;
		if (s->hash[id] == h && s->len[id] == len &&
		    memcmp(s->arena + s->off[id], p, len) == 0)
			return id;
	}
	s->off = kp_grow(s->off, s->n, sizeof(*s->off));
	s->len = kp_grow(s->len, s->n, sizeof(*s->len));
	s->hash = kp_grow(s->hash, s->n, sizeof(*s->hash));
	s->arena = kp_reserve(s->arena, &s->arenacap, s->arenalen + len + 1);
	memcpy(s->arena + s->arenalen, p, len);
	s->arena[s->arenalen + len] = '\0';
	s->off[s->n] = s->arenalen;
	s->len[s->n] = (uint32_t)len;
	s->hash[s->n] = h;
	s->arenalen += len + 1;
	s->tab[j] = s->n + 1;
	return s->n++;
}

char *
idstr(const Stats *st, uint32_t id)
{
	return st->str.arena + st->str.off[id];
}

/* ranks: bytewise order of the interned strings */
static int
idcmp(const void *a, const void *b, void *ctx)
{
	const Strings *s = ctx;

	return strcmp(s->arena + s->off[*(const uint32_t *)a],
	    s->arena + s->off[*(const uint32_t *)b]);
}

void
rankstrings(Strings *s)
{
	uint32_t *ids = emalloc((s->n + 1) * sizeof(*ids)), i;

	for (i = 0; i < s->n; i++)
		ids[i] = i;
	qsort_r(ids, s->n, sizeof(*ids), idcmp, s);
	s->rank = emalloc((s->n + 1) * sizeof(*s->rank));
	for (i = 0; i < s->n; i++)
		s->rank[ids[i]] = i;
	free(ids);
}

static uint32_t
pairhash2(uint32_t inst, uint32_t run)
{
	uint64_t h = ((uint64_t)inst << 32 | run) * 0x9e3779b97f4a7c15ULL;

	return (uint32_t)(h >> 32);
}

static uint32_t
pairhash(const void *ctx, uint32_t id)
{
	const Pair *p = &((const Strings *)ctx)->pairs[id];

	return pairhash2(p->inst, p->run);
}

uint32_t
str_pair(Strings *s, uint32_t inst, uint32_t run)
{
	uint32_t j, last = s->lastpair;

	if (last < s->npairs && s->pairs[last].inst == inst && s->pairs[last].run == run)
		return last;
	if (2 * (s->npairs + 1) > s->ptabsz)
		s->ptab = tab_grow(s->ptab, &s->ptabsz, 256, s->npairs, pairhash, s);
	for (j = pairhash2(inst, run) & (s->ptabsz - 1); s->ptab[j];
	    j = (j + 1) & (s->ptabsz - 1))
		if (s->pairs[s->ptab[j] - 1].inst == inst &&
		    s->pairs[s->ptab[j] - 1].run == run)
			return s->lastpair = s->ptab[j] - 1;
	s->pairs = kp_grow(s->pairs, s->npairs, sizeof(*s->pairs));
	s->pairs[s->npairs].inst = inst;
	s->pairs[s->npairs].run = run;
	s->ptab[j] = s->npairs + 1;
	return s->lastpair = s->npairs++;
}
