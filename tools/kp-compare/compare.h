/* compare.h: kp-compare's parts: reading and pairing (main.c), the
 * statistics of one comparison (test.c). */
#ifndef COMPARE_H
#define COMPARE_H

#include <stddef.h>

enum { LV_INSTANCE, LV_RUN, LV_ITER, LV_REP, LV_SUB, NLV };
extern const char *const lvname[NLV];

enum method { M_MODERATED, M_SWEEP, M_WELCHLOG, M_WELCH, M_MWU, M_CIDIFF, M_PAIRED };

typedef struct {	/* one side of a comparison, pooled over its stat records */
	double *obs[NLV];
	size_t nobs[NLV];
	char **inst;	/* per_instance names and medians */
	double *instmed;
	size_t ninst;
	double median, mean, cv;
	const char *better;
} Side;

typedef struct {	/* everything kp-compare computes for one group */
	int level;	/* LV_*, or -1 when no level has a unit on each side */
	size_t nb, nt;
	double change, change_mean, ci_lo, ci_hi;
	const char *method;
	double p, q, df, g, delta, cidiff, prior_df;
	int worse;
	/* for the moderated test, filled by test_group, finished by
	 * test_moderate once the prior of the pair is known */
	int logok;
	double ldiff, ls2, ld;	/* log-scale mean difference, pooled variance, df */
	/* for the sweep, filled by test_moderate, used by test_sweep */
	int modok;
	double se;	/* standard error of ldiff under the moderated variance */
	double shrink;	/* weight of the family mean, NAN when not borrowed */
} Result;

void test_group(const Side *b, const Side *t, enum method m, Result *r);
/* moderate every Result of one pair and level that asked for it */
void test_moderate(Result **r, size_t n);
typedef struct {	/* the concurrency levels of one measurement */
	Result **r;
	const Side **b, **t;	/* b[i] and t[i] are the sides of r[i] */
	size_t k;
	/* test_sweep's own */
	int ok;
	int *apart;
	double *v, *y[2], c, tau2, mu, sw, s2, d;
} Family;

/* borrow across the levels of each family of one pair, every level
 * already moderated */
void test_sweep(Family *f, size_t n);

#endif
