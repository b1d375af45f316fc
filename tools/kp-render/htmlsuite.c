/* kp-render -f html: a suite page, one suite by kernel pair */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "html.h"
#include "htmlpage.h"

void
h_suite_page(struct hsite *s, int suite)
{
	const char *name = s->suite[suite].page;
	FILE *fp = h_open(s, name);
	int *idx = emalloc((s->ncmp + 1) * sizeof(*idx));
	char *in = ecalloc(s->npair + 1, 1);	/* the pairs the suite has */
	/* per pair, of one test: comparisons, regressions, improvements,
	 * systematic (1 regression, 2 improvement) */
	int *tot = emalloc((s->npair + 1) * sizeof(*tot));
	int *reg = emalloc((s->npair + 1) * sizeof(*reg));
	int *imp = emalloc((s->npair + 1) * sizeof(*imp));
	int *sys = emalloc((s->npair + 1) * sizeof(*sys));
	int p, i, t, n;

	for (i = 0; i < s->ncmp; i++)
		if (s->cmp[i].suiteidx == suite)
			in[s->cmp[i].pair] = 1;
	h_head(fp, s->suite[suite].name);
	h_crumbs(fp, s, suite, -1, NULL);
	fputs("<h1>Suite ", fp);
	h_esc(fp, s->suite[suite].name);
	fputs("</h1>\n", fp);
	h_pairtable(fp, s, suite);

	fputs("<h2>Tests</h2>\n<table class=\"sort\"><thead><tr>"
	    "<th>measurement</th><th>unit</th><th>better</th>", fp);
	for (p = 0; p < s->npair; p++) {
		if (!in[p])
			continue;
		fputs("<th>", fp);
		h_pairname(fp, s, p);
		fputs("</th>", fp);
	}
	fputs("</tr></thead><tbody>\n", fp);
	for (t = 0; t < s->ntest; t++) {
		struct htest *te = &s->test[t];
		if (te->suiteidx != suite)
			continue;
		fputs("<tr><td>", fp);
		h_testlink(fp, s, t);
		fputs("</td><td>", fp);
		h_esc(fp, te->unit);
		fputs("</td><td>", fp);
		h_esc(fp, te->better);
		fputs("</td>", fp);
		memset(tot, 0, (s->npair + 1) * sizeof(*tot));
		memset(reg, 0, (s->npair + 1) * sizeof(*reg));
		memset(imp, 0, (s->npair + 1) * sizeof(*imp));
		memset(sys, 0, (s->npair + 1) * sizeof(*sys));
		for (i = 0; i < s->tcmp[t].n; i++) {
			struct hcmp *c = &s->cmp[s->tcmp[t].v[i]];
			tot[c->pair]++;
			reg[c->pair] += c->cls && !strcmp(c->cls, "regression");
			imp[c->pair] += c->cls && !strcmp(c->cls, "improvement");
		}
		for (i = 0; i < s->tsys[t].n; i++) {
			struct hsys *y = &s->sys[s->tsys[t].v[i]];
			if (y->systematic)
				sys[y->pair] = !strcmp(y->direction,
				    "improvement") ? 2 : 1;
		}
		for (p = 0; p < s->npair; p++) {
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

	for (p = 0; p < s->npair; p++) {
		char svg[96], id[512];

		if (!in[p])
			continue;
		h_pairhead(fp, s, p);
		snprintf(id, sizeof(id), "%s\x1f%s\x1f%s", s->suite[suite].name,
		    s->pair[p].bk, s->pair[p].tk);
		h_name(svg, sizeof(svg), "heat-", s->suite[suite].name, id, "svg");
		svg_heatmap(s, svg, suite, p);
		fprintf(fp, "<div class=\"fig\"><object type=\"image/svg+xml\" "
		    "data=\"%s\">heat map: %s</object></div>\n", svg, svg);
		for (n = i = 0; i < s->pcmp[p].n; i++)
			if (s->cmp[s->pcmp[p].v[i]].suiteidx == suite)
				idx[n++] = s->pcmp[p].v[i];
		h_cmptable(fp, s, idx, n, COL_TEST);
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
