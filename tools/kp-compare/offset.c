/* SPDX-License-Identifier: GPL-2.0-or-later */
/* offset.c: the instance structure of a pair, learned from the data.
 *
 * In a lab where one machine runs every benchmark, an instance that is
 * slow is slow in every family: its offset is common to all of them.
 * That part is estimated here and removed from each instance's values
 * before the groups are tested, so that the groups' spreads hold only what
 * a family does not share: the prior of the moderated t then rests on the
 * families as independent units again, and the sweep may borrow.
 *
 * An instance's value in a cell (one level of one family) is the log of
 * its location there (per_instance huber), centred on the cell's mean over its side's instances
 * (so that a kernel's change cancels and only the instance's place among
 * its side's remains), signed by the better direction (a slow machine
 * lowers throughput and raises latency).  Its family score is the mean of
 * its values over the family's levels.  Its offset common to the families,
 * for the family under test, is the median of its scores in the other
 * families: leaving the family out keeps its own offset, and whatever the
 * kernel did to it, from being removed with the common part.
 *
 * The estimate is shrunk by the share of it that is signal: the common
 * variance is the mean covariance of the instances' scores between pairs
 * of families, and the noise of a median of F - 1 scores is pi/2 times
 * the scores' own variance over F - 1.  When offsets are not shared, the
 * covariance is near zero and so is the correction.  The corrections are
 * centred on each side's instances, so no side's mean moves: the change
 * of a group is untouched, only its spread. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "compare.h"

/* the other families an instance must have run for its offset */
#define MINOTHER 2

static int
named(const Side *s)
{
	return s->ninst > 0 && s->ninst == s->nobs[LV_INSTANCE];
}

static int
allpos(const Side *s)
{
	size_t j;

	for (j = 0; j < s->ninst; j++)
		if (!(s->instloc[j] > 0) || isinf(s->instloc[j]) ||
		    !(s->obs[LV_INSTANCE][j] > 0) || isinf(s->obs[LV_INSTANCE][j]))
			return 0;
	return 1;
}

/* the index of the first of sorted v[0..n) that is not below x */
static size_t
below(const double *v, size_t n, double x)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* the median of sorted v less v[skip] (none when skip is past the end),
 * n values left, as kp_median_select gives it */
static double
loomedian(const double *v, size_t n, size_t skip)
{
	size_t h = n / 2;
	double hi = v[h < skip ? h : h + 1], lo;

	if (n % 2)
		return hi;
	lo = v[h - 1 < skip ? h - 1 : h];
	return (lo + hi) / 2;
}

double
offsets_remove(Group *g, size_t ng)
{
	kp_strmap *fm = kp_strmap_new(), *im = kp_strmap_new();
	size_t nf = 0, ni = 0, i, j, k, u, n, nv, skip, *fam, *cnt, nside[2] = { 0, 0 };
	int *side = NULL, *ok, isnew, t;
	double *sum, *d, *o, *v, *sg, m, num = 0, pairs = 0, ss = 0, cells = 0;
	double ca, noise, w, nfam, pw;
	Side *s;

	fam = ereallocarray(NULL, ng + 1, sizeof(*fam));
	ok = ecalloc(ng + 1, sizeof(*ok));
	sg = ereallocarray(NULL, ng + 1, sizeof(*sg));
	for (i = 0; i < ng; i++) {
		if (!g[i].nb || !g[i].nt || !named(&g[i].sb) || !named(&g[i].st) ||
		    !allpos(&g[i].sb) || !allpos(&g[i].st))
			continue;
		ok[i] = 1;
		fam[i] = kp_strmap_add(fm, g[i].family, strlen(g[i].family),
		    &isnew);
		nf += isnew;
		sg[i] = strcmp(g[i].st.better, "lower") == 0 ? -1 : 1;
		for (t = 0; t < 2; t++) {
			s = t ? &g[i].st : &g[i].sb;
			for (j = 0; j < s->ninst; j++) {
				unit_add(im, t, s->inst[j], &isnew);
				if (isnew) {
					side = kp_grow(side, ni, sizeof(*side));
					side[ni++] = t;
					nside[t]++;
				}
			}
		}
	}
	w = 0;
	if (nf < MINOTHER + 1 || nside[0] < 2 || nside[1] < 2)
		goto out;
	/* the family scores d[f * ni + u] */
	sum = ecalloc(nf * ni, sizeof(*sum));
	cnt = ecalloc(nf * ni, sizeof(*cnt));
	for (i = 0; i < ng; i++) {
		if (!ok[i])
			continue;
		for (t = 0; t < 2; t++) {
			s = t ? &g[i].st : &g[i].sb;
			for (j = 0, m = 0; j < s->ninst; j++)
				m += log(s->instloc[j]);
			m /= (double)s->ninst;
			for (j = 0; j < s->ninst; j++) {
				u = (size_t)unit_find(im, t, s->inst[j]);
				sum[fam[i] * ni + u] += sg[i] * (log(s->instloc[j]) - m);
				cnt[fam[i] * ni + u]++;
			}
		}
	}
	d = sum;
	for (k = 0; k < nf * ni; k++)
		d[k] = cnt[k] ? sum[k] / (double)cnt[k] : NAN;
	/* the common variance: the covariance of the scores between pairs of
	 * families over the instances, and their own variance; the scores are
	 * centred on each side, so a side's instances lose one df */
	for (u = 0; u < ni; u++) {
		double a = 0, b = 0;

		for (k = 0, n = 0; k < nf; k++)
			if (!isnan(d[k * ni + u])) {
				a += d[k * ni + u];
				b += d[k * ni + u] * d[k * ni + u];
				n++;
			}
		num += a * a - b;
		ss += b;
		pairs += (double)n * (double)(n - 1);
		cells += (double)n;
	}
	pw = (double)(nside[0] + nside[1] - 2) / (double)(nside[0] + nside[1]);
	ca = pairs > 0 ? num / pairs / pw : 0;
	ss = ss / cells / pw;
	nfam = cells / (double)ni;
	noise = M_PI / 2 * fmax(ss - ca, 0) / fmax(nfam - 1, 1);
	w = ca > 0 ? ca / (ca + noise) : 0;
	if (!(w > 0))
		goto done;
	/* each instance's offset for each family, leaving that family out:
	 * the median of its other scores, read off all its scores sorted
	 * once, the family's own skipped (a median per family and instance
	 * was a tenth of kp-compare's time at 25 kernels) */
	o = ereallocarray(NULL, nf * ni, sizeof(*o));
	v = ereallocarray(NULL, nf + 1, sizeof(*v));
	for (u = 0; u < ni; u++) {
		for (k = 0, nv = 0; k < nf; k++)
			if (!isnan(d[k * ni + u]))
				v[nv++] = d[k * ni + u];
		kp_sort(v, nv);
		for (k = 0; k < nf; k++) {
			skip = isnan(d[k * ni + u]) ? nv : below(v, nv, d[k * ni + u]);
			n = nv - (skip < nv);
			o[k * ni + u] = n >= MINOTHER ? loomedian(v, n, skip) : NAN;
		}
	}
	for (i = 0; i < ng; i++) {
		if (!ok[i])
			continue;
		for (t = 0; t < 2; t++) {
			double *om, *ob, c = 0, *x;

			s = t ? &g[i].st : &g[i].sb;
			x = ereallocarray(NULL, s->ninst + 1, sizeof(*x));
			for (j = 0, n = 0; j < s->ninst; j++) {
				u = (size_t)unit_find(im, t, s->inst[j]);
				x[j] = o[fam[i] * ni + u];
				if (!isnan(x[j])) {
					c += x[j];
					n++;
				}
			}
			if (n < s->ninst) {
				free(x);
				continue;	/* an instance without an offset: as it is */
			}
			c /= (double)n;
			/* the Side may share its arrays with a stat of another
			 * pair: corrected copies, freed with the group */
			om = ereallocarray(NULL, s->ninst + 1, sizeof(*om));
			ob = ereallocarray(NULL, s->ninst + 1, sizeof(*ob));
			for (j = 0; j < s->ninst; j++) {
				double e = exp(-w * sg[i] * (x[j] - c));

				om[j] = s->instloc[j] * e;
				ob[j] = s->obs[LV_INSTANCE][j] * e;
			}
			g[i].was[t][0] = s->instloc;
			g[i].was[t][1] = s->obs[LV_INSTANCE];
			s->instloc = om;
			s->obs[LV_INSTANCE] = ob;
			g[i].own[t][0] = om;
			g[i].own[t][1] = ob;
			free(x);
		}
	}
	free(o);
	free(v);
done:
	free(sum);
	free(cnt);
out:
	free(fam);
	free(ok);
	free(sg);
	free(side);
	kp_strmap_free(fm);
	kp_strmap_free(im);
	return w;
}
