/* SPDX-License-Identifier: GPL-2.0-or-later */
/* shock.c: the kernel-wide shock.  The instances of one kernel run every
 * benchmark of it, and a build, a boot or a lab day moves all of them
 * together: every series of the kernel moves by one shock, which each
 * series alone cannot tell from a change.  As kp-compare's pair-wide
 * shift, it is estimated from all series of the kernel: a first pass
 * finds each series' levels, and the shock of a kernel is the median over
 * families of their median residual from those levels (the levels of a
 * family share instances, so a family counts once).  series_analyse() then tests
 * every series against it.  See kp-trend(1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "trend.h"

/* fewer families at a kernel than this: no shock is estimated there */
enum { MIN_SHOCK_FAMILIES = 10 };

/* the end of the family that starts at sorted[i] */
size_t
family_end(Series **sorted, size_t i, size_t ns)
{
	size_t j, k;

	for (j = i + 1; j < ns; j++) {
		for (k = 0; k < F_NID && strcmp(sorted[i]->s[k], sorted[j]->s[k]) == 0; k++)
			;
		if (k < F_NID)
			break;
	}
	return j;
}

/* each point's residual from the median of its level (between the change
 * points found, transients left out), in r[kern]; NAN where none */
static void
residuals(const Series *s, double *r, size_t nk, double *tmp)
{
	size_t i, j, a, b, c, n;
	double m;

	for (i = 0; i < nk; i++)
		r[i] = NAN;
	for (a = 0, c = 0; a < s->np; a = b) {
		/* [a, b): the points of one level */
		for (b = a + 1; b < s->np && !(c < s->nc && s->p[b].kern >= s->c[c].kern); b++)
			;
		while (c < s->nc && s->c[c].kern <= (b < s->np ? s->p[b].kern : SIZE_MAX))
			c++;
		for (i = a, n = 0; i < b; i++) {
			for (j = 0; j < s->nt && s->t[j].kern != s->p[i].kern; j++)
				;
			if (j == s->nt)
				tmp[n++] = s->y[i];
		}
		if (n < 3)
			continue;
		m = kp_median_select(tmp, n);
		for (i = a; i < b; i++)
			r[s->p[i].kern] = s->y[i] - m;
	}
}

/* The median of the families' residuals at a kernel, soft-thresholded at
 * SHOCK_Z of its standard error (the median's, sqrt(pi/2) that of a mean,
 * from the residuals' MAD): a shock within its noise is no shock, and
 * taking it off would only add that noise to every series. */
#define SHOCK_Z 3
static double
soft(double *v, size_t n)
{
	double m = kp_median_select(v, n), se, *d = emalloc(n * sizeof(*d));
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = fabs(v[i] - m);
	se = 1.2533141373155 * KP_MAD_SD * kp_median_select(d, n) /
	    sqrt((double)n);
	free(d);
	return fabs(m) > SHOCK_Z * se ? m - copysign(SHOCK_Z * se, m) : 0;
}

static void
reset(Series *s)
{
	free(s->y);
	free(s->v);
	free(s->c);
	free(s->t);
	free(s->d);
	s->y = s->v = NULL;
	s->c = NULL;
	s->t = NULL;
	s->d = NULL;
	s->nc = s->nt = s->nd = 0;
}

int
shock_estimate(Series **sorted, size_t ns, size_t nk, const Settings *set,
    double *shock)
{
	double *tmp, *fr, **per;
	size_t i, j, k, f, *nper, maxnp = 1;
	unsigned char *famcp = emalloc(nk + 1);
	Settings one = *set;
	int any = 0;

	one.shock_of = NULL;
	for (i = 0; i < ns; i++)
		if (sorted[i]->np > maxnp)
			maxnp = sorted[i]->np;
	tmp = emalloc((maxnp + ns + 1) * sizeof(*tmp));
	fr = emalloc((ns + 1) * sizeof(*fr));
	per = ecalloc(nk + 1, sizeof(*per));	/* per kernel: family residuals */
	nper = ecalloc(nk + 1, sizeof(*nper));
	for (i = 0; i < ns; i = j) {
		j = family_end(sorted, i, ns);
		memset(famcp, 0, nk + 1);
		if (set->family && j - i >= 2)
			family_changes(sorted + i, j - i, nk, &one, famcp);
		for (k = i; k < j; k++)
			series_analyse(sorted[k], &one, set->family && j - i >= 2 ? famcp : NULL);
		/* the family's median residual at each kernel */
		{
			double **rs = emalloc((j - i) * sizeof(*rs));
			size_t m, n;

			for (f = i; f < j; f++) {
				rs[f - i] = emalloc((nk + 1) * sizeof(**rs));
				if (sorted[f]->logs)
					residuals(sorted[f], rs[f - i], nk, tmp);
				else
					for (k = 0; k < nk; k++)
						rs[f - i][k] = NAN;
			}
			for (k = 0; k < nk; k++) {
				for (m = n = 0; m < j - i; m++)
					if (!isnan(rs[m][k]))
						fr[n++] = rs[m][k];
				if (!n)
					continue;
				per[k] = kp_grow(per[k], nper[k], sizeof(*per[k]));
				per[k][nper[k]++] = kp_median_select(fr, n);
			}
			for (f = i; f < j; f++)
				free(rs[f - i]);
			free(rs);
		}
		for (k = i; k < j; k++)
			reset(sorted[k]);
	}
	for (k = 0; k < nk; k++) {
		shock[k] = nper[k] >= MIN_SHOCK_FAMILIES ? soft(per[k], nper[k]) : 0;
		any |= shock[k] != 0;
		free(per[k]);
	}
	free(per);
	free(nper);
	free(fr);
	free(tmp);
	free(famcp);
	return any;
}
