/* SPDX-License-Identifier: GPL-2.0-or-later */
/* full.c: --full, the full table: every measurement a row, every kernel
 * a column, as MMTests' compare-kernels shows them.
 *
 * The baseline column comes first: the kernel the comparisons most often
 * have as their baseline.  The other kernels follow in the order of
 * kp(7).  A cell is the median of the kernel's samples with their
 * coefficient of variation; a kernel compared against the baseline also
 * shows change_pct, which is on the same medians, and the verdict.  The
 * cells come from the cmp records as they are: nothing is recomputed.
 *
 * With --centre hmean a rate (better higher) shows instead the harmonic
 * mean of its stat record of scope group, as MMTests' compare-kernels
 * does, and the change is hmean against hmean, so that the change shown
 * is on the centre shown; the verdict stays kp-classify's.  A side of
 * several groups (experiments pooled) has no one hmean: n/a.  --centre
 * amean shows the arithmetic mean of the group the same way, and --centre
 * mmtests the summary compare-kernels prints for the benchmark.  With
 * --names mmtests a row is named as compare-kernels names it, and its
 * numbers are printed as compare-kernels prints them: two decimals, the
 * change as a gain (positive when better). */
#include <errno.h>
#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

static int
bykver(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	kp_kver vx, vy;
	int px = kp_kver_parse(x, &vx) == 0, py = kp_kver_parse(y, &vy) == 0;

	if (px && py && kp_kver_cmp(&vx, &vy) != 0)
		return kp_kver_cmp(&vx, &vy);
	/* a name that is no version after the versions, then by name */
	if (px != py)
		return py - px;
	return strcmp(x, y);
}

/* a column's name and where it first came in the input */
typedef struct {
	const char *k;
	size_t at;
} Col;

/* versions in kp(7) order, then names that are no version in the order
 * they came (kp-ab's sides as given: native, vm, qemu) */
static int
bycol(const void *a, const void *b)
{
	const Col *x = a, *y = b;
	kp_kver vx, vy;
	int px = kp_kver_parse(x->k, &vx) == 0, py = kp_kver_parse(y->k, &vy) == 0;

	if (px && py)
		return bykver(&x->k, &y->k);
	if (px != py)
		return py - px;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* the columns: the most frequent baseline kernel, then the others */
static void
columns(Full *f, const Report *r)
{
	kp_strmap *m = kp_strmap_new();
	size_t i, *nbase = NULL, best = 0;
	long j;
	int isnew, k;

	for (i = 0; i < r->ncmp; i++) {
		const char *ks[2] = { r->cmp[i].rec.base_kernel,
			r->cmp[i].rec.target_kernel };
		for (k = 0; k < 2; k++) {
			size_t x = kp_strmap_add(m, ks[k], strlen(ks[k]), &isnew);
			if (isnew) {
				f->kern = kp_grow(f->kern, f->nk, sizeof(*f->kern));
				f->kern[f->nk++] = ks[k];
				nbase = kp_grow(nbase, x, sizeof(*nbase));
				nbase[x] = 0;
			}
			nbase[x] += k == 0;
		}
	}
	/* a tie, as in a chain of releases each compared with the one
	 * before, goes to the earliest kernel in kp(7) order, the oldest */
	for (j = 1; j < f->nk; j++)
		if (nbase[j] > nbase[best] || (nbase[j] == nbase[best] &&
		    bykver(&f->kern[j], &f->kern[best]) < 0))
			best = (size_t)j;
	if (f->nk) {
		const char *b = f->kern[best];
		f->kern[best] = f->kern[0];
		f->kern[0] = b;
		Col *c = ecalloc(f->nk, sizeof(*c));

		for (i = 1; i < (size_t)f->nk; i++)
			c[i - 1] = (Col){ f->kern[i], i == best ? 0 : i };
		qsort(c, f->nk - 1, sizeof(*c), bycol);
		for (i = 1; i < (size_t)f->nk; i++)
			f->kern[i] = c[i - 1].k;
		free(c);
	}
	free(nbase);
	kp_strmap_free(m);
}

/* how good a source a comparison is for a column: against the baseline
 * first, then any with the kernel as its target, then as its baseline */
static int
rank(const Full *f, const CmpRec *c, int k, char *side)
{
	if (k == 0 && strcmp(c->base_kernel, f->kern[0]) == 0)
		return *side = 'b', 3;
	if (strcmp(c->target_kernel, f->kern[k]) == 0)
		return *side = 't', strcmp(c->base_kernel, f->kern[0]) == 0 ? 3 : 2;
	if (strcmp(c->base_kernel, f->kern[k]) == 0)
		return *side = 'b', 1;
	return 0;
}

/* rows by name, then concurrency: a test's levels together, ascending */
static int
byrow(const void *a, const void *b)
{
	const CmpRec *x = ((const FullRow *)a)->name, *y = ((const FullRow *)b)->name;
	int d;

	if ((d = strcmp(x->suite, y->suite)) || (d = strcmp(x->bench, y->bench)) ||
	    (d = strcmp(x->test, y->test)) || (d = strcmp(x->op, y->op)) ||
	    (d = strcmp(x->metric, y->metric)))
		return d;
	return (x->conc > y->conc) - (x->conc < y->conc);
}

void
full_build(Full *f, const Report *r)
{
	kp_strmap *rows = kp_strmap_new();
	char conc[32], side;
	size_t i;
	const Cmp **v = cmps_by_name(r);
	int isnew, k;

	memset(f, 0, sizeof(*f));
	f->r = r;
	f->o = r->full;
	columns(f, r);
	for (i = 0; i < r->ncmp; i++) {
		const CmpRec *c = &v[i]->rec;
		FullRow *w;
		size_t x;

		snprintf(conc, sizeof(conc), "%lld", c->conc);
		x = kp_strmap_addv(rows, &isnew, c->suite, c->bench, c->test,
		    c->op, c->metric, conc, NULL);
		if (isnew) {
			f->row = kp_grow(f->row, f->nrow, sizeof(*f->row));
			w = &f->row[f->nrow++];
			w->name = c;
			w->at = ecalloc(f->nk + 1, sizeof(*w->at));
			w->side = ecalloc(f->nk + 1, 1);
		}
		w = &f->row[x];
		for (k = 0; k < f->nk; k++) {
			char old;
			int rk = rank(f, c, k, &side);
			if (rk > (w->at[k] ? rank(f, w->at[k], k, &old) : 0)) {
				w->at[k] = c;
				w->side[k] = side;
			}
		}
	}
	kp_strmap_free(rows);
	if (f->nrow)
		qsort(f->row, f->nrow, sizeof(*f->row), byrow);
	free(v);
}

void
full_free(Full *f)
{
	size_t i;

	for (i = 0; i < f->nrow; i++) {
		free(f->row[i].at);
		free(f->row[i].side);
	}
	free(f->row);
	free(f->kern);
}

/*
 * MMTests' preferred direction for the benchmarks kp-parse-mmtests reads,
 * from MMTests' shellpack_src/src/NAME/shellpack.yaml as
 * bin/lib/MMTests/ExtractShellpack.pm reads it: Summarise.pm summarises
 * with Hmean where it prefers higher values and Amean where lower.
 * stress-ng's "preferhigher: yes" is not among the values
 * ExtractShellpack.pm accepts (empty, 1, higher, true) and sysbenchcpu
 * has none, so both are Lower there, against the direction of their
 * rates; compare-kernels' gains for them have the sign kp's do not.
 */
static const struct {
	const char *suite, *bench;	/* bench NULL: any */
	int higher;
} mmprefer[] = {
	{ "stressng", NULL, 0 },
	{ "sysbench", "cpu", 0 },
	{ "sysbench", "mutex", 0 },
	{ "unixbench", NULL, 1 },
	{ "wis", NULL, 1 },
};

enum { C_MEDIAN, C_HMEAN, C_AMEAN };

/* a benchmark MMTests' table does not list: its intent, kp's direction */
static int
mm_higher(const CmpRec *c)
{
	size_t i;

	for (i = 0; i < KP_LEN(mmprefer); i++)
		if (strcmp(c->suite, mmprefer[i].suite) == 0 &&
		    (!mmprefer[i].bench || strcmp(c->bench, mmprefer[i].bench) == 0))
			return mmprefer[i].higher;
	return c->better != KP_LOWER;
}

/* the row's centre */
static int
kind(const Full *f, const CmpRec *c)
{
	switch (f->o.centre) {
	case FULL_HMEAN:
		return c->better != KP_LOWER ? C_HMEAN : C_MEDIAN;
	case FULL_AMEAN:
		return C_AMEAN;
	case FULL_MMTESTS:
		return mm_higher(c) ? C_HMEAN : C_AMEAN;
	}
	return C_MEDIAN;
}

const char *
full_centre_name(const Full *f, const FullRow *w)
{
	static const char *const name[] = { "median", "hmean", "amean" };

	return name[kind(f, w->name)];
}

/* a side's centre: its median, or for an hmean or amean row that mean of
 * its one group; NAN when there is none */
static double
centre(const Full *f, const CmpRec *c, int base)
{
	const kp_strs *g = base ? &c->base_groups : &c->target_groups;
	const Group *x;
	int k = kind(f, c);

	if (k == C_MEDIAN)
		return base ? c->base_median : c->target_median;
	if (g->n != 1 || !(x = index_group(f->r, g->v[0])))
		return NAN;
	return k == C_HMEAN ? x->hmean : x->mean;
}

/* the change on the row's centre: change_pct for medians */
static double
change(const Full *f, const CmpRec *c)
{
	double b, t;

	if (kind(f, c) == C_MEDIAN)
		return c->change_pct;
	b = centre(f, c, 1);
	t = centre(f, c, 0);
	return b > 0 && !isnan(t) ? 100 * (t / b - 1) : NAN;
}

char *
full_legend(const Full *f, const char *base)
{
	static const char *const what[] = {
		[FULL_MEDIAN] = "the median of each kernel's samples",
		[FULL_HMEAN] = "the harmonic mean of each kernel's samples for "
		    "rates (Hmean; the median where lower is better)",
		[FULL_AMEAN] = "the arithmetic mean of each kernel's samples "
		    "(Amean)",
		[FULL_MMTESTS] = "the summary MMTests' compare-kernels prints for "
		    "the benchmark (Hmean where MMTests prefers higher values, "
		    "Amean where it prefers lower)",
	};
	char *s;

	if (asprintf(&s, "Every measurement: %s \u00b1 the samples' coefficient "
	    "of variation; %s against %s and kp-classify's verdict (R "
	    "regression with its severity, I improvement, ? uncertain, = no "
	    "change).%s", what[f->o.centre], f->o.mmnames ? "the gain of that "
	    "centre (positive when better, by kp's direction)" : f->o.centre ==
	    FULL_MEDIAN ? "the change of the median" : "the change of that "
	    "centre", base, f->o.mmnames ? " Numbers have two decimals, as in "
	    "compare-kernels." : "") < 0)
		kp_die("out of memory");
	return s;
}

/* the column k compared against the baseline: the change to show */
static int
against_base(const Full *f, const FullRow *w, int k)
{
	const CmpRec *c = w->at[k];

	return k && c && w->side[k] == 't' &&
	    strcmp(c->base_kernel, f->kern[0]) == 0;
}

/* MMTests' label of a row, as compare-kernels prints it after the
 * statistic, for the benchmarks kp-parse-mmtests reads whose naming the
 * bundled fixtures show (tests/data/mmtests/reference); -1 for others */
static int
mmlabel(char *buf, size_t sz, const CmpRec *c)
{
	size_t n = strlen(c->bench);

	if (strcmp(c->suite, "wis") == 0)	/* ops-futex1_threads-2 */
		snprintf(buf, sz, "%s-%s_%s-%lld", c->metric, c->bench,
		    strncmp(c->test, c->bench, n) == 0 && c->test[n] == '-' ?
		    c->test + n + 1 : c->test, c->conc);
	else if (strcmp(c->suite, "stressng") == 0)	/* bops-context-2 */
		snprintf(buf, sz, "bops-%s-%lld", c->test, c->conc);
	else if (strcmp(c->suite, "sysbench") == 0 &&
	    strcmp(c->bench, "cpu") == 0)	/* events/sec-3 */
		snprintf(buf, sz, "events/sec-%lld", c->conc);
	else if (strcmp(c->suite, "sysbench") == 0 &&
	    strcmp(c->bench, "mutex") == 0)	/* latency-3 */
		snprintf(buf, sz, "latency-%lld", c->conc);
	else if (strcmp(c->suite, "unixbench") == 0)	/* syscall */
		snprintf(buf, sz, "%s", c->bench);
	else
		return -1;
	return 0;
}

static const char *const mmstat[] = { "Median", "Hmean", "Amean" };

void
full_rowname(char *buf, size_t sz, const Full *f, const FullRow *w)
{
	const CmpRec *c = w->name;
	char name[1024];

	if (f->o.mmnames && mmlabel(name, sizeof(name), c) == 0) {
		snprintf(buf, sz, "%s %s", mmstat[kind(f, c)], name);
		return;
	}
	measurement_name(name, sizeof(name), c);
	snprintf(buf, sz, "%s%s%s at %lld", f->o.mmnames ? mmstat[kind(f, c)] :
	    "", f->o.mmnames ? " " : "", name, c->conc);
}

/* the change against the baseline and the verdict, when the cell has
 * them: "-12.7% R:red", "+3.0% I", "-1.2% ?", "+0.1% =" */
char *
full_change(const Full *f, const FullRow *w, int k)
{
	const CmpRec *c = w->at[k];
	double d;
	char *s;

	if (!against_base(f, w, k) || isnan(d = change(f, c)))
		return estrdup("");
	/* compare-kernels' gain: the change, negated where lower is better */
	if (f->o.mmnames && c->better == KP_LOWER)
		d = -d;
	if (asprintf(&s, f->o.mmnames ? "%+.2f%%%s%s" : "%+.1f%%%s%s", d,
	    c->class == KP_REGRESSION ? " R:" : c->class == KP_IMPROVEMENT ?
	    " I" : c->class == KP_UNCERTAIN ? " ?" : c->class == KP_NO_CHANGE ?
	    " =" : "", c->class == KP_REGRESSION ? S(sev_name(c->severity < 0 ?
	    KP_NSEV : c->severity)) : "") < 0)
		kp_die("out of memory");
	return s;
}

/* the centre and spread of a cell: "3.091M ±1.2%", "-" without one */
char *
full_centre(const Full *f, const FullRow *w, int k)
{
	const CmpRec *c = w->at[k];
	double m, cv;
	char b[32], *s;

	if (!c)
		return estrdup("-");
	m = centre(f, c, w->side[k] == 'b');
	cv = w->side[k] == 'b' ? c->base_cv : c->target_cv;
	if (isnan(m))
		return estrdup("n/a");
	fmt_si(b, sizeof(b), m);
	/* compare-kernels' two decimals, every digit of a large value kept */
	if (f->o.mmnames ? asprintf(&s, isfinite(cv) ? "%.2f \u00b1%.1f%%" :
	    "%.2f", m, 100 * fabs(cv)) < 0 :
	    asprintf(&s, isfinite(cv) ? "%s \u00b1%.1f%%" : "%s", b,
	    100 * fabs(cv)) < 0)
		kp_die("out of memory");
	return s;
}

static void
text(FILE *fp, const Full *f)
{
	size_t i, ncell = (f->nrow + 1) * (f->nk + 1), *w;
	char **cell = ecalloc(ncell, sizeof(*cell)), name[1024];
	int k, nc = f->nk + 1;

	w = ecalloc(nc, sizeof(*w));
	cell[0] = estrdup("measurement");
	for (k = 0; k < f->nk; k++)
		if (asprintf(&cell[k + 1], "%s%s", f->kern[k], k ? "" :
		    " (baseline)") < 0)
			kp_die("out of memory");
	for (i = 0; i < f->nrow; i++) {
		const FullRow *rw = &f->row[i];
		char **c = cell + (i + 1) * nc;

		full_rowname(name, sizeof(name), f, rw);
		if (asprintf(&c[0], "%s%s%s", name, *rw->name->unit ? ", " : "",
		    rw->name->unit) < 0)
			kp_die("out of memory");
		for (k = 0; k < f->nk; k++) {
			char *a = full_centre(f, rw, k), *b = full_change(f, rw, k);
			if (asprintf(&c[k + 1], "%s%s%s", a, *b ? " " : "", b) < 0)
				kp_die("out of memory");
			free(a);
			free(b);
		}
	}
	for (i = 0; i < ncell; i++)
		if (utf8_width(cell[i]) > w[i % nc])
			w[i % nc] = utf8_width(cell[i]);
	for (i = 0; i < ncell; i++) {
		k = (int)(i % nc);
		fputs(cell[i], fp);
		if (k + 1 < nc)
			fprintf(fp, "%*s", (int)(w[k] - utf8_width(cell[i]) + 2), "");
		else
			fputc('\n', fp);
		free(cell[i]);
	}
	free(cell);
	free(w);
}

static void
md(FILE *fp, const Full *f)
{
	char name[1024];
	size_t i;
	int k;

	fputs("| Measurement |", fp);
	for (k = 0; k < f->nk; k++) {
		fputc(' ', fp);
		md_put(fp, f->kern[k]);
		fputs(k ? " |" : " (baseline) |", fp);
	}
	fputs("\n|---|", fp);
	for (k = 0; k < f->nk; k++)
		fputs("---:|", fp);
	fputc('\n', fp);
	for (i = 0; i < f->nrow; i++) {
		const FullRow *rw = &f->row[i];

		full_rowname(name, sizeof(name), f, rw);
		fputs("| ", fp);
		md_put(fp, name);
		if (*rw->name->unit) {
			fputs(", ", fp);
			md_put(fp, rw->name->unit);
		}
		fputs(" |", fp);
		for (k = 0; k < f->nk; k++) {
			char *a = full_centre(f, rw, k), *b = full_change(f, rw, k);
			fputc(' ', fp);
			md_put(fp, a);
			if (*b) {
				fputs("<br>", fp);
				md_put(fp, b);
			}
			fputs(" |", fp);
			free(a);
			free(b);
		}
		fputc('\n', fp);
	}
}

static void
csvfield(FILE *fp, const char *s, int last)
{
	csv_text(fp, s, strlen(s));
	if (fputc(last ? '\n' : ',', fp) == EOF)
		kp_die_at("<stdout>", 0, 0, "write error: %s", strerror(errno));
}

static void
csvnum(FILE *fp, double x, int last)
{
	char b[32];

	if (isnan(x))
		b[0] = '\0';
	else
		kp_fmt_num(b, x);
	/* a number as it is: -3.2 stays a number */
	if (csv_fwrite(fp, b, strlen(b)) != 0 ||
	    fputc(last ? '\n' : ',', fp) == EOF)
		kp_die_at("<stdout>", 0, 0, "write error: %s", strerror(errno));
}

/* every digit, one group of five columns per kernel; with --centre
 * hmean the first is "centre" and a column says which centre each row
 * has, with --names mmtests a column has MMTests' name */
static void
csv(FILE *fp, const Full *f)
{
	static const char *const per[] = { "median", "cv", "change_pct",
		"class", "severity" };
	static const char *const names[] = { "suite", "bench", "test", "op",
		"metric", "unit", "conc" };
	char conc[32], h[1024];
	size_t i, j;
	int k, hm = f->o.centre != FULL_MEDIAN;

	for (j = 0; j < KP_LEN(names); j++)
		csvfield(fp, names[j], 0);
	if (f->o.mmnames)
		csvfield(fp, "mmtests_name", 0);
	if (hm)
		csvfield(fp, "centre", 0);
	for (k = 0; k < f->nk; k++)
		for (j = 0; j < KP_LEN(per); j++) {
			snprintf(h, sizeof(h), "%s %s", f->kern[k], j == 0 && hm ?
			    "centre" : per[j]);
			csvfield(fp, h, k + 1 == f->nk && j + 1 == KP_LEN(per));
		}
	for (i = 0; i < f->nrow; i++) {
		const FullRow *rw = &f->row[i];
		const CmpRec *n = rw->name;
		const char *v[] = { n->suite, n->bench, n->test, n->op, n->metric,
			n->unit };

		for (j = 0; j < KP_LEN(v); j++)
			csvfield(fp, v[j], 0);
		snprintf(conc, sizeof(conc), "%lld", n->conc);
		csvfield(fp, conc, f->nk == 0 && !hm && !f->o.mmnames);
		if (f->o.mmnames) {
			full_rowname(h, sizeof(h), f, rw);
			csvfield(fp, h, f->nk == 0 && !hm);
		}
		if (hm)
			csvfield(fp, full_centre_name(f, rw), f->nk == 0);
		for (k = 0; k < f->nk; k++) {
			const CmpRec *c = rw->at[k];
			int b = c && rw->side[k] == 'b', last = k + 1 == f->nk;
			int vs = against_base(f, rw, k);

			csvnum(fp, !c ? NAN : centre(f, c, b), 0);
			csvnum(fp, !c ? NAN : b ? c->base_cv : c->target_cv, 0);
			csvnum(fp, vs ? change(f, c) : NAN, 0);
			csvfield(fp, vs && c->class >= 0 ? class_name(c->class) : "", 0);
			csvfield(fp, vs && c->class >= 0 && c->severity >= 0 ?
			    S(sev_name(c->severity)) : "", last);
		}
	}
}

/* text and md open with the legend, which md says of "the baseline"
 * (its first column is named so) and text of the baseline's kernel */
enum { FULL_TEXT, FULL_MD, FULL_CSV };

static int
full_render(Report *r, FILE *fp, int as)
{
	Full f;
	char *l;

	full_build(&f, r);
	if (as != FULL_CSV) {
		l = full_legend(&f, as == FULL_TEXT && f.nk ? f.kern[0] :
		    "the baseline");
		fprintf(fp, "%s\n\n", l);
		free(l);
	}
	if (as == FULL_TEXT)
		text(fp, &f);
	else if (as == FULL_MD)
		md(fp, &f);
	else
		csv(fp, &f);
	full_free(&f);
	return KP_EXIT_OK;
}

int
render_full_text(Report *r, FILE *fp)
{
	return full_render(r, fp, FULL_TEXT);
}

int
render_full_md(Report *r, FILE *fp)
{
	return full_render(r, fp, FULL_MD);
}

int
render_full_csv(Report *r, FILE *fp)
{
	return full_render(r, fp, FULL_CSV);
}
