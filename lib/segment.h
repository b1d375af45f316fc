/* SPDX-License-Identifier: GPL-2.0-or-later */
/* segment.h: exact least-squares segmentation of a weighted series, for
 * kp-trend.  Every function is pure.  References are in kp-trend(1). */
#ifndef KP_SEGMENT_H
#define KP_SEGMENT_H

#include <stddef.h>

/* Optimal partitioning (Jackson et al. 2005): the segmentation of y[0..n)
 * with weights w (1 / variance) into constant segments of at least
 * minlen points that minimises the weighted residual sum of squares
 * plus pen[t] for every segment that starts at t > 0.  Writes the start
 * of each segment, in order, to start (room for n) and returns their
 * number.  Time O(n^2), memory O(n). */
size_t kp_seg_optimal(const double *y, const double *w, size_t n,
	const double *pen, size_t minlen, size_t *start);

/* The best ramp in y[s..e): a level before position a, another after b,
 * and a straight line between them over a..b, joined at both ends:
 * y = level + diff x with x 0 before a, (k - a + 1) / (b - a + 2) at k on
 * the ramp and 1 after b; at least minramp points on the ramp and one
 * before and after it.  The weighted residual sum of squares is rss,
 * the variance of diff var (weights 1 / variance).  0, or -1 when no
 * ramp fits. */
typedef struct {
	size_t a, b;
	double diff, var, rss;
} kp_ramp;
int kp_seg_ramp(const double *y, const double *w, size_t s, size_t e,
	size_t minramp, kp_ramp *r);

/* The best partition of y[0..n) into exactly m + 1 constant segments of
 * at least h points each (the dynamic programme of Bai and Perron 2003,
 * strucchange's breakpoints()).  Writes the m breakpoints, each the last
 * index of a segment, to bp.  Returns 0, or -1 when m breaks of h do not
 * fit.  Time O(m n^2). */
int kp_seg_fixed(const double *y, const double *w, size_t n, size_t m,
	size_t h, size_t *bp);

/* Weighted fit of segment [a, b) of y: constant (slope 0) or linear.
 * The fitted value at position x is level + slope (x - centre); its
 * variance, with weights 1 / variance, is 1 / sw + (x - centre)^2 / sxx. */
typedef struct {
	double level, slope, centre, sw, sxx, rss;
} kp_segfit;
void kp_seg_fit(const double *y, const double *w, size_t a, size_t b,
	int linear, kp_segfit *f);
double kp_segfit_at(const kp_segfit *f, double x, double *var);

#endif
