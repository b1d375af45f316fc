/* kp-hist: quantiles of latency histograms with the bounds their buckets
 * imply, and baseline/target comparisons that respect those bounds */
#include <err.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "kp.h"
#include "strmap.h"

typedef struct {
	double lo, hi;	/* -INFINITY / INFINITY for an open end */
	double count;
} bucket;

typedef struct {
	double est, lo, hi;	/* NAN when the histogram is empty */
} qest;

typedef struct {	/* one histogram: one map (and key) of one run */
	char *run, *kernel, *unit;
	bucket *b;
	size_t nb;
	double n;
	char *src;
	char *file;	/* where the record was read, for messages at the end */
	long line;
} hist;

typedef struct {	/* one map and key: the histograms of each side */
	char *map, *keys;	/* keys: raw JSON array */
	char *label;		/* "lat" or "lat[bash]" */
	char *unit;
	hist *side[2];
	size_t nside[2];
} group;

typedef struct {
	char *run;
	char *val[2];	/* the selector fields of the run record */
} runrec;

typedef struct {
	char *field, *value;
} selector;

static const struct {
	const char *name;
	double p;
} quantiles[] = {
	{ "p50", 0.5 }, { "p90", 0.9 }, { "p99", 0.99 }, { "p999", 0.999 },
};

static void usage(void);

static selector sel[2];	/* 0: baseline, 1: target */
static int nsel;
static int qi = 2;	/* compared quantile: p99 */
static group *groups;
static size_t ngroups;
static runrec *runs;
static size_t nruns;
/* run -> index in runs; (group, side, run) of each histogram kept: a
 * history of many runs would make a scan per record quadratic */
static kp_strmap *runmap, *histmap;

/* room for element n of an array whose capacity is the power of 2 at
 * or above n: growing by one at a time is quadratic under a realloc
 * that always copies (AddressSanitizer's) */
static void *
grow(void *p, size_t n, size_t size)
{
	if (n & (n - 1))
		return p;
	return ereallocarray(p, n ? 2 * n : 1, size);
}
static kp_w *w;

static void
usage(void)
{
	fprintf(stderr, "usage: kp-hist [-q quantile] [-b baseline -t target] "
	    "[file ...]\n");
	exit(KP_EXIT_BAD);
}

static void
parse_sel(selector *s, const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (eq == NULL) {
		s->field = estrdup("kernel");
		s->value = estrdup(arg);
	} else {
		if (eq == arg)
			usage();
		s->field = estrndup(arg, eq - arg);
		s->value = estrdup(eq + 1);
	}
}


static runrec *
find_run(const char *run)
{
	long i = runmap ? kp_strmap_find(runmap, run, strlen(run)) : -1;

	return i < 0 ? NULL : &runs[i];
}

static void
read_run(kp_json *d)
{
	runrec *r;

	if (nsel == 0)
		return;
	if ((r = find_run(kp_req_str(d, "run"))) == NULL) {
		if (!runmap)
			runmap = kp_strmap_new();
		kp_strmap_add(runmap, kp_req_str(d, "run"), strlen(kp_req_str(d, "run")),
		    NULL);
		runs = grow(runs, nruns, sizeof(*runs));
		r = &runs[nruns++];
		r->run = estrdup(kp_req_str(d, "run"));
		r->val[0] = r->val[1] = NULL;
	}
	for (int s = 0; s < 2; s++) {
		char *v = kp_field_text(d, sel[s].field);

		if (v) {
			free(r->val[s]);
			r->val[s] = v;
		}
	}
}

/* which side a histogram is on: 0 baseline, 1 target, -1 neither */
static int
side_of(kp_json *d, const char *run)
{
	int side = -1;

	for (int s = 0; s < 2; s++) {
		char *v = kp_field_text(d, sel[s].field);
		runrec *r;

		if (v == NULL && (r = find_run(run)) != NULL && r->val[s])
			v = estrdup(r->val[s]);
		if (v && strcmp(v, sel[s].value) == 0) {
			if (side >= 0)
				kp_rec_die(d, -1, "histogram matches both the baseline "
				    "and the target selector");
			side = s;
		}
		free(v);
	}
	return side;
}

/* The quantile of rank ceil(pN) (the inverse of the empirical distribution
 * function) lies for certain in the bucket holding that rank; where inside
 * is unknown, so the estimate assumes the events spread evenly over it. */
static qest
quantile(const bucket *b, size_t nb, double n, double p)
{
	qest q = { NAN, NAN, NAN };
	double rank = p * n, cum = 0;

	if (n <= 0)
		return q;
	for (size_t i = 0; i < nb; i++) {
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

static void
knum_or_null(const char *key, double x)
{
	if (isfinite(x))
		kp_w_knum(w, key, x);
	else
		kp_w_knull(w, key);
}

static char *
join_keys(kp_json *d, int keys)
{
	char *s = estrdup("");
	size_t len = 0;
	int e;

	for (e = kp_json_first(d, keys); e >= 0 && (uint32_t)e < d->tok[keys].next;
	    e = d->tok[e].next) {
		const char *k = kp_json_str(d, e);

		if (k == NULL)
			kp_rec_die(d, e, "expected a string in \"keys\"");
		s = erealloc(s, len + strlen(k) + 2);
		len += sprintf(s + len, "%s%s", len ? "," : "", k);
	}
	return s;
}

/* groups by (map, keys) in an open-addressing table: a trace may hold a
 * keyed map with thousands of keys */
static size_t *gtab, gcap;

static uint64_t
ghash(const char *map, const char *keys)
{
	uint64_t h = 1469598103934665603ULL;

	for (const char *p = map; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	h = (h ^ 0xff) * 1099511628211ULL;
	for (const char *p = keys; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return h;
}

static group *
find_group(const char *map, const char *keys, const char *label,
    const char *unit)
{
	size_t i, mask;
	group *g;

	if (2 * (ngroups + 1) > gcap) {
		gcap = gcap ? 2 * gcap : 64;
		free(gtab);
		gtab = ecalloc(gcap, sizeof(*gtab));	/* 0: empty, else index + 1 */
		for (size_t j = 0; j < ngroups; j++) {
			i = ghash(groups[j].map, groups[j].keys) & (gcap - 1);
			while (gtab[i])
				i = (i + 1) & (gcap - 1);
			gtab[i] = j + 1;
		}
	}
	mask = gcap - 1;
	for (i = ghash(map, keys) & mask; gtab[i]; i = (i + 1) & mask) {
		g = &groups[gtab[i] - 1];
		if (strcmp(g->map, map) == 0 && strcmp(g->keys, keys) == 0)
			return g;
	}
	groups = grow(groups, ngroups, sizeof(*groups));
	g = &groups[ngroups];
	memset(g, 0, sizeof(*g));
	g->map = estrdup(map);
	g->keys = estrdup(keys);
	g->label = estrdup(label);
	g->unit = estrdup(unit);
	gtab[i] = ++ngroups;
	return g;
}

static void
read_hist(kp_json *d)
{
	hist h;
	const char *map = kp_req_str(d, "map");
	int bi = kp_json_get(d, 0, "buckets"), ki = kp_json_get(d, 0, "keys"), e;
	const char *raw;
	size_t rawlen;
	char *keystr, label[512], name[32], gs[48];
	group *g = NULL;
	int side = -1, isnew;

	memset(&h, 0, sizeof(h));
	if (bi < 0 || d->tok[bi].type != KP_JARR)
		kp_rec_die(d, bi, "expected an array \"buckets\"");
	if (ki < 0 || d->tok[ki].type != KP_JARR)
		kp_rec_die(d, ki, "expected an array \"keys\"");
	for (e = kp_json_first(d, bi); e >= 0 && (uint32_t)e < d->tok[bi].next;
	    e = d->tok[e].next) {
		int lo = kp_json_get(d, e, "lo"), hi = kp_json_get(d, e, "hi");
		int c = kp_json_get(d, e, "count");
		long long count;
		bucket b;

		if (lo < 0 || hi < 0 || c < 0)
			kp_rec_die(d, e, "expected a bucket {lo, hi, count}");
		b.lo = -INFINITY;
		b.hi = INFINITY;
		if (d->tok[lo].type != KP_JNULL && kp_json_num(d, lo, &b.lo) != 0)
			kp_rec_die(d, lo, "expected a number or null for lo");
		if (d->tok[hi].type != KP_JNULL && kp_json_num(d, hi, &b.hi) != 0)
			kp_rec_die(d, hi, "expected a number or null for hi");
		if (kp_json_int(d, c, &count) != 0 || count < 0)
			kp_rec_die(d, c, "expected an integer count >= 0");
		b.count = (double)count;
		if (b.hi <= b.lo || (h.nb && b.lo < h.b[h.nb - 1].hi))
			kp_rec_die(d, e, "expected ascending, non-overlapping buckets");
		h.b = ereallocarray(h.b, h.nb + 1, sizeof(*h.b));
		h.b[h.nb++] = b;
		h.n += b.count;
	}
	h.run = estrdup(kp_req_str(d, "run"));
	h.kernel = estrdup(kp_opt_str(d, "kernel", ""));
	h.unit = estrdup(kp_opt_str(d, "unit", ""));
	h.src = estrdup(kp_opt_str(d, "src", ""));
	h.file = estrdup(d->file);
	h.line = d->line;
	keystr = join_keys(d, ki);
	snprintf(label, sizeof(label), "%s%s%s%s", map[0] == '@' ? map + 1 : map,
	    keystr[0] ? "[" : "", keystr, keystr[0] ? "]" : "");

	/* one stat record per histogram, written as it arrives */
	kp_w_obj(w);
	kp_w_kstr(w, "type", "stat");
	kp_w_kstr(w, "scope", "hist");
	kp_w_kstr(w, "run", h.run);
	kp_w_kstr(w, "kernel", h.kernel);
	kp_w_kstr(w, "map", map);
	raw = kp_json_raw(d, ki, &rawlen);
	kp_w_key(w, "keys");
	kp_w_raw(w, raw, rawlen);
	kp_w_kstr(w, "kind", kp_opt_str(d, "kind", "hist"));
	kp_w_kstr(w, "unit", h.unit);
	kp_w_kstr(w, "better", "lower");
	kp_w_kstr(w, "test", label);
	kp_w_knum(w, "n", h.n);
	for (size_t i = 0; i < KP_LEN(quantiles); i++) {
		qest q = quantile(h.b, h.nb, h.n, quantiles[i].p);

		knum_or_null(quantiles[i].name, q.est);
		snprintf(name, sizeof(name), "%s_lo", quantiles[i].name);
		knum_or_null(name, q.lo);
		snprintf(name, sizeof(name), "%s_hi", quantiles[i].name);
		knum_or_null(name, q.hi);
	}
	kp_w_kstr(w, "src", h.src);
	kp_w_end(w);

	if (nsel == 0 || (side = side_of(d, h.run)) < 0) {
		free(h.b);
		free(h.run);
		free(h.kernel);
		free(h.unit);
		free(h.src);
		free(h.file);
		free(keystr);
		return;
	}
	g = find_group(map, keystr, label, h.unit);
	free(keystr);
	if (!histmap)
		histmap = kp_strmap_new();
	snprintf(gs, sizeof(gs), "%zu %d", (size_t)(g - groups), side);
	kp_strmap_addv(histmap, &isnew, gs, h.run, NULL);
	if (!isnew)
		kp_rec_die(d, -1, "a second histogram of %s in run %s; expected "
		    "one per run (give each its own run with --meta run=...)",
		    label, h.run);
	g->side[side] = grow(g->side[side], g->nside[side], sizeof(hist));
	g->side[side][g->nside[side]++] = h;
}

/* the histograms of one side summed; bucket edges must agree */
static hist
pool(const group *g, int side)
{
	hist p;

	memset(&p, 0, sizeof(p));
	for (size_t i = 0; i < g->nside[side]; i++) {
		const hist *h = &g->side[side][i];

		for (size_t j = 0; j < h->nb; j++) {
			size_t k;

			for (k = 0; k < p.nb; k++)
				if (p.b[k].lo == h->b[j].lo && p.b[k].hi == h->b[j].hi)
					break;
			if (k == p.nb) {
				size_t at = 0;

				while (at < p.nb && p.b[at].lo < h->b[j].lo)
					at++;
				if ((at > 0 && p.b[at - 1].hi > h->b[j].lo) ||
				    (at < p.nb && p.b[at].lo < h->b[j].hi))
					kp_die_at(h->file, h->line, 0, "%s (from %s): "
					    "bucket edges differ from those of the "
					    "histograms before it; expected the same "
					    "bucketing on both sides", g->label, h->src);
				p.b = ereallocarray(p.b, p.nb + 1, sizeof(*p.b));
				memmove(p.b + at + 1, p.b + at,
				    (p.nb - at) * sizeof(*p.b));
				p.b[at] = h->b[j];
				p.nb++;
			} else
				p.b[k].count += h->b[j].count;
			p.n += h->b[j].count;
		}
	}
	return p;
}

typedef struct {
	group *g;
	qest qb, qt;
	double change, lo_pct, hi_pct, p, gb, gt, hedges, cliffs;
	const char *method;
	int limited;
} cmp;

static void
compare(group *g, cmp *c)
{
	hist pb = pool(g, 0), pt = pool(g, 1);
	double qp = quantiles[qi].p;
	double *lb, *lt;
	size_t nb = g->nside[0], nt = g->nside[1], i;
	int logok = 1;

	memset(c, 0, sizeof(*c));
	c->g = g;
	c->p = c->hedges = c->cliffs = NAN;
	c->qb = quantile(pb.b, pb.nb, pb.n, qp);
	c->qt = quantile(pt.b, pt.nb, pt.n, qp);
	c->gb = c->qb.est;
	c->gt = c->qt.est;
	c->change = c->qb.est > 0 ? 100 * (c->qt.est / c->qb.est - 1) : NAN;
	lb = ecalloc(nb ? nb : 1, sizeof(double));
	lt = ecalloc(nt ? nt : 1, sizeof(double));
	for (i = 0; i < nb + nt; i++) {
		const hist *h = i < nb ? &g->side[0][i] : &g->side[1][i - nb];
		qest q = quantile(h->b, h->nb, h->n, qp);

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
		c->method = "welch-log-runs";
		c->gb = exp(kp_mean(lb, nb));
		c->gt = exp(kp_mean(lt, nt));
		c->change = 100 * expm1(r.diff);
		if (r.se > 0 && isfinite(r.df)) {
			tq = kp_t_quantile(0.975, r.df);
			c->lo_pct = 100 * expm1(r.diff - tq * r.se);
			c->hi_pct = 100 * expm1(r.diff + tq * r.se);
			c->p = r.p;
		} else {
			/* no spread on either side: the change is exact */
			c->lo_pct = c->hi_pct = c->change;
			c->p = r.diff == 0 ? 1 : 0;
		}
		c->hedges = kp_hedges_g(lb, nb, lt, nt);
		c->cliffs = kp_cliffs_delta(lb, nb, lt, nt);
	} else {
		/* with one histogram a side the bucket bounds are all we know:
		 * the change lies between the most and least favourable
		 * placements of both quantiles in their buckets */
		c->method = "hist-bounds";
		c->lo_pct = c->qb.hi > 0 && isfinite(c->qt.lo) ?
		    100 * (c->qt.lo / c->qb.hi - 1) : NAN;
		if (isinf(c->qb.hi) && c->qt.lo >= 0)
			c->lo_pct = -100;
		c->hi_pct = c->qb.lo > 0 && isfinite(c->qt.hi) ?
		    100 * (c->qt.hi / c->qb.lo - 1) : NAN;
		c->limited = !isnan(c->qb.est) && !isnan(c->qt.est) &&
		    c->qt.lo < c->qb.hi && c->qb.lo < c->qt.hi;
	}
	free(lb);
	free(lt);
	free(pb.b);
	free(pt.b);
}

static const char *
runs_text(const group *g, int side, char *buf, size_t sz)
{
	size_t off = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < g->nside[side] && off < sz; i++)
		off += snprintf(buf + off, sz - off, "%s%s", i ? "," : "",
		    g->side[side][i].run);
	return buf;
}

static void
write_runs(const char *key, const group *g, int side)
{
	kp_w_key(w, key);
	kp_w_arr(w);
	for (size_t i = 0; i < g->nside[side]; i++)
		kp_w_str(w, g->side[side][i].run);
	kp_w_end(w);
}

static void
write_cmp(const cmp *c, double q, kp_canon *canon)
{
	const group *g = c->g;
	char key[17], bexp[17], texp[17], buf[4096], name[32];
	const char *qn = quantiles[qi].name;

	kp_canon_reset(canon);
	kp_canon_add(canon, "framework", "bpftrace");
	kp_canon_add(canon, "map", g->map);
	kp_canon_add(canon, "keys", g->keys);
	kp_canon_add(canon, "unit", g->unit);
	kp_canon_hash(canon, key);
	kp_canon_add(canon, "kernel", g->side[0][0].kernel);
	kp_canon_add(canon, "runs", runs_text(g, 0, buf, sizeof(buf)));
	kp_canon_hash(canon, bexp);
	kp_canon_add(canon, "kernel", g->side[1][0].kernel);
	kp_canon_add(canon, "runs", runs_text(g, 1, buf, sizeof(buf)));
	kp_canon_hash(canon, texp);

	kp_w_obj(w);
	kp_w_kstr(w, "type", "cmp");
	kp_w_kstr(w, "key", key);
	kp_w_kstr(w, "job", "bpftrace");
	kp_w_kstr(w, "suite", "bpftrace");
	kp_w_kstr(w, "bench", g->map[0] == '@' ? g->map + 1 : g->map);
	kp_w_kstr(w, "test", g->label);
	kp_w_kstr(w, "op", g->map[0] == '@' ? g->map + 1 : g->map);
	kp_w_kstr(w, "metric", qn);
	kp_w_kstr(w, "unit", g->unit);
	kp_w_kstr(w, "better", "lower");
	kp_w_kint(w, "conc", 1);
	kp_w_kstr(w, "base_kernel", g->side[0][0].kernel);
	kp_w_kstr(w, "target_kernel", g->side[1][0].kernel);
	kp_w_kstr(w, "base_exp", bexp);
	kp_w_kstr(w, "target_exp", texp);
	write_runs("base_runs", g, 0);
	write_runs("target_runs", g, 1);
	kp_w_kstr(w, "obs_level", "run");
	kp_w_kint(w, "n_base", (long long)g->nside[0]);
	kp_w_kint(w, "n_target", (long long)g->nside[1]);
	knum_or_null("base_median", c->gb);
	knum_or_null("target_median", c->gt);
	kp_w_knull(w, "base_mean");
	kp_w_knull(w, "target_mean");
	kp_w_knull(w, "base_cv");
	kp_w_knull(w, "target_cv");
	knum_or_null("change_pct", c->change);
	kp_w_knull(w, "change_mean_pct");
	knum_or_null("ci_low_pct", c->lo_pct);
	knum_or_null("ci_high_pct", c->hi_pct);
	kp_w_kstr(w, "method", c->method);
	knum_or_null("p", c->p);
	knum_or_null("q", q);
	knum_or_null("hedges_g", c->hedges);
	knum_or_null("cliffs_delta", c->cliffs);
	kp_w_kbool(w, "worse", c->change > 0);
	kp_w_kstr(w, "quantile", qn);
	snprintf(name, sizeof(name), "base_%s", qn);
	knum_or_null(name, c->qb.est);
	knum_or_null("base_lo", c->qb.lo);
	knum_or_null("base_hi", c->qb.hi);
	snprintf(name, sizeof(name), "target_%s", qn);
	knum_or_null(name, c->qt.est);
	knum_or_null("target_lo", c->qt.lo);
	knum_or_null("target_hi", c->qt.hi);
	kp_w_kbool(w, "resolution_limited", c->limited);
	kp_w_end(w);
}

static void
compare_all(void)
{
	cmp *c = ecalloc(ngroups ? ngroups : 1, sizeof(*c));
	double *p = ecalloc(ngroups ? ngroups : 1, sizeof(double));
	double *q = ecalloc(ngroups ? ngroups : 1, sizeof(double));
	kp_canon *canon = kp_canon_new();
	size_t n = 0, i;

	for (i = 0; i < ngroups; i++) {
		group *g = &groups[i];

		if (g->nside[0] == 0 || g->nside[1] == 0) {
			/* a map on one side only is missing data, not a finding */
			warnx("%s: only in the %s; not compared", g->label,
			    g->nside[0] ? "baseline" : "target");
			continue;
		}
		compare(g, &c[n]);
		p[n] = c[n].p;
		n++;
	}
	kp_bh(p, n, q);
	for (i = 0; i < n; i++)
		write_cmp(&c[i], q[i], canon);
	kp_canon_free(canon);
	free(c);
	free(p);
	free(q);
}

int
main(int argc, char *argv[])
{
	kp_json d;
	kp_in *in;
	int c, i;

	while ((c = getopt(argc, argv, "b:q:t:")) != -1)
		switch (c) {
		case 'b':
			parse_sel(&sel[0], optarg);
			nsel |= 1;
			break;
		case 'q':
			for (i = 0; i < (int)KP_LEN(quantiles); i++)
				if (strcmp(optarg, quantiles[i].name) == 0 ||
				    (optarg[0] == 'P' &&
				    strcmp(optarg + 1, quantiles[i].name + 1) == 0))
					break;
			if (strcmp(optarg, "p99.9") == 0)
				i = 3;
			if (i == (int)KP_LEN(quantiles)) {
				warnx("-q %s: expected p50, p90, p99 or p999", optarg);
				usage();
			}
			qi = i;
			break;
		case 't':
			parse_sel(&sel[1], optarg);
			nsel |= 2;
			break;
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (nsel != 0 && nsel != 3)
		usage();
	w = kp_w_open(stdout, "<stdout>");
	kp_json_init(&d);
	for (i = 0; i < (argc ? argc : 1); i++) {
		in = kp_in_open(argc ? argv[i] : NULL);
		while (kp_rec_next(in, &d)) {
			const char *type = kp_rec_type(&d);

			kp_w_line(w, d.text, d.len);
			if (strcmp(type, "run") == 0)
				read_run(&d);
			else if (strcmp(type, "hist") == 0)
				read_hist(&d);
		}
		kp_in_close(in);
	}
	if (nsel)
		compare_all();
	kp_json_free(&d);
	kp_w_close(w);
	return KP_EXIT_OK;
}
