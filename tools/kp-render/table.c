/* SPDX-License-Identifier: GPL-2.0-or-later */
/* table.c: -f table, the per-metric table a CI gate prints: one aligned
 * row per comparison under a header naming baseline and target, and a
 * STALE line when the baseline was measured elsewhere or long before */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

enum { C_METRIC, C_BASE, C_RESULT, C_RATIO, C_CHANGE, C_VERDICT, C_REASON,
	NCOL };
static const char *const colname[NCOL] = {
	"metric", "baseline", "result", "ratio", "change", "verdict", "reason" };
static const int right[NCOL] = { 0, 1, 1, 1, 1, 0, 0 };

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));

typedef struct {
	char **v;
	size_t n;
} Set;

static void
set_add(Set *s, const char *x)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->v[i], x) == 0)
			return;
	s->v = kp_grow(s->v, s->n, sizeof(*s->v));
	s->v[s->n++] = estrdup(x);
}

static int
bystr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the set as "a, b": sorted, so equal sets give equal text */
static char *
set_text(Set *s)
{
	size_t i, len = 1;
	char *t;

	if (s->n)
		qsort(s->v, s->n, sizeof(*s->v), bystr);
	for (i = 0; i < s->n; i++)
		len += strlen(s->v[i]) + 2;
	t = emalloc(len);
	*t = '\0';
	for (i = 0; i < s->n; i++) {
		if (i)
			strcat(t, ", ");
		strcat(t, s->v[i]);
	}
	return t;
}

static void
set_free(Set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

typedef struct {
	Set host, cpu;
	long long first, last;	/* start of the earliest and latest run */
	size_t nfound;
} Side;

static const char *
known_or(const char *s)
{
	return s && *s ? s : "?";
}

static void
side_add(Side *sd, const Report *r, const kp_strs *runs)
{
	const Run *u;
	size_t i;

	for (i = 0; i < runs->n; i++) {
		for (u = index_run(r, runs->v[i]); u; u = u->next == SIZE_MAX ? NULL :
		    &r->run[u->next]) {
			sd->nfound++;
			set_add(&sd->host, known_or(u->rec.host));
			set_add(&sd->cpu, known_or(u->rec.cpu_model));
			if (u->start >= 0 && (sd->first < 0 || u->start < sd->first))
				sd->first = u->start;
			if (u->start > sd->last)
				sd->last = u->start;
		}
	}
}

static void
day(char *buf, size_t sz, long long t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (t < 0 || !gmtime_r(&tt, &tm) ||
	    strftime(buf, sz, "%Y-%m-%d", &tm) == 0)
		snprintf(buf, sz, "unknown date");
}

/* The runs of both sides of n comparisons: their host, CPU and dates in
 * *hdr (two lines), and in *why what makes the baseline stale (host or CPU
 * differ, older than max_age days, dated after the target), "" when
 * nothing does; both NULL when a side has no run record.  The caller
 * frees both. */
static void sides_of(Side *b, Side *t, double max_age, char **hdr,
    char **why);

static void
runs_of(const Report *r, const Cmp **c, size_t n, double max_age,
    char **hdr, char **why)
{
	Side b = { .first = -1, .last = -1 }, t = { .first = -1, .last = -1 };
	size_t i;

	for (i = 0; i < n; i++) {
		side_add(&b, r, &c[i]->rec.base_runs);
		side_add(&t, r, &c[i]->rec.target_runs);
	}
	sides_of(&b, &t, max_age, hdr, why);
}

/* the runs a map holds, as a comparison's list of them */
static void
side_add_map(Side *sd, const Report *r, const kp_strmap *m)
{
	kp_strs runs;
	size_t i;

	runs.n = m ? kp_strmap_len(m) : 0;
	runs.v = emalloc((runs.n + 1) * sizeof(*runs.v));
	for (i = 0; i < runs.n; i++)
		runs.v[i] = (char *)kp_strmap_key(m, i, NULL);
	side_add(sd, r, &runs);
	free(runs.v);
}

/* a side's runs count only by their hosts, CPUs and dates, so the runs of
 * many comparisons, each once, make the same text as the comparisons */
char *
stale_runs(const Report *r, const RunTally *u)
{
	Side b = { .first = -1, .last = -1 }, t = { .first = -1, .last = -1 };
	char *hdr, *why;

	if (u) {
		side_add_map(&b, r, u->base);
		side_add_map(&t, r, u->target);
	}
	sides_of(&b, &t, r->max_age, &hdr, &why);
	free(hdr);
	if (why && !*why) {
		free(why);
		why = NULL;
	}
	return why;
}

static void
sides_of(Side *bp, Side *tp, double max_age, char **hdr, char **why)
{
	Side b = *bp, t = *tp;
	char *bh, *th, *bc, *tc, bd[32], td[32], buf[2048];
	const char *sep = "";
	double age;
	size_t len = 0;

	*hdr = *why = NULL;
	if (b.nfound == 0 || t.nfound == 0)
		goto out;
	bh = set_text(&b.host);
	th = set_text(&t.host);
	bc = set_text(&b.cpu);
	tc = set_text(&t.cpu);
	day(bd, sizeof(bd), b.last);
	day(td, sizeof(td), t.first);
	*hdr = fmt("baseline runs: host %s, cpu %s, %s\n"
	    "target runs:   host %s, cpu %s, %s\n", bh, bc, bd, th, tc, td);
	age = b.last >= 0 && t.first >= 0 ? (t.first - b.last) / 86400.0 : 0;
	buf[0] = '\0';
	if (strcmp(bh, th) != 0) {
		len += (size_t)snprintf(buf + len, sizeof(buf) - len,
		    "host differs (%s vs %s)", bh, th);
		sep = "; ";
	}
	if (strcmp(bc, tc) != 0 && len < sizeof(buf)) {
		len += (size_t)snprintf(buf + len, sizeof(buf) - len,
		    "%scpu_model differs (%s vs %s)", sep, bc, tc);
		sep = "; ";
	}
	if (age > max_age && len < sizeof(buf))
		len += (size_t)snprintf(buf + len, sizeof(buf) - len,
		    "%s%.0f days older than the target (--max-age %g)", sep,
		    age, max_age);
	/* a baseline dated after the result is stale too: its clock, or
	 * its date, is wrong */
	if (age < 0 && len < sizeof(buf))
		snprintf(buf + len, sizeof(buf) - len,
		    "%sdated %.0f day%s after the target", sep, ceil(-age),
		    ceil(-age) == 1 ? "" : "s");
	*why = estrdup(buf);
	free(bh);
	free(th);
	free(bc);
	free(tc);
out:
	set_free(&b.host);
	set_free(&b.cpu);
	set_free(&t.host);
	set_free(&t.cpu);
}

static void
runs_header(FILE *fp, const Report *r, const Cmp **c, size_t n,
    double max_age)
{
	char *hdr, *why;

	runs_of(r, c, n, max_age, &hdr, &why);
	if (hdr)
		fputs(hdr, fp);
	if (why && *why)
		fprintf(fp, "STALE baseline: %s\n", why);
	free(hdr);
	free(why);
}

static char *
fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));

#include <stdarg.h>
static char *
fmt(const char *f, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, f);
	n = vasprintf(&s, f, ap);
	va_end(ap);
	if (n < 0)
		kp_die_at(NULL, 0, 0, "out of memory");
	return s;
}

/* for people: 3.091M, not 3.09126e+06; the ratio and the change carry
 * the precision a verdict needs, and -f csv has every digit */
static char *
value(double x, const char *unit)
{
	char b[32];

	if (isnan(x))
		return estrdup("n/a");
	fmt_si(b, sizeof(b), x);
	return fmt("%s%s%s", b, *unit ? " " : "", unit);
}

/* a measurement of a results document (kp-parse-results), named as the
 * document names it: lmbench.lat_syscall.open */
static int
is_doc(const Report *r, const CmpRec *x)
{
	const Run *u = x->base_runs.n ? index_run(r, x->base_runs.v[0]) : NULL;

	return u && u->rec.framework && strcmp(u->rec.framework, "results") == 0 &&
	    x->conc == 1;
}

static char *
docname(const CmpRec *x)
{
	char *s = fmt("%s.%s", x->suite, x->test), *p;

	for (p = s; *p; p++)
		if (*p == '/')
			*p = '.';
	return s;
}

static void
pair(FILE *fp, const Report *r, const Cmp **c, size_t n, double max_age)
{
	char *(*cell)[NCOL] = ecalloc(n + 1, sizeof(*cell));
	size_t w[NCOL], i, k, pad;
	char name[1024];
	double ratio;

	for (i = 1; i < n && strcmp(c[i]->rec.base_exp, c[0]->rec.base_exp) == 0 &&
	    strcmp(c[i]->rec.target_exp, c[0]->rec.target_exp) == 0; i++)
		;
	if (i == n)
		fprintf(fp, "baseline: %s (exp %s)  target: %s (exp %s)\n",
		    c[0]->rec.base_kernel, c[0]->rec.base_exp,
		    c[0]->rec.target_kernel, c[0]->rec.target_exp);
	else	/* one table for the pair: its suites are experiments of their own */
		fprintf(fp, "baseline: %s  target: %s\n", c[0]->rec.base_kernel,
		    c[0]->rec.target_kernel);
	runs_header(fp, r, c, n, max_age);
	for (k = 0; k < NCOL; k++)
		cell[0][k] = estrdup(colname[k]);
	for (i = 0; i < n; i++) {
		const CmpRec *x = &c[i]->rec;

		ratio = x->target_median / x->base_median;
		if (is_doc(r, x))
			cell[i + 1][C_METRIC] = docname(x);
		else {
			measurement_name(name, sizeof(name), x);
			cell[i + 1][C_METRIC] = fmt("%s at %lld", name, x->conc);
		}
		cell[i + 1][C_BASE] = value(x->base_median, S(x->unit));
		cell[i + 1][C_RESULT] = value(x->target_median, S(x->unit));
		cell[i + 1][C_RATIO] = isfinite(ratio) ? fmt("%.3f", ratio) :
		    estrdup("n/a");
		/* "~": not significant (q not below kp-classify's alpha) */
		cell[i + 1][C_CHANGE] = isnan(x->change_pct) ? estrdup("n/a") :
		    fmt("%+.1f%%%s", x->change_pct, not_significant(x) ? " ~" :
		    "");
		cell[i + 1][C_VERDICT] = fmt("%s%s%s%s%s%s", class_name(c[i]->cls),
		    x->severity < 0 ? "" : "/", S(sev_name(x->severity)),
		    triage_word(x->triage) ? " (" : "", S(triage_word(x->triage)),
		    triage_word(x->triage) ? ")" : "");
		/* why it is uncertain, in words (why), then the reason with
		 * its figures (a gate's widened interval) */
		cell[i + 1][C_REASON] = c[i]->cls == KP_UNCERTAIN &&
		    x->why >= 0 ? fmt("%s%s%s%s", why_text(x->why), x->reason &&
		    *x->reason ? " (" : "", S(x->reason), x->reason &&
		    *x->reason ? ")" : "") : estrdup(S(x->reason));
	}
	for (k = 0; k < NCOL; k++) {
		w[k] = 0;
		for (i = 0; i <= n; i++)
			if (utf8_width(cell[i][k]) > w[k])
				w[k] = utf8_width(cell[i][k]);
	}
	for (i = 0; i <= n; i++) {
		for (k = 0; k < NCOL; k++) {
			pad = w[k] - utf8_width(cell[i][k]);
			if (k)
				fputs("  ", fp);
			if (right[k])
				fprintf(fp, "%*s", (int)pad, "");
			fputs(cell[i][k], fp);
			/* no trailing blanks after the last column */
			if (!right[k] && k + 1 < NCOL)
				fprintf(fp, "%*s", (int)pad, "");
			free(cell[i][k]);
		}
		fputc('\n', fp);
	}
	free(cell);
}

/* by name, each pair's rows together: one table a pair (kernels, not
 * experiments: a suite is an experiment of its own) */
typedef struct {
	const Cmp *c;
	size_t i;
} Ranked;

static int
samepair(const Cmp *a, const Cmp *b)
{
	return strcmp(a->rec.base_kernel, b->rec.base_kernel) == 0 &&
	    strcmp(a->rec.target_kernel, b->rec.target_kernel) == 0;
}

static int
bypair(const void *pa, const void *pb)
{
	const Ranked *a = pa, *b = pb;
	int r;

	if ((r = strcmp(a->c->rec.base_kernel, b->c->rec.base_kernel)) ||
	    (r = strcmp(a->c->rec.target_kernel, b->c->rec.target_kernel)))
		return r;
	return (a->i > b->i) - (a->i < b->i);
}

static const Cmp **
by_pair(const Report *r)
{
	const Cmp **v = cmps_by_name(r);
	Ranked *k = ecalloc(r->ncmp + 1, sizeof(*k));
	size_t i;

	for (i = 0; i < r->ncmp; i++) {
		k[i].c = v[i];
		k[i].i = i;
	}
	qsort(k, r->ncmp, sizeof(*k), bypair);
	for (i = 0; i < r->ncmp; i++)
		v[i] = k[i].c;
	free(k);
	return v;
}

int
render_table(Report *r, FILE *fp)
{
	double max_age = r->max_age;
	const Cmp **v;
	size_t i, j;

	v = by_pair(r);
	cover_plain(fp, r, 0);	/* first: what the rows below rest on */
	for (i = 0; i < r->ncmp; i = j) {
		for (j = i; j < r->ncmp && samepair(v[j], v[i]); j++)
			;
		if (i)
			fputc('\n', fp);
		pair(fp, r, v + i, j - i, max_age);
	}
	free(v);
	return KP_EXIT_OK;
}
