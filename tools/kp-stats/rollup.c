/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rollup.c: the stat records of a test, a suite and an experiment, each
 * over the stat records of its groups: how complete and how stable. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

static int
dblcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int
llcmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static int
sizecmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* the commonest sample count of r's groups, the larger on a tie: by
 * sorting the counts, not by counting each against all (quadratic in
 * the groups of an exp, 4,000 of them in the bench lab: 5% of a shard) */
static size_t
modecount(const Roll *r)
{
	size_t *ns = emalloc((r->n + 1) * sizeof(*ns)), i, j, mode = 0, modec = 0;

	for (i = 0; i < r->n; i++)
		ns[i] = r->b[i].n;
	qsort(ns, r->n, sizeof(*ns), sizecmp);
	for (i = 0; i < r->n; i = j) {
		for (j = i + 1; j < r->n && ns[j] == ns[i]; j++)
			;
		if (j - i >= modec) {	/* ascending: a tie goes to the later */
			modec = j - i;
			mode = ns[i];
		}
	}
	free(ns);
	return mode;
}

void
roll_write(Stats *st, Roll *r, const Group *g, int scope, int upto)
{
	kp_rollup x;
	size_t i, j, tot = 0, mode = modecount(r), c, inc = 0, ncv = 0;
	size_t unstable = 0, nl = 0, nmiss = 0;
	double *cv = emalloc((r->n + 1) * sizeof(*cv)), cvmax = NAN;
	long long *lv = emalloc((r->n + 1) * sizeof(*lv));
	long long *miss = emalloc((r->n + 1) * sizeof(*miss));
	int found;

	for (i = 0; i < r->n; i++) {
		tot += r->b[i].n;
		if (!isnan(r->b[i].cv)) {
			cv[ncv++] = r->b[i].cv;
			if (isnan(cvmax) || r->b[i].cv > cvmax)
				cvmax = r->b[i].cv;
		}
		/* lkp-tests: stable when (max - min) / min <= 20% and
		 * RSD <= 20%; not judged without a spread or a positive min */
		if (r->b[i].n >= 2 && r->b[i].min > 0 && !isnan(r->b[i].cv) &&
		    ((r->b[i].max - r->b[i].min) / r->b[i].min > 0.2 ||
		    r->b[i].cv > 0.2))
			unstable++;
		lv[nl++] = r->b[i].conc;
	}
	for (i = 0; i < r->n; i++)
		inc += r->b[i].n < mode;
	/* every level against every series (bench, test, op, metric) */
	qsort(lv, nl, sizeof(*lv), llcmp);
	for (i = 0, j = 0; i < nl; i++)
		if (i == 0 || lv[i] != lv[j - 1])
			lv[j++] = lv[i];
	nl = j;
	for (i = 0; i < r->n; i++) {
		if (i > 0 && memcmp(r->b[i].series, r->b[i - 1].series,
		    sizeof(r->b[i].series)) == 0)
			continue;
		for (c = 0; c < nl; c++) {
			found = 0;
			for (j = i; j < r->n && memcmp(r->b[j].series,
			    r->b[i].series, sizeof(r->b[i].series)) == 0; j++)
				if (r->b[j].conc == lv[c])
					found = 1;
			if (!found)
				miss[nmiss++] = lv[c];
		}
	}
	qsort(miss, nmiss, sizeof(*miss), llcmp);
	qsort(cv, ncv, sizeof(*cv), dblcmp);

	memset(&x, 0, sizeof(x));
	kp_has_set(&x.has, KP_ROLLUP_SCOPE);
	kp_has_range(&x.has, KP_ROLLUP_N_GROUPS, KP_ROLLUP_NF - 1);
	x.scope = scope;
	idfields(st, g, &x, &kp_rollup_t, KP_ROLLUP_EXP, upto);
	x.n_groups = (long long)r->n;
	x.n = (long long)tot;
	x.incomplete_groups = (long long)inc;
	for (i = 0, j = 0; i < nmiss; i++)
		if (i == 0 || miss[i] != miss[j - 1])
			miss[j++] = miss[i];
	x.missing_conc.v = miss;
	x.missing_conc.n = j;
	x.cv_median = kp_median(cv, ncv);
	x.cv_max = cvmax;
	x.unstable_groups = (long long)unstable;
	kp_rec_write(st->out, &kp_rollup_t, &x);
	r->n = 0;
	free(cv);
	free(lv);
	free(miss);
}

void
roll_add(Roll *r, const Brief *b)
{
	r->b = kp_grow(r->b, r->n, sizeof(*r->b));
	r->b[r->n++] = *b;
}
