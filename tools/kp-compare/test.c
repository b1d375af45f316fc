/* test.c: the statistics of one comparison.  Methods and their
 * references are in kp-compare(1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "dist.h"
#include "compare.h"

const char *const lvname[NLV] = { "instance", "run", "iter", "rep", "sub" };

/* MMTests' q = qnorm(0.975, 0, sd) */
#define Z975 1.959963984540054
/* fewer groups than this cannot estimate a prior variance worth having */
#define MIN_PRIOR_GROUPS 3
/* the exact Mann-Whitney distribution costs m * n * (m * n) steps */
#define MWU_EXACT_MAX 2500

/* The unit values of one side at a level.  An instance is summarised by
 * its median, so that one bad repetition cannot move the whole instance. */
static const double *
units(const Side *s, int lv, size_t *n)
{
	if (lv == LV_INSTANCE && s->ninst > 0 && s->ninst == s->nobs[lv]) {
		*n = s->ninst;
		return s->instmed;
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

/* the 95% interval of change_pct from a log-scale difference */
static void
logci(Result *r, double diff, double se, double df)
{
	double h;

	if (isnan(se) || isnan(df))
		return;
	h = kp_t_quantile(0.975, df) * se;
	r->ci_lo = pct(exp(diff - h));
	r->ci_hi = pct(exp(diff + h));
}

static void
take(Result *r, const kp_test *k, const char *method, int logscale, double bmean)
{
	double h;

	r->p = k->p;
	r->df = k->df;
	r->method = method;
	r->ci_lo = r->ci_hi = NAN;
	if (logscale)
		logci(r, k->diff, k->se, k->df);
	else if (!isnan(k->se) && bmean != 0) {
		/* the base mean taken as known: an approximation */
		h = kp_t_quantile(0.975, k->df) * k->se;
		r->ci_lo = 100 * (k->diff - h) / fabs(bmean);
		r->ci_hi = 100 * (k->diff + h) / fabs(bmean);
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
				xb[n] = b->instmed[i];
				xt[n++] = t->instmed[j];
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
	r->method = "none";
	r->level = -1;
	if (b->median != 0 && isfinite(b->median / b->median))
		r->change = pct(t->median / b->median);
	if (b->mean != 0 && isfinite(b->mean / b->mean))
		r->change_mean = pct(t->mean / b->mean);
	if (!isnan(r->change))
		r->worse = strcmp(b->better, "lower") == 0 ? r->change > 0 : r->change < 0;

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
 * prior estimated from every group of the pair at the same level; the
 * moderated t has d0 + d degrees of freedom. */
void
test_moderate(Result **r, size_t n)
{
	double *s2, *d, d0, s0, v, se;
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
		v = isinf(d0) ? s0 : (d0 * s0 + r[i]->ld * r[i]->ls2) / (d0 + r[i]->ld);
		se = sqrt(v * (1 / (double)r[i]->nb + 1 / (double)r[i]->nt));
		r[i]->df = d0 + r[i]->ld;
		r[i]->p = kp_t_p2(r[i]->ldiff / se, r[i]->df);
		r[i]->method = "moderated-t-log";
		r[i]->prior_df = d0;
		r[i]->ci_lo = r[i]->ci_hi = NAN;
		logci(r[i], r[i]->ldiff, se, r[i]->df);
	}
}
