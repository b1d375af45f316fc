/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.c: descriptive statistics, named as statisticians name them.
 * Quantiles are R's type 7 (as GNU datamash and numpy's default). */
#include <math.h>
#include <stdlib.h>

#include "kp.h"

/* Ascending sort of doubles (no NaN): an introsort-free quicksort with a
 * median-of-three pivot and insertion sort for short runs; qsort's
 * comparator call per step was a tenth of kp-stats' time. */
void
kp_sort(double *v, size_t n)
{
	double p, t;
	size_t i, j;

	while (n > 16) {
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
			kp_sort(v, j + 1);
			v += j + 1;
			n -= j + 1;
		} else {
			kp_sort(v + j + 1, n - j - 1);
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

/* raw median absolute deviation of sorted values, in O(n): the
 * deviations below the median, read from the median outwards, ascend, as
 * do those above it; merging the two finds the middle ones */
double
kp_mad(const double *v, size_t n)
{
	double med, d = NAN, lo = 0;
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

/* the k-th smallest of unsorted values, reordering them (Hoare's
 * selection) */
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
kp_median_select(double *v, size_t n)
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

/* Huber's (1964) M-estimate of location with the MAD as its fixed scale,
 * computed as MASS::huber does (Venables and Ripley 2002): start at the
 * median, then repeatedly the mean of the values winsorised at
 * mu +- k s, until mu moves by less than tol s.  At the normal it has
 * about 96% of the mean's efficiency where a median of five has 70%, and
 * a value far out moves it by at most k s / n.  A zero MAD (most values
 * equal) leaves the median, where MASS::huber stops with an error. */
#define HUBER_K 1.5
#define HUBER_TOL 1e-6
#define HUBER_MAXIT 100
double
kp_huber(const double *v, size_t n)
{
	double *s, mu, s0, m1, y;
	size_t i, it;

	if (n == 0)
		return NAN;
	s = ereallocarray(NULL, n, sizeof(*s));
	for (i = 0; i < n; i++)
		s[i] = v[i];
	kp_sort(s, n);
	mu = kp_median(s, n);
	s0 = KP_MAD_R * kp_mad(s, n);
	free(s);
	if (!(s0 > 0) || !isfinite(s0))
		return mu;
	for (it = 0; it < HUBER_MAXIT; it++) {
		for (i = 0, m1 = 0; i < n; i++) {
			y = fmin(fmax(v[i], mu - HUBER_K * s0), mu + HUBER_K * s0);
			m1 += y;
		}
		m1 /= (double)n;
		/* MASS::huber returns the mu before the last step */
		if (fabs(mu - m1) < HUBER_TOL * s0)
			break;
		mu = m1;
	}
	return mu;
}
