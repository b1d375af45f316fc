/* render.h: the model kp-render loads once (load.c), its indexes
 * (index.c), and one function per format that renders it.
 *
 * In the records, a missing or null string is NULL, a missing number NAN
 * and a missing count -1, unless a field says otherwise. */
#include <stddef.h>
#include <stdio.h>

/* severity ranks, worst first; SEV_OTHER for anything else */
enum { SEV_RED, SEV_YELLOW, SEV_GREEN, SEV_NONE, SEV_OTHER, NSEVRANK };
/* classes */
enum { CL_REGRESSION, CL_IMPROVEMENT, CL_NOCHANGE, CL_UNCERTAIN,
	CL_UNCLASSIFIED, NCLASS };

extern const char *const sev_names[NSEVRANK];
extern const char *const class_names[NCLASS];

#define S(s) ((s) ? (s) : "")	/* a string to print */

typedef struct {
	char *line;	/* the record as read, with LOAD_LINES: csv and json */
	size_t len;	/* copy every field */
	char *key, *job, *suite, *bench, *test, *op, *metric;
	char *unit;	/* "" when missing */
	char *better;	/* "higher" when missing */
	char *base_kernel, *target_kernel, *base_exp, *target_exp;
	char **base_runs, **target_runs;
	size_t nbase_runs, ntarget_runs;
	char *obs_level, *method, *severity, *reason;
	long long conc, n_base, n_target, need_n;
	double change, ci_low, ci_high, p, q, hedges_g, cliffs_delta, score;
	double base_median, target_median;
	int cls, sev;	/* CL_*, SEV_* */
	int pair, suite_idx, test_idx;	/* index.c */
} Cmp;

typedef struct {
	char *line;	/* with LOAD_LINES */
	size_t len;
	char *suite, *bench, *test, *op, *metric;
	char *base_kernel, *target_kernel, *base_exp, *target_exp;
	char *direction, *combine_method;
	long long *levels, *affected, *missing, *uncertain, *opposite;
	size_t nlevels, naffected, nmissing, nuncertain, nopposite;
	char **sevname;	/* severity_counts, in the record's order */
	long long *sevcount;
	size_t nsev;
	double avg_score, change_min, change_max, p_combined, q_combined;
	int systematic;
	int pair, test_idx;	/* index.c; test_idx -1: no cmp of its test */
} Sys;

/* run metadata as the site shows it, in the order of its table */
#define RUN_FIELDS \
	X(kernel) X(kernel_sha) X(exp) X(instance) X(instance_type) \
	X(host) X(arch) X(cpu_model) X(cpus) X(mem_kb) X(cpu_topology) \
	X(os) X(cmdline) X(toolchain) X(kconfig_hash) X(framework) \
	X(framework_version) X(dmesg_warnings) X(start) X(finish) X(uname) \
	X(src)
enum {
#define X(f) RF_##f,
	RUN_FIELDS
#undef X
	RF_N
};
extern const char *const run_field[RF_N];

/* one run record: a run has one per iteration */
typedef struct {
	char *run;
	char *f[RF_N];	/* as text */
	long long start;	/* -1 when missing */
	size_t next;	/* the next record of the same run, SIZE_MAX: none */
} Run;

/* With LOAD_EVIDENCE: what the site shows behind a comparison */
typedef struct {
	char *run, *job, *suite, *params;
	long long iter, rc;
	double user_s, sys_s, elapsed_s;
	int partial;
} Runstat;

typedef struct {
	char *gkey;	/* exp, suite, bench, test, op, metric, conc */
	char *run, *instance, *src;
	long long iter, rep, sub;	/* 0, 1, 1 when missing */
	double value;
} Sample;

/* a stat record of scope group that has obs: its values */
typedef struct {
	char *gkey;	/* as Sample's */
	char **runs;
	size_t nruns;
	long long ninstances;	/* 0 when missing */
	double *obs_sub, *obs_run;	/* every sample; one mean per run */
	size_t nobs_sub, nobs_run;
} Group;

/* a stat record of scope test, suite or exp */
typedef struct {
	char *scope, *exp, *suite, *bench, *test;
	long long *missing;	/* missing_conc */
	size_t nmissing;
	long long n_groups, n, incomplete, unstable;	/* 0 when missing */
	double cv_median, cv_max;
} Rollup;

typedef struct { int *v; int n; } List;	/* record indexes, ascending */
typedef struct { char *base_kernel, *target_kernel; } Pair;
typedef struct {	/* a measurement: (suite, bench, test, op, metric) */
	char *suite, *bench, *test, *op, *metric, *unit, *better;
	int suite_idx;
} Test;

typedef struct {
	Cmp *cmp;
	size_t ncmp;
	Sys *sys;
	size_t nsys;
	Run *run;
	size_t nrun;
	Runstat *rs;
	size_t nrs;
	Sample *smp;	/* sorted by gkey (load_done) */
	size_t nsmp;
	Group *grp;	/* sorted by gkey (load_done) */
	size_t ngrp;
	Rollup *roll;
	size_t nroll;
	long nrec;	/* records read, of every type */
	size_t count[NCLASS];		/* cmp records by class */
	size_t regsev[NSEVRANK];	/* regressions by severity */
	struct kp_strmap *runmap;	/* run name -> its first run record */
	size_t *runfirst;

	/*
	 * Indexes (index.c), so that a page or a table visits its own
	 * records, not every record for each line it writes.  Pairs,
	 * suites and tests are numbered in the order the cmp records name
	 * them first; lists are ascending, so a loop over one keeps the
	 * order of a loop over all.
	 */
	Pair *pair;
	int npair;
	char **suite;
	int nsuite;
	Test *test;
	int ntest;
	List *tcmp, *pcmp;	/* comparisons by test, by pair */
	List *tsys, *psys;	/* sys records by test, by pair */
	struct kp_strmap *pairmap, *suitemap, *testmap;
	struct kp_strmap *cellmap;	/* (pair, test, conc) -> cellcmp */
	int *cellcmp;	/* the first comparison of each */
	struct kp_strmap *expmap;	/* experiment -> expkernel */
	const char **expkernel;	/* its kernel in the last comparison naming it */
	struct kp_strmap *rsmap;	/* run name -> its runstats, in rsof */
	List *rsof;
} Report;

/* load.c: what to keep beyond cmp, sys and run records */
enum { LOAD_LINES = 1, LOAD_EVIDENCE = 2 };
void load(Report *r, const char *path, int what);	/* NULL: stdin */
void load_done(Report *r);	/* after the last file */

/* index.c */
void index_report(Report *r);
Run *run_of(const Report *r, const char *run);	/* its first record, or NULL */
const List *runstats_of(const Report *r, const char *run);	/* or NULL */
/* the first comparison of a pair and test at a level, or NULL */
Cmp *cell_of(const Report *r, int pair, int test, long long conc);
/* the samples of a group: *n of them from the one returned */
Sample *samples_of(const Report *r, const char *gkey, size_t *n);
Group *group_of(const Report *r, const char *gkey);	/* or NULL */

/* util.c */
/* p, an array of n elements of size bytes, with room for one more: the
 * capacity doubles, as growing by one copies the whole array each time
 * under a realloc that always moves (AddressSanitizer's) */
void *grow(void *p, size_t n, size_t size);
void list_add(List *l, int i);
/* the index of s in names[0..n-1], or -1 (also for NULL) */
int lookup(const char *s, const char *const *names, int n);
/* the comparisons in the order a format lists them; the caller frees */
const Cmp **by_severity(const Report *r);
const Cmp **by_name(const Report *r);
size_t measurement(char *buf, size_t sz, const Cmp *c);	/* suite/bench/test[op metric] */
char *strip_controls(char *s);	/* in place: terminal control characters */
void strip_report(Report *r);	/* strip_controls over every string */
size_t utf8_width(const char *s);	/* characters, for column alignment */

/* one function per format; each writes to fp and returns an exit status */
int render_text(Report *r, FILE *fp, int colour);
int render_md(Report *r, FILE *fp);
int render_csv(Report *r, FILE *fp);
int render_junit(Report *r, FILE *fp);
int render_json(Report *r, FILE *fp);
int render_table(Report *r, FILE *fp, double max_age_days);
/* a static site in the directory outdir, created when missing */
int render_html(Report *r, const char *outdir);
