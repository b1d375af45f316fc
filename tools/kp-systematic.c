/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-systematic: find regressions (and improvements) that repeat across the
 * concurrency levels of one measurement.
 *
 * The levels of a family ran on the same machines, so they are not
 * independent evidence: a family-wide claim rests on kp-compare's
 * family-wide test, whose unit is the instance (family_p, family_q), or,
 * for records without it, on Simes' test over the levels, which holds
 * under the positive dependence of levels that share a machine.
 *
 * Every record passes through first, so the stream keeps flowing; the cmp
 * records are also kept in memory (a few hundred bytes each) and grouped
 * once at the end by sorting, which keeps the output independent of the
 * order records arrive in. */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "dist.h"
#include "rec.h"
#include "strmap.h"

/* what a sys record needs of a cmp record: its strings (moved out of the
 * kp_cmp read, whose other fields go) and numbers */
typedef struct {
	char *suite, *bench, *test, *op, *metric, *base_exp, *target_exp, *unit;
	char *base_kernel, *target_kernel;
	long long conc;
	double score, change_pct, p;
	double fam_change, fam_p, fam_q;	/* kp-compare's family-wide test */
	int better, class;
} Level;

typedef struct {	/* one classified level */
	Level x;
	char family[KP_IDSZ];	/* read, or computed for a record without */
	int worse;	/* 1 worse, 0 better, -1 no change or unknown */
	int sev;	/* enum kp_severity, KP_NSEV for any other */
	int inrun;	/* tested on units inside one run on a side */
	const char *file;	/* where it was read, for messages about */
	long line;	/* duplicates */
} Cmp;

typedef struct {
	Cmp **c;	/* members sorted by conc */
	size_t n;
	int dir;
	kp_ints affected, uncertain, opposite, missing;
	long long sevcount[KP_NSEV + 1];
	double avg_score, chmin, chmax, p, q;
	int method;	/* enum kp_combine: the family test, or Simes over levels */
	int ncomb;	/* levels that entered Simes' test, or the family's */
	int systematic;
} Sys;

typedef struct {
	Cmp *cmps;
	size_t ncmp;
	long long *expect;	/* -e: expected levels, sorted */
	size_t nexpect;
	long minlevels;
	double alpha;
	size_t nunclassified;
	kp_recix ix;
	/* the strings of the levels, each once: a lab's 400,000 levels
	 * name a few thousand benchmarks, experiments and kernels */
	kp_strmap *strs;
} Systematic;

static const char synopsis[] = "usage: kp-systematic [-a alpha] [-e levels] "
    "[-l min] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'a', NULL, "alpha",
	    "the false discovery rate of the family-wide test; default 0.01" },
	{ 'e', NULL, "levels",
	    "the concurrency levels every group is expected to have" },
	{ 'l', NULL, "min",
	    "the fewest levels that make a group; default 2" },
	{ 0 }
};

static int
cmpll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void
parse_levels(Systematic *y, const char *arg)
{
	const char *s = arg;
	char *end;
	long long v;

	while (*s) {
		errno = 0;
		v = strtoll(s, &end, 10);
		if (end == s || errno || v < 1 || (*end && *end != ','))
			kp_die("-e %s: expected concurrency levels as positive "
			    "integers separated by commas", arg);
		y->expect = kp_grow(y->expect, y->nexpect, sizeof(*y->expect));
		y->expect[y->nexpect++] = v;
		s = *end ? end + 1 : end;
	}
	if (y->nexpect == 0)
		kp_die("-e: expected at least one level");
	qsort(y->expect, y->nexpect, sizeof(*y->expect), cmpll);
}

/* did this level move in direction dir? */
static int
moved(const Cmp *c, int dir)
{
	if (c->worse < 0)
		return 0;
	return dir == KP_DIR_REGRESSION ? c->worse == 1 : c->worse == 0;
}

static int
bydbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Simes' test (Simes 1986) over the one-sided p-values toward dir of the
 * levels tested on several runs: min over i of p_(i) k / i.  A two-sided p
 * and the sign of the change give p/2 when the level moved that way and
 * 1 - p/2 when it moved the other.  Valid when the levels are
 * positively dependent (Sarkar 1998), as levels on one machine are;
 * Stouffer's sum, which assumes them independent, is not. */
static double
simes(Sys *g)
{
	double *p = ereallocarray(NULL, g->n + 1, sizeof(*p)), best = INFINITY;
	size_t i, k = 0;

	for (i = 0; i < g->n; i++) {
		if (isnan(g->c[i]->x.p) || g->c[i]->inrun)
			continue;
		if (g->c[i]->worse < 0)
			p[k++] = 1;
		else
			p[k++] = moved(g->c[i], g->dir) ? g->c[i]->x.p / 2 :
			    1 - g->c[i]->x.p / 2;
	}
	qsort(p, k, sizeof(*p), bydbl);
	for (i = 0; i < k; i++)
		best = fmin(best, p[i] * (double)k / (double)(i + 1));
	free(p);
	g->ncomb = (int)k;
	return k ? fmin(best, 1) : NAN;
}

/* the family-wide test toward dir: its p when the family moved that way,
 * NAN when it moved the other way or was not tested */
static void
familytest(Sys *g)
{
	const Level *x = &g->c[0]->x;
	int worse;

	g->method = KP_COMB_SIMES;
	if (isnan(x->fam_p))
		return;
	g->method = KP_COMB_FAMILY;
	g->ncomb = (int)g->n;
	g->p = g->q = NAN;
	if (x->fam_change == 0)
		return;
	worse = x->better == KP_LOWER ? x->fam_change > 0 : x->fam_change < 0;
	if (worse == (g->dir == KP_DIR_REGRESSION)) {
		g->p = x->fam_p;
		g->q = x->fam_q;
	}
}

static int
samegroup(const Cmp *a, const Cmp *b)
{
	return strcmp(a->family, b->family) == 0;
}

static int
bygroup(const void *pa, const void *pb)
{
	const Cmp *a = pa, *b = pb;
	int r;

	if ((r = strcmp(a->family, b->family)) != 0)
		return r;
	return (a->x.conc > b->x.conc) - (a->x.conc < b->x.conc);
}

/* s, freed, as the one copy of its text that y keeps */
static char *
intern(Systematic *y, char *s)
{
	size_t len;
	char *k;

	if (!s)
		return NULL;
	if (!y->strs)
		y->strs = kp_strmap_new();
	k = (char *)kp_strmap_key(y->strs, kp_strmap_add(y->strs, s, strlen(s),
	    NULL), &len);
	free(s);
	return k;
}

/* a classified cmp record, kept; an unclassified one counted */
static void
keep(Systematic *y, kp_json *d, const char *file)
{
	static kp_has want;
	Cmp *c;
	kp_cmp x;
	const char *fam;
	size_t len;

	if (!kp_has_get(&want, KP_CMP_SUITE))
		want = kp_has_of(KP_CMP_SUITE, KP_CMP_BENCH, KP_CMP_TEST, KP_CMP_OP,
		    KP_CMP_METRIC, KP_CMP_BASE_EXP, KP_CMP_TARGET_EXP, KP_CMP_UNIT,
		    KP_CMP_BETTER, KP_CMP_BASE_KERNEL, KP_CMP_TARGET_KERNEL,
		    KP_CMP_FAMILY, KP_CMP_CONC, KP_CMP_SCORE, KP_CMP_CHANGE_PCT,
		    KP_CMP_P, KP_CMP_WORSE, KP_CMP_OBS_LEVEL, KP_CMP_SINGLE_RUN,
		    KP_CMP_CLASS, KP_CMP_SEVERITY, KP_CMP_FAMILY_CHANGE_PCT,
		    KP_CMP_FAMILY_P, KP_CMP_FAMILY_Q, -1);
	y->cmps = kp_grow(y->cmps, y->ncmp, sizeof(*y->cmps));
	c = &y->cmps[y->ncmp];
	kp_rec_read(d, &kp_cmp_t, &x, &want, &y->ix);
	kp_rec_upgrade(d, &kp_cmp_t, &x, &want);
	if (x.class < 0) {
		y->nunclassified++;
		kp_rec_free(&kp_cmp_t, &x);
		return;
	}
	y->ncmp++;
	/* as snprintf "%s" wrote it (a null family as glibc prints NULL),
	 * cut to the id's size, without its cost: a twentieth of the run */
	fam = x.family ? x.family : "(null)";
	len = strnlen(fam, sizeof(c->family) - 1);
	memcpy(c->family, fam, len);
	c->family[len] = '\0';
	if (!isnan(x.p) && (x.p < 0 || x.p > 1))
		kp_rec_die(d, kp_json_get(d, 0, KP_FNAME(kp_cmp_t, KP_CMP_P)),
		    "p is %g, expected a probability in [0, 1]", x.p);
	/* a change of exactly zero went neither way, whatever worse says */
	c->worse = x.change_pct == 0 ? -1 : x.worse;
	c->inrun = kp_cmp_single_run(&x) == 1;
	c->sev = x.severity < 0 ? KP_NSEV : x.severity;
	c->x = (Level){ intern(y, x.suite), intern(y, x.bench), intern(y, x.test),
	    intern(y, x.op), intern(y, x.metric), intern(y, x.base_exp),
	    intern(y, x.target_exp), intern(y, x.unit ? x.unit : estrdup("")),
	    intern(y, x.base_kernel), intern(y, x.target_kernel), x.conc, x.score,
	    x.change_pct, x.p, x.family_change_pct, x.family_p, x.family_q,
	    x.better, x.class };
	free(x.family);
	c->file = file;
	c->line = d->line;
}

static void
addlevel(kp_ints *v, long long x)
{
	v->v = kp_grow(v->v, v->n, sizeof(*v->v));
	v->v[v->n++] = x;
}

/* the class of a level moved in direction dir */
static int
classof(int dir)
{
	return dir == KP_DIR_REGRESSION ? KP_REGRESSION : KP_IMPROVEMENT;
}

/* fill in g, whose members and direction are set */
static void
summarise(const Systematic *y, Sys *g)
{
	size_t i, j;
	double sum = 0;
	int nscore = 0;
	Cmp *c;

	g->chmin = INFINITY;
	g->chmax = -INFINITY;
	for (i = 0; i < g->n; i++) {
		c = g->c[i];
		if (c->x.class == classof(g->dir)) {
			if (!isnan(c->x.change_pct)) {
				g->chmin = fmin(g->chmin, c->x.change_pct);
				g->chmax = fmax(g->chmax, c->x.change_pct);
			}
			addlevel(&g->affected, c->x.conc);
			g->sevcount[c->sev]++;
			if (!isnan(c->x.score)) {
				sum += c->x.score;
				nscore++;
			}
		} else if (c->x.class == KP_UNCERTAIN) {
			addlevel(&g->uncertain, c->x.conc);
		} else if (c->x.class == classof(!g->dir)) {
			addlevel(&g->opposite, c->x.conc);
		}
	}
	for (i = j = 0; i < y->nexpect; i++) {
		while (j < g->n && g->c[j]->x.conc < y->expect[i])
			j++;
		if (j == g->n || g->c[j]->x.conc != y->expect[i])
			addlevel(&g->missing, y->expect[i]);
	}
	/* a group found by the combined test alone has no affected level:
	 * its range is that of the levels that moved this way */
	for (i = 0; g->affected.n == 0 && i < g->n; i++) {
		c = g->c[i];
		if (moved(c, g->dir) && !isnan(c->x.change_pct)) {
			g->chmin = fmin(g->chmin, c->x.change_pct);
			g->chmax = fmax(g->chmax, c->x.change_pct);
		}
	}
	g->avg_score = nscore ? sum / nscore : NAN;
	if (g->chmin > g->chmax)
		g->chmin = g->chmax = NAN;
	g->systematic = g->affected.n == g->n && g->missing.n == 0;
	familytest(g);
	if (g->method == KP_COMB_SIMES)
		g->p = simes(g);
}

/* Benjamini-Hochberg over the Simes p-values of every group and direction
 * (NaN ones left out); a family test's q is kp-compare's, over the
 * families of its pair */
static void
adjust(Sys **s, size_t n)
{
	double *p = ecalloc(n ? n : 1, sizeof(*p)), *q = ecalloc(n ? n : 1, sizeof(*q));
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = s[i]->method == KP_COMB_SIMES ? s[i]->p : NAN;
	kp_bh(p, n, q);
	for (i = 0; i < n; i++)
		if (s[i]->method == KP_COMB_SIMES)
			s[i]->q = q[i];
	free(p);
	free(q);
}

/* the names of a group, in the order they break ties */
static int
bynames(const Level *a, const Level *b)
{
	const char *const na[] = { a->suite, a->bench, a->test, a->op, a->metric,
		a->base_exp, a->target_exp };
	const char *const nb[] = { b->suite, b->bench, b->test, b->op, b->metric,
		b->base_exp, b->target_exp };
	size_t i;
	int r;

	for (i = 0; i < KP_LEN(na); i++)
		if ((r = strcmp(na[i], nb[i])) != 0)
			return r;
	return 0;
}

/* regressions before improvements; then more red, more yellow, ...;
 * then systematic, a larger share of levels affected, a higher score, a
 * smaller combined p; names last so the order is total */
static int
byrank(const void *pa, const void *pb)
{
	const Sys *a = *(Sys *const *)pa, *b = *(Sys *const *)pb;
	double fa, fb;
	int i;

	if (a->dir != b->dir)
		return a->dir - b->dir;
	for (i = 0; i <= KP_NSEV; i++)
		if (a->sevcount[i] != b->sevcount[i])
			return b->sevcount[i] > a->sevcount[i] ? 1 : -1;
	if (a->systematic != b->systematic)
		return b->systematic - a->systematic;
	fa = (double)a->affected.n / a->n;
	fb = (double)b->affected.n / b->n;
	if (fa != fb)
		return fa < fb ? 1 : -1;
	if (a->avg_score != b->avg_score && !isnan(a->avg_score) &&
	    !isnan(b->avg_score))
		return a->avg_score < b->avg_score ? 1 : -1;
	if (a->p != b->p && !isnan(a->p) && !isnan(b->p))
		return a->p > b->p ? 1 : -1;
	return bynames(&a->c[0]->x, &b->c[0]->x);
}

static void
wsys(const Systematic *y, kp_w *w, const Sys *g, long rank)
{
	const Level *c = &g->c[0]->x;
	kp_ints levels;
	kp_sys s;
	size_t i;

	memset(&s, 0, sizeof(s));
	kp_has_range(&s.has, 0, KP_SYS_NF - 1);
	s.suite = c->suite;
	s.bench = c->bench;
	s.test = c->test;
	s.op = c->op;
	s.metric = c->metric;
	s.base_exp = c->base_exp;
	s.target_exp = c->target_exp;
	s.unit = c->unit;
	s.better = c->better;
	s.base_kernel = c->base_kernel;
	s.target_kernel = c->target_kernel;
	s.family = g->c[0]->family;
	s.direction = g->dir;
	levels.v = ereallocarray(NULL, g->n, sizeof(*levels.v));
	for (i = 0; i < g->n; i++)
		levels.v[i] = g->c[i]->x.conc;
	levels.n = g->n;
	s.levels = levels;
	s.affected = g->affected;
	s.uncertain = g->uncertain;
	s.opposite = g->opposite;
	s.missing = g->missing;
	s.n_levels = (long long)g->n;
	s.n_affected = (long long)g->affected.n;
	memcpy(s.severity_counts, g->sevcount, sizeof(s.severity_counts));
	s.avg_score = g->avg_score;
	s.change_min_pct = g->chmin;
	s.change_max_pct = g->chmax;
	s.systematic = g->systematic;
	s.p_combined = g->p;
	s.q_combined = g->q;
	s.combine_method = g->method;
	s.n_combined = g->ncomb;
	s.rank = rank;
	s.triage = -1;	/* kp-triage's; 0 would be "acknowledged" */
	kp_rec_write(w, &kp_sys_t, &s);
	free(levels.v);
}

/*
 * A line that opens as kp's tools write a record of another type than
 * cmp, {"type":"noise", ..., is passed through without a parse: at 25
 * kernels the 400,000 noise records are a fifth of the stream, and
 * kp-systematic reads none of them.  A record that opens otherwise (white
 * space, another order, an escape) is parsed as before.
 */
static int
other_type(const char *line, size_t len)
{
	static const char *const read[] = { "cmp", NULL };

	return kp_line_type_other(line, len, read);
}

static void
readfile(Systematic *y, kp_w *w, const char *path, kp_json *d)
{
	kp_in *in = kp_in_open(path);
	char *name = estrdup(kp_in_name(in));	/* the levels' file, to the end */
	char *line;
	size_t len;

	while ((line = kp_in_record(in, &len))) {
		if (other_type(line, len)) {
			kp_w_line(w, line, len);
			continue;
		}
		kp_rec_parse(in, d, line, len);
		kp_w_line(w, d->text, d->len);
		if (kp_rec_is(d, &kp_cmp_t))
			keep(y, d, name);
	}
	kp_in_close(in);
}

int
main(int argc, char *argv[])
{
	static Systematic y;	/* reachable to the end, as its records are */
	kp_json d;
	kp_w *w;
	Sys *groups, **out;
	size_t i, j, k, ng = 0, nout = 0;
	int ch, dir;
	Cmp *c;

	y.minlevels = 2;
	y.alpha = 0.01;
	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 'a':
			y.alpha = kp_opt_dbl("-a", optarg, 0, 1,
			    "a probability between 0 and 1");
			break;
		case 'e':
			parse_levels(&y, optarg);
			break;
		case 'l':
			y.minlevels = (long)kp_opt_ll("-l", optarg, 1, LONG_MAX,
			    "a positive number of levels");
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;

	w = kp_w_open(stdout, "<stdout>");
	kp_json_init(&d);
	if (argc == 0)
		readfile(&y, w, NULL, &d);
	for (i = 0; i < (size_t)argc; i++)
		readfile(&y, w, argv[i], &d);
	kp_json_free(&d);

	if (y.ncmp)
		qsort(y.cmps, y.ncmp, sizeof(*y.cmps), bygroup);
	groups = ecalloc(2 * y.ncmp + 1, sizeof(*groups));
	for (i = 0; i < y.ncmp; i = j) {
		for (j = i + 1; j < y.ncmp && samegroup(&y.cmps[i], &y.cmps[j]); j++)
			if (y.cmps[j].x.conc == y.cmps[j - 1].x.conc) {
				c = &y.cmps[j];
				kp_die_at(c->file, c->line, 0, "a second cmp record for "
				    "%s/%s/%s[%s %s] at conc %lld of %s vs %s (the "
				    "first is at %s:%ld); expected one per level",
				    c->x.suite, c->x.bench, c->x.test, c->x.op,
				    c->x.metric, c->x.conc, c->x.base_exp,
				    c->x.target_exp, y.cmps[j - 1].file,
				    y.cmps[j - 1].line);
			}
		for (dir = KP_DIR_REGRESSION; dir <= KP_DIR_IMPROVEMENT; dir++) {
			Sys *g = &groups[ng++];

			g->n = j - i;
			g->c = emalloc(g->n * sizeof(*g->c));
			for (k = 0; k < g->n; k++)
				g->c[k] = &y.cmps[i + k];
			g->dir = dir;
			summarise(&y, g);
		}
	}
	out = ecalloc(ng + 1, sizeof(*out));
	for (i = 0; i < ng; i++)
		out[i] = &groups[i];
	adjust(out, ng);
	/* a group qualifies by its classified levels, or by the family-wide
	 * test when no single level was convincing enough on its own; never
	 * with no level moved and nothing significant */
	for (i = 0; i < ng; i++) {
		Sys *g = &groups[i];

		if (g->affected.n >= (size_t)y.minlevels ||
		    (g->n >= (size_t)y.minlevels && g->ncomb >= y.minlevels &&
		    !isnan(g->q) && g->q <= y.alpha && g->opposite.n == 0))
			out[nout++] = g;
	}
	if (nout)
		qsort(out, nout, sizeof(*out), byrank);
	for (i = 0; i < nout; i++)
		wsys(&y, w, out[i], (long)i + 1);
	kp_w_close(w);
	if (y.nunclassified)
		kp_warn("%zu cmp records had no class and were passed through "
		    "without grouping; run kp-classify first", y.nunclassified);
	return KP_EXIT_OK;
}
