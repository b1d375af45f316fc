/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test.c: the statistics of one comparison.  Methods and their
 * references are in kp-compare(1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "dist.h"
#include "compare.h"

/* MMTests' q = qnorm(0.975, 0, sd) */
#define Z975 1.959963984540054
/* fewer groups than this cannot estimate a prior variance worth having */
#define MIN_PRIOR_GROUPS 3
/* the exact Mann-Whitney distribution costs m * n * (m * n) steps */
#define MWU_EXACT_MAX 2500
/* a sweep of fewer levels has no heterogeneity worth estimating */
#define SWEEP_MIN_LEVELS 3
/* a level apart from the rest at this two-sided p keeps its own test */
#define SWEEP_APART 0.01
/* every level keeps at least a tenth of its variance as its own */
#define SWEEP_MAX_SHARED 0.9

/* The unit values of one side at a level.  An instance is summarised by
 * its Huber M-estimate (kp-stats(1)), so that one bad repetition cannot
 * move the whole instance while the others count nearly as in a mean. */
static const double *
units(const Side *s, int lv, size_t *n)
{
	if (lv == LV_INSTANCE && s->ninst > 0 && s->ninst == s->nobs[lv]) {
		*n = s->ninst;
		return s->instloc;
	}
	*n = s->nobs[lv];
	return s->obs[lv];
}

static int
allpos(const double *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(v[i] > 0) || isinf(v[i]))
			return 0;
	return 1;
}

static double *
logs(const double *v, size_t n)
{
	double *l = ereallocarray(NULL, n ? n : 1, sizeof(*l));
	size_t i;

	for (i = 0; i < n; i++)
		l[i] = log(v[i]);
	return l;
}

static double
pct(double ratio)
{
	return 100 * (ratio - 1);
}

/* the 95% interval of change_pct from a log-scale difference, for
 * test_ci(); none given keeps the one before */
static void
logci(Result *r, double diff, double se, double df)
{
	if (isnan(se) || isnan(df))
		return;
	r->ci = CI_LOG;
	r->ci_diff = diff;
	r->ci_se = se;
	r->ci_df = df;
}

void
test_ci(Result *r)
{
	double h;

	r->ci_lo = r->ci_hi = NAN;
	if (r->ci == CI_NONE)
		return;
	h = kp_t_quantile(0.975, r->ci_df) * r->ci_se;
	if (r->ci == CI_LOG) {
		r->ci_lo = pct(exp(r->ci_diff - h));
		r->ci_hi = pct(exp(r->ci_diff + h));
	} else {
		r->ci_lo = 100 * (r->ci_diff - h) / fabs(r->ci_bmean);
		r->ci_hi = 100 * (r->ci_diff + h) / fabs(r->ci_bmean);
	}
}

static void
take(Result *r, const kp_test *k, const char *method, int logscale, double bmean)
{
	r->p = k->p;
	r->df = k->df;
	r->method = method;
	r->ci = CI_NONE;
	if (logscale)
		logci(r, k->diff, k->se, k->df);
	else if (!isnan(k->se) && bmean != 0) {
		/* the base mean taken as known: an approximation */
		r->ci = CI_MEAN;
		r->ci_diff = k->diff;
		r->ci_se = k->se;
		r->ci_df = k->df;
		r->ci_bmean = bmean;
	}
}

/* MMTests' centre and spread of one side: for higher-is-better the
 * harmonic mean and its delta-method sd (dividing by n), else the
 * arithmetic mean and the sample sd */
static void
mmtests_centre(const double *v, size_t n, int higher, double *c, double *sd)
{
	double h, s = 0;
	size_t i;

	if (!higher) {
		*c = kp_mean(v, n);
		*sd = n > 1 ? kp_sd(v, n) : 0;
		return;
	}
	h = kp_hmean(v, n);
	*c = h;
	if (isnan(h)) {
		*sd = NAN;
		return;
	}
	for (i = 0; i < n; i++)
		s += (1 / v[i] - 1 / h) * (1 / v[i] - 1 / h);
	*sd = sqrt(s * h * h * h * h / (double)n);
}

static void
cidiff(const Side *b, const Side *t, Result *r)
{
	double cb, ct, sb, st, d;
	int higher = strcmp(b->better, "higher") == 0;

	r->level = LV_SUB;
	r->nb = b->nobs[LV_SUB];
	r->nt = t->nobs[LV_SUB];
	r->method = "mmtests-cidiff";
	if (r->nb < 1 || r->nt < 1)
		return;
	mmtests_centre(b->obs[LV_SUB], r->nb, higher, &cb, &sb);
	mmtests_centre(t->obs[LV_SUB], r->nt, higher, &ct, &st);
	d = ct - cb;
	if (isnan(d) || isnan(sb + st))
		return;
	if (sb + st == 0) {
		r->cidiff = d;
		r->p = fabs(d) > 1 ? 0 : 1;
		return;
	}
	r->cidiff = d / (Z975 * (sb + st));
	/* significant at 5% exactly when |cidiff| > 1 */
	r->p = 2 * kp_norm_sf(fabs(d) / (sb + st));
}

static double
pooledvar(const double *b, size_t nb, const double *t, size_t nt)
{
	return ((double)(nb - 1) * kp_var(b, nb) + (double)(nt - 1) * kp_var(t, nt)) /
	    (double)(nb + nt - 2);
}

static int
paired(const Side *b, const Side *t, Result *r)
{
	double *xb, *xt, *lb, *lt;
	size_t i, j, n = 0;
	kp_test k;

	if (r->level != LV_INSTANCE || b->ninst != b->nobs[LV_INSTANCE] ||
	    t->ninst != t->nobs[LV_INSTANCE])
		return -1;
	xb = ereallocarray(NULL, b->ninst + 1, sizeof(*xb));
	xt = ereallocarray(NULL, b->ninst + 1, sizeof(*xt));
	for (i = 0; i < b->ninst; i++)
		for (j = 0; j < t->ninst; j++)
			if (strcmp(b->inst[i], t->inst[j]) == 0) {
				xb[n] = b->instloc[i];
				xt[n++] = t->instloc[j];
				break;
			}
	if (n < 2 || !allpos(xb, n) || !allpos(xt, n)) {
		free(xb);
		free(xt);
		return -1;
	}
	lb = logs(xb, n);
	lt = logs(xt, n);
	kp_paired_t(lb, lt, n, &k);
	take(r, &k, "paired-t-log", 1, 0);
	free(xb);
	free(xt);
	free(lb);
	free(lt);
	return 0;
}

void
test_group(const Side *b, const Side *t, enum method m, Result *r)
{
	const double *xb, *xt;
	double *lb = NULL, *lt = NULL, bmean;
	size_t nb, nt;
	int lv, pos;
	kp_test k;

	memset(r, 0, sizeof(*r));
	r->change = r->change_mean = r->ci_lo = r->ci_hi = NAN;
	r->p = r->q = r->df = r->g = r->delta = r->cidiff = r->prior_df = NAN;
	r->se = r->shrink = r->ct_p = r->ct_fam = NAN;
	r->method = "none";
	r->level = -1;
	if (b->median != 0 && isfinite(b->median / b->median))
		r->change = pct(t->median / b->median);
	if (b->mean != 0 && isfinite(b->mean / b->mean))
		r->change_mean = pct(t->mean / b->mean);
	if (!isnan(r->change))
		r->worse = strcmp(b->better, "lower") == 0 ? r->change > 0 : r->change < 0;
	else if (b->median == 0 && isfinite(t->median))
		/* a zero baseline: no percentage, a direction (kp(7)) */
		r->worse = strcmp(b->better, "lower") == 0 ? t->median > 0 : t->median < 0;

	for (lv = 0; lv < NLV; lv++)
		if (b->nobs[lv] >= 2 && t->nobs[lv] >= 2)
			break;
	if (m == M_CIDIFF)
		lv = LV_SUB;
	if (lv == NLV) {
		/* no level has two units on each side: report, do not test */
		r->level = LV_SUB;
		r->nb = b->nobs[LV_SUB];
		r->nt = t->nobs[LV_SUB];
		if (m == M_CIDIFF)
			cidiff(b, t, r);
		return;
	}
	r->level = lv;
	xb = units(b, lv, &nb);
	xt = units(t, lv, &nt);
	r->nb = nb;
	r->nt = nt;
	bmean = kp_mean(xb, nb);
	pos = allpos(xb, nb) && allpos(xt, nt);
	r->delta = kp_cliffs_delta(xb, nb, xt, nt);
	if (pos) {
		lb = logs(xb, nb);
		lt = logs(xt, nt);
		r->g = kp_hedges_g(lb, nb, lt, nt);
		kp_welch(lb, nb, lt, nt, &k);
		take(r, &k, "welch-log", 1, 0);
	} else {
		r->g = kp_hedges_g(xb, nb, xt, nt);
		kp_welch(xb, nb, xt, nt, &k);
		take(r, &k, "welch", 0, bmean);
	}
	/* the log-scale Welch interval above stays the interval of the
	 * rank and MMTests methods, which have none of their own */
	switch (m) {
	case M_CIDIFF:
		cidiff(b, t, r);
		r->df = NAN;
		break;
	case M_MWU:
		kp_mwu(xb, nb, xt, nt, !kp_has_ties(xb, nb, xt, nt) &&
		    nb * nt <= MWU_EXACT_MAX, &k);
		r->p = k.p;
		r->df = NAN;
		r->method = !kp_has_ties(xb, nb, xt, nt) && nb * nt <= MWU_EXACT_MAX ?
		    "mwu-exact" : "mwu-normal";
		break;
	case M_WELCH:
		kp_welch(xb, nb, xt, nt, &k);
		take(r, &k, "welch", 0, bmean);
		break;
	case M_PAIRED:
		paired(b, t, r);
		break;
	case M_WELCHLOG:
		break;
	case M_MODERATED:
	case M_SWEEP:
		if (pos) {
			r->logok = 1;
			r->ldiff = kp_mean(lt, nt) - kp_mean(lb, nb);
			r->ls2 = pooledvar(lb, nb, lt, nt);
			r->ld = (double)(nb + nt - 2);
		}
		break;
	}
	free(lb);
	free(lt);
}

/* Smyth (2004): the group's pooled log-scale variance is shrunk towards a
 * prior estimated from every group of the pair at the same level
 * (limma's fitFDist and squeezeVar, without covariates); the moderated t
 * has d0 + d degrees of freedom.  The levels of one family share their
 * instances' offsets, so their variances are not independent draws of
 * the prior: when the pair's instances run several families, the prior is
 * worth no more than the other families' own df, famcap times the
 * group's. */
void
test_moderate(Result **r, size_t n, double famcap)
{
	double *s2, *d, d0, s0, v, se, dp;
	size_t i, g;

	s2 = ereallocarray(NULL, n + 1, sizeof(*s2));
	d = ereallocarray(NULL, n + 1, sizeof(*d));
	for (i = 0; i < n; i++) {
		s2[i] = r[i]->logok ? r[i]->ls2 : NAN;
		d[i] = r[i]->logok ? r[i]->ld : NAN;
	}
	g = kp_eb_prior(s2, d, n, &d0, &s0);
	free(s2);
	free(d);
	if (g < MIN_PRIOR_GROUPS || isnan(d0))
		return;	/* they keep the Welch test on logs */
	for (i = 0; i < n; i++) {
		if (!r[i]->logok)
			continue;
		dp = fmin(d0, famcap * r[i]->ld);
		v = isinf(dp) ? s0 : (dp * s0 + r[i]->ld * r[i]->ls2) / (dp + r[i]->ld);
		se = sqrt(v * (1 / (double)r[i]->nb + 1 / (double)r[i]->nt));
		r[i]->df = dp + r[i]->ld;
		r[i]->p = kp_t_p2(r[i]->ldiff / se, r[i]->df);
		r[i]->method = "moderated-t-log";
		r[i]->prior_df = dp;
		r[i]->ci = CI_NONE;
		logci(r[i], r[i]->ldiff, se, r[i]->df);
		r[i]->se = se;
		r[i]->modok = isfinite(se) && se > 0;
	}
}

/* The log units of one side's instances at every level of a family,
 * instance by instance (y[j * k + l]), or NULL unless every level has the
 * same instances, once each. */
static double *
instlogs(const Side *const *s, size_t k, size_t n)
{
	double *y;
	size_t i, j, l;

	if (n < 2)
		return NULL;
	for (l = 0; l < k; l++)
		if (s[l]->ninst != n || s[l]->nobs[LV_INSTANCE] != n)
			return NULL;
	for (j = 0; j < n; j++)
		for (i = 0; i < j; i++)
			if (strcmp(s[0]->inst[i], s[0]->inst[j]) == 0)
				return NULL;
	/* distinct names at level 0, all found among as many at level l:
	 * level l holds the same instances */
	y = ereallocarray(NULL, n * k, sizeof(*y));
	for (j = 0; j < n; j++)
		for (l = 0; l < k; l++) {
			for (i = 0; i < n && strcmp(s[l]->inst[i], s[0]->inst[j]); i++)
				;
			if (i == n || !(s[l]->instloc[i] > 0) || isinf(s[l]->instloc[i])) {
				free(y);
				return NULL;
			}
			y[j * k + l] = log(s[l]->instloc[i]);
		}
	return y;
}

/* the two-way analysis of one side's instances x levels: sums of squares
 * of the instances' means (each times k) and of the interaction */
static void
twoway(const double *y, size_t k, size_t n, double *ssi, double *sse)
{
	double *ri = ecalloc(n, sizeof(*ri)), *cl = ecalloc(k, sizeof(*cl)), m = 0, e;
	size_t j, l;

	for (j = 0; j < n; j++)
		for (l = 0; l < k; l++) {
			ri[j] += y[j * k + l] / (double)k;
			cl[l] += y[j * k + l] / (double)n;
			m += y[j * k + l] / (double)(n * k);
		}
	*ssi = *sse = 0;
	for (j = 0; j < n; j++) {
		*ssi += (double)k * (ri[j] - m) * (ri[j] - m);
		for (l = 0; l < k; l++) {
			e = y[j * k + l] - ri[j] - cl[l] + m;
			*sse += e * e;
		}
	}
	free(ri);
	free(cl);
}

/* A level's variance from its whole family.  The levels of a family ran on
 * the same instances: an instance's offset b is in every level, its noise
 * e in one.  The two-way analysis of the instances x levels, pooled over
 * the two sides, splits them: the instances' mean square MS_i estimates
 * var(e) + k var(b) on n_b + n_t - 2 df (one draw of the offsets, however
 * many levels), the interaction's MS_e estimates var(e) on (k - 1) times
 * as many.  A level's unit variance var(b) + var(e) is MS_i / k +
 * (1 - 1/k) MS_e, with Satterthwaite's df; MS_i is moderated over the
 * pair's families (Smyth 2004), which are independent once the offsets
 * common to them are removed.  A family whose noise differs by level is
 * not one variance: a level whose own variance exceeds the family's at
 * F's 1% point keeps its own moderated test. */
void
test_famvar(Family *f, size_t n)
{
	double *msi, *mse, *dfi, *dfe, d0 = NAN, s0 = NAN, ssi, sse, a, b, c, v, df, nn, se;
	double *y[2];
	size_t i, l, g, nb, nt, k;

	msi = ereallocarray(NULL, n + 1, sizeof(*msi));
	mse = ereallocarray(NULL, n + 1, sizeof(*mse));
	dfi = ereallocarray(NULL, n + 1, sizeof(*dfi));
	dfe = ereallocarray(NULL, n + 1, sizeof(*dfe));
	for (i = 0; i < n; i++) {
		msi[i] = mse[i] = dfi[i] = dfe[i] = NAN;
		k = f[i].k;
		if (k < SWEEP_MIN_LEVELS)
			continue;
		for (l = 0; l < k; l++)
			if (!f[i].r[l]->modok || f[i].r[l]->level != LV_INSTANCE)
				break;
		if (l < k)
			continue;
		nb = f[i].r[0]->nb;
		nt = f[i].r[0]->nt;
		if (!(y[0] = instlogs(f[i].b, k, nb)))
			continue;
		if (!(y[1] = instlogs(f[i].t, k, nt))) {
			free(y[0]);
			continue;
		}
		twoway(y[0], k, nb, &a, &b);
		twoway(y[1], k, nt, &ssi, &sse);
		dfi[i] = (double)(nb + nt - 2);
		dfe[i] = dfi[i] * (double)(k - 1);
		msi[i] = (a + ssi) / dfi[i];
		mse[i] = (b + sse) / dfe[i];
		free(y[0]);
		free(y[1]);
	}
	g = kp_eb_prior(msi, dfi, n, &d0, &s0);
	if (g < MIN_PRIOR_GROUPS)
		d0 = NAN;
	for (i = 0; i < n; i++) {
		if (isnan(msi[i]) || !(mse[i] > 0))
			continue;
		k = f[i].k;
		a = msi[i];
		b = dfi[i];
		if (!isnan(d0)) {
			a = isinf(d0) ? s0 : (d0 * s0 + dfi[i] * msi[i]) / (d0 + dfi[i]);
			b = d0 + dfi[i];
		}
		f[i].cs = 1;
		f[i].mse = mse[i];
		f[i].dfe = dfe[i];
		a /= (double)k;
		c = (1 - 1 / (double)k) * mse[i];
		v = a + c;
		df = v * v / (a * a / b + c * c / dfe[i]);
		for (l = 0; l < k; l++) {
			Result *r = f[i].r[l];

			/* the level's own variance against the family's */
			if (kp_f_sf(r->ls2 / v, r->ld, df) < 0.01) {
				f[i].cs = 0;
				continue;
			}
			nn = 1 / (double)r->nb + 1 / (double)r->nt;
			se = sqrt(v * nn);
			r->df = df;
			r->p = kp_t_p2(r->ldiff / se, df);
			r->prior_df = isnan(d0) ? NAN : d0;
			r->ci = CI_NONE;
			logci(r, r->ldiff, se, df);
			r->se = se;
		}
	}
	free(msi);
	free(mse);
	free(dfi);
	free(dfe);
}

/* the mean covariance, over pairs of levels, of one side's instances:
 * the part of the noise that an instance carries into every level (its
 * machine) */
static double
sharedcov(const double *y, size_t k, size_t n)
{
	double m, sum = 0, diag = 0, *row = ecalloc(n, sizeof(*row));
	size_t j, l;

	for (l = 0; l < k; l++) {
		for (j = 0, m = 0; j < n; j++)
			m += y[j * k + l];
		m /= (double)n;
		for (j = 0; j < n; j++) {
			row[j] += y[j * k + l] - m;
			diag += (y[j * k + l] - m) * (y[j * k + l] - m);
		}
	}
	for (j = 0; j < n; j++)
		sum += row[j] * row[j];
	free(row);
	/* all covariances minus the variances, over k (k - 1) pairs */
	return (sum - diag) / (double)(n - 1) / (double)(k * (k - 1));
}

/* sum of squares about the mean of each instance's weighted mean over
 * the levels */
static double
famss(const Family *f, const double *y, size_t n)
{
	double *a = ecalloc(n, sizeof(*a)), m = 0, ss = 0;
	size_t j, l;

	for (j = 0; j < n; j++) {
		for (l = 0; l < f->k; l++)
			a[j] += y[j * f->k + l] / (f->v[l] + f->tau2);
		a[j] /= f->sw;
		m += a[j];
	}
	m /= (double)n;
	for (j = 0; j < n; j++)
		ss += (a[j] - m) * (a[j] - m);
	free(a);
	return ss;
}

/* The first half for one family: the levels that stand apart, the
 * heterogeneity and the family mean; 0 when it does not borrow. */
static int
sweep_fit(Family *f)
{
	Result **r = f->r;
	double sw, swd, sw2, q, w, z, smin = INFINITY, cb, ct;
	size_t i, j, k = f->k, nb = r[0]->nb, nt = r[0]->nt;

	if (k < SWEEP_MIN_LEVELS)
		return 0;
	for (i = 0; i < k; i++)
		if (!r[i]->modok || r[i]->level != LV_INSTANCE)
			return 0;
	/* the shared part can be measured only on the same instances */
	if (!(f->y[0] = instlogs(f->b, k, nb)) || !(f->y[1] = instlogs(f->t, k, nt)))
		return 0;
	cb = sharedcov(f->y[0], k, nb);
	ct = sharedcov(f->y[1], k, nt);
	for (i = 0; i < k; i++)
		smin = fmin(smin, r[i]->se * r[i]->se);
	f->c = fmin(fmax(cb / (double)nb + ct / (double)nt, 0), SWEEP_MAX_SHARED * smin);
	f->v = ereallocarray(NULL, k, sizeof(*f->v));
	f->apart = ecalloc(k, sizeof(*f->apart));
	for (i = 0; i < k; i++)
		f->v[i] = r[i]->se * r[i]->se - f->c;
	/* the safeguard: each level against the fixed-effect mean of the
	 * others; the shared part cancels in the difference */
	for (i = 0; i < k; i++) {
		sw = swd = 0;
		for (j = 0; j < k; j++)
			if (j != i) {
				sw += 1 / f->v[j];
				swd += r[j]->ldiff / f->v[j];
			}
		z = (r[i]->ldiff - swd / sw) / sqrt(f->v[i] + 1 / sw);
		f->apart[i] = kp_t_p2(z, r[i]->df) < SWEEP_APART;
	}
	/* DerSimonian-Laird tau^2 over all levels: a level apart widens it,
	 * so that the others borrow less; leaving it out would choose the
	 * levels by their own noise and understate the variance */
	sw = swd = sw2 = 0;
	for (i = 0; i < k; i++) {
		sw += 1 / f->v[i];
		sw2 += 1 / (f->v[i] * f->v[i]);
		swd += r[i]->ldiff / f->v[i];
	}
	for (i = 0, q = 0; i < k; i++)
		q += (r[i]->ldiff - swd / sw) * (r[i]->ldiff - swd / sw) / f->v[i];
	f->tau2 = fmax(0, (q - (double)(k - 1)) / (sw - sw2 / sw));
	f->sw = swd = 0;
	for (i = 0; i < k; i++) {
		w = 1 / (f->v[i] + f->tau2);
		f->sw += w;
		swd += w * r[i]->ldiff;
	}
	f->mu = swd / f->sw;
	/* the variance of the family mean, shared part and all, from the
	 * instances' weighted means: pooled over the two sides */
	f->d = (double)(nb + nt - 2);
	f->s2 = (famss(f, f->y[0], nb) + famss(f, f->y[1], nt)) / f->d;
	return 1;
}

/* the second half: the shrunken estimate of each level and its test */
static void
sweep_finish(Family *f, double d0, double s0)
{
	Result **r = f->r;
	double bi, est, own, shared, fam, vm, var, df, dfm, s2m, nn;
	size_t i;

	nn = 1 / (double)r[0]->nb + 1 / (double)r[0]->nt;
	s2m = f->s2;
	dfm = f->d;
	if (!isnan(d0)) {
		s2m = isinf(d0) ? s0 : (d0 * s0 + f->d * f->s2) / (d0 + f->d);
		dfm = d0 + f->d;
	}
	vm = s2m * nn;
	for (i = 0; i < f->k; i++) {
		if (f->apart[i])
			continue;
		bi = f->v[i] / (f->v[i] + f->tau2);
		est = f->mu + (1 - bi) * (r[i]->ldiff - f->mu);
		/* v_i (1 - B) + B^2 (1 / sum w) + c, rewritten in the three
		 * variances that were measured: the level's own s_i^2 = v_i + c,
		 * the shared c and the family mean's vm = 1 / sum w + c */
		own = (1 - bi) * r[i]->se * r[i]->se;
		shared = bi * (1 - bi) * f->c;
		fam = bi * bi * vm;
		var = own + shared + fam;
		if (!(var > 0) || !isfinite(var))
			continue;	/* nothing to test beyond the level's own */
		/* Satterthwaite (1946) degrees of freedom of that sum */
		df = var * var / (own * own / r[i]->df + shared * shared / f->d +
		    fam * fam / dfm);
		r[i]->p = kp_t_p2(est / sqrt(var), df);
		r[i]->df = df;
		r[i]->shrink = bi;
		r[i]->method = "sweep-eb-log";
		r[i]->ci = CI_NONE;
		logci(r[i], est, sqrt(var), df);
	}
}

/* A random-effects model over the concurrency levels of each family
 * (DerSimonian and Laird 1986) with empirical-Bayes shrinkage of each
 * level towards the family mean (Raudenbush and Bryk 2002), the variance
 * of that mean measured on the instances and moderated over the families
 * of the pair (Smyth 2004).  A level that stands apart from the others
 * keeps its own moderated test, so one regressed level among unchanged
 * ones is not averaged away.  kp-compare(1) has the details and the
 * simulation behind them. */
void
test_sweep(Family *f, size_t n)
{
	double *s2, *d, d0 = NAN, s0 = NAN;
	size_t i, g;

	s2 = ereallocarray(NULL, n + 1, sizeof(*s2));
	d = ereallocarray(NULL, n + 1, sizeof(*d));
	for (i = 0; i < n; i++) {
		f[i].ok = sweep_fit(&f[i]);
		s2[i] = f[i].ok ? f[i].s2 : NAN;
		d[i] = f[i].ok ? f[i].d : NAN;
	}
	g = kp_eb_prior(s2, d, n, &d0, &s0);
	if (g < MIN_PRIOR_GROUPS)
		d0 = NAN;
	for (i = 0; i < n; i++) {
		if (f[i].ok)
			sweep_finish(&f[i], d0, s0);
		free(f[i].v);
		free(f[i].apart);
		free(f[i].y[0]);
		free(f[i].y[1]);
	}
	free(s2);
	free(d);
}
