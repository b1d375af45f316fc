/* SPDX-License-Identifier: GPL-2.0-or-later */
/* reason: kp_cmp_reason, the one place the words of kp-classify's reasons
 * are, from the typed facts of a cmp record: one row per rule and per
 * caveat it names, and the facts whose absence leaves a record's own
 * reason in place.  The other tests assert why and caveats, so a change
 * of wording fails here alone. */
#include <math.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "../tap.h"

#define N NAN
#define SR (1u << KP_CAV_SINGLE_RUN)
#define TO (1u << KP_CAV_THRESHOLD_ONLY)
#define UN (1u << KP_CAV_UNSTABLE)

static const struct row {
	int why, over;	/* why, overruled */
	unsigned cav;
	double mc, eff, cv, gate;	/* the settings the rule weighed */
	double sd;
	int src;	/* run_sd_pct, run_sd_source */
	double lo, hi;	/* decided interval */
	int side, intf, cause;	/* starved side, interference, cause */
	double ratio, base;	/* cpu_share_ratio, base_median */
	const char *want;	/* NULL: a fact is missing */
} rows[] = {
	{ KP_WHY_TOO_FEW_SAMPLES, -1, 0, N, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "too-few-samples" },
	{ KP_WHY_TOO_FEW_SAMPLES, -1, SR, N, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "single-run:too-few-samples" },
	{ KP_WHY_SIGNIFICANT, -1, 0, 2, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "significant;change>2%" },
	{ KP_WHY_SIGNIFICANT, -1, 0, N, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    NULL },
	{ KP_WHY_SMALL_EFFECT, -1, 0, N, 0.5, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "significant;small-effect(g<0.5)" },
	{ KP_WHY_SMALL_EFFECT, -1, 0, 2, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    NULL },
	{ KP_WHY_CHANGE_BELOW_MIN, -1, 0, 2.5, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "significant;change<2.5%" },
	{ KP_WHY_CI_WITHIN_MIN, -1, 0, 2, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "not-significant;ci-within-2%" },
	{ KP_WHY_CI_WIDE, -1, 0, N, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "not-significant;ci-wide" },
	{ KP_WHY_SR_NO_CHANGE, -1, SR, N, N, N, N, 8, KP_SD_DEFAULT, N, N, -1, 0, -1, N, 100,
	    "single-run:no-change-to-widen;run-sd(8%,default)" },
	{ KP_WHY_SR_BEYOND_NOISE, -1, SR, N, N, N, N, 7.5252, KP_SD_RERUNS, N, N, -1, 0, -1, N, 100,
	    "single-run:significant;change>run-noise;run-sd(7.5%,reruns)" },
	{ KP_WHY_SR_BEYOND_NOISE, -1, SR, N, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    NULL },
	{ KP_WHY_SR_WITHIN_MIN, -1, SR, 2, N, N, N, 26, KP_SD_RULE, N, N, -1, 0, -1, N, 100,
	    "single-run:interval-with-run-noise-within-2%;run-sd(26%,rule)" },
	{ KP_WHY_SR_WIDE_SIGNIFICANT, -1, SR, 2, N, N, N, 7.6, KP_SD_HISTORY, N, N, -1, 0, -1, N, 100,
	    "single-run:significant;interval-with-run-noise-beyond-2%;run-sd(7.6%,history)" },
	{ KP_WHY_SR_WIDE, -1, SR, 2, N, N, N, 8, KP_SD_DEFAULT, N, N, -1, 0, -1, N, 100,
	    "single-run:not-significant;interval-with-run-noise-beyond-2%;run-sd(8%,default)" },
	{ KP_WHY_GATE_WITHIN, -1, 0, N, N, N, 20, N, -1, N, N, -1, 0, -1, N, 100,
	    "gate:change<=20%" },
	{ KP_WHY_GATE_WITHIN, -1, TO, N, N, N, 0, N, -1, N, N, -1, 0, -1, N, 100,
	    "gate:threshold-only;change<=0%" },
	{ KP_WHY_GATE_WITHIN, -1, 0, N, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    NULL },
	{ KP_WHY_GATE_SIGNIFICANT, -1, 0, N, N, N, 20, N, -1, N, N, -1, 0, -1, N, 100,
	    "gate:significant;change>20%" },
	{ KP_WHY_GATE_THRESHOLD_ONLY, -1, TO, N, N, N, 10, N, -1, N, N, -1, 0, -1, N, 100,
	    "gate:threshold-only;change>10%" },
	{ KP_WHY_GATE_THRESHOLD_ONLY, -1, TO, N, N, N, 20, N, -1, N, N, -1, 0, -1, N, 0,
	    "gate:threshold-only;from-zero" },
	{ KP_WHY_GATE_NOT_SIGNIFICANT, -1, 0, N, N, N, 20, N, -1, N, N, -1, 0, -1, N, 100,
	    "gate:not-significant;change>20%" },
	{ KP_WHY_GATE_SR_PAST, -1, SR, N, N, N, 20, 8.04, KP_SD_RERUNS, -70.2, -43.4, -1, 0, -1, N, 100,
	    "gate:single-run;interval(-70%..-43%)-past-20%(run-sd-8.0%)" },
	{ KP_WHY_GATE_SR_NOT_PAST, -1, SR, N, N, N, 20, 26, KP_SD_RULE, -73.6, 90.9, -1, 0, -1, N, 100,
	    "gate:single-run;interval(-74%..+91%)-not-past-20%(run-sd-26.0%)" },
	{ KP_WHY_GATE_SR_NOT_PAST, -1, SR, N, N, N, 20, 26, KP_SD_RULE, N, N, -1, 0, -1, N, 100,
	    NULL },
	/* the rule the bucketing overruled, after its own word */
	{ KP_WHY_RESOLUTION_LIMITED, KP_WHY_SIGNIFICANT, 0, 2, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "resolution-limited;significant;change>2%" },
	{ KP_WHY_RESOLUTION_LIMITED, KP_WHY_GATE_THRESHOLD_ONLY, TO, N, N, N, 10, N, -1, N, N, -1, 0, -1, N, 100,
	    "resolution-limited;gate:threshold-only;change>10%" },
	{ KP_WHY_RESOLUTION_LIMITED, -1, 0, 2, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    NULL },
	/* the caveats that follow the rule */
	{ KP_WHY_SIGNIFICANT, -1, UN, 2, N, 0.2, N, N, -1, N, N, -1, 0, -1, N, 100,
	    "significant;change>2%;unstable(cv>20%)" },
	{ KP_WHY_SIGNIFICANT, -1, UN, 2, N, N, N, N, -1, N, N, -1, 0, -1, N, 100,
	    NULL },
	{ KP_WHY_SIGNIFICANT, -1, 0, 2, N, N, N, N, -1, N, N, KP_SIDE_TARGET, 1,
	    KP_CAUSE_UNKNOWN, 0.58, 100,
	    "significant;change>2%;interference:target-cpu-share-58%-of-baseline;cpu-cause:unknown" },
	{ KP_WHY_SIGNIFICANT, -1, 0, 2, N, N, N, N, -1, N, N, KP_SIDE_TARGET, 0,
	    KP_CAUSE_IDLE, 0.58, 100,
	    "significant;change>2%;cpu-idle:target-cpu-share-58%-of-baseline;cpu-cause:idle-cpus" },
	{ KP_WHY_GATE_WITHIN, -1, 0, N, N, N, 20, N, -1, N, N, KP_SIDE_BASE, 1,
	    KP_CAUSE_OTHER_TASKS, 1 / 0.76, 100,
	    "gate:change<=20%;interference:baseline-cpu-share-76%-of-target;cpu-cause:other-tasks" },
	{ KP_WHY_SIGNIFICANT, -1, 0, 2, N, N, N, N, -1, N, N, KP_SIDE_TARGET, 1,
	    KP_CAUSE_UNKNOWN, N, 100, NULL },
	/* no rule, or one of a later version: the record's own reason */
	{ -1, -1, 0, 2, N, N, N, N, -1, N, N, -1, 0, -1, N, 100, NULL },
	{ KP_NWHY, -1, 0, 2, N, N, N, N, -1, N, N, -1, 0, -1, N, 100, NULL },
};

int
main(void)
{
	char buf[320], name[64];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		kp_cmp c;

		memset(&c, 0, sizeof(c));
		c.why = r->why;
		c.overruled = r->over;
		c.caveats = r->cav;
		c.min_change_pct = r->mc;
		c.min_effect = r->eff;
		c.max_cv = r->cv;
		c.gate_threshold_pct = r->gate;
		c.run_sd_pct = r->sd;
		c.run_sd_source = r->src;
		c.decided_low_pct = r->lo;
		c.decided_high_pct = r->hi;
		c.starved_side = r->side;
		c.interference = r->intf;
		c.cpu_cause = r->cause;
		c.cpu_share_ratio = r->ratio;
		c.base_median = r->base;
		c.target_median = 50;
		rc = kp_cmp_reason(&c, buf, sizeof(buf));
		snprintf(name, sizeof(name), "row %zu: %s", i + 1,
		    r->want ? "its words" : "a fact missing: -1");
		if (r->want)
			is_str(rc == 0 ? buf : NULL, r->want, name);
		else
			ok(rc == -1, "%s", name);
	}
	/* a buffer too small is cut, never overrun */
	{
		kp_cmp c;
		char small[8];

		memset(&c, 0, sizeof(c));
		c.why = KP_WHY_CI_WIDE;
		c.overruled = c.starved_side = -1;
		ok(kp_cmp_reason(&c, small, sizeof(small)) == 0 &&
		    strcmp(small, "not-sig") == 0, "a small buffer: cut to its size");
	}
	return done_testing();
}
