/* SPDX-License-Identifier: GPL-2.0-or-later */
/* upgrade.c: records of an older schema (rec.h, KP_SCHEMA) read as the
 * current one.  Every fallback for what an older kp did not write lives
 * here, so that a tool reads one layout and a later schema adds its
 * fallback in one place (kp-records(5), VERSIONS). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rec.h"

static int
wanted(const kp_has *want, const void *rec, int f)
{
	return (!want || kp_has_get(want, f)) && !kp_has_get(rec, f);
}

static char *
idstr(const char *id)
{
	return estrdup(id);
}

/* sample group (schema 2, kp-identify): kp_group_id of its exp and
 * measurement; a sample kp-identify never saw has exp "" */
static void
sample(kp_json *d, kp_sample *s)
{
	kp_has need = kp_has_of(KP_SAMPLE_EXP, KP_SAMPLE_SUITE, KP_SAMPLE_BENCH,
	    KP_SAMPLE_TEST, KP_SAMPLE_OP, KP_SAMPLE_METRIC, KP_SAMPLE_CONC, -1);
	char id[KP_IDSZ];
	kp_sample x;

	kp_rec_read(d, &kp_sample_t, &x, &need, NULL);
	kp_group_id(id, x.exp ? x.exp : "", x.suite, x.bench, x.test, x.op,
	    x.metric, x.conc);
	kp_rec_free(&kp_sample_t, &x);
	s->group = idstr(id);
	kp_has_set(&s->has, KP_SAMPLE_GROUP);
}

/* trend series_id (schema 2): kp_series_id of its measurement */
static void
trend(kp_json *d, kp_trend *t)
{
	kp_has need = kp_has_of(KP_TREND_KEY, KP_TREND_SUITE, KP_TREND_BENCH,
	    KP_TREND_TEST, KP_TREND_OP, KP_TREND_METRIC, KP_TREND_CONC, -1);
	char id[KP_IDSZ];
	kp_trend x;

	kp_rec_read(d, &kp_trend_t, &x, &need, NULL);
	kp_series_id(id, x.key, x.suite, x.bench, x.test, x.op, x.metric, x.conc);
	kp_rec_free(&kp_trend_t, &x);
	t->series_id = idstr(id);
	kp_has_set(&t->has, KP_TREND_SERIES_ID);
}

/* stat group and series_id: kp_group_id and kp_series_id of its
 * measurement, for a stat record written before it carried its ids */
static void
stat(kp_json *d, kp_stat *s, const kp_has *want)
{
	kp_has need = kp_has_of(KP_STAT_EXP, KP_STAT_SUITE, KP_STAT_BENCH,
	    KP_STAT_TEST, KP_STAT_OP, KP_STAT_METRIC, KP_STAT_CONC, -1);
	char id[KP_IDSZ];
	kp_stat x;

	if (wanted(want, s, KP_STAT_SERIES_ID))
		kp_has_set(&need, KP_STAT_KEY);
	kp_rec_read(d, &kp_stat_t, &x, &need, NULL);
	if (wanted(want, s, KP_STAT_GROUP)) {
		kp_group_id(id, x.exp, x.suite, x.bench, x.test, x.op, x.metric,
		    x.conc);
		s->group = idstr(id);
		kp_has_set(&s->has, KP_STAT_GROUP);
	}
	if (wanted(want, s, KP_STAT_SERIES_ID)) {
		kp_series_id(id, x.key, x.suite, x.bench, x.test, x.op, x.metric,
		    x.conc);
		s->series_id = idstr(id);
		kp_has_set(&s->has, KP_STAT_SERIES_ID);
	}
	kp_rec_free(&kp_stat_t, &x);
}

/* coverage of level group (schema 2): the measurement was only in its
 * name, suite/bench/test[op metric]@conc; the test may hold '/', the
 * metric no ' ' */
static void
coverage(kp_cov *c)
{
	const char *n = c->name, *s1, *s2, *lb, *sp, *at;
	char *end;
	long long conc;

	if (c->level != KP_COV_LGROUP || !n || !(at = strrchr(n, '@')) ||
	    at == n || at[-1] != ']' || !(lb = strrchr(n, '[')) || lb > at ||
	    !(s1 = strchr(n, '/')) || s1 > lb || !(s2 = strchr(s1 + 1, '/')) ||
	    s2 > lb)
		return;
	conc = strtoll(at + 1, &end, 10);
	if (*end || end == at + 1 || conc < 1)
		return;
	for (sp = at - 1; sp > lb && *sp != ' '; sp--)
		;
	if (sp == lb)
		return;
	c->suite = estrndup(n, (size_t)(s1 - n));
	c->bench = estrndup(s1 + 1, (size_t)(s2 - s1 - 1));
	c->test = estrndup(s2 + 1, (size_t)(lb - s2 - 1));
	c->op = estrndup(lb + 1, (size_t)(sp - lb - 1));
	c->metric = estrndup(sp + 1, (size_t)(at - 1 - sp - 1));
	c->conc = conc;
	kp_has_range(&c->has, KP_COV_SUITE, KP_COV_CONC);
}

/* stat per_instance huber (schema 3): an older instance keeps its median
 * as its location, the one kp-compare took before */
static void
stat_huber(kp_stat *s)
{
	size_t i;

	for (i = 0; i < s->per_instance.n; i++)
		if (isnan(s->per_instance.v[i].huber))
			s->per_instance.v[i].huber = s->per_instance.v[i].median;
}

/* one group of a side: kp_group_id of the side's experiment and the
 * measurement, the only group a comparison had before it named them */
static void
onegroup(kp_strs *g, const char *exp, const kp_cmp *x)
{
	char id[KP_IDSZ];

	kp_group_id(id, exp, x->suite, x->bench, x->test, x->op, x->metric,
	    x->conc);
	g->v = emalloc(sizeof(*g->v));
	g->v[0] = idstr(id);
	g->n = 1;
}

/* cmp family, series_id, base_groups and target_groups (schema 2): the
 * ids of lib/id.c over the comparison's own fields */
static void
cmp(kp_json *d, kp_cmp *c, const kp_has *want)
{
	kp_has need = kp_has_of(KP_CMP_KEY, KP_CMP_BASE_EXP, KP_CMP_TARGET_EXP,
	    KP_CMP_SUITE, KP_CMP_BENCH, KP_CMP_TEST, KP_CMP_OP, KP_CMP_METRIC,
	    KP_CMP_CONC, -1);
	char id[KP_IDSZ];
	kp_cmp x;

	kp_rec_read(d, &kp_cmp_t, &x, &need, NULL);
	if (wanted(want, c, KP_CMP_FAMILY)) {
		kp_family_id(id, x.base_exp, x.target_exp, x.suite, x.bench,
		    x.test, x.op, x.metric);
		c->family = idstr(id);
		kp_has_set(&c->has, KP_CMP_FAMILY);
	}
	if (wanted(want, c, KP_CMP_SERIES_ID)) {
		kp_series_id(id, x.key, x.suite, x.bench, x.test, x.op, x.metric,
		    x.conc);
		c->series_id = idstr(id);
		kp_has_set(&c->has, KP_CMP_SERIES_ID);
	}
	if (wanted(want, c, KP_CMP_BASE_GROUPS)) {
		onegroup(&c->base_groups, x.base_exp, &x);
		kp_has_set(&c->has, KP_CMP_BASE_GROUPS);
	}
	if (wanted(want, c, KP_CMP_TARGET_GROUPS)) {
		onegroup(&c->target_groups, x.target_exp, &x);
		kp_has_set(&c->has, KP_CMP_TARGET_GROUPS);
	}
	kp_rec_free(&kp_cmp_t, &x);
}

void
kp_rec_upgrade(kp_json *d, const kp_rtype *t, void *rec, const kp_has *want)
{
	if (t == &kp_sample_t && wanted(want, rec, KP_SAMPLE_GROUP))
		sample(d, rec);
	else if (t == &kp_trend_t && wanted(want, rec, KP_TREND_SERIES_ID))
		trend(d, rec);
	else if (t == &kp_stat_t) {
		if (wanted(want, rec, KP_STAT_GROUP) ||
		    wanted(want, rec, KP_STAT_SERIES_ID))
			stat(d, rec, want);
		stat_huber(rec);
	} else if (t == &kp_cov_t && wanted(want, rec, KP_COV_SUITE))
		coverage(rec);
	else if (t == &kp_cmp_t && (wanted(want, rec, KP_CMP_FAMILY) ||
	    wanted(want, rec, KP_CMP_SERIES_ID) ||
	    wanted(want, rec, KP_CMP_BASE_GROUPS) ||
	    wanted(want, rec, KP_CMP_TARGET_GROUPS)))
		cmp(d, rec, want);
}
