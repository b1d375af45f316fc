/* SPDX-License-Identifier: GPL-2.0-or-later */
/* groupstat.c: the stat record of a group, its summary statistics and
 * the unit means at every level of replication, and its noise record
 * when it has more than one run.  NAN is null, the value of every
 * statistic undefined for the group. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

void
idfields(const Stats *st, const Group *g, void *rec, const kp_rtype *t,
    int first, int upto)
{
	const kp_field *f;
	char *s;
	int k;

	for (k = 0; k <= upto; k++) {
		f = &t->f[first + k];
		s = idstr(st, g->s[k]);
		if (f->kind == KP_F_ENUM)
			*(int *)((char *)rec + f->off) = kp_vocab_find(f->vocab, s, strlen(s));
		else
			*(char **)((char *)rec + f->off) = s;
		kp_has_set(rec, first + k);
	}
}

/* the means of the units of one level (0 instance, 1 run, 2 iter,
 * 3 rep, 4 sub) into m, samples in unit order; returns their number */
static size_t
levelmeans(const Stats *st, const Sample *s, const double *v, size_t n,
    int level, double *m)
{
	size_t i, start = 0, k = 0;

	for (i = 1; i <= n; i++) {
		if (i < n && sinst(st, &s[i]) == sinst(st, &s[i - 1]) && (level < 1 ||
		    (srun(st, &s[i]) == srun(st, &s[i - 1]) && (level < 2 ||
		    (s[i].iter == s[i - 1].iter && (level < 3 ||
		    (s[i].rep == s[i - 1].rep && level < 4)))))))
			continue;
		m[k++] = kp_mean(v + start, i - start);
		start = i;
	}
	return k;
}

static int
ridcmp(const void *a, const void *b, void *rank)
{
	uint32_t x = ((uint32_t *)rank)[*(const uint32_t *)a];
	uint32_t y = ((uint32_t *)rank)[*(const uint32_t *)b];

	return (x > y) - (x < y);
}

/* The noise of reruns: each run's median, in the order of the runs, and
 * the standard deviation of the logs of the run means (n - 1 in the
 * denominator, df = runs - 1) as a percentage: the spread of one run's
 * centre, which a comparison with one run a side cannot see.  A standard
 * deviation, not the range of the medians, because a range grows with
 * the number of runs. */
static void
noise(Stats *st, const Group *g, const Sample *s, size_t n, const double *v,
    double *m, const kp_strs *runs, const uint32_t *ids, char *series)
{
	double *meds, *lm, sum = 0, ss = 0;
	char id[KP_IDSZ];
	kp_noise x;
	size_t i, j, k;
	int pos = 1;

	memset(&x, 0, sizeof(x));
	x.has = kp_has_of(KP_NOISE_CONC, KP_NOISE_GROUP, KP_NOISE_SERIES_ID,
	    KP_NOISE_N_RUNS, KP_NOISE_RUNS, KP_NOISE_RUN_MEDIANS, KP_NOISE_SOURCE,
	    KP_NOISE_DF, KP_NOISE_RUN_SD_PCT, -1);
	idfields(st, g, &x, &kp_noise_t, KP_NOISE_EXP, S_METRIC);
	x.conc = g->conc;
	kp_group_id(id, x.exp, x.suite, x.bench, x.test, x.op, x.metric, x.conc);
	x.group = id;
	x.series_id = series;
	x.n_runs = (long long)runs->n;
	x.runs = *runs;
	meds = emalloc(2 * runs->n * sizeof(*meds));
	lm = meds + runs->n;
	for (k = 0; k < runs->n; k++) {
		for (i = 0, j = 0; i < n; i++)
			if (srun(st, &s[i]) == ids[k])
				m[j++] = v[i];
		lm[k] = kp_mean(m, j);
		pos &= lm[k] > 0;
		lm[k] = pos ? log(lm[k]) : NAN;
		sum += lm[k];
		meds[k] = kp_median_select(m, j);
	}
	for (k = 0; k < runs->n; k++)
		ss += (lm[k] - sum / (double)runs->n) * (lm[k] - sum / (double)runs->n);
	x.run_medians.v = meds;
	x.run_medians.n = runs->n;
	x.source = "reruns";
	x.df = (long long)runs->n - 1;
	/* logs: a run mean that is not positive has none */
	x.run_sd_pct = pos ? 100 * sqrt(ss / (double)x.df) : NAN;
	kp_rec_write(st->out, &kp_noise_t, &x);
	free(meds);
}

/* two samples of one unit: name the later of the two, and the earlier */
static void
twice(const Stats *st, const Group *g, const Sample *a, const Sample *b)
{
	const Sample *later = b->pos > a->pos ? b : a;
	const Sample *first = later == b ? a : b;
	long ll, lf;
	const char *fl = posfile(st, later->pos, &ll);
	const char *ff = posfile(st, first->pos, &lf);

	kp_die_at(fl, ll, 0,
	    "a second sample of %s/%s/%s[%s %s] at %lld in run "
	    "\"%s\" iter %d rep %d sub %d (the first is at "
	    "%s:%ld); expected one",
	    idstr(st, g->s[S_SUITE]), idstr(st, g->s[S_BENCH]),
	    idstr(st, g->s[S_TEST]), idstr(st, g->s[S_OP]),
	    idstr(st, g->s[S_METRIC]), g->conc, idstr(st, srun(st, b)),
	    b->iter, b->rep, b->sub, ff, lf);
}

void
group_stat(Stats *st, Group *g, Sample *s, Brief *b, double *scratch,
    uint32_t *ids, char **names)
{
	size_t n = g->n, i, j, k, nm;
	double *v = scratch, *sv = v + n, *m = sv + n, *lv = m + n;
	char id[KP_IDSZ], series[KP_IDSZ];
	kp_stat x;

	sortunits(st, s, n);
	for (i = 0; i < n; i++)
		sv[i] = v[i] = s[i].v;
	kp_sort(sv, n);
	for (i = 1; i < n; i++)
		if (unitcmp(st, &s[i - 1], &s[i]) == 0)
			twice(st, g, &s[i - 1], &s[i]);

	memset(&x, 0, sizeof(x));
	kp_has_range(&x.has, 0, KP_STAT_NF - 1);
	x.scope = KP_SCOPE_GROUP;
	idfields(st, g, &x, &kp_stat_t, KP_STAT_EXP, S_BETTER);
	x.conc = g->conc;
	kp_group_id(id, x.exp, x.suite, x.bench, x.test, x.op, x.metric, x.conc);
	x.group = id;
	/* the measurement across kernels, which kp-compare matches a
	 * baseline's stat to a target's by, and kp-trend follows */
	kp_series_id(series, x.key, x.suite, x.bench, x.test, x.op, x.metric,
	    x.conc);
	x.series_id = series;
	/* runs: each run lies inside one instance, so distinct neighbours */
	for (i = 0, k = 0; i < n; i++)
		if (i == 0 || s[i].ri != s[i - 1].ri)
			ids[k++] = srun(st, &s[i]);
	qsort_r(ids, k, sizeof(*ids), ridcmp, st->str.rank);
	for (i = 0, j = 0; i < k; i++)
		if (j == 0 || ids[i] != ids[j - 1])
			ids[j++] = ids[i];
	for (i = 0; i < j; i++)
		names[i] = idstr(st, ids[i]);
	x.runs.v = names;
	x.runs.n = j;
	x.instances.v = names + j;
	for (i = 0; i < n; i++)
		if (i == 0 || sinst(st, &s[i]) != sinst(st, &s[i - 1]))
			x.instances.v[x.instances.n++] = idstr(st, sinst(st, &s[i]));
	x.n = (long long)n;
	x.n_dropped = (long long)g->ndrop;
	x.n_instances = (long long)x.instances.n;
	x.n_runs = (long long)x.runs.n;
	x.n_iters = n ? (long long)levelmeans(st, s, v, n, 2, m) : 0;
	x.n_reps = n ? (long long)levelmeans(st, s, v, n, 3, m) : 0;
	x.median = kp_median(sv, n);
	x.mean = kp_mean(v, n);
	x.sd = kp_sd(v, n);
	x.mad = kp_mad(sv, n);
	x.mad_scaled = KP_MAD_R * x.mad;
	x.cv = x.mean != 0 ? x.sd / x.mean : NAN;
	x.min = n ? sv[0] : NAN;
	x.max = n ? sv[n - 1] : NAN;
	x.q1 = kp_quantile(sv, n, 0.25);
	x.q3 = kp_quantile(sv, n, 0.75);
	x.gmean = n ? kp_gmean(v, n) : NAN;
	x.hmean = n ? kp_hmean(v, n) : NAN;
	ci_centre(sv, n, x.mean, x.sd, &x.ci_low, &x.ci_high, &x.ci_method);
	x.multimodal = gap_multimodal(sv, n);
	x.per_instance.v = ecalloc(x.instances.n + 1, sizeof(*x.per_instance.v));
	for (i = 0, j = 0; i <= n; i++) {
		if (n == 0 || (i < n && sinst(st, &s[i]) == sinst(st, &s[j])))
			continue;
		kp_inst *in = &x.per_instance.v[x.per_instance.n++];

		memcpy(m, v + j, (i - j) * sizeof(*m));
		in->instance = idstr(st, sinst(st, &s[j]));
		in->n = (long long)(i - j);
		in->median = kp_median_select(m, i - j);
		in->mean = kp_mean(v + j, i - j);
		in->huber = kp_huber(v + j, i - j);
		j = i;
	}
	/* a level whose units are single samples is obs.sub itself, which
	 * the writer formats once */
	for (k = 0; k < KP_NLV; k++) {
		nm = n && k < KP_LV_SUB ? levelmeans(st, s, v, n, (int)k, lv + k * n) : n;
		x.obs.lv[k].v = nm == n ? v : lv + k * n;
		x.obs.lv[k].n = nm;
	}
	kp_rec_write(st->out, &kp_stat_t, &x);

	b->series[0] = g->s[S_BENCH];
	b->series[1] = g->s[S_TEST];
	b->series[2] = g->s[S_OP];
	b->series[3] = g->s[S_METRIC];
	b->conc = g->conc;
	b->n = n;
	b->cv = x.cv;
	b->min = x.min;
	b->max = x.max;

	if (x.runs.n >= 2)
		noise(st, g, s, n, v, m, &x.runs, ids, series);
	free(x.per_instance.v);
}
