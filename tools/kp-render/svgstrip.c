/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the strip plot of one level of a test, every
 * observation of every kernel compared there, a column each */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"

/* FNV-1a of the unit's identity: the same sample lands on the same spot */
static double
jitter(const Sample *m)
{
	uint64_t hsh = 1469598103934665603ULL;
	char buf[64];
	const char *p;

	for (p = m->run; *p; p++)
		hsh = (hsh ^ (unsigned char)*p) * 1099511628211ULL;
	snprintf(buf, sizeof(buf), "/%lld/%lld/%lld", m->iter, m->rep, m->sub);
	for (p = buf; *p; p++)
		hsh = (hsh ^ (unsigned char)*p) * 1099511628211ULL;
	hsh ^= hsh >> 29;
	return (double)(hsh % 10007) / 10006 - 0.5;
}

static int
stridx(const char ***v, int *n, const char *x)
{
	int i;

	/* runs and instances are interned (smpfile.c): most often the
	 * same pointer */
	for (i = 0; i < *n; i++)
		if ((*v)[i] == x || strcmp((*v)[i], x) == 0)
			return i;
	*v = kp_grow(*v, (size_t)*n, sizeof(**v));
	(*v)[*n] = x;
	return (*n)++;
}

static int
byvalue(const void *a, const void *b)
{
	double x = (*(Sample *const *)a)->value, y = (*(Sample *const *)b)->value;

	return (x > y) - (x < y);
}

/*
 * The size bound of a strip plot: a column of more than H_STRIP_MAX
 * samples draws H_STRIP_MAX of them, evenly spaced by rank (the smallest,
 * the largest and every quantile between kept), so that a lab of hundreds
 * of runs a kernel gives a plot of a fixed size; the median line and n
 * are of every sample.  Returns m itself when it is small enough, else a
 * new array the caller frees.
 */
static Sample **
drawn(Sample **m, int *n)
{
	Sample **v, **d;
	int j;

	if (*n <= H_STRIP_MAX)
		return m;
	v = ereallocarray(NULL, *n, sizeof(*v));
	memcpy(v, m, *n * sizeof(*v));
	qsort(v, *n, sizeof(*v), byvalue);
	d = ereallocarray(NULL, H_STRIP_MAX, sizeof(*d));
	for (j = 0; j < H_STRIP_MAX; j++)
		d[j] = v[(size_t)((double)j * (*n - 1) / (H_STRIP_MAX - 1) + 0.5)];
	free(v);
	*n = H_STRIP_MAX;
	return d;
}

/*
 * Each column is split into a band per run; a point's colour is its
 * instance (a run's, when the samples name none), so the same machine
 * has the same colour under every kernel.  A point is a zero-length
 * round-capped stroke, "M x y h0": a tenth of the bytes of a circle,
 * which matters at hundreds of thousands of points a site.
 */
/* a legend key: at most this many characters, each at most this many
 * pixels wide at font-size 10 (DejaVu Sans' digits are 6.4) */
#define LEGEND_MAX 48
#define LEGEND_CHAR 6.5

void
svg_strip(struct hsite *s, const char *file, const CmpRec *c,
    const StripCol *col, int ncol)
{
	FILE *fp = h_open(s, file);
	const char **keys = NULL;
	int nkeys = 0, i, k, byrun = 0;
	int colw, left = 64, right = 200, top = 30, bottom = 44, ph = 300;
	int w, h;
	double lo = INFINITY, hi = -INFINITY, t0, step, v;
	char title[1024], buf[64];
	size_t keyw;

	colw = ncol > 8 ? 56 : 580 / (ncol > 0 ? ncol : 1);
	for (k = 0; k < ncol; k++)
		for (i = 0; i < col[k].n; i++) {
			lo = fmin(lo, col[k].m[i]->value);
			hi = fmax(hi, col[k].m[i]->value);
			byrun |= col[k].m[i]->instance == NULL;
		}
	/* the legend's room from its longest key: a fixed 200 pixels cut a
	 * run name such as "baseline-rerun@vm:1795999728" at the plot's edge */
	for (k = 0, keyw = 0; k < ncol; k++)
		for (i = 0; i < col[k].n; i++) {
			const Sample *m = col[k].m[i];
			size_t n = utf8_width(byrun || !m->instance ?
			    m->run : m->instance);
			keyw = n > keyw ? n : keyw;
		}
	keyw = keyw > LEGEND_MAX ? LEGEND_MAX : keyw;
	if (28 + (int)(keyw * LEGEND_CHAR) + 8 > right)
		right = 28 + (int)(keyw * LEGEND_CHAR) + 8;
	w = left + colw * ncol + right;
	h = top + ph + bottom;
	if (!(hi >= lo))
		lo = 0, hi = 1;
	if (hi - lo <= 0)
		lo -= fabs(lo) * 0.05 + 1, hi += fabs(hi) * 0.05 + 1;
	/* room above and below so no point sits on the frame */
	v = (hi - lo) * 0.06;
	lo -= v, hi += v;
	svg_ticks(lo, hi, &t0, &step);
	lo = floor(lo / step) * step;
	hi = ceil(hi / step) * step;
#define Y(val) (top + ph * (hi - (val)) / (hi - lo))
	snprintf(title, sizeof(title), "%s[%s %s] conc %lld: every observation",
	    c->test, c->op, c->metric, c->conc);
	svg_open(fp, w, h, title);
	fputs("<text x=\"6\" y=\"16\" font-size=\"13\" font-weight=\"600\">", fp);
	h_esc(fp, c->metric);
	fputs(" (", fp);
	h_esc(fp, c->unit);
	fprintf(fp, "), %s is better: each sample by kernel and run, "
	    "colour = %s, line = median</text>\n", h_better(c),
	    byrun ? "run" : "instance");
	fputs("<g stroke=\"#e6e6e6\">", fp);
	for (v = lo; v <= hi + step / 2; v += step)
		fprintf(fp, "<path d=\"M%d %.1fh%d\"/>", left, Y(v), colw * ncol);
	fputs("</g>\n<g text-anchor=\"end\" fill=\"#444\">", fp);
	for (v = lo; v <= hi + step / 2; v += step) {
		fmt_si(buf, sizeof(buf), v);
		fprintf(fp, "<text x=\"%d\" y=\"%.1f\">%s</text>", left - 6,
		    Y(v) + 4, buf);
	}
	fprintf(fp, "</g>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"none\" stroke=\"#999\"/>\n", left, top, colw * ncol, ph);
	for (k = 0; k < ncol; k++) {
		const char **runs = NULL;
		Sample **m = col[k].m;
		int n = col[k].n, nruns = 0, key;
		double x0 = left + k * colw, *vals, med, bw;

		if (k)
			fprintf(fp, "<path d=\"M%.1f %dv%d\" stroke=\"#ccc\"/>\n",
			    x0, top, ph);
		fprintf(fp, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
		    "font-size=\"10\">", x0 + colw / 2.0, top + ph + 14);
		svg_esc_cut(fp, col[k].kernel, colw / 6);
		fprintf(fp, "</text><text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
		    "font-size=\"10\" fill=\"#666\">n=%d%s</text>\n",
		    x0 + colw / 2.0, top + ph + 27, n, n > H_STRIP_MAX ? "*" : "");
		if (n == 0)
			continue;
		for (i = 0; i < n; i++)
			stridx(&runs, &nruns, m[i]->run);
		vals = emalloc(n * sizeof(*vals));
		for (i = 0; i < n; i++)
			vals[i] = m[i]->value;
		kp_sort(vals, n);
		med = kp_median(vals, n);
		svg_modes(fp, s, col[k].c, col[k].side, vals, n, x0, colw,
		    top + ph * hi / (hi - lo), -ph / (hi - lo));
		free(vals);
		fprintf(fp, "<path d=\"M%.1f %.1fh%d\" stroke=\"#222\" "
		    "stroke-width=\"2\"/>\n", x0 + 3, Y(med), colw - 6);
		m = drawn(m, &n);
		bw = (double)colw / nruns;
		/* one path a colour, so a run's points are one element */
		fputs("<g stroke-width=\"7\" stroke-linecap=\"round\" "
		    "stroke-opacity=\".75\">\n", fp);
		for (key = 0; key < nkeys + 1; key++) {
			int open = 0;

			for (i = 0; i < n; i++) {
				const char *kk = byrun || !m[i]->instance ?
				    m[i]->run : m[i]->instance;
				int r, ki = stridx(&keys, &nkeys, kk);
				double x;

				if (ki != key)
					continue;
				r = stridx(&runs, &nruns, m[i]->run);
				x = x0 + bw * (r + 0.5) + jitter(m[i]) * bw * 0.6;
				if (!open++)
					fprintf(fp, "<path stroke=\"%s\" d=\"",
					    svg_palette[key % SVG_NPALETTE]);
				fprintf(fp, "M%.1f %.1fh0", x, Y(m[i]->value));
			}
			if (open)
				fputs("\"/>\n", fp);
		}
		fputs("</g>\n", fp);
		if (m != col[k].m)
			free(m);
		free(runs);
	}
	fputs("<g font-size=\"10\" stroke-width=\"8\" stroke-linecap=\"round\">",
	    fp);
	for (i = 0; i < nkeys && i < H_RUNS_MAX; i++) {
		fprintf(fp, "<path d=\"M%d %dh0\" stroke=\"%s\"/><text x=\"%d\" "
		    "y=\"%d\">", w - right + 18, top + 8 + i * 16,
		    svg_palette[i % SVG_NPALETTE], w - right + 28, top + 12 + i * 16);
		svg_esc_cut(fp, keys[i], LEGEND_MAX);
		fputs("</text>", fp);
	}
	if (nkeys > H_RUNS_MAX)
		fprintf(fp, "<text x=\"%d\" y=\"%d\">and %d more</text>",
		    w - right + 10, top + 12 + H_RUNS_MAX * 16, nkeys - H_RUNS_MAX);
	for (k = 0; k < ncol && col[k].n <= H_STRIP_MAX; k++)
		;
	if (k < ncol)
		fprintf(fp, "<text x=\"%d\" y=\"%d\">* %d drawn, evenly by rank"
		    "</text>", w - right + 10, top + ph, H_STRIP_MAX);
#undef Y
	fputs("</g>\n</svg>\n", fp);
	free(keys);
	h_close(s, fp, file);
}
