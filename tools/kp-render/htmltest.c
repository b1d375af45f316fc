/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: a test page, one measurement across levels and pairs */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

/* the history of each level the test's comparisons have (kp-trend):
 * one plot per level, in the order of the levels */
static void
trends(FILE *fp, struct hsite *s, int test, const char *page)
{
	Report *r = s->r;
	const List *l = &r->tcmp[test];
	const kp_trend **t = ecalloc(l->n + 1, sizeof(*t)), *x;
	char svg[128];
	int i, j, n = 0;

	for (i = 0; i < l->n; i++) {
		if (!(x = trend_of(r, &r->cmp[l->v[i]].rec)))
			continue;
		for (j = 0; j < n && t[j] != x; j++)
			;
		if (j == n)
			t[n++] = x;
	}
	for (i = 1; i < n; i++)	/* by level: a few, insertion sort */
		for (j = i; j > 0 && t[j - 1]->conc > t[j]->conc; j--) {
			x = t[j];
			t[j] = t[j - 1];
			t[j - 1] = x;
		}
	if (n)
		fprintf(fp, "<h2>History</h2>\n<p class=\"legend\">The value at "
		    "every kernel of the lab's history, in kernel order, with the "
		    "change points kp-trend found; the baseline and target of "
		    "this page's comparisons are ringed.</p>\n");
	for (i = 0; i < n; i++) {
		snprintf(svg, sizeof(svg), "%.*s-trend%lld.svg", (int)strlen(page) - 5,
		    page, t[i]->conc);
		svg_trend(s, svg, t[i], test);
		fprintf(fp, "<div class=\"fig\"><object type=\"image/svg+xml\" "
		    "data=\"%s\">trend at %lld: %s</object></div>\n", svg,
		    t[i]->conc, svg);
	}
	free(t);
}

void
h_test_page(struct hsite *s, int test)
{
	Report *r = s->r;
	const Test *t = &r->test[test];
	const List *l = &r->tcmp[test];
	const char *page = s->testpage[test];
	FILE *fp = h_open(s, page);
	char *in = ecalloc(r->npair + 1, 1);	/* the pairs the test has */
	int *idx = emalloc((l->n + 1) * sizeof(*idx));	/* h_cmptable sorts it */
	char svg[96], title[1024];
	int p, i;

	snprintf(title, sizeof(title), "%s/%s/%s[%s %s]", t->first->suite, t->first->bench,
	    t->first->test, t->first->op, t->first->metric);
	h_head(fp, title);
	h_crumbs(fp, s, t->suite_idx, test);
	fputs("<h1>", fp);
	h_measname(fp, t);
	fputs("</h1>\n<p class=\"sub\">unit ", fp);
	h_esc(fp, t->first->unit);
	fprintf(fp, ", %s is better</p>\n", h_better(t->first));
	h_svgname(svg, sizeof(svg), page);
	svg_chart(s, svg, test);
	fprintf(fp, "<div class=\"fig\"><object type=\"image/svg+xml\" "
	    "data=\"%s\">change by concurrency level: %s</object></div>\n",
	    svg, svg);
	h_scaling(fp, s, test, page);
	trends(fp, s, test, page);
	fputs("<h2>Systematic?</h2>\n", fp);
	for (i = 0; i < l->n; i++)
		in[r->cmp[l->v[i]].pair] = 1;
	for (p = 0; p < r->npair; p++)
		if (in[p])
			h_sysnote(fp, s, test, p);
	fputs("<h2>Every comparison</h2>\n", fp);
	memcpy(idx, l->v, l->n * sizeof(*idx));
	h_cmptable(fp, s, idx, l->n, COL_PAIR);
	/* the CPU share is of the job's runs: the same at every level */
	fputs("<h2 id=\"runs\">Runs and interference evidence</h2>\n", fp);
	for (p = 0; p < r->npair; p++)
		in[p] = 0;
	for (i = 0; i < l->n; i++) {
		const Cmp *c = &r->cmp[l->v[i]];

		if (in[c->pair]++)
			continue;
		fputs("<h3>", fp);
		h_pairname(fp, s, c->pair);
		fputs("</h3>\n", fp);
		h_cpushare(fp, s, c);
		fprintf(fp, "<p>The %zu baseline and %zu target runs side by "
		    "side, with the CPU time of each: <a href=\"%s\">their "
		    "page</a>.</p>\n", c->rec.base_runs.n, c->rec.target_runs.n,
		    h_runspage(s, c));
	}
	h_cmp_levels(fp, s, test, page);
	free(idx);
	free(in);
	h_foot(fp);
	h_close(s, fp, page);
}
