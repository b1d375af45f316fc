/* SPDX-License-Identifier: GPL-2.0-or-later */
/* svgtrend.c: kp-render -f html, the trend plot of a test page: one
 * series (kp-trend) across kernels in kp(7) order, each kernel's centre
 * with its 95% interval; change points as dashed lines between the last
 * kernel of the old level and the first of the new, with their size;
 * transients as open rings, drifts as a shaded span; the baseline and
 * target kernels of the test's comparisons ringed blue and red. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"

static int
kernel_at(const kp_trend *t, const char *k)
{
	size_t i;

	for (i = 0; k && i < t->series.n; i++)
		if (strcmp(((const kp_tpoint *)t->series.v)[i].kernel, k) == 0)
			return (int)i;
	return -1;
}

/* is kernel k a baseline (1) or a target (2) of the test's comparisons
 * at the series' level (both: 3) */
static int
role(const struct hsite *s, int test, const kp_trend *t, const char *k)
{
	const Report *r = s->r;
	const List *l = &r->tcmp[test];
	int i, v = 0;

	for (i = 0; i < l->n; i++) {
		const CmpRec *c = &r->cmp[l->v[i]].rec;

		if (c->conc != t->conc)
			continue;
		if (strcmp(c->base_kernel, k) == 0)
			v |= 1;
		if (strcmp(c->target_kernel, k) == 0)
			v |= 2;
	}
	return v;
}

void
svg_trend(struct hsite *s, const char *file, const kp_trend *t, int test)
{
	const kp_tpoint *p = t->series.v;
	const kp_tchange *c = t->changes.v;
	const kp_ttransient *tr = t->transients.v;
	const kp_tdrift *d = t->drifts.v;
	int n = (int)t->series.n, w, h = 340, left = 80, right = 30, top = 40,
	    bottom = 90, pw, ph, i, j, k, rl;
	double lo = INFINITY, hi = -INFINITY, t0, step, v, x0, x1;
	char title[1024], buf[32];
	FILE *fp = h_open(s, file);

	w = left + right + (n > 24 ? 22 * n : 528);
	for (i = 0; i < n; i++) {
		lo = fmin(lo, isfinite(p[i].ci_low) ? p[i].ci_low : p[i].centre);
		hi = fmax(hi, isfinite(p[i].ci_high) ? p[i].ci_high : p[i].centre);
	}
	if (!(hi > lo))
		lo -= fabs(lo) * 0.01 + 1, hi += fabs(hi) * 0.01 + 1;
	svg_ticks(lo, hi, &t0, &step);
	lo = floor(lo / step) * step;
	hi = ceil(hi / step) * step;
	pw = w - left - right;
	ph = h - top - bottom;
#define X(i) (left + pw * ((i) + 0.5) / (n ? n : 1))
#define Y(val) (top + ph * (hi - (val)) / (hi - lo))
	snprintf(title, sizeof(title), "%s/%s/%s[%s %s] at %lld: trend across %d "
	    "kernels", t->suite, t->bench, t->test, t->op, t->metric, t->conc, n);
	svg_open(fp, w, h, title);
	fprintf(fp, "<text x=\"%d\" y=\"20\" font-size=\"13\" font-weight=\"bold\">"
	    "at %lld: the centre of each kernel with its 95%% interval</text>\n",
	    left, t->conc);
	for (v = t0 > lo ? t0 : lo; v <= hi + step / 2; v += step) {
		fmt_si(buf, sizeof(buf), v);
		fprintf(fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"#e6e6e6\"/>\n<text x=\"%d\" y=\"%.1f\" "
		    "text-anchor=\"end\" fill=\"#444\">%s</text>\n", left, left + pw,
		    Y(v), Y(v), left - 6, Y(v) + 4, buf);
	}
	for (i = 0; i < (int)t->drifts.n; i++) {
		j = kernel_at(t, d[i].first);
		k = kernel_at(t, d[i].last);
		if (j < 0 || k < 0)
			continue;
		x0 = X(j) - 0.5 * pw / n;
		x1 = X(k) + 0.5 * pw / n;
		fprintf(fp, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
		    "fill=\"#fff3e0\"><title>drift %+.1f%% over ", x0, top, x1 - x0,
		    ph, d[i].size_pct);
		h_esc(fp, d[i].first);
		fputs(" .. ", fp);
		h_esc(fp, d[i].last);
		fprintf(fp, "</title></rect>\n<text x=\"%.1f\" y=\"%d\" "
		    "fill=\"#e65100\" font-size=\"10\">drift %+.1f%%</text>\n",
		    x0 + 2, top + 10, d[i].size_pct);
	}
	for (i = 0; i < (int)t->changes.n; i++) {
		j = kernel_at(t, c[i].before);
		k = kernel_at(t, c[i].first);
		if (j < 0 || k < 0)
			continue;
		x0 = (X(j) + X(k)) / 2;
		/* a change from a zero level has no percentage (kp(7)) */
		if (isnan(c[i].size_pct))
			snprintf(buf, sizeof(buf), "from 0");
		else
			snprintf(buf, sizeof(buf), "%+.1f%%", c[i].size_pct);
		fprintf(fp, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
		    "stroke=\"%s\" stroke-dasharray=\"5,3\"/>\n<text x=\"%.1f\" "
		    "y=\"%d\" fill=\"%s\" font-size=\"10\">%s%s</text>\n", x0, x0,
		    top, top + ph, c[i].worse ? "#b71c1c" : "#1565c0", x0 + 3,
		    top + 22 + 12 * (i % 3), c[i].worse ? "#b71c1c" : "#1565c0",
		    buf, c[i].provisional ? " (provisional)" :
		    c[i].reverted_in ? " (reverted)" : "");
	}
	/* the centres, joined, with their intervals */
	fputs("<polyline fill=\"none\" stroke=\"#9e9e9e\" points=\"", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s%.1f,%.1f", i ? " " : "", X(i), Y(p[i].centre));
	fputs("\"/>\n", fp);
	for (i = 0; i < n; i++) {
		if (isfinite(p[i].ci_low) && isfinite(p[i].ci_high))
			fprintf(fp, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
			    "y2=\"%.1f\" stroke=\"#616161\"/>\n", X(i), X(i),
			    Y(p[i].ci_low), Y(p[i].ci_high));
		fmt_si(buf, sizeof(buf), p[i].centre);
		fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#212121\">"
		    "<title>", X(i), Y(p[i].centre));
		h_esc(fp, p[i].kernel);
		fprintf(fp, ": %s (%lld units)</title></circle>\n", buf, p[i].n);
		rl = role(s, test, t, p[i].kernel);
		if (rl & 1)
			fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"none\" "
			    "stroke=\"#1565c0\" stroke-width=\"2\"><title>baseline"
			    "</title></circle>\n", X(i), Y(p[i].centre));
		if (rl & 2)
			fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"11\" fill=\"none\" "
			    "stroke=\"#b71c1c\" stroke-width=\"2\"><title>target"
			    "</title></circle>\n", X(i), Y(p[i].centre));
		/* the kernel's name, slanted so that 40 of them fit */
		fprintf(fp, "<text transform=\"translate(%.1f,%d) rotate(-55)\" "
		    "text-anchor=\"end\" font-size=\"10\" fill=\"%s\">", X(i),
		    top + ph + 12, rl & 2 ? "#b71c1c" : rl & 1 ? "#1565c0" : "#444");
		h_esc(fp, p[i].kernel);
		fputs("</text>\n", fp);
	}
	for (i = 0; i < (int)t->transients.n; i++) {
		if ((j = kernel_at(t, tr[i].kernel)) < 0)
			continue;
		if (isnan(tr[i].size_pct))
			snprintf(buf, sizeof(buf), "from 0");
		else
			snprintf(buf, sizeof(buf), "%+.1f%%", tr[i].size_pct);
		fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"none\" "
		    "stroke=\"#e65100\" stroke-dasharray=\"2,2\"><title>transient "
		    "%s</title></circle>\n", X(j), Y(p[j].centre), buf);
	}
	fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#444\">"
	    "dashed: change points (red worse, blue better); rings: baseline "
	    "(blue), target (red), transient (orange, dotted)</text>\n", left, h - 6);
#undef X
#undef Y
	fputs("</svg>\n", fp);
	h_close(s, fp, file);
}
