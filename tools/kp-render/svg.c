/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the figures, as standalone SVG files */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"

const char *const svg_palette[SVG_NPALETTE] = { "#1f77b4", "#ff7f0e", "#2ca02c",
    "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22" };



/*
 * Diverging scale, worse red and better blue, saturating at 50%: kernel
 * regressions worth a look are mostly a few to a few tens of percent, and
 * the square root keeps a 3% change visible next to a 60% one.
 */
void
svg_color(double g, char out[8])
{
	static const int base[3] = { 247, 247, 247 };
	static const int worse[3] = { 178, 24, 43 };
	static const int better[3] = { 33, 102, 172 };
	const int *end = g < 0 ? worse : better;
	double t = sqrt(fmin(fabs(g) / 50, 1));
	int i, c[3];

	for (i = 0; i < 3; i++)
		c[i] = (int)lround(base[i] + t * (end[i] - base[i]));
	snprintf(out, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

/*
 * A comparison's colour: full for a regression or improvement (or when
 * nothing classified it), half-way to the neutral grey for uncertain,
 * neutral for no change, so only findings look like findings.
 */
void
svg_cmpcolor(const Cmp *c, char out[8])
{
	double g, f = 1;

	if (h_goodness(c, &g) == -1)
		g = 0;
	if (c->cls != KP_NCLASS && !h_finding(c))
		f = c->cls == KP_UNCERTAIN ? 0.45 : 0;
	svg_color(g * f * f, out);
}

/* white on dark fills, else near-black (relative luminance, sRGB approx.) */
const char *
svg_ink(const char *fill)
{
	unsigned r, g, b;

	if (sscanf(fill, "#%2x%2x%2x", &r, &g, &b) != 3)
		return "#222";
	return 0.2126 * r + 0.7152 * g + 0.0722 * b < 140 ? "#fff" : "#222";
}

/* SVG text does not wrap: long names are cut, on a character boundary */
void
svg_esc_cut(FILE *fp, const char *s, size_t max)
{
	char buf[256];
	size_t n = strlen(s);

	if (max >= sizeof(buf))
		max = sizeof(buf) - 1;
	if (n <= max) {
		h_esc(fp, s);
		return;
	}
	n = max - 1;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	memcpy(buf, s, n);
	buf[n] = '\0';
	h_esc(fp, buf);
	fputs("\xe2\x80\xa6", fp);
}

void
svg_open(FILE *fp, int w, int h, const char *title)
{
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "font-family=\"system-ui,sans-serif\" font-size=\"11\">\n<title>",
	    w, h, w, h);
	h_esc(fp, title);
	fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
	    fp);
}

/* about five round steps covering [lo, hi] */
void
svg_ticks(double lo, double hi, double *t0, double *step)
{
	double span = hi - lo, raw, mag, f;

	if (!(span > 0))
		span = fabs(hi) > 0 ? fabs(hi) : 1;
	raw = span / 5;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	*step = (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
	*t0 = ceil(lo / *step - 1e-9) * *step;
}

static int
addlevel(long long **v, int n, long long x)
{
	int i;

	for (i = 0; i < n; i++)
		if ((*v)[i] == x)
			return n;
	*v = kp_grow(*v, (size_t)n, sizeof(**v));
	(*v)[n] = x;
	return n + 1;
}

static const char *
mark(const Cmp *c)
{
	if (c->cls == KP_REGRESSION)
		return "\xe2\x96\xbc";	/* down triangle */
	if (c->cls == KP_IMPROVEMENT)
		return "\xe2\x96\xb2";	/* up triangle */
	if (c->cls == KP_UNCERTAIN)
		return "?";
	return "";
}

static void
legend_scale(FILE *fp, int x, int y)
{
	static const double steps[] = { -50, -25, -10, -3, 0, 3, 10, 25, 50 };
	char col[8];
	size_t i;

	fprintf(fp, "<text x=\"%d\" y=\"%d\" fill=\"#444\">worse</text>\n",
	    x, y + 12);
	for (i = 0; i < KP_LEN(steps); i++) {
		svg_color(steps[i], col);
		fprintf(fp, "<rect x=\"%zu\" y=\"%d\" width=\"30\" height=\"14\" "
		    "fill=\"%s\" stroke=\"#ccc\"/><text x=\"%zu\" y=\"%d\" "
		    "text-anchor=\"middle\" fill=\"#444\" font-size=\"10\">"
		    "%+g%%</text>\n", x + 40 + i * 30, y, col, x + 55 + i * 30,
		    y + 26, steps[i]);
	}
	fprintf(fp, "<text x=\"%zu\" y=\"%d\" fill=\"#444\">better</text>\n",
	    x + 46 + KP_LEN(steps) * 30, y + 12);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" fill=\"#444\">\xe2\x96\xbc "
	    "regression, \xe2\x96\xb2 improvement: full colour; ? uncertain: "
	    "pale; no change: grey, whatever its size; frame: black red "
	    "severity, orange yellow</text>\n", x, y + 44);
	fprintf(fp, "<path d=\"M%d %dh10v10z\" fill=\"#e65100\"/><text x=\"%d\" "
	    "y=\"%d\" fill=\"#444\">interference: the target runs got less "
	    "CPU time (kp-classify)</text>\n", x, y + 52, x + 16, y + 62);
}

void
svg_heatmap(struct hsite *s, const char *file, int suite, int pair)
{
	const Report *m = s->r;
	FILE *fp = h_open(s, file);
	long long *lv = NULL;
	int *rows = NULL, nrow = 0, nlv = 0, i, j, r, lab = 0;
	int cw = 64, ch = 24, left, top = 60, w, h;
	char title[512], *seen = ecalloc(m->ntest + 1, 1);

	for (i = 0; i < m->pcmp[pair].n; i++) {
		const Cmp *c = &m->cmp[m->pcmp[pair].v[i]];
		if (c->suite_idx != suite)
			continue;
		nlv = addlevel(&lv, nlv, c->rec.conc);
		if (!seen[c->test_idx]) {
			seen[c->test_idx] = 1;
			rows = kp_grow(rows, (size_t)nrow, sizeof(*rows));
			rows[nrow++] = c->test_idx;
		}
	}
	free(seen);
	qsort(lv, nlv, sizeof(*lv), h_bylonglong);
	for (r = 0; r < nrow; r++) {
		const Test *t = &m->test[rows[r]];
		int l = strlen(t->first->bench) + strlen(t->first->test) + strlen(t->first->op) +
		    strlen(t->first->metric) + 4;
		if (l > lab)
			lab = l;
	}
	if (lab > 60)
		lab = 60;
	left = 12 + lab * 6.6;
	w = left + nlv * cw + 20;
	if (w < 900)
		w = 900;
	h = top + nrow * ch + 90;
	snprintf(title, sizeof(title), "%s: change by test and concurrency level",
	    m->suite[suite]);
	svg_open(fp, w, h, title);
	fputs("<text x=\"6\" y=\"16\" font-size=\"13\" font-weight=\"600\">", fp);
	h_esc(fp, title);
	fputs("</text>\n", fp);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" fill=\"#444\">concurrency level"
	    "</text>\n", left, top - 24);
	for (j = 0; j < nlv; j++)
		fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
		    "font-weight=\"600\">%lld</text>\n", left + j * cw + cw / 2,
		    top - 6, lv[j]);
	for (r = 0; r < nrow; r++) {
		const Test *t = &m->test[rows[r]];
		char name[1024];
		int y = top + r * ch;

		snprintf(name, sizeof(name), "%s/%s[%s %s]", t->first->bench, t->first->test,
		    t->first->op, t->first->metric);
		fprintf(fp, "<a xlink:href=\"%s\" target=\"_top\"><text x=\"%d\" "
		    "y=\"%d\" text-anchor=\"end\" fill=\"#0550ae\"><title>",
		    s->testpage[rows[r]],
		    left - 6, y + ch / 2 + 4);
		h_esc(fp, name);
		fputs("</title>", fp);
		svg_esc_cut(fp, name, lab);
		fputs("</text></a>\n", fp);
		for (j = 0; j < nlv; j++) {
			const Cmp *c = index_cell(m, pair, rows[r], lv[j]);
			int x = left + j * cw;
			char col[8], lbl[32];
			double g;

			if (c == NULL) {
				fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
				    "height=\"%d\" fill=\"#f3f3f3\" stroke=\"#fff\"/>"
				    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
				    "fill=\"#bbb\">n/a</text>\n", x, y, cw, ch,
				    x + cw / 2, y + ch / 2 + 4);
				continue;
			}
			svg_cmpcolor(c, col);
			fprintf(fp, "<a xlink:href=\"%s\" target=\"_top\"><title>",
			    h_cmppage(s, c));
			h_esc(fp, t->first->test);
			fprintf(fp, " conc %lld: %+.2f%% [%+.2f%%, %+.2f%%] ",
			    c->rec.conc, c->rec.change_pct, c->lo, c->hi);
			fprintf(fp, "%s %s", c->cls == KP_NCLASS ? "" :
			    class_name(c->cls), S(sev_name(c->rec.severity)));
			fprintf(fp, "</title><rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\" fill=\"%s\" stroke=\"#fff\"/>", x, y,
			    cw, ch, col);
			if (c->sev == KP_RED || c->sev == KP_YELLOW)
				fprintf(fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
				    "height=\"%d\" fill=\"none\" stroke=\"%s\" "
				    "stroke-width=\"2.5\"/>", x + 1.5, y + 1.5,
				    cw - 3, ch - 3, c->sev == KP_RED ?
				    "#000" : "#f57c00");
			if (h_interf(&c->rec, lbl, sizeof(lbl)))
				fprintf(fp, "<path d=\"M%d %dh10v10z\" "
				    "fill=\"#e65100\"/>", x + cw - 11, y + 1);
			if (h_goodness(c, &g) == -1)
				snprintf(lbl, sizeof(lbl), "-");
			else
				snprintf(lbl, sizeof(lbl), "%+.0f%%", c->rec.change_pct);
			fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
			    "fill=\"%s\"%s>%s%s</text></a>\n", x + cw / 2,
			    y + ch / 2 + 4, c->cls == KP_NO_CHANGE ?
			    "#777" : svg_ink(col), h_finding(c) ?
			    " font-weight=\"600\"" : "", mark(c), lbl);
		}
	}
	legend_scale(fp, 6, top + nrow * ch + 18);
	fputs("</svg>\n", fp);
	free(lv);
	free(rows);
	h_close(s, fp, file);
}

void
svg_chart(struct hsite *s, const char *file, int test)
{
	const Report *m = s->r;
	const Test *t = &m->test[test];
	FILE *fp = h_open(s, file);
	long long *lv = NULL;
	int *pairs = NULL, npair = 0, nlv = 0, i, j, k;
	int w = 900, h = 380, left = 70, right = 220, top = 36, bottom = 50;
	int pw, ph;
	double lo = 0, hi = 0, t0, step, v, band;
	int higher = t->first->better != KP_LOWER;
	char title[1024], buf[16], *seen = ecalloc(m->npair + 1, 1);

	for (i = 0; i < m->tcmp[test].n; i++) {
		const Cmp *c = &m->cmp[m->tcmp[test].v[i]];
		nlv = addlevel(&lv, nlv, c->rec.conc);
		if (!seen[c->pair]) {
			seen[c->pair] = 1;
			pairs = kp_grow(pairs, (size_t)npair, sizeof(*pairs));
			pairs[npair++] = c->pair;
		}
		if (isfinite(c->rec.change_pct))
			lo = fmin(lo, c->rec.change_pct), hi = fmax(hi, c->rec.change_pct);
		if (isfinite(c->lo))
			lo = fmin(lo, c->lo);
		if (isfinite(c->hi))
			hi = fmax(hi, c->hi);
	}
	free(seen);
	qsort(lv, nlv, sizeof(*lv), h_bylonglong);
	if (hi - lo < 2)
		lo -= 1, hi += 1;
	svg_ticks(lo, hi, &t0, &step);
	lo = fmin(lo, t0 > lo ? t0 - step : t0);
	lo = floor(lo / step) * step;
	hi = ceil(hi / step) * step;
	pw = w - left - right;
	ph = h - top - bottom;
	band = (double)pw / (nlv ? nlv : 1);
#define Y(val) (top + ph * (hi - (val)) / (hi - lo))
	snprintf(title, sizeof(title), "%s/%s/%s[%s %s]: change vs baseline by "
	    "concurrency level", t->first->suite, t->first->bench, t->first->test, t->first->op, t->first->metric);
	svg_open(fp, w, h, title);
	/* the worse side of zero, so direction needs no thought */
	fprintf(fp, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" "
	    "fill=\"#fdeeee\"/>\n", left, higher ? Y(0) : (double)top, pw,
	    higher ? top + ph - Y(0) : Y(0) - top);
	fprintf(fp, "<text x=\"%d\" y=\"%.1f\" fill=\"#b71c1c\" "
	    "font-size=\"10\">worse</text>\n<text x=\"%d\" y=\"%.1f\" "
	    "fill=\"#1565c0\" font-size=\"10\">better</text>\n", left + 4,
	    higher ? Y(lo) - 4 : (double)top + 12, left + 4,
	    higher ? (double)top + 12 : Y(lo) - 4);
	for (v = lo; v <= hi + step / 2; v += step) {
		fprintf(fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"%s\"/>\n<text x=\"%d\" y=\"%.1f\" "
		    "text-anchor=\"end\" fill=\"#444\">%+g%%</text>\n", left,
		    left + pw, Y(v), Y(v), fabs(v) < step / 2 ? "#555" : "#e6e6e6",
		    left - 6, Y(v) + 4, fabs(v) < step / 2 ? 0 : v);
	}
	for (j = 0; j < nlv; j++)
		fprintf(fp, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
		    "fill=\"#444\">%lld</text>\n", left + band * (j + 0.5),
		    top + ph + 16, lv[j]);
	fprintf(fp, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">"
	    "concurrency level</text>\n", left + pw / 2.0, h - 12);
	fprintf(fp, "<text transform=\"translate(16,%.1f) rotate(-90)\" "
	    "text-anchor=\"middle\">change of the median vs baseline (%%)"
	    "</text>\n",
	    top + ph / 2.0);
	fputs("<text x=\"6\" y=\"18\" font-size=\"13\" font-weight=\"600\">", fp);
	h_esc(fp, t->first->metric);
	fputs(" (", fp);
	h_esc(fp, t->first->unit);
	fprintf(fp, "), %s is better: median change with the interval "
	    "that decided</text>\n", higher ? "higher" : "lower");
	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"none\" stroke=\"#999\"/>\n", left, top, pw, ph);
	for (k = 0; k < npair; k++) {
		const char *col = svg_palette[k % SVG_NPALETTE];
		double off = npair > 1 ? band * 0.5 * ((k + 0.5) / npair - 0.5) : 0;
		double px = 0, py = 0;
		int have = 0;

		for (j = 0; j < nlv; j++) {
			const Cmp *c = index_cell(m, pairs[k], test, lv[j]);
			double x = left + band * (j + 0.5) + off;

			if (c == NULL || !isfinite(c->rec.change_pct)) {
				have = 0;
				continue;
			}
			if (have)
				fprintf(fp, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
				    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" "
				    "opacity=\"0.6\"/>\n", px, py, x, Y(c->rec.change_pct),
				    col);
			if (isfinite(c->lo) && isfinite(c->hi))
				fprintf(fp, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fh8M%.1f "
				    "%.1fh8\" stroke=\"%s\" stroke-width=\"1.5\" "
				    "fill=\"none\"/>\n", x, Y(c->lo),
				    Y(c->hi), x - 4, Y(c->lo), x - 4,
				    Y(c->hi), col);
			fprintf(fp, "<a xlink:href=\"%s\" target=\"_top\"><title>",
			    h_cmppage(s, c));
			h_esc(fp, c->rec.base_kernel);
			fputs(" -> ", fp);
			h_esc(fp, c->rec.target_kernel);
			fprintf(fp, " conc %lld: %+.2f%% [%+.2f%%, %+.2f%%] ",
			    c->rec.conc, c->rec.change_pct, c->lo, c->hi);
			if (c->cls != KP_NCLASS)
				fputs(class_name(c->cls), fp);
			fprintf(fp, "</title><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" "
			    "fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/></a>\n",
			    x, Y(c->rec.change_pct), "4.5", h_finding(c) ? col : "#fff",
			    col);
			if (h_interf(&c->rec, buf, sizeof(buf)))
				fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8.5\" "
				    "fill=\"none\" stroke=\"#e65100\" stroke-width="
				    "\"1.5\" stroke-dasharray=\"3 2\"/>\n", x,
				    Y(c->rec.change_pct));
			px = x, py = Y(c->rec.change_pct), have = 1;
		}
		fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
		    "fill=\"%s\"/><text x=\"%d\" y=\"%d\">", w - right + 14,
		    top + 4 + k * 18, col, w - right + 32, top + 14 + k * 18);
		svg_esc_cut(fp, m->pair[pairs[k]].base_kernel, 14);
		fputs(" \xe2\x86\x92 ", fp);
		svg_esc_cut(fp, m->pair[pairs[k]].target_kernel, 14);
		fputs("</text>\n", fp);
	}
	fprintf(fp, "<text x=\"%d\" y=\"%d\" fill=\"#666\" font-size=\"10\">"
	    "filled: regression or improvement</text>\n<text x=\"%d\" y=\"%d\" "
	    "fill=\"#666\" font-size=\"10\">hollow: no change or uncertain"
	    "</text>\n<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"none\" "
	    "stroke=\"#e65100\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>"
	    "<text x=\"%d\" y=\"%d\" fill=\"#666\" font-size=\"10\">"
	    "interference flagged</text>\n<text x=\"%d\" y=\"%d\" "
	    "fill=\"#666\" font-size=\"10\">bars: the deciding interval"
	    "</text>\n", w - right + 14, top + 20 + npair * 18, w - right + 14,
	    top + 34 + npair * 18, w - right + 19, top + 45 + npair * 18,
	    w - right + 30, top + 48 + npair * 18, w - right + 14,
	    top + 62 + npair * 18);
#undef Y
	fputs("</svg>\n", fp);
	free(lv);
	free(pairs);
	h_close(s, fp, file);
}
