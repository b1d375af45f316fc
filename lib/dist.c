/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dist.c: distributions and two-sample tests (see dist.h).
 * The distributions are R's standalone maths library (libRmath, the
 * reference implementation the statistics world checks against); this
 * file holds only the tests and estimators kp composes from them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MATHLIB_STANDALONE
#include <Rmath.h>

#include "kp.h"
#include "dist.h"

double
kp_norm_cdf(double z)
{
	return pnorm(z, 0, 1, 1, 0);
}

double
kp_norm_sf(double z)
{
	return pnorm(z, 0, 1, 0, 0);
}

double
kp_norm_quantile(double p)
{
	return qnorm(p, 0, 1, 1, 0);
}

double
kp_t_sf(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return NAN;
	return pt(t, df, 0, 0);
}

/* the upper tail of F(df1, df2) */
double
kp_f_sf(double f, double df1, double df2)
{
	if (isnan(f) || !(df1 > 0) || !(df2 > 0))
		return NAN;
	return pf(f, df1, df2, 0, 0);
}

/* twice the upper tail of |t|, computed as such so that a tiny p keeps
 * its digits */
double
kp_t_p2(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return NAN;
	return fmin(1, 2 * pt(-fabs(t), df, 1, 0));
}

double
kp_t_quantile(double p, double df)
{
	if (!(p >= 0 && p <= 1) || !(df > 0))
		return NAN;
	return qt(p, df, 1, 0);
}

/* P(T' > c) + P(T' < -c) for T' noncentral t with the given ncp */
double
kp_t_power(double ncp, double df, double alpha)
{
	double c;

	if (!(df >= 2) || !(alpha > 0 && alpha < 1) || !isfinite(ncp))
		return NAN;
	c = qt(1 - alpha / 2, df, 1, 0);
	return pnt(c, df, ncp, 0, 0) + pnt(-c, df, ncp, 1, 0);
}

double
kp_digamma(double x)
{
	return x > 0 ? digamma(x) : NAN;
}

double
kp_trigamma(double x)
{
	return x > 0 ? trigamma(x) : NAN;
}

/* Newton's method as in limma's trigammaInverse (Smyth 2004); the
 * derivative of trigamma is psigamma(x, 2) */
double
kp_trigamma_inv(double y)
{
	double x, tri, dif;
	int i;

	if (!(y > 0))
		return NAN;
	if (y > 1e7)
		return 1 / sqrt(y);
	if (y < 1e-6)
		return 1 / y;
	x = 0.5 + 1 / y;
	for (i = 0; i < 100; i++) {
		tri = trigamma(x);
		dif = tri * (1 - tri / y) / psigamma(x, 2);
		x += dif;
		if (fabs(dif) < 1e-15 * x)
			break;
	}
	return x;
}

/* deterministic differences (no spread on either side) are decided
 * without a distribution: equal means p = 1, different means p = 0 */
static void
degenerate(kp_test *r)
{
	r->se = 0;
	r->stat = r->diff == 0 ? 0 : copysign(INFINITY, r->diff);
	r->p = r->diff == 0 ? 1 : 0;
}

static double
scaledvar(const double *v, size_t n, double sc)
{
	double *x = ereallocarray(NULL, n, sizeof(*x)), r;
	size_t i;

	for (i = 0; i < n; i++)
		x[i] = v[i] / sc;
	r = kp_var(x, n);
	free(x);
	return r;
}

int
kp_welch(const double *b, size_t nb, const double *t, size_t nt, kp_test *r)
{
	double vb, vt, sb, st, sc = 0;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->df = r->p = r->stat = r->se = r->diff = NAN;
	if (nb < 2 || nt < 2)
		return -1;
	r->diff = kp_mean(t, nt) - kp_mean(b, nb);
	/* t is scale-free: scaling by the largest magnitude keeps squares of
	 * huge and tiny values inside the doubles */
	for (i = 0; i < nb; i++)
		sc = fmax(sc, fabs(b[i]));
	for (i = 0; i < nt; i++)
		sc = fmax(sc, fabs(t[i]));
	if (!(sc > 0) || isinf(sc))
		sc = 1;
	vb = scaledvar(b, nb, sc);
	vt = scaledvar(t, nt, sc);
	sb = vb / (double)nb;
	st = vt / (double)nt;
	if (sb + st == 0) {
		r->df = (double)(nb + nt - 2);
		degenerate(r);
		return 0;
	}
	r->se = sqrt(sb + st) * sc;
	/* scaled, so that huge values do not overflow the squares */
	vb = sb / (sb + st);
	vt = st / (sb + st);
	r->df = 1 / (vb * vb / (double)(nb - 1) + vt * vt / (double)(nt - 1));
	r->stat = r->diff / sc / sqrt(sb + st);
	r->p = kp_t_p2(r->stat, r->df);
	return 0;
}

int
kp_paired_t(const double *b, const double *t, size_t n, kp_test *r)
{
	double *d, v;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->df = r->p = r->stat = r->se = r->diff = NAN;
	if (n < 2)
		return -1;
	d = ereallocarray(NULL, n, sizeof(*d));
	for (i = 0; i < n; i++)
		d[i] = t[i] - b[i];
	r->diff = kp_mean(d, n);
	v = kp_var(d, n);
	free(d);
	r->df = (double)(n - 1);
	if (v == 0) {
		degenerate(r);
		return 0;
	}
	r->se = sqrt(v / (double)n);
	r->stat = r->diff / r->se;
	r->p = kp_t_p2(r->stat, r->df);
	return 0;
}

int
kp_has_ties(const double *b, size_t nb, const double *t, size_t nt)
{
	double *v;
	size_t i, n = nb + nt;
	int ties = 0;

	v = ereallocarray(NULL, n ? n : 1, sizeof(*v));
	memcpy(v, b, nb * sizeof(*v));
	memcpy(v + nb, t, nt * sizeof(*v));
	kp_sort(v, n);
	for (i = 1; i < n && !ties; i++)
		ties = v[i] == v[i - 1];
	free(v);
	return ties;
}

int
kp_mwu(const double *b, size_t nb, const double *t, size_t nt, int exact,
	kp_test *r)
{
	double u = 0, umax, mn, *v, *rk, tie = 0, s, z, nn;
	size_t i, j, k, n = nb + nt;

	memset(r, 0, sizeof(*r));
	r->df = r->p = r->stat = r->se = r->diff = NAN;
	if (nb < 1 || nt < 1)
		return -1;
	r->diff = kp_mean(t, nt) - kp_mean(b, nb);
	for (i = 0; i < nt; i++)
		for (j = 0; j < nb; j++)
			u += t[i] > b[j] ? 1 : t[i] == b[j] ? 0.5 : 0;
	r->stat = u;
	mn = (double)nb * (double)nt;
	umax = fmax(u, mn - u);
	if (exact) {
		/* P(U >= umax) for the target's U; U is whole without ties */
		r->p = fmin(1, 2 * pwilcox(umax - 1, (double)nt, (double)nb, 0, 0));
		wilcox_free();
		return 0;
	}
	/* tie term: sum over groups of equal values of (c^3 - c) */
	v = ereallocarray(NULL, n, sizeof(*v));
	memcpy(v, b, nb * sizeof(*v));
	memcpy(v + nb, t, nt * sizeof(*v));
	kp_sort(v, n);
	rk = v;
	for (i = 0; i < n; i = k) {
		for (k = i + 1; k < n && rk[k] == rk[i]; k++)
			;
		tie += pow((double)(k - i), 3) - (double)(k - i);
	}
	free(v);
	nn = (double)n;
	s = sqrt(mn / 12 * ((nn + 1) - (n > 1 ? tie / (nn * (nn - 1)) : 0)));
	if (!(s > 0)) {
		r->p = 1;
		return 0;
	}
	z = (umax - mn / 2 - 0.5) / s;
	r->p = fmin(1, 2 * kp_norm_sf(z));
	return 0;
}

double
kp_hedges_g(const double *b, size_t nb, const double *t, size_t nt)
{
	double vb, vt, sp, diff;

	if (nb < 1 || nt < 1 || nb + nt < 3)
		return NAN;
	diff = kp_mean(t, nt) - kp_mean(b, nb);
	vb = nb > 1 ? kp_var(b, nb) : 0;
	vt = nt > 1 ? kp_var(t, nt) : 0;
	sp = sqrt(((double)(nb - 1) * vb + (double)(nt - 1) * vt) /
	    (double)(nb + nt - 2));
	if (sp == 0)
		return diff == 0 ? 0 : NAN;
	/* Hedges & Olkin (1985) small-sample correction J(df) */
	return diff / sp * (1 - 3 / (4 * (double)(nb + nt) - 9));
}

double
kp_cliffs_delta(const double *b, size_t nb, const double *t, size_t nt)
{
	double s = 0;
	size_t i, j;

	if (nb < 1 || nt < 1)
		return NAN;
	for (i = 0; i < nt; i++)
		for (j = 0; j < nb; j++)
			s += (t[i] > b[j]) - (t[i] < b[j]);
	return s / ((double)nb * (double)nt);
}

static int
bh_cmp(const void *a, const void *b, void *p)
{
	double x = ((const double *)p)[*(const size_t *)a];
	double y = ((const double *)p)[*(const size_t *)b];

	return (x > y) - (x < y);
}

void
kp_bh(const double *p, size_t n, double *q)
{
	size_t *ix, m = 0, i, k;
	double run = 1, v;

	ix = ereallocarray(NULL, n ? n : 1, sizeof(*ix));
	for (i = 0; i < n; i++) {
		q[i] = NAN;
		if (!isnan(p[i]))
			ix[m++] = i;
	}
	qsort_r(ix, m, sizeof(*ix), bh_cmp, (void *)p);
	for (k = m; k > 0; k--) {
		v = p[ix[k - 1]] * (double)m / (double)k;
		if (v < run)
			run = v;
		q[ix[k - 1]] = run;
	}
	free(ix);
}

size_t
kp_eb_prior(const double *s2, const double *d, size_t n, double *d0, double *s0)
{
	double *e, mean = 0, var = 0, tri = 0;
	size_t i, g = 0;

	*d0 = NAN;
	*s0 = NAN;
	e = ereallocarray(NULL, n ? n : 1, sizeof(*e));
	for (i = 0; i < n; i++) {
		if (!(s2[i] > 0 && d[i] > 0 && isfinite(s2[i])))
			continue;
		e[g] = log(s2[i]) - kp_digamma(d[i] / 2) + log(d[i] / 2);
		tri += kp_trigamma(d[i] / 2);
		g++;
	}
	if (g < 2) {
		free(e);
		return g;
	}
	mean = kp_mean(e, g);
	var = kp_var(e, g) - tri / (double)g;
	free(e);
	if (var > 0) {
		*d0 = 2 * kp_trigamma_inv(var);
		*s0 = exp(mean + kp_digamma(*d0 / 2) - log(*d0 / 2));
	} else {
		*d0 = INFINITY;
		*s0 = exp(mean);
	}
	return g;
}

double
kp_biweight(double *v, size_t n)
{
	double t, s, u, w, sw, swx, prev;
	size_t i;
	int it;

	if (n == 0)
		return NAN;
	kp_sort(v, n);
	t = kp_median(v, n);
	s = 4.685 * KP_MAD_SD * kp_mad(v, n);
	if (!(s > 0))
		return t;
	for (it = 0; it < 100; it++) {
		sw = swx = 0;
		for (i = 0; i < n; i++) {
			u = (v[i] - t) / s;
			if (fabs(u) >= 1)
				continue;
			w = (1 - u * u) * (1 - u * u);
			sw += w;
			swx += w * v[i];
		}
		if (!(sw > 0))
			break;
		prev = t;
		t = swx / sw;
		if (fabs(t - prev) <= 1e-12 * s)
			break;
	}
	return t;
}

double
kp_simes(const double *p, size_t n)
{
	double *v = ereallocarray(NULL, n + 1, sizeof(*v)), best = NAN;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (!isnan(p[i]))
			v[k++] = p[i];
	kp_sort(v, k);
	for (i = 0; i < k; i++)
		if (!(v[i] * (double)k / (double)(i + 1) >= best))
			best = v[i] * (double)k / (double)(i + 1);
	free(v);
	return k ? fmin(best, 1) : NAN;
}

/*
 * Level i of family j is rejected at q when its family is selected, famq_j
 * <= q, and its within-family BH value w_i <= q R(q) / m, R(q) the families
 * selected at q.  With t the family q-values sorted and R_k the number at
 * or below t_k, the smallest such q is min over t_k >= famq_j of
 * max(t_k, w_i m / R_k): t_k grows and w_i m / R_k falls with k, so the
 * minimum lies where they cross, found by bisection.
 */
void
kp_bb(const double *p, const size_t *fam, size_t n, const double *pf,
    size_t nf, double *q)
{
	kp_bb_within(p, fam, n, pf, NULL, nf, q);
}

void
kp_bb_within(const double *p, const size_t *fam, size_t n, const double *pf,
    const double *within, size_t nf, double *q)
{
	size_t *first, *cnt, *ix, i, j, k, m = 0, lo, hi, *R;
	double *fp, *fq, *t, *lp, *lq, c, best;

	first = ecalloc(nf + 1, sizeof(*first));
	cnt = ecalloc(nf + 1, sizeof(*cnt));
	ix = ereallocarray(NULL, n + 1, sizeof(*ix));
	fp = ereallocarray(NULL, nf + 1, sizeof(*fp));
	fq = ereallocarray(NULL, nf + 1, sizeof(*fq));
	t = ereallocarray(NULL, nf + 1, sizeof(*t));
	R = ereallocarray(NULL, nf + 1, sizeof(*R));
	lp = ereallocarray(NULL, n + 1, sizeof(*lp));
	lq = ereallocarray(NULL, n + 1, sizeof(*lq));
	/* the levels of each family, contiguous in ix */
	for (i = 0; i < n; i++)
		cnt[fam[i]]++;
	for (j = 1; j < nf; j++)
		first[j] = first[j - 1] + cnt[j - 1];
	memset(cnt, 0, (nf + 1) * sizeof(*cnt));
	for (i = 0; i < n; i++)
		ix[first[fam[i]] + cnt[fam[i]]++] = i;
	for (j = 0; j < nf; j++) {
		for (k = 0; k < cnt[j]; k++)
			lp[k] = p[ix[first[j] + k]];
		fp[j] = isnan(pf[j]) ? kp_simes(lp, cnt[j]) : pf[j];
	}
	kp_bh(fp, nf, fq);
	for (j = 0; j < nf; j++)
		if (!isnan(fq[j]))
			t[m++] = fq[j];
	kp_sort(t, m);
	for (k = m; k > 0; k--)
		R[k - 1] = k < m && t[k] == t[k - 1] ? R[k] : k;
	for (i = 0; i < n; i++)
		q[i] = NAN;
	for (j = 0; j < nf; j++) {
		if (isnan(fq[j]))
			continue;
		for (k = 0; k < cnt[j]; k++)
			lp[k] = p[ix[first[j] + k]];
		kp_bh(lp, cnt[j], lq);
		/* the first t_k at or above famq_j */
		for (lo = 0, hi = m; lo < hi; )
			if (t[(lo + hi) / 2] < fq[j])
				lo = (lo + hi) / 2 + 1;
			else
				hi = (lo + hi) / 2;
		for (k = 0; k < cnt[j]; k++) {
			size_t k0 = lo, a, b;

			if (isnan(lq[k]))
				continue;
			c = lq[k] * (double)m;
			if (within && !isnan(within[ix[first[j] + k]]))
				c = within[ix[first[j] + k]] * (double)m;
			/* the first k >= k0 with t_k >= c / R_k */
			for (a = k0, b = m; a < b; )
				if (t[(a + b) / 2] < c / (double)R[(a + b) / 2])
					a = (a + b) / 2 + 1;
				else
					b = (a + b) / 2;
			best = a < m ? t[a] : INFINITY;
			if (a > k0)
				best = fmin(best, c / (double)R[a - 1]);
			q[ix[first[j] + k]] = fmin(best, 1);
		}
	}
	free(first);
	free(cnt);
	free(ix);
	free(fp);
	free(fq);
	free(t);
	free(R);
	free(lp);
	free(lq);
}
