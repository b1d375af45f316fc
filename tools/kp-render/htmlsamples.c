/* kp-render -f html: the observations behind a comparison */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

/* the group of exp that comparison c compares, as load.c keys it */
static void
gkey(char *out, size_t sz, const char *exp, const Cmp *c)
{
	snprintf(out, sz, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld", exp,
	    c->suite, c->bench, c->test, c->op, c->metric, c->conc);
}

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

Sample **
h_samplesof(struct hsite *s, const Cmp *c, const char *exp, char **runs,
    size_t nruns, int *n)
{
	Sample **v, *first;
	char g[2048];
	size_t i, k;

	gkey(g, sizeof(g), exp, c);
	first = samples_of(s->r, g, &k);
	v = emalloc((k + 1) * sizeof(*v));
	*n = 0;
	for (i = 0; i < k; i++)
		if (nruns == 0 || h_inlist(runs, nruns, first[i].run))
			v[(*n)++] = &first[i];
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
Sample *
h_statsamples(struct hsite *s, const Cmp *c, const char *exp, int *n)
{
	const Group *g;
	Sample *v;
	char k[2048], *pooled;
	size_t i, j, at, *cut = NULL, len = 0;
	int ok = 0;

	gkey(k, sizeof(k), exp, c);
	*n = 0;
	if ((g = group_of(s->r, k)) == NULL || g->nobs_sub == 0)
		return NULL;
	if (g->nruns >= 1 && g->ninstances <= 1 && g->nobs_run == g->nruns) {
		cut = emalloc((g->nruns + 1) * sizeof(*cut));
		cut[0] = 0;
		for (j = 0, at = 0; j < g->nruns; j++) {
			double sum = 0;
			size_t e;

			for (e = at; e < g->nobs_sub; e++) {
				sum += g->obs_sub[e];
				if (fabs(sum / (e - at + 1) - g->obs_run[j]) <=
				    1e-9 * fmax(1, fabs(g->obs_run[j])) &&
				    (j + 1 < g->nruns || e + 1 == g->nobs_sub))
					break;
			}
			if (e == g->nobs_sub)
				break;
			at = cut[j + 1] = e + 1;
		}
		ok = j == g->nruns && at == g->nobs_sub;
	}
	for (i = 0; i < g->nruns; i++)
		len += strlen(g->runs[i]) + 2;
	pooled = emalloc(len + 16);
	pooled[0] = '\0';
	for (i = 0; i < g->nruns; i++)
		strcat(strcat(pooled, i ? ", " : ""), g->runs[i]);
	if (g->nruns > 1)
		strcat(pooled, " (pooled)");
	v = ecalloc(g->nobs_sub, sizeof(*v));
	for (i = j = 0; i < g->nobs_sub; i++) {
		while (ok && i >= cut[j + 1])
			j++;
		v[i].gkey = g->gkey;
		v[i].run = ok ? g->runs[j] : pooled;
		v[i].iter = 0;
		v[i].rep = 1;
		v[i].sub = ok ? i - cut[j] + 1 : i + 1;
		v[i].value = g->obs_sub[i];
	}
	free(cut);
	*n = (int)g->nobs_sub;
	return v;
}
