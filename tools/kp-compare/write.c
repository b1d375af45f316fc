/* SPDX-License-Identifier: GPL-2.0-or-later */
/* write.c: the cmp record of a group, by libkp's table of its fields. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

static int
strcmpp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the distinct values of one string of the stats, sorted and joined
 * with '+' (a side that pools several kernels or experiments) */
static char *
joined(Stat **s, size_t n, size_t off)
{
	char **v, *out;
	size_t i, len = 1;

	if (n == 1)	/* most sides: one stat, nothing to sort */
		return estrdup(*(char **)((char *)&s[0]->s + off));
	v = ereallocarray(NULL, n, sizeof(*v));
	for (i = 0; i < n; i++)
		v[i] = *(char **)((char *)&s[i]->s + off);
	qsort(v, n, sizeof(*v), strcmpp);
	for (i = 0; i < n; i++)
		len += strlen(v[i]) + 1;
	out = ecalloc(1, len);
	for (i = 0; i < n; i++) {
		if (i && strcmp(v[i], v[i - 1]) == 0)
			continue;
		if (*out)
			strcat(out, "+");
		strcat(out, v[i]);
	}
	free(v);
	return out;
}

/* the runs of the stats, sorted, each once */
static void
runs(Stat **s, size_t n, kp_strs *out)
{
	size_t i, j, m = 0;

	for (i = 0; i < n; i++)
		m += s[i]->s.runs.n;
	out->v = ereallocarray(NULL, m + 1, sizeof(*out->v));
	for (i = 0, m = 0; i < n; i++)
		for (j = 0; j < s[i]->s.runs.n; j++)
			out->v[m++] = s[i]->s.runs.v[j];
	/* one stat's runs, as kp-stats writes them, are in order already */
	for (i = 1; i < m && strcmp(out->v[i - 1], out->v[i]) < 0; i++)
		;
	if (i < m)
		qsort(out->v, m, sizeof(*out->v), strcmpp);
	for (i = 0, j = 0; i < m; i++)
		if (j == 0 || strcmp(out->v[i], out->v[j - 1]))
			out->v[j++] = out->v[i];
	out->n = j;
}

/* the group ids of the stats, in input order */
static void
groupids(Stat **s, size_t n, kp_strs *out)
{
	size_t i;

	out->v = ereallocarray(NULL, n, sizeof(*out->v));
	for (i = 0; i < n; i++)
		out->v[i] = s[i]->group;
	out->n = n;
}

/* a side's multimodal flag, as kp-render's reports read it from the stat
 * records: 1 when a stat of the side is multimodal, 0 when one says it
 * is not and none is, -1 when none says */
static int
modal(Stat **s, size_t n)
{
	size_t i;
	int known = -1;

	for (i = 0; i < n; i++) {
		if (!kp_has_get(&s[i]->s.has, KP_STAT_MULTIMODAL) ||
		    s[i]->s.multimodal < 0)
			continue;
		if (s[i]->s.multimodal)
			return 1;
		known = 0;
	}
	return known;
}

void
cmp_family(Group *g)
{
	char *b = joined(g->b, g->nb, offsetof(Held, exp));
	char *t = joined(g->t, g->nt, offsetof(Held, exp));
	const Held *s = &g->t[0]->s;

	kp_family_id(g->family, b, t, s->suite, s->bench, s->test, s->op,
	    s->metric);
	free(b);
	free(t);
}

void
write_cmp(Compare *c, Group *g)
{
	const Held *t = &g->t[0]->s;
	Result *r = &g->r;
	kp_cmp x;

	test_ci(r);
	memset(&x, 0, sizeof(x));
	kp_has_range(&x.has, KP_CMP_KEY, KP_CMP_WORSE);
	x.key = t->key;
	x.job = t->job;
	x.suite = t->suite;
	x.bench = t->bench;
	x.test = t->test;
	x.op = t->op;
	x.metric = t->metric;
	x.unit = t->unit;
	x.better = t->better;
	x.conc = t->conc;
	x.base_kernel = joined(g->b, g->nb, offsetof(Held, kernel));
	x.target_kernel = joined(g->t, g->nt, offsetof(Held, kernel));
	x.base_exp = joined(g->b, g->nb, offsetof(Held, exp));
	x.target_exp = joined(g->t, g->nt, offsetof(Held, exp));
	x.family = g->family;
	runs(g->b, g->nb, &x.base_runs);
	runs(g->t, g->nt, &x.target_runs);
	groupids(g->b, g->nb, &x.base_groups);
	groupids(g->t, g->nt, &x.target_groups);
	/* every stat of a group has its series: groups are made by it */
	x.series_id = g->t[0]->series;
	x.base_multimodal = modal(g->b, g->nb);
	x.target_multimodal = modal(g->t, g->nt);
	if (x.base_multimodal < 0)
		kp_has_clear(&x.has, KP_CMP_BASE_MULTIMODAL);
	if (x.target_multimodal < 0)
		kp_has_clear(&x.has, KP_CMP_TARGET_MULTIMODAL);
	x.obs_level = r->level;
	x.single_run = kp_single_run(r->level, (long long)r->nb, (long long)r->nt);
	x.n_base = (long long)r->nb;
	x.n_target = (long long)r->nt;
	x.base_median = g->sb.median;
	x.target_median = g->st.median;
	x.base_mean = g->sb.mean;
	x.target_mean = g->st.mean;
	x.base_cv = g->sb.cv;
	x.target_cv = g->st.cv;
	x.change_pct = r->change;
	x.change_mean_pct = r->change_mean;
	x.ci_low_pct = r->ci_lo;
	x.ci_high_pct = r->ci_hi;
	if ((x.method = kp_vocab_find(&kp_method_v, r->method, strlen(r->method))) < 0)
		kp_die("method \"%s\" is not in kp-records(5)", r->method);
	x.p = r->p;
	x.q = r->q;
	x.df = r->df;
	x.prior_df = r->prior_df;
	x.shrink = r->shrink;
	x.cidiff = r->cidiff;
	if (isnan(r->cidiff))
		kp_has_clear(&x.has, KP_CMP_CIDIFF);
	x.hedges_g = r->g;
	x.cliffs_delta = r->delta;
	x.worse = r->worse;
	kp_has_range(&x.has, KP_CMP_FAMILY_CHANGE_PCT, KP_CMP_FAMILY_VS_SHIFT);
	x.family_change_pct = r->fam_change;
	x.family_p = r->fam_p;
	x.family_q = r->fam_q;
	x.family_units = r->fam_units;
	x.family_vs_shift = r->fam_rel;
	kp_rec_write(c->w, &kp_cmp_t, &x);
	free(x.base_kernel);
	free(x.target_kernel);
	free(x.base_exp);
	free(x.target_exp);
	free(x.base_runs.v);
	free(x.target_runs.v);
	free(x.base_groups.v);
	free(x.target_groups.v);
}
