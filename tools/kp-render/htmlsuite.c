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
		for (p = 0; p < s->npair; p++) {
			int reg = 0, imp = 0, tot = 0, sys = 0;

			if (!in[p])
				continue;
			for (i = 0; i < s->ncmp; i++) {
				struct hcmp *c = &s->cmp[i];
				if (c->testidx != t || c->pair != p)
					continue;
				tot++;
				reg += c->cls && !strcmp(c->cls, "regression");
				imp += c->cls && !strcmp(c->cls, "improvement");
			}
			for (i = 0; i < s->nsys; i++)
				if (s->sys[i].testidx == t && s->sys[i].pair == p &&
				    s->sys[i].systematic)
					sys = !strcmp(s->sys[i].direction,
					    "improvement") ? 2 : 1;
			fprintf(fp, "<td data-v=\"%d\">", reg * 1000 + imp);
			if (tot == 0)
				fputs("-", fp);
			else
				fprintf(fp, "%d/%d regr., %d impr.", reg, tot, imp);
			if (sys == 1)
				fputs(" <span class=\"sys\">systematic</span>", fp);
			else if (sys == 2)
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
		for (n = i = 0; i < s->ncmp; i++)
			if (s->cmp[i].pair == p && s->cmp[i].suiteidx == suite)
				idx[n++] = i;
		h_cmptable(fp, s, idx, n, COL_TEST);
		h_rolls(fp, s, p, suite);
	}
	free(idx);
	free(in);
	h_foot(fp);
	h_close(s, fp, name);
}
