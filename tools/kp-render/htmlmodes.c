/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kp-render -f html: the multimodal groups kp-stats flags, shown where an
 * engineer reads a comparison.  A group whose values fall apart into
 * clusters has a median that sits in one of them (or between), so its
 * change can say little about either; the flag is the stat record's
 * (kp-stats(1), multimodal), never recomputed here.  Only the strip plot
 * finds the widest gap again, to draw where the values split.
 */
#include <math.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

int
h_modal(struct hsite *s, const Cmp *c, int side)
{
	return modal_side(s->r, &c->rec, side);
}

static const char *
sides(struct hsite *s, const Cmp *c)
{
	return modal_sides(s->r, &c->rec);
}

int
h_modalany(struct hsite *s, const Cmp *c)
{
	return sides(s, c) != NULL;
}

void
h_modalchip(FILE *fp, struct hsite *s, const Cmp *c)
{
	const char *w = sides(s, c);

	if (w)	/* H_MODAL has a % */
		fprintf(fp, " <span class=\"chip modal\" title=\"%s\">"
		    "multimodal %s</span>", H_MODAL, w);
}

void
h_modalnote(FILE *fp, struct hsite *s, const Cmp *c)
{
	const char *w = sides(s, c);

	if (w == NULL)
		return;
	fprintf(fp, "<div class=\"modal\"><b>Multimodal %s:</b> the values "
	    "fall apart into separate clusters, by kp-stats' gap rule (split "
	    "the sorted values at their widest gap; multimodal when that gap "
	    "is at least 25%% of the median and at least twice the ranges of "
	    "the two sides together). The median sits in one cluster or "
	    "between them, so the change of the median may describe neither. "
	    "The strip plot below shades the gap. Look at which runs or "
	    "instances make each cluster before reading the change: a second "
	    "mode is often the machine (placement, frequency, boot), and with "
	    "3 values a lone far one cannot be told from an outlier. The rule "
	    "is a screen, not a significance test.</div>\n", w);
}

/*
 * The strip plot's mark on a multimodal side: the widest gap of the
 * side's sorted values v[0..n-1], where the gap rule splits them, shaded
 * across the side's column [x0, x0 + w], with the size of each cluster.
 * The plot's scale puts value x at y = ya + yb x.
 */
void
svg_modes(FILE *fp, struct hsite *s, const Cmp *c, int side,
    const double *v, int n, double x0, double w, double ya, double yb)
{
	double gap = -1;
	int i, at = 0;

#define y(x) (ya + yb * (x))
	if (n < 3 || h_modal(s, c, side) != 1)
		return;
	for (i = 1; i < n; i++)
		if (v[i] - v[i - 1] > gap) {
			gap = v[i] - v[i - 1];
			at = i;
		}
	fprintf(fp, "<g><title>multimodal (kp-stats' gap rule): %d values "
	    "below the gap, %d above</title><rect x=\"%.1f\" y=\"%.1f\" "
	    "width=\"%.1f\" height=\"%.1f\" fill=\"#fff3c4\" "
	    "fill-opacity=\"0.8\" stroke=\"#d4a800\" stroke-dasharray=\"4 3\"/>"
	    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\" "
	    "fill=\"#7a5d00\">%s%d | %d</text></g>\n",
	    at, n - at, x0 + 2, y(v[at]), w - 4, y(v[at - 1]) - y(v[at]), x0 + w - 6,
	    (y(v[at]) + y(v[at - 1])) / 2 + 4,
	    w >= 140 ? "multimodal: " : "", at, n - at);
#undef y
}
