/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compare.c: one baseline/target pair: its stats matched by measurement
 * (key, suite, bench, test, op, metric, conc), each side pooled, tested,
 * the tests moderated and the sweeps borrowed from, q over the pair, and
 * a cmp record per measurement both sides have. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "compare.h"

const char *
stat_name(const Stat *s, char *buf, size_t sz)
{
	snprintf(buf, sz, "%s/%s/%s[%s %s] at %lld", s->s.suite, s->s.bench,
	    s->s.test, s->s.op, s->s.metric, s->s.conc);
	return buf;
}

/* the concurrency levels of one measurement, a family, tested together;
 * families in the order of their first group, levels in group order */
static void
sweep(Group *g, size_t ng, int famvar, int borrow)
{
	kp_strmap *fm = kp_strmap_new();
	Family *f = NULL, *fi;
	size_t i, k, nf = 0;
	int isnew;

	for (i = 0; i < ng; i++) {
		if (!g[i].nb || !g[i].nt)
			continue;
		k = kp_strmap_add(fm, g[i].family, strlen(g[i].family), &isnew);
		if (isnew) {
			f = kp_grow(f, nf, sizeof(*f));
			memset(&f[nf++], 0, sizeof(*f));
		}
		fi = &f[k];
		fi->r = kp_grow(fi->r, fi->k, sizeof(*fi->r));
		fi->b = kp_grow(fi->b, fi->k, sizeof(*fi->b));
		fi->t = kp_grow(fi->t, fi->k, sizeof(*fi->t));
		fi->r[fi->k] = &g[i].r;
		fi->b[fi->k] = &g[i].sb;
		fi->t[fi->k++] = &g[i].st;
	}
	if (famvar)
		test_famvar(f, nf);
	if (borrow)
		test_sweep(f, nf);
	if (famvar)
		test_closed(f, nf);
	for (i = 0; i < nf; i++) {
		free(f[i].r);
		free(f[i].b);
		free(f[i].t);
	}
	free(f);
	kp_strmap_free(fm);
}

/* Each group's log difference less the pair-wide shift: Tukey's
 * biweight of the groups' differences, signed by the better direction, so
 * that a kernel slower everywhere moves throughput down and latency up by
 * the same amount.  The number of families tested, 0 when too few groups
 * to say what is common. */
static size_t
relative(Group *g, size_t ng)
{
	kp_strmap *fm = kp_strmap_new();
	double *v = ereallocarray(NULL, ng + 1, sizeof(*v)), shift, sg;
	size_t i, n = 0, nf;
	int isnew;

	for (i = 0; i < ng; i++)
		if (g[i].nb && g[i].nt && g[i].r.logok) {
			kp_strmap_add(fm, g[i].family, strlen(g[i].family), &isnew);
			sg = strcmp(g[i].st.better, "lower") == 0 ? -1 : 1;
			v[n++] = sg * g[i].r.ldiff;
		}
	nf = kp_strmap_len(fm);
	kp_strmap_free(fm);
	if (nf < 3) {
		free(v);
		return 0;
	}
	shift = kp_biweight(v, n);
	for (i = 0; i < ng; i++)
		if (g[i].nb && g[i].nt && g[i].r.logok) {
			sg = strcmp(g[i].st.better, "lower") == 0 ? -1 : 1;
			g[i].r.ldiff -= sg * shift;
		}
	free(v);
	return nf;
}

/* the distinct values of field f among the stats and their runs, as
 * "a, b, c", at most a dozen */
static void
present(const Compare *c, const char *f, char *buf, size_t sz)
{
	kp_strmap *seen = kp_strmap_new();
	const kp_fvs *fv;
	size_t i, j, n = 0, len = 0, nsets = c->nstats + c->nruns;
	int isnew;

	buf[0] = '\0';
	for (i = 0; i < nsets && len < sz; i++) {
		fv = i < c->nstats ? &c->stats[i].f : &c->runs[i - c->nstats].f;
		for (j = 0; j < fv->n && len < sz; j++) {
			if (strcmp(fv->v[j].name, f))
				continue;
			kp_strmap_add(seen, fv->v[j].val, strlen(fv->v[j].val), &isnew);
			if (!isnew)
				continue;
			if (++n > 12) {
				len += (size_t)snprintf(buf + len, sz - len, ", ...");
				i = nsets;
				break;
			}
			len += (size_t)snprintf(buf + len, sz - len, "%s%s",
			    n > 1 ? ", " : "", fv->v[j].val);
		}
	}
	if (n == 0)
		snprintf(buf, sz, "none");
	kp_strmap_free(seen);
}

/* A side chosen by the user that matches no stat is a mistake (a typo,
 * a kernel not run): exit 2 naming what is there, never compare nothing
 * and succeed. */
static void
nomatch(const Compare *c, const Pair *p, const kp_sel *sel, const char *side)
{
	char msg[4096], vals[2048];
	size_t i, len;

	len = (size_t)snprintf(msg, sizeof(msg), "the %s selection \"%s\" matches "
	    "no stat", side, sel == &p->b ? p->bname : p->tname);
	for (i = 0; i < sel->n && len < sizeof(msg); i++) {
		if (i && strcmp(sel->s[i].field, sel->s[i - 1].field) == 0)
			continue;
		present(c, sel->s[i].field, vals, sizeof(vals));
		len += (size_t)snprintf(msg + len, sizeof(msg) - len, "; %s present: %s",
		    sel->s[i].field, vals);
	}
	if (p->file)
		kp_die_at(p->file, p->line, 0, "%s", msg);
	kp_die("%s", msg);
}

/* the groups of pair p: its stats by measurement, each on its side */
static Group *
groups(Compare *c, Pair *p, size_t *ng)
{
	kp_strmap *gm = kp_strmap_new();
	size_t i, j, *cand, ncand, nb = 0, nt = 0;
	Group *g = NULL;
	char buf[512], prefix[512];
	int isnew, mb = 0, mt = 0;
	const Stat *was;
	Stat *s;
	Causes both = { 0 };

	*ng = 0;
	cand = sel_candidates(c, p, &ncand);
	for (i = 0, was = NULL; i < (cand ? ncand : c->nstats); i++) {
		s = &c->stats[cand ? cand[i] : i];
		/* With the default pairs a stat's fields as text are its
		 * kernel alone, and the stats of an experiment share their
		 * run records (index_stats): a stat like the one before
		 * matches as it did, without the selections run again over
		 * its run records' every field */
		if (!was || c->anyfield || s->s.kernel != was->s.kernel ||
		    s->rix != was->rix || s->nrix != was->nrix) {
			mb = sel_matches(c, &p->b, s);
			mt = sel_matches(c, &p->t, s);
		}
		was = s;
		nb += mb;
		nt += mt;
		if (!mb && !mt)
			continue;
		if (mb && mt) {
			snprintf(buf, sizeof(buf), "%s:%ld", s->file, s->line);
			cause_add(&both, "match both sides and are left out", buf);
			continue;
		}
		j = kp_strmap_add(gm, s->series, strlen(s->series), &isnew);
		if (isnew) {
			g = kp_grow(g, *ng, sizeof(*g));
			memset(&g[(*ng)++], 0, sizeof(*g));
		}
		if (mb) {
			g[j].b = kp_grow(g[j].b, g[j].nb, sizeof(Stat *));
			g[j].b[g[j].nb++] = s;
		} else {
			g[j].t = kp_grow(g[j].t, g[j].nt, sizeof(Stat *));
			g[j].t[g[j].nt++] = s;
		}
	}
	free(cand);
	kp_strmap_free(gm);
	snprintf(prefix, sizeof(prefix), "baseline %s, target %s", p->bname, p->tname);
	cause_warn(&both, prefix, "stat(s)");
	if (p->chosen && !nb)
		nomatch(c, p, &p->b, "baseline");
	if (p->chosen && !nt)
		nomatch(c, p, &p->t, "target");
	return g;
}

void
compare_pair(Compare *c, Pair *p)
{
	Group *g;
	Result **rs;
	double *ps, *qs, *pf, *within;
	size_t ng, i, nr, lv, *fam;
	kp_strmap *fm;
	int isnew, shared;
	char buf[512];
	size_t nfam;

	g = groups(c, p, &ng);
	rs = ereallocarray(NULL, ng + 1, sizeof(*rs));
	for (i = 0; i < ng; i++) {
		if (!g[i].nb || !g[i].nt)
			continue;
		pool_side(g[i].b, g[i].nb, &g[i].sb, "baseline");
		pool_side(g[i].t, g[i].nt, &g[i].st, "target");
		cmp_family(&g[i]);
		if (strcmp(g[i].sb.better, g[i].st.better))
			kp_warn_at(g[i].t[0]->file, g[i].t[0]->line, 0,
			    "%s is better %s here and %s in the baseline; using the target's",
			    stat_name(g[i].t[0], buf, sizeof(buf)), g[i].st.better,
			    g[i].sb.better);
	}
	/* When the pair's instances each ran several families, an instance
	 * slow in one is slow in all: that common offset is learned from the
	 * other families and removed (offset.c), the groups are tested on
	 * what remains (the sides alone say what to remove: each group is
	 * tested once, after), and relative to the pair-wide shift, which
	 * the shift record reports once.  The moderated test then borrows
	 * from the groups tested at the same level, counting a family's
	 * levels as one family, and the sweep across levels. */
	shared = instances_shared(g, ng);
	nfam = 0;
	if (shared && (c->m == M_MODERATED || c->m == M_SWEEP))
		offsets_remove(g, ng);
	for (i = 0; i < ng; i++)
		if (g[i].nb && g[i].nt)
			test_group(&g[i].sb, &g[i].st, c->m, &g[i].r);
	if (shared && (c->m == M_MODERATED || c->m == M_SWEEP))
		nfam = relative(g, ng);
	if (c->m == M_MODERATED || c->m == M_SWEEP)
		for (lv = 0; lv < NLV; lv++) {
			for (i = 0, nr = 0; i < ng; i++)
				if (g[i].nb && g[i].nt && g[i].r.level == (int)lv)
					rs[nr++] = &g[i].r;
			test_moderate(rs, nr, nfam > 1 ? (double)(nfam - 1) : INFINITY);
		}
	/* each level's variance comes from its family's instances and levels,
	 * the instances' common offsets learned when they ran several families */
	if (c->m == M_SWEEP || c->m == M_MODERATED)
		sweep(g, ng, 1, c->m == M_SWEEP);
	/* the family-wide tests remove the instances' offsets their own way,
	 * from the values as measured */
	for (i = 0; i < ng; i++)
		if (g[i].own[0][0] || g[i].own[1][0]) {
			if (g[i].own[0][0]) {
				g[i].sb.instloc = g[i].was[0][0];
				g[i].sb.obs[LV_INSTANCE] = g[i].was[0][1];
			}
			if (g[i].own[1][0]) {
				g[i].st.instloc = g[i].was[1][0];
				g[i].st.obs[LV_INSTANCE] = g[i].was[1][1];
			}
		}
	for (i = 0; i < ng; i++) {
		g[i].r.fam_change = g[i].r.fam_p = g[i].r.fam_q = NAN;
		g[i].r.fam_units = KP_NULL_INT;
		g[i].r.fam_rel = -1;
	}
	test_families(c, p, g, ng);
	/* the family, not the level, is the unit of discovery (Benjamini
	 * and Bogomolov 2014): families selected by Simes' p over their
	 * levels, then the levels inside them.  Not by the family-wide test:
	 * it averages the levels, so a family moved at one level is never
	 * selected, and with 5 instances a side its t has about 8 degrees
	 * of freedom where the levels' moderated tests borrow many more; in
	 * the simulation a lone 10% level went from 100% found to 2.5%. */
	ps = ereallocarray(NULL, ng + 1, sizeof(*ps));
	qs = ereallocarray(NULL, ng + 1, sizeof(*qs));
	fam = ereallocarray(NULL, ng + 1, sizeof(*fam));
	pf = ereallocarray(NULL, ng + 1, sizeof(*pf));
	within = ereallocarray(NULL, ng + 1, sizeof(*within));
	fm = kp_strmap_new();
	for (i = 0, nr = 0; i < ng; i++)
		if (g[i].nb && g[i].nt) {
			fam[nr] = kp_strmap_add(fm, g[i].family,
			    strlen(g[i].family), &isnew);
			/* Simes', or the closed test's (closed.c) */
			pf[fam[nr]] = g[i].r.ct_fam;
			within[nr] = g[i].r.ct_p;
			ps[nr++] = g[i].r.p;
		}
	kp_bb_within(ps, fam, nr, pf, within, kp_strmap_len(fm), qs);
	kp_strmap_free(fm);
	free(fam);
	free(pf);
	free(within);
	for (i = 0, nr = 0; i < ng; i++)
		if (g[i].nb && g[i].nt) {
			g[i].r.q = qs[nr++];
			write_cmp(c, &g[i]);
		}
	cover_pair(c, p, g, ng);
	free(ps);
	free(qs);
	free(rs);
	for (i = 0; i < ng; i++) {
		free(g[i].b);
		free(g[i].t);
		free(g[i].own[0][0]);
		free(g[i].own[0][1]);
		free(g[i].own[1][0]);
		free(g[i].own[1][1]);
	}
	free(g);
}
