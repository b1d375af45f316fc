/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gate.c: the gate profile of kp-classify(1).  A CI gate asks one
 * question: did the measurement move past the threshold?  With single
 * values the threshold alone can answer; with replicated runs the test
 * saw the run-to-run noise and must also be significant; with one run a
 * side (an MMTests tree: many samples, one boot) the test saw only the
 * noise inside a run, so the change's interval is widened by the
 * run-to-run noise and must lie past the threshold as a whole. */
#include <math.h>

#include "kp.h"
#include "dist.h"
#include "rec.h"
#include "classify.h"

/* the 95% interval kp-compare writes, on log scale: its standard error */
static double
se_log(const kp_cmp *x)
{
	if (isnan(x->ci_low_pct) || isnan(x->ci_high_pct) || !(x->ci_low_pct > -100))
		return NAN;
	return (log1p(x->ci_high_pct / 100) - log1p(x->ci_low_pct / 100)) /
	    (2 * kp_norm_quantile(0.975));
}

int
gate_class(const Config *cf, double pct, const kp_cmp *x, int single,
    double sd_run, double sd_df, kp_cmp *o)
{
	int units2 = x->n_base >= 2 && x->n_target >= 2 && !isnan(x->p);
	/* a move from a zero baseline is past every percentage (kp(7)) */
	int past = kp_cmp_from_zero(x) ||
	    (!isnan(x->change_pct) && fabs(x->change_pct) > pct);
	int sig = !isnan(x->q) && x->q < cf->alpha;
	double se, hw, lo, hi, up = log1p(pct / 100);
	/* a fall past pct: below log(1 - pct), none past 100% */
	double down = pct < 100 ? log1p(-pct / 100) : -INFINITY;

	/* the severity, the rule and its caveats: o->severity, o->why,
	 * o->caveats; kp_cmp_reason says them for people */
	o->severity = KP_SEV_NONE;
	o->gate_threshold_pct = pct;
	if (!units2)
		o->caveats |= 1u << KP_CAV_THRESHOLD_ONLY;
	if (!past) {
		o->why = KP_WHY_GATE_WITHIN;
		return KP_NO_CHANGE;
	}
	if (units2 && single && !isnan(sd_run) && !isnan(se = se_log(x))) {
		/* the (1 - alpha) interval of the change with a run-to-run
		 * move of sd_run on each side added: z sqrt(se^2 + 2 sd^2),
		 * t for a learned sd (noise.c) */
		hw = noise_quantile(1 - cf->alpha / 2, se * se, x->df,
		    2 * sd_run * sd_run, sd_df) * sqrt(se * se + 2 * sd_run * sd_run);
		lo = log1p(x->change_pct / 100) - hw;
		hi = log1p(x->change_pct / 100) + hw;
		/* the interval that decides is the one every format shows */
		o->decided_low_pct = 100 * expm1(lo);
		o->decided_high_pct = 100 * expm1(hi);
		o->decided_level = 1 - cf->alpha;
		o->caveats |= 1u << KP_CAV_SINGLE_RUN;
		if (!(lo > up || hi < down)) {
			o->why = KP_WHY_GATE_SR_NOT_PAST;
			return KP_UNCERTAIN;
		}
		o->why = KP_WHY_GATE_SR_PAST;
	} else if (units2 && !sig) {
		o->why = KP_WHY_GATE_NOT_SIGNIFICANT;
		return KP_UNCERTAIN;
	} else
		o->why = units2 ? KP_WHY_GATE_SIGNIFICANT : KP_WHY_GATE_THRESHOLD_ONLY;
	o->severity = x->worse ? KP_RED : KP_GREEN;
	return x->worse ? KP_REGRESSION : KP_IMPROVEMENT;
}
