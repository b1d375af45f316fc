/* SPDX-License-Identifier: GPL-2.0-or-later */
/* index.c: the model's indexes: kernel pairs, suites and measurements
 * numbered in the order the comparisons name them first, the
 * comparisons and groups of each, and lookups by run, cell and group */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

static int
pairof(Report *r, const char *bk, const char *tk)
{
	int i, isnew;

	i = (int)kp_strmap_addv(r->pairmap, &isnew, bk, tk, NULL);
	if (!isnew)
		return i;
	r->pair = kp_grow(r->pair, r->npair, sizeof(*r->pair));
	r->pair[i].base_kernel = estrdup(bk);
	r->pair[i].target_kernel = estrdup(tk);
	return r->npair++;
}

static int
suiteof(Report *r, const char *name)
{
	int i, isnew;

	i = (int)kp_strmap_add(r->suitemap, name, strlen(name), &isnew);
	if (!isnew)
		return i;
	r->suite = kp_grow(r->suite, r->nsuite, sizeof(*r->suite));
	r->suite[i] = estrdup(name);
	return r->nsuite++;
}

static int
testof(Report *r, const Cmp *c)
{
	const CmpRec *k = &c->rec;
	int i, isnew;

	i = (int)kp_strmap_addv(r->testmap, &isnew, k->suite, k->bench, k->test,
	    k->op, k->metric, NULL);
	if (!isnew)
		return i;
	r->test = kp_grow(r->test, r->ntest, sizeof(*r->test));
	r->test[i].first = k;
	r->test[i].suite_idx = c->suite_idx;
	return r->ntest++;
}

static void
build_cells(Report *r)
{
	size_t i;

	r->tcmp = ecalloc(r->ntest + 1, sizeof(*r->tcmp));
	r->pcmp = ecalloc(r->npair + 1, sizeof(*r->pcmp));
	for (i = 0; i < r->ncmp; i++) {
		list_add(&r->tcmp[r->cmp[i].test_idx], (int)i);
		list_add(&r->pcmp[r->cmp[i].pair], (int)i);
	}
}

/* an experiment's kernel, as the comparisons name it */
static void
build_exps(Report *r)
{
	size_t i, k;
	int j, isnew;

	r->expmap = kp_strmap_new();
	for (i = 0; i < r->ncmp; i++) {
		const CmpRec *c = &r->cmp[i].rec;
		const char *e[2] = { c->base_exp, c->target_exp };
		const char *kern[2] = { c->base_kernel, c->target_kernel };

		for (j = 0; j < 2; j++) {
			if (j == 1 && strcmp(e[1], e[0]) == 0)
				break;	/* the baseline's */
			k = kp_strmap_add(r->expmap, e[j], strlen(e[j]), &isnew);
			if (isnew)
				r->expkernel = kp_grow(r->expkernel, k,
				    sizeof(*r->expkernel));
			r->expkernel[k] = kern[j];
		}
	}
}

static void
build_runstats(Report *r)
{
	size_t i;
	int c, isnew;

	r->rsmap = kp_strmap_new();
	for (i = 0; i < r->nrs; i++) {
		c = (int)kp_strmap_add(r->rsmap, r->rs[i].run,
		    strlen(r->rs[i].run), &isnew);
		if (isnew) {
			r->rsof = kp_grow(r->rsof, c, sizeof(*r->rsof));
			memset(&r->rsof[c], 0, sizeof(*r->rsof));
		}
		list_add(&r->rsof[c], (int)i);
	}
}

void
index_report(Report *r)
{
	size_t i;

	r->pairmap = kp_strmap_new();
	r->suitemap = kp_strmap_new();
	r->testmap = kp_strmap_new();
	for (i = 0; i < r->ncmp; i++) {
		Cmp *c = &r->cmp[i];

		c->pair = pairof(r, c->rec.base_kernel, c->rec.target_kernel);
		c->suite_idx = suiteof(r, c->rec.suite);
		c->test_idx = testof(r, c);
	}
	r->tsys = ecalloc(r->ntest + 1, sizeof(*r->tsys));
	for (i = 0; i < r->nsys; i++) {
		Sys *y = &r->sys[i];
		const kp_sys *k = &y->rec;

		y->pair = pairof(r, k->base_kernel, k->target_kernel);
		y->test_idx = (int)kp_strmap_findv(r->testmap, k->suite,
		    k->bench, k->test, k->op, k->metric, NULL);
	}
	/* every pair is known now, the sys records' too */
	r->psys = ecalloc(r->npair + 1, sizeof(*r->psys));
	for (i = 0; i < r->nsys; i++) {
		if (r->sys[i].test_idx >= 0)
			list_add(&r->tsys[r->sys[i].test_idx], (int)i);
		list_add(&r->psys[r->sys[i].pair], (int)i);
	}
	build_cells(r);
	build_exps(r);
	build_runstats(r);
}

Run *
index_run(const Report *r, const char *run)
{
	long i = kp_strmap_find(r->runmap, run, strlen(run));

	return i < 0 ? NULL : &r->run[r->runfirst[i]];
}

const List *
index_runstats(const Report *r, const char *run)
{
	long i = kp_strmap_find(r->rsmap, run, strlen(run));

	return i < 0 ? NULL : &r->rsof[i];
}

/* a scan of the test's comparisons, a few pairs' levels: a map of
 * every cell was 27 MB of the 25-kernel site */
Cmp *
index_cell(const Report *r, int pair, int test, long long conc)
{
	const List *l = &r->tcmp[test];
	int i;

	for (i = 0; i < l->n; i++) {
		Cmp *c = &r->cmp[l->v[i]];

		if (c->pair == pair && c->rec.conc == conc)
			return c;
	}
	return NULL;
}

/* the first of group in v[0..n-1], sorted by group, and how many */
static Sample *
samples_of(Sample *v, size_t nv, const char *group, size_t *n)
{
	size_t lo = 0, hi = nv, mid, i;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(v[mid].group, group) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < nv && strcmp(v[i].group, group) == 0; i++)
		;
	*n = i - lo;
	return v + lo;
}

Sample *
index_held(const Report *r, const char *group, size_t *n)
{
	return samples_of(r->smp, r->nsmp, group, n);
}

Sample *
index_samples(const Report *r, const char *group, size_t *n)
{
	Sample *v;
	size_t nv;

	if (!r->sf)
		return index_held(r, group, n);
	v = smp_paged(r, &nv);
	return samples_of(v, nv, group, n);
}

Group *
index_group(const Report *r, const char *group)
{
	size_t lo = 0, hi = r->ngrp, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(r->grp[mid].group, group)) == 0)
			return &r->grp[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
