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
    double *lo, double *hi, const char **method)
{
	double logp, cdf, h;
	size_t j;

	*lo = *hi = NAN;
	*method = "none";
	if (n < 2)
		return -1;
	if (n < 6) {
		h = t975[n - 2] * sd / sqrt((double)n);
		*lo = mean - h;
		*hi = mean + h;
		*method = "t";
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
	*method = "order-statistic";
	return 0;
}

/* The gap rule: split the sorted values at their widest gap; the values
 * are multimodal when that gap is at least a quarter of the median and at
 * least twice the two sides' ranges together.  A lone far value counts as
 * a mode: with three values nothing can tell the two apart. */
int
multimodal(const double *sorted, size_t n)
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

/* sample sd (n - 1) that neither overflows on values near 1e300 nor
 * underflows to 0 on values near 1e-300: the values are scaled by a power
 * of two (exact) before squaring.  m is scratch of n doubles. */
double
sd_scaled(const double *v, size_t n, double *m)
{
	double big = 0;
	size_t i;
	int e;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++)
		big = fmax(big, fabs(v[i]));
	if (big == 0)
		return 0;
	frexp(big, &e);
	for (i = 0; i < n; i++)
		m[i] = ldexp(v[i], -e);
	return ldexp(kp_sd(m, n), e);
}

/* ascending sort of doubles (no NaN): qsort's comparator call per step
 * was a tenth of kp-stats' time; groups are sorted once each */
void
dsort(double *v, size_t n)
{
	double p, t;
	size_t i, j;

	while (n > 16) {
		/* median of three as the pivot */
		i = n / 2;
		if (v[i] < v[0]) { t = v[i]; v[i] = v[0]; v[0] = t; }
		if (v[n - 1] < v[0]) { t = v[n - 1]; v[n - 1] = v[0]; v[0] = t; }
		if (v[n - 1] < v[i]) { t = v[n - 1]; v[n - 1] = v[i]; v[i] = t; }
		p = v[i];
		i = 0;
		j = n - 1;
		for (;;) {	/* Hoare partition */
			while (v[i] < p)
				i++;
			while (p < v[j])
				j--;
			if (i >= j)
				break;
			t = v[i]; v[i] = v[j]; v[j] = t;
			i++;
			j--;
		}
		/* recurse into the smaller part, loop on the larger */
		if (j + 1 < n - j - 1) {
			dsort(v, j + 1);
			v += j + 1;
			n -= j + 1;
		} else {
			dsort(v + j + 1, n - j - 1);
			n = j + 1;
		}
	}
	for (i = 1; i < n; i++) {
		t = v[i];
		for (j = i; j > 0 && v[j - 1] > t; j--)
			v[j] = v[j - 1];
		v[j] = t;
	}
}

/* raw median absolute deviation of sorted values, in O(n): the
 * deviations below the median, read from the median outwards, ascend, as
 * do those above it; merging the two finds the middle ones */
double
mad_sorted(const double *v, size_t n)
{
	double med, d, lo = 0;
	size_t l, r, k;

	if (n == 0)
		return NAN;
	med = kp_median(v, n);
	for (r = 0; r < n && v[r] <= med; r++)
		;
	l = r;	/* v[0..l) <= med < v[r..n) */
	for (k = 0; k <= n / 2; k++) {
		if (l > 0 && (r == n || med - v[l - 1] <= v[r] - med))
			d = med - v[--l];
		else
			d = v[r++] - med;
		if (k == (n - 1) / 2)
			lo = d;
	}
	return n % 2 ? d : (lo + d) / 2;
}

/* median of unsorted values, reordering them (Hoare's selection) */
static double
select_k(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1, i, j;
	double p, t;

	while (lo < hi) {
		p = v[lo + (hi - lo) / 2];
		i = lo;
		j = hi;
		while (i <= j) {
			while (v[i] < p)
				i++;
			while (p < v[j])
				j--;
			if (i <= j) {
				t = v[i]; v[i] = v[j]; v[j] = t;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j && j != (size_t)-1)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;
	}
	return v[k];
}

double
dmedian(double *v, size_t n)
{
	double hi, lo;
	size_t i;

	if (n == 0)
		return NAN;
	hi = select_k(v, n, n / 2);
	if (n % 2)
		return hi;
	/* after selection v[0..n/2) <= hi: the lower middle is their max */
	lo = v[0];
	for (i = 1; i < n / 2; i++)
		if (v[i] > lo)
			lo = v[i];
	return (lo + hi) / 2;
}
