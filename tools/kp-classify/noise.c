/* SPDX-License-Identifier: GPL-2.0-or-later */
/* noise.c: the run-to-run noise kp-classify(1) widens a one-run-a-side
 * interval by, and the quantile of that interval.  A configured sd (a
 * rule's or run_sd_pct) is a statement of the user and is taken as known;
 * one learned from reruns rests on few runs (one rerun pair: 1 df), so it
 * is moderated toward the configured one, as kp-compare moderates
 * variances (Smyth 2004), and the interval takes a t quantile at the
 * degrees of freedom that gives. */
#include <math.h>

#include "kp.h"
#include "dist.h"
#include "rec.h"
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
