/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the kernel page, index.html */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

static int
total(const int v[KP_NSEV])
{
	int i, n = 0;

	for (i = 0; i < KP_NSEV; i++)
		n += v[i];
	return n;
}

/* one sentence per pair: what a reader must not miss */
static void
headline(FILE *fp, struct hsite *s, int pair)
{
	struct counts k;
	int i, n = 0, r, imp;

	h_count(s, pair, -1, &k);
	r = total(k.reg);
	imp = total(k.imp);
	fprintf(fp, "<div class=\"verdict%s\"><b>%d regression%s</b>",
	    r ? " regression" : "", r, r == 1 ? "" : "s");
	if (r) {
		fputs(" (", fp);
		for (i = 0; i < KP_SEV_NONE; i++)
			if (k.reg[i])
				fprintf(fp, "%s%d %s", n++ ? ", " : "", k.reg[i],
				    sev_name(i));
		fputs(")", fp);
	}
	fprintf(fp, " in %d comparisons", k.n);
	if (k.sysreg) {
		fprintf(fp, "; <b>systematic</b> (every level) in ");
		for (i = n = 0; i < s->r->psys[pair].n; i++) {
			Sys *y = &s->r->sys[s->r->psys[pair].v[i]];
			if (!y->rec.systematic ||
			    y->rec.direction == KP_DIR_IMPROVEMENT)
				continue;
			fputs(n++ ? ", " : "", fp);
			if (y->test_idx >= 0)
				h_testlink(fp, s, y->test_idx);
			else
				h_esc(fp, y->rec.test);
		}
	}
	if (k.interf)
		fprintf(fp, "; <span class=\"chip intf\">%d of %d with "
		    "interference evidence</span>", k.interf, r);
	fprintf(fp, "; %d improvement%s, %d uncertain, %d no change.</div>\n",
	    imp, imp == 1 ? "" : "s", k.unc, k.noc);
}

void
h_index_page(struct hsite *s)
{
	Report *r = s->r;
	FILE *fp = h_open(s, "index.html");
	struct counts k;
	int *idx = emalloc((r->ncmp + 1) * sizeof(*idx));
	int p, i, n;

	h_head(fp, "Kernel comparisons");
	h_crumbs(fp, s, -1, -1);
	fprintf(fp, "<h1>Kernel comparisons</h1>\n<p class=\"sub\">%d "
	    "baseline/target pairs, %d suites, %d measurements, %zu comparisons, "
	    "%zu systematic-group records, %zu samples", r->npair, r->nsuite,
	    r->ntest, r->ncmp, r->nsys, r->smpcount);
	if (r->smpcount == 0 && r->ngrp > 0)
		fprintf(fp, " (the strip plots show the values of %zu stat "
		    "groups instead, without source files)", r->ngrp);
	fprintf(fp, ", from %ld records; <a href=\"full.html\">every "
	    "measurement, kernels as columns</a>.</p>\n", r->nrec);
	cover_html(fp, s->r, h_esc);	/* what the tables below rest on */
	subsys_html(fp, s);
	h_pairtable(fp, s, -1);
	for (p = 0; p < r->npair; p++) {
		h_pairhead(fp, s, p);
		headline(fp, s, p);
		fputs("<table class=\"sort\"><thead><tr><th>suite</th>", fp);
		h_countshead(fp);
		fputs("</tr></thead><tbody>\n", fp);
		for (i = 0; i < r->nsuite; i++) {
			h_count(s, p, i, &k);
			if (k.n == 0)
				continue;
			fprintf(fp, "<tr><td><a href=\"%s#pair%d\">",
			    s->suitepage[i], p);
			h_esc(fp, r->suite[i]);
			fputs("</a></td>", fp);
			h_countscells(fp, &k);
			fputs("</tr>\n", fp);
		}
		fputs("</tbody></table>\n", fp);
		fputs("<h3>Across concurrency levels</h3>\n", fp);
		h_systable(fp, s, p);
		for (n = i = 0; i < r->pcmp[p].n; i++)
			if (h_finding(&r->cmp[r->pcmp[p].v[i]]))
				idx[n++] = r->pcmp[p].v[i];
		fprintf(fp, "<h3>Findings</h3>\n");
		if (n) {
			fprintf(fp, "<p class=\"legend\">%d regressions and "
			    "improvements, most severe first; the suite pages list "
			    "every comparison. Change is of the median, target vs "
			    "baseline, with the interval its class was decided on "
			    "(for one run a side, widened by the run noise); the "
			    "colour "
			    "says worse (red) or better (blue) after the metric's "
			    "direction.</p>\n", n);
			h_cmptable(fp, s, idx, n, COL_TEST);
		} else
			fputs("<p>No regressions or improvements.</p>\n", fp);
		h_rolls(fp, s, p, -1);
	}
	free(idx);
	h_foot(fp);
	h_close(s, fp, "index.html");
}
