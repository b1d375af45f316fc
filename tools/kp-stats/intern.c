/* intern.c: strings held once and named by 32-bit ids, and (instance,
 * run) pairs named by one id: what keeps a sample at 32 bytes. */
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

/* interned strings: bytes in one arena, ids index offsets */
static char *arena;
static size_t arenalen, arenacap;
static size_t *soff;
static uint32_t *slen, *shash;
static uint32_t nstr, strcap;
static uint32_t *stab;	/* open addressing: id + 1, 0 empty */
static uint32_t stabsz;
uint32_t *srank;

Pair *pairs;
static uint32_t npairs, paircap, *ptab, ptabsz;

uint32_t *
tab_grow(uint32_t *tab, uint32_t *sz, uint32_t min, uint32_t n,
    uint32_t (*hash)(uint32_t id))
{
	uint32_t i, j, *t, nsz = *sz ? 2 * *sz : min;

	t = ecalloc(nsz, sizeof(*t));
	for (i = 0; i < n; i++) {
		for (j = hash(i) & (nsz - 1); t[j]; j = (j + 1) & (nsz - 1))
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
strhash(uint32_t id)
{
	return shash[id];
}

uint32_t
intern(const char *p, size_t len)
{
	uint32_t h = hashbytes(p, len), j, id;

	if (2 * (nstr + 1) > stabsz)
		stab = tab_grow(stab, &stabsz, 1024, nstr, strhash);
	for (j = h & (stabsz - 1); (id = stab[j]); j = (j + 1) & (stabsz - 1)) {
		id--;
		if (shash[id] == h && slen[id] == len &&
		    memcmp(arena + soff[id], p, len) == 0)
			return id;
	}
	if (nstr == strcap) {
		strcap = strcap ? 2 * strcap : 256;
		soff = ereallocarray(soff, strcap, sizeof(*soff));
		slen = ereallocarray(slen, strcap, sizeof(*slen));
		shash = ereallocarray(shash, strcap, sizeof(*shash));
	}
	while (arenalen + len + 1 > arenacap) {
		arenacap = arenacap ? 2 * arenacap : 4096;
		arena = erealloc(arena, arenacap);
	}
	memcpy(arena + arenalen, p, len);
	arena[arenalen + len] = '\0';
	soff[nstr] = arenalen;
	slen[nstr] = (uint32_t)len;
	shash[nstr] = h;
	arenalen += len + 1;
	stab[j] = nstr + 1;
	return nstr++;
}

const char *
str(uint32_t id)
{
	return arena + soff[id];
}

/* ranks: bytewise order of the interned strings */
static int
idcmp(const void *a, const void *b)
{
	return strcmp(str(*(const uint32_t *)a), str(*(const uint32_t *)b));
}

void
rankstrings(void)
{
	uint32_t *ids = emalloc((nstr + 1) * sizeof(*ids)), i;

	for (i = 0; i < nstr; i++)
		ids[i] = i;
	qsort(ids, nstr, sizeof(*ids), idcmp);
	srank = emalloc((nstr + 1) * sizeof(*srank));
	for (i = 0; i < nstr; i++)
		srank[ids[i]] = i;
	free(ids);
}

static uint32_t
pairhash2(uint32_t inst, uint32_t run)
{
	uint64_t h = ((uint64_t)inst << 32 | run) * 0x9e3779b97f4a7c15ULL;

	return (uint32_t)(h >> 32);
}

static uint32_t
pairhash(uint32_t id)
{
	return pairhash2(pairs[id].inst, pairs[id].run);
}

uint32_t
pairof(uint32_t inst, uint32_t run)
{
	static uint32_t last = UINT32_MAX;
	uint32_t j;

	if (last != UINT32_MAX && pairs[last].inst == inst && pairs[last].run == run)
		return last;
	if (2 * (npairs + 1) > ptabsz)
		ptab = tab_grow(ptab, &ptabsz, 256, npairs, pairhash);
	for (j = pairhash2(inst, run) & (ptabsz - 1); ptab[j]; j = (j + 1) & (ptabsz - 1))
		if (pairs[ptab[j] - 1].inst == inst && pairs[ptab[j] - 1].run == run)
			return last = ptab[j] - 1;
	if (npairs == paircap) {
		paircap = paircap ? 2 * paircap : 64;
		pairs = ereallocarray(pairs, paircap, sizeof(*pairs));
	}
	pairs[npairs].inst = inst;
	pairs[npairs].run = run;
	ptab[j] = npairs + 1;
	return last = npairs++;
}
