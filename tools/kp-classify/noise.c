/* SPDX-License-Identifier: GPL-2.0-or-later */
/* noise.c: the run-to-run noise kp-classify(1) widens a one-run-a-side
 * interval by, and the quantile of that interval.  A configured sd (a
 * rule's or run_sd_pct) is a statement of the user and is taken as known;
 * one learned from reruns rests on few runs (one rerun pair: 1 df), so it
 * is moderated toward the configured one, as kp-compare moderates
 * variances (Smyth 2004), and the interval takes a t quantile at the
 * degrees of freedom that gives.  The noise records are kept by the
 * series id of their measurement (lib's kp_series_id), which a cmp
 * record carries or has computed from the same fields. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kp.h"
#include "dist.h"
#include "rec.h"
#include "strmap.h"
#include "classify.h"

double
noise_moderate(const Config *cf, double s0, double learnt, double ldf, double *df)
{
	double d0 = cf->run_sd_prior_df, s = fmax(learnt, cf->min_run_sd_pct);

	/* a record without df rests on at least one pair of runs */
	if (!(ldf > 0))
		ldf = 1;
	*df = d0 + ldf;
	return sqrt((d0 * s0 * s0 + ldf * s * s) / (d0 + ldf));
}

double
noise_quantile(double p, double se2, double sedf, double v2, double vdf)
{
	double a, b, df;

	if (!isfinite(vdf))
		return kp_norm_quantile(p);
	/* Welch-Satterthwaite: the df of se2 + v2 from the df of each */
	a = isfinite(sedf) && sedf > 0 ? se2 * se2 / sedf : 0;
	b = v2 * v2 / vdf;
	if (!(a + b > 0))
		return kp_norm_quantile(p);
	df = (se2 + v2) * (se2 + v2) / (a + b);
	return kp_t_quantile(p, df);
}

void
noise_read(Classify *c, kp_json *d)
{
	/* the runs only for the gate's own-runs rule: 400,000 noise records
	 * of a 25-kernel lab name 2,000,000 runs the default profile never
	 * looks at */
	static const kp_has want = { { 1u << KP_NOISE_SOURCE |
	    1u << KP_NOISE_SERIES_ID | 1u << KP_NOISE_DF |
	    1u << KP_NOISE_RUN_SD_PCT, 0 } };
	static const kp_has gatewant = { { 1u << KP_NOISE_SOURCE |
	    1u << KP_NOISE_SERIES_ID | 1u << KP_NOISE_RUNS | 1u << KP_NOISE_DF |
	    1u << KP_NOISE_RUN_SD_PCT, 0 } };
	static const kp_has names = { { 1u << KP_NOISE_KEY | 1u << KP_NOISE_SUITE |
	    1u << KP_NOISE_BENCH | 1u << KP_NOISE_TEST | 1u << KP_NOISE_OP |
	    1u << KP_NOISE_METRIC | 1u << KP_NOISE_CONC, 0 } };
	char id[KP_IDSZ];
	const char *sid;
	kp_noise x, m;
	size_t k;
	int isnew;
	Noise *n;

	/* of several for one measurement, the largest */
	kp_rec_read(d, &kp_noise_t, &x, c->gate ? &gatewant : &want, &c->noiseix);
	/* the id the record carries, as a cmp record's is read (rules.c);
	 * computed from the names of one written before noise records
	 * carried it */
	if (!(sid = x.series_id)) {
		kp_rec_read(d, &kp_noise_t, &m, &names, NULL);
		kp_series_id(id, m.key, m.suite, m.bench, m.test, m.op, m.metric,
		    m.conc);
		kp_rec_free(&kp_noise_t, &m);
		sid = id;
	}
	k = kp_strmap_add(c->noisemap, sid, strlen(sid), &isnew);
	if (isnew) {
		c->noise = kp_grow(c->noise, k, sizeof(*c->noise));
		c->noise_hist = kp_grow(c->noise_hist, k, sizeof(*c->noise_hist));
		c->noise_df = kp_grow(c->noise_df, k, sizeof(*c->noise_df));
		c->nfirst = kp_grow(c->nfirst, k, sizeof(*c->nfirst));
		c->noise[k] = NAN;
		c->nfirst[k] = SIZE_MAX;
	}
	c->nrec = kp_grow(c->nrec, c->nnrec, sizeof(*c->nrec));
	n = &c->nrec[c->nnrec];
	n->pct = x.run_sd_pct;
	n->df = x.df > 0 && x.df != KP_NULL_INT ? (double)x.df : NAN;
	n->hist = x.source && strcmp(x.source, "history") == 0;
	n->runs = x.runs;	/* kept: kp_rec_free below must not free it */
	memset(&x.runs, 0, sizeof(x.runs));
	n->next = c->nfirst[k];
	c->nfirst[k] = c->nnrec++;
	if (!(x.run_sd_pct <= c->noise[k])) {
		c->noise[k] = x.run_sd_pct;
		c->noise_df[k] = n->df;
		/* from a lab's history (kp-trend) or reruns of one kernel */
		c->noise_hist[k] = n->hist;
	}
	kp_rec_free(&kp_noise_t, &x);
}

static int
shares_run(const kp_strs *a, const kp_strs *b)
{
	size_t i, j;

	for (i = 0; i < a->n; i++)
		for (j = 0; j < b->n; j++)
			if (strcmp(a->v[i], b->v[j]) == 0)
				return 1;
	return 0;
}

/* the measurement of x, by the id kp-compare carries (kp_rec_upgrade
 * gives an older record its id) */
static long
measurement(const Classify *c, const kp_cmp *x)
{
	return kp_strmap_find(c->noisemap, x->series_id, strlen(x->series_id));
}

double
noise_learned(const Classify *c, const kp_cmp *x, int own_runs, int *hist,
    double *df)
{
	long k = measurement(c, x);
	double v = NAN;
	size_t i;

	if (own_runs) {
		*hist = k >= 0 && c->noise_hist[k];
		*df = k < 0 ? NAN : c->noise_df[k];
		return k < 0 ? NAN : c->noise[k];
	}
	/* the gate's: never a record resting on a run of the pair under
	 * test, whose own move it would hide */
	*hist = 0;
	*df = NAN;
	for (i = k < 0 ? SIZE_MAX : c->nfirst[k]; i != SIZE_MAX; i = c->nrec[i].next)
		if (!shares_run(&c->nrec[i].runs, &x->base_runs) &&
		    !shares_run(&c->nrec[i].runs, &x->target_runs) &&
		    !(c->nrec[i].pct <= v)) {
			v = c->nrec[i].pct;
			*hist = c->nrec[i].hist;
			*df = c->nrec[i].df;
		}
	return v;
}
