/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: a suite page, one suite by kernel pair */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

void
h_suite_page(struct hsite *s, int suite)
{
	Report *r = s->r;
	const char *name = s->suitepage[suite];
	FILE *fp = h_open(s, name);
	int *idx = emalloc((r->ncmp + 1) * sizeof(*idx));
	char *in = ecalloc(r->npair + 1, 1);	/* the pairs the suite has */
	/* per pair, of one test: comparisons, regressions, improvements,
	 * systematic (1 regression, 2 improvement) */
	int *tot = emalloc((r->npair + 1) * sizeof(*tot));
	int *reg = emalloc((r->npair + 1) * sizeof(*reg));
	int *imp = emalloc((r->npair + 1) * sizeof(*imp));
	int *sys = emalloc((r->npair + 1) * sizeof(*sys));
	size_t k;
	int p, i, t, n, nc;

	for (k = 0; k < r->ncmp; k++)
		if (r->cmp[k].suite_idx == suite)
			in[r->cmp[k].pair] = 1;
	h_head(fp, r->suite[suite]);
	h_crumbs(fp, s, suite, -1);
	fputs("<h1>Suite ", fp);
	h_esc(fp, r->suite[suite]);
	fputs("</h1>\n", fp);
	h_pairtable(fp, s, suite);

	fputs("<h2>Tests</h2>\n<table class=\"sort\"><thead><tr>"
	    "<th>measurement</th><th>unit</th><th>better</th>", fp);
	for (p = 0; p < r->npair; p++) {
		if (!in[p])
			continue;
		fputs("<th>", fp);
		h_pairname(fp, s, p);
		fputs("</th>", fp);
	}
	fputs("</tr></thead><tbody>\n", fp);
	for (t = 0; t < r->ntest; t++) {
		Test *te = &r->test[t];
		if (te->suite_idx != suite)
			continue;
		fputs("<tr><td>", fp);
		h_testlink(fp, s, t);
		fputs("</td><td>", fp);
		h_esc(fp, te->first->unit);
		fprintf(fp, "</td><td>%s</td>", h_better(te->first));
		memset(tot, 0, (r->npair + 1) * sizeof(*tot));
		memset(reg, 0, (r->npair + 1) * sizeof(*reg));
		memset(imp, 0, (r->npair + 1) * sizeof(*imp));
		memset(sys, 0, (r->npair + 1) * sizeof(*sys));
		for (i = 0; i < r->tcmp[t].n; i++) {
			Cmp *c = &r->cmp[r->tcmp[t].v[i]];
			tot[c->pair]++;
			reg[c->pair] += c->cls == KP_REGRESSION;
			imp[c->pair] += c->cls == KP_IMPROVEMENT;
		}
		for (i = 0; i < r->tsys[t].n; i++) {
			Sys *y = &r->sys[r->tsys[t].v[i]];
			if (y->rec.systematic)
				sys[y->pair] = y->rec.direction ==
				    KP_DIR_IMPROVEMENT ? 2 : 1;
		}
		for (p = 0; p < r->npair; p++) {
			if (!in[p])
				continue;
			fprintf(fp, "<td data-v=\"%d\">", reg[p] * 1000 + imp[p]);
			if (tot[p] == 0)
				fputs("-", fp);
			else
				fprintf(fp, "%d/%d regr., %d impr.", reg[p], tot[p],
				    imp[p]);
			if (sys[p] == 1)
				fputs(" <span class=\"sys\">systematic</span>", fp);
			else if (sys[p] == 2)
				fputs(" <span class=\"sysi\">systematic</span>", fp);
			fputs("</td>", fp);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);

	for (p = 0; p < r->npair; p++) {
		char svg[96], id[512];

		if (!in[p])
			continue;
		h_pairhead(fp, s, p);
		snprintf(id, sizeof(id), "%s\x1f%s\x1f%s", r->suite[suite],
		    r->pair[p].base_kernel, r->pair[p].target_kernel);
		h_name(svg, sizeof(svg), "heat-", r->suite[suite], id, "svg");
		svg_heatmap(s, svg, suite, p);
		fprintf(fp, "<div class=\"fig\"><object type=\"image/svg+xml\" "
		    "data=\"%s\">heat map: %s</object></div>\n", svg, svg);
		/* the unchanged are most of a lab and each is on its test
		 * page: listed here too, they made a suite page of 17 MB */
		for (n = i = nc = 0; i < r->pcmp[p].n; i++) {
			const Cmp *c = &r->cmp[r->pcmp[p].v[i]];

			if (c->suite_idx != suite)
				continue;
			if (c->cls == KP_NO_CHANGE)
				nc++;
			else
				idx[n++] = r->pcmp[p].v[i];
		}
		if (n)
			h_cmptable(fp, s, idx, n, COL_TEST);
		if (nc)
			fprintf(fp, "<p class=\"legend\">%s%d comparisons without "
			    "change are on their test pages, and in the heat map."
			    "</p>\n", n ? "Not listed: " : "", nc);
		h_rolls(fp, s, p, suite);
	}
	free(idx);
	free(in);
	free(tot);
	free(reg);
	free(imp);
	free(sys);
	h_foot(fp);
	h_close(s, fp, name);
}
