/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: full.html, the full table (full.c): every
 * measurement a row, every kernel a column, the baseline first */
#include <stdlib.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

void
h_full_page(struct hsite *s)
{
	FILE *fp = h_open(s, "full.html");
	Full f;
	size_t i;
	int k;

	full_build(&f, s->r);
	h_head(fp, "Every measurement");
	h_crumbs(fp, s, -1, -1);
	if (f.o.centre != FULL_MEDIAN || f.o.mmnames) {
		char *l = full_legend(&f, "the baseline");

		fprintf(fp, "<h1>Every measurement</h1>\n<p class=\"legend\">%s "
		    "The kernels are in the order of kp(7); <i>multimodal</i> "
		    "marks a kernel's values that kp-stats' gap rule splits into "
		    "clusters.</p>\n", l);
		free(l);
	} else
		fputs("<h1>Every measurement</h1>\n<p class=\"legend\">Each "
		    "kernel's median with the coefficient of variation of its "
		    "samples; against the baseline, the change of the median and "
		    "the verdict: R regression with its severity, I improvement, "
		    "? uncertain, = no change. The kernels are in the order of "
		    "kp(7); <i>multimodal</i> marks a kernel's values that "
		    "kp-stats' gap rule splits into clusters.</p>\n", fp);
	fputs("<table class=\"sort\"><thead><tr><th>measurement</th>", fp);
	for (k = 0; k < f.nk; k++) {
		fputs("<th>", fp);
		h_esc(fp, f.kern[k]);
		fputs(k ? "</th>" : " (baseline)</th>", fp);
	}
	fputs("</tr></thead><tbody>\n", fp);
	for (i = 0; i < f.nrow; i++) {
		const FullRow *w = &f.row[i];
		/* the record is the first member of its Cmp */
		const Cmp *c = (const Cmp *)(const void *)w->name;

		fputs("<tr><td>", fp);
		if (f.o.mmnames) {	/* MMTests' name, then kp's linked */
			char name[1024];

			full_rowname(name, sizeof(name), &f, w);
			h_esc(fp, name);
			fputs(" <small>", fp);
		}
		h_testlink(fp, s, c->test_idx);
		fprintf(fp, " at %lld%s</td>", w->name->conc, f.o.mmnames ?
		    "</small>" : "");
		for (k = 0; k < f.nk; k++) {
			char *a = full_centre(&f, w, k), *b = full_change(&f, w, k);
			const Cmp *x = (const Cmp *)(const void *)w->at[k];

			fputs("<td class=\"n\">", fp);
			h_esc(fp, a);
			if (x && h_modal(s, x, w->side[k] == 't') == 1)
				fprintf(fp, " <span class=\"chip modal\" "
				    "title=\"%s\">multimodal</span>", H_MODAL);
			if (*b) {
				fprintf(fp, "<br><span class=\"cls %s\">",
				    class_name(x->cls));
				h_esc(fp, b);
				fputs("</span>", fp);
			}
			fputs("</td>", fp);
			free(a);
			free(b);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
	full_free(&f);
	h_foot(fp);
	h_close(s, fp, "full.html");
}
