/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the pages in order, and what every page has */
#include <stdio.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

void
h_pages(struct hsite *s)
{
	int k;

	h_style(s);
	h_index_page(s);
	h_full_page(s);
	for (k = 0; k < s->r->nsuite; k++)
		h_suite_page(s, k);
	/* a lab's site takes a while: the test pages hold the comparisons */
	for (k = 0; k < s->r->ntest; k++) {
		kp_progress("test page", k, s->r->ntest);
		h_test_page(s, k);
	}
	h_scaling_done(s);
	if (s->r->ntest)
		kp_progress("test page", s->r->ntest, s->r->ntest);
}

void
h_head(FILE *fp, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	    "\n<title>", fp);
	h_esc(fp, title);
	fputs(" - kp</title>\n<link rel=\"stylesheet\" href=\"style.css\">"
	    "\n</head><body>\n", fp);
}

void
h_foot(FILE *fp)
{
	/* click-to-sort without a framework: numbers by data-v, else text */
	fputs("<div class=\"foot\">kp " VERSION " - kp-render -f html</div>\n"
"<script>\n"
"document.querySelectorAll('table.sort th').forEach(function(th){\n"
" th.title='click to sort';th.onclick=function(){\n"
"  var t=th.closest('table'),b=t.tBodies[0],i=th.cellIndex,\n"
"   r=Array.prototype.slice.call(b.rows),d=th.dataset.d=th.dataset.d==='1'?'-1':'1';\n"
"  function v(row){var c=row.cells[i];if(!c)return '';\n"
"   return c.dataset.v!==undefined?c.dataset.v:c.textContent.trim();}\n"
"  r.sort(function(x,y){var a=v(x),c=v(y),m=parseFloat(a),n=parseFloat(c);\n"
"   var k=(!isNaN(m)&&!isNaN(n))?m-n:a.localeCompare(c);return k*d;});\n"
"  r.forEach(function(row){b.appendChild(row);});};});\n"
"</script>\n</body></html>\n", fp);
}

void
h_crumbs(FILE *fp, struct hsite *s, int suite, int test)
{
	fputs("<div class=\"crumbs\"><a href=\"index.html\">kernels</a>", fp);
	if (suite >= 0) {
		fprintf(fp, " &rsaquo; <a href=\"%s\">", s->suitepage[suite]);
		h_esc(fp, s->r->suite[suite]);
		fputs("</a>", fp);
	}
	if (test >= 0) {
		fputs(" &rsaquo; ", fp);
		h_testlink(fp, s, test);
	}
	fputs("</div>\n", fp);
}
