/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vocab.c: the words of the records, one table of names per enum of
 * rec.h; the rest of kp refers to the enums. */
#include <math.h>
#include <string.h>

#include "rec.h"

#define VOCAB(var, what, other, ...) \
	static const char *const var##_names[] = { __VA_ARGS__ }; \
	const kp_vocab var = { var##_names, (int)KP_LEN(var##_names), other, what }

VOCAB(kp_class_v, "a class", "other",
	[KP_REGRESSION] = "regression", [KP_IMPROVEMENT] = "improvement",
	[KP_NO_CHANGE] = "no-change", [KP_UNCERTAIN] = "uncertain");
VOCAB(kp_severity_v, "a severity", "other",
	[KP_RED] = "red", [KP_YELLOW] = "yellow", [KP_GREEN] = "green",
	[KP_SEV_NONE] = "none");
VOCAB(kp_level_v, "a level", NULL,
	[KP_LV_INSTANCE] = "instance", [KP_LV_RUN] = "run", [KP_LV_ITER] = "iter",
	[KP_LV_REP] = "rep", [KP_LV_SUB] = "sub");
VOCAB(kp_direction_v, "a direction", NULL,
	[KP_DIR_REGRESSION] = "regression", [KP_DIR_IMPROVEMENT] = "improvement");
VOCAB(kp_better_v, "\"higher\" or \"lower\"", NULL,
	[KP_HIGHER] = "higher", [KP_LOWER] = "lower");
VOCAB(kp_scope_v, "a scope", NULL,
	[KP_SCOPE_GROUP] = "group", [KP_SCOPE_HIST] = "hist",
	[KP_SCOPE_TEST] = "test", [KP_SCOPE_SUITE] = "suite",
	[KP_SCOPE_EXP] = "exp");
/* a method a later version adds is still a method: read as other */
VOCAB(kp_method_v, "a method", "other",
	[KP_M_MODERATED_T_LOG] = "moderated-t-log",
	[KP_M_SWEEP_EB_LOG] = "sweep-eb-log", [KP_M_WELCH_LOG] = "welch-log",
	[KP_M_WELCH] = "welch", [KP_M_MWU_EXACT] = "mwu-exact",
	[KP_M_MWU_NORMAL] = "mwu-normal", [KP_M_PAIRED_T_LOG] = "paired-t-log",
	[KP_M_MMTESTS_CIDIFF] = "mmtests-cidiff",
	[KP_M_HIST_BOUNDS] = "hist-bounds",
	[KP_M_WELCH_LOG_RUNS] = "welch-log-runs", [KP_M_NONE] = "none");
VOCAB(kp_sd_source_v, "a run_sd_source", NULL,
	[KP_SD_RERUNS] = "reruns", [KP_SD_HISTORY] = "history",
	[KP_SD_RULE] = "rule", [KP_SD_DEFAULT] = "default");
VOCAB(kp_need_unit_v, "\"runs\" or \"repetitions\"", NULL,
	[KP_NEED_RUNS] = "runs", [KP_NEED_REPS] = "repetitions");
/* a method of an older version (stouffer, sign) is still a method: read as other */
VOCAB(kp_combine_v, "a combination method", "other",
	[KP_COMB_FAMILY] = "family-test", [KP_COMB_SIMES] = "simes");
VOCAB(kp_ci_method_v, "an interval method", NULL,
	[KP_CI_ORDER_STATISTIC] = "order-statistic", [KP_CI_T] = "t",
	[KP_CI_NONE] = "none");
/* a rule or caveat a later version adds is still one: read as other */
VOCAB(kp_why_v, "a why", "other",
	[KP_WHY_TOO_FEW_SAMPLES] = "too-few-samples",
	[KP_WHY_SIGNIFICANT] = "significant",
	[KP_WHY_SMALL_EFFECT] = "small-effect",
	[KP_WHY_CHANGE_BELOW_MIN] = "change-below-min",
	[KP_WHY_CI_WITHIN_MIN] = "ci-within-min",
	[KP_WHY_CI_WIDE] = "ci-wide",
	[KP_WHY_SR_NO_CHANGE] = "single-run-no-change",
	[KP_WHY_SR_BEYOND_NOISE] = "single-run-beyond-noise",
	[KP_WHY_SR_WITHIN_MIN] = "single-run-within-min",
	[KP_WHY_SR_WIDE_SIGNIFICANT] = "single-run-wide-significant",
	[KP_WHY_SR_WIDE] = "single-run-wide",
	[KP_WHY_RESOLUTION_LIMITED] = "resolution-limited",
	[KP_WHY_GATE_WITHIN] = "gate-within",
	[KP_WHY_GATE_SIGNIFICANT] = "gate-significant",
	[KP_WHY_GATE_NOT_SIGNIFICANT] = "gate-not-significant",
	[KP_WHY_GATE_THRESHOLD_ONLY] = "gate-threshold-only",
	[KP_WHY_GATE_SR_PAST] = "gate-single-run-past",
	[KP_WHY_GATE_SR_NOT_PAST] = "gate-single-run-not-past");
VOCAB(kp_caveat_v, "a caveat", "other",
	[KP_CAV_SINGLE_RUN] = "single-run",
	[KP_CAV_THRESHOLD_ONLY] = "threshold-only",
	[KP_CAV_UNSTABLE] = "unstable",
	[KP_CAV_INTERFERENCE] = "interference",
	[KP_CAV_NOISE_ASSUMED] = "noise-assumed",
	[KP_CAV_CPU_IDLE] = "cpu-idle");
VOCAB(kp_side_v, "\"base\" or \"target\"", NULL,
	[KP_SIDE_BASE] = "base", [KP_SIDE_TARGET] = "target");
VOCAB(kp_cpu_cause_v, "a cpu_cause", "other",
	[KP_CAUSE_OTHER_TASKS] = "other-tasks", [KP_CAUSE_IDLE] = "idle-cpus",
	[KP_CAUSE_UNKNOWN] = "unknown");
VOCAB(kp_triage_v, "a triage status", NULL,
	[KP_TRIAGE_ACKNOWLEDGED] = "acknowledged", [KP_TRIAGE_INVALID] = "invalid",
	[KP_TRIAGE_FIXED_IN] = "fixed-in", [KP_TRIAGE_DOWNSTREAM] = "downstream");
VOCAB(kp_tstate_v, "a triage state", NULL,
	[KP_TSTATE_REPRODUCES] = "reproduces", [KP_TSTATE_FIXED] = "fixed",
	[KP_TSTATE_NOT_MEASURED] = "not-measured");
VOCAB(kp_ekind_v, "\"rate\" or \"level\"", NULL,
	[KP_EK_RATE] = "rate", [KP_EK_LEVEL] = "level");
VOCAB(kp_erank_v, "a ranking", NULL,
	[KP_ER_POOLED_SD] = "pooled-sd", [KP_ER_CHOSEN] = "chosen",
	[KP_ER_RELATIVE] = "relative");

const struct kp_quantile kp_quantiles[KP_NQ] = {
	[KP_Q50] = { "p50", 0.5 }, [KP_Q90] = { "p90", 0.9 },
	[KP_Q99] = { "p99", 0.99 }, [KP_Q999] = { "p999", 0.999 },
};

int
kp_vocab_find(const kp_vocab *v, const char *s, size_t len)
{
	int i;

	for (i = 0; i < v->n; i++)
		if (strncmp(v->name[i], s, len) == 0 && v->name[i][len] == '\0')
			return i;
	return -1;
}

const char *
kp_word(const kp_vocab *v, int i)
{
	if (i >= 0 && i < v->n)
		return v->name[i];
	return i == v->n ? v->other : NULL;
}

const char *
kp_vocab_list(const kp_vocab *v, char *buf, size_t sz)
{
	size_t off = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < v->n && off < sz; i++)
		off += (size_t)snprintf(buf + off, sz - off, "%s\"%s\"",
		    i == 0 ? "" : i == v->n - 1 ? " or " : ", ", v->name[i]);
	return buf;
}

int
kp_single_run(int level, long long n_base, long long n_target)
{
	return level != KP_LV_INSTANCE && level != KP_LV_RUN ? 1 :
	    n_base < 2 || n_target < 2;
}

int
kp_cmp_from_zero(const kp_cmp *c)
{
	return c->base_median == 0 && c->target_median != 0 &&
	    isfinite(c->target_median);
}

int
kp_cmp_single_run(const kp_cmp *c)
{
	if (c->single_run >= 0 && kp_has_get(&c->has, KP_CMP_SINGLE_RUN))
		return c->single_run;
	if (c->obs_level < 0 || !kp_has_get(&c->has, KP_CMP_OBS_LEVEL))
		return -1;
	return kp_single_run(c->obs_level,
	    kp_has_get(&c->has, KP_CMP_N_BASE) ? c->n_base : 2,
	    kp_has_get(&c->has, KP_CMP_N_TARGET) ? c->n_target : 2);
}
