/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dist.h: probability distributions and two-sample tests for kp-compare
 * and kp-classify.  The distributions are R's (libRmath), behind kp's
 * names so that tools need not see Rmath.h; every function is pure and
 * undefined results are NAN.
 * References are in kp-compare(1). */
#ifndef KP_DIST_H
#define KP_DIST_H

#include <stddef.h>

/* standard normal: lower tail, upper tail, quantile */
double kp_norm_cdf(double z);
double kp_norm_sf(double z);
double kp_norm_quantile(double p);
/* Student t with df > 0 degrees of freedom (df = INFINITY: normal):
 * upper tail P(T > t), two-sided P(|T| > |t|), quantile */
double kp_t_sf(double t, double df);
double kp_t_p2(double t, double df);
double kp_t_quantile(double p, double df);
/* Fisher's F with df1 and df2 degrees of freedom: upper tail P(F > f) */
double kp_f_sf(double f, double df1, double df2);
/* The power of the two-sided t test at level alpha with df >= 2 degrees
 * of freedom when the statistic's noncentrality is ncp: P(|T'| > t_{1-a/2})
 * for T' noncentral t (R's pnt). */
double kp_t_power(double ncp, double df, double alpha);
/* digamma, trigamma and the inverse of trigamma (x > 0) */
double kp_digamma(double x);
double kp_trigamma(double x);
double kp_trigamma_inv(double y);

/* A two-sample test result.  Sign convention: target minus baseline. */
typedef struct {
	double stat;	/* t, z or U */
	double df;	/* degrees of freedom, NAN when not a t test */
	double p;	/* two-sided */
	double diff;	/* mean(t) - mean(b) */
	double se;	/* standard error of diff, NAN when not defined */
} kp_test;

/* Welch's unequal-variance t test (Welch 1947); needs n >= 2 per side */
int kp_welch(const double *b, size_t nb, const double *t, size_t nt, kp_test *r);
/* Student's t test of the paired differences t[i] - b[i]; n >= 2 */
int kp_paired_t(const double *b, const double *t, size_t n, kp_test *r);
/* Mann-Whitney U (two-sided).  exact: the permutation distribution
 * (only valid without ties); otherwise the normal approximation with tie
 * correction and continuity correction.  stat is U of the target side. */
int kp_mwu(const double *b, size_t nb, const double *t, size_t nt, int exact,
	kp_test *r);
int kp_has_ties(const double *b, size_t nb, const double *t, size_t nt);
/* effect sizes, target minus baseline */
double kp_hedges_g(const double *b, size_t nb, const double *t, size_t nt);
double kp_cliffs_delta(const double *b, size_t nb, const double *t, size_t nt);
/* Benjamini-Hochberg adjusted p-values; NAN inputs stay NAN and do not
 * count towards the number of tests */
void kp_bh(const double *p, size_t n, double *q);
/* Smyth's (2004) empirical-Bayes prior for sample variances s2[i] with
 * d[i] degrees of freedom: the prior df *d0 (INFINITY when the variances
 * agree beyond sampling error) and prior variance *s0.  Entries with
 * s2 <= 0 or d <= 0 are skipped.  Returns the number of entries used. */
size_t kp_eb_prior(const double *s2, const double *d, size_t n,
	double *d0, double *s0);

/* Simes' p (Simes 1986) of p[0..n): min over i of p_(i) n / i, NaN
 * left out; NAN when there is none */
double kp_simes(const double *p, size_t n);
/* Benjamini and Bogomolov (2014), selective inference on families: the
 * families (fam[i] in 0..nf) are selected by Benjamini-Hochberg over their
 * p-values pf (NAN: Simes' over their levels), and inside each of the R of
 * m selected, the levels by Benjamini-Hochberg at q R / m.  q[i] is the
 * smallest level at which level i is rejected (at most 1), NAN for a NaN
 * p[i]. */
void kp_bb(const double *p, const size_t *fam, size_t n, const double *pf,
	size_t nf, double *q);
/* the same with another procedure inside some families: where within[i]
 * is not NaN it is level i's adjusted p of a procedure that controls the
 * familywise error inside its family (a closed test), used in place of
 * Benjamini-Hochberg's; within holds a value for every level of such a
 * family or for none */
void kp_bb_within(const double *p, const size_t *fam, size_t n, const double *pf,
	const double *within, size_t nf, double *q);

/* Tukey's biweight location (Mosteller and Tukey 1977) of v[0..n), no
 * NaN: the M-estimate with weights (1 - u^2)^2 for |u| < 1, u = (x - T) /
 * (c s), c = 4.685 and s = 1.4826 MAD, found by iterated reweighting from
 * the median with s fixed; the median when the MAD is 0.  v is sorted. */
double kp_biweight(double *v, size_t n);

#endif
