/* kp-render -f html: a static drill-down site from pipeline records */

/*
 * Render the records in the files inputs[0..ninputs-1] (stdin when
 * ninputs is 0), with the sample records of samples_path (may be NULL),
 * as a static site in outdir.  Returns an exit status: 0 ok, 2 bad input.
 */
int render_html(char **inputs, int ninputs, const char *samples_path,
    const char *outdir);

/*
 * What follows is shared by html*.c and svg*.c only.
 * The site is four levels deep: the kernel page (index.html) lists the
 * baseline/target kernel pairs; a suite page breaks one suite down by pair;
 * a test page shows one measurement across concurrency levels and pairs; a
 * comparison page shows every observation behind one cmp record.
 */
#include <stdio.h>

/* run metadata shown side by side; order is the order of the table */
#define H_RUNFIELDS \
	X(kernel) X(kernel_sha) X(exp) X(instance) X(instance_type) \
	X(host) X(arch) X(cpu_model) X(cpus) X(mem_kb) X(cpu_topology) \
	X(os) X(cmdline) X(toolchain) X(kconfig_hash) X(framework) \
	X(framework_version) X(dmesg_warnings) X(start) X(finish) X(uname) \
	X(src)
enum {
#define X(f) HR_##f,
	H_RUNFIELDS
#undef X
	HR_N
};
extern const char *const h_runfield[HR_N];

struct hrun {
	char *run;
	char *f[HR_N];	/* as text; NULL when missing or null */
};

struct hrunstat {
	char *run, *job, *suite;
	long long iter, rc;	/* rc -1: null */
	double user_s, sys_s, elapsed_s;	/* NAN: null */
	int partial;
	char *params;
};

struct hsample {
	char *gkey;	/* exp, suite, bench, test, op, metric, conc */
	char *run, *instance, *src;
	long long iter, rep, sub;
	double value;
};

struct hcmp {
	char *key, *job, *suite, *bench, *test, *op, *metric, *unit, *better;
	long long conc;
	char *bk, *tk, *bexp, *texp;
	char **bruns, **truns;
	int nbruns, ntruns;
	char *obs_level, *method, *cls, *sev, *reason;
	double change, cil, cih, p, q, g, delta, score, bmed, tmed;
	long long nb, nt;
	int pair, suiteidx, testidx;
	char page[48];	/* file name of its comparison page */
};

struct hsys {
	char *suite, *bench, *test, *op, *metric, *bexp, *texp, *bk, *tk;
	char *direction, *levels, *affected, *missing, *sevcounts, *method;
	char *uncertain, *opposite;
	int nlevels, naffected, nmissing, nuncertain, nopposite, systematic;
	double avg_score, chmin, chmax, p, q;
	int pair, testidx;
};

/* a stat group: its samples when no sample records were given */
struct hgroup {
	char *gkey;	/* as hsample's */
	char **runs; int nruns, ninstances;
	double *sub; int nsub;	/* obs.sub: every sample, in unit order */
	double *run; int nrun;	/* obs.run: one mean per (instance, run) */
};

struct hroll {	/* stat roll-ups: scope test, suite, exp */
	char *scope, *exp, *suite, *bench, *test, *missing;
	long long n_groups, n, incomplete, unstable, nmissing;
	double cv_median, cv_max;
};

struct hpair { char *bk, *tk; };
struct hlist { int *v; int n; };	/* record indexes, ascending */
struct hsuite { char *name; char page[64]; };
struct htest {
	char *suite, *bench, *test, *op, *metric, *unit, *better;
	int suiteidx;
	char page[80];
};

struct hsite {
	struct hrun *run; int nrun;
	struct hrunstat *rs; int nrs;
	struct hsample *smp; int nsmp;
	struct hcmp *cmp; int ncmp;
	struct hsys *sys; int nsys;
	struct hgroup *grp; int ngrp;
	struct hroll *roll; int nroll;
	struct hpair *pair; int npair;
	struct hsuite *suite; int nsuite;
	struct htest *test; int ntest;
	const char *outdir;
	char *outabs;	/* realpath of outdir, for relative source links */
	long nrec;
	/*
	 * Indexes (html.c), so that a page visits its own records, not every
	 * record of the site for each line it writes: a site of P pairs and
	 * T tests would otherwise cost P * T passes over every comparison.
	 * Lists are ascending, so a loop over one keeps the order of a loop
	 * over all.
	 */
	struct kp_strmap *runmap;	/* run name -> index in run */
	struct kp_strmap *rsmap;	/* run name -> its runstats, in rsof */
	struct hlist *rsof;
	struct kp_strmap *pairmap, *suitemap, *testmap;
	struct hlist *tcmp, *pcmp;	/* comparisons by test, by pair */
	struct hlist *tsys, *psys;	/* sys records by test, by pair */
	struct kp_strmap *cellmap;	/* (pair, test, conc) -> cellcmp */
	int *cellcmp;	/* the first comparison of each */
	struct kp_strmap *expmap;	/* experiment -> expkernel */
	const char **expkernel;	/* its kernel in the last comparison naming it */
};

/* html.c */
void h_esc(FILE *fp, const char *s);	/* text or attribute value */
FILE *h_open(struct hsite *s, const char *name);
void h_close(struct hsite *s, FILE *fp, const char *name);
void h_name(char *out, size_t sz, const char *prefix, const char *slugof,
    const char *hashof, const char *ext);
int h_goodness(const struct hcmp *c, double *g);	/* change, better = + */
int h_sevrank(const struct hcmp *c);
int h_finding(const struct hcmp *c);	/* a regression or an improvement */
int h_groupcmp(const void *a, const void *b);	/* struct hgroup by gkey */
int h_bylonglong(const void *a, const void *b);	/* long long, ascending */
struct hrun *h_runof(struct hsite *s, const char *run);	/* NULL: none */
/* the runstat records of a run, NULL when none */
const struct hlist *h_runstatsof(struct hsite *s, const char *run);
/* the first comparison of a pair and test at a level, NULL when none */
struct hcmp *h_cell(struct hsite *s, int pair, int test, long long conc);
int h_interf(const char *reason, char *out, size_t sz);	/* as words */
/* p, an array of n elements of size bytes, with room for one more: the
 * capacity doubles, as growing by one copies the whole array each time
 * under a realloc that always moves (AddressSanitizer's) */
void *h_grow(void *p, int n, size_t size);

/* htmlpage.c: every page of the site; htmlpage.h has the pieces */
void h_pages(struct hsite *s);

/* svg.c: each writes one standalone SVG file */
void svg_heatmap(struct hsite *s, const char *file, int suite, int pair);
void svg_chart(struct hsite *s, const char *file, int test);
void svg_strip(struct hsite *s, const char *file, const struct hcmp *c,
    struct hsample **bs, int nb, struct hsample **ts, int nt);
void svg_color(double g, char out[8]);	/* diverging: worse red, better blue */
void svg_cmpcolor(const struct hcmp *c, char out[8]);	/* after its class */
const char *svg_ink(const char *fill);	/* text colour readable on fill */
