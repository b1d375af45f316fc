/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats.c: the interval of the centre and the multimodality rule of
 * kp-stats; the methods and their references are in kp-stats(1). */
#include <math.h>
#include <stddef.h>

#include "kp.h"
#include "kp-stats.h"

/* t(0.975, df) for df = 1..4 (scipy.stats.t.ppf): the t-interval is used
 * only below n = 6, where the order-statistic interval does not exist */
static const double t975[] = {
	12.706204736174698, 4.302652729749464, 3.182446305284263,
	2.7764451051977934,
};

/* 95% interval of the centre into *lo, *hi; returns 0, or -1 (and NANs)
 * when n < 2.  n >= 6: the distribution-free interval of the median
 * [x(k), x(n-k+1)] with the largest k whose coverage
 * 1 - 2 P(B <= k - 1), B ~ Binomial(n, 1/2), is at least 95%.
 * 2 <= n < 6: Student's t interval of the mean. */
int
ci_centre(const double *sorted, size_t n, double mean, double sd,
    double *lo, double *hi, int *method)
{
	double logp, cdf, h;
	size_t j;

	*lo = *hi = NAN;
	*method = KP_CI_NONE;
	if (n < 2)
		return -1;
	if (n < 6) {
		h = t975[n - 2] * sd / sqrt((double)n);
		*lo = mean - h;
		*hi = mean + h;
		*method = KP_CI_T;
		return 0;
	}
	/* walk the lower tail in logs: 2^-n underflows beyond n = 1074 */
	logp = -(double)n * M_LN2;
	cdf = 0;
	for (j = 0; j < n; j++) {
		cdf += exp(logp);
		if (cdf > 0.025)
			break;
		logp += log((double)(n - j) / (double)(j + 1));
	}
	/* P(B <= j - 1) <= 0.025 < P(B <= j): k = j */
	*lo = sorted[j - 1];
	*hi = sorted[n - j];
	*method = KP_CI_ORDER_STATISTIC;
	return 0;
}

/* The gap rule: split the sorted values at their widest gap; the values
 * are multimodal when that gap is at least a quarter of the median and at
 * least twice the two sides' ranges together.  A lone far value counts as
 * a mode: with three values nothing can tell the two apart. */
int
gap_multimodal(const double *sorted, size_t n)
{
	double gap = -1, g, med;
	size_t i, at = 0;

	if (n < 3)
		return 0;
	for (i = 1; i < n; i++) {
		g = sorted[i] - sorted[i - 1];
		if (g > gap) {
			gap = g;
			at = i;
		}
	}
	med = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	return gap > 0 && gap >= 0.25 * fabs(med) &&
	    gap >= 2 * ((sorted[at - 1] - sorted[0]) + (sorted[n - 1] - sorted[at]));
}
