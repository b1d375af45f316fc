/* SPDX-License-Identifier: GPL-2.0-or-later */
/* reason.c: the reason of a classified comparison, in the words of
 * kp-classify(1), rendered from the facts its record types.  The words
 * live here alone: kp-classify writes them into "reason" through this
 * function, and kp-render shows them through it, so that a change of
 * wording is made and tested in one place.  Nothing parses a reason. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "kp.h"
#include "rec.h"

typedef struct {	/* the text so far */
	char *buf;
	size_t sz, len;
} Out;

static void
put(Out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->len >= o->sz)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->len, o->sz - o->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

static int
has(const kp_cmp *c, int cav)
{
	return c->caveats >> cav & 1;
}

/* the run noise a one-run-a-side rule widened by: run-sd(8%,default) */
static int
runsd(Out *o, const kp_cmp *c)
{
	if (isnan(c->run_sd_pct) || c->run_sd_source < 0)
		return -1;
	put(o, "run-sd(%g%%,%s)", round(c->run_sd_pct * 10) / 10,
	    kp_word(&kp_sd_source_v, c->run_sd_source));
	return 0;
}

/* the rules of the default profile that decided on one run a side */
static int
single(Out *o, const kp_cmp *c, int why)
{
	double mc = c->min_change_pct;

	switch (why) {
	case KP_WHY_SR_NO_CHANGE:
		put(o, "single-run:no-change-to-widen;");
		break;
	case KP_WHY_SR_BEYOND_NOISE:
		put(o, "single-run:significant;change>run-noise;");
		break;
	case KP_WHY_SR_WITHIN_MIN:
		if (isnan(mc))
			return -1;
		put(o, "single-run:interval-with-run-noise-within-%g%%;", mc);
		break;
	default:	/* SR_WIDE, SR_WIDE_SIGNIFICANT */
		if (isnan(mc))
			return -1;
		put(o, "single-run:%s;interval-with-run-noise-beyond-%g%%;",
		    why == KP_WHY_SR_WIDE_SIGNIFICANT ? "significant" :
		    "not-significant", mc);
	}
	return runsd(o, c);
}

/* the rules of the gate profile, past the threshold or not */
static int
gate(Out *o, const kp_cmp *c, int why)
{
	double pct = c->gate_threshold_pct;
	const char *test;

	if (isnan(pct))
		return -1;
	switch (why) {
	case KP_WHY_GATE_WITHIN:
		put(o, "gate:%schange<=%g%%", has(c, KP_CAV_THRESHOLD_ONLY) ?
		    "threshold-only;" : "", pct);
		return 0;
	case KP_WHY_GATE_NOT_SIGNIFICANT:
		put(o, "gate:not-significant;change>%g%%", pct);
		return 0;
	case KP_WHY_GATE_SR_PAST:
	case KP_WHY_GATE_SR_NOT_PAST:
		if (isnan(c->decided_low_pct) || isnan(c->decided_high_pct) ||
		    isnan(c->run_sd_pct))
			return -1;
		/* the run sd as the rule used it, a fraction on log scale */
		put(o, "gate:single-run;interval(%+.0f%%..%+.0f%%)-%spast-%g%%"
		    "(run-sd-%.1f%%)", c->decided_low_pct, c->decided_high_pct,
		    why == KP_WHY_GATE_SR_PAST ? "" : "not-", pct,
		    100 * (c->run_sd_pct / 100));
		return 0;
	}
	test = why == KP_WHY_GATE_SIGNIFICANT ? "significant" : "threshold-only";
	if (kp_cmp_from_zero(c))
		put(o, "gate:%s;from-zero", test);
	else
		put(o, "gate:%s;change>%g%%", test, pct);
	return 0;
}

/* the rule that decided the class, why */
static int
rule(Out *o, const kp_cmp *c, int why)
{
	double mc = c->min_change_pct;

	switch (why) {
	case KP_WHY_TOO_FEW_SAMPLES:
		put(o, "%stoo-few-samples", has(c, KP_CAV_SINGLE_RUN) ?
		    "single-run:" : "");
		return 0;
	case KP_WHY_SR_NO_CHANGE:
	case KP_WHY_SR_BEYOND_NOISE:
	case KP_WHY_SR_WITHIN_MIN:
	case KP_WHY_SR_WIDE_SIGNIFICANT:
	case KP_WHY_SR_WIDE:
		return single(o, c, why);
	case KP_WHY_SMALL_EFFECT:
		if (isnan(c->min_effect))
			return -1;
		put(o, "significant;small-effect(g<%g)", c->min_effect);
		return 0;
	case KP_WHY_CI_WIDE:
		put(o, "not-significant;ci-wide");
		return 0;
	case KP_WHY_SIGNIFICANT:
	case KP_WHY_CHANGE_BELOW_MIN:
	case KP_WHY_CI_WITHIN_MIN:
		if (isnan(mc))
			return -1;
		put(o, why == KP_WHY_SIGNIFICANT ? "significant;change>%g%%" :
		    why == KP_WHY_CHANGE_BELOW_MIN ? "significant;change<%g%%" :
		    "not-significant;ci-within-%g%%", mc);
		return 0;
	case KP_WHY_GATE_WITHIN:
	case KP_WHY_GATE_SIGNIFICANT:
	case KP_WHY_GATE_NOT_SIGNIFICANT:
	case KP_WHY_GATE_THRESHOLD_ONLY:
	case KP_WHY_GATE_SR_PAST:
	case KP_WHY_GATE_SR_NOT_PAST:
		return gate(o, c, why);
	}
	return -1;	/* none, or a rule of a later version */
}

/* the CPU check: a starved side, and where its CPU went */
static void
starved(Out *o, const kp_cmp *c)
{
	int t = c->starved_side == KP_SIDE_TARGET;

	put(o, ";%s:%s-cpu-share-%.0f%%-of-%s;cpu-cause:%s",
	    c->interference == 1 ? "interference" : "cpu-idle",
	    t ? "target" : "baseline",
	    100 * (t ? c->cpu_share_ratio : 1 / c->cpu_share_ratio),
	    t ? "baseline" : "target", kp_word(&kp_cpu_cause_v, c->cpu_cause));
}

int
kp_cmp_reason(const kp_cmp *c, char *buf, size_t sz)
{
	Out o = { buf, sz, 0 };
	int why = c->why;

	if (sz)
		*buf = '\0';
	/* a class the bucketing cannot resolve: the rule it overruled */
	if (why == KP_WHY_RESOLUTION_LIMITED) {
		put(&o, "resolution-limited;");
		why = c->overruled;
	}
	if (why < 0 || rule(&o, c, why) < 0)
		return -1;
	if (has(c, KP_CAV_UNSTABLE)) {
		if (isnan(c->max_cv))
			return -1;
		put(&o, ";unstable(cv>%g%%)", 100 * c->max_cv);
	}
	if (c->starved_side >= 0) {
		if (isnan(c->cpu_share_ratio) || c->cpu_cause < 0)
			return -1;
		starved(&o, c);
	}
	return 0;
}
