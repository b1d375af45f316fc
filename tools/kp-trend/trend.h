/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trend.h: kp-trend's series, shared by its files.  See kp-trend(1). */
#ifndef TREND_H
#define TREND_H

#include <stddef.h>
#include <stdint.h>

#include "kp.h"
#include "rec.h"
#include "segment.h"

/* the fields that name a series; the first F_NID identify it, the family
 * is the same without conc */
enum { F_KEY, F_SUITE, F_BENCH, F_TEST, F_OP, F_METRIC, F_NID,
	F_JOB = F_NID, F_UNIT, F_BETTER, F_NSTR };


typedef struct {	/* [start, end) of the kept points, level or ramp */
	size_t start, end;
	int linear;
} Seg;

typedef struct {	/* one kernel of one series */
	size_t kern;	/* index in the kernel order */
	double *u;	/* unit values */
	uint32_t *inst;	/* their instances (interned), or NULL */
	size_t nu;
	int level;	/* the level the units are at */
} Point;

typedef struct {
	size_t kern;	/* first kernel of the new level */
	size_t before;	/* last kernel of the old level */
	double size, lo, hi;	/* percent, with its 95% interval; NaN
				 * from a zero level (kp(7)) */
	double abs;	/* in the unit: its sign says the direction */
	double z, p;
	int family;	/* its place was found in the family */
	int provisional;
	long reverted;	/* kernel whose level undid it, or -1 */
} Change;

typedef struct {
	size_t kern;
	double size, z;	/* percent from the level around it */
} Transient;

typedef struct {
	size_t first, last;
	double size, lo, hi, slope;	/* percent over the drift, per kernel */
} Drift;

typedef struct {
	char *s[F_NSTR];
	long long conc;
	char id[KP_IDSZ];	/* kp_series_id */
	char *where;	/* file:line of its first stat record */
	Point *p;
	size_t np;
	size_t fam;	/* index of its family */
	int logs;	/* values are all positive: work on logarithms */
	/* the analysis (analyse.c), in the scale of y */
	double *y, *v;	/* per point: the mean unit and its variance */
	double unit_var, kernel_var;	/* within a kernel; between kernels */
	double unit_df;
	size_t ndiff;	/* successive differences inside segments */
	double hist_var;	/* variance of one run's centre, from history */
	Change *c;
	size_t nc;
	Transient *t;
	size_t nt;
	Drift *d;
	size_t nd;
} Series;

typedef struct {	/* settings, see kp-trend(1) */
	double pen;	/* penalty of a change point, per log(kernels) */
	double fampen;	/* penalty where the family has one */
	size_t rampmin;	/* kernels a drift spans at least */
	size_t minhist;	/* kernels of history a noise record needs */
	int family;	/* pool the levels of a family */
	int shock;	/* test against the kernel-wide shock */
	const double *shock_of;	/* per kernel, log scale; NULL: none */
} Settings;

/* analyse.c: the change points of one series; famcp[k] says whether the
 * family's level changes at kernel k, or a transient of the family
 * begins or ends there (NULL: no family) */
enum { FAM_CHANGE = 1, FAM_TRANSIENT = 2 };
void series_analyse(Series *s, const Settings *set, const unsigned char *famcp);
/* the kernels where the family of series s[0..n) changes level, set in
 * famcp (room for the number of kernels) */
void family_changes(Series **s, size_t n, size_t nkern, const Settings *set,
	unsigned char *famcp);

/* shock.c: the end of the family that starts at sorted[i] */
size_t family_end(Series **sorted, size_t i, size_t ns);
/* shock.c: the kernel-wide shock of each kernel, on the log scale, into
 * shock[0..nk), from every series (analysed once, then reset); 1 when
 * any is not 0 */
int shock_estimate(Series **sorted, size_t ns, size_t nk, const Settings *set,
	double *shock);

/* write.c */
void write_trend(kp_w *w, const Series *s, char *const *kernel);
void write_noise(kp_w *w, const Series *s, char *const *kernel,
	const Settings *set);

#endif
