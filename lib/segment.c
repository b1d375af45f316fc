/* SPDX-License-Identifier: GPL-2.0-or-later */
/* segment.c: exact least-squares segmentation of a weighted series.
 *
 * The cost of a segment comes from prefix sums of w, wx, wx^2, wy, wxy
 * and wy^2, so each costs O(1); y is centred on its weighted mean and x
 * on the middle of the series first, which keeps the differences of
 * large sums accurate. */
#include <math.h>
#include <stdlib.h>

#include "kp.h"
#include "segment.h"

typedef struct {
	double *w, *wx, *wxx, *wy, *wxy, *wyy;	/* n + 1 prefix sums each */
} Sums;

static void
sums_init(Sums *s, const double *y, const double *w, size_t n)
{
	double sw = 0, swy = 0, c, x, yy;
	size_t i;

	for (i = 0; i < n; i++) {
		sw += w[i];
		swy += w[i] * y[i];
	}
	c = sw > 0 ? swy / sw : 0;
	s->w = ecalloc(6 * (n + 1), sizeof(double));
	s->wx = s->w + (n + 1);
	s->wxx = s->wx + (n + 1);
	s->wy = s->wxx + (n + 1);
	s->wxy = s->wy + (n + 1);
	s->wyy = s->wxy + (n + 1);
	for (i = 0; i < n; i++) {
		x = (double)i - (double)n / 2;
		yy = y[i] - c;
		s->w[i + 1] = s->w[i] + w[i];
		s->wx[i + 1] = s->wx[i] + w[i] * x;
		s->wxx[i + 1] = s->wxx[i] + w[i] * x * x;
		s->wy[i + 1] = s->wy[i] + w[i] * yy;
		s->wxy[i + 1] = s->wxy[i] + w[i] * x * yy;
		s->wyy[i + 1] = s->wyy[i] + w[i] * yy * yy;
	}
}

/* weighted residual sum of squares of [a, b) about its mean */
static double
cost(const Sums *s, size_t a, size_t b)
{
	double sw = s->w[b] - s->w[a], sy = s->wy[b] - s->wy[a], r;

	if (!(sw > 0))
		return 0;
	r = (s->wyy[b] - s->wyy[a]) - sy * sy / sw;
	return r > 0 ? r : 0;
}

size_t
kp_seg_optimal(const double *y, const double *w, size_t n, const double *pen,
    size_t minlen, size_t *start)
{
	Sums s;
	double *f, c;
	size_t *from, t, a, k, nseg;

	if (n == 0)
		return 0;
	if (minlen < 1)
		minlen = 1;
	sums_init(&s, y, w, n);
	f = emalloc((n + 1) * sizeof(*f));
	from = emalloc((n + 1) * sizeof(*from));
	f[0] = 0;
	for (t = 1; t <= n; t++) {
		f[t] = INFINITY;
		from[t] = 0;
		for (a = 0; a + minlen <= t; a++) {
			if (a > 0 && (a < minlen || isinf(f[a])))
				continue;
			c = f[a] + cost(&s, a, t) + (a > 0 ? pen[a] : 0);
			if (c < f[t]) {
				f[t] = c;
				from[t] = a;
			}
		}
	}
	nseg = 0;
	for (t = n; t > 0; t = from[t])
		nseg++;
	k = nseg;
	for (t = n; t > 0; t = from[t])
		start[--k] = from[t];
	free(f);
	free(from);
	free(s.w);
	return nseg;
}

int
kp_seg_ramp(const double *y, const double *w, size_t s, size_t e,
    size_t minramp, kp_ramp *r)
{
	Sums p;
	size_t a, b, n = e;
	double sw, sx, sxx, sy, sxy, syy, L, c, q, d, mx, my, vx, rss;
	double rw, rk, rkk, rwy, rky;

	r->rss = INFINITY;
	if (e < s + minramp + 2)
		return -1;
	sums_init(&p, y, w, n);
	sw = p.w[e] - p.w[s];
	sy = p.wy[e] - p.wy[s];
	syy = p.wyy[e] - p.wyy[s];
	for (a = s + 1; a + minramp < e; a++)
		for (b = a + minramp - 1; b + 1 < e; b++) {
			/* x = 0 before a, (k - a + 1) / L on the ramp, 1 after b;
			 * positions in the sums are k - n / 2 */
			L = (double)(b - a + 2);
			q = (double)a - 1 - (double)n / 2;
			rw = p.w[b + 1] - p.w[a];
			rk = p.wx[b + 1] - p.wx[a];
			rkk = p.wxx[b + 1] - p.wxx[a];
			rwy = p.wy[b + 1] - p.wy[a];
			rky = p.wxy[b + 1] - p.wxy[a];
			sx = (rk - q * rw) / L + (p.w[e] - p.w[b + 1]);
			sxx = (rkk - 2 * q * rk + q * q * rw) / (L * L) +
			    (p.w[e] - p.w[b + 1]);
			sxy = (rky - q * rwy) / L + (p.wy[e] - p.wy[b + 1]);
			mx = sx / sw;
			my = sy / sw;
			vx = sxx - sx * mx;
			if (!(vx > 0))
				continue;
			c = sxy - sx * my;
			d = c / vx;
			rss = syy - sy * my - d * c;
			if (rss < r->rss) {
				r->rss = rss > 0 ? rss : 0;
				r->a = a;
				r->b = b;
				r->diff = d;
				r->var = 1 / vx;
			}
		}
	free(p.w);
	return isinf(r->rss) ? -1 : 0;
}

int
kp_seg_fixed(const double *y, const double *w, size_t n, size_t m, size_t h,
    size_t *bp)
{
	Sums s;
	double *d, c;
	size_t *arg, j, t, a;

	if (h < 1 || (m + 1) * h > n)
		return -1;
	sums_init(&s, y, w, n);
	/* d[j][t]: the best cost of y[0..t) in j + 1 segments */
	d = emalloc((m + 1) * (n + 1) * sizeof(*d));
	arg = ecalloc((m + 1) * (n + 1), sizeof(*arg));
	for (t = 0; t <= n; t++)
		d[t] = t >= h ? cost(&s, 0, t) : INFINITY;
	for (j = 1; j <= m; j++)
		for (t = 0; t <= n; t++) {
			d[j * (n + 1) + t] = INFINITY;
			for (a = j * h; a + h <= t; a++) {
				c = d[(j - 1) * (n + 1) + a] + cost(&s, a, t);
				if (c < d[j * (n + 1) + t]) {
					d[j * (n + 1) + t] = c;
					arg[j * (n + 1) + t] = a;
				}
			}
		}
	for (t = n, j = m; j > 0; j--) {
		t = arg[j * (n + 1) + t];
		bp[j - 1] = t - 1;
	}
	free(d);
	free(arg);
	free(s.w);
	return 0;
}

void
kp_seg_fit(const double *y, const double *w, size_t a, size_t b, int linear,
    kp_segfit *f)
{
	double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, x, r;
	size_t i;

	for (i = a; i < b; i++) {
		sw += w[i];
		sx += w[i] * (double)i;
		sy += w[i] * y[i];
	}
	f->sw = sw;
	f->centre = sw > 0 ? sx / sw : (double)a;
	f->level = sw > 0 ? sy / sw : NAN;
	for (i = a; i < b; i++) {
		x = (double)i - f->centre;
		sxx += w[i] * x * x;
		sxy += w[i] * x * (y[i] - f->level);
	}
	f->sxx = sxx;
	f->slope = linear && sxx > 0 ? sxy / sxx : 0;
	f->rss = 0;
	for (i = a; i < b; i++) {
		r = y[i] - f->level - f->slope * ((double)i - f->centre);
		f->rss += w[i] * r * r;
	}
	if (!linear)
		f->sxx = INFINITY;
}

double
kp_segfit_at(const kp_segfit *f, double x, double *var)
{
	double dx = x - f->centre;

	if (var)
		*var = 1 / f->sw + (isinf(f->sxx) ? 0 : dx * dx / f->sxx);
	return f->level + f->slope * dx;
}
