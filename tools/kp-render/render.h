/* render.h: the records kp-render reads, as every format sees them */

/* severity ranks, worst first; SEV_OTHER for anything else */
enum { SEV_RED, SEV_YELLOW, SEV_GREEN, SEV_NONE, SEV_OTHER, NSEVRANK };
/* classes */
enum { CL_REGRESSION, CL_IMPROVEMENT, CL_NOCHANGE, CL_UNCERTAIN,
	CL_UNCLASSIFIED, NCLASS };

extern const char *const sev_names[NSEVRANK];
extern const char *const class_names[NCLASS];

typedef struct {
	char *line;	/* the record as read: csv and json copy every field */
	size_t len;
	char *key, *suite, *bench, *test, *op, *metric, *unit;
	char *base_kernel, *target_kernel, *base_exp, *target_exp;
	char *class, *severity, *reason, *method;
	char **base_runs, **target_runs;
	size_t nbase_runs, ntarget_runs;
	long long conc, n_base, n_target, need_n;	/* need_n -1: null */
	double change, ci_low, ci_high, p, q, score;
	double base_median, target_median;
	int sev, cls;
} Cmp;

typedef struct {
	char *line;
	size_t len;
	char *suite, *bench, *test, *op, *metric;
	char *base_kernel, *target_kernel, *base_exp, *target_exp;
	char *direction, *combine_method;
	long long *levels, *affected, *missing, *uncertain;
	size_t nlevels, naffected, nmissing, nuncertain;
	char **sevname;	/* severity_counts, in the record's order */
	long long *sevcount;
	size_t nsev;
	double avg_score, chmin, chmax, p_combined;
	int systematic;
} Sys;

typedef struct {
	char *run, *host, *cpu_model, *kernel;
	long long start;
} Run;

typedef struct {
	Cmp *cmp;
	size_t ncmp;
	Sys *sys;
	size_t nsys;
	Run *run;
	size_t nrun;
	size_t count[NCLASS];		/* cmp records by class */
	size_t regsev[NSEVRANK];	/* regressions by severity */
} Report;

/* util.c */
void sort_by_severity(Cmp *c, size_t n);
void sort_by_name(Cmp *c, size_t n);
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
