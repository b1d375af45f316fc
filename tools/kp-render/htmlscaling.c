/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kp-render -f html: the scaling plot of a test page, as MMTests' graphs
 * draw a family: the absolute value against the concurrency level, one
 * line per kernel (the baseline first, the others in the order of kp(7)),
 * with a band of one standard deviation of the samples.
 *
 * The values are the full table's (full.c): each kernel's median from the
 * cmp records, and sd = |cv x mean| of the same side, nothing recomputed
 * from samples.  The table is built once for the site; a plot draws
 * kernels x levels points, so its size is bounded by the lab's shape.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

static void
build(struct hsite *s)
{
	size_t i;
	int t;

	if (s->sc.built)
		return;
	s->sc.built = 1;
	full_build(&s->sc.full, s->r);
	s->sc.first = ecalloc(s->r->ntest + 1, sizeof(*s->sc.first));
	s->sc.nrows = ecalloc(s->r->ntest + 1, sizeof(*s->sc.nrows));
	/* rows are by name, then level: a test's levels are together */
	for (i = s->sc.full.nrow; i-- > 0;) {
		/* the record is the first member of its Cmp */
		t = ((const Cmp *)(const void *)s->sc.full.row[i].name)->
		    test_idx;
		s->sc.first[t] = i;
		s->sc.nrows[t]++;
	}
}

void
h_scaling_done(struct hsite *s)
{
	if (!s->sc.built)
		return;
	full_free(&s->sc.full);
	free(s->sc.first);
	free(s->sc.nrows);
	s->sc.first = s->sc.nrows = NULL;
	s->sc.built = 0;
}

/* two levels or more among the test's comparisons; without the table,
 * so that the comparison pages, written after it is freed, can ask */
int
h_scaling_has(struct hsite *s, int test)
{
	const List *l = &s->r->tcmp[test];
	int i;

	for (i = 1; i < l->n; i++)
		if (s->r->cmp[l->v[i]].rec.conc != s->r->cmp[l->v[0]].rec.conc)
			return 1;
	return 0;
}

/* a kernel's value at a row: its median and standard deviation */
static int
at(const FullRow *w, int k, double *m, double *sd)
{
	const CmpRec *c = w->at[k];
	double cv, mean;

	if (!c)
		return 0;
	*m = w->side[k] == 'b' ? c->base_median : c->target_median;
	cv = w->side[k] == 'b' ? c->base_cv : c->target_cv;
	mean = w->side[k] == 'b' ? c->base_mean : c->target_mean;
	*sd = isfinite(cv) && isfinite(mean) ? fabs(cv * mean) : NAN;
	return isfinite(*m);
}

/* a kernel's colour: the baseline black, a target the colour of its
 * first pair, as the change chart above draws that pair */
static const char *
colour(struct hsite *s, int k)
{
	int p;

	if (k == 0)
		return "#222";
	for (p = 0; p < s->r->npair; p++)
		if (strcmp(s->r->pair[p].target_kernel,
		    s->sc.full.kern[k]) == 0)
			return svg_palette[p % SVG_NPALETTE];
	return svg_palette[(s->r->npair + k) % SVG_NPALETTE];
}

/* levels that are all powers of two (1, 2, 4, ...) read best on log2 */
static int
pow2(const FullRow *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (w[i].name->conc <= 0 ||
		    (w[i].name->conc & (w[i].name->conc - 1)))
			return 0;
	return 1;
}

static void
plot(struct hsite *s, const char *file, int test)
{
	const CmpRec *t = s->r->test[test].first;
	const FullRow *w = &s->sc.full.row[s->sc.first[test]];
	size_t n = s->sc.nrows[test], i, j;
	FILE *fp = h_open(s, file);
	int W = 900, H = 400, left = 80, right = 210, top = 40, bottom = 56;
	int pw, ph, lg = pow2(w, n), k, line = 0, nline = 0, pos;
	double lo = INFINITY, hi = -INFINITY, xlo, xhi, m, sd, t0, step, v;
	double lastx = -1e9;
	char title[1024], buf[32];

	for (k = 0; k < s->sc.full.nk; k++) {
		int any = 0;
		for (i = 0; i < n; i++)
			if (at(&w[i], k, &m, &sd)) {
				if (!isfinite(sd))
					sd = 0;
				lo = fmin(lo, m - sd);
				hi = fmax(hi, m + sd);
				any = 1;
			}
		nline += any;
	}
	/* the legend, a line per kernel, sets the height of a lab's plot */
	if (H < top + 24 + nline * 18)
		H = top + 24 + nline * 18;
	pw = W - left - right;
	ph = H - top - bottom;
	if (!(hi > lo))
		lo -= fabs(lo) * 0.05 + 1, hi += fabs(hi) * 0.05 + 1;
	v = (hi - lo) * 0.06;
	pos = lo >= 0;
	lo -= v, hi += v;
	svg_ticks(lo, hi, &t0, &step);
	lo = floor(lo / step) * step;
	hi = ceil(hi / step) * step;
	if (pos && lo < 0)	/* no negative axis under positive values */
		lo = 0;
#define LX(c) (lg ? log2((double)(c)) : (double)(c))
	xlo = LX(w[0].name->conc);
	xhi = LX(w[n - 1].name->conc);
	v = (xhi - xlo) * 0.05;
	xlo -= v, xhi += v;
#define X(c) (left + pw * (LX(c) - xlo) / (xhi - xlo))
#define Y(val) (top + ph * (hi - (val)) / (hi - lo))
	snprintf(title, sizeof(title), "%s/%s/%s[%s %s]: value by concurrency "
	    "level and kernel", t->suite, t->bench, t->test, t->op, t->metric);
	svg_open(fp, W, H, title);
	fputs("<text x=\"6\" y=\"18\" font-size=\"13\" font-weight=\"600\">", fp);
	h_esc(fp, t->metric);
	fputs(" (", fp);
	h_esc(fp, t->unit);
	fprintf(fp, "), %s is better: median of each kernel, band \xc2\xb1 one "
	    "standard deviation</text>\n", h_better(t));
	for (v = lo; v <= hi + step / 2; v += step) {
		fmt_si(buf, sizeof(buf), v);
		fprintf(fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"#e6e6e6\"/>\n<text x=\"%d\" y=\"%.1f\" "
		    "text-anchor=\"end\" fill=\"#444\">%s</text>\n", left,
		    left + pw, Y(v), Y(v), left - 6, Y(v) + 4, buf);
	}
	for (i = 0; i < n; i++) {	/* a label per level, none overlapping */
		double x = X(w[i].name->conc);
		if (x - lastx < 28)
			continue;
		lastx = x;
		fprintf(fp, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
		    "stroke=\"#f0f0f0\"/><text x=\"%.1f\" y=\"%d\" "
		    "text-anchor=\"middle\" fill=\"#444\">%lld</text>\n", x, x,
		    top, top + ph, x, top + ph + 16, w[i].name->conc);
	}
	fprintf(fp, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">"
	    "concurrency level%s</text>\n", left + pw / 2.0, H - 14,
	    lg ? " (log2 scale)" : "");
	fprintf(fp, "<text transform=\"translate(16,%.1f) rotate(-90)\" "
	    "text-anchor=\"middle\">", top + ph / 2.0);
	h_esc(fp, t->unit);
	fprintf(fp, "</text>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"none\" stroke=\"#999\"/>\n", left, top, pw, ph);
	for (k = 0; k < s->sc.full.nk; k++) {
		const char *col = colour(s, k);
		int have = 0;

		for (i = 0; i < n && !at(&w[i], k, &m, &sd); i++)
			;
		if (i == n)
			continue;	/* the kernel has no value of this test */
		/* the band, one quadrilateral between neighbouring levels */
		for (i = 0; i + 1 < n; i++) {
			double m1, s1;
			if (!at(&w[i], k, &m, &sd) || !at(&w[i + 1], k, &m1, &s1) ||
			    !isfinite(sd) || !isfinite(s1))
				continue;
			fprintf(fp, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f "
			    "%.1fz\" fill=\"%s\" fill-opacity=\"0.12\"/>\n",
			    X(w[i].name->conc), Y(m + sd), X(w[i + 1].name->conc),
			    Y(m1 + s1), X(w[i + 1].name->conc), Y(m1 - s1),
			    X(w[i].name->conc), Y(m - sd), col);
		}
		fputs("<path d=\"", fp);
		for (i = 0; i < n; i++) {
			if (!at(&w[i], k, &m, &sd)) {
				have = 0;
				continue;
			}
			fprintf(fp, "%c%.1f %.1f", have ? 'L' : 'M',
			    X(w[i].name->conc), Y(m));
			have = 1;
		}
		fprintf(fp, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"/>"
		    "\n", col, k == 0 ? "2.5" : "1.8");
		for (i = 0; i < n; i++) {
			if (!at(&w[i], k, &m, &sd))
				continue;
			fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
			    "fill=\"%s\"><title>", X(w[i].name->conc), Y(m), col);
			h_esc(fp, s->sc.full.kern[k]);
			fmt_si(buf, sizeof(buf), m);
			fprintf(fp, " at %lld: median %s", w[i].name->conc, buf);
			if (isfinite(sd)) {
				fmt_si(buf, sizeof(buf), sd);
				fprintf(fp, " \xc2\xb1 %s (sd)", buf);
			}
			fputs("</title></circle>\n", fp);
		}
		j = (size_t)line++;
		fprintf(fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%zu\" y2=\"%zu\" "
		    "stroke=\"%s\" stroke-width=\"%s\"/><text x=\"%d\" y=\"%zu\">",
		    W - right + 12, W - right + 30, top + 8 + j * 18,
		    top + 8 + j * 18, col, k == 0 ? "2.5" : "1.8",
		    W - right + 36, top + 12 + j * 18);
		h_esc(fp, s->sc.full.kern[k]);
		fputs(k == 0 ? " (baseline)</text>\n" : "</text>\n", fp);
	}
#undef X
#undef Y
#undef LX
	fputs("</svg>\n", fp);
	h_close(s, fp, file);
}

void
h_scaling(FILE *fp, struct hsite *s, int test, const char *page)
{
	char svg[128];

	if (!h_scaling_has(s, test))
		return;
	build(s);
	snprintf(svg, sizeof(svg), "%.*s-scaling.svg", (int)strlen(page) - 5,
	    page);
	plot(s, svg, test);
	fprintf(fp, "<h2 id=\"scaling\">Scaling</h2>\n<p class=\"legend\">The "
	    "value of every kernel at every concurrency level, as MMTests' "
	    "graphs draw it: each kernel's median from its comparisons, the "
	    "band one standard deviation of its samples either side; the "
	    "baseline is black and first, the others in the order of kp(7)."
	    "</p>\n<div class=\"fig\"><img src=\"%s\" alt=\"value by "
	    "concurrency level, one line per kernel\"></div>\n", svg);
}
