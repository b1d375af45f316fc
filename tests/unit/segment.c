/* SPDX-License-Identifier: GPL-2.0-or-later */
/* segment.c: the exact segmentations against exhaustive search over every
 * partition of short series.  With arguments it is the driver of
 * tests/segment-strucchange.t: "segment.t fixed M H" reads numbers (one a
 * line) and prints the M breakpoints of kp_seg_fixed, 1-based as
 * strucchange prints them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "segment.h"
#include "../tap.h"

/* xorshift: a fixed series of pseudo-random numbers for the cases */
static unsigned long long rng = 88172645463325252ULL;

static double
unif(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

static double
fitcost(const double *y, const double *w, size_t a, size_t b, int linear)
{
	kp_segfit f;

	kp_seg_fit(y, w, a, b, linear, &f);
	return f.rss;
}

/* the best penalised cost over all 2^(n-1) partitions, each segment's
 * cost computed directly */
static double
brute(const double *y, const double *w, size_t n, const double *pen,
    size_t minlen)
{
	double best = INFINITY, c;
	unsigned long mask, a, t;

	for (mask = 0; mask < 1UL << (n - 1); mask++) {
		c = 0;
		for (a = 0, t = 1; t <= n; t++) {
			if (t < n && !(mask & 1UL << (t - 1)))
				continue;
			if (t - a < minlen) {
				c = INFINITY;
				break;
			}
			c += fitcost(y, w, a, t, 0) + (a > 0 ? pen[a] : 0);
			a = t;
		}
		if (c < best)
			best = c;
	}
	return best;
}

static double
segcost(const double *y, const double *w, size_t n, const double *pen,
    const size_t *start, size_t ns)
{
	double c = 0;
	size_t i;

	for (i = 0; i < ns; i++)
		c += fitcost(y, w, start[i], i + 1 < ns ? start[i + 1] : n, 0) +
		    (start[i] > 0 ? pen[start[i]] : 0);
	return c;
}

/* the ramp's fit for one (a, b), by the normal equations written out */
static double
rampcost(const double *y, const double *w, size_t s, size_t e, size_t a,
    size_t b, double *diff)
{
	double sw = 0, sx = 0, sy = 0, x, mx, my, sxx = 0, sxy = 0, r = 0, d;
	size_t k;

	for (k = s; k < e; k++) {
		x = k < a ? 0 : k > b ? 1 : (double)(k - a + 1) / (double)(b - a + 2);
		sw += w[k];
		sx += w[k] * x;
		sy += w[k] * y[k];
	}
	mx = sx / sw;
	my = sy / sw;
	for (k = s; k < e; k++) {
		x = k < a ? 0 : k > b ? 1 : (double)(k - a + 1) / (double)(b - a + 2);
		sxx += w[k] * (x - mx) * (x - mx);
		sxy += w[k] * (x - mx) * (y[k] - my);
	}
	*diff = d = sxy / sxx;
	for (k = s; k < e; k++) {
		x = k < a ? 0 : k > b ? 1 : (double)(k - a + 1) / (double)(b - a + 2);
		r += w[k] * (y[k] - my - d * (x - mx)) * (y[k] - my - d * (x - mx));
	}
	return r;
}

static int
driver(size_t m, size_t h)
{
	double *y = NULL, *w, v;
	size_t n = 0, cap = 0, i, *bp;

	while (scanf("%lf", &v) == 1) {
		if (n == cap)
			y = ereallocarray(y, cap = cap ? 2 * cap : 64, sizeof(*y));
		y[n++] = v;
	}
	w = emalloc((n + 1) * sizeof(*w));
	for (i = 0; i < n; i++)
		w[i] = 1;
	bp = emalloc((m + 1) * sizeof(*bp));
	if (kp_seg_fixed(y, w, n, m, h, bp) < 0)
		return 2;
	for (i = 0; i < m; i++)
		printf("%zu%c", bp[i] + 1, i + 1 < m ? ' ' : '\n');
	return 0;
}

int
main(int argc, char *argv[])
{
	double y[12], w[12], pen[12];
	size_t n, ns, i, trial, bad = 0, badfix = 0, badramp = 0, bp[3], st[12];

	if (argc == 4 && strcmp(argv[1], "fixed") == 0)
		return driver(strtoul(argv[2], NULL, 10), strtoul(argv[3], NULL, 10));

	for (trial = 0; trial < 300; trial++) {
		size_t minlen = 1 + trial % 2;

		n = 5 + trial % 7;
		for (i = 0; i < n; i++) {
			y[i] = (i >= n / 2 ? 2 : 0) + 0.5 * i * (trial % 4 == 0) +
			    unif();
			w[i] = 0.5 + 2 * unif();
			pen[i] = 0.5 + 4 * unif();
		}
		ns = kp_seg_optimal(y, w, n, pen, minlen, st);
		if (fabs(segcost(y, w, n, pen, st, ns) -
		    brute(y, w, n, pen, minlen)) > 1e-9)
			bad++;
	}
	ok(bad == 0, "optimal partitioning equals exhaustive search (300 series)");

	for (trial = 0; trial < 100; trial++) {
		kp_ramp r;
		double best = INFINITY, c, d, bestd = 0;
		size_t a, b, s0 = trial % 2;

		n = 9 + trial % 4;
		for (i = 0; i < n; i++) {
			y[i] = (i > 3 ? 0.4 * (double)(i - 3) : 0) + unif();
			w[i] = 0.5 + unif();
		}
		for (a = s0 + 1; a + 3 < n; a++)
			for (b = a + 2; b + 1 < n; b++)
				if ((c = rampcost(y, w, s0, n, a, b, &d)) < best) {
					best = c;
					bestd = d;
				}
		if (kp_seg_ramp(y, w, s0, n, 3, &r) < 0 ||
		    fabs(r.rss - best) > 1e-9 || fabs(r.diff - bestd) > 1e-9)
			badramp++;
	}
	ok(badramp == 0, "the best ramp equals exhaustive search (100 series)");

	for (trial = 0; trial < 200; trial++) {
		double best = INFINITY, c;
		size_t a, b, m = 2, h = 2;

		n = 8 + trial % 4;
		for (i = 0; i < n; i++) {
			y[i] = (i >= n / 3 ? 1 : 0) - (i >= 2 * n / 3) + unif();
			w[i] = 0.5 + unif();
		}
		kp_seg_fixed(y, w, n, m, h, bp);
		for (a = h; a + h <= n; a++)
			for (b = a + h; b + h <= n; b++) {
				c = fitcost(y, w, 0, a, 0) + fitcost(y, w, a, b, 0) +
				    fitcost(y, w, b, n, 0);
				if (c < best)
					best = c;
			}
		if (fabs(fitcost(y, w, 0, bp[0] + 1, 0) +
		    fitcost(y, w, bp[0] + 1, bp[1] + 1, 0) +
		    fitcost(y, w, bp[1] + 1, n, 0) - best) > 1e-9)
			badfix++;
	}
	ok(badfix == 0, "two breaks: the dynamic programme equals exhaustive search");
	ok(kp_seg_fixed(y, w, 5, 2, 2, bp) < 0, "three segments of two do not fit in five");

	for (i = 0; i < 10; i++) {
		y[i] = i < 6 ? 1 : 3;
		w[i] = 1;
		pen[i] = 1;
	}
	ns = kp_seg_optimal(y, w, 10, pen, 1, st);
	ok(ns == 2 && st[1] == 6, "a clean step is found where it is");
	{
		kp_segfit f;
		double v, at;

		for (i = 0; i < 10; i++)
			y[i] = 0.3 * (double)i;
		kp_seg_fit(y, w, 0, 10, 1, &f);
		at = kp_segfit_at(&f, 9, &v);
		is_num(f.slope, 0.3, 1e-12, "the slope of a line");
		is_num(at, 2.7, 1e-12, "its value at the end");
		is_num(v, 0.1 + 4.5 * 4.5 / 82.5, 1e-12, "the variance of that value");
	}
	return done_testing();
}
