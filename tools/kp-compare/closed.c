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
 * inside it are tested at.
 *
 * The 2^k - 1 sets cost a t distribution's p each, a third of
 * kp-compare's time in a lab of 10 levels a family, yet most of them
 * cannot raise any level's adjusted p.  Simes' p does not fall when one of its inputs rises, and the
 * contrasts' p is at most 1: the set's p with the contrasts' p taken as 1
 * (no t needed) bounds its p from above.  When that bound is no more than
 * the adjusted p of each level in the set, the set changes nothing and
 * its t is not computed.  Sets are taken from the largest mask down, so
 * that every set's supersets have raised the adjusted p first.  The
 * adjusted p are the same, to the bit, as from every set
 * (tests/unit/closed.c). */
#include <math.h>

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
	/* the largest contrast's p; two levels have one contrast.  In
	 * [0, 1]: a t of no p (NaN) gives 1, as the bound assumes */
	pc = kp_t_p2(t / sqrt(nn * f->mse * (1 + 1 / (double)(m - 1))), f->dfe);
	pc = fmin(1, pc * (m > 2 ? (double)m : 1));
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

/* Can H_I, I the m >= 2 levels of the ranks in mask, raise no adjusted p,
 * lo the least of its levels'?  Its p with the contrasts' p taken as 1 is
 * no more than lo: intersection's arithmetic, term by term, vd the
 * levels' p / w for m levels by rank, vc the contrasts' (the levels come
 * in the order of its sort), so the bound is the very p it would give for
 * a contrasts' p of 1, and no t is computed. */
static int
idle(const double *vd, double vc, unsigned mask, size_t m, double lo)
{
	double n = (double)(m + 1), v;
	size_t j = 0;
	unsigned b;
	int placed = 0;	/* the contrasts' term, in its place in the order */

	if (lo >= 1)	/* Simes' p here is at most 1 */
		return 1;
	for (b = mask; b; b &= b - 1) {
		v = vd[__builtin_ctz(b)];
		if (!placed && vc < v) {
			placed = 1;
			if (vc * n / (double)++j <= lo)
				return 1;
		}
		if (v * n / (double)++j <= lo)
			return 1;
	}
	return !placed && vc * n / (double)++j <= lo;
}

/* every level's adjusted p, the largest p of the sets that hold it; with
 * prune, the sets whose bound changes nothing skipped */
static void
closed(Family *f, int prune)
{
	size_t k = f->k, l, j, m, ord[CT_MAX_LEVELS];
	unsigned rank, mask, b, all = (1u << k) - 1;
	double p, lo, ws, adj[CT_MAX_LEVELS], pk = NAN;
	double vd[CT_MAX_LEVELS + 1][CT_MAX_LEVELS], vc[CT_MAX_LEVELS + 1];

	for (l = 0; l < k; l++)
		if (isnan(f->r[l]->p))
			return;
	/* the levels in order of p, ord[rank]: a set is a mask of ranks, so
	 * that its levels come in the order of idle's terms */
	for (l = 0; l < k; l++) {
		for (j = l; j > 0 && f->r[ord[j - 1]]->p > f->r[l]->p; j--)
			ord[j] = ord[j - 1];
		ord[j] = l;
	}
	for (j = 0; j < k; j++)
		adj[j] = f->r[ord[j]]->p;
	/* idle's terms for sets of m levels, as intersection computes them */
	for (m = 2; m <= k; m++) {
		ws = (double)(m + 1) / ((double)m + CT_CONTRAST_WEIGHT);
		vc[m] = 1 / (CT_CONTRAST_WEIGHT * ws);
		for (j = 0; j < k; j++)
			vd[m][j] = f->r[ord[j]]->p / ws;
	}
	/* a superset of a set is a larger mask: supersets first */
	for (rank = all; rank > 0; rank--) {
		if ((m = (size_t)__builtin_popcount(rank)) < 2)
			continue;
		for (b = rank, lo = INFINITY; b; b &= b - 1)
			if (adj[__builtin_ctz(b)] < lo)	/* no NaN: no fmin call */
				lo = adj[__builtin_ctz(b)];
		if (prune && rank != all && idle(vd[m], vc[m], rank, m, lo))
			continue;
		for (b = rank, mask = 0; b; b &= b - 1)
			mask |= 1u << ord[__builtin_ctz(b)];
		p = intersection(f, mask, m);
		for (b = rank; b; b &= b - 1)
			adj[__builtin_ctz(b)] = fmax(adj[__builtin_ctz(b)], p);
		if (rank == all)
			pk = p;
	}
	for (j = 0; j < k; j++) {
		f->r[ord[j]]->ct_p = adj[j];
		f->r[ord[j]]->ct_fam = pk;
	}
}

static void
closedall(Family *f, size_t n, int prune)
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
			closed(&f[i], prune);
	}
}

void
test_closed(Family *f, size_t n)
{
	closedall(f, n, 1);
}

void
test_closed_every(Family *f, size_t n)
{
	closedall(f, n, 0);
}
