/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gate.c: what kp-gate(1) says around its table, so that pipelines/gate.sh
 * composes tools and formats nothing:
 *
 *   -f gate          the closing line: the verdict, the counts, and the
 *                    metrics by their document's own names; it never
 *                    says PASS while it counts a regression past the
 *                    threshold
 *   -f gate-caveat   the line that says the gate compared across identity
 *                    fields that differ, before the table
 *
 * The differing fields come from --apart: the coverage records of kind
 * apart of an earlier comparison, whose differ holds the fields the gate
 * then left out of the identity. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "coverage.h"
#include "render.h"

#define FEW 10	/* metrics named in a list before "and N more" */

/* one differing field of --apart: its first values */
typedef struct GateDiffer {
	char *field, *base, *target;
	size_t seq;	/* in the order read */
} Differ;

static void
differ_add(Report *r, const kp_cov_diff *x)
{
	r->apart = kp_grow(r->apart, r->napart, sizeof(*r->apart));
	/* the gate's lines go to a terminal or a CI log, as text's do:
	 * shown in caret notation (JSON's quotes leave C1 controls as
	 * they are) */
	r->apart[r->napart].field = txt_visible(x->field);
	r->apart[r->napart].base = txt_visible(x->base);
	r->apart[r->napart].target = txt_visible(x->target);
	r->apart[r->napart].seq = r->napart;
	r->napart++;
}

void
gate_apart(Report *r, const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_coverage c;
	kp_json d;
	size_t i;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		if (!kp_rec_is(&d, &kp_cov_t))
			continue;
		kp_coverage_read(&d, &c);
		if (c.kind == KP_COV_APART)
			for (i = 0; i < c.ndiffer; i++)
				differ_add(r, &c.differ[i]);
		kp_coverage_free(&c);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* by field, then as read: the first values of each field come first */
static int
byfield(const void *a, const void *b)
{
	const Differ *x = a, *y = b;
	int c = strcmp(x->field, y->field);

	return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

/* s as a JSON string, "none" for null */
static void
quoted(FILE *fp, const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	kp_w *w;

	if (!m)
		kp_die("open_memstream: out of memory");
	w = kp_w_open(m, "<memory>");
	kp_w_str(w, s ? s : "none");
	kp_w_close(w);
	fwrite(buf, 1, len && buf[len - 1] == '\n' ? len - 1 : len, fp);
	free(buf);
}

/* "toolchain "gcc 13" in the baseline, "gcc 14" in the result; ...", each
 * field once; 0 when no field differs */
static int
caveat(Report *r, FILE *fp)
{
	Differ *d = r->apart;
	size_t i, n = 0;

	qsort(d, r->napart, sizeof(*d), byfield);
	for (i = 0; i < r->napart; i++) {
		if (i && strcmp(d[i].field, d[i - 1].field) == 0)
			continue;
		fprintf(fp, "%s%s ", n++ ? "; " : "", d[i].field);
		quoted(fp, d[i].base);
		fputs(" in the baseline, ", fp);
		quoted(fp, d[i].target);
		fputs(" in the result", fp);
	}
	return n > 0;
}

/* a measurement as its document names it: a results document its suite
 * and the path of its test, joined by '.' (lmbench.lat_syscall.open) */
static void
docname(FILE *fp, const char *suite, const char *test)
{
	const char *p;

	fputs(suite, fp);
	putc('.', fp);
	for (p = test; *p; p++)
		putc(*p == '/' ? '.' : *p, fp);
}

/* the input came from results documents (kp-parse-results) */
static int
results(const Report *r)
{
	size_t i;

	for (i = 0; i < r->nrun; i++)
		if (r->run[i].rec.framework &&
		    strcmp(r->run[i].rec.framework, "results") == 0)
			return 1;
	return 0;
}

static void
cmpname(FILE *fp, const CmpRec *c, int doc)
{
	if (doc)
		docname(fp, c->suite, c->test);
	else
		fprintf(fp, "%s/%s/%s[%s %s]@%lld", c->suite, c->bench, c->test,
		    c->op, c->metric, c->conc);
}

/* a change in whole percent; from 0 it has none (kp(7), zero baselines) */
static void
change(FILE *fp, const CmpRec *c)
{
	char num[KP_NUMBUF];

	if (!isnan(c->change_pct))
		fprintf(fp, "%s%.0f%%", c->change_pct >= 0 ? "+" : "",
		    round(c->change_pct));
	else if (c->base_median == 0) {
		kp_fmt_num(num, c->target_median);
		fprintf(fp, "from 0 to %s", num);
	} else
		fputs("n/a", fp);
}

/* a regression in a starved target */
static int
interfered(const CmpRec *c)
{
	return c->interference == 1 || (c->caveats >> KP_CAV_INTERFERENCE & 1);
}

/* ", and N more" after the first FEW of n */
static void
more(FILE *fp, size_t n)
{
	if (n > FEW)
		fprintf(fp, ", and %zu more", n - FEW);
}

static void
closing(Report *r, FILE *fp)
{
	size_t i, k, nreg = 0, nint = 0, nmiss = cover_missing(r), ntot;
	const char *name, *suite, *test, *v;
	int doc = results(r), first;
	double share, lo = INFINITY, hi = -INFINITY;
	char num[KP_NUMBUF];

	for (i = 0; i < r->ncmp; i++)
		if (r->cmp[i].rec.class == KP_REGRESSION) {
			nreg++;
			if (interfered(&r->cmp[i].rec)) {
				nint++;
				share = r->cmp[i].rec.cpu_share_ratio;
				if (!isnan(share)) {
					share = round(share * 100);
					lo = share < lo ? share : lo;
					hi = share > hi ? share : hi;
				}
			}
		}
	v = r->fails ? "FAIL" : nreg ? "WARN" : "PASS";
	if (r->report_only)
		fprintf(fp, "REPORT-ONLY: would %s", v);
	else
		fputs(v, fp);
	ntot = r->ncmp + nmiss;
	fprintf(fp, ": %zu of %zu metric%s regressed", nreg, ntot,
	    ntot == 1 ? "" : "s");
	/* records classified without a gate's threshold have none to say
	 * (it printed "past null%") */
	if (!isnan(gate_threshold(r))) {
		kp_fmt_num(num, gate_threshold(r));
		fprintf(fp, " past %s%%", num);
	}
	if (nreg) {
		fputs(" (", fp);
		for (i = k = 0; i < r->ncmp; i++) {
			if (r->cmp[i].rec.class != KP_REGRESSION || k++ >= FEW)
				continue;
			if (k > 1)
				fputs(", ", fp);
			cmpname(fp, &r->cmp[i].rec, doc);
			putc(' ', fp);
			change(fp, &r->cmp[i].rec);
		}
		more(fp, nreg);
		putc(')', fp);
	}
	if (!r->fails && nreg)
		fprintf(fp, ", none of them failing the gate (--fail-on %s)",
		    S(r->fail_on));
	if (nmiss) {
		fprintf(fp, "; %zu missing from the result (", nmiss);
		for (i = 0, first = 1; i < nmiss && i < FEW; i++, first = 0) {
			cover_miss_at(r, i, &name, &suite, &test);
			if (!first)
				fputs(", ", fp);
			if (doc && suite && test)
				docname(fp, suite, test);
			else
				fputs(name, fp);
		}
		more(fp, nmiss);
		putc(')', fp);
	}
	if (nint) {
		fprintf(fp, " (interference suspected: %zu of them ran with the "
		    "target starved of CPU", nint);
		if (lo <= hi) {
			fprintf(fp, ", %.0f", lo);
			if (hi != lo)
				fprintf(fp, "-%.0f", hi);
			fputs("% of the baseline's CPU share", fp);
		}
		putc(')', fp);
	}
	if (r->napart) {
		fputs(" (identity differs: ", fp);
		caveat(r, fp);
		putc(')', fp);
	}
	putc('\n', fp);
}

int
render_gate(Report *r, FILE *fp)
{
	closing(r, fp);
	return 0;
}

int
render_gate_caveat(Report *r, FILE *fp)
{
	if (r->napart) {
		fputs("caveat: compared across differing identity fields: ", fp);
		caveat(r, fp);
		putc('\n', fp);
	}
	return 0;
}
