/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kp-render -f html: what html*.c and svg.c share; after render.h.
 * The site is three levels deep: the kernel page (index.html) lists the
 * baseline/target kernel pairs; a suite page breaks one suite down by pair;
 * a test page shows one measurement across concurrency levels and pairs,
 * with a section per comparison and every observation behind them.
 */

/* the site being written: the model, and the file name of every page */
struct hsite {
	Report *r;
	const char *outdir;
	struct kp_strmap *srcmap;	/* source files copied into the site */
	struct kp_strmap *runsmap;	/* (job, runs) -> its runs page */
	char (*runspage)[64];
	char (*srcpage)[64];	/* by srcmap index: its page, "" when none */
	struct kp_strmap *srcgiven;	/* a path as the samples give it */
	long *srcof;	/* by srcgiven index: its srcmap index, -1 none */
	/* relative paths' first directories that are not there (htmlsrc.c) */
	struct kp_strmap *srcmissing;
	char **rootabs;	/* the -R roots resolved, NULL when not a dir */
	size_t nrefused;	/* files named outside them, not copied */
	char (*testpage)[80];	/* by test */
	char (*suitepage)[64];	/* by suite */
	/* htmlscaling.c: the full table, built for the first plot */
	struct {
		Full full;
		int built;
		size_t *first, *nrows;	/* by test: its rows, together in full */
	} sc;
};

/* html.c */
FILE *h_open(struct hsite *s, const char *name);
void h_close(struct hsite *s, FILE *fp, const char *name);
void h_name(char *out, size_t sz, const char *prefix, const char *slugof,
    const char *hashof, const char *ext);
/* a comparison is a section of its test's page: a page of its own
 * repeated the frame and the observations of each kernel in every
 * comparison naming it, most of a lab's site (bench/README.md).  Its
 * page#anchor, valid until the next call */
const char *h_cmppage(const struct hsite *s, const Cmp *c);
const char *h_better(const CmpRec *c);	/* "higher" or "lower" */
int h_goodness(const Cmp *c, double *g);	/* change, better = + */
int h_sevrank(const Cmp *c);
int h_finding(const Cmp *c);	/* a regression or an improvement */
int h_bylonglong(const void *a, const void *b);	/* long long, ascending */
int h_interf(const CmpRec *c, char *out, size_t sz);	/* as words */

/* htmlevidence.c: kp-evidence's record beside a finding */
void h_evidence(FILE *fp, struct hsite *s, const Cmp *c);

/* htmlpage.c: every page of the site; htmlpage.h has the pieces */
void h_pages(struct hsite *s);

/* The size bounds of the site: points a column of a strip plot draws,
 * instances its legend names, and samples of a column the sources list */
enum { H_STRIP_MAX = 1000, H_RUNS_MAX = 16, H_SOURCES_MAX = 200 };

/* a column of a strip plot: a kernel's observations at one level */
typedef struct {
	const Cmp *c;	/* the first comparison naming it, and its side */
	int side;
	const char *kernel, *exp;
	Sample **m;	/* sorted by instance, run, iteration, rep, sub */
	Sample *own;	/* what m points into when it was made here */
	int n;
} StripCol;

/* svg.c: each writes one standalone SVG file */
void svg_heatmap(struct hsite *s, const char *file, int suite, int pair);
void svg_chart(struct hsite *s, const char *file, int test);
/* svgstrip.c: c names the test and level */
void svg_strip(struct hsite *s, const char *file, const CmpRec *c,
    const StripCol *col, int ncol);
void svg_color(double g, char out[8]);	/* diverging: worse red, better blue */
#define SVG_NPALETTE 9
extern const char *const svg_palette[SVG_NPALETTE];	/* runs, pairs, kernels */
/* htmlmodes.c: the strip plot's gap on a multimodal column, sorted
 * values v[0..n-1], its column [x0, x0 + w], value x at y = ya + yb x */
void svg_modes(FILE *fp, struct hsite *s, const Cmp *c, int side,
    const double *v, int n, double x0, double w, double ya, double yb);
void svg_open(FILE *fp, int w, int h, const char *title);
void svg_esc_cut(FILE *fp, const char *s, size_t max);	/* h_esc, cut to max */
void svg_ticks(double lo, double hi, double *t0, double *step);	/* about five round steps */
/* svgtrend.c: a series across kernels (kp-trend), with the baseline and
 * target kernels of the test's comparisons marked */
void svg_trend(struct hsite *s, const char *file, const kp_trend *t, int test);
void svg_cmpcolor(const Cmp *c, char out[8]);	/* after its class */
const char *svg_ink(const char *fill);	/* text colour readable on fill */
