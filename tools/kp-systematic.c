/* kp-systematic: find regressions (and improvements) that repeat across the
 * concurrency levels of one measurement.
 *
 * Every record passes through first, so the stream keeps flowing; the cmp
 * records are also kept in memory (a few hundred bytes each) and grouped
 * once at the end by sorting, which keeps the output independent of the
 * order records arrive in. */
#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "dist.h"

enum { F_SUITE, F_BENCH, F_TEST, F_OP, F_METRIC, F_BASE_EXP, F_TARGET_EXP,
	F_NGROUP,	/* the fields above define a group */
	F_UNIT = F_NGROUP, F_BETTER, F_BASE_KERNEL, F_TARGET_KERNEL,
	F_CLASS, F_SEVERITY, F_NSTR };

static const char *const fname[F_NSTR] = {
	"suite", "bench", "test", "op", "metric", "base_exp", "target_exp",
	"unit", "better", "base_kernel", "target_kernel", "class", "severity",
};

enum { DIR_REG, DIR_IMP };
static const char *const dirname[] = { "regression", "improvement" };

/* severities in the order kp-classify ranks them, worst first */
static const char *const sevname[] = { "red", "yellow", "green", "none" };
#define NSEV ((int)KP_LEN(sevname))

typedef struct {
	char *s[F_NSTR];
	long long conc;
	double score, change, p;
	int worse;	/* 1 worse, 0 better, -1 no change or unknown */
	int sev;	/* index in sevname, NSEV for any other */
	int inrun;	/* tested on units inside one run a side */
	char *where;	/* file:line, for messages about duplicates */
} Cmp;

typedef struct {
	Cmp **c;	/* members sorted by conc */
	size_t n;
	int dir;
	long long *affected, *uncertain, *opposite, *missing;
	size_t naff, nunc, nopp, nmiss;
	int sevcount[NSEV + 1];
	double avg_score, chmin, chmax, p, q;
	int ncomb;	/* levels that entered the combined test */
	int systematic;
} Sys;

static Cmp *cmps;
static size_t ncmp, cmpcap;
static long long *expect;	/* -e: expected levels, sorted */
static size_t nexpect;
static long minlevels = 2;
static double alpha = 0.05;
static int method_sign;	/* -m sign: the sign test instead of Stouffer's */
static size_t nunclassified;

static void
usage(void)
{
	fputs("usage: kp-systematic [-a ALPHA] [-e LEVELS] [-l MIN] "
	    "[-m stouffer | sign] [FILE ...]\n", stderr);
	exit(KP_EXIT_BAD);
}

static int
cmpll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void
parse_levels(const char *arg)
{
	const char *s = arg;
	char *end;
	long long v;

	while (*s) {
		errno = 0;
		v = strtoll(s, &end, 10);
		if (end == s || errno || v < 1 || (*end && *end != ','))
			kp_die_at(NULL, 0, 0, "-e %s: expected concurrency "
			    "levels as positive integers separated by commas",
			    arg);
		expect = ereallocarray(expect, nexpect + 1, sizeof(*expect));
		expect[nexpect++] = v;
		s = *end ? end + 1 : end;
	}
	if (nexpect == 0)
		kp_die_at(NULL, 0, 0, "-e: expected at least one level");
	qsort(expect, nexpect, sizeof(*expect), cmpll);
}

/* did this level move in direction dir? */
static int
moved(const Cmp *c, int dir)
{
	if (c->worse < 0)
		return 0;
	return dir == DIR_REG ? c->worse == 1 : c->worse == 0;
}

/* Stouffer's Z over one-sided p-values: a two-sided p and the sign of the
 * change give the one-sided p toward dir as p/2 (moved that way) or
 * 1 - p/2 (moved the other way), whose normal quantile is +-kp_norm_quantile(p/2);
 * computing it from p/2 directly keeps precision near 1. */
static double
stouffer(Sys *g)
{
	double z = 0, p;
	size_t i;
	int k = 0;

	for (i = 0; i < g->n; i++) {
		p = g->c[i]->p;
		if (isnan(p) || g->c[i]->inrun)
			continue;
		k++;
		if (g->c[i]->worse < 0 || p >= 1)
			continue;	/* z = 0 */
		p = fmax(p, DBL_MIN);
		z += moved(g->c[i], g->dir) ? -kp_norm_quantile(p / 2) : kp_norm_quantile(p / 2);
	}
	g->ncomb = k;
	return k ? kp_norm_sf(z / sqrt(k)) : NAN;
}

/* exact one-sided sign test: P(X >= m), X ~ Binomial(k, 1/2), over the
 * levels that changed at all */
static double
signtest(Sys *g)
{
	double lc, sum = 0;
	size_t i;
	int k = 0, m = 0, j;

	for (i = 0; i < g->n; i++) {
		if (g->c[i]->worse < 0 || g->c[i]->inrun)
			continue;
		k++;
		m += moved(g->c[i], g->dir);
	}
	g->ncomb = k;
	if (k == 0)
		return NAN;
	for (j = m; j <= k; j++) {
		lc = lgamma(k + 1.0) - lgamma(j + 1.0) - lgamma(k - j + 1.0);
		sum += exp(lc - k * M_LN2);
	}
	return fmin(sum, 1);
}

static int
samegroup(const Cmp *a, const Cmp *b)
{
	int i;

	for (i = 0; i < F_NGROUP; i++)
		if (strcmp(a->s[i], b->s[i]) != 0)
			return 0;
	return 1;
}

static int
bygroup(const void *pa, const void *pb)
{
	const Cmp *a = pa, *b = pb;
	int i, r;

	for (i = 0; i < F_NGROUP; i++)
		if ((r = strcmp(a->s[i], b->s[i])) != 0)
			return r;
	return (a->conc > b->conc) - (a->conc < b->conc);
}

static void
keep(kp_json *d, const char *file)
{
	Cmp *c;
	char buf[64];
	int i, t;

	if (kp_json_get(d, 0, "class") < 0) {
		nunclassified++;
		return;
	}
	if (ncmp == cmpcap) {
		cmpcap = cmpcap ? 2 * cmpcap : 1024;
		cmps = ereallocarray(cmps, cmpcap, sizeof(*cmps));
	}
	c = &cmps[ncmp++];
	for (i = 0; i < F_NSTR; i++)
		c->s[i] = estrdup(i == F_UNIT || i == F_BETTER ||
		    i == F_SEVERITY ? kp_opt_str(d, fname[i], "") :
		    kp_req_str(d, fname[i]));
	c->conc = kp_req_int(d, "conc");
	c->score = kp_opt_num(d, "score", NAN);
	c->change = kp_opt_num(d, "change_pct", NAN);
	c->p = kp_opt_num(d, "p", NAN);
	if (!isnan(c->p) && (c->p < 0 || c->p > 1))
		kp_rec_die(d, kp_json_get(d, 0, "p"),
		    "p is %g, expected a probability in [0, 1]", c->p);
	c->worse = -1;
	if ((t = kp_json_get(d, 0, "worse")) >= 0) {
		if (d->tok[t].type == KP_JTRUE)
			c->worse = 1;
		else if (d->tok[t].type == KP_JFALSE)
			c->worse = 0;
		else if (d->tok[t].type != KP_JNULL)
			kp_rec_die(d, t, "expected true, false or null for "
			    "\"worse\"");
	}
	/* a change of exactly zero went neither way, whatever worse says */
	if (c->change == 0)
		c->worse = -1;
	t = kp_json_get(d, 0, "obs_level");
	c->inrun = t >= 0 && (kp_json_streq(d, t, "rep") || kp_json_streq(d, t, "sub"));
	for (c->sev = 0; c->sev < NSEV; c->sev++)
		if (strcmp(c->s[F_SEVERITY], sevname[c->sev]) == 0)
			break;
	snprintf(buf, sizeof(buf), ":%ld", d->line);
	c->where = emalloc(strlen(file) + strlen(buf) + 1);
	strcpy(c->where, file);
	strcat(c->where, buf);
}

static void
addlevel(long long **v, size_t *n, long long x)
{
	*v = ereallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = x;
}

/* fill in g, whose members and direction are set */
static void
summarise(Sys *g)
{
	size_t i, j;
	double sum = 0;
	int nscore = 0;
	Cmp *c;

	g->chmin = INFINITY;
	g->chmax = -INFINITY;
	for (i = 0; i < g->n; i++) {
		c = g->c[i];
		if (strcmp(c->s[F_CLASS], dirname[g->dir]) == 0) {
			if (!isnan(c->change)) {
				g->chmin = fmin(g->chmin, c->change);
				g->chmax = fmax(g->chmax, c->change);
			}
			addlevel(&g->affected, &g->naff, c->conc);
			g->sevcount[c->sev]++;
			if (!isnan(c->score)) {
				sum += c->score;
				nscore++;
			}
		} else if (strcmp(c->s[F_CLASS], "uncertain") == 0) {
			addlevel(&g->uncertain, &g->nunc, c->conc);
		} else if (strcmp(c->s[F_CLASS], dirname[!g->dir]) == 0) {
			addlevel(&g->opposite, &g->nopp, c->conc);
		}
	}
	for (i = j = 0; i < nexpect; i++) {
		while (j < g->n && g->c[j]->conc < expect[i])
			j++;
		if (j == g->n || g->c[j]->conc != expect[i])
			addlevel(&g->missing, &g->nmiss, expect[i]);
	}
	/* a group found by the combined test alone has no affected level:
	 * its range is that of the levels that moved this way */
	for (i = 0; g->naff == 0 && i < g->n; i++) {
		c = g->c[i];
		if (moved(c, g->dir) && !isnan(c->change)) {
			g->chmin = fmin(g->chmin, c->change);
			g->chmax = fmax(g->chmax, c->change);
		}
	}
	g->avg_score = nscore ? sum / nscore : NAN;
	if (g->chmin > g->chmax)
		g->chmin = g->chmax = NAN;
	g->systematic = g->naff == g->n && g->nmiss == 0;
	g->p = method_sign ? signtest(g) : stouffer(g);
}

/* Benjamini-Hochberg over the combined p-values of every group and
 * direction (NaN ones left out) */
static void
adjust(Sys **s, size_t n)
{
	double *p = ecalloc(n ? n : 1, sizeof(*p)), *q = ecalloc(n ? n : 1, sizeof(*q));
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = s[i]->p;
	kp_bh(p, n, q);
	for (i = 0; i < n; i++)
		s[i]->q = q[i];
	free(p);
	free(q);
}

/* regressions before improvements; then more red, more yellow, ...;
 * then systematic, a larger share of levels affected, a higher score, a
 * smaller combined p; names last so the order is total */
static int
byrank(const void *pa, const void *pb)
{
	const Sys *a = *(Sys *const *)pa, *b = *(Sys *const *)pb;
	double fa, fb;
	int i, r;

	if (a->dir != b->dir)
		return a->dir - b->dir;
	for (i = 0; i <= NSEV; i++)
		if (a->sevcount[i] != b->sevcount[i])
			return b->sevcount[i] - a->sevcount[i];
	if (a->systematic != b->systematic)
		return b->systematic - a->systematic;
	fa = (double)a->naff / a->n;
	fb = (double)b->naff / b->n;
	if (fa != fb)
		return fa < fb ? 1 : -1;
	if (a->avg_score != b->avg_score && !isnan(a->avg_score) &&
	    !isnan(b->avg_score))
		return a->avg_score < b->avg_score ? 1 : -1;
	if (a->p != b->p && !isnan(a->p) && !isnan(b->p))
		return a->p > b->p ? 1 : -1;
	for (i = 0; i < F_NGROUP; i++)
		if ((r = strcmp(a->c[0]->s[i], b->c[0]->s[i])) != 0)
			return r;
	return 0;
}

static void
wlevels(kp_w *w, const char *key, const long long *v, size_t n)
{
	size_t i;

	kp_w_key(w, key);
	kp_w_arr(w);
	for (i = 0; i < n; i++)
		kp_w_int(w, v[i]);
	kp_w_end(w);
}

static void
wsys(kp_w *w, const Sys *g, long rank)
{
	const Cmp *c = g->c[0];
	size_t i;
	int j;

	kp_w_obj(w);
	kp_w_kstr(w, "type", "sys");
	for (j = 0; j < F_CLASS; j++)
		kp_w_kstr(w, fname[j], c->s[j]);
	kp_w_kstr(w, "direction", dirname[g->dir]);
	kp_w_key(w, "levels");
	kp_w_arr(w);
	for (i = 0; i < g->n; i++)
		kp_w_int(w, g->c[i]->conc);
	kp_w_end(w);
	wlevels(w, "affected", g->affected, g->naff);
	wlevels(w, "uncertain", g->uncertain, g->nunc);
	wlevels(w, "opposite", g->opposite, g->nopp);
	wlevels(w, "missing", g->missing, g->nmiss);
	kp_w_kint(w, "n_levels", (long long)g->n);
	kp_w_kint(w, "n_affected", (long long)g->naff);
	kp_w_key(w, "severity_counts");
	kp_w_obj(w);
	for (j = 0; j < NSEV; j++)
		if (g->sevcount[j])
			kp_w_kint(w, sevname[j], g->sevcount[j]);
	if (g->sevcount[NSEV])
		kp_w_kint(w, "other", g->sevcount[NSEV]);
	kp_w_end(w);
	kp_w_knum(w, "avg_score", g->avg_score);
	kp_w_knum(w, "change_min_pct", g->chmin);
	kp_w_knum(w, "change_max_pct", g->chmax);
	kp_w_kbool(w, "systematic", g->systematic);
	kp_w_knum(w, "p_combined", g->p);
	kp_w_knum(w, "q_combined", g->q);
	kp_w_kstr(w, "combine_method", method_sign ? "sign" : "stouffer");
	kp_w_kint(w, "n_combined", g->ncomb);
	kp_w_kint(w, "rank", rank);
	kp_w_end(w);
}

static void
readfile(kp_w *w, const char *path, kp_json *d)
{
	kp_in *in = kp_in_open(path);

	while (kp_rec_next(in, d)) {
		kp_w_line(w, d->text, d->len);
		if (strcmp(kp_rec_type(d), "cmp") == 0)
			keep(d, kp_in_name(in));
	}
	kp_in_close(in);
}

int
main(int argc, char *argv[])
{
	kp_json d;
	kp_w *w;
	Sys *groups, **out;
	size_t i, j, ng = 0, nout = 0;
	char *end;
	int ch, dir;

	while ((ch = getopt(argc, argv, "a:e:l:m:")) != -1) {
		switch (ch) {
		case 'a':
			errno = 0;
			alpha = strtod(optarg, &end);
			if (errno || *end || end == optarg || !(alpha >= 0) ||
			    alpha > 1)
				kp_die_at(NULL, 0, 0, "-a %s: expected a "
				    "probability between 0 and 1", optarg);
			break;
		case 'e':
			parse_levels(optarg);
			break;
		case 'l':
			errno = 0;
			minlevels = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || minlevels < 1)
				kp_die_at(NULL, 0, 0, "-l %s: expected a "
				    "positive number of levels", optarg);
			break;
		case 'm':
			if (strcmp(optarg, "sign") == 0)
				method_sign = 1;
			else if (strcmp(optarg, "stouffer") == 0)
				method_sign = 0;
			else
				kp_die_at(NULL, 0, 0, "-m %s: expected "
				    "stouffer or sign", optarg);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;

	w = kp_w_open(stdout, "<stdout>");
	kp_json_init(&d);
	if (argc == 0)
		readfile(w, NULL, &d);
	for (i = 0; i < (size_t)argc; i++)
		readfile(w, argv[i], &d);
	kp_json_free(&d);

	if (ncmp)
		qsort(cmps, ncmp, sizeof(*cmps), bygroup);
	groups = ecalloc(2 * ncmp + 1, sizeof(*groups));
	for (i = 0; i < ncmp; i = j) {
		for (j = i + 1; j < ncmp && samegroup(&cmps[i], &cmps[j]); j++)
			if (cmps[j].conc == cmps[j - 1].conc)
				kp_die_at(cmps[j].where, 0, 0, "a second cmp "
				    "record for %s/%s/%s[%s %s] at conc %lld "
				    "of %s vs %s (the first is at %s); "
				    "expected one per level",
				    cmps[j].s[F_SUITE], cmps[j].s[F_BENCH],
				    cmps[j].s[F_TEST], cmps[j].s[F_OP],
				    cmps[j].s[F_METRIC], cmps[j].conc,
				    cmps[j].s[F_BASE_EXP],
				    cmps[j].s[F_TARGET_EXP], cmps[j - 1].where);
		for (dir = DIR_REG; dir <= DIR_IMP; dir++) {
			Sys *g = &groups[ng++];

			g->n = j - i;
			g->c = emalloc(g->n * sizeof(*g->c));
			for (size_t k = 0; k < g->n; k++)
				g->c[k] = &cmps[i + k];
			g->dir = dir;
			summarise(g);
		}
	}
	out = ecalloc(ng + 1, sizeof(*out));
	for (i = 0; i < ng; i++)
		out[i] = &groups[i];
	adjust(out, ng);
	/* a group qualifies by its classified levels, or by the combined
	 * test when no single level was convincing enough on its own */
	for (i = 0; i < ng; i++) {
		Sys *g = &groups[i];

		if (g->naff >= (size_t)minlevels ||
		    (g->n >= (size_t)minlevels && g->ncomb >= minlevels &&
		    !isnan(g->q) && g->q <= alpha && g->nopp == 0))
			out[nout++] = g;
	}
	if (nout)
		qsort(out, nout, sizeof(*out), byrank);
	for (i = 0; i < nout; i++)
		wsys(w, out[i], (long)i + 1);
	kp_w_close(w);
	if (nunclassified)
		kp_warn_at(NULL, 0, 0, "%zu cmp records had no class and "
		    "were passed through without grouping; run kp-classify "
		    "first", nunclassified);
	return KP_EXIT_OK;
}
