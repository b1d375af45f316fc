/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rec.h: the records of kp-records(5) as C types.
 *
 * One struct per record type, its fields described once, in a table of
 * names, kinds and offsets (rectab.c), in the order of kp-records(5); one
 * generic reader and one generic writer walk the table (rec.c).  The
 * words the records use (class, severity, obs_level, ...) are enums, each
 * with one table of names (vocab.c).  A tool names a field by its enum
 * (KP_CMP_CLASS) and a word by its enum (KP_REGRESSION), never by
 * spelling it, as GNU datamash names its operations from one table.
 *
 * Every record struct begins with a kp_has: the fields present.
 *
 * Reading, kp_rec_read(): the fields asked for (want; NULL asks for all)
 * are decoded into the struct, which is zeroed first; the others are not
 * looked at, so a tool pays only for what it uses.  A field asked for
 * that is missing, or of another type, dies naming file:line:col, unless
 * the table marks it nullable (KP_FF_NULL): then missing and null both
 * read as the field's null (NULL, NAN, KP_NULL_INT, -1).  Strings and
 * arrays read are allocated; kp_rec_free() frees them.
 *
 * kp_rec_index() is the reader of the hot paths (tens of millions of
 * samples): in one pass over the members, the token of each field of the
 * table, nothing decoded.
 *
 * Writing, kp_rec_write(): {"type": ..., then every field whose has bit
 * is set, in table order}: the order of kp-records(5), so output is
 * stable.  kp_rec_members() writes the fields alone, into an object the
 * caller opened (a stage that appends fields to a record it copies).
 * Numbers that are not finite, NULL strings and KP_NULL_INT are null.
 */
#ifndef KP_REC_H
#define KP_REC_H

#include <stddef.h>
#include <stdint.h>

#include "kp.h"

/* ---- the vocabulary ---- */

/* the words of one field: name[0..n) for values 0..n-1; with other set,
 * a word not in the table reads as n (its name is other) instead of an
 * error */
typedef struct {
	const char *const *name;
	int n;
	const char *other;
	const char *what;	/* for messages: "a class" */
} kp_vocab;

/* the index of word s (len bytes), -1 when it is not one */
int kp_vocab_find(const kp_vocab *v, const char *s, size_t len);
/* the name of value i: name[i], other for n, NULL for anything else */
const char *kp_word(const kp_vocab *v, int i);
/* the words joined as "a, b or c", for messages */
const char *kp_vocab_list(const kp_vocab *v, char *buf, size_t sz);

/* cmp class: regression, improvement, no-change, uncertain */
enum kp_class { KP_REGRESSION, KP_IMPROVEMENT, KP_NO_CHANGE, KP_UNCERTAIN, KP_NCLASS };
/* cmp severity, worst first; KP_NSEV is any other word */
enum kp_severity { KP_RED, KP_YELLOW, KP_GREEN, KP_SEV_NONE, KP_NSEV };
/* the levels of replication, highest first: obs_level and stat obs */
enum kp_level { KP_LV_INSTANCE, KP_LV_RUN, KP_LV_ITER, KP_LV_REP, KP_LV_SUB, KP_NLV };
/* sys direction */
enum kp_direction { KP_DIR_REGRESSION, KP_DIR_IMPROVEMENT, KP_NDIR };
/* sample, stat, cmp better */
enum kp_better { KP_HIGHER, KP_LOWER, KP_NBETTER };
/* stat scope */
enum kp_scope { KP_SCOPE_GROUP, KP_SCOPE_HIST, KP_SCOPE_TEST, KP_SCOPE_SUITE,
	KP_SCOPE_EXP, KP_NSCOPE };
/* cmp method: the test that gave p */
enum kp_method { KP_M_MODERATED_T_LOG, KP_M_SWEEP_EB_LOG, KP_M_WELCH_LOG,
	KP_M_WELCH, KP_M_MWU_EXACT, KP_M_MWU_NORMAL, KP_M_PAIRED_T_LOG,
	KP_M_MMTESTS_CIDIFF, KP_M_HIST_BOUNDS, KP_M_WELCH_LOG_RUNS, KP_M_NONE,
	KP_NMETHOD };
/* cmp run_sd_source: where the run-to-run standard deviation came from */
enum kp_sd_source { KP_SD_RERUNS, KP_SD_HISTORY, KP_SD_RULE, KP_SD_DEFAULT,
	KP_NSD };
/* cmp need_unit: what more of would decide */
enum kp_need_unit { KP_NEED_RUNS, KP_NEED_REPS, KP_NNEED };
/* cmp why: the rule of kp-classify(1) that decided the class */
enum kp_why { KP_WHY_TOO_FEW_SAMPLES, KP_WHY_SIGNIFICANT, KP_WHY_SMALL_EFFECT,
	KP_WHY_CHANGE_BELOW_MIN, KP_WHY_CI_WITHIN_MIN, KP_WHY_CI_WIDE,
	KP_WHY_SR_NO_CHANGE, KP_WHY_SR_BEYOND_NOISE, KP_WHY_SR_WITHIN_MIN,
	KP_WHY_SR_WIDE_SIGNIFICANT, KP_WHY_SR_WIDE, KP_WHY_RESOLUTION_LIMITED,
	KP_WHY_GATE_WITHIN, KP_WHY_GATE_SIGNIFICANT, KP_WHY_GATE_NOT_SIGNIFICANT,
	KP_WHY_GATE_THRESHOLD_ONLY, KP_WHY_GATE_SR_PAST, KP_WHY_GATE_SR_NOT_PAST,
	KP_NWHY };
/* cmp caveats: what else kp-classify(1) weighed, a set (KP_F_FLAGS) */
enum kp_caveat { KP_CAV_SINGLE_RUN, KP_CAV_THRESHOLD_ONLY, KP_CAV_UNSTABLE,
	KP_CAV_INTERFERENCE, KP_CAV_NOISE_ASSUMED, KP_CAV_CPU_IDLE, KP_NCAV };
/* cmp starved_side: the side whose benchmark got the smaller CPU share */
enum kp_side { KP_SIDE_BASE, KP_SIDE_TARGET, KP_NSIDE };
/* cmp cpu_cause: where the starved side's CPU went, from its schedstat */
enum kp_cpu_cause { KP_CAUSE_OTHER_TASKS, KP_CAUSE_IDLE, KP_CAUSE_UNKNOWN,
	KP_NCAUSE };
/* sys combine_method: kp-compare's family-wide test, or Simes over levels */
enum kp_combine { KP_COMB_FAMILY, KP_COMB_SIMES, KP_NCOMBINE };
/* stat ci_method */
enum kp_ci_method { KP_CI_ORDER_STATISTIC, KP_CI_T, KP_CI_NONE, KP_NCI };

extern const kp_vocab kp_class_v, kp_severity_v, kp_level_v, kp_direction_v,
	kp_better_v, kp_scope_v, kp_method_v, kp_sd_source_v, kp_need_unit_v,
	kp_combine_v,
	kp_ci_method_v, kp_why_v, kp_caveat_v, kp_side_v, kp_cpu_cause_v;

/* One run a side: the comparison's units lie inside one run on at least
 * one side (obs_level iter, rep or sub, or fewer than two units), so its
 * test saw no run-to-run noise.  The one rule; kp-compare and kp-hist
 * write it as single_run. */
int kp_single_run(int level, long long n_base, long long n_target);

/* ---- ids (id.c) ---- */

/* 16 lowercase hex digits and a NUL */
#define KP_IDSZ 17
/* the group: one measurement of one experiment, the samples kp-stats
 * summarises in one stat record (exp, suite, bench, test, op, metric,
 * conc); a sample is matched to its stat record by this id */
void kp_group_id(char out[KP_IDSZ], const char *exp, const char *suite,
    const char *bench, const char *test, const char *op, const char *metric,
    long long conc);
/* the family: a measurement across its concurrency levels in one
 * baseline/target comparison (base_exp, target_exp, suite, bench, test,
 * op, metric), what kp-systematic summarises in one sys record */
void kp_family_id(char out[KP_IDSZ], const char *base_exp,
    const char *target_exp, const char *suite, const char *bench,
    const char *test, const char *op, const char *metric);

/* the series: one measurement of one comparison key across kernels
 * (key, suite, bench, test, op, metric, conc): what kp-trend follows and
 * what a baseline's stat is matched to a target's by; the key is the
 * comparison key, the identity less the kernel under test */
void kp_series_id(char out[KP_IDSZ], const char *key, const char *suite,
    const char *bench, const char *test, const char *op, const char *metric,
    long long conc);

/* ---- the pieces of records ---- */

/* the fields present; field f is bit f */
typedef struct {
	uint64_t bit[2];
} kp_has;

static inline void
kp_has_set(kp_has *h, int f)
{
	h->bit[f >> 6] |= (uint64_t)1 << (f & 63);
}

static inline void
kp_has_clear(kp_has *h, int f)
{
	h->bit[f >> 6] &= ~((uint64_t)1 << (f & 63));
}

static inline int
kp_has_get(const kp_has *h, int f)
{
	return (int)(h->bit[f >> 6] >> (f & 63)) & 1;
}

/* fields from..to, both included */
void kp_has_range(kp_has *h, int from, int to);
/* the fields listed, ending with -1 */
kp_has kp_has_of(int f, ...);

#define KP_NULL_INT INT64_MIN

typedef struct {
	char **v;
	size_t n;
} kp_strs;

typedef struct {
	double *v;
	size_t n;
} kp_nums;

typedef struct {
	long long *v;
	size_t n;
} kp_ints;

/* a scalar as its JSON type (enum kp_jtype) and text: a string decoded,
 * a number or literal as written; text NULL for null */
typedef struct {
	char *text;
	int type;
} kp_scalar;

/* any JSON value, as its text */
typedef struct {
	char *text;
	size_t len;
} kp_raw;

/* counter name to a change (runstat vmstat, schedstat) */
typedef struct {
	char **name;
	long long *v;
	size_t n;
} kp_counts;

/* an object of names and strings (run files) */
typedef struct {
	char **name, **val;
	size_t n;
} kp_pairs;

/* a member a record has and its table has not (run records: --meta) */
typedef struct {
	char *name;
	kp_scalar v;
} kp_extra;

/* stat per_instance */
typedef struct {
	char *instance;
	long long n;	/* KP_NULL_INT when missing */
	double median, mean;
	double huber;	/* schema 3; kp_rec_upgrade gives older records the median */
} kp_inst;

typedef struct {
	kp_inst *v;
	size_t n;
} kp_insts;

/* an array of objects of one table (KP_F_OBJS): n structs of that
 * table's size */
typedef struct {
	void *v;
	size_t n;
} kp_objs;

/* stat obs: the unit values at each level, enum kp_level */
typedef struct {
	kp_nums lv[KP_NLV];
} kp_obs;

/* hist bucket: [lo, hi), -INFINITY and INFINITY (null) for open ends */
typedef struct {
	double lo, hi;
	long long count;
} kp_bucket;

typedef struct {
	kp_bucket *v;
	size_t n;
} kp_buckets;

/* ---- the records ---- */

/* run: the numbers a --meta may set to a string are scalars */
enum { KP_RUN_RUN, KP_RUN_RUN_NAME, KP_RUN_ITER, KP_RUN_KERNEL,
	KP_RUN_KERNEL_SHA, KP_RUN_UNAME, KP_RUN_HOST, KP_RUN_INSTANCE,
	KP_RUN_INSTANCE_TYPE, KP_RUN_ARCH, KP_RUN_CPU_MODEL, KP_RUN_CPUS,
	KP_RUN_CPU_TOPOLOGY, KP_RUN_MEM_KB, KP_RUN_OS, KP_RUN_CMDLINE,
	KP_RUN_TOOLCHAIN, KP_RUN_KCONFIG_HASH, KP_RUN_FRAMEWORK,
	KP_RUN_FRAMEWORK_VERSION, KP_RUN_START, KP_RUN_FINISH,
	KP_RUN_DMESG_WARNINGS, KP_RUN_WARNINGS, KP_RUN_FILES, KP_RUN_DATE, KP_RUN_ENV,
	KP_RUN_SRC, KP_RUN_EXP, KP_RUN_KEY, KP_RUN_NF };
typedef struct {
	kp_has has;
	char *run, *run_name;
	long long iter;
	char *kernel, *kernel_sha, *uname, *host, *instance, *instance_type,
	    *arch, *cpu_model;
	kp_scalar cpus;
	char *cpu_topology;
	kp_scalar mem_kb;
	char *os, *cmdline, *toolchain, *kconfig_hash, *framework,
	    *framework_version;
	kp_scalar start, finish, dmesg_warnings;
	kp_strs warnings;	/* the first lines dmesg_warnings counted */
	kp_pairs files;
	char *date, *env, *src, *exp, *key;
	kp_extra *extra;	/* members not above, in record order */
	size_t nextra;
} kp_run;

enum { KP_RUNSTAT_RUN, KP_RUNSTAT_ITER, KP_RUNSTAT_JOB, KP_RUNSTAT_SUITE,
	KP_RUNSTAT_PARAMS, KP_RUNSTAT_BEGIN, KP_RUNSTAT_END, KP_RUNSTAT_RC,
	KP_RUNSTAT_USER_S, KP_RUNSTAT_SYS_S, KP_RUNSTAT_ELAPSED_S,
	KP_RUNSTAT_VMSTAT, KP_RUNSTAT_VMSTAT_LEVEL, KP_RUNSTAT_SCHEDSTAT,
	KP_RUNSTAT_PARTIAL,
	KP_RUNSTAT_EXP, KP_RUNSTAT_KEY, KP_RUNSTAT_NF };
typedef struct {
	kp_has has;
	char *run;
	long long iter;
	char *job, *suite, *params;
	long long begin, end, rc;
	double user_s, sys_s, elapsed_s;
	kp_counts vmstat, vmstat_level, schedstat;
	int partial;
	char *exp, *key;
} kp_runstat;

enum { KP_SAMPLE_RUN, KP_SAMPLE_ITER, KP_SAMPLE_KERNEL, KP_SAMPLE_INSTANCE,
	KP_SAMPLE_JOB, KP_SAMPLE_SUITE, KP_SAMPLE_BENCH, KP_SAMPLE_TEST,
	KP_SAMPLE_OP, KP_SAMPLE_METRIC, KP_SAMPLE_UNIT, KP_SAMPLE_BETTER,
	KP_SAMPLE_CONC, KP_SAMPLE_REP, KP_SAMPLE_SUB, KP_SAMPLE_VALUE,
	KP_SAMPLE_ITERATIONS, KP_SAMPLE_SRC, KP_SAMPLE_EXP, KP_SAMPLE_KEY,
	KP_SAMPLE_GROUP,	/* schema 2: kp-identify, kp_group_id */
	KP_SAMPLE_NF };
typedef struct {
	kp_has has;
	char *run;
	long long iter;
	char *kernel, *instance, *job, *suite, *bench, *test, *op, *metric, *unit;
	int better;	/* enum kp_better */
	long long conc, rep, sub;
	double value;
	long long iterations;
	char *src, *exp, *key;
	char *group;	/* NULL in a record of schema 1: kp_rec_upgrade() */
} kp_sample;

enum { KP_HIST_RUN, KP_HIST_KERNEL, KP_HIST_INSTANCE, KP_HIST_MAP,
	KP_HIST_KEYS, KP_HIST_KIND, KP_HIST_UNIT, KP_HIST_BUCKETS, KP_HIST_N,
	KP_HIST_SRC, KP_HIST_NF };
typedef struct {
	kp_has has;
	char *run, *kernel, *instance, *map;
	kp_strs keys;
	char *kind, *unit;
	kp_buckets buckets;
	long long n;
	char *src;
} kp_hist;

/* stat, scope group: one measurement of one experiment */
enum { KP_STAT_SCOPE, KP_STAT_EXP, KP_STAT_KEY, KP_STAT_KERNEL, KP_STAT_JOB,
	KP_STAT_SUITE, KP_STAT_BENCH, KP_STAT_TEST, KP_STAT_OP, KP_STAT_METRIC,
	KP_STAT_UNIT, KP_STAT_BETTER, KP_STAT_CONC, KP_STAT_GROUP, KP_STAT_SERIES_ID,
	KP_STAT_RUNS,
	KP_STAT_INSTANCES, KP_STAT_N, KP_STAT_N_DROPPED, KP_STAT_N_INSTANCES,
	KP_STAT_N_RUNS, KP_STAT_N_ITERS, KP_STAT_N_REPS, KP_STAT_MEDIAN,
	KP_STAT_MEAN, KP_STAT_SD, KP_STAT_MAD, KP_STAT_MAD_SCALED, KP_STAT_CV,
	KP_STAT_MIN, KP_STAT_MAX, KP_STAT_Q1, KP_STAT_Q3, KP_STAT_GMEAN,
	KP_STAT_HMEAN, KP_STAT_CI_LOW, KP_STAT_CI_HIGH, KP_STAT_CI_METHOD,
	KP_STAT_MULTIMODAL, KP_STAT_PER_INSTANCE, KP_STAT_OBS, KP_STAT_NF };
typedef struct {
	kp_has has;
	int scope;	/* enum kp_scope */
	char *exp, *key, *kernel, *job, *suite, *bench, *test, *op, *metric, *unit;
	int better;
	long long conc;
	char *group, *series_id;
	kp_strs runs, instances;
	long long n, n_dropped, n_instances, n_runs, n_iters, n_reps;
	double median, mean, sd, mad, mad_scaled, cv, min, max, q1, q3, gmean,
	    hmean, ci_low, ci_high;
	int ci_method;	/* enum kp_ci_method */
	int multimodal;
	kp_insts per_instance;
	kp_obs obs;
} kp_stat;

/* stat, scopes test, suite and exp: the roll-ups */
enum { KP_ROLLUP_SCOPE, KP_ROLLUP_EXP, KP_ROLLUP_KEY, KP_ROLLUP_KERNEL,
	KP_ROLLUP_JOB, KP_ROLLUP_SUITE, KP_ROLLUP_BENCH, KP_ROLLUP_TEST,
	KP_ROLLUP_N_GROUPS, KP_ROLLUP_N, KP_ROLLUP_INCOMPLETE_GROUPS,
	KP_ROLLUP_MISSING_CONC, KP_ROLLUP_CV_MEDIAN, KP_ROLLUP_CV_MAX,
	KP_ROLLUP_UNSTABLE_GROUPS, KP_ROLLUP_NF };
typedef struct {
	kp_has has;
	int scope;
	char *exp, *key, *kernel, *job, *suite, *bench, *test;
	long long n_groups, n, incomplete_groups;
	kp_ints missing_conc;
	double cv_median, cv_max;
	long long unstable_groups;
} kp_rollup;

/* the quantiles of a histogram, in the order of their fields */
enum { KP_Q50, KP_Q90, KP_Q99, KP_Q999, KP_NQ };
extern const struct kp_quantile {
	const char *name;	/* "p99" */
	double p;
} kp_quantiles[KP_NQ];

/* stat, scope hist: the quantiles of one histogram */
enum { KP_HSTAT_SCOPE, KP_HSTAT_RUN, KP_HSTAT_KERNEL, KP_HSTAT_MAP,
	KP_HSTAT_KEYS, KP_HSTAT_KIND, KP_HSTAT_UNIT, KP_HSTAT_BETTER,
	KP_HSTAT_TEST, KP_HSTAT_N,
	KP_HSTAT_Q,	/* p50, p50_lo, p50_hi, p90, ... p999_hi: KP_HSTAT_Q + 3 * q + 0, 1, 2 */
	KP_HSTAT_SRC = KP_HSTAT_Q + 3 * KP_NQ, KP_HSTAT_NF };
typedef struct {
	kp_has has;
	int scope;
	char *run, *kernel, *map;
	kp_strs keys;
	char *kind, *unit;
	int better;
	char *test;
	double n;
	double q[KP_NQ][3];	/* estimate, lo, hi */
	char *src;
} kp_histstat;

enum { KP_NOISE_EXP, KP_NOISE_KEY, KP_NOISE_KERNEL, KP_NOISE_JOB,
	KP_NOISE_SUITE, KP_NOISE_BENCH, KP_NOISE_TEST, KP_NOISE_OP,
	KP_NOISE_METRIC, KP_NOISE_CONC, KP_NOISE_GROUP, KP_NOISE_SERIES_ID,
	KP_NOISE_N_RUNS,
	KP_NOISE_RUNS, KP_NOISE_RUN_MEDIANS, KP_NOISE_SOURCE,
	/* learned from a series' history (kp-trend) */
	KP_NOISE_FIRST, KP_NOISE_N_KERNELS, KP_NOISE_LEVEL,
	/* both */
	KP_NOISE_DF, KP_NOISE_RUN_SD_PCT, KP_NOISE_INSTANCE_SD_PCT, KP_NOISE_NF };
/* noise: from reruns of one kernel (kp-stats: exp, group, n_runs, runs,
 * run_medians, source "reruns") or from the history of a series (kp-trend:
 * source "history", first, n_kernels, level); both give run_sd_pct, the
 * standard deviation of one run's centre, and its df */
typedef struct {
	kp_has has;
	char *exp, *key, *kernel, *job, *suite, *bench, *test, *op, *metric;
	long long conc;
	char *group, *series_id;
	long long n_runs;
	kp_strs runs;
	kp_nums run_medians;
	char *source, *first;
	long long n_kernels;
	int level;	/* enum kp_level */
	long long df;
	double run_sd_pct, instance_sd_pct;
} kp_noise;

/* cmp: kp-compare's (and kp-hist's) fields, kp-hist's own, then those
 * kp-classify appends */
enum { KP_CMP_KEY, KP_CMP_JOB, KP_CMP_SUITE, KP_CMP_BENCH, KP_CMP_TEST,
	KP_CMP_OP, KP_CMP_METRIC, KP_CMP_UNIT, KP_CMP_BETTER, KP_CMP_CONC,
	KP_CMP_BASE_KERNEL, KP_CMP_TARGET_KERNEL, KP_CMP_BASE_EXP,
	KP_CMP_TARGET_EXP, KP_CMP_FAMILY, KP_CMP_BASE_RUNS, KP_CMP_TARGET_RUNS,
	KP_CMP_BASE_GROUPS, KP_CMP_TARGET_GROUPS, KP_CMP_SERIES_ID,
	KP_CMP_BASE_MULTIMODAL, KP_CMP_TARGET_MULTIMODAL, KP_CMP_OBS_LEVEL,
	KP_CMP_SINGLE_RUN, KP_CMP_N_BASE, KP_CMP_N_TARGET, KP_CMP_BASE_MEDIAN,
	KP_CMP_TARGET_MEDIAN, KP_CMP_BASE_MEAN, KP_CMP_TARGET_MEAN,
	KP_CMP_BASE_CV, KP_CMP_TARGET_CV, KP_CMP_CHANGE_PCT,
	KP_CMP_CHANGE_MEAN_PCT, KP_CMP_CI_LOW_PCT, KP_CMP_CI_HIGH_PCT,
	KP_CMP_METHOD, KP_CMP_P, KP_CMP_Q, KP_CMP_DF, KP_CMP_PRIOR_DF,
	KP_CMP_SHRINK, KP_CMP_CIDIFF, KP_CMP_HEDGES_G, KP_CMP_CLIFFS_DELTA,
	KP_CMP_WORSE,
	/* the family-wide test, instances as units (kp-compare) */
	KP_CMP_FAMILY_CHANGE_PCT, KP_CMP_FAMILY_P, KP_CMP_FAMILY_Q,
	KP_CMP_FAMILY_UNITS, KP_CMP_FAMILY_VS_SHIFT,
	/* kp-hist */
	KP_CMP_QUANTILE,
	KP_CMP_BASE_Q,	/* base_p50 ... base_p999: KP_CMP_BASE_Q + q */
	KP_CMP_BASE_LO = KP_CMP_BASE_Q + KP_NQ, KP_CMP_BASE_HI,
	KP_CMP_TARGET_Q,	/* target_p50 ... target_p999 */
	KP_CMP_TARGET_LO = KP_CMP_TARGET_Q + KP_NQ, KP_CMP_TARGET_HI,
	KP_CMP_RESOLUTION_LIMITED,
	/* kp-classify */
	KP_CMP_CLASS, KP_CMP_SEVERITY, KP_CMP_SCORE, KP_CMP_REASON,
	KP_CMP_WHY, KP_CMP_CAVEATS, KP_CMP_NEED_N, KP_CMP_NEED_UNIT, KP_CMP_RUN_SD_PCT, KP_CMP_RUN_SD_SOURCE,
	KP_CMP_CPU_SHARE_BASE, KP_CMP_CPU_SHARE_TARGET, KP_CMP_CPU_SHARE_RATIO,
	KP_CMP_INTERFERENCE, KP_CMP_UNSTABLE,
	KP_CMP_DECIDED_LOW_PCT, KP_CMP_DECIDED_HIGH_PCT, KP_CMP_DECIDED_LEVEL,
	KP_CMP_RUN_SD_DF, KP_CMP_RUN_SD_LEARNED_PCT, KP_CMP_STARVED_SIDE,
	KP_CMP_CPU_CAUSE, KP_CMP_OTHERS_SHARE_BASE, KP_CMP_OTHERS_SHARE_TARGET,
	KP_CMP_SUBSYSTEM,	/* kp-classify, from the map of kp-subsystems(5) */
	/* kp-classify: the facts its reason states (kp_cmp_reason) */
	KP_CMP_SIGNIFICANT, KP_CMP_MIN_CHANGE_PCT, KP_CMP_MIN_EFFECT,
	KP_CMP_MAX_CV, KP_CMP_GATE_THRESHOLD_PCT, KP_CMP_OVERRULED,
	/* kp-triage */
	KP_CMP_SINCE, KP_CMP_SINCE_BEFORE, KP_CMP_STILL_IN, KP_CMP_FIXED_IN,
	KP_CMP_TRIAGE, KP_CMP_TRIAGE_LINK, KP_CMP_TRIAGE_NOTE, KP_CMP_NF };
typedef struct {
	kp_has has;
	char *key, *job, *suite, *bench, *test, *op, *metric, *unit;
	int better;
	long long conc;
	char *base_kernel, *target_kernel, *base_exp, *target_exp, *family;
	char *series_id;	/* kp_series_id; NULL on older records */
	kp_strs base_runs, target_runs, base_groups, target_groups;
	/* kp-stats' multimodal on a side's groups, copied so that no later
	 * stage needs the stat records for it: 1, 0, -1 null (unknown) */
	int base_multimodal, target_multimodal;
	int obs_level;	/* enum kp_level */
	int single_run;	/* -1 when missing */
	long long n_base, n_target;
	double base_median, target_median, base_mean, target_mean, base_cv,
	    target_cv, change_pct, change_mean_pct, ci_low_pct, ci_high_pct;
	int method;	/* enum kp_method */
	double p, q, df, prior_df, shrink, cidiff, hedges_g, cliffs_delta;
	int worse;	/* 1, 0, -1 null */
	double family_change_pct, family_p, family_q;
	long long family_units;
	int family_vs_shift;	/* -1 null */
	char *quantile;
	double base_q[KP_NQ], base_lo, base_hi, target_q[KP_NQ], target_lo,
	    target_hi;
	int resolution_limited;
	int class;	/* enum kp_class, -1 unclassified */
	int severity;	/* enum kp_severity */
	double score;
	char *reason;	/* for people: no stage parses it */
	int why;	/* enum kp_why, -1 null */
	unsigned caveats;	/* bits of enum kp_caveat */
	long long need_n;
	int need_unit;	/* enum kp_need_unit, -1 null */
	double run_sd_pct;
	int run_sd_source;	/* enum kp_sd_source, -1 null */
	double cpu_share_base, cpu_share_target, cpu_share_ratio;
	int interference, unstable;
	/* the interval the class was decided on, and its confidence */
	double decided_low_pct, decided_high_pct, decided_level;
	/* the run sd's degrees of freedom (null: taken as known) and the
	 * sd learned before it was moderated toward the configured one */
	double run_sd_df, run_sd_learned_pct;
	int starved_side;	/* enum kp_side, -1 null */
	int cpu_cause;	/* enum kp_cpu_cause, -1 null */
	double others_share_base, others_share_target;
	kp_strs subsystem;	/* MAINTAINERS titles; n 0: unmapped */
	int significant;	/* q below kp-classify's alpha; -1 null: no test */
	/* the settings the deciding rule and caveats weighed; NAN: none */
	double min_change_pct, min_effect, max_cv, gate_threshold_pct;
	int overruled;	/* enum kp_why the resolution-limited rule overruled */
	char *since, *since_before, *still_in, *fixed_in;
	int triage;	/* enum KP_TRIAGE_*, -1 null */
	char *triage_link, *triage_note;
} kp_cmp;

enum { KP_SYS_SUITE, KP_SYS_BENCH, KP_SYS_TEST, KP_SYS_OP, KP_SYS_METRIC,
	KP_SYS_BASE_EXP, KP_SYS_TARGET_EXP, KP_SYS_UNIT, KP_SYS_BETTER,
	KP_SYS_BASE_KERNEL, KP_SYS_TARGET_KERNEL, KP_SYS_FAMILY,
	KP_SYS_DIRECTION, KP_SYS_LEVELS, KP_SYS_AFFECTED, KP_SYS_UNCERTAIN,
	KP_SYS_OPPOSITE, KP_SYS_MISSING, KP_SYS_N_LEVELS, KP_SYS_N_AFFECTED,
	KP_SYS_SEVERITY_COUNTS, KP_SYS_AVG_SCORE, KP_SYS_CHANGE_MIN_PCT,
	KP_SYS_CHANGE_MAX_PCT, KP_SYS_SYSTEMATIC, KP_SYS_P_COMBINED,
	KP_SYS_Q_COMBINED, KP_SYS_COMBINE_METHOD, KP_SYS_N_COMBINED,
	KP_SYS_RANK, KP_SYS_TRIAGE, KP_SYS_TRIAGE_LINK, KP_SYS_TRIAGE_NOTE,
	KP_SYS_NF };
typedef struct {
	kp_has has;
	char *suite, *bench, *test, *op, *metric, *base_exp, *target_exp, *unit;
	int better;
	char *base_kernel, *target_kernel, *family;
	int direction;	/* enum kp_direction */
	kp_ints levels, affected, uncertain, opposite, missing;
	long long n_levels, n_affected;
	long long severity_counts[KP_NSEV + 1];	/* by severity; [KP_NSEV] other */
	double avg_score, change_min_pct, change_max_pct;
	int systematic;
	double p_combined, q_combined;
	int combine_method;	/* enum kp_combine */
	long long n_combined, rank;
	int triage;	/* enum KP_TRIAGE_*, -1 null */
	char *triage_link, *triage_note;
} kp_sys;

/* shift (kp-compare): the change a pair's instances share across all its
 * families, instances as units */
enum { KP_SHIFT_BASE, KP_SHIFT_TARGET, KP_SHIFT_N_BASE, KP_SHIFT_N_TARGET,
	KP_SHIFT_N_FAMILIES, KP_SHIFT_N_CELLS, KP_SHIFT_SHIFT_PCT,
	KP_SHIFT_CI_LOW_PCT, KP_SHIFT_CI_HIGH_PCT, KP_SHIFT_P, KP_SHIFT_DF,
	KP_SHIFT_NF };
typedef struct {
	kp_has has;
	char *base, *target;
	long long n_base, n_target, n_families, n_cells;
	double shift_pct, ci_low_pct, ci_high_pct, p, df;
} kp_shift;

enum { KP_ARTIFACT_SOURCE, KP_ARTIFACT_PATH, KP_ARTIFACT_RUN,
	KP_ARTIFACT_SHA256, KP_ARTIFACT_SIZE, KP_ARTIFACT_OBJECT,
	KP_ARTIFACT_STORE, KP_ARTIFACT_FETCHED, KP_ARTIFACT_STATUS,
	KP_ARTIFACT_MTIME, KP_ARTIFACT_ETAG, KP_ARTIFACT_URL, KP_ARTIFACT_SOURCE_HASH,
	KP_ARTIFACT_NF };
typedef struct {
	kp_has has;
	char *source, *path, *run, *sha256;
	long long size;
	char *object, *store;
	long long fetched;
	char *status;	/* "new" or "present" */
	long long mtime;
	char *etag, *url;
	char *source_hash;	/* a signed source's keyed hash, or NULL */
} kp_artifact_rec;

/* one run a side for a cmp record read: its single_run, or for a record
 * written before there was one, kp_single_run of its obs_level and of
 * the counts read (a count not read is no evidence of one run); -1 when
 * it has neither */
int kp_cmp_single_run(const kp_cmp *c);
/* a move from a zero baseline (kp(7), ZERO BASELINES): the baseline's
 * centre is 0 and the target's a number that is not, so change_pct is
 * null while worse still says the direction */
int kp_cmp_from_zero(const kp_cmp *c);
/* reason.c: the reason of a classified cmp record, the one place its
 * words are: rendered from the typed facts kp-classify(1) writes (why,
 * caveats, overruled, the settings its rule weighed, the run noise and
 * the CPU shares) into buf.  -1 when a fact it needs is missing, as on a
 * record written before they were typed: show the record's reason. */
int kp_cmp_reason(const kp_cmp *c, char *buf, size_t sz);

/* trend (kp-trend): a series across kernels; its members series,
 * changes, transients and drifts are arrays of the structs below */
enum { KP_TPOINT_KERNEL, KP_TPOINT_CENTRE, KP_TPOINT_CI_LOW, KP_TPOINT_CI_HIGH,
	KP_TPOINT_N, KP_TPOINT_NF };
typedef struct {
	kp_has has;
	char *kernel;
	double centre, ci_low, ci_high;
	long long n;
} kp_tpoint;

enum { KP_TCHANGE_FIRST, KP_TCHANGE_BEFORE, KP_TCHANGE_SIZE_PCT,
	KP_TCHANGE_SIZE_ABS, KP_TCHANGE_CI_LOW_PCT, KP_TCHANGE_CI_HIGH_PCT, KP_TCHANGE_Z, KP_TCHANGE_P,
	KP_TCHANGE_WORSE, KP_TCHANGE_FAMILY, KP_TCHANGE_PROVISIONAL,
	KP_TCHANGE_PERSISTS, KP_TCHANGE_REVERTED_IN, KP_TCHANGE_NF };
typedef struct {
	kp_has has;
	char *first, *before;
	double size_pct;	/* NaN (null) from a zero level: kp(7) */
	double size_abs;	/* in the unit */
	double ci_low_pct, ci_high_pct, z, p;
	int worse, family, provisional, persists;
	char *reverted_in;	/* NULL: persists */
} kp_tchange;

enum { KP_TTRANS_KERNEL, KP_TTRANS_SIZE_PCT, KP_TTRANS_Z, KP_TTRANS_NF };
typedef struct {
	kp_has has;
	char *kernel;
	double size_pct, z;
} kp_ttransient;

enum { KP_TDRIFT_FIRST, KP_TDRIFT_LAST, KP_TDRIFT_SIZE_PCT,
	KP_TDRIFT_CI_LOW_PCT, KP_TDRIFT_CI_HIGH_PCT, KP_TDRIFT_SLOPE_PCT,
	KP_TDRIFT_NF };
typedef struct {
	kp_has has;
	char *first, *last;
	double size_pct, ci_low_pct, ci_high_pct, slope_pct;
} kp_tdrift;

enum { KP_TREND_KEY, KP_TREND_JOB, KP_TREND_SUITE, KP_TREND_BENCH,
	KP_TREND_TEST, KP_TREND_OP, KP_TREND_METRIC, KP_TREND_UNIT,
	KP_TREND_BETTER, KP_TREND_CONC,
	KP_TREND_SERIES_ID,	/* schema 2: kp_series_id */
	KP_TREND_LEVEL, KP_TREND_N_KERNELS,
	KP_TREND_NEWEST, KP_TREND_UNIT_SD_PCT, KP_TREND_KERNEL_SD_PCT,
	KP_TREND_SERIES, KP_TREND_CHANGES, KP_TREND_TRANSIENTS, KP_TREND_DRIFTS,
	KP_TREND_NF };
typedef struct {
	kp_has has;
	char *key, *job, *suite, *bench, *test, *op, *metric, *unit;
	int better;
	long long conc;
	char *series_id;	/* NULL in a record of schema 1: kp_rec_upgrade() */
	int level;	/* enum kp_level */
	long long n_kernels;
	char *newest;
	double unit_sd_pct, kernel_sd_pct;
	kp_objs series;	/* kp_tpoint */
	kp_objs changes;	/* kp_tchange */
	kp_objs transients;	/* kp_ttransient */
	kp_objs drifts;	/* kp_tdrift */
} kp_trend;

/* triage (kp-triage): a known finding of the triage file and what the
 * input said of it */
enum { KP_TRIAGE_ACKNOWLEDGED, KP_TRIAGE_INVALID, KP_TRIAGE_FIXED_IN,
	KP_TRIAGE_DOWNSTREAM, KP_NTRIAGE };
enum { KP_TSTATE_REPRODUCES, KP_TSTATE_FIXED, KP_TSTATE_NOT_MEASURED, KP_NTSTATE };
extern const kp_vocab kp_triage_v, kp_tstate_v;
enum { KP_TRIAGE_PATTERN, KP_TRIAGE_CONC, KP_TRIAGE_SINCE, KP_TRIAGE_STATUS,
	KP_TRIAGE_FIXED_IN_F, KP_TRIAGE_LINK, KP_TRIAGE_NOTE, KP_TRIAGE_N_FINDINGS,
	KP_TRIAGE_N_MEASURED, KP_TRIAGE_STATE, KP_TRIAGE_SEEN_FIXED_IN,
	KP_TRIAGE_NF };
typedef struct {
	kp_has has;
	char *pattern;
	long long conc;	/* KP_NULL_INT: every level */
	char *since;
	int status;	/* enum KP_TRIAGE_* */
	char *fixed_in, *link, *note;
	long long n_findings, n_measured;
	int state;	/* enum KP_TSTATE_* */
	char *seen_fixed_in;
} kp_triage;

/* evidence (kp-evidence): what else the runs of a comparison's job said,
 * beside the cmp records of (base_exp, target_exp).  counters is an
 * array of kp_ectr, ranked (rank_by), at most the number asked for. */
enum kp_ekind { KP_EK_RATE, KP_EK_LEVEL, KP_NEKIND };
enum kp_erank { KP_ER_POOLED_SD, KP_ER_CHOSEN, KP_ER_RELATIVE, KP_NERANK };
extern const kp_vocab kp_ekind_v, kp_erank_v;
enum { KP_ECTR_NAME, KP_ECTR_SOURCE, KP_ECTR_KIND, KP_ECTR_N_BASE,
	KP_ECTR_N_TARGET, KP_ECTR_BASE, KP_ECTR_TARGET, KP_ECTR_CHANGE_PCT,
	KP_ECTR_BASE_SD, KP_ECTR_TARGET_SD, KP_ECTR_D, KP_ECTR_NF };
typedef struct {
	kp_has has;
	char *name, *source;	/* source: "vmstat" or "schedstat" */
	int kind;	/* enum kp_ekind */
	long long n_base, n_target;
	double base, target, change_pct, base_sd, target_sd, d;
} kp_ectr;

enum { KP_EV_BASE_EXP, KP_EV_TARGET_EXP, KP_EV_JOB, KP_EV_SUITE,
	KP_EV_BASE_KERNEL, KP_EV_TARGET_KERNEL, KP_EV_N_BASE, KP_EV_N_TARGET,
	KP_EV_MISSING, KP_EV_BASE_PARAMS, KP_EV_TARGET_PARAMS,
	KP_EV_BASE_USER_S, KP_EV_TARGET_USER_S, KP_EV_BASE_SYS_S,
	KP_EV_TARGET_SYS_S, KP_EV_BASE_ELAPSED_S, KP_EV_TARGET_ELAPSED_S,
	KP_EV_BASE_DMESG_WARNINGS, KP_EV_TARGET_DMESG_WARNINGS,
	KP_EV_BASE_DMESG_RUNS, KP_EV_TARGET_DMESG_RUNS, KP_EV_BASE_WARNINGS, KP_EV_TARGET_WARNINGS, KP_EV_NEW_WARNINGS, KP_EV_RANK_BY,
	KP_EV_N_COUNTERS, KP_EV_COUNTERS, KP_EV_NF };
typedef struct {
	kp_has has;
	char *base_exp, *target_exp, *job, *suite, *base_kernel, *target_kernel;
	long long n_base, n_target;
	kp_strs missing;
	char *base_params, *target_params;
	double base_user_s, target_user_s, base_sys_s, target_sys_s,
	    base_elapsed_s, target_elapsed_s;
	long long base_dmesg_warnings, target_dmesg_warnings;
	long long base_dmesg_runs, target_dmesg_runs;
	kp_strs base_warnings, target_warnings;
	kp_strs new_warnings;	/* the target's lines the base has not */
	int rank_by;	/* enum kp_erank */
	long long n_counters;
	kp_objs counters;	/* kp_ectr */
} kp_evidence;

/* /proc/vmstat: is the field a level (a gauge: nr_free_pages), not a
 * count of events since boot (pgfault, nr_dirtied)? */
int kp_vmstat_level(const char *name);

/* coverage: what was compared or found as expected, and what is missing,
 * partial, new, kept apart or merged (lib/coverage.h writes them from a
 * kp_coverage); one record says one thing about one unit */
enum kp_cov_scope { KP_COV_PLAN, KP_COV_COMPARE, KP_COV_NSCOPE };
enum kp_cov_kind {
	KP_COV_COMPARED,	/* compared, or found as expected, whole */
	KP_COV_MISSING,	/* expected (or on the baseline side) and absent */
	KP_COV_PARTIAL,	/* present with fewer units than expected */
	KP_COV_NEW,	/* present and not expected (or on the target side only) */
	KP_COV_APART,	/* kept apart by identity: fields that differ */
	KP_COV_MERGED,	/* several runs taken as one under a label */
	KP_COV_UNCOMPARED,	/* present and not compared: why says why */
	KP_COV_NKIND
};
enum kp_cov_level {
	KP_COV_LPLAN, KP_COV_LJOB, KP_COV_LINSTANCE, KP_COV_LREPETITION,
	KP_COV_LBENCHMARK, KP_COV_LRUN, KP_COV_LEXP, KP_COV_LGROUP,
	KP_COV_LPAIR, KP_COV_LKERNEL, KP_COV_NLEVEL
};
extern const kp_vocab kp_cov_scope_v, kp_cov_kind_v, kp_cov_level_v;

/* coverage differ: a field that differs between two sides and both its
 * values (NULL is null) */
typedef struct {
	char *field, *base, *target;
} kp_diff;

typedef struct {
	kp_diff *v;
	size_t n;
} kp_diffs;

enum { KP_COV_SCOPE, KP_COV_KIND, KP_COV_LEVEL, KP_COV_NAME,
	/* schema 2: the measurement of level group, as fields */
	KP_COV_SUITE, KP_COV_BENCH, KP_COV_TEST, KP_COV_OP, KP_COV_METRIC,
	KP_COV_CONC,
	KP_COV_PLAN_F, KP_COV_JOB, KP_COV_INSTANCE, KP_COV_BASE, KP_COV_TARGET,
	KP_COV_EXPECTED, KP_COV_FOUND, KP_COV_ABSENT, KP_COV_DIFFER,
	KP_COV_RUNS, KP_COV_LABEL, KP_COV_WHY, KP_COV_NF };
typedef struct {
	kp_has has;
	int scope, kind, level;	/* enum kp_cov_scope, kind, level */
	char *name;
	char *suite, *bench, *test, *op, *metric;	/* level group, else NULL */
	long long conc;	/* level group, else KP_NULL_INT */
	char *plan, *job, *instance, *base, *target;
	long long expected, found;	/* KP_NULL_INT: null */
	kp_strs absent;
	kp_diffs differ;	/* n 0: null */
	kp_strs runs;
	char *label, *why;
} kp_cov;

/* bisect (kp-bisect): a change point handed to git bisect */
enum { KP_BISECT_KEY, KP_BISECT_SUITE, KP_BISECT_BENCH, KP_BISECT_TEST,
	KP_BISECT_OP, KP_BISECT_METRIC, KP_BISECT_CONC, KP_BISECT_GOOD,
	KP_BISECT_BAD, KP_BISECT_GOOD_SHA, KP_BISECT_BAD_SHA, KP_BISECT_RANGE,
	KP_BISECT_BETWEEN, KP_BISECT_SIZE_PCT, KP_BISECT_THRESHOLD_PCT,
	KP_BISECT_SCRIPT, KP_BISECT_NF };
typedef struct {
	kp_has has;
	char *key, *suite, *bench, *test, *op, *metric;
	long long conc;
	char *good, *bad, *good_sha, *bad_sha, *range;
	kp_strs between;
	double size_pct, threshold_pct;
	char *script;
} kp_bisect;

/* ---- the tables ---- */

enum kp_fkind {
	KP_F_STR,	/* char * */
	KP_F_INT,	/* long long */
	KP_F_NUM,	/* double, finite; null is NAN */
	KP_F_BOOL,	/* int: 1 true, 0 false, -1 null */
	KP_F_ENUM,	/* int, a word of vocab; -1 null */
	KP_F_SCALAR,	/* kp_scalar */
	KP_F_RAW,	/* kp_raw */
	KP_F_PAIRS,	/* kp_pairs */
	KP_F_STRS,	/* kp_strs */
	KP_F_NUMS,	/* kp_nums */
	KP_F_INTS,	/* kp_ints */
	KP_F_COUNTS,	/* kp_counts */
	KP_F_INSTS,	/* kp_insts */
	KP_F_OBS,	/* kp_obs */
	KP_F_BUCKETS,	/* kp_buckets */
	KP_F_SEVCOUNTS,	/* long long[KP_NSEV + 1] */
	KP_F_OBJS,	/* kp_objs: an array of objects, each read and written
			 * by the table of sub (a struct beginning with kp_has) */
	KP_F_FLAGS,	/* unsigned: a set of words of vocab, bit i for
			 * word i, written as an array of words in vocab
			 * order; null is the empty set */
	KP_F_DIFFS,	/* kp_diffs: an object of names and [base, target]
			 * (strings or null); null when there are none */
};

enum {
	KP_FF_NULL = 1,	/* may be missing or null when read */
	KP_FF_POS = 2,	/* an integer counted from 1 (conc, rep, sub) */
	KP_FF_CNT = 4,	/* an integer counted from 0 */
};

/* The schema: the version of kp-records(5) these tables describe.  A
 * record carries no version number (a field on each of tens of millions
 * of samples would cost their bytes and their parse): every change so
 * far added fields, so a record's version is that of the newest field
 * it has, and kp_field.since says which version added each field.
 * kp_rec_upgrade() derives the fields of the current version that an
 * older record lacks: the one place that knows older records. */
#define KP_SCHEMA 3

struct kp_rtype;
typedef struct {
	const char *name;
	uint8_t len;	/* strlen(name) */
	uint8_t kind;	/* enum kp_fkind */
	uint8_t flags;	/* KP_FF_* */
	uint16_t off;	/* of the member in the struct */
	const kp_vocab *vocab;	/* KP_F_ENUM, KP_F_FLAGS */
	const struct kp_rtype *sub;	/* KP_F_OBJS */
	uint8_t since;	/* the schema version that added it; 0 is 1 */
} kp_field;

typedef struct kp_rtype {
	const char *name;	/* the value of "type" */
	unsigned scopes;	/* stat: the scopes it covers, bits of enum kp_scope */
	int extra;	/* keeps members not in the table (kp_run's extra) */
	size_t size;	/* of the struct */
	int nf;
	const kp_field *f;
} kp_rtype;

/* the name of field f of type t (a kp_rtype), for messages */
#define KP_FNAME(type, field) ((type).f[field].name)

extern const kp_rtype kp_run_t, kp_runstat_t, kp_sample_t, kp_hist_t,
	kp_stat_t, kp_rollup_t, kp_histstat_t, kp_noise_t, kp_cmp_t, kp_sys_t,
	kp_artifact_t, kp_trend_t, kp_triage_t, kp_shift_t, kp_evidence_t,
	kp_cov_t, kp_bisect_t;
/* every record type above, NULL-terminated (tests and kp-records(5)) */
extern const kp_rtype *const kp_rtypes[];
/* field f of t named name (len bytes), or -1 */
int kp_rec_field(const kp_rtype *t, const char *name, size_t len);

/* ---- reading and writing (rec.c) ---- */

/* is the record in d of type t (and of one of t's scopes)?  Dies when it
 * has no string "type" */
int kp_rec_is(kp_json *d, const kp_rtype *t);
/* is an unparsed line one that opens as kp's tools write a record,
 * {"type":"name", with name of lowercase letters, and of a type other
 * than the names given (a NULL-terminated list)?  Tools pass such lines
 * through, or count them, without a parse; a line that opens otherwise
 * (white space, another order, an escape), or that is not one object
 * closed at its end (cut short, or glued to the next by a lost newline),
 * answers 0 and must be parsed. */
int kp_line_type_other(const char *line, size_t len, const char *const *names);
/* what a reader remembers between records of one type: the field found
 * at each member position, which is the same from record to record of a
 * stream, and its name's first 8 bytes, so that a key costs one
 * comparison of two words.  Zero it before use. */
typedef struct {
	struct {
		uint64_t word;	/* the name's first 8 bytes, zero-padded */
		uint64_t mask;	/* the bytes of word that belong to it */
		uint32_t len;	/* its length, 0 unknown */
		int f;	/* the field, or nf for "type" */
	} at[64];
} kp_recix;
/* tok[f] = the value token of field f of t in d, or -1 (the first of
 * repeated keys); tok[t->nf] and the value returned, the token of
 * "type", or -1.  tok has room for t->nf + 1.  ix may be NULL. */
int kp_rec_index(kp_json *d, const kp_rtype *t, int *tok, kp_recix *ix);
/* field f of t at token i from kp_rec_index, checked as kp_rec_read
 * checks it, for a hot path that copies records: not decoded into a
 * struct, the string borrowed from d (valid until its next parse); NULL
 * and KP_NULL_INT for a nullable field missing or null */
const char *kp_rec_str(kp_json *d, const kp_rtype *t, int f, int i);
long long kp_rec_int(kp_json *d, const kp_rtype *t, int f, int i);
double kp_rec_num(kp_json *d, const kp_rtype *t, int f, int i);
/* ix may be NULL */
void kp_rec_read(kp_json *d, const kp_rtype *t, void *rec, const kp_has *want,
    kp_recix *ix);
void kp_rec_free(const kp_rtype *t, void *rec);
/* the fields of want (NULL: all) that rec, read from d by kp_rec_read(),
 * lacks because an older kp wrote it, derived from the fields it has:
 * sample group, trend series_id, stat group and series_id, coverage
 * suite ... conc.  A field that cannot be derived stays missing.  Reads
 * d again for what it needs. */
void kp_rec_upgrade(kp_json *d, const kp_rtype *t, void *rec,
    const kp_has *want);
/* the value token of the member of d named by a user (kp-identify -a,
 * kp-bisect -s): a field of t, or for a type that keeps members beyond
 * its table (run), one of those; -1 when missing.  Tools name the fields
 * they know by their enum, never this way. */
int kp_rec_tok(kp_json *d, const kp_rtype *t, const char *name);

void kp_rec_write(kp_w *w, const kp_rtype *t, const void *rec);
/* does kp_rec_write() write rec by kp_w_flat's calls (when nothing is
 * open)?  Its fields present are all of kinds they write, and t keeps
 * no members beyond its table */
int kp_rec_flat(const kp_rtype *t, const void *rec);
/* recstr.c: a parser's record against kp-records(5)'s STRINGS: every
 * string field without control characters; dies naming file and line
 * (where the parser read it) and the field otherwise */
void kp_rec_check(const kp_rtype *t, const void *rec, const char *file,
    long line);
/* the same for one string s of field (NULL passes) */
void kp_str_check(const char *file, long line, const char *field,
    const char *s);
void kp_rec_members(kp_w *w, const kp_rtype *t, const void *rec);
/* set field f, a string or scalar field, to the string s (NULL: null),
 * as a --meta does; set an integer or scalar field to v */
void kp_rec_set_str(const kp_rtype *t, void *rec, int f, const char *s);
void kp_rec_set_int(const kp_rtype *t, void *rec, int f, long long v);

/* ---- arrays of a record (rec.c) ---- */

/* the array at token i (named key, for messages): numbers (finite),
 * strings, integers; the caller frees */
void kp_json_nums(kp_json *d, int i, const char *key, kp_nums *out);
void kp_json_strs(kp_json *d, int i, const char *key, kp_strs *out);
void kp_json_ints(kp_json *d, int i, const char *key, kp_ints *out);
void kp_strs_free(kp_strs *s);

#endif
