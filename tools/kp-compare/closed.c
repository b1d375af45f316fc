/* SPDX-License-Identifier: GPL-2.0-or-later */
/* closed.c: which levels of a family moved, by a closed test.
 *
 * The levels of a family ran on the same instances: an instance's offset
 * is in every level's difference d_i, its noise in one.  A level's own
 * test carries the offsets' draw whole, but the differences between levels
 * do not: they are free of it, and several times more precise where the
 * offsets dominate the noise.  Yet a level is not changed because it
 * differs from the others (they may have moved), so they cannot test it.
 *
 * Closed testing (Marcus, Peritz and Gabriel 1976) uses them all the
 * same: level i is declared changed at alpha when every intersection
 * hypothesis H_I, "no level of I moved", is rejected at alpha for every
 * set of levels I that holds i, which controls the familywise error
 * inside the family at alpha whatever moved.  H_{i} is tested by the
 * level's own p.  H_I of m >= 2 levels is tested by Simes' weighted test
 * (Benjamini and Hochberg 1997) of the m levels' own p and one more, the
 * contrasts': under H_I every d_j of I has the same mean, the offsets'
 * draw, so each level against the mean of the others in I,
 * (d_j - dbar_-j) / sqrt(nn MS_e (1 + 1/(m - 1))), is Student's t on the
 * interaction's df, the offsets cancelled (MS_e, nn as test_famvar's);
 * Bonferroni's smallest of the m stands for them.  The contrasts weigh
 * half a level: they matter where a level moved alone, the levels' own p
 * where all moved; in the simulation of kp-compare(1) a full weight cost
 * uniform shifts what it gave lone levels.
 *
 * A lone moved level is then held back by its own test at alpha, where
 * Benjamini-Hochberg over k levels asks alpha / k of it.  H_K of the whole
 * family is the family's p for selection (Benjamini and Bogomolov 2014,
 * compare.c); a selected family's H_K is rejected at the level the levels
 * inside it are tested at. */
#include <math.h>
#include <stdlib.h>

#include "dist.h"
#include "compare.h"

/* 2^k - 1 intersections: beyond this many levels, Benjamini-Hochberg
 * (test_famvar gives a variance to families of 3 levels or more) */
#define CT_MAX_LEVELS 12
/* the contrasts' weight in Simes' test, a level's being 1 */
#define CT_CONTRAST_WEIGHT 0.5

/* p of H_I, I the m >= 2 levels in mask */
static double
intersection(const Family *f, unsigned mask, size_t m)
{
	double v[CT_MAX_LEVELS + 1], dbar = 0, nn, t = 0, pc, ws, best = 1;
	size_t l, n = 0;
	const Result *r;

	for (l = 0; l < f->k; l++)
		if (mask & (1u << l))
			dbar += f->r[l]->ldiff / (double)m;
	nn = 1 / (double)f->r[0]->nb + 1 / (double)f->r[0]->nt;
	for (l = 0; l < f->k; l++)
		if (mask & (1u << l)) {
			r = f->r[l];
			v[n++] = r->p;
			t = fmax(t, fabs(r->ldiff - (dbar * (double)m - r->ldiff) /
			    (double)(m - 1)));
		}
	/* the largest contrast's p; two levels have one contrast */
	pc = kp_t_p2(t / sqrt(nn * f->mse * (1 + 1 / (double)(m - 1))), f->dfe);
	pc = fmin(1, pc * (m > 2 ? (double)m : 1));
	if (isnan(pc))
		return NAN;
	/* Simes' test on p / w, the weights w of mean 1 */
	ws = (double)(m + 1) / ((double)m + CT_CONTRAST_WEIGHT);
	for (l = 0; l < n; l++)
		v[l] /= ws;
	v[n++] = pc / (CT_CONTRAST_WEIGHT * ws);
	kp_sort(v, n);
	for (l = 0; l < n; l++)
		best = fmin(best, v[l] * (double)n / (double)(l + 1));
	return best;
}

/* every level's adjusted p, the largest p of the sets that hold it */
static void
closed(Family *f)
{
	size_t k = f->k, l, m;
	unsigned mask, all = (1u << k) - 1;
	double p, *adj = ereallocarray(NULL, k, sizeof(*adj)), pk = NAN;

	for (l = 0; l < k; l++)
		if (isnan(adj[l] = f->r[l]->p))
			goto out;
	for (mask = 1; mask <= all; mask++) {
		for (l = 0, m = 0; l < k; l++)
			m += (mask >> l) & 1;
		if (m < 2)
			continue;
		if (isnan(p = intersection(f, mask, m)))
			goto out;
		for (l = 0; l < k; l++)
			if (mask & (1u << l))
				adj[l] = fmax(adj[l], p);
		if (mask == all)
			pk = p;
	}
	for (l = 0; l < k; l++) {
		f->r[l]->ct_p = adj[l];
		f->r[l]->ct_fam = pk;
	}
out:
	free(adj);
}

void
test_closed(Family *f, size_t n)
{
	size_t i, l;

	for (i = 0; i < n; i++) {
		if (!f[i].cs || f[i].k < 2 || f[i].k > CT_MAX_LEVELS ||
		    !(f[i].mse > 0) || !(f[i].dfe > 0))
			continue;
		for (l = 0; l < f[i].k; l++)
			if (!f[i].r[l]->logok || f[i].r[l]->nb != f[i].r[0]->nb ||
			    f[i].r[l]->nt != f[i].r[0]->nt)
				break;
		if (l == f[i].k)
			closed(&f[i]);
	}
}
