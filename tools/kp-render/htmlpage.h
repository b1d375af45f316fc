/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kp-render -f html: what the page files html*.c share; after html.h.
 * A function given fp writes markup to it, the records' text escaped.
 */

/* the comparisons of a pair (in a suite), by what kp-classify made of
 * them; by severity red, yellow, green and none (another word counts as none) */
struct counts {
	int n, reg[KP_NSEV], imp[KP_NSEV], unc, noc, uncl, sysreg, sysimp;
	int interf, incomplete, unstable;
	int modal;	/* comparisons with a multimodal group on a side */
};

/* h_cmptable's optional columns */
enum { COL_PAIR = 1, COL_TEST = 2 };

/* htmlpage.c: the frame of a page */
void h_head(FILE *fp, const char *title);	/* up to <body> */
void h_foot(FILE *fp);	/* the footer, the table sorter, </html> */
/* the way up: kernel page, then suite and test when >= 0 */
void h_crumbs(FILE *fp, struct hsite *s, int suite, int test);

/* one file per page, or per kind of page, each writes what it names */
void h_style(struct hsite *s);	/* htmlstyle.c: style.css */
void h_index_page(struct hsite *s);	/* htmlindex.c: index.html */
void h_full_page(struct hsite *s);	/* htmlfull.c: full.html */
void h_suite_page(struct hsite *s, int suite);	/* htmlsuite.c */
void h_test_page(struct hsite *s, int test);	/* htmltest.c */
/* htmlcmp.c: a test page's comparisons and observations, level by level */
void h_cmp_levels(FILE *fp, struct hsite *s, int test, const char *page);

/* htmlutil.c */
/* a measurement as suite/bench/test[op metric] */
void h_measname(FILE *fp, const Test *t);
void h_testlink(FILE *fp, struct hsite *s, int test);	/* to its page */
void h_pairname(FILE *fp, struct hsite *s, int pair);	/* baseline -> target */
/* the figure of a page: x.html's is x.svg */
void h_svgname(char *out, size_t sz, const char *page);
void h_esc1(FILE *fp, char ch);	/* h_esc of one character */
int h_sevidx(const Cmp *c);	/* enum kp_severity; another word: none */
int h_inlist(char **v, size_t n, const char *x);	/* x is one of v[0..n-1] */
void h_levels(FILE *fp, const long long *v, size_t n);	/* "1, 2, 4" */
void h_pct(FILE *fp, double x);	/* a signed percentage, "-" when not finite */
void h_num(FILE *fp, double x);	/* 3 significant digits, "-" when not finite */
/* a source "path[:line]" as a link to its copy in the site */
void h_srclink(FILE *fp, struct hsite *s, const char *src);
/* htmlsrc.c: the page of the site that holds a copy of the regular file
 * path, written the first time; NULL when it is no readable file */
const char *h_srccopy(struct hsite *s, const char *path);

/* htmlcounts.c: suite < 0 is every suite */
void h_count(struct hsite *s, int pair, int suite, struct counts *k);
void h_countshead(FILE *fp);	/* <th> cells for h_countscells */
void h_countscells(FILE *fp, const struct counts *k);	/* <td> cells */
/* the stat roll-ups' warnings about the experiments of a pair (in a suite) */
void h_rolls(FILE *fp, struct hsite *s, int pair, int suite);
/* the kernel pairs, counted; with suite >= 0, those in the suite */
void h_pairtable(FILE *fp, struct hsite *s, int suite);
/* the heading of a pair's section, which h_pairtable's rows link to */
void h_pairhead(FILE *fp, struct hsite *s, int pair);

/* htmlcmptable.c */
/* kp-classify's why and caveats as chips; c NULL: without numbers */
void h_chips(FILE *fp, int why, unsigned caveats, const CmpRec *c);
/* what the columns of a comparison table mean: tooltips and legend */
#define H_G "Hedges' g, the change of the log values in units of their " \
	"pooled standard deviation, small-sample corrected (0.2 is small, " \
	"0.8 large)"
#define H_DELTA "Cliff's delta, how often a target unit exceeds a " \
	"baseline unit minus the reverse, from -1 to 1"
#define H_N "units compared, baseline/target: runs, instances or " \
	"samples, as the comparison's level says"
#define H_SCORE "kp-classify's 0-100: significance (40), size of the " \
	"change (30), effect size (20) and stability (10); a regression " \
	"is red from 70, yellow from 40"
/* the comparisons s->cmp[idx[0..n-1]], sorting idx; cols: COL_* */
void h_cmptable(FILE *fp, struct hsite *s, int *idx, int n, int cols);

/* htmlsys.c */
void h_systable(FILE *fp, struct hsite *s, int pair);	/* a pair's groups */
/* why one test of a pair is, or is not, systematic */
void h_sysnote(FILE *fp, struct hsite *s, int test, int pair);

/* htmlscaling.c: a test page's scaling plot, the value against the
 * level by kernel, when the test has two levels or more */
void h_scaling(FILE *fp, struct hsite *s, int test, const char *page);
int h_scaling_has(struct hsite *s, int test);	/* it has one */
void h_scaling_done(struct hsite *s);	/* after the last test page */

/* htmlmodes.c: the groups kp-stats flags multimodal, by its gap rule */
#define H_MODAL "kp-stats' gap rule found separate clusters in this " \
	"side's values: split the sorted values at their widest gap, " \
	"multimodal when that gap is at least 25% of the median and at " \
	"least twice the two sides' ranges together; the median, and its " \
	"change, may describe neither cluster"
/* 1: a group of side (0 baseline, 1 target) is multimodal, 0: none is,
 * -1: no stat record says */
int h_modal(struct hsite *s, const Cmp *c, int side);
int h_modalany(struct hsite *s, const Cmp *c);	/* either side */
void h_modalchip(FILE *fp, struct hsite *s, const Cmp *c);	/* table row */
void h_modalnote(FILE *fp, struct hsite *s, const Cmp *c);	/* cmp page */

/* htmlsamples.c: the groups of one side of a comparison */
const kp_strs *h_groupsof(const Cmp *c, int side);
/* htmlsamples.c: the observations of one side of comparison c (0 the
 * baseline, 1 the target), found by its groups, sorted for the strip plot */
Sample **h_samplesof(struct hsite *s, const Cmp *c, int side, int *n);
/* the same from the stat records' obs.sub, when there are no samples */
Sample *h_statsamples(struct hsite *s, const Cmp *c, int side, int *n);

/* htmlruns.c: the baseline and target runs of comparison c */
/* each side's CPU share, the evidence for interference */
void h_cpushare(FILE *fp, struct hsite *s, const Cmp *c);
/* the page their run records (side by side, differences highlighted)
 * and CPU times are on, written the first time: the comparisons of one
 * job on the same runs share it */
const char *h_runspage(struct hsite *s, const Cmp *c);
