/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the table of comparisons, most severe first */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

/* indexes into the comparisons cmp, for qsort_r */
static int
bysev(const void *a, const void *b, void *cmp)
{
	const Cmp *x = &((const Cmp *)cmp)[*(const int *)a];
	const Cmp *y = &((const Cmp *)cmp)[*(const int *)b];
	int rx = h_sevrank(x), ry = h_sevrank(y);
	double sx = isfinite(x->rec.score) ? x->rec.score : -1;
	double sy = isfinite(y->rec.score) ? y->rec.score : -1;

	if (rx != ry)
		return rx - ry;
	if (sx != sy)
		return sx < sy ? 1 : -1;
	if (x->test_idx != y->test_idx)
		return x->test_idx - y->test_idx;
	if (x->pair != y->pair)
		return x->pair - y->pair;
	return x->rec.conc < y->rec.conc ? -1 : x->rec.conc > y->rec.conc;
}

/*
 * The change, coloured by how bad it is only when it is a finding: a -20%
 * that kp-classify calls no change (below the noise floor of a noisy test)
 * must not look like a regression.  Uncertain changes get a faint colour.
 */
static void
changecell(FILE *fp, const Cmp *c)
{
	char col[8];
	double g;

	/* the ~ of a change that is not significant may wrap below it, so
	 * that it never widens the table past the window */
	const char *cls = not_significant(&c->rec) ? "n iv" : "n";

	if (h_goodness(c, &g) == 0 && (c->cls == KP_NCLASS ||
	    h_finding(c) || c->cls == KP_UNCERTAIN)) {
		svg_cmpcolor(c, col);
		fprintf(fp, "<td class=\"%s\" data-v=\"%g\" style=\"background:"
		    "%s;color:%s\">", cls, c->rec.change_pct, col, svg_ink(col));
	} else
		fprintf(fp, "<td class=\"%s nc\" data-v=\"%g\">", cls,
		    c->rec.change_pct);
	h_pct(fp, c->rec.change_pct);
	if (not_significant(&c->rec))
		fputs(" <span class=\"ns\" title=\"not significant: q not "
		    "below kp-classify's alpha\">~</span>", fp);
	fputs("</td>", fp);
}


/*
 * kp-classify's rule and caveats, one chip each, from the typed fields
 * why and caveats, never from reason, which is for people and stays in
 * the tooltip.  Interference and instability stand out because they say
 * the change may not be the kernel's.  c NULL: a group of comparisons,
 * without any one's numbers.
 */
void
h_chips(FILE *fp, int why, unsigned caveats, const CmpRec *c)
{
	if (why < 0 && c && (!c->reason || !*c->reason)) {
		fputs("-", fp);	/* not classified */
		return;
	}
	if (why < 0) {	/* classified before there was why */
		fputs("<span class=\"chip\"", fp);
		if (c && c->reason) {
			fputs(" title=\"", fp);
			h_esc(fp, c->reason);
			fputs("\"", fp);
		}
		fputs(">rule not recorded</span>", fp);
		return;
	}
	if (c && c->reason) {
		fputs("<span title=\"", fp);
		h_esc(fp, c->reason);
		fputs("\">", fp);
	} else
		fputs("<span>", fp);
	if (caveats >> KP_CAV_SINGLE_RUN & 1)
		fputs("<span class=\"chip\" title=\"one run per side: the "
		    "test saw no run-to-run noise, so the change is held "
		    "against a noise floor\">single run</span>", fp);
	if (caveats >> KP_CAV_THRESHOLD_ONLY & 1)
		fputs("<span class=\"chip\" title=\"fewer than two runs a side: "
		    "no test, the threshold alone\">threshold only</span>", fp);
	fputs("<span class=\"chip\">", fp);
	h_esc(fp, why_text(why));
	fputs("</span>", fp);
	if (c && !isnan(c->run_sd_pct)) {
		fputs("<span class=\"chip\">run sd ", fp);
		h_num(fp, round(c->run_sd_pct * 10) / 10);
		fputs("%", fp);
		if (c->run_sd_source >= 0) {
			fputs(", ", fp);
			h_esc(fp, kp_word(&kp_sd_source_v, c->run_sd_source));
		}
		fputs("</span>", fp);
	}
	if (caveats >> KP_CAV_UNSTABLE & 1)
		fputs("<span class=\"chip unst\">unstable</span>", fp);
	if (caveats >> KP_CAV_INTERFERENCE & 1) {
		fputs("<span class=\"chip intf\">interference", fp);
		if (c && !isnan(c->cpu_share_ratio))
			fprintf(fp, ": %s cpu share %.0f%% of %s",
			    c->starved_side == KP_SIDE_BASE ? "baseline" : "target",
			    c->starved_side == KP_SIDE_BASE ? 100 / c->cpu_share_ratio :
			    100 * c->cpu_share_ratio,
			    c->starved_side == KP_SIDE_BASE ? "target" : "baseline");
		fputs("</span>", fp);
	}
	if (caveats >> KP_CAV_CPU_IDLE & 1)
		fputs("<span class=\"chip\" title=\"the benchmark got less CPU "
		    "while the CPUs sat idle: the kernel's doing, not "
		    "interference\">less CPU, CPUs idle</span>", fp);
	if (caveats >> KP_CAV_NOISE_ASSUMED & 1)
		fputs("<span class=\"chip\" title=\"no reruns, no history: "
		    "learn the run noise from reruns of the baseline or a "
		    "history (kp-trend)\">run noise assumed</span>", fp);
	if (caveats >> KP_NCAV & 1)
		fputs("<span class=\"chip\">other</span>", fp);
	fputs("</span>", fp);
}

/* since which kernel (kp-trend, kp-triage) and what is known of it */
static void
history(FILE *fp, const CmpRec *c)
{
	char buf[256];

	if (history_text(buf, sizeof(buf), c)) {
		fputs("<br><small>", fp);
		h_esc(fp, buf);
		fputs("</small>", fp);
	}
	if (triage_word(c->triage)) {
		fputs(" <span class=\"chip\">", fp);
		h_esc(fp, triage_word(c->triage));
		fputs("</span>", fp);
	}
}

/* every comparison in idx, most severe first, each linking to its evidence */
void
h_cmptable(FILE *fp, struct hsite *s, int *idx, int n, int cols)
{
	int i;

	qsort_r(idx, n, sizeof(*idx), bysev, s->r->cmp);
	fputs("<table class=\"sort\"><thead><tr><th>severity</th><th>class</th>",
	    fp);
	if (cols & COL_TEST)
		fputs("<th>measurement</th>", fp);
	if (cols & COL_PAIR)
		fputs("<th>baseline &rarr; target</th>", fp);
	fputs("<th>conc</th><th>change</th><th title=\"the interval the class was decided on\">interval</th><th>p</th><th>q</th>"
	    "<th title=\"" H_G "\">g</th><th title=\"" H_DELTA "\">&delta;"
	    "</th><th title=\"" H_N "\">n</th><th title=\"" H_SCORE "\">"
	    "score</th><th>reason</th><th>evidence</th></tr></thead><tbody>\n",
	    fp);
	for (i = 0; i < n; i++) {
		const Cmp *c = &s->r->cmp[idx[i]];
		const char *cls = class_name(c->cls);

		fprintf(fp, "<tr><td data-v=\"%d\"><span class=\"sev %s\">%s"
		    "</span></td><td class=\"cls\"><span class=\"cls %s\">%s"
		    "</span></td>", h_sevrank(c), sev_name(h_sevidx(c)),
		    c->rec.severity < 0 ? "none" : sev_name(c->rec.severity),
		    c->cls == KP_NCLASS ? "none" : cls,
		    c->cls == KP_NCLASS ? "-" : cls);
		if (cols & COL_TEST) {
			fputs("<td>", fp);
			h_testlink(fp, s, c->test_idx);
			history(fp, &c->rec);
			fputs("</td>", fp);
		}
		if (cols & COL_PAIR) {
			fputs("<td>", fp);
			h_pairname(fp, s, c->pair);
			fputs("</td>", fp);
		}
		fprintf(fp, "<td class=\"n\">%lld</td>", c->rec.conc);
		changecell(fp, c);
		fputs("<td class=\"n iv\">", fp);
		if (isfinite(c->lo) && isfinite(c->hi)) {
			fprintf(fp, "<span title=\"%g%% interval, the one that decided\">[", c->level);
			h_pct(fp, c->lo);
			fputs(", ", fp);
			h_pct(fp, c->hi);
			fputs("]</span>", fp);
		} else
			fputs("-", fp);
		fprintf(fp, "</td><td class=\"n\" data-v=\"%g\">", c->rec.p);
		h_num(fp, c->rec.p);
		fprintf(fp, "</td><td class=\"n\" data-v=\"%g\">", c->rec.q);
		h_num(fp, c->rec.q);
		fputs("</td><td class=\"n\">", fp);
		h_num(fp, c->rec.hedges_g);
		fputs("</td><td class=\"n\">", fp);
		h_num(fp, c->rec.cliffs_delta);
		fprintf(fp, "</td><td class=\"n\">%lld/%lld</td><td class=\"n\">",
		    c->rec.n_base, c->rec.n_target);
		h_num(fp, c->rec.score);
		fputs("</td><td class=\"why\">", fp);
		h_chips(fp, c->rec.why, c->rec.caveats, &c->rec);
		h_modalchip(fp, s, c);
		fprintf(fp, "</td><td class=\"n\"><a href=\"%s\">observations</a>"
		    "</td></tr>\n", h_cmppage(s, c));
	}
	fputs("</tbody></table>\n", fp);
	/* a table of one row has the tooltips: the legend would be longer */
	if (n > 1)
		fputs("<p class=\"legend\"><b>g</b>: " H_G "; <b>&delta;</b>: "
		    H_DELTA "; <b>n</b>: " H_N "; <b>score</b>: " H_SCORE
		    ".</p>\n", fp);
}
