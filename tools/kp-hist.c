/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-hist: quantiles of latency histograms with the bounds their buckets
 * imply, and baseline/target comparisons that respect those bounds */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "coverage.h"
#include "dist.h"
#include "kp.h"
#include "rec.h"
#include "select.h"
#include "strmap.h"

typedef struct {
	double est, lo, hi;	/* NAN when the histogram is empty */
} qest;

typedef struct {	/* one histogram: one map (and key) of one run */
	char *run, *kernel;
	kp_buckets b;
	double n;
	char *src;
	char *file;	/* where the record was read, for messages at the end */
	long line;
} hist;

typedef struct {	/* one map and key: the histograms of each side */
	char *map, *keys;	/* keys joined with ',' */
	char *label;		/* "lat" or "lat[bash]" */
	char *unit;
	hist *side[2];
	size_t nside[2];
} group;

typedef struct {
	kp_sel sel[2];	/* 0: baseline, 1: target */
	int qi;	/* the quantile compared */
	group *groups;
	size_t ngroups;
	kp_strmap *groupmap;	/* (map, keys) -> group */
	/* the fields of the run records of each run, for selection, and the
	 * (group, side, run) of each histogram kept: a history of many runs
	 * would make a scan per record quadratic */
	kp_strmap *runmap, *histmap;
	kp_fvs **runfields;	/* by run: its records' fields */
	size_t *nrunfields;
	kp_w *w;
	kp_recix ix;
	size_t nmatch[2];	/* histograms each selection matched */
} Hist;

static const char synopsis[] =
    "usage: kp-hist [-q quantile] [-b baseline -t target] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'b', NULL, "baseline",
	    "the baseline side, in kp-compare's selection language" },
	{ 't', NULL, "target",
	    "the target side, in kp-compare's selection language" },
	{ 'q', NULL, "quantile",
	    "the quantile to compare" },
	{ 0 }
};

static void
read_run(Hist *h, kp_json *d)
{
	static const kp_has want = { { 1u << KP_RUN_RUN, 0 } };
	kp_run r;
	size_t k;
	int isnew;

	kp_rec_read(d, &kp_run_t, &r, &want, NULL);
	k = kp_strmap_add(h->runmap, r.run, strlen(r.run), &isnew);
	if (isnew) {
		h->runfields = kp_grow(h->runfields, k, sizeof(*h->runfields));
		h->nrunfields = kp_grow(h->nrunfields, k, sizeof(*h->nrunfields));
		h->runfields[k] = NULL;
		h->nrunfields[k] = 0;
	}
	h->runfields[k] = kp_grow(h->runfields[k], h->nrunfields[k],
	    sizeof(**h->runfields));
	kp_fvs_read(d, &h->runfields[k][h->nrunfields[k]++]);
	kp_rec_free(&kp_run_t, &r);
}

/* which side a histogram is on: 0 baseline, 1 target, -1 neither; by its
 * fields and those of its run's records */
static int
side_of(Hist *h, kp_json *d, const char *run)
{
	const kp_fvs **sets;
	kp_fvs own;
	size_t n = 0, i;
	long k = kp_strmap_find(h->runmap, run, strlen(run));
	int b, t;

	kp_fvs_read(d, &own);
	sets = ereallocarray(NULL, 1 + (k < 0 ? 0 : h->nrunfields[k]), sizeof(*sets));
	sets[n++] = &own;
	for (i = 0; k >= 0 && i < h->nrunfields[k]; i++)
		sets[n++] = &h->runfields[k][i];
	b = kp_sel_match(&h->sel[0], sets, n);
	t = kp_sel_match(&h->sel[1], sets, n);
	h->nmatch[0] += b != 0;
	h->nmatch[1] += t != 0;
	free(sets);
	kp_fvs_free(&own);
	if (b && t)
		kp_rec_die(d, -1, "histogram matches both the baseline and the "
		    "target selector");
	return b ? 0 : t ? 1 : -1;
}

/* The quantile of rank ceil(pN) (the inverse of the empirical distribution
 * function) lies for certain in the bucket holding that rank; where inside
 * is unknown, so the estimate assumes the events spread evenly over it. */
static qest
quantile(const kp_buckets *bk, double n, double p)
{
	qest q = { NAN, NAN, NAN };
	double rank = p * n, cum = 0;
	const kp_bucket *b = bk->v;

	if (n <= 0)
		return q;
	for (size_t i = 0; i < bk->n; i++) {
		if (b[i].count > 0 && cum + b[i].count >= rank - 1e-9 * n) {
			double f = (rank - cum) / b[i].count;

			q.lo = b[i].lo;
			q.hi = b[i].hi;
			if (isinf(b[i].lo))
				q.est = b[i].hi;
			else if (isinf(b[i].hi))
				q.est = b[i].lo;
			else
				q.est = b[i].lo + f * (b[i].hi - b[i].lo);
			return q;
		}
		cum += b[i].count;
	}
	return q;
}

static char *
join_keys(const kp_strs *keys)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i < keys->n; i++)
		len += strlen(keys->v[i]) + 1;
	s = ecalloc(1, len);
	for (i = 0; i < keys->n; i++) {
		if (i)
			strcat(s, ",");
		strcat(s, keys->v[i]);
	}
	return s;
}

static group *
find_group(Hist *h, const char *map, const char *keys, const char *label,
    const char *unit)
{
	size_t k;
	int isnew;
	group *g;

	k = kp_strmap_addv(h->groupmap, &isnew, map, keys, NULL);
	if (!isnew)
		return &h->groups[k];
	h->groups = kp_grow(h->groups, h->ngroups, sizeof(*h->groups));
	g = &h->groups[h->ngroups++];
	memset(g, 0, sizeof(*g));
	g->map = estrdup(map);
	g->keys = estrdup(keys);
	g->label = estrdup(label);
	g->unit = estrdup(unit);
	return g;
}

/* the map without its @ */
static const char *
bare(const char *map)
{
	return map[0] == '@' ? map + 1 : map;
}

static void
read_hist(Hist *h, kp_json *d)
{
	kp_hist x;
	kp_histstat s;
	hist one;
	char *keys, *label, gs[48];
	size_t i, len;
	group *g;
	int side, isnew, q;

	kp_rec_read(d, &kp_hist_t, &x, NULL, &h->ix);
	memset(&one, 0, sizeof(one));
	for (i = 0; i < x.buckets.n; i++) {
		if (x.buckets.v[i].hi <= x.buckets.v[i].lo ||
		    (i && x.buckets.v[i].lo < x.buckets.v[i - 1].hi))
			kp_rec_die(d, kp_json_get(d, 0, KP_FNAME(kp_hist_t, KP_HIST_BUCKETS)),
			    "expected ascending, non-overlapping buckets");
		one.n += (double)x.buckets.v[i].count;
	}
	keys = join_keys(&x.keys);
	len = strlen(bare(x.map)) + strlen(keys) + 3;
	label = emalloc(len);
	snprintf(label, len, "%s%s%s%s", bare(x.map), keys[0] ? "[" : "", keys,
	    keys[0] ? "]" : "");

	/* one stat record per histogram, written as it arrives */
	memset(&s, 0, sizeof(s));
	kp_has_range(&s.has, 0, KP_HSTAT_NF - 1);
	s.scope = KP_SCOPE_HIST;
	s.run = x.run;
	s.kernel = x.kernel ? x.kernel : "";
	s.map = x.map;
	s.keys = x.keys;
	s.kind = x.kind ? x.kind : "hist";
	s.unit = x.unit ? x.unit : "";
	s.better = KP_LOWER;
	s.test = label;
	s.n = one.n;
	for (q = 0; q < KP_NQ; q++) {
		qest e = quantile(&x.buckets, one.n, kp_quantiles[q].p);

		s.q[q][0] = e.est;
		s.q[q][1] = e.lo;
		s.q[q][2] = e.hi;
	}
	s.src = x.src ? x.src : "";
	kp_rec_write(h->w, &kp_histstat_t, &s);

	if (!h->sel[0].n || (side = side_of(h, d, x.run)) < 0) {
		free(keys);
		free(label);
		kp_rec_free(&kp_hist_t, &x);
		return;
	}
	g = find_group(h, x.map, keys, label, s.unit);
	free(keys);
	free(label);
	snprintf(gs, sizeof(gs), "%zu %d", (size_t)(g - h->groups), side);
	kp_strmap_addv(h->histmap, &isnew, gs, x.run, NULL);
	if (!isnew)
		kp_rec_die(d, -1, "a second histogram of %s in run %s; expected "
		    "one per run (give each its own run with --meta run=...)",
		    g->label, x.run);
	one.run = estrdup(x.run);
	one.kernel = estrdup(s.kernel);
	one.src = estrdup(s.src);
	one.b = x.buckets;
	x.buckets.v = NULL;
	x.buckets.n = 0;
	one.file = estrdup(d->file);
	one.line = d->line;
	g->side[side] = kp_grow(g->side[side], g->nside[side], sizeof(hist));
	g->side[side][g->nside[side]++] = one;
	kp_rec_free(&kp_hist_t, &x);
}

/* the histograms of one side summed; bucket edges must agree */
static hist
pool(const group *g, int side)
{
	hist p;

	memset(&p, 0, sizeof(p));
	for (size_t i = 0; i < g->nside[side]; i++) {
		const hist *h = &g->side[side][i];

		for (size_t j = 0; j < h->b.n; j++) {
			const kp_bucket *b = &h->b.v[j];
			size_t k;

			for (k = 0; k < p.b.n; k++)
				if (p.b.v[k].lo == b->lo && p.b.v[k].hi == b->hi)
					break;
			if (k == p.b.n) {
				size_t at = 0;

				while (at < p.b.n && p.b.v[at].lo < b->lo)
					at++;
				if ((at > 0 && p.b.v[at - 1].hi > b->lo) ||
				    (at < p.b.n && p.b.v[at].lo < b->hi))
					kp_die_at(h->file, h->line, 0, "%s (from %s): "
					    "bucket edges differ from those of the "
					    "histograms before it; expected the same "
					    "bucketing on both sides", g->label, h->src);
				p.b.v = kp_grow(p.b.v, p.b.n, sizeof(*p.b.v));
				memmove(p.b.v + at + 1, p.b.v + at,
				    (p.b.n - at) * sizeof(*p.b.v));
				p.b.v[at] = *b;
				p.b.n++;
			} else if (__builtin_add_overflow(p.b.v[k].count,
			    b->count, &p.b.v[k].count))
				/* a long long would wrap (UBSan stops there, a
				 * normal build gave null quantiles and exit 0) */
				kp_die_at(h->file, h->line, 0, "%s (from %s): the "
				    "bucket [%g, %g) of the %s's histograms adds up "
				    "to more than %lld; expected counts a long long "
				    "holds", g->label, h->src, b->lo, b->hi,
				    side ? "target" : "baseline", LLONG_MAX);
			p.n += (double)b->count;
		}
	}
	return p;
}

static void
runs_of(const group *g, int side, kp_strs *out)
{
	out->n = g->nside[side];
	out->v = ereallocarray(NULL, out->n + 1, sizeof(*out->v));
	for (size_t i = 0; i < out->n; i++)
		out->v[i] = g->side[side][i].run;
}

/* the runs of a side joined with ',', for the experiment's hash */
static char *
runs_text(const group *g, int side)
{
	kp_strs r;
	char *s;

	runs_of(g, side, &r);
	s = join_keys(&r);
	free(r.v);
	return s;
}

/* the comparison of one group, into c */
static void
compare(Hist *h, group *g, kp_cmp *c)
{
	hist pb = pool(g, 0), pt = pool(g, 1);
	double qp = kp_quantiles[h->qi].p;
	double *lb, *lt;
	size_t nb = g->nside[0], nt = g->nside[1], i;
	qest qb, qt;
	int logok = 1;

	c->p = c->hedges_g = c->cliffs_delta = NAN;
	qb = quantile(&pb.b, pb.n, qp);
	qt = quantile(&pt.b, pt.n, qp);
	c->base_median = qb.est;
	c->target_median = qt.est;
	c->change_pct = qb.est > 0 ? 100 * (qt.est / qb.est - 1) : NAN;
	c->base_q[h->qi] = qb.est;
	c->base_lo = qb.lo;
	c->base_hi = qb.hi;
	c->target_q[h->qi] = qt.est;
	c->target_lo = qt.lo;
	c->target_hi = qt.hi;
	lb = ecalloc(nb ? nb : 1, sizeof(double));
	lt = ecalloc(nt ? nt : 1, sizeof(double));
	for (i = 0; i < nb + nt; i++) {
		const hist *x = i < nb ? &g->side[0][i] : &g->side[1][i - nb];
		double n = 0;
		qest q;

		for (size_t j = 0; j < x->b.n; j++)
			n += (double)x->b.v[j].count;
		q = quantile(&x->b, n, qp);
		if (!(q.est > 0) || !isfinite(q.est))
			logok = 0;
		else if (i < nb)
			lb[i] = log(q.est);
		else
			lt[i - nb] = log(q.est);
	}
	/* Events of one trace are not independent samples, so the runs are
	 * the units: a t test on the log of each run's quantile. */
	if (nb >= 2 && nt >= 2 && logok) {
		kp_test r;
		double tq;

		kp_welch(lb, nb, lt, nt, &r);
		c->method = KP_M_WELCH_LOG_RUNS;
		c->base_median = exp(kp_mean(lb, nb));
		c->target_median = exp(kp_mean(lt, nt));
		c->change_pct = 100 * expm1(r.diff);
		if (r.se > 0 && isfinite(r.df)) {
			tq = kp_t_quantile(0.975, r.df);
			c->ci_low_pct = 100 * expm1(r.diff - tq * r.se);
			c->ci_high_pct = 100 * expm1(r.diff + tq * r.se);
			c->p = r.p;
		} else {
			/* no spread on either side: the change is exact */
			c->ci_low_pct = c->ci_high_pct = c->change_pct;
			c->p = r.diff == 0 ? 1 : 0;
		}
		c->hedges_g = kp_hedges_g(lb, nb, lt, nt);
		c->cliffs_delta = kp_cliffs_delta(lb, nb, lt, nt);
	} else {
		/* with one histogram a side the bucket bounds are all we know:
		 * the change lies between the most and least favourable
		 * placements of both quantiles in their buckets */
		c->method = KP_M_HIST_BOUNDS;
		c->ci_low_pct = qb.hi > 0 && isfinite(qt.lo) ?
		    100 * (qt.lo / qb.hi - 1) : NAN;
		if (isinf(qb.hi) && qt.lo >= 0)
			c->ci_low_pct = -100;
		c->ci_high_pct = qb.lo > 0 && isfinite(qt.hi) ?
		    100 * (qt.hi / qb.lo - 1) : NAN;
		c->resolution_limited = !isnan(qb.est) && !isnan(qt.est) &&
		    qt.lo < qb.hi && qb.lo < qt.hi;
	}
	free(lb);
	free(lt);
	free(pb.b.v);
	free(pt.b.v);
}

/* the ids of a comparison: key, base_exp, target_exp, family */
typedef char ids[4][KP_IDSZ];

/* the fields of a cmp record of group g but its statistics; the ids go
 * to id */
static void
describe(Hist *h, group *g, kp_cmp *c, kp_canon *canon, ids id)
{
	char *key = id[0], *bexp = id[1], *texp = id[2], *family = id[3];
	char *runs;

	kp_canon_reset(canon);
	kp_canon_add(canon, "framework", "bpftrace");
	kp_canon_add(canon, "map", g->map);
	kp_canon_add(canon, "keys", g->keys);
	kp_canon_add(canon, "unit", g->unit);
	kp_canon_hash(canon, key);
	kp_canon_add(canon, "kernel", g->side[0][0].kernel);
	kp_canon_add(canon, "runs", runs = runs_text(g, 0));
	free(runs);
	kp_canon_hash(canon, bexp);
	kp_canon_add(canon, "kernel", g->side[1][0].kernel);
	kp_canon_add(canon, "runs", runs = runs_text(g, 1));
	free(runs);
	kp_canon_hash(canon, texp);

	c->key = key;
	c->job = c->suite = "bpftrace";
	c->bench = c->op = (char *)bare(g->map);
	c->test = g->label;
	c->metric = c->quantile = (char *)kp_quantiles[h->qi].name;
	c->unit = g->unit;
	c->better = KP_LOWER;
	c->conc = 1;
	c->base_kernel = g->side[0][0].kernel;
	c->target_kernel = g->side[1][0].kernel;
	c->base_exp = bexp;
	c->target_exp = texp;
	kp_family_id(family, bexp, texp, c->suite, c->bench, c->test, c->op, c->metric);
	c->family = family;
	runs_of(g, 0, &c->base_runs);
	runs_of(g, 1, &c->target_runs);
	c->obs_level = KP_LV_RUN;
	c->n_base = (long long)g->nside[0];
	c->n_target = (long long)g->nside[1];
	c->single_run = kp_single_run(c->obs_level, c->n_base, c->n_target);
	c->base_mean = c->target_mean = c->base_cv = c->target_cv = NAN;
	c->change_mean_pct = NAN;
}

/* the events the histograms of a side of g counted */
static int
events(const group *g, int side)
{
	for (size_t i = 0; i < g->nside[side]; i++)
		for (size_t j = 0; j < g->side[side][i].b.n; j++)
			if (g->side[side][i].b.v[j].count > 0)
				return 1;
	return 0;
}

/* the kernel of a side: of its first histogram in any group */
static const char *
side_kernel(const Hist *h, int side)
{
	for (size_t i = 0; i < h->ngroups; i++)
		if (h->groups[i].nside[side])
			return h->groups[i].side[side][0].kernel;
	return NULL;
}

/* the coverage record's name of g: as kp-compare names a group */
static void
covname(const Hist *h, const group *g, char *buf, size_t sz)
{
	snprintf(buf, sz, "bpftrace/%s/%s[%s %s]@1", bare(g->map), g->label,
	    bare(g->map), kp_quantiles[h->qi].name);
}

/* a group not compared: missing in the target (absent, or no event
 * counted), new in it, or a baseline that counted no event */
static void
uncovered(Hist *h, const group *g)
{
	kp_coverage cov;
	char name[1024];
	enum kp_cov_kind kind;
	const char *why = NULL;

	if (g->nside[0] == 0)
		kind = KP_COV_NEW;
	else if (g->nside[1] == 0)
		kind = KP_COV_MISSING;
	else if (!events(g, 1)) {
		kind = KP_COV_MISSING;
		why = "the target's histogram counted no event";
	} else {
		kind = KP_COV_UNCOMPARED;
		why = "the baseline's histogram counted no event";
	}
	covname(h, g, name, sizeof(name));
	kp_coverage_init(&cov, KP_COV_COMPARE, kind, KP_COV_LGROUP, name);
	cov.base = side_kernel(h, 0);
	cov.target = side_kernel(h, 1);
	cov.why = why;
	kp_coverage_write(h->w, &cov);
	kp_warn("%s: %s; not compared", g->label, why ? why :
	    kind == KP_COV_NEW ? "only in the target" : "only in the baseline");
}

/* the pair's record: the maps of either side and those compared; none
 * compared says nothing was */
static void
covered(Hist *h, size_t ncmp)
{
	kp_coverage cov;
	const char *t = side_kernel(h, 1);

	kp_coverage_init(&cov, KP_COV_COMPARE, KP_COV_COMPARED, KP_COV_LPAIR,
	    t ? t : "-");
	cov.base = side_kernel(h, 0);
	cov.target = t;
	cov.expected = (long long)h->ngroups;
	cov.found = (long long)ncmp;
	if (ncmp == 0)
		cov.why = "no histogram with events is on both sides";
	kp_coverage_write(h->w, &cov);
}

static void
compare_all(Hist *h)
{
	kp_cmp *c = ecalloc(h->ngroups ? h->ngroups : 1, sizeof(*c));
	group **of = ecalloc(h->ngroups ? h->ngroups : 1, sizeof(*of));
	ids id;
	double *p = ecalloc(h->ngroups ? h->ngroups : 1, sizeof(double));
	double *q = ecalloc(h->ngroups ? h->ngroups : 1, sizeof(double));
	kp_canon *canon = kp_canon_new();
	size_t n = 0, i;

	for (i = 0; i < h->ngroups; i++) {
		group *g = &h->groups[i];

		/* a map on one side only, or a side that counted no event,
		 * is missing data, not a finding: said in a coverage record,
		 * so that a gate fails on it (kp-render --fail-on missing) */
		if (g->nside[0] == 0 || g->nside[1] == 0 || !events(g, 0) ||
		    !events(g, 1)) {
			uncovered(h, g);
			continue;
		}
		compare(h, g, &c[n]);
		of[n] = g;
		p[n] = c[n].p;
		n++;
	}
	covered(h, n);
	kp_bh(p, n, q);
	for (i = 0; i < n; i++) {
		/* what kp-hist writes of the fields of a cmp record */
		kp_has_range(&c[i].has, KP_CMP_KEY, KP_CMP_TARGET_RUNS);
		kp_has_range(&c[i].has, KP_CMP_OBS_LEVEL, KP_CMP_P);
		kp_has_range(&c[i].has, KP_CMP_HEDGES_G, KP_CMP_WORSE);
		kp_has_set(&c[i].has, KP_CMP_Q);
		kp_has_set(&c[i].has, KP_CMP_QUANTILE);
		kp_has_set(&c[i].has, KP_CMP_BASE_Q + h->qi);
		kp_has_range(&c[i].has, KP_CMP_BASE_LO, KP_CMP_BASE_HI);
		kp_has_set(&c[i].has, KP_CMP_TARGET_Q + h->qi);
		kp_has_range(&c[i].has, KP_CMP_TARGET_LO, KP_CMP_RESOLUTION_LIMITED);
		describe(h, of[i], &c[i], canon, id);
		c[i].q = q[i];
		/* latency: up is worse, also from a zero baseline, which
		 * has no change_pct (kp(7)) */
		c[i].worse = c[i].target_median > c[i].base_median;
		kp_rec_write(h->w, &kp_cmp_t, &c[i]);
		free(c[i].base_runs.v);
		free(c[i].target_runs.v);
	}
	kp_canon_free(canon);
	free(c);
	free(of);
	free(p);
	free(q);
}

/* A selection that matched no histogram is a mistake (a typo, a run not
 * made): exit 2 naming the values of its fields the runs have, never
 * compare nothing and succeed. */
static void
nomatch(Hist *h, int side)
{
	const kp_sel *sel = &h->sel[side];
	kp_strmap *seen = kp_strmap_new();
	char msg[4096];
	size_t i, r, k, j, len, nv;
	int isnew;

	len = (size_t)snprintf(msg, sizeof(msg), "the %s selection \"%s\" matches "
	    "no histogram", side ? "target" : "baseline",
	    kp_sel_name((kp_sel *)sel));
	for (i = 0; i < sel->n && len < sizeof(msg); i++) {
		if (i && strcmp(sel->s[i].field, sel->s[i - 1].field) == 0)
			continue;
		len += (size_t)snprintf(msg + len, sizeof(msg) - len, "; %s present:",
		    sel->s[i].field);
		nv = 0;
		for (r = 0; r < kp_strmap_len(h->runmap) && len < sizeof(msg); r++)
			for (k = 0; k < h->nrunfields[r]; k++)
				for (j = 0; j < h->runfields[r][k].n && len < sizeof(msg); j++) {
					const kp_fv *f = &h->runfields[r][k].v[j];

					if (strcmp(f->name, sel->s[i].field))
						continue;
					kp_strmap_addv(seen, &isnew, sel->s[i].field, f->val, NULL);
					if (isnew)
						len += (size_t)snprintf(msg + len, sizeof(msg) - len,
						    "%s %s", nv++ ? "," : "", f->val);
				}
		if (nv == 0 && len < sizeof(msg))
			len += (size_t)snprintf(msg + len, sizeof(msg) - len, " none");
	}
	kp_strmap_free(seen);
	kp_die("%s", msg);
}

int
main(int argc, char *argv[])
{
	static Hist h;	/* reachable to the end, as its histograms are */
	kp_json d;
	kp_in *in;
	int c, i;

	h.qi = KP_Q99;
	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1)
		switch (c) {
		case 'b':
		case 't':
			if (kp_sel_add(&h.sel[c == 't'], optarg) < 0) {
				kp_warn("-%c %s: expected a kernel or FIELD=VALUE",
				    c, optarg);
				kp_usage(synopsis);
			}
			break;
		case 'q':
			for (i = 0; i < KP_NQ; i++)
				if (strcmp(optarg, kp_quantiles[i].name) == 0 ||
				    (optarg[0] == 'P' &&
				    strcmp(optarg + 1, kp_quantiles[i].name + 1) == 0))
					break;
			if (strcmp(optarg, "p99.9") == 0)
				i = KP_Q999;
			if (i == KP_NQ) {
				kp_warn("-q %s: expected p50, p90, p99 or p999", optarg);
				kp_usage(synopsis);
			}
			h.qi = i;
			break;
		default:
			kp_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	if (!h.sel[0].n != !h.sel[1].n)
		kp_usage(synopsis);
	h.w = kp_w_open(stdout, "<stdout>");
	h.groupmap = kp_strmap_new();
	h.runmap = kp_strmap_new();
	h.histmap = kp_strmap_new();
	kp_json_init(&d);
	for (i = 0; i < (argc ? argc : 1); i++) {
		in = kp_in_open(argc ? argv[i] : NULL);
		while (kp_rec_next(in, &d)) {
			kp_w_line(h.w, d.text, d.len);
			if (kp_rec_is(&d, &kp_run_t)) {
				if (h.sel[0].n)
					read_run(&h, &d);
			} else if (kp_rec_is(&d, &kp_hist_t))
				read_hist(&h, &d);
		}
		kp_in_close(in);
	}
	for (i = 0; i < 2; i++)
		if (h.sel[i].n && !h.nmatch[i])
			nomatch(&h, i);
	if (h.sel[0].n)
		compare_all(&h);
	kp_json_free(&d);
	kp_w_close(h.w);
	return KP_EXIT_OK;
}
