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
#include <sys/mman.h>

#include "compare.h"

/* the arena's blocks: a huge page each, where the kernel has them for
 * the asking (madvise), as the stats array (hold_grow): a page fault
 * costs much on a virtual machine, and 4 KiB pages took one for each
 * 4 KiB of the hundreds of MiB held */
enum { CHUNK = 2 << 20 };

/* ask for huge pages for the whole pages of [p, p + n) */
static void
huge(void *p, size_t n)
{
	uintptr_t a = ((uintptr_t)p + 4095) & ~(uintptr_t)4095,
	    e = ((uintptr_t)p + n) & ~(uintptr_t)4095;

	if (e > a)
		(void)madvise((void *)a, e - a, MADV_HUGEPAGE);
}

/* n bytes of the arena, aligned for a double or a pointer */
static void *
arena(Hold *h, size_t n)
{
	void *p;

	n = (n + 7) & ~(size_t)7;
	if (n > CHUNK / 4)
		return emalloc(n);	/* rare: its own block wastes no chunk */
	if (n > h->left) {
		if (posix_memalign((void **)&h->next, CHUNK, CHUNK))
			kp_die("out of memory");
		huge(h->next, CHUNK);
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

/* The one copy of field f's value s.  A lab's stats come by experiment,
 * so s is mostly the value f had in the record before: compared with
 * it, not hashed and looked up. */
static char *
intern_at(Hold *h, int f, const char *s)
{
	if (!s || !h->last[f] || strcmp(s, h->last[f]))
		h->last[f] = intern(h, s);
	return h->last[f];
}

/* The one copy of a list of names v[0..n) of kind k (runs, instances,
 * per_instance's): the runs of every stat of an experiment are one list,
 * as are its hosts.  The last list of its kind when it has the same
 * names, as intern_at; else the names interned, and the list of their
 * pointers, whose bytes are the list's key: equal names are equal
 * pointers once interned.  A key is a block of malloc, aligned for
 * them. */
static char **
list(Hold *h, int k, char *const *v, size_t n)
{
	size_t i, x;
	char **l = h->lastlist[k];

	if (!n)
		return NULL;
	for (i = 0; l && h->lastn[k] == n && i < n && strcmp(v[i], l[i]) == 0; i++)
		;
	if (l && i == n)
		return l;
	if (!h->lists)
		h->lists = kp_strmap_new();
	h->tmp = kp_reserve(h->tmp, &h->tmpsz, n * sizeof(*h->tmp));
	for (i = 0; i < n; i++)
		h->tmp[i] = intern(h, v[i]);
	x = kp_strmap_add(h->lists, (const char *)h->tmp, n * sizeof(*h->tmp), NULL);
	h->lastn[k] = n;
	return h->lastlist[k] = (char **)kp_strmap_key(h->lists, x, NULL);
}

static void
names(Hold *h, int k, kp_strs *v, int own)
{
	char **l = list(h, k, v->v, v->n);
	size_t n = v->n;

	if (own)
		kp_strs_free(v);
	v->v = l;
	v->n = n;
}

void
hold_stat(Hold *h, Stat *s, kp_stat *x, int own)
{
	char **const str[] = { &x->exp, &x->key, &x->kernel, &x->job,
		&x->suite, &x->bench, &x->test, &x->op, &x->metric, &x->unit,
		&x->series_id };
	kp_insts *in = &x->per_instance;
	kp_nums *o = x->obs.lv;
	Held *to = &s->s;
	double *v;
	size_t i, j, n;
	char *was;

	for (i = 0; i < KP_LEN(str); i++) {
		was = *str[i];
		*str[i] = intern_at(h, (int)i, was);
		if (own)
			free(was);
	}
	to->has = x->has;
	to->exp = x->exp;
	to->key = x->key;
	to->kernel = x->kernel;
	to->job = x->job;
	to->suite = x->suite;
	to->bench = x->bench;
	to->test = x->test;
	to->op = x->op;
	to->metric = x->metric;
	to->unit = x->unit;
	to->better = x->better;
	to->multimodal = x->multimodal;
	to->conc = x->conc;
	to->group = x->group;
	to->series_id = x->series_id;
	names(h, 0, &x->runs, own);
	to->runs = x->runs;
	names(h, 1, &x->instances, own);
	to->instances = x->instances;
	to->median = x->median;
	to->mean = x->mean;
	to->cv = x->cv;
	to->per_instance.n = n = in->n;
	if (n) {
		s->side.instloc = arena(h, n * sizeof(double));
		h->raw = kp_reserve(h->raw, &h->rawsz, n * sizeof(*h->raw));
		for (i = 0; i < n; i++) {
			h->raw[i] = in->v[i].instance;
			s->side.instloc[i] = in->v[i].huber;
		}
		s->side.inst = list(h, 2, h->raw, n);
		s->side.ninst = n;
		for (i = 0; own && i < n; i++)
			free(in->v[i].instance);
		if (own)
			free(in->v);
	}
	for (i = 0; i < NLV; i++) {
		n = o[i].n;
		for (j = 0; j < i; j++)
			if (o[j].n == n && n && memcmp(s->side.obs[j], o[i].v,
			    n * sizeof(*v)) == 0)
				break;
		v = j < i ? s->side.obs[j] : acopy(h, o[i].v, n * sizeof(*v));
		if (own)
			free(o[i].v);
		s->side.obs[i] = v;
		s->side.nobs[i] = n;
	}
}

/* room for n elements of size bytes */
void *
hold_array(Hold *h, size_t n, size_t size)
{
	return arena(h, n * size);
}

/* The stats array, mapped and grown by mremap(2), which moves pages
 * where realloc() copied them: copying a 170 MiB array in doubling steps
 * was most of kp-compare's page faults.  Grown, as by kp_grow(), when n
 * is a power of 2 (or 0), to 2n elements. */
void *
hold_grow(void *p, size_t n, size_t size)
{
	size_t page = 4096, was, want;
	void *q;

	if (n & (n - 1))
		return p;	/* room for the nth */
	if (n > SIZE_MAX / 2 / size)
		kp_die("out of memory");
	was = (n * size + page - 1) & ~(page - 1);
	want = ((n ? 2 * n : 1) * size + page - 1) & ~(page - 1);
	if (p && want == was)
		return p;
	q = p ? mremap(p, was, want, MREMAP_MAYMOVE) : mmap(NULL, want,
	    PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (q == MAP_FAILED)
		kp_die("out of memory");
	huge(q, want);
	return q;
}
