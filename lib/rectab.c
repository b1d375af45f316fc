/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rectab.c: every field of every record of kp-records(5): its name, its
 * kind and where it lives in the record's struct, in the order of the
 * page.  The only place kp spells a field's name. */
#include <stddef.h>

#include "rec.h"

#define F(st, i, nm, memb, kind, flags) \
	[i] = { nm, sizeof(nm) - 1, kind, flags, offsetof(st, memb), NULL }
#define O(st, i, nm, memb, subtype, flags) \
	[i] = { nm, sizeof(nm) - 1, KP_F_OBJS, flags, offsetof(st, memb), NULL, &subtype }
#define E(st, i, nm, memb, vocab, flags) \
	[i] = { nm, sizeof(nm) - 1, KP_F_ENUM, flags, offsetof(st, memb), &vocab }
#define TYPE(var, st, nm, scopes, extra, fields) \
	const kp_rtype var = { nm, scopes, extra, sizeof(st), (int)KP_LEN(fields), fields }
/* a field added by schema version v (rec.h, KP_SCHEMA) */
#define V(st, i, nm, memb, kind, flags, v) \
	[i] = { nm, sizeof(nm) - 1, kind, flags, offsetof(st, memb), NULL, NULL, v }
#define N KP_FF_NULL
#define P KP_FF_POS

#define R(i, nm, memb, kind, flags) F(kp_run, KP_RUN_##i, nm, memb, kind, flags)
static const kp_field run_f[KP_RUN_NF] = {
	R(RUN, "run", run, KP_F_STR, 0),
	R(RUN_NAME, "run_name", run_name, KP_F_STR, N),
	R(ITER, "iter", iter, KP_F_INT, N),
	R(KERNEL, "kernel", kernel, KP_F_STR, 0),
	R(KERNEL_SHA, "kernel_sha", kernel_sha, KP_F_STR, N),
	R(UNAME, "uname", uname, KP_F_STR, N),
	R(HOST, "host", host, KP_F_STR, N),
	R(INSTANCE, "instance", instance, KP_F_STR, N),
	R(INSTANCE_TYPE, "instance_type", instance_type, KP_F_STR, N),
	R(ARCH, "arch", arch, KP_F_STR, N),
	R(CPU_MODEL, "cpu_model", cpu_model, KP_F_STR, N),
	R(CPUS, "cpus", cpus, KP_F_SCALAR, N),
	R(CPU_TOPOLOGY, "cpu_topology", cpu_topology, KP_F_STR, N),
	R(MEM_KB, "mem_kb", mem_kb, KP_F_SCALAR, N),
	R(OS, "os", os, KP_F_STR, N),
	R(CMDLINE, "cmdline", cmdline, KP_F_STR, N),
	R(TOOLCHAIN, "toolchain", toolchain, KP_F_STR, N),
	R(KCONFIG_HASH, "kconfig_hash", kconfig_hash, KP_F_STR, N),
	R(FRAMEWORK, "framework", framework, KP_F_STR, N),
	R(FRAMEWORK_VERSION, "framework_version", framework_version, KP_F_STR, N),
	R(START, "start", start, KP_F_SCALAR, N),
	R(FINISH, "finish", finish, KP_F_SCALAR, N),
	R(DMESG_WARNINGS, "dmesg_warnings", dmesg_warnings, KP_F_SCALAR, N),
	R(WARNINGS, "warnings", warnings, KP_F_STRS, N),
	R(FILES, "files", files, KP_F_PAIRS, N),
	R(DATE, "date", date, KP_F_STR, N),
	R(ENV, "env", env, KP_F_STR, N),
	R(SRC, "src", src, KP_F_STR, N),
	R(EXP, "exp", exp, KP_F_STR, N),
	R(KEY, "key", key, KP_F_STR, N),
};
TYPE(kp_run_t, kp_run, "run", 0, 1, run_f);

#define RS(i, nm, memb, kind, flags) F(kp_runstat, KP_RUNSTAT_##i, nm, memb, kind, flags)
static const kp_field runstat_f[KP_RUNSTAT_NF] = {
	RS(RUN, "run", run, KP_F_STR, 0),
	RS(ITER, "iter", iter, KP_F_INT, 0),
	RS(JOB, "job", job, KP_F_STR, 0),
	RS(SUITE, "suite", suite, KP_F_STR, 0),
	RS(PARAMS, "params", params, KP_F_STR, N),
	RS(BEGIN, "begin", begin, KP_F_INT, N),
	RS(END, "end", end, KP_F_INT, N),
	RS(RC, "rc", rc, KP_F_INT, N),
	RS(USER_S, "user_s", user_s, KP_F_NUM, N),
	RS(SYS_S, "sys_s", sys_s, KP_F_NUM, N),
	RS(ELAPSED_S, "elapsed_s", elapsed_s, KP_F_NUM, N),
	RS(VMSTAT, "vmstat", vmstat, KP_F_COUNTS, N),
	RS(VMSTAT_LEVEL, "vmstat_level", vmstat_level, KP_F_COUNTS, N),
	RS(SCHEDSTAT, "schedstat", schedstat, KP_F_COUNTS, N),
	RS(PARTIAL, "partial", partial, KP_F_BOOL, N),
	RS(EXP, "exp", exp, KP_F_STR, N),
	RS(KEY, "key", key, KP_F_STR, N),
};
TYPE(kp_runstat_t, kp_runstat, "runstat", 0, 0, runstat_f);

#define S(i, nm, memb, kind, flags) F(kp_sample, KP_SAMPLE_##i, nm, memb, kind, flags)
static const kp_field sample_f[KP_SAMPLE_NF] = {
	S(RUN, "run", run, KP_F_STR, 0),
	S(ITER, "iter", iter, KP_F_INT, 0),
	S(KERNEL, "kernel", kernel, KP_F_STR, 0),
	S(INSTANCE, "instance", instance, KP_F_STR, 0),
	S(JOB, "job", job, KP_F_STR, 0),
	S(SUITE, "suite", suite, KP_F_STR, 0),
	S(BENCH, "bench", bench, KP_F_STR, 0),
	S(TEST, "test", test, KP_F_STR, 0),
	S(OP, "op", op, KP_F_STR, 0),
	S(METRIC, "metric", metric, KP_F_STR, 0),
	S(UNIT, "unit", unit, KP_F_STR, 0),
	E(kp_sample, KP_SAMPLE_BETTER, "better", better, kp_better_v, 0),
	S(CONC, "conc", conc, KP_F_INT, P),
	S(REP, "rep", rep, KP_F_INT, P),
	S(SUB, "sub", sub, KP_F_INT, P),
	S(VALUE, "value", value, KP_F_NUM, 0),
	S(ITERATIONS, "iterations", iterations, KP_F_INT, N),
	S(SRC, "src", src, KP_F_STR, N),
	S(EXP, "exp", exp, KP_F_STR, N),
	S(KEY, "key", key, KP_F_STR, N),
	V(kp_sample, KP_SAMPLE_GROUP, "group", group, KP_F_STR, N, 2),
};
TYPE(kp_sample_t, kp_sample, "sample", 0, 0, sample_f);

#define H(i, nm, memb, kind, flags) F(kp_hist, KP_HIST_##i, nm, memb, kind, flags)
static const kp_field hist_f[KP_HIST_NF] = {
	H(RUN, "run", run, KP_F_STR, 0),
	H(KERNEL, "kernel", kernel, KP_F_STR, N),
	H(INSTANCE, "instance", instance, KP_F_STR, N),
	H(MAP, "map", map, KP_F_STR, 0),
	H(KEYS, "keys", keys, KP_F_STRS, 0),
	H(KIND, "kind", kind, KP_F_STR, N),
	H(UNIT, "unit", unit, KP_F_STR, N),
	H(BUCKETS, "buckets", buckets, KP_F_BUCKETS, 0),
	H(N, "n", n, KP_F_INT, N),
	H(SRC, "src", src, KP_F_STR, N),
};
TYPE(kp_hist_t, kp_hist, "hist", 0, 0, hist_f);

#define ST(i, nm, memb, kind, flags) F(kp_stat, KP_STAT_##i, nm, memb, kind, flags)
static const kp_field stat_f[KP_STAT_NF] = {
	E(kp_stat, KP_STAT_SCOPE, "scope", scope, kp_scope_v, 0),
	ST(EXP, "exp", exp, KP_F_STR, 0),
	ST(KEY, "key", key, KP_F_STR, 0),
	ST(KERNEL, "kernel", kernel, KP_F_STR, 0),
	ST(JOB, "job", job, KP_F_STR, 0),
	ST(SUITE, "suite", suite, KP_F_STR, 0),
	ST(BENCH, "bench", bench, KP_F_STR, 0),
	ST(TEST, "test", test, KP_F_STR, 0),
	ST(OP, "op", op, KP_F_STR, 0),
	ST(METRIC, "metric", metric, KP_F_STR, 0),
	ST(UNIT, "unit", unit, KP_F_STR, 0),
	E(kp_stat, KP_STAT_BETTER, "better", better, kp_better_v, 0),
	ST(CONC, "conc", conc, KP_F_INT, P),
	V(kp_stat, KP_STAT_GROUP, "group", group, KP_F_STR, N, 2),
	V(kp_stat, KP_STAT_SERIES_ID, "series_id", series_id, KP_F_STR, N, 2),
	ST(RUNS, "runs", runs, KP_F_STRS, 0),
	ST(INSTANCES, "instances", instances, KP_F_STRS, N),
	ST(N, "n", n, KP_F_INT, N),
	ST(N_DROPPED, "n_dropped", n_dropped, KP_F_INT, N),
	ST(N_INSTANCES, "n_instances", n_instances, KP_F_INT, N),
	ST(N_RUNS, "n_runs", n_runs, KP_F_INT, N),
	ST(N_ITERS, "n_iters", n_iters, KP_F_INT, N),
	ST(N_REPS, "n_reps", n_reps, KP_F_INT, N),
	ST(MEDIAN, "median", median, KP_F_NUM, N),
	ST(MEAN, "mean", mean, KP_F_NUM, N),
	ST(SD, "sd", sd, KP_F_NUM, N),
	ST(MAD, "mad", mad, KP_F_NUM, N),
	ST(MAD_SCALED, "mad_scaled", mad_scaled, KP_F_NUM, N),
	ST(CV, "cv", cv, KP_F_NUM, N),
	ST(MIN, "min", min, KP_F_NUM, N),
	ST(MAX, "max", max, KP_F_NUM, N),
	ST(Q1, "q1", q1, KP_F_NUM, N),
	ST(Q3, "q3", q3, KP_F_NUM, N),
	ST(GMEAN, "gmean", gmean, KP_F_NUM, N),
	ST(HMEAN, "hmean", hmean, KP_F_NUM, N),
	ST(CI_LOW, "ci_low", ci_low, KP_F_NUM, N),
	ST(CI_HIGH, "ci_high", ci_high, KP_F_NUM, N),
	E(kp_stat, KP_STAT_CI_METHOD, "ci_method", ci_method, kp_ci_method_v, N),
	ST(MULTIMODAL, "multimodal", multimodal, KP_F_BOOL, N),
	ST(PER_INSTANCE, "per_instance", per_instance, KP_F_INSTS, N),
	ST(OBS, "obs", obs, KP_F_OBS, 0),
};
TYPE(kp_stat_t, kp_stat, "stat", 1u << KP_SCOPE_GROUP, 0, stat_f);

#define RU(i, nm, memb, kind, flags) F(kp_rollup, KP_ROLLUP_##i, nm, memb, kind, flags)
static const kp_field rollup_f[KP_ROLLUP_NF] = {
	E(kp_rollup, KP_ROLLUP_SCOPE, "scope", scope, kp_scope_v, 0),
	RU(EXP, "exp", exp, KP_F_STR, 0),
	RU(KEY, "key", key, KP_F_STR, 0),
	RU(KERNEL, "kernel", kernel, KP_F_STR, 0),
	RU(JOB, "job", job, KP_F_STR, 0),
	RU(SUITE, "suite", suite, KP_F_STR, N),
	RU(BENCH, "bench", bench, KP_F_STR, N),
	RU(TEST, "test", test, KP_F_STR, N),
	RU(N_GROUPS, "n_groups", n_groups, KP_F_INT, 0),
	RU(N, "n", n, KP_F_INT, 0),
	RU(INCOMPLETE_GROUPS, "incomplete_groups", incomplete_groups, KP_F_INT, N),
	RU(MISSING_CONC, "missing_conc", missing_conc, KP_F_INTS, N),
	RU(CV_MEDIAN, "cv_median", cv_median, KP_F_NUM, N),
	RU(CV_MAX, "cv_max", cv_max, KP_F_NUM, N),
	RU(UNSTABLE_GROUPS, "unstable_groups", unstable_groups, KP_F_INT, N),
};
TYPE(kp_rollup_t, kp_rollup, "stat",
    1u << KP_SCOPE_TEST | 1u << KP_SCOPE_SUITE | 1u << KP_SCOPE_EXP, 0, rollup_f);

#define HS(i, nm, memb, kind, flags) F(kp_histstat, KP_HSTAT_##i, nm, memb, kind, flags)
#define HQ(k, nm) \
	[KP_HSTAT_Q + 3 * k] = { nm, sizeof(nm) - 1, KP_F_NUM, N, offsetof(kp_histstat, q[k][0]), NULL }, \
	[KP_HSTAT_Q + 3 * k + 1] = { nm "_lo", sizeof(nm) + 2, KP_F_NUM, N, offsetof(kp_histstat, q[k][1]), NULL }, \
	[KP_HSTAT_Q + 3 * k + 2] = { nm "_hi", sizeof(nm) + 2, KP_F_NUM, N, offsetof(kp_histstat, q[k][2]), NULL }
static const kp_field histstat_f[KP_HSTAT_NF] = {
	E(kp_histstat, KP_HSTAT_SCOPE, "scope", scope, kp_scope_v, 0),
	HS(RUN, "run", run, KP_F_STR, 0),
	HS(KERNEL, "kernel", kernel, KP_F_STR, N),
	HS(MAP, "map", map, KP_F_STR, 0),
	HS(KEYS, "keys", keys, KP_F_STRS, 0),
	HS(KIND, "kind", kind, KP_F_STR, N),
	HS(UNIT, "unit", unit, KP_F_STR, N),
	E(kp_histstat, KP_HSTAT_BETTER, "better", better, kp_better_v, 0),
	HS(TEST, "test", test, KP_F_STR, 0),
	HS(N, "n", n, KP_F_NUM, 0),
	HQ(KP_Q50, "p50"), HQ(KP_Q90, "p90"), HQ(KP_Q99, "p99"), HQ(KP_Q999, "p999"),
	HS(SRC, "src", src, KP_F_STR, N),
};
TYPE(kp_histstat_t, kp_histstat, "stat", 1u << KP_SCOPE_HIST, 0, histstat_f);

#define NO(i, nm, memb, kind, flags) F(kp_noise, KP_NOISE_##i, nm, memb, kind, flags)
static const kp_field noise_f[KP_NOISE_NF] = {
	NO(EXP, "exp", exp, KP_F_STR, N),
	NO(KEY, "key", key, KP_F_STR, 0),
	NO(KERNEL, "kernel", kernel, KP_F_STR, 0),
	NO(JOB, "job", job, KP_F_STR, 0),
	NO(SUITE, "suite", suite, KP_F_STR, 0),
	NO(BENCH, "bench", bench, KP_F_STR, 0),
	NO(TEST, "test", test, KP_F_STR, 0),
	NO(OP, "op", op, KP_F_STR, 0),
	NO(METRIC, "metric", metric, KP_F_STR, 0),
	NO(CONC, "conc", conc, KP_F_INT, P),
	NO(GROUP, "group", group, KP_F_STR, N),
	NO(SERIES_ID, "series_id", series_id, KP_F_STR, N),
	NO(N_RUNS, "n_runs", n_runs, KP_F_INT, N),
	NO(RUNS, "runs", runs, KP_F_STRS, N),
	NO(RUN_MEDIANS, "run_medians", run_medians, KP_F_NUMS, N),
	NO(SOURCE, "source", source, KP_F_STR, N),
	NO(FIRST, "first", first, KP_F_STR, N),
	NO(N_KERNELS, "n_kernels", n_kernels, KP_F_INT, N),
	E(kp_noise, KP_NOISE_LEVEL, "level", level, kp_level_v, N),
	NO(DF, "df", df, KP_F_INT, N),
	NO(RUN_SD_PCT, "run_sd_pct", run_sd_pct, KP_F_NUM, N),
	NO(INSTANCE_SD_PCT, "instance_sd_pct", instance_sd_pct, KP_F_NUM, N),
};
TYPE(kp_noise_t, kp_noise, "noise", 0, 0, noise_f);

#define C(i, nm, memb, kind, flags) F(kp_cmp, KP_CMP_##i, nm, memb, kind, flags)
#define CQ(at, nm, memb, q) \
	[at + q] = { nm, sizeof(nm) - 1, KP_F_NUM, N, offsetof(kp_cmp, memb[q]), NULL }
static const kp_field cmp_f[KP_CMP_NF] = {
	C(KEY, "key", key, KP_F_STR, 0),
	C(JOB, "job", job, KP_F_STR, 0),
	C(SUITE, "suite", suite, KP_F_STR, 0),
	C(BENCH, "bench", bench, KP_F_STR, 0),
	C(TEST, "test", test, KP_F_STR, 0),
	C(OP, "op", op, KP_F_STR, 0),
	C(METRIC, "metric", metric, KP_F_STR, 0),
	C(UNIT, "unit", unit, KP_F_STR, N),
	E(kp_cmp, KP_CMP_BETTER, "better", better, kp_better_v, N),
	C(CONC, "conc", conc, KP_F_INT, P),
	C(BASE_KERNEL, "base_kernel", base_kernel, KP_F_STR, 0),
	C(TARGET_KERNEL, "target_kernel", target_kernel, KP_F_STR, 0),
	C(BASE_EXP, "base_exp", base_exp, KP_F_STR, 0),
	C(TARGET_EXP, "target_exp", target_exp, KP_F_STR, 0),
	V(kp_cmp, KP_CMP_FAMILY, "family", family, KP_F_STR, N, 2),
	C(BASE_RUNS, "base_runs", base_runs, KP_F_STRS, 0),
	C(TARGET_RUNS, "target_runs", target_runs, KP_F_STRS, 0),
	V(kp_cmp, KP_CMP_BASE_GROUPS, "base_groups", base_groups, KP_F_STRS, N, 2),
	V(kp_cmp, KP_CMP_TARGET_GROUPS, "target_groups", target_groups, KP_F_STRS, N, 2),
	V(kp_cmp, KP_CMP_SERIES_ID, "series_id", series_id, KP_F_STR, N, 2),
	C(BASE_MULTIMODAL, "base_multimodal", base_multimodal, KP_F_BOOL, N),
	C(TARGET_MULTIMODAL, "target_multimodal", target_multimodal, KP_F_BOOL, N),
	E(kp_cmp, KP_CMP_OBS_LEVEL, "obs_level", obs_level, kp_level_v, N),
	C(SINGLE_RUN, "single_run", single_run, KP_F_BOOL, N),
	C(N_BASE, "n_base", n_base, KP_F_INT, 0),
	C(N_TARGET, "n_target", n_target, KP_F_INT, 0),
	C(BASE_MEDIAN, "base_median", base_median, KP_F_NUM, N),
	C(TARGET_MEDIAN, "target_median", target_median, KP_F_NUM, N),
	C(BASE_MEAN, "base_mean", base_mean, KP_F_NUM, N),
	C(TARGET_MEAN, "target_mean", target_mean, KP_F_NUM, N),
	C(BASE_CV, "base_cv", base_cv, KP_F_NUM, N),
	C(TARGET_CV, "target_cv", target_cv, KP_F_NUM, N),
	C(CHANGE_PCT, "change_pct", change_pct, KP_F_NUM, N),
	C(CHANGE_MEAN_PCT, "change_mean_pct", change_mean_pct, KP_F_NUM, N),
	C(CI_LOW_PCT, "ci_low_pct", ci_low_pct, KP_F_NUM, N),
	C(CI_HIGH_PCT, "ci_high_pct", ci_high_pct, KP_F_NUM, N),
	E(kp_cmp, KP_CMP_METHOD, "method", method, kp_method_v, N),
	C(P, "p", p, KP_F_NUM, N),
	C(Q, "q", q, KP_F_NUM, N),
	C(DF, "df", df, KP_F_NUM, N),
	C(PRIOR_DF, "prior_df", prior_df, KP_F_NUM, N),
	C(SHRINK, "shrink", shrink, KP_F_NUM, N),
	C(CIDIFF, "cidiff", cidiff, KP_F_NUM, N),
	C(HEDGES_G, "hedges_g", hedges_g, KP_F_NUM, N),
	C(CLIFFS_DELTA, "cliffs_delta", cliffs_delta, KP_F_NUM, N),
	C(WORSE, "worse", worse, KP_F_BOOL, N),
	C(FAMILY_CHANGE_PCT, "family_change_pct", family_change_pct, KP_F_NUM, N),
	C(FAMILY_P, "family_p", family_p, KP_F_NUM, N),
	C(FAMILY_Q, "family_q", family_q, KP_F_NUM, N),
	C(FAMILY_UNITS, "family_units", family_units, KP_F_INT, N),
	C(FAMILY_VS_SHIFT, "family_vs_shift", family_vs_shift, KP_F_BOOL, N),
	C(QUANTILE, "quantile", quantile, KP_F_STR, N),
	CQ(KP_CMP_BASE_Q, "base_p50", base_q, KP_Q50),
	CQ(KP_CMP_BASE_Q, "base_p90", base_q, KP_Q90),
	CQ(KP_CMP_BASE_Q, "base_p99", base_q, KP_Q99),
	CQ(KP_CMP_BASE_Q, "base_p999", base_q, KP_Q999),
	C(BASE_LO, "base_lo", base_lo, KP_F_NUM, N),
	C(BASE_HI, "base_hi", base_hi, KP_F_NUM, N),
	CQ(KP_CMP_TARGET_Q, "target_p50", target_q, KP_Q50),
	CQ(KP_CMP_TARGET_Q, "target_p90", target_q, KP_Q90),
	CQ(KP_CMP_TARGET_Q, "target_p99", target_q, KP_Q99),
	CQ(KP_CMP_TARGET_Q, "target_p999", target_q, KP_Q999),
	C(TARGET_LO, "target_lo", target_lo, KP_F_NUM, N),
	C(TARGET_HI, "target_hi", target_hi, KP_F_NUM, N),
	C(RESOLUTION_LIMITED, "resolution_limited", resolution_limited, KP_F_BOOL, N),
	E(kp_cmp, KP_CMP_CLASS, "class", class, kp_class_v, N),
	E(kp_cmp, KP_CMP_SEVERITY, "severity", severity, kp_severity_v, N),
	C(SCORE, "score", score, KP_F_NUM, N),
	C(REASON, "reason", reason, KP_F_STR, N),
	E(kp_cmp, KP_CMP_WHY, "why", why, kp_why_v, N),
	[KP_CMP_CAVEATS] = { "caveats", sizeof("caveats") - 1, KP_F_FLAGS, N,
	    offsetof(kp_cmp, caveats), &kp_caveat_v },
	C(NEED_N, "need_n", need_n, KP_F_INT, N),
	E(kp_cmp, KP_CMP_NEED_UNIT, "need_unit", need_unit, kp_need_unit_v, N),
	C(RUN_SD_PCT, "run_sd_pct", run_sd_pct, KP_F_NUM, N),
	E(kp_cmp, KP_CMP_RUN_SD_SOURCE, "run_sd_source", run_sd_source,
	    kp_sd_source_v, N),
	C(CPU_SHARE_BASE, "cpu_share_base", cpu_share_base, KP_F_NUM, N),
	C(CPU_SHARE_TARGET, "cpu_share_target", cpu_share_target, KP_F_NUM, N),
	C(CPU_SHARE_RATIO, "cpu_share_ratio", cpu_share_ratio, KP_F_NUM, N),
	C(INTERFERENCE, "interference", interference, KP_F_BOOL, N),
	C(UNSTABLE, "unstable", unstable, KP_F_BOOL, N),
	C(DECIDED_LOW_PCT, "decided_low_pct", decided_low_pct, KP_F_NUM, N),
	C(DECIDED_HIGH_PCT, "decided_high_pct", decided_high_pct, KP_F_NUM, N),
	C(DECIDED_LEVEL, "decided_level", decided_level, KP_F_NUM, N),
	C(RUN_SD_DF, "run_sd_df", run_sd_df, KP_F_NUM, N),
	C(RUN_SD_LEARNED_PCT, "run_sd_learned_pct", run_sd_learned_pct, KP_F_NUM, N),
	E(kp_cmp, KP_CMP_STARVED_SIDE, "starved_side", starved_side, kp_side_v, N),
	E(kp_cmp, KP_CMP_CPU_CAUSE, "cpu_cause", cpu_cause, kp_cpu_cause_v, N),
	C(OTHERS_SHARE_BASE, "others_share_base", others_share_base, KP_F_NUM, N),
	C(OTHERS_SHARE_TARGET, "others_share_target", others_share_target, KP_F_NUM, N),
	C(SUBSYSTEM, "subsystem", subsystem, KP_F_STRS, N),
	C(SIGNIFICANT, "significant", significant, KP_F_BOOL, N),
	C(MIN_CHANGE_PCT, "min_change_pct", min_change_pct, KP_F_NUM, N),
	C(MIN_EFFECT, "min_effect", min_effect, KP_F_NUM, N),
	C(MAX_CV, "max_cv", max_cv, KP_F_NUM, N),
	C(GATE_THRESHOLD_PCT, "gate_threshold_pct", gate_threshold_pct, KP_F_NUM, N),
	E(kp_cmp, KP_CMP_OVERRULED, "overruled", overruled, kp_why_v, N),
	C(SINCE, "since", since, KP_F_STR, N),
	C(SINCE_BEFORE, "since_before", since_before, KP_F_STR, N),
	C(STILL_IN, "still_in", still_in, KP_F_STR, N),
	C(FIXED_IN, "fixed_in", fixed_in, KP_F_STR, N),
	E(kp_cmp, KP_CMP_TRIAGE, "triage", triage, kp_triage_v, N),
	C(TRIAGE_LINK, "triage_link", triage_link, KP_F_STR, N),
	C(TRIAGE_NOTE, "triage_note", triage_note, KP_F_STR, N),
};
TYPE(kp_cmp_t, kp_cmp, "cmp", 0, 0, cmp_f);

#define SY(i, nm, memb, kind, flags) F(kp_sys, KP_SYS_##i, nm, memb, kind, flags)
static const kp_field sys_f[KP_SYS_NF] = {
	SY(SUITE, "suite", suite, KP_F_STR, 0),
	SY(BENCH, "bench", bench, KP_F_STR, 0),
	SY(TEST, "test", test, KP_F_STR, 0),
	SY(OP, "op", op, KP_F_STR, 0),
	SY(METRIC, "metric", metric, KP_F_STR, 0),
	SY(BASE_EXP, "base_exp", base_exp, KP_F_STR, 0),
	SY(TARGET_EXP, "target_exp", target_exp, KP_F_STR, 0),
	SY(UNIT, "unit", unit, KP_F_STR, N),
	E(kp_sys, KP_SYS_BETTER, "better", better, kp_better_v, N),
	SY(BASE_KERNEL, "base_kernel", base_kernel, KP_F_STR, 0),
	SY(TARGET_KERNEL, "target_kernel", target_kernel, KP_F_STR, 0),
	SY(FAMILY, "family", family, KP_F_STR, N),
	E(kp_sys, KP_SYS_DIRECTION, "direction", direction, kp_direction_v, 0),
	SY(LEVELS, "levels", levels, KP_F_INTS, 0),
	SY(AFFECTED, "affected", affected, KP_F_INTS, 0),
	SY(UNCERTAIN, "uncertain", uncertain, KP_F_INTS, N),
	SY(OPPOSITE, "opposite", opposite, KP_F_INTS, N),
	SY(MISSING, "missing", missing, KP_F_INTS, N),
	SY(N_LEVELS, "n_levels", n_levels, KP_F_INT, N),
	SY(N_AFFECTED, "n_affected", n_affected, KP_F_INT, N),
	SY(SEVERITY_COUNTS, "severity_counts", severity_counts, KP_F_SEVCOUNTS, N),
	SY(AVG_SCORE, "avg_score", avg_score, KP_F_NUM, N),
	SY(CHANGE_MIN_PCT, "change_min_pct", change_min_pct, KP_F_NUM, N),
	SY(CHANGE_MAX_PCT, "change_max_pct", change_max_pct, KP_F_NUM, N),
	SY(SYSTEMATIC, "systematic", systematic, KP_F_BOOL, N),
	SY(P_COMBINED, "p_combined", p_combined, KP_F_NUM, N),
	SY(Q_COMBINED, "q_combined", q_combined, KP_F_NUM, N),
	E(kp_sys, KP_SYS_COMBINE_METHOD, "combine_method", combine_method, kp_combine_v, N),
	SY(N_COMBINED, "n_combined", n_combined, KP_F_INT, N),
	SY(RANK, "rank", rank, KP_F_INT, N),
	E(kp_sys, KP_SYS_TRIAGE, "triage", triage, kp_triage_v, N),
	SY(TRIAGE_LINK, "triage_link", triage_link, KP_F_STR, N),
	SY(TRIAGE_NOTE, "triage_note", triage_note, KP_F_STR, N),
};
TYPE(kp_sys_t, kp_sys, "sys", 0, 0, sys_f);

#define SH(i, nm, memb, kind, flags) F(kp_shift, KP_SHIFT_##i, nm, memb, kind, flags)
static const kp_field shift_f[KP_SHIFT_NF] = {
	SH(BASE, "base", base, KP_F_STR, 0),
	SH(TARGET, "target", target, KP_F_STR, 0),
	SH(N_BASE, "n_base", n_base, KP_F_INT, 0),
	SH(N_TARGET, "n_target", n_target, KP_F_INT, 0),
	SH(N_FAMILIES, "n_families", n_families, KP_F_INT, 0),
	SH(N_CELLS, "n_cells", n_cells, KP_F_INT, 0),
	SH(SHIFT_PCT, "shift_pct", shift_pct, KP_F_NUM, N),
	SH(CI_LOW_PCT, "ci_low_pct", ci_low_pct, KP_F_NUM, N),
	SH(CI_HIGH_PCT, "ci_high_pct", ci_high_pct, KP_F_NUM, N),
	SH(P, "p", p, KP_F_NUM, N),
	SH(DF, "df", df, KP_F_NUM, N),
};
TYPE(kp_shift_t, kp_shift, "shift", 0, 0, shift_f);

#define A(i, nm, memb, kind, flags) F(kp_artifact_rec, KP_ARTIFACT_##i, nm, memb, kind, flags)
static const kp_field artifact_f[KP_ARTIFACT_NF] = {
	A(SOURCE, "source", source, KP_F_STR, 0),
	A(PATH, "path", path, KP_F_STR, 0),
	A(RUN, "run", run, KP_F_STR, N),
	A(SHA256, "sha256", sha256, KP_F_STR, 0),
	A(SIZE, "size", size, KP_F_INT, 0),
	A(OBJECT, "object", object, KP_F_STR, 0),
	A(STORE, "store", store, KP_F_STR, 0),
	A(FETCHED, "fetched", fetched, KP_F_INT, 0),
	A(STATUS, "status", status, KP_F_STR, 0),
	A(MTIME, "mtime", mtime, KP_F_INT, N),
	A(ETAG, "etag", etag, KP_F_STR, N),
	A(URL, "url", url, KP_F_STR, N),
	A(SOURCE_HASH, "source_hash", source_hash, KP_F_STR, N),
};
TYPE(kp_artifact_t, kp_artifact_rec, "artifact", 0, 0, artifact_f);

#define TP(i, nm, memb, kind, flags) F(kp_tpoint, KP_TPOINT_##i, nm, memb, kind, flags)
static const kp_field tpoint_f[KP_TPOINT_NF] = {
	TP(KERNEL, "kernel", kernel, KP_F_STR, 0),
	TP(CENTRE, "centre", centre, KP_F_NUM, 0),
	TP(CI_LOW, "ci_low", ci_low, KP_F_NUM, N),
	TP(CI_HIGH, "ci_high", ci_high, KP_F_NUM, N),
	TP(N, "n", n, KP_F_INT, 0),
};
static TYPE(tpoint_t, kp_tpoint, "", 0, 0, tpoint_f);

#define TC(i, nm, memb, kind, flags) F(kp_tchange, KP_TCHANGE_##i, nm, memb, kind, flags)
static const kp_field tchange_f[KP_TCHANGE_NF] = {
	TC(FIRST, "first", first, KP_F_STR, 0),
	TC(BEFORE, "before", before, KP_F_STR, 0),
	TC(SIZE_PCT, "size_pct", size_pct, KP_F_NUM, N),
	TC(SIZE_ABS, "size_abs", size_abs, KP_F_NUM, N),
	TC(CI_LOW_PCT, "ci_low_pct", ci_low_pct, KP_F_NUM, N),
	TC(CI_HIGH_PCT, "ci_high_pct", ci_high_pct, KP_F_NUM, N),
	TC(Z, "z", z, KP_F_NUM, N),
	TC(P, "p", p, KP_F_NUM, N),
	TC(WORSE, "worse", worse, KP_F_BOOL, 0),
	TC(FAMILY, "family", family, KP_F_BOOL, N),
	TC(PROVISIONAL, "provisional", provisional, KP_F_BOOL, N),
	TC(PERSISTS, "persists", persists, KP_F_BOOL, 0),
	TC(REVERTED_IN, "reverted_in", reverted_in, KP_F_STR, N),
};
static TYPE(tchange_t, kp_tchange, "", 0, 0, tchange_f);

#define TT(i, nm, memb, kind, flags) F(kp_ttransient, KP_TTRANS_##i, nm, memb, kind, flags)
static const kp_field ttrans_f[KP_TTRANS_NF] = {
	TT(KERNEL, "kernel", kernel, KP_F_STR, 0),
	TT(SIZE_PCT, "size_pct", size_pct, KP_F_NUM, N),
	TT(Z, "z", z, KP_F_NUM, N),
};
static TYPE(ttrans_t, kp_ttransient, "", 0, 0, ttrans_f);

#define TD(i, nm, memb, kind, flags) F(kp_tdrift, KP_TDRIFT_##i, nm, memb, kind, flags)
static const kp_field tdrift_f[KP_TDRIFT_NF] = {
	TD(FIRST, "first", first, KP_F_STR, 0),
	TD(LAST, "last", last, KP_F_STR, 0),
	TD(SIZE_PCT, "size_pct", size_pct, KP_F_NUM, N),
	TD(CI_LOW_PCT, "ci_low_pct", ci_low_pct, KP_F_NUM, N),
	TD(CI_HIGH_PCT, "ci_high_pct", ci_high_pct, KP_F_NUM, N),
	TD(SLOPE_PCT, "slope_pct", slope_pct, KP_F_NUM, N),
};
static TYPE(tdrift_t, kp_tdrift, "", 0, 0, tdrift_f);

#define T(i, nm, memb, kind, flags) F(kp_trend, KP_TREND_##i, nm, memb, kind, flags)
static const kp_field trend_f[KP_TREND_NF] = {
	T(KEY, "key", key, KP_F_STR, 0),
	T(JOB, "job", job, KP_F_STR, N),
	T(SUITE, "suite", suite, KP_F_STR, 0),
	T(BENCH, "bench", bench, KP_F_STR, 0),
	T(TEST, "test", test, KP_F_STR, 0),
	T(OP, "op", op, KP_F_STR, 0),
	T(METRIC, "metric", metric, KP_F_STR, 0),
	T(UNIT, "unit", unit, KP_F_STR, N),
	E(kp_trend, KP_TREND_BETTER, "better", better, kp_better_v, 0),
	T(CONC, "conc", conc, KP_F_INT, P),
	V(kp_trend, KP_TREND_SERIES_ID, "series_id", series_id, KP_F_STR, N, 2),
	E(kp_trend, KP_TREND_LEVEL, "level", level, kp_level_v, N),
	T(N_KERNELS, "n_kernels", n_kernels, KP_F_INT, N),
	T(NEWEST, "newest", newest, KP_F_STR, 0),
	T(UNIT_SD_PCT, "unit_sd_pct", unit_sd_pct, KP_F_NUM, N),
	T(KERNEL_SD_PCT, "kernel_sd_pct", kernel_sd_pct, KP_F_NUM, N),
	O(kp_trend, KP_TREND_SERIES, "series", series, tpoint_t, 0),
	O(kp_trend, KP_TREND_CHANGES, "changes", changes, tchange_t, 0),
	O(kp_trend, KP_TREND_TRANSIENTS, "transients", transients, ttrans_t, 0),
	O(kp_trend, KP_TREND_DRIFTS, "drifts", drifts, tdrift_t, 0),
};
TYPE(kp_trend_t, kp_trend, "trend", 0, 0, trend_f);

#define TG(i, nm, memb, kind, flags) F(kp_triage, KP_TRIAGE_##i, nm, memb, kind, flags)
static const kp_field triage_f[KP_TRIAGE_NF] = {
	TG(PATTERN, "pattern", pattern, KP_F_STR, 0),
	TG(CONC, "conc", conc, KP_F_INT, N | P),
	TG(SINCE, "since", since, KP_F_STR, N),
	E(kp_triage, KP_TRIAGE_STATUS, "status", status, kp_triage_v, 0),
	TG(FIXED_IN_F, "fixed_in", fixed_in, KP_F_STR, N),
	TG(LINK, "link", link, KP_F_STR, N),
	TG(NOTE, "note", note, KP_F_STR, N),
	TG(N_FINDINGS, "n_findings", n_findings, KP_F_INT, 0),
	TG(N_MEASURED, "n_measured", n_measured, KP_F_INT, 0),
	E(kp_triage, KP_TRIAGE_STATE, "state", state, kp_tstate_v, 0),
	TG(SEEN_FIXED_IN, "seen_fixed_in", seen_fixed_in, KP_F_STR, N),
};
TYPE(kp_triage_t, kp_triage, "triage", 0, 0, triage_f);

#define EC(i, nm, memb, kind, flags) F(kp_ectr, KP_ECTR_##i, nm, memb, kind, flags)
static const kp_field ectr_f[KP_ECTR_NF] = {
	EC(NAME, "name", name, KP_F_STR, 0),
	EC(SOURCE, "source", source, KP_F_STR, 0),
	E(kp_ectr, KP_ECTR_KIND, "kind", kind, kp_ekind_v, 0),
	EC(N_BASE, "n_base", n_base, KP_F_INT, 0),
	EC(N_TARGET, "n_target", n_target, KP_F_INT, 0),
	EC(BASE, "base", base, KP_F_NUM, N),
	EC(TARGET, "target", target, KP_F_NUM, N),
	EC(CHANGE_PCT, "change_pct", change_pct, KP_F_NUM, N),
	EC(BASE_SD, "base_sd", base_sd, KP_F_NUM, N),
	EC(TARGET_SD, "target_sd", target_sd, KP_F_NUM, N),
	EC(D, "d", d, KP_F_NUM, N),
};
static TYPE(ectr_t, kp_ectr, "", 0, 0, ectr_f);

#define EV(i, nm, memb, kind, flags) F(kp_evidence, KP_EV_##i, nm, memb, kind, flags)
static const kp_field evidence_f[KP_EV_NF] = {
	EV(BASE_EXP, "base_exp", base_exp, KP_F_STR, 0),
	EV(TARGET_EXP, "target_exp", target_exp, KP_F_STR, 0),
	EV(JOB, "job", job, KP_F_STR, N),
	EV(SUITE, "suite", suite, KP_F_STR, N),
	EV(BASE_KERNEL, "base_kernel", base_kernel, KP_F_STR, N),
	EV(TARGET_KERNEL, "target_kernel", target_kernel, KP_F_STR, N),
	EV(N_BASE, "n_base", n_base, KP_F_INT, 0),
	EV(N_TARGET, "n_target", n_target, KP_F_INT, 0),
	EV(MISSING, "missing", missing, KP_F_STRS, 0),
	EV(BASE_PARAMS, "base_params", base_params, KP_F_STR, N),
	EV(TARGET_PARAMS, "target_params", target_params, KP_F_STR, N),
	EV(BASE_USER_S, "base_user_s", base_user_s, KP_F_NUM, N),
	EV(TARGET_USER_S, "target_user_s", target_user_s, KP_F_NUM, N),
	EV(BASE_SYS_S, "base_sys_s", base_sys_s, KP_F_NUM, N),
	EV(TARGET_SYS_S, "target_sys_s", target_sys_s, KP_F_NUM, N),
	EV(BASE_ELAPSED_S, "base_elapsed_s", base_elapsed_s, KP_F_NUM, N),
	EV(TARGET_ELAPSED_S, "target_elapsed_s", target_elapsed_s, KP_F_NUM, N),
	EV(BASE_DMESG_WARNINGS, "base_dmesg_warnings", base_dmesg_warnings, KP_F_INT, N),
	EV(TARGET_DMESG_WARNINGS, "target_dmesg_warnings", target_dmesg_warnings, KP_F_INT, N),
	EV(BASE_DMESG_RUNS, "base_dmesg_runs", base_dmesg_runs, KP_F_INT, 0),
	EV(TARGET_DMESG_RUNS, "target_dmesg_runs", target_dmesg_runs, KP_F_INT, 0),
	EV(BASE_WARNINGS, "base_warnings", base_warnings, KP_F_STRS, N),
	EV(TARGET_WARNINGS, "target_warnings", target_warnings, KP_F_STRS, N),
	EV(NEW_WARNINGS, "new_warnings", new_warnings, KP_F_STRS, N),
	E(kp_evidence, KP_EV_RANK_BY, "rank_by", rank_by, kp_erank_v, N),
	EV(N_COUNTERS, "n_counters", n_counters, KP_F_INT, 0),
	O(kp_evidence, KP_EV_COUNTERS, "counters", counters, ectr_t, 0),
};
TYPE(kp_evidence_t, kp_evidence, "evidence", 0, 0, evidence_f);

#define CV(i, nm, memb, kind, flags) F(kp_cov, KP_COV_##i, nm, memb, kind, flags)
#define CV2(i, nm, memb, kind, flags) V(kp_cov, KP_COV_##i, nm, memb, kind, flags, 2)
#define K KP_FF_CNT
static const kp_field cov_f[KP_COV_NF] = {
	E(kp_cov, KP_COV_SCOPE, "scope", scope, kp_cov_scope_v, 0),
	E(kp_cov, KP_COV_KIND, "kind", kind, kp_cov_kind_v, 0),
	E(kp_cov, KP_COV_LEVEL, "level", level, kp_cov_level_v, 0),
	CV(NAME, "name", name, KP_F_STR, 0),
	CV2(SUITE, "suite", suite, KP_F_STR, N),
	CV2(BENCH, "bench", bench, KP_F_STR, N),
	CV2(TEST, "test", test, KP_F_STR, N),
	CV2(OP, "op", op, KP_F_STR, N),
	CV2(METRIC, "metric", metric, KP_F_STR, N),
	CV2(CONC, "conc", conc, KP_F_INT, N | P),
	CV(PLAN_F, "plan", plan, KP_F_STR, N),
	CV(JOB, "job", job, KP_F_STR, N),
	CV(INSTANCE, "instance", instance, KP_F_STR, N),
	CV(BASE, "base", base, KP_F_STR, N),
	CV(TARGET, "target", target, KP_F_STR, N),
	CV(EXPECTED, "expected", expected, KP_F_INT, N | K),
	CV(FOUND, "found", found, KP_F_INT, N | K),
	CV(ABSENT, "absent", absent, KP_F_STRS, N),
	CV(DIFFER, "differ", differ, KP_F_DIFFS, N),
	CV(RUNS, "runs", runs, KP_F_STRS, N),
	CV(LABEL, "label", label, KP_F_STR, N),
	CV(WHY, "why", why, KP_F_STR, N),
};
TYPE(kp_cov_t, kp_cov, "coverage", 0, 0, cov_f);

#define BI(i, nm, memb, kind, flags) F(kp_bisect, KP_BISECT_##i, nm, memb, kind, flags)
static const kp_field bisect_f[KP_BISECT_NF] = {
	BI(KEY, "key", key, KP_F_STR, 0),
	BI(SUITE, "suite", suite, KP_F_STR, 0),
	BI(BENCH, "bench", bench, KP_F_STR, 0),
	BI(TEST, "test", test, KP_F_STR, 0),
	BI(OP, "op", op, KP_F_STR, 0),
	BI(METRIC, "metric", metric, KP_F_STR, 0),
	BI(CONC, "conc", conc, KP_F_INT, P),
	BI(GOOD, "good", good, KP_F_STR, 0),
	BI(BAD, "bad", bad, KP_F_STR, 0),
	BI(GOOD_SHA, "good_sha", good_sha, KP_F_STR, N),
	BI(BAD_SHA, "bad_sha", bad_sha, KP_F_STR, N),
	BI(RANGE, "range", range, KP_F_STR, 0),
	BI(BETWEEN, "between", between, KP_F_STRS, 0),
	BI(SIZE_PCT, "size_pct", size_pct, KP_F_NUM, N),
	BI(THRESHOLD_PCT, "threshold_pct", threshold_pct, KP_F_NUM, 0),
	BI(SCRIPT, "script", script, KP_F_STR, 0),
};
TYPE(kp_bisect_t, kp_bisect, "bisect", 0, 0, bisect_f);

/* in the order of kp-records(5); stat's three tables share its section */
const kp_rtype *const kp_rtypes[] = { &kp_run_t, &kp_runstat_t,
	&kp_sample_t, &kp_stat_t, &kp_histstat_t, &kp_rollup_t, &kp_noise_t,
	&kp_trend_t, &kp_cmp_t, &kp_sys_t, &kp_evidence_t, &kp_shift_t,
	&kp_triage_t, &kp_bisect_t, &kp_cov_t, &kp_artifact_t, &kp_hist_t,
	NULL };
