/* SPDX-License-Identifier: GPL-2.0-or-later */
/* family.c: what a pair says as a whole and what each family says as a
 * whole, with the instance as the unit.
 *
 * The levels of a family ran on the same instances, and on a cloud the
 * families of a pair often did too: an instance that is slow is slow at
 * every level of every family.  Levels are then not independent evidence
 * (Stouffer over them calls a shared offset a change), and only the
 * instances are: 5 against 5, not 10 levels x 25 values.
 *
 * A cell is one level of one family.  An instance's value in a cell is
 * the log of its mean there, centred on the cell's mean over both sides,
 * so that levels of different scale add.  An instance's family score is
 * the mean of its values over the family's cells; its pair score is
 * Tukey's biweight location of its family scores: its speed offset plus
 * the change most families share.  Robust, so that the few families a
 * kernel really changed do not move the others: a mean would move them
 * all by the changed ones' share, and even a median moves by a fraction
 * of the noise when the changed families all lie on one side.  The pair-wide shift is
 * Welch's test of the two sides' pair scores, the instance as the unit.
 * A family is tested on its instances' family scores less their pair
 * scores, so that an offset an instance shares across families cancels
 * and a change common to the families is reported once, by the shift;
 * when an instance ran fewer than MINFAM families the family is tested
 * alone.  family_q is Benjamini-Hochberg over the families of the pair.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "compare.h"

/* the families an instance must have run for its pair score */
#define MINFAM 3

typedef struct {
	size_t *g;	/* its groups (levels) */
	size_t n;
	double *sum;	/* per instance: centred logs summed, and counted */
	size_t *cnt;
} Fam;

/* the instance means of a side, when it names its instances */
static int
named(const Side *s)
{
	return s->ninst > 0 && s->ninst == s->nobs[LV_INSTANCE];
}

/* the instance index of name on side t (0 baseline, 1 target) */
static size_t
instix(kp_strmap *m, int t, const char *name, int **side, size_t *ni)
{
	int isnew;
	size_t k = unit_add(m, t, name, &isnew);

	if (isnew) {
		*side = kp_grow(*side, *ni, sizeof(**side));
		(*side)[(*ni)++] = t;
	}
	return k;
}

/* Welch over the units of each side with a count; 0 when a side has
 * fewer than two */
static int
welch(const double *y, const size_t *cnt, const int *side, size_t ni,
    kp_test *r, size_t *nb, size_t *nt)
{
	double *b = ereallocarray(NULL, ni + 1, sizeof(*b));
	double *t = ereallocarray(NULL, ni + 1, sizeof(*t));
	size_t i;
	int ok;

	*nb = *nt = 0;
	for (i = 0; i < ni; i++)
		if (cnt[i] && !isnan(y[i])) {
			if (side[i])
				t[(*nt)++] = y[i];
			else
				b[(*nb)++] = y[i];
		}
	ok = *nb >= 2 && *nt >= 2 && kp_welch(b, *nb, t, *nt, r) == 0 &&
	    !isnan(r->p);
	free(b);
	free(t);
	return ok;
}

void
test_families(Compare *c, Pair *p, Group *g, size_t ng)
{
	kp_strmap *fm = kp_strmap_new(), *im = kp_strmap_new();
	Fam *f = NULL;
	size_t nf = 0, ni = 0, i, j, k, u, nb, nt, ncell, *pcnt;
	int *side = NULL, isnew, t, ok, rel;
	double *psum, *y, m, *fp, *fq, *v;
	const Side *s;
	kp_test r;
	kp_shift x;

	/* the families and the instances, in order of appearance */
	for (i = 0; i < ng; i++) {
		if (!g[i].nb || !g[i].nt || !named(&g[i].sb) || !named(&g[i].st))
			continue;
		k = kp_strmap_add(fm, g[i].family, strlen(g[i].family), &isnew);
		if (isnew) {
			f = kp_grow(f, nf, sizeof(*f));
			memset(&f[nf++], 0, sizeof(*f));
		}
		f[k].g = kp_grow(f[k].g, f[k].n, sizeof(*f[k].g));
		f[k].g[f[k].n++] = i;
		for (t = 0; t < 2; t++) {
			s = t ? &g[i].st : &g[i].sb;
			for (j = 0; j < s->ninst; j++)
				instix(im, t, s->inst[j], &side, &ni);
		}
	}
	psum = ecalloc(ni + 1, sizeof(*psum));
	pcnt = ecalloc(ni + 1, sizeof(*pcnt));
	y = ecalloc(ni + 1, sizeof(*y));
	ncell = 0;
	for (k = 0; k < nf; k++) {
		f[k].sum = ecalloc(ni + 1, sizeof(*f[k].sum));
		f[k].cnt = ecalloc(ni + 1, sizeof(*f[k].cnt));
		for (j = 0; j < f[k].n; j++) {
			Group *gi = &g[f[k].g[j]];
			size_t n = 0;

			/* the cell's centre: the mean log over both sides;
			 * a mean that is not positive has no log, and the
			 * cell is left out */
			ok = 1;
			for (m = 0, t = 0; t < 2; t++) {
				s = t ? &gi->st : &gi->sb;
				for (i = 0; i < s->ninst; i++) {
					ok &= s->obs[LV_INSTANCE][i] > 0;
					m += ok ? log(s->obs[LV_INSTANCE][i]) : 0;
					n++;
				}
			}
			if (!ok)
				continue;
			m /= (double)n;
			ncell++;
			for (t = 0; t < 2; t++) {
				s = t ? &gi->st : &gi->sb;
				for (i = 0; i < s->ninst; i++) {
					u = (size_t)unit_find(im, t, s->inst[i]);
					f[k].sum[u] += log(s->obs[LV_INSTANCE][i]) - m;
					f[k].cnt[u]++;
				}
			}
		}
	}

	/* the pair scores; pcnt becomes the families each instance ran */
	v = ecalloc(nf + 1, sizeof(*v));
	for (u = 0; u < ni; u++) {
		for (k = 0, j = 0; k < nf; k++)
			if (f[k].cnt[u])
				v[j++] = f[k].sum[u] / (double)f[k].cnt[u];
		y[u] = j ? kp_biweight(v, j) : NAN;
		pcnt[u] = j;
	}
	free(v);
	memcpy(psum, y, ni * sizeof(*y));
	/* the pair-wide shift, once, when the instances ran enough families */
	for (u = 0, rel = ni > 0; u < ni; u++)
		if (pcnt[u] && pcnt[u] < MINFAM)
			rel = 0;
	if (rel && welch(y, pcnt, side, ni, &r, &nb, &nt)) {
		double h = kp_t_quantile(0.975, r.df) * r.se;

		memset(&x, 0, sizeof(x));
		x.has = kp_has_of(KP_SHIFT_BASE, KP_SHIFT_TARGET, KP_SHIFT_N_BASE,
		    KP_SHIFT_N_TARGET, KP_SHIFT_N_FAMILIES, KP_SHIFT_N_CELLS,
		    KP_SHIFT_SHIFT_PCT, KP_SHIFT_CI_LOW_PCT, KP_SHIFT_CI_HIGH_PCT,
		    KP_SHIFT_P, KP_SHIFT_DF, -1);
		x.base = (char *)p->bname;
		x.target = (char *)p->tname;
		x.n_base = (long long)nb;
		x.n_target = (long long)nt;
		x.n_families = (long long)nf;
		x.n_cells = (long long)ncell;
		x.shift_pct = 100 * expm1(r.diff);
		x.ci_low_pct = 100 * expm1(r.diff - h);
		x.ci_high_pct = 100 * expm1(r.diff + h);
		x.p = r.p;
		x.df = r.df;
		kp_rec_write(c->w, &kp_shift_t, &x);
	}

	/* each family, relative to the pair scores of its instances */
	fp = ecalloc(nf + 1, sizeof(*fp));
	fq = ecalloc(nf + 1, sizeof(*fq));
	for (k = 0; k < nf; k++) {
		rel = 1;
		for (u = 0; u < ni; u++) {
			y[u] = f[k].cnt[u] ? f[k].sum[u] / (double)f[k].cnt[u] : NAN;
			if (f[k].cnt[u] && pcnt[u] < MINFAM)
				rel = 0;
		}
		for (u = 0; rel && u < ni; u++)
			if (f[k].cnt[u])
				y[u] -= psum[u];
		fp[k] = NAN;
		if (welch(y, f[k].cnt, side, ni, &r, &nb, &nt)) {
			fp[k] = r.p;
			for (j = 0; j < f[k].n; j++) {
				Result *res = &g[f[k].g[j]].r;

				res->fam_change = 100 * expm1(r.diff);
				res->fam_p = r.p;
				res->fam_units = (long long)(nb + nt);
				res->fam_rel = rel;
			}
		}
	}
	kp_bh(fp, nf, fq);
	for (k = 0; k < nf; k++)
		for (j = 0; j < f[k].n; j++)
			g[f[k].g[j]].r.fam_q = fq[k];
	for (k = 0; k < nf; k++) {
		free(f[k].g);
		free(f[k].sum);
		free(f[k].cnt);
	}
	free(f);
	free(fp);
	free(fq);
	free(psum);
	free(pcnt);
	free(y);
	free(side);
	kp_strmap_free(fm);
	kp_strmap_free(im);
}

/* Do the pair's instances, two a side or more, each run MINFAM families
 * or more?  Then an instance's offset may be common to its families, and
 * the groups' spreads one set of instance offsets seen again and again,
 * not independent estimates: an empirical-Bayes prior over them (the
 * moderated t, the sweep) would take one draw of 5 offsets for hundreds
 * (with the offsets shared by every family, 1.1% of the simulation's
 * unchanged groups were called changed, all of a pair at once).
 * compare.c then learns the common part from the data and removes it
 * (offset.c) before borrowing. */
int
instances_shared(const Group *g, size_t ng)
{
	kp_strmap *fm = kp_strmap_new(), *seen = kp_strmap_new(),
	    *im = kp_strmap_new();
	size_t i, j, k, u, ni = 0, *nfam = NULL, nside[2] = { 0, 0 };
	int isnew, t, shared;
	const Side *s;

	for (i = 0; i < ng; i++) {
		if (!g[i].nb || !g[i].nt || !named(&g[i].sb) || !named(&g[i].st))
			continue;
		k = kp_strmap_add(fm, g[i].family, strlen(g[i].family), &isnew);
		for (t = 0; t < 2; t++) {
			s = t ? &g[i].st : &g[i].sb;
			for (j = 0; j < s->ninst; j++) {
				u = unit_add(im, t, s->inst[j], &isnew);
				if (isnew) {
					nfam = kp_grow(nfam, ni, sizeof(*nfam));
					nfam[ni++] = 0;
					nside[t]++;
				}
				unit_fam_add(seen, t, s->inst[j], k, &isnew);
				nfam[u] += isnew;
			}
		}
	}
	/* and only when the instances are the units: two a side or more */
	shared = nside[0] >= 2 && nside[1] >= 2;
	for (u = 0; u < ni; u++)
		if (nfam[u] < MINFAM)
			shared = 0;
	free(nfam);
	kp_strmap_free(fm);
	kp_strmap_free(seen);
	kp_strmap_free(im);
	return shared;
}
