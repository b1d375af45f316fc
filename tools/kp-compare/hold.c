/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hold.c: a stat record as kp-compare holds it.  Every stat is held
 * until the last pair is compared, hundreds of thousands of them, so
 * what one holds is what the run holds.  As kp_rec_read() leaves it, a
 * stat was about 40 blocks of malloc, most of them a name that every
 * other record of its experiment repeats; held, its names are interned
 * (one copy of each exp, key, kernel, run and host), its arrays are in
 * an arena that is never freed, as the stats never are, and a level of
 * obs with the values of a level above it (one iteration a run, one sub
 * a rep) shares that level's array. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

enum { CHUNK = 1 << 20 };	/* the arena's blocks */

/* n bytes of the arena, aligned for a double or a pointer */
static void *
arena(Hold *h, size_t n)
{
	void *p;

	n = (n + 7) & ~(size_t)7;
	if (n > CHUNK / 4)
		return emalloc(n);	/* rare: its own block wastes no chunk */
	if (n > h->left) {
		h->next = emalloc(CHUNK);
		h->left = CHUNK;
	}
	p = h->next;
	h->next += n;
	h->left -= n;
	return p;
}

static void *
acopy(Hold *h, const void *v, size_t n)
{
	return n ? memcpy(arena(h, n), v, n) : NULL;
}

/* the one copy of name s, NULL for NULL */
static char *
intern(Hold *h, const char *s)
{
	size_t k;

	if (!s)
		return NULL;
	if (!h->names)
		h->names = kp_strmap_new();
	k = kp_strmap_add(h->names, s, strlen(s), NULL);
	return (char *)kp_strmap_key(h->names, k, NULL);
}

/* the one copy of a list of interned names: the runs of every stat of
 * an experiment are one list, as are its hosts */
static char **
list(Hold *h, char **v, size_t n)
{
	size_t k;

	if (!n)
		return NULL;
	if (!h->lists)
		h->lists = kp_strmap_new();
	/* the pointers' bytes are the key: interned, equal names are
	 * equal pointers; a key is a block of malloc, aligned for them */
	k = kp_strmap_add(h->lists, (const char *)v, n * sizeof(*v), NULL);
	return (char **)kp_strmap_key(h->lists, k, NULL);
}

static void
names(Hold *h, kp_strs *v)
{
	size_t i;

	h->tmp = kp_reserve(h->tmp, &h->tmpsz, v->n * sizeof(*h->tmp));
	for (i = 0; i < v->n; i++)
		h->tmp[i] = intern(h, v->v[i]);
	kp_strs_free(v);
	v->v = list(h, h->tmp, i);
	v->n = i;
}

void
hold_stat(Hold *h, Stat *s)
{
	char **const str[] = { &s->s.exp, &s->s.key, &s->s.kernel, &s->s.job,
		&s->s.suite, &s->s.bench, &s->s.test, &s->s.op, &s->s.metric,
		&s->s.unit, &s->s.series_id };
	kp_insts *in = &s->s.per_instance;
	double *v;
	size_t i, j, n;
	char *was;

	for (i = 0; i < KP_LEN(str); i++) {
		was = *str[i];
		*str[i] = intern(h, was);
		free(was);
	}
	names(h, &s->s.runs);
	names(h, &s->s.instances);
	/* of per_instance, the side's names and locations alone are read */
	if ((n = in->n)) {
		s->side.instloc = arena(h, n * sizeof(double));
		h->tmp = kp_reserve(h->tmp, &h->tmpsz, n * sizeof(*h->tmp));
		for (i = 0; i < n; i++) {
			h->tmp[i] = intern(h, in->v[i].instance);
			s->side.instloc[i] = in->v[i].huber;
			free(in->v[i].instance);
		}
		s->side.inst = list(h, h->tmp, n);
		s->side.ninst = n;
		free(in->v);
		in->v = NULL;
	}
	for (i = 0; i < NLV; i++) {
		n = s->s.obs.lv[i].n;
		for (j = 0; j < i; j++)
			if (s->s.obs.lv[j].n == n && n &&
			    memcmp(s->s.obs.lv[j].v, s->s.obs.lv[i].v, n * sizeof(*v)) == 0)
				break;
		v = j < i ? s->s.obs.lv[j].v : acopy(h, s->s.obs.lv[i].v, n * sizeof(*v));
		free(s->s.obs.lv[i].v);
		s->s.obs.lv[i].v = v;
	}
}

/* room for n elements of size bytes */
void *
hold_array(Hold *h, size_t n, size_t size)
{
	return arena(h, n * size);
}
