/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runs.c: finding MMTests runs in a tree, their order, and the order of
 * each run's iterations. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

char *
runs_join(const char *a, const char *b)
{
	char *s;
	size_t na = strlen(a), nb = strlen(b);

	if (!na)
		return estrdup(b);
	if (!nb)
		return estrdup(a);
	s = emalloc(na + nb + 2);
	memcpy(s, a, na);
	s[na] = '/';
	memcpy(s + na + 1, b, nb + 1);
	return s;
}

char *
runs_firstline(const vtree *t, const char *dir, const char *name)
{
	const vfile *f = vt_find(t, dir, name);
	vtext x;
	char *l, *r = NULL;

	if (f && vt_load(f, &x) == 0) {
		if ((l = vt_line(&x, NULL)))
			r = estrdup(l);
		vt_done(&x);
	}
	return r;
}

static long
start_of(const vtree *t, const char *dir)
{
	char *it = runs_join(dir, "iter-0"), *l;
	long v = 0;

	if ((l = runs_firstline(t, it, "tests-timestamp")) && !strncmp(l, "start :: ", 9)) {
		v = strtol(l + 9, NULL, 10);
	} else {
		free(l);
		if ((l = runs_firstline(t, dir, "mmtests-activity")))
			v = strtol(l, NULL, 10);
	}
	free(l);
	free(it);
	return v;
}

static int
isiter(const char *s, long *n)
{
	return !strncmp(s, "iter-", 5) && job_parse_long(s + 5, strlen(s + 5), n) == 0;
}

void
runs_find(const vtree *t, run **runs, size_t *nruns)
{
	size_t i, k, depth, n = *nruns;
	const char *rel, *p, *b;
	char *dir, *it, *l;
	run *r = *runs;

	for (i = 0; i < t->n; i++) {
		rel = t->f[i].rel;
		p = strrchr(rel, '/');
		p = p ? p + 1 : rel;
		/* compressed copies count too: every file may be */
		b = vt_base(&t->f[i]);
		if (!strcmp(b, "mmtests-activity"))
			dir = estrndup(rel, p > rel ? (size_t)(p - rel - 1) : 0);
		else if (!strcmp(b, "tests-activity") && p - rel >= 7 && !strncmp(p - 7, "iter-0/", 7))
			dir = estrndup(rel, p - rel >= 8 ? (size_t)(p - rel - 8) : 0);
		else
			continue;
		for (depth = 0, p = dir; *p; p++)
			depth += *p == '/';
		if (*dir && depth + 1 > 3) {
			free(dir);
			continue;
		}
		for (k = *nruns; k < n; k++)
			if (r[k].t == t && !strcmp(r[k].dir, dir))
				break;
		if (k < n) {
			free(dir);
			continue;
		}
		r = kp_grow(r, n, sizeof(*r));
		memset(&r[n], 0, sizeof(r[n]));
		r[n].t = t;
		r[n].dir = dir;
		if ((p = strrchr(dir, '/')))
			r[n].name = estrdup(p + 1);
		else if (*dir)
			r[n].name = estrdup(dir);
		else
			r[n].name = estrdup((p = strrchr(t->name, '/')) ? p + 1 : t->name);
		r[n].start = start_of(t, dir);
		it = runs_join(dir, "iter-0");
		if ((l = runs_firstline(t, it, "kernel.version")) && (p = job_field(l, 1, &k)))
			r[n].host = estrndup(p, k);
		else
			r[n].host = estrdup("unknown");
		free(l);
		free(it);
		r[n].id = kp_run_id(r[n].name, r[n].host, 1, r[n].start);
		n++;
	}
	*runs = r;
	*nruns = n;
}

static int
cmprun(const void *a, const void *b)
{
	const run *x = a, *y = b;
	int c;

	if ((c = strcmp(x->name, y->name)))
		return c;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if ((c = strcmp(x->id, y->id)))
		return c;
	if ((c = strcmp(x->t->shown, y->t->shown)))
		return c;
	return strcmp(x->dir, y->dir);
}

void
runs_sort(run *runs, size_t n)
{
	qsort(runs, n, sizeof(*runs), cmprun);
}

static int
cmpiter(const void *a, const void *b)
{
	long x = strtol(*(char *const *)a + 5, NULL, 10);
	long y = strtol(*(char *const *)b + 5, NULL, 10);

	return (x > y) - (x < y);
}

void
run_emit(kp_w *w, pm *p, const run *r)
{
	char **subs;
	size_t n, i, k;
	long iter;

	subs = vt_subdirs(r->t, r->dir, &n);
	for (i = k = 0; i < n; i++) {
		if (isiter(subs[i], &iter))
			subs[k++] = subs[i];
		else
			free(subs[i]);
	}
	/* iter-10 after iter-2, unlike MMTests' glob */
	qsort(subs, k, sizeof(*subs), cmpiter);
	if (!k)
		kp_warn_at(r->t->shown, 0, 0, "%s%sno iter-N directories: run %s has no results",
		    r->dir, *r->dir ? ": " : "", r->name);
	for (i = 0; i < k; i++) {
		isiter(subs[i], &iter);
		iter_emit(w, p, r, subs[i], iter);
		free(subs[i]);
	}
	free(subs);
}

void
run_free(run *r)
{
	free(r->dir);
	free(r->name);
	free(r->host);
	free(r->id);
}
