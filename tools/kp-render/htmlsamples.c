/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the observations behind a comparison */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

static int
bysample(const void *a, const void *b)
{
	const Sample *x = *(Sample *const *)a;
	const Sample *y = *(Sample *const *)b;
	int r;

	if ((r = strcmp(S(x->instance), S(y->instance))))
		return r;
	if ((r = strcmp(x->run, y->run)))
		return r;
	if (x->iter != y->iter)
		return x->iter < y->iter ? -1 : 1;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	return x->sub < y->sub ? -1 : x->sub > y->sub;
}

/* the groups of one side of a comparison (an older record's one group
 * is given by kp_rec_upgrade) */
const kp_strs *
h_groupsof(const Cmp *c, int side)
{
	return side ? &c->rec.target_groups : &c->rec.base_groups;
}

Sample **
h_samplesof(struct hsite *s, const Cmp *c, int side, int *n)
{
	const kp_strs *groups = h_groupsof(c, side);
	const kp_strs *runs = side ? &c->rec.target_runs : &c->rec.base_runs;
	Sample **v = NULL, *first;
	size_t g, i, k;

	*n = 0;
	for (g = 0; g < groups->n; g++) {
		first = index_samples(s->r, groups->v[g], &k);
		for (i = 0; i < k; i++)
			if (runs->n == 0 || h_inlist(runs->v, runs->n,
			    first[i].run)) {
				v = kp_grow(v, *n, sizeof(*v));
				v[(*n)++] = &first[i];
			}
	}
	if (*n)
		qsort(v, *n, sizeof(*v), bysample);
	return v;
}

/*
 * Without sample records (kp-stats consumes them) the stat group still
 * holds every value in obs.sub, in unit order: by instance, run,
 * iteration, repetition.  With one instance, the run of each value is
 * found by cutting obs.sub into consecutive pieces whose means are
 * obs.run, in order; when that does not work out exactly, the values are
 * shown as the pooled runs they are.  Sources are not in stat records.
 * The values of group g are appended to v[*n..].
 */
static Sample *
groupsamples(Report *r, const Group *g, Sample *v, int *n)
{
	char *pooled;
	double *sub, *run;
	size_t i, j, at, *cut = NULL, len = 0;
	int ok = 0;

	group_values(r, g, &sub, &run);

	if (g->runs.n >= 1 && g->n_instances <= 1 && g->nrun == g->runs.n) {
		cut = emalloc((g->runs.n + 1) * sizeof(*cut));
		cut[0] = 0;
		for (j = 0, at = 0; j < g->runs.n; j++) {
			double sum = 0;
			size_t e;

			for (e = at; e < g->nsub; e++) {
				sum += sub[e];
				if (fabs(sum / (e - at + 1) - run[j]) <=
				    1e-9 * fmax(1, fabs(run[j])) &&
				    (j + 1 < g->runs.n || e + 1 == g->nsub))
					break;
			}
			if (e == g->nsub)
				break;
			at = cut[j + 1] = e + 1;
		}
		ok = j == g->runs.n && at == g->nsub;
	}
	for (i = 0; i < g->runs.n; i++)
		len += strlen(g->runs.v[i]) + 2;
	pooled = emalloc(len + 16);
	pooled[0] = '\0';
	for (i = 0; i < g->runs.n; i++)
		strcat(strcat(pooled, i ? ", " : ""), g->runs.v[i]);
	if (g->runs.n > 1)
		strcat(pooled, " (pooled)");
	v = ereallocarray(v, *n + g->nsub, sizeof(*v));
	for (i = j = 0; i < g->nsub; i++) {
		Sample *m = &v[(*n)++];

		while (ok && i >= cut[j + 1])
			j++;
		memcpy(m->group, g->group, sizeof(m->group));
		m->run = ok ? g->runs.v[j] : pooled;
		m->instance = m->src = NULL;
		m->iter = 0;
		m->rep = 1;
		m->sub = ok ? (long long)(i - cut[j] + 1) : (long long)i + 1;
		m->value = sub[i];
	}
	free(cut);
	free(sub);
	free(run);
	return v;
}

Sample *
h_statsamples(struct hsite *s, const Cmp *c, int side, int *n)
{
	const kp_strs *groups = h_groupsof(c, side);
	const Group *g;
	Sample *v = NULL;
	size_t i;

	*n = 0;
	for (i = 0; i < groups->n; i++)
		if ((g = index_group(s->r, groups->v[i])) && g->nsub > 0)
			v = groupsamples(s->r, g, v, n);
	return v;
}
