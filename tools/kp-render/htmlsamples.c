/* kp-render -f html: the observations behind a comparison */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "html.h"
#include "htmlpage.h"

/* the group of exp that comparison c compares, as html.c keys it */
static void
gkey(char *out, size_t sz, const char *exp, const struct hcmp *c)
{
	snprintf(out, sz, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld", exp,
	    c->suite, c->bench, c->test, c->op, c->metric, c->conc);
}

static int
bysample(const void *a, const void *b)
{
	const struct hsample *x = *(struct hsample *const *)a;
	const struct hsample *y = *(struct hsample *const *)b;
	int r;

	if ((r = strcmp(x->instance ? x->instance : "", y->instance ?
	    y->instance : "")))
		return r;
	if ((r = strcmp(x->run, y->run)))
		return r;
	if (x->iter != y->iter)
		return x->iter < y->iter ? -1 : 1;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	return x->sub < y->sub ? -1 : x->sub > y->sub;
}

struct hsample **
h_samplesof(struct hsite *s, const struct hcmp *c, const char *exp,
    char **runs, int nruns, int *n)
{
	struct hsample **v = NULL;
	char g[2048];
	int lo = 0, hi = s->nsmp, i;

	gkey(g, sizeof(g), exp, c);
	*n = 0;
	/* the samples are sorted by group (html.c): the first of g */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (strcmp(s->smp[mid].gkey, g) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < s->nsmp && strcmp(s->smp[i].gkey, g) == 0; i++)
		if (nruns == 0 || h_inlist(runs, nruns, s->smp[i].run)) {
			v = ereallocarray(v, *n + 1, sizeof(*v));
			v[(*n)++] = &s->smp[i];
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
 */
struct hsample *
h_statsamples(struct hsite *s, const struct hcmp *c, const char *exp, int *n)
{
	struct hgroup key, *g;
	struct hsample *v;
	char k[2048], *pooled;
	int i, j, at, *cut = NULL, ok = 0;
	size_t len = 0;

	gkey(k, sizeof(k), exp, c);
	key.gkey = k;
	*n = 0;
	if (s->ngrp == 0 || (g = bsearch(&key, s->grp, s->ngrp, sizeof(*s->grp),
	    h_groupcmp)) == NULL || g->nsub == 0)
		return NULL;
	if (g->nruns >= 1 && g->ninstances <= 1 && g->nrun == g->nruns) {
		cut = emalloc((g->nruns + 1) * sizeof(*cut));
		cut[0] = 0;
		for (j = 0, at = 0; j < g->nruns; j++) {
			double sum = 0;
			int e;

			for (e = at; e < g->nsub; e++) {
				sum += g->sub[e];
				if (fabs(sum / (e - at + 1) - g->run[j]) <=
				    1e-9 * fmax(1, fabs(g->run[j])) &&
				    (j + 1 < g->nruns || e + 1 == g->nsub))
					break;
			}
			if (e == g->nsub)
				break;
			at = cut[j + 1] = e + 1;
		}
		ok = j == g->nruns && at == g->nsub;
	}
	for (i = 0; i < g->nruns; i++)
		len += strlen(g->runs[i]) + 2;
	pooled = emalloc(len + 16);
	pooled[0] = '\0';
	for (i = 0; i < g->nruns; i++)
		strcat(strcat(pooled, i ? ", " : ""), g->runs[i]);
	if (g->nruns > 1)
		strcat(pooled, " (pooled)");
	v = ecalloc(g->nsub, sizeof(*v));
	for (i = j = 0; i < g->nsub; i++) {
		while (ok && i >= cut[j + 1])
			j++;
		v[i].gkey = g->gkey;
		v[i].run = ok ? g->runs[j] : pooled;
		v[i].iter = 0;
		v[i].rep = 1;
		v[i].sub = ok ? i - cut[j] + 1 : i + 1;
		v[i].value = g->sub[i];
	}
	free(cut);
	*n = g->nsub;
	return v;
}
