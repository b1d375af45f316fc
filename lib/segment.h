/* segment.h: exact least-squares segmentation of a weighted series, for
 * kp-trend.  Every function is pure.  References are in kp-trend(1). */
#ifndef KP_SEGMENT_H
#define KP_SEGMENT_H

#include <stddef.h>

/* one segment [start, end) of a series, constant or a straight line in
 * the position (0, 1, ...) */
typedef struct {
	size_t start, end;
	int linear;
} kp_seg;

/* Optimal partitioning (Jackson et al. 2005): the segmentation of y[0..n)
 * with weights w (1 / variance) that minimises the weighted residual sum
 * of squares plus pen[t] for every segment that starts at t > 0, plus
 * linpen for every linear segment.  Constant segments have at least
 * minlen points, linear ones at least linmin (0: none).  Writes the
 * segments in order to seg (room for n) and returns their number.  Time
 * O(n^2), memory O(n). */
size_t kp_seg_optimal(const double *y, const double *w, size_t n,
	const double *pen, size_t minlen, double linpen, size_t linmin,
	kp_seg *seg);

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
