/* kp-render -f html: a test page, one measurement across levels and pairs */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

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
	h_crumbs(fp, s, t->suite_idx, test, NULL);
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
	fputs("<h2>Systematic?</h2>\n", fp);
	for (i = 0; i < l->n; i++)
		in[r->cmp[l->v[i]].pair] = 1;
	for (p = 0; p < r->npair; p++)
		if (in[p])
			h_sysnote(fp, s, test, p);
	fputs("<h2>Every comparison</h2>\n", fp);
	memcpy(idx, l->v, l->n * sizeof(*idx));
	h_cmptable(fp, s, idx, l->n, COL_PAIR);
	free(idx);
	free(in);
	h_foot(fp);
	h_close(s, fp, page);
}
