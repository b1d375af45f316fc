/* kp-render -f html: a test page, one measurement across levels and pairs */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "html.h"
#include "htmlpage.h"

void
h_test_page(struct hsite *s, int test)
{
	struct htest *t = &s->test[test];
	FILE *fp = h_open(s, t->page);
	int *idx = emalloc((s->ncmp + 1) * sizeof(*idx));
	char svg[96], title[1024];
	int p, i, n;

	snprintf(title, sizeof(title), "%s/%s/%s[%s %s]", t->suite, t->bench,
	    t->test, t->op, t->metric);
	h_head(fp, title);
	h_crumbs(fp, s, t->suiteidx, test, NULL);
	fputs("<h1>", fp);
	h_measname(fp, t);
	fputs("</h1>\n<p class=\"sub\">unit ", fp);
	h_esc(fp, t->unit);
	fputs(", ", fp);
	h_esc(fp, t->better);
	fputs(" is better</p>\n", fp);
	h_svgname(svg, sizeof(svg), t->page);
	svg_chart(s, svg, test);
	fprintf(fp, "<div class=\"fig\"><object type=\"image/svg+xml\" "
	    "data=\"%s\">change by concurrency level: %s</object></div>\n",
	    svg, svg);
	fputs("<h2>Systematic?</h2>\n", fp);
	for (p = 0; p < s->npair; p++) {
		for (i = 0; i < s->ncmp; i++)
			if (s->cmp[i].testidx == test && s->cmp[i].pair == p)
				break;
		if (i < s->ncmp)
			h_sysnote(fp, s, test, p);
	}
	fputs("<h2>Every comparison</h2>\n", fp);
	for (n = i = 0; i < s->ncmp; i++)
		if (s->cmp[i].testidx == test)
			idx[n++] = i;
	h_cmptable(fp, s, idx, n, COL_PAIR);
	free(idx);
	h_foot(fp);
	h_close(s, fp, t->page);
}
