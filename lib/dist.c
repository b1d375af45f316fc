/* dist.c: distributions and two-sample tests (see dist.h).
 * The incomplete beta is the continued fraction of Numerical Recipes
 * (Press et al. 2007, 6.4) evaluated with modified Lentz; the t
 * distribution follows from it (Abramowitz & Stegun 26.5.27 and 26.7.1).
 * The normal quantile is Acklam's rational approximation refined by one
 * Halley step against erfc, which brings it to full double precision. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "dist.h"

static double
betacf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-16;
	double c = 1, d, h, aa, del;
	int m, m2;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 10000; m++) {
		m2 = 2 * m;
		aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

static double
stirling_corr(double x)
{
	double f = 1 / (x * x);

	return (1.0 / 12 - f * (1.0 / 360 - f * (1.0 / 1260 - f / 1680))) / x;
}

/* log B(a, b); for a large argument lgamma(a + b) - lgamma(a) cancels
 * almost all digits, so that difference comes from Stirling's series */
static double
lbeta(double a, double b)
{
	double big = fmax(a, b), small = fmin(a, b), d;

	if (big < 100)
		return lgamma(a) + lgamma(b) - lgamma(a + b);
	d = (big - 0.5) * log1p(small / big) + small * log(big + small) - small +
	    stirling_corr(big + small) - stirling_corr(big);
	return lgamma(small) - d;
}

/* I_x(a, b) with y = 1 - x given separately: for x near 1 its
 * complement carries the digits that 1 - x would lose */
static double
betai2(double a, double b, double x, double y)
{
	double lbt;

	if (!(a > 0 && b > 0 && x >= 0 && x <= 1))
		return NAN;
	if (x == 0 || y == 0)
		return x == 0 ? 0 : 1;
	lbt = a * (x < 0.5 ? log(x) : log1p(-y)) +
	    b * (y < 0.5 ? log(y) : log1p(-x)) - lbeta(a, b);
	/* the fraction converges fast only below the mean of the beta */
	if (x < (a + 1) / (a + b + 2))
		return exp(lbt) * betacf(a, b, x) / a;
	return 1 - exp(lbt) * betacf(b, a, y) / b;
}

double
kp_betai(double a, double b, double x)
{
	return betai2(a, b, x, 1 - x);
}

double
kp_norm_cdf(double z)
{
	return 0.5 * erfc(-z / M_SQRT2);
}

double
kp_norm_sf(double z)
{
	return 0.5 * erfc(z / M_SQRT2);
}

double
kp_norm_quantile(double p)
{
	static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02,
		-2.759285104469687e+02, 1.383577518672690e+02,
		-3.066479806614716e+01, 2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02,
		-1.556989798598866e+02, 6.680131188771972e+01,
		-1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01,
		-2.400758277161838e+00, -2.549732539343734e+00,
		4.374664141464968e+00, 2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01,
		2.445134137142996e+00, 3.754408661907416e+00 };
	double q, r, x, e, u;

	if (!(p >= 0 && p <= 1))
		return NAN;
	if (p == 0)
		return -INFINITY;
	if (p == 1)
		return INFINITY;
	if (p < 0.02425) {
		q = sqrt(-2 * log(p));
		x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
	} else if (p <= 1 - 0.02425) {
		q = p - 0.5;
		r = q * q;
		x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
		    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
	} else {
		q = sqrt(-2 * log1p(-p));
		x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
	}
	/* Halley steps; the upper tail is refined on its own side */
	for (int i = 0; i < 2; i++) {
		if (p < 0.5)
			e = kp_norm_cdf(x) - p;
		else
			e = (1 - p) - kp_norm_sf(x);
		u = e * sqrt(2 * M_PI) * exp(x * x / 2);
		x = x - u / (1 + x * u / 2);
	}
	return x;
}

double
kp_t_sf(double t, double df)
{
	double tail;

	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(df))
		return kp_norm_sf(t);
	if (isinf(t))
		return t > 0 ? 0 : 1;
	tail = 0.5 * betai2(df / 2, 0.5, df / (df + t * t), t * t / (df + t * t));
	return t > 0 ? tail : 1 - tail;
}

double
kp_t_p2(double t, double df)
{
	double p;

	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return 0;
	if (isinf(df))
		return 2 * kp_norm_sf(fabs(t));
	p = betai2(df / 2, 0.5, df / (df + t * t), t * t / (df + t * t));
	return p > 1 ? 1 : p;
}

static double
t_pdf(double t, double df)
{
	return exp(lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * M_PI) -
	    (df + 1) / 2 * log1p(t * t / df));
}

double
kp_t_quantile(double p, double df)
{
	double q, lo, hi, x, f, nx;
	int i;

	if (!(p > 0 && p < 1) || !(df > 0))
		return p == 0 ? -INFINITY : p == 1 ? INFINITY : NAN;
	if (isinf(df))
		return kp_norm_quantile(p);
	if (p == 0.5)
		return 0;
	q = p < 0.5 ? p : 1 - p;	/* upper tail probability wanted */
	lo = 0;
	hi = 1;
	while (kp_t_sf(hi, df) > q && hi < 1e300)
		hi *= 2;
	x = fmin(fmax(-kp_norm_quantile(q), lo), hi);
	for (i = 0; i < 200; i++) {
		f = kp_t_sf(x, df) - q;
		if (f > 0)
			lo = x;
		else
			hi = x;
		nx = x + f / t_pdf(x, df);
		if (!(nx > lo && nx < hi))
			nx = (lo + hi) / 2;
		f = fabs(nx - x);
		x = nx;
		if (f <= 1e-16 * x || hi - lo <= 1e-16 * hi)
			break;
	}
	return p < 0.5 ? -x : x;
}

double
kp_digamma(double x)
{
	double r = 0, f;

	if (!(x > 0))
		return NAN;
	while (x < 10)
		r -= 1 / x, x += 1;
	f = 1 / (x * x);
	return r + log(x) - 0.5 / x -
	    f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 -
	    f * (1.0 / 132)))));
}

double
kp_trigamma(double x)
{
	double r = 0, f;

	if (!(x > 0))
		return NAN;
	while (x < 10)
		r += 1 / (x * x), x += 1;
	f = 1 / (x * x);
	return r + 1 / x + f / 2 +
	    f / x * (1.0 / 6 - f * (1.0 / 30 - f * (1.0 / 42 - f * (1.0 / 30 -
	    f * (5.0 / 66)))));
}

static double
tetragamma(double x)
{
	double r = 0, f;

	while (x < 10)
		r -= 2 / (x * x * x), x += 1;
	f = 1 / (x * x);
	return r - f * (1 + 1 / x + f * (0.5 - f * (1.0 / 6 - f * (1.0 / 6 -
	    f * (3.0 / 10 - f * (5.0 / 6))))));
}

/* Newton's method as in limma's trigammaInverse (Smyth 2004) */
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
		tri = kp_trigamma(x);
		dif = tri * (1 - tri / y) / tetragamma(x);
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

/* P(U >= k) under H0 for sample sizes m and n, from the counts of the
 * Gaussian binomial coefficient: f(i, j, u) = f(i-1, j, u-j) + f(i, j-1, u) */
static double
mwu_sf(size_t m, size_t n, double k)
{
	size_t mn = m * n, i, j, u;
	double *f, tot = 0, up = 0;

	/* f[i][u] for the current j, rows of mn + 1 */
	f = ecalloc((m + 1) * (mn + 1), sizeof(*f));
	for (i = 0; i <= m; i++)
		f[i * (mn + 1)] = 1;	/* j = 0: only u = 0 */
	for (j = 1; j <= n; j++)
		for (i = 1; i <= m; i++)
			for (u = mn; u != (size_t)-1; u--)
				/* f(i,j,u) = f(i-1,j,u-j) + f(i,j-1,u); row i-1 holds j already */
				f[i * (mn + 1) + u] += u >= j ? f[(i - 1) * (mn + 1) + u - j] : 0;
	for (u = 0; u <= mn; u++) {
		tot += f[m * (mn + 1) + u];
		if ((double)u >= k)
			up += f[m * (mn + 1) + u];
	}
	free(f);
	return up / tot;
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
		r->p = fmin(1, 2 * mwu_sf(nt, nb, umax));
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
	s = 4.685 * 1.482602218505602 * kp_mad(v, n);
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

/* T' = (Z + ncp) / S with S = sqrt(X / df), X chi-square with df degrees
 * of freedom, so P(T' > c) = E[Phi(ncp - c S)] and P(T' < -c) =
 * E[Phi(-ncp - c S)]: one integral over the density of S, by Simpson's
 * rule on a range holding all but a negligible tail of it. */
double
kp_t_power(double ncp, double df, double alpha)
{
	enum { N = 4000 };	/* even */
	double c, hi, h, s, x, lf, sum = 0, w;
	int i;

	if (!(df >= 2) || !(alpha > 0 && alpha < 1) || !isfinite(ncp))
		return NAN;
	c = kp_t_quantile(1 - alpha / 2, df);
	hi = 1 + 12 / sqrt(2 * df) + (df < 10 ? 4 : 0);
	h = hi / N;
	for (i = 1; i <= N; i++) {	/* the density is 0 at s = 0 for df >= 2 */
		s = i * h;
		x = df * s * s;
		/* log of f_X(x) * dx/ds = f_X(df s^2) * 2 df s */
		lf = (df / 2 - 1) * log(x) - x / 2 - (df / 2) * M_LN2 -
		    lgamma(df / 2) + log(2 * df * s);
		w = i == N ? 1 : (i % 2 ? 4 : 2);
		sum += w * exp(lf) * (kp_norm_cdf(ncp - c * s) + kp_norm_cdf(-ncp - c * s));
	}
	return sum * h / 3;
}
