/* compare.h: kp-compare's parts: reading and pairing (main.c), the
 * statistics of one comparison (test.c). */
#ifndef COMPARE_H
#define COMPARE_H

#include <stddef.h>

enum { LV_INSTANCE, LV_RUN, LV_ITER, LV_REP, LV_SUB, NLV };
extern const char *const lvname[NLV];

enum method { M_MODERATED, M_WELCHLOG, M_WELCH, M_MWU, M_CIDIFF, M_PAIRED };

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
} Result;

void test_group(const Side *b, const Side *t, enum method m, Result *r);
/* moderate every Result of one pair and level that asked for it */
void test_moderate(Result **r, size_t n);

#endif
