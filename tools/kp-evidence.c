/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-evidence: beside each comparison that found a regression or an
 * improvement, what else its job's runs said: their durations, the
 * benchmark command, the kernel's warnings and the vmstat and schedstat
 * counters that moved most, as one typed evidence record per pair of
 * experiments (kp-records(5)), so that no report re-derives them.
 *
 * Every record passes through first, but evidence records, which this
 * run replaces.  Run and runstat records are kept
 * (one per run and job: a few KiB each), cmp records only as the pair of
 * experiments and the runs they name; the evidence records follow at the
 * end, when every runstat has arrived, whatever the order of the input.
 * See kp-evidence(1). */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "rec.h"
#include "once.h"
#include "strmap.h"

static const char synopsis[] = "usage: kp-evidence [-a] [-E counter,...] "
    "[-m min] [-n count] [-p pct] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'a', NULL, NULL,
	    "evidence for every pair, not only regressions and improvements" },
	{ 'E', NULL, "counter,...",
	    "consider only the counters named" },
	{ 'm', NULL, "min",
	    "the least rate per second, or level, of a counter; default 1" },
	{ 'n', NULL, "count",
	    "show at most count counters per pair; default 5" },
	{ 'p', NULL, "pct",
	    "the least absolute change of a counter, in percent; default 2" },
	{ 0 }
};

typedef struct {	/* a run record: a run has one per iteration */
	long long dmesg;	/* KP_NULL_INT: not known */
	kp_strs warn;
} Run;

typedef struct {	/* a pair of experiments compared */
	char *base_exp, *target_exp, *job, *suite, *base_kernel,
	    *target_kernel;
	kp_strs base_runs, target_runs;
	int wanted;	/* a regression or an improvement, or -a */
} Pair;

typedef struct {	/* one counter over the runstats of both sides */
	const char *name, *source;
	int kind;
	double *v[2];
	size_t n[2];
} Ctr;

/* kp-evidence's state, passed to every function that needs it */
typedef struct {
	kp_runstat *rs;
	size_t nrs;
	kp_strmap *expmap;	/* exp -> its runstats, in rsof */
	kp_once *rsonce;	/* (exp, run, iter, job, suite): seen */
	struct { size_t *v, n; } *rsof;
	Run *runs;
	kp_strmap *runmap;	/* (run, iter) -> runs */
	kp_strmap *namemap;	/* run -> its iterations' runs, in byname */
	struct { size_t *v, n; } *byname;
	Pair *pairs;
	kp_strmap *pairmap;	/* (base_exp, target_exp) -> pairs */
	kp_recix runix, rsix, cmpix;
	/* the options */
	int all;
	long long ncount;
	double minval;
	/* the least change of a counter ranked by d: kp-classify's least
	 * change of a measurement (min_change_pct), so that a counter shown
	 * as moving moved as much as a finding must */
	double minpct;
	char **chosen;
	size_t nchosen;
} Evidence;

static void
addrun(Evidence *ev, kp_json *d)
{
	kp_has want = kp_has_of(KP_RUN_RUN, KP_RUN_ITER,
	    KP_RUN_DMESG_WARNINGS, KP_RUN_WARNINGS, -1);
	kp_run x;
	char iter[32], *end;
	size_t i, k;
	int isnew;
	Run *r;

	kp_rec_read(d, &kp_run_t, &x, &want, &ev->runix);
	snprintf(iter, sizeof(iter), "%lld", x.iter);
	i = kp_strmap_addv(ev->runmap, &isnew, x.run, iter, NULL);
	if (!isnew) {	/* the same run passed through twice */
		kp_rec_free(&kp_run_t, &x);
		return;
	}
	ev->runs = kp_grow(ev->runs, i, sizeof(*ev->runs));
	r = &ev->runs[i];
	k = kp_strmap_addv(ev->namemap, &isnew, x.run, NULL);
	if (isnew) {
		ev->byname = kp_grow(ev->byname, k, sizeof(*ev->byname));
		memset(&ev->byname[k], 0, sizeof(ev->byname[k]));
	}
	ev->byname[k].v = kp_grow(ev->byname[k].v, ev->byname[k].n, sizeof(size_t));
	ev->byname[k].v[ev->byname[k].n++] = i;
	r->dmesg = KP_NULL_INT;
	if (x.dmesg_warnings.text) {
		long long v = strtoll(x.dmesg_warnings.text, &end, 10);

		if (*end == '\0' && end != x.dmesg_warnings.text)
			r->dmesg = v;
	}
	r->warn = x.warnings;
	x.warnings.v = NULL;
	x.warnings.n = 0;
	kp_rec_free(&kp_run_t, &x);
}

static void
addrunstat(Evidence *ev, kp_json *d)
{
	kp_has want = kp_has_of(KP_RUNSTAT_RUN, KP_RUNSTAT_ITER,
	    KP_RUNSTAT_JOB, KP_RUNSTAT_SUITE, KP_RUNSTAT_PARAMS,
	    KP_RUNSTAT_USER_S, KP_RUNSTAT_SYS_S, KP_RUNSTAT_ELAPSED_S,
	    KP_RUNSTAT_VMSTAT, KP_RUNSTAT_VMSTAT_LEVEL, KP_RUNSTAT_SCHEDSTAT,
	    KP_RUNSTAT_EXP, -1);
	kp_runstat *u;
	size_t e;
	int isnew;

	char iter[32];

	ev->rs = kp_grow(ev->rs, ev->nrs, sizeof(*ev->rs));
	u = &ev->rs[ev->nrs];
	kp_rec_read(d, &kp_runstat_t, u, &want, &ev->rsix);
	if (!u->exp) {
		kp_die_at(d->file, d->line, 0, "a runstat record without exp; "
		    "expected records kp-identify(1) gave their ids");
	}
	/* a runstat twice would count its run twice on its side */
	if (!ev->rsonce)
		ev->rsonce = kp_once_new();
	snprintf(iter, sizeof(iter), "%lld", u->iter);
	kp_once_check(ev->rsonce, d, "runstat record of this run, iter, job and suite",
	    u->exp, u->run, iter, u->job ? u->job : "", u->suite ? u->suite : "",
	    (char *)NULL);
	e = kp_strmap_addv(ev->expmap, &isnew, u->exp, NULL);
	if (isnew) {
		ev->rsof = kp_grow(ev->rsof, e, sizeof(*ev->rsof));
		memset(&ev->rsof[e], 0, sizeof(ev->rsof[e]));
	}
	ev->rsof[e].v = kp_grow(ev->rsof[e].v, ev->rsof[e].n, sizeof(size_t));
	ev->rsof[e].v[ev->rsof[e].n++] = ev->nrs++;
}

static void
addcmp(Evidence *ev, kp_json *d)
{
	kp_has want = kp_has_of(KP_CMP_JOB, KP_CMP_SUITE, KP_CMP_BASE_KERNEL,
	    KP_CMP_TARGET_KERNEL, KP_CMP_BASE_EXP, KP_CMP_TARGET_EXP,
	    KP_CMP_BASE_RUNS, KP_CMP_TARGET_RUNS, KP_CMP_CLASS, -1);
	kp_cmp x;
	size_t i;
	int isnew;
	Pair *p;

	kp_rec_read(d, &kp_cmp_t, &x, &want, &ev->cmpix);
	i = kp_strmap_addv(ev->pairmap, &isnew, x.base_exp, x.target_exp, NULL);
	if (isnew) {
		ev->pairs = kp_grow(ev->pairs, i, sizeof(*ev->pairs));
		p = &ev->pairs[i];
		memset(p, 0, sizeof(*p));
		p->base_exp = estrdup(x.base_exp);
		p->target_exp = estrdup(x.target_exp);
		p->job = estrdup(x.job);
		p->suite = estrdup(x.suite);
		p->base_kernel = estrdup(x.base_kernel);
		p->target_kernel = estrdup(x.target_kernel);
		p->base_runs = x.base_runs;
		p->target_runs = x.target_runs;
		memset(&x.base_runs, 0, sizeof(x.base_runs));
		memset(&x.target_runs, 0, sizeof(x.target_runs));
	}
	p = &ev->pairs[i];
	if (ev->all || x.class == KP_REGRESSION || x.class == KP_IMPROVEMENT)
		p->wanted = 1;
	kp_rec_free(&kp_cmp_t, &x);
}

/*
 * A line that opens as kp's tools write a record of a type kp-evidence
 * does not read, {"type":"noise", ..., is passed through without a parse:
 * at 25 kernels the 400,000 noise records are half the lines.  A record
 * that opens otherwise (white space, another order, an escape) is parsed
 * as before.
 */
static int
unread_type(const char *line, size_t len)
{
	static const char *const read[] = { "run", "runstat", "cmp", "evidence", NULL };

	return kp_line_type_other(line, len, read);
}

static void
readfile(Evidence *ev, kp_w *w, const char *path, kp_json *d)
{
	kp_in *in = kp_in_open(path);
	char *line;
	size_t len;

	while ((line = kp_in_record(in, &len))) {
		if (unread_type(line, len)) {
			kp_w_line(w, line, len);
			continue;
		}
		kp_rec_parse(in, d, line, len);
		/* an earlier run's evidence is replaced, not repeated */
		if (kp_rec_is(d, &kp_evidence_t))
			continue;
		kp_w_line(w, d->text, d->len);
		if (kp_rec_is(d, &kp_run_t))
			addrun(ev, d);
		else if (kp_rec_is(d, &kp_runstat_t))
			addrunstat(ev, d);
		else if (kp_rec_is(d, &kp_cmp_t))
			addcmp(ev, d);
	}
	kp_in_close(in);
}

/* the runs of a side as a set: a lab's side can have hundreds */
static kp_strmap *
runset(const kp_strs *l)
{
	kp_strmap *m = kp_strmap_new();
	size_t i;

	for (i = 0; i < l->n; i++)
		kp_strmap_addv(m, NULL, l->v[i], NULL);
	return m;
}

/* the runstats of one side: of its experiments (a side that pools
 * several joins them with '+', kp-records(5)) and of its runs */
static size_t
side(Evidence *ev, const char *exps, const kp_strs *runl, size_t **out)
{
	char *e = estrdup(exps), *s, *save = NULL;
	kp_strmap *set = runset(runl);
	size_t n = 0, k;
	long i;

	*out = NULL;
	for (s = strtok_r(e, "+", &save); s; s = strtok_r(NULL, "+", &save)) {
		if ((i = kp_strmap_findv(ev->expmap, s, NULL)) < 0)
			continue;
		for (k = 0; k < ev->rsof[i].n; k++)
			if (kp_strmap_findv(set, ev->rs[ev->rsof[i].v[k]].run, NULL) >= 0) {
				*out = kp_grow(*out, n, sizeof(**out));
				(*out)[n++] = ev->rsof[i].v[k];
			}
	}
	free(e);
	kp_strmap_free(set);
	return n;
}

static double
mean(const double *v, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	return n ? s / (double)n : NAN;
}

/* the sample standard deviation, NAN below two values */
static double
sd(const double *v, size_t n)
{
	double m = mean(v, n), s = 0;
	size_t i;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++)
		s += (v[i] - m) * (v[i] - m);
	return sqrt(s / (double)(n - 1));
}

/* the mean of a duration over a side's runstats that have it */
static double
duration(Evidence *ev, const size_t *ix, size_t n, size_t off)
{
	double s = 0, x;
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		x = *(const double *)((const char *)&ev->rs[ix[i]] + off);
		if (!isnan(x)) {
			s += x;
			k++;
		}
	}
	return k ? s / (double)k : NAN;
}

static void
ctr_add(kp_strmap *m, Ctr **c, const char *name, const char *source,
    int kind, int sd_, double v)
{
	size_t i;
	int isnew;
	Ctr *x;

	i = kp_strmap_addv(m, &isnew, name, source, NULL);
	if (isnew) {
		*c = kp_grow(*c, i, sizeof(**c));
		memset(&(*c)[i], 0, sizeof(**c));
		(*c)[i].name = name;
		(*c)[i].source = source;
		(*c)[i].kind = kind;
	}
	x = &(*c)[i];
	x->v[sd_] = kp_grow(x->v[sd_], x->n[sd_], sizeof(double));
	x->v[sd_][x->n[sd_]++] = v;
}

/* a side's counters, as a rate per second of the benchmark's elapsed
 * time or, for a level, its value at the end */
static void
collect(Evidence *ev, kp_strmap *m, Ctr **c, const size_t *ix, size_t n, int s)
{
	size_t i, k;
	const kp_runstat *u;
	double el;

	for (i = 0; i < n; i++) {
		u = &ev->rs[ix[i]];
		el = u->elapsed_s;
		for (k = 0; k < u->vmstat_level.n; k++)
			ctr_add(m, c, u->vmstat_level.name[k], "vmstat",
			    KP_EK_LEVEL, s, (double)u->vmstat_level.v[k]);
		if (!(el > 0))
			continue;	/* no rate without a time */
		for (k = 0; k < u->vmstat.n; k++)
			if (!kp_vmstat_level(u->vmstat.name[k]))
				ctr_add(m, c, u->vmstat.name[k], "vmstat",
				    KP_EK_RATE, s, (double)u->vmstat.v[k] / el);
		for (k = 0; k < u->schedstat.n; k++)
			ctr_add(m, c, u->schedstat.name[k], "schedstat",
			    KP_EK_RATE, s, (double)u->schedstat.v[k] / el);
	}
}

typedef struct {
	kp_ectr e;
	int tier;	/* ranked before a higher tier */
	double key;	/* to rank by, larger first */
	size_t order;	/* -E's order, then the name's */
} Ranked;

static int
byrank(const void *a, const void *b)
{
	const Ranked *x = a, *y = b;
	int c;

	if (x->tier != y->tier)
		return x->tier < y->tier ? -1 : 1;
	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	if ((c = strcmp(x->e.name, y->e.name)) != 0)
		return c;
	return strcmp(x->e.source, y->e.source);
}

static long
chosen_at(Evidence *ev, const char *name)
{
	size_t i;

	for (i = 0; i < ev->nchosen; i++)
		if (strcmp(ev->chosen[i], name) == 0)
			return (long)i;
	return -1;
}

/* the counters of both sides, ranked; *nall how many entered the
 * ranking before the bound */
static size_t
rank(Evidence *ev, Ctr *c, size_t nc, int replicated, int rank_by, Ranked **out,
    long long *nall)
{
	Ranked *r = ecalloc(nc + 1, sizeof(*r));
	size_t i, n = 0;
	double b, t, sp;
	long at;

	for (i = 0; i < nc; i++) {
		Ranked *x = &r[n];
		kp_ectr *e = &x->e;

		at = chosen_at(ev, c[i].name);
		if (ev->nchosen && at < 0)
			continue;
		if (!c[i].n[0] || !c[i].n[1])
			continue;	/* a counter one side lacks compares nothing */
		b = mean(c[i].v[0], c[i].n[0]);
		t = mean(c[i].v[1], c[i].n[1]);
		kp_has_range(&e->has, KP_ECTR_NAME, KP_ECTR_NF - 1);
		e->name = (char *)c[i].name;
		e->source = (char *)c[i].source;
		e->kind = c[i].kind;
		e->n_base = (long long)c[i].n[0];
		e->n_target = (long long)c[i].n[1];
		e->base = b;
		e->target = t;
		e->change_pct = b != 0 ? 100 * (t / b - 1) : NAN;
		e->base_sd = sd(c[i].v[0], c[i].n[0]);
		e->target_sd = sd(c[i].v[1], c[i].n[1]);
		e->d = NAN;
		if (c[i].n[0] >= 2 && c[i].n[1] >= 2) {
			/* Cohen's d: the change over the pooled sd */
			sp = sqrt(((double)(c[i].n[0] - 1) * e->base_sd * e->base_sd +
			    (double)(c[i].n[1] - 1) * e->target_sd * e->target_sd) /
			    (double)(c[i].n[0] + c[i].n[1] - 2));
			if (sp > 0)
				e->d = (t - b) / sp;
		}
		x->order = at < 0 ? 0 : (size_t)at;
		switch (rank_by) {
		case KP_ER_POOLED_SD:
			/* no spread, no ranking against it */
			if (!replicated || isnan(e->d))
				continue;
			/*
			 * A counter steady within each side has a huge d for
			 * a change too small to matter (+0.3% of a stable
			 * rate, d = 1900): d ranks the counters that moved,
			 * it does not say which moved.  Those below -p, or
			 * below -m on their larger side, are left out.
			 */
			if (isnan(e->change_pct) || fabs(e->change_pct) < ev->minpct ||
			    fmax(fabs(b), fabs(t)) < ev->minval)
				continue;
			x->key = fabs(e->d);
			break;
		case KP_ER_CHOSEN:
			x->key = 0;
			break;
		default:
			/* a change from nothing has no relative size, and
			 * one below min per second (or as a level) is noise */
			if (isnan(e->change_pct) || t == b ||
			    fmax(fabs(b), fabs(t)) < ev->minval)
				continue;
			x->key = fabs(e->change_pct);
			/*
			 * A level is one reading at the run's end: with one
			 * run a side a transient (nr_writeback 25 -> 0) reads
			 * as -100% and would bury the events, whose rates sum
			 * the whole run.  Events first, then levels.
			 */
			x->tier = e->kind == KP_EK_LEVEL;
		}
		n++;
	}
	if (n)
		qsort(r, n, sizeof(*r), byrank);
	*nall = (long long)n;
	*out = r;
	return n < (size_t)ev->ncount ? n : (size_t)ev->ncount;
}

/* the dmesg warnings of a side's runs: their count and first lines */
static void
warnings(Evidence *ev, const kp_strs *runl, long long *count, long long *nrun,
    kp_strs *lines)
{
	size_t i, k, j, x;
	const Run *u;
	long at;

	*count = KP_NULL_INT;
	*nrun = 0;
	memset(lines, 0, sizeof(*lines));
	for (i = 0; i < runl->n; i++) {
		if ((at = kp_strmap_findv(ev->namemap, runl->v[i], NULL)) < 0)
			continue;
		for (x = 0; x < ev->byname[at].n; x++) {
			u = &ev->runs[ev->byname[at].v[x]];
			if (u->dmesg == KP_NULL_INT)
				continue;
			*count = (*count == KP_NULL_INT ? 0 : *count) + u->dmesg;
			++*nrun;
			for (k = 0; k < u->warn.n && lines->n < 3; k++) {
				for (j = 0; j < lines->n; j++)
					if (strcmp(lines->v[j], u->warn.v[k]) == 0)
						break;
				if (j == lines->n) {	/* each line once */
					lines->v = kp_grow(lines->v, lines->n,
					    sizeof(char *));
					lines->v[lines->n++] = u->warn.v[k];
				}
			}
		}
	}
}

/* a dmesg line without its "[    0.253011] " timestamp: a boot warning
 * that both sides print (SRSO) differs in it only */
static const char *
untimed(const char *s)
{
	const char *p = s + 1;

	if (*s != '[')
		return s;
	while (*p == ' ')
		p++;
	if (!isdigit((unsigned char)*p))
		return s;
	while (isdigit((unsigned char)*p) || *p == '.')
		p++;
	if (*p != ']')
		return s;
	for (p++; *p == ' '; p++)
		;
	return p;
}

/* the warning lines of every run record of a side's runs, to fn */
static void
eachline(Evidence *ev, const kp_strs *runl, void (*fn)(const char *, void *), void *arg)
{
	size_t i, k, x;
	long at;

	for (i = 0; i < runl->n; i++) {
		if ((at = kp_strmap_findv(ev->namemap, runl->v[i], NULL)) < 0)
			continue;
		for (x = 0; x < ev->byname[at].n; x++)
			for (k = 0; k < ev->runs[ev->byname[at].v[x]].warn.n; k++)
				fn(ev->runs[ev->byname[at].v[x]].warn.v[k], arg);
	}
}

static void
seeline(const char *s, void *m)
{
	kp_strmap_addv(m, NULL, untimed(s), NULL);
}

struct newl {
	kp_strmap *seen;
	kp_strs *out;
};

static void
newline(const char *s, void *arg)
{
	struct newl *a = arg;
	int isnew;

	kp_strmap_addv(a->seen, &isnew, untimed(s), NULL);
	if (isnew && a->out->n < 3) {
		a->out->v = kp_grow(a->out->v, a->out->n, sizeof(char *));
		a->out->v[a->out->n++] = (char *)s;
	}
}

/* The first three distinct lines of the target's runs that no run of
 * the base printed, timestamps aside, against every line of the base
 * and not only the three it shows: what the target's kernel says new. */
static void
newwarnings(Evidence *ev, const kp_strs *base, const kp_strs *target, kp_strs *out)
{
	struct newl a = { kp_strmap_new(), out };

	memset(out, 0, sizeof(*out));
	eachline(ev, base, seeline, a.seen);
	eachline(ev, target, newline, &a);
	kp_strmap_free(a.seen);
}

/* the runs of a side with no runstat of its experiments */
static void
missing(Evidence *ev, const kp_strs *runl, const size_t *ix, size_t n, kp_strs *out)
{
	kp_strmap *have = kp_strmap_new();
	size_t i;

	for (i = 0; i < n; i++)
		kp_strmap_addv(have, NULL, ev->rs[ix[i]].run, NULL);
	for (i = 0; i < runl->n; i++)
		if (kp_strmap_findv(have, runl->v[i], NULL) < 0) {
			out->v = kp_grow(out->v, out->n, sizeof(char *));
			out->v[out->n++] = runl->v[i];
		}
	kp_strmap_free(have);
}

static void
evidence(Evidence *ev, kp_w *w, const Pair *p)
{
	kp_evidence e;
	size_t *bx, *tx, nb, nt, nc, i, nshow;
	kp_strmap *m = kp_strmap_new();
	Ctr *c = NULL;
	Ranked *r;
	kp_ectr *shown;
	int replicated;

	memset(&e, 0, sizeof(e));
	kp_has_range(&e.has, KP_EV_BASE_EXP, KP_EV_NF - 1);
	e.base_exp = p->base_exp;
	e.target_exp = p->target_exp;
	e.job = p->job;
	e.suite = p->suite;
	e.base_kernel = p->base_kernel;
	e.target_kernel = p->target_kernel;
	nb = side(ev, p->base_exp, &p->base_runs, &bx);
	nt = side(ev, p->target_exp, &p->target_runs, &tx);
	e.n_base = (long long)nb;
	e.n_target = (long long)nt;
	missing(ev, &p->base_runs, bx, nb, &e.missing);
	missing(ev, &p->target_runs, tx, nt, &e.missing);
	e.base_params = nb ? ev->rs[bx[0]].params : NULL;
	e.target_params = nt ? ev->rs[tx[0]].params : NULL;
	e.base_user_s = duration(ev, bx, nb, offsetof(kp_runstat, user_s));
	e.target_user_s = duration(ev, tx, nt, offsetof(kp_runstat, user_s));
	e.base_sys_s = duration(ev, bx, nb, offsetof(kp_runstat, sys_s));
	e.target_sys_s = duration(ev, tx, nt, offsetof(kp_runstat, sys_s));
	e.base_elapsed_s = duration(ev, bx, nb, offsetof(kp_runstat, elapsed_s));
	e.target_elapsed_s = duration(ev, tx, nt, offsetof(kp_runstat, elapsed_s));
	warnings(ev, &p->base_runs, &e.base_dmesg_warnings, &e.base_dmesg_runs,
	    &e.base_warnings);
	warnings(ev, &p->target_runs, &e.target_dmesg_warnings,
	    &e.target_dmesg_runs, &e.target_warnings);
	newwarnings(ev, &p->base_runs, &p->target_runs, &e.new_warnings);

	collect(ev, m, &c, bx, nb, 0);
	collect(ev, m, &c, tx, nt, 1);
	nc = kp_strmap_len(m);
	replicated = nb >= 2 && nt >= 2;
	e.rank_by = replicated ? KP_ER_POOLED_SD :
	    ev->nchosen ? KP_ER_CHOSEN : KP_ER_RELATIVE;
	nshow = rank(ev, c, nc, replicated, e.rank_by, &r, &e.n_counters);
	shown = ecalloc(nshow + 1, sizeof(*shown));
	for (i = 0; i < nshow; i++)
		shown[i] = r[i].e;
	e.counters.v = shown;
	e.counters.n = nshow;
	kp_rec_write(w, &kp_evidence_t, &e);

	free(shown);
	free(r);
	for (i = 0; i < nc; i++) {
		free(c[i].v[0]);
		free(c[i].v[1]);
	}
	free(c);
	kp_strmap_free(m);
	free(e.missing.v);
	free(e.base_warnings.v);
	free(e.target_warnings.v);
	free(e.new_warnings.v);
	free(bx);
	free(tx);
}

static void
parse_chosen(Evidence *ev, const char *s)
{
	char *c = estrdup(s), *t, *save = NULL;

	for (t = strtok_r(c, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		ev->chosen = kp_grow(ev->chosen, ev->nchosen, sizeof(*ev->chosen));
		ev->chosen[ev->nchosen++] = estrdup(t);
	}
	free(c);
	if (!ev->nchosen)
		kp_die("-E %s: expected counter names separated by commas", s);
}

int
main(int argc, char *argv[])
{
	static Evidence ev = { .ncount = 5, .minval = 1, .minpct = 2 };
	kp_json d;
	kp_w *w;
	size_t i;
	int ch;

	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 'a':
			ev.all = 1;
			break;
		case 'E':
			parse_chosen(&ev, optarg);
			break;
		case 'm':
			ev.minval = kp_opt_dbl("-m", optarg, 0, HUGE_VAL,
			    "a number 0 or more");
			break;
		case 'n':
			ev.ncount = kp_opt_ll("-n", optarg, 0, 1000000,
			    "a number of counters, 0 or more");
			break;
		case 'p':
			ev.minpct = kp_opt_dbl("-p", optarg, 0, HUGE_VAL,
			    "a percentage 0 or more");
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;

	ev.expmap = kp_strmap_new();
	ev.runmap = kp_strmap_new();
	ev.namemap = kp_strmap_new();
	ev.pairmap = kp_strmap_new();
	w = kp_w_open(stdout, "<stdout>");
	kp_json_init(&d);
	if (argc == 0)
		readfile(&ev, w, NULL, &d);
	for (i = 0; i < (size_t)argc; i++)
		readfile(&ev, w, argv[i], &d);
	kp_json_free(&d);
	for (i = 0; i < kp_strmap_len(ev.pairmap); i++)
		if (ev.pairs[i].wanted)
			evidence(&ev, w, &ev.pairs[i]);
	kp_w_close(w);
	return KP_EXIT_OK;
}
