/* SPDX-License-Identifier: GPL-2.0-or-later */
/* select.c: which stats a side of a pair holds: the selection language
 * of libkp (select.h) over each stat and its run records, and the
 * indexes that keep that from being a scan of every stat per pair. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

int
sel_matches(const Compare *c, const kp_sel *sel, const Stat *s)
{
	const kp_fvs *one[64], **sets = one;
	size_t i, n = 0;
	int m;

	if (s->nrix + 1 > KP_LEN(one))
		sets = ereallocarray(NULL, s->nrix + 1, sizeof(*sets));
	sets[n++] = &s->f;
	for (i = 0; i < s->nrix; i++)
		sets[n++] = &c->runs[s->rix[i]].f;
	m = kp_sel_match(sel, sets, n);
	if (sets != one)
		free(sets);
	return m;
}

/* the kernel class of a kernel name: names kp_kver_same() holds equal
 * have the same canonical version (what kp_kver_cmp() compares) */
size_t
sel_kclass(Compare *c, const char *name)
{
	kp_kver v;
	char num[96];
	size_t k, cl;
	int isnew;

	k = kp_strmap_add(c->kernmap, name, strlen(name), &isnew);
	if (!isnew)
		return c->kernclass[k];
	c->kernclass = kp_grow(c->kernclass, k, sizeof(*c->kernclass));
	if (kp_kver_parse(name, &v) == 0) {
		snprintf(num, sizeof(num), "%d.%d.%d.%d.%d.%d", v.major, v.minor, v.patch,
		    v.rc ? v.rc : INT_MAX, v.commits, v.dirty);
		cl = kp_strmap_addv(c->kclassmap, &isnew, num, v.local, v.sha, NULL);
	} else
		cl = kp_strmap_addv(c->kclassmap, &isnew, "", name, NULL);
	if (isnew) {
		c->byclass = kp_grow(c->byclass, cl, sizeof(*c->byclass));
		memset(&c->byclass[cl], 0, sizeof(*c->byclass));
	}
	return c->kernclass[k] = cl;
}

/* stats are added in ascending order, so a list stays sorted */
static void
addlist(List *l, size_t i)
{
	if (l->n && l->v[l->n - 1] == i)
		return;
	l->v = kp_grow(l->v, l->n, sizeof(*l->v));
	l->v[l->n++] = i;
}

static void
addkclass(Compare *c, Stat *s, const kp_fvs *f)
{
	size_t i, j, cl;

	for (i = 0; i < f->n; i++) {
		if (strcmp(f->v[i].name, KP_FNAME(kp_stat_t, KP_STAT_KERNEL)))
			continue;
		cl = sel_kclass(c, f->v[i].val);
		for (j = 0; j < s->nkc && s->kc[j] != cl; j++)
			;
		if (j == s->nkc) {
			s->kc = kp_grow(s->kc, s->nkc, sizeof(*s->kc));
			s->kc[s->nkc++] = cl;
		}
	}
}

/* the run records of stat s, from the chains of first and next by run
 * name in runmap, and the kernel classes of it and of them */
static void
rixkc(Compare *c, Stat *s, kp_strmap *runmap, const size_t *first,
    const size_t *next)
{
	size_t r, k;
	long f;

	for (r = 0; r < s->s.runs.n; r++) {
		if ((f = kp_strmap_find(runmap, s->s.runs.v[r],
		    strlen(s->s.runs.v[r]))) < 0)
			continue;
		for (k = first[f]; k != SIZE_MAX; k = next[k]) {
			s->rix = kp_grow(s->rix, s->nrix, sizeof(*s->rix));
			s->rix[s->nrix++] = k;
		}
	}
	addkclass(c, s, &s->f);
	for (r = 0; r < s->nrix; r++)
		addkclass(c, s, &c->runs[s->rix[r]].f);
}

/* each stat's run records, and the stats by key, by kernel class and by
 * both: what matches() and candidates() look up */
void
index_stats(Compare *c)
{
	kp_strmap *runmap = kp_strmap_new();
	size_t *first, *next, i, j, k, ki, cl, kc[2];
	int isnew;
	Stat *s;

	/* the run records of each run name, chained through next */
	first = ereallocarray(NULL, c->nruns + 1, sizeof(*first));
	next = ereallocarray(NULL, c->nruns + 1, sizeof(*next));
	for (k = 0; k < c->nruns; k++) {
		j = kp_strmap_add(runmap, c->runs[k].run, strlen(c->runs[k].run), &isnew);
		next[k] = isnew ? SIZE_MAX : first[j];
		first[j] = k;
	}
	c->keymap = kp_strmap_new();
	if (!c->kernmap) {	/* else made by a shard's first reading */
		c->kernmap = kp_strmap_new();
		c->kclassmap = kp_strmap_new();
	}
	c->kcmap = kp_strmap_new();
	for (i = 0; i < c->nstats; i++) {
		s = &c->stats[i];
		/* The stats of an experiment come together, with one list of
		 * runs (interned, hold.c) and one kernel: their run records
		 * and kernel classes are the stat's before, shared, not looked
		 * up and allocated again.  With -b, -t or -p the classes come
		 * from each stat's own fields as text, so no sharing. */
		if (i && !c->anyfield && s->s.runs.v == s[-1].s.runs.v &&
		    s->s.kernel == s[-1].s.kernel) {
			s->rix = s[-1].rix;
			s->nrix = s[-1].nrix;
			s->kc = s[-1].kc;
			s->nkc = s[-1].nkc;
		} else
			rixkc(c, s, runmap, first, next);
		ki = kp_strmap_add(c->keymap, s->s.key, strlen(s->s.key), &isnew);
		if (isnew) {
			c->bykey = kp_grow(c->bykey, ki, sizeof(*c->bykey));
			memset(&c->bykey[ki], 0, sizeof(*c->bykey));
		}
		addlist(&c->bykey[ki], i);
		for (j = 0; j < s->nkc; j++) {
			addlist(&c->byclass[s->kc[j]], i);
			kc[0] = ki;
			kc[1] = s->kc[j];
			cl = kp_strmap_add(c->kcmap, (const char *)kc, sizeof(kc), &isnew);
			if (isnew) {
				c->bykc = kp_grow(c->bykc, cl, sizeof(*c->bykc));
				memset(&c->bykc[cl], 0, sizeof(*c->bykc));
			}
			addlist(&c->bykc[cl], i);
		}
	}
	free(first);
	free(next);
	kp_strmap_free(runmap);
}

static int
cmpsize(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* the kernel classes a selection's kernel selectors name; 0 when it
 * has none */
static size_t
selclasses(Compare *c, const kp_sel *sel, size_t **cls, size_t n)
{
	size_t i, m = 0;

	for (i = 0; i < sel->n; i++)
		if (strcmp(sel->s[i].field, KP_FNAME(kp_stat_t, KP_STAT_KERNEL)) == 0) {
			*cls = kp_grow(*cls, n + m, sizeof(**cls));
			(*cls)[n + m++] = sel_kclass(c, sel->s[i].val);
		}
	return m;
}

/* A stat matching a selection with kernel selectors has one of their
 * kernel classes, so when both sides have them only the stats of those
 * classes (and of the pair's keys) need matches().  Ascending, so that
 * groups and warnings come in the order of the input. */
size_t *
sel_candidates(Compare *c, const Pair *p, size_t *n)
{
	size_t *cls = NULL, ncls = 0, nb, nt, i, k, kc[2], *v, nv = 0, nl = 0;
	const List **l = NULL;
	long f;

	nb = selclasses(c, &p->b, &cls, 0);
	ncls = nb + (nt = selclasses(c, &p->t, &cls, nb));
	if (!nb || !nt)
		ncls = 0;
	if (!p->keys && !ncls) {
		free(cls);
		return NULL;
	}
	for (k = 0; k < (p->keys ? p->nkeys : 1); k++)
		for (i = 0; i < (ncls ? ncls : 1); i++) {
			l = kp_grow(l, nl, sizeof(*l));
			if (p->keys && ncls) {
				kc[0] = p->kix[k];
				kc[1] = cls[i];
				if ((f = kp_strmap_find(c->kcmap, (const char *)kc, sizeof(kc))) < 0)
					continue;
				l[nl] = &c->bykc[f];
			} else
				l[nl] = p->keys ? &c->bykey[p->kix[k]] : &c->byclass[cls[i]];
			nv += l[nl++]->n;
		}
	v = ereallocarray(NULL, nv + 1, sizeof(*v));
	for (i = 0, nv = 0; i < nl; i++)
		if (l[i]->n) {	/* else v is NULL, which memcpy may not take */
			memcpy(v + nv, l[i]->v, l[i]->n * sizeof(*v));
			nv += l[i]->n;
		}
	free(l);
	free(cls);
	qsort(v, nv, sizeof(*v), cmpsize);
	for (i = k = 0; i < nv; i++)
		if (k == 0 || v[i] != v[k - 1])
			v[k++] = v[i];
	*n = k;
	return v;
}
