/* summary.c: descriptive statistics, named as statisticians name them.
 * Quantiles are R's type 7 (as GNU datamash and numpy's default). */
#include <math.h>
#include <stdlib.h>

#include "kp.h"

static int
dblcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
kp_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), dblcmp);
}

double
kp_quantile(const double *sorted, size_t n, double p)
{
	double h, lo;
	size_t i;

	if (n == 0 || !(p >= 0 && p <= 1))
		return NAN;
	h = (double)(n - 1) * p;
	lo = floor(h);
	i = (size_t)lo;
	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] + (h - lo) * (sorted[i + 1] - sorted[i]);
}

double
kp_median(const double *sorted, size_t n)
{
	if (n == 0)
		return NAN;
	if (n % 2)
		return sorted[n / 2];
	return (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/* Sums by Neumaier's compensated summation: samples of one group can span
 * many orders of magnitude and a naive sum loses the small ones. */
static double
sum(const double *v, size_t n)
{
	double s = 0, c = 0, t;
	size_t i;

	for (i = 0; i < n; i++) {
		t = s + v[i];
		if (fabs(s) >= fabs(v[i]))
			c += (s - t) + v[i];
		else
			c += (v[i] - t) + s;
		s = t;
	}
	return s + c;
}

double
kp_mean(const double *v, size_t n)
{
	double m;
	size_t i;

	if (n == 0)
		return NAN;
	m = sum(v, n) / (double)n;
	if (!isfinite(m)) {
		/* the sum of finite values overflowed: a running mean cannot */
		for (m = 0, i = 0; i < n; i++)
			m += (v[i] - m) / (double)(i + 1);
	}
	return m;
}

/* Two passes, deviations scaled by the largest one: the squares of values
 * near 1e-300 would underflow to 0 and those near 1e300 overflow. */
double
kp_sd(const double *v, size_t n)
{
	double m, scale = 0, s = 0, c = 0, d;
	size_t i;

	if (n < 2)
		return NAN;
	m = kp_mean(v, n);
	for (i = 0; i < n; i++)
		if (fabs(v[i] - m) > scale)
			scale = fabs(v[i] - m);
	if (scale == 0 || isnan(scale))
		return scale;
	for (i = 0; i < n; i++) {
		d = (v[i] - m) / scale;
		s += d * d;
		c += d;
	}
	/* correction term of the corrected two-pass algorithm (Chan et al.) */
	return scale * sqrt(fmax(s - c * c / (double)n, 0) / (double)(n - 1));
}

double
kp_var(const double *v, size_t n)
{
	double sd = kp_sd(v, n);

	return sd * sd;
}

double
kp_mad(const double *sorted, size_t n)
{
	double m, *d;
	size_t i;

	if (n == 0)
		return NAN;
	m = kp_median(sorted, n);
	d = emalloc(n * sizeof(*d));
	for (i = 0; i < n; i++)
		d[i] = fabs(sorted[i] - m);
	kp_sort(d, n);
	m = kp_median(d, n);
	free(d);
	return m;
}

double
kp_gmean(const double *v, size_t n)
{
	double s = 0;
	size_t i;

	if (n == 0)
		return NAN;
	for (i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return NAN;
		s += log(v[i]);
	}
	return exp(s / (double)n);
}

double
kp_hmean(const double *v, size_t n)
{
	double s = 0;
	size_t i;

	if (n == 0)
		return NAN;
	for (i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return NAN;
		s += 1 / v[i];
	}
	return (double)n / s;
}
