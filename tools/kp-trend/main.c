/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-trend: every measurement across every kernel, in kp(7) order, with
 * its change points, transients and drifts.  See kp-trend(1).
 *
 * Records other than stat records of scope group pass through as they
 * are read.  The unit values of every series are kept until the end of
 * the input, when kernels can be ordered; then each family and each of
 * its series is analysed and written, in the order of their names. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "once.h"
#include "strmap.h"
#include "trend.h"

/* what kp-trend holds between its stat records and its analysis */
typedef struct {
	Series *series;
	kp_strmap *seriesmap;	/* series id (kp_series_id) -> series */
	kp_strmap *pointmap;	/* (series, kernel name) -> point index + 1 */
	size_t *pointof;
	kp_strmap *kernmap;	/* kernel name -> index in kernel[] */
	char **kernel;
	kp_kver *kver;
	kp_strmap *instmap;	/* instance names */
	kp_w *w;
	kp_once *stats;	/* a stat twice would count its units twice */
	kp_recix ix;
	int tok[KP_STAT_NF + 1];
} Trend;

/* the kernels' versions, for qsort's comparison, which takes no context */
static const Trend *sorting;

static const char synopsis[] = "usage: kp-trend [-FK] [-p penalty] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'F', NULL, NULL,
	    "analyse every series on its own, without its family" },
	{ 'K', NULL, NULL,
	    "do not estimate the kernel-wide shock" },
	{ 'p', NULL, "penalty",
	    "the penalty of a change point; default 4" },
	{ 0 }
};

/* the units of a stat record: its instances' medians, else the values of
 * the highest level of obs with two or more */
static void
units(Trend *tr, kp_json *d, Point *p)
{
	const kp_insts *pi;
	kp_has want = kp_has_of(KP_STAT_PER_INSTANCE, KP_STAT_MEDIAN, -1);
	kp_stat x;
	kp_nums *v;
	int lv;
	size_t i;

	/* obs is optional here, not in the table: read only when there */
	if (tr->tok[KP_STAT_OBS] >= 0)
		kp_has_set(&want, KP_STAT_OBS);
	kp_rec_read(d, &kp_stat_t, &x, &want, &tr->ix);
	pi = &x.per_instance;
	if (pi->n >= 2) {
		p->u = emalloc(pi->n * sizeof(*p->u));
		p->inst = emalloc(pi->n * sizeof(*p->inst));
		for (i = 0; i < pi->n; i++) {
			p->inst[i] = (uint32_t)kp_strmap_add(tr->instmap,
			    pi->v[i].instance, strlen(pi->v[i].instance), NULL);
			p->u[i] = pi->v[i].median;
		}
		p->nu = pi->n;
		p->level = KP_LV_INSTANCE;
		kp_rec_free(&kp_stat_t, &x);
		return;
	}
	for (lv = KP_LV_RUN; lv < KP_NLV; lv++) {
		v = &x.obs.lv[lv];
		if (v->n >= 2 || (lv == KP_LV_SUB && v->n == 1)) {
			p->u = v->v;
			p->nu = v->n;
			p->level = lv;
			v->v = NULL;	/* kept */
			v->n = 0;
			kp_rec_free(&kp_stat_t, &x);
			return;
		}
	}
	/* one value: the instance's median, or the record's */
	p->u = emalloc(sizeof(*p->u));
	p->level = KP_LV_INSTANCE;
	if (pi->n == 1)
		p->u[p->nu++] = pi->v[0].median;
	else {
		if (isnan(x.median))
			kp_rec_missing(d, KP_FNAME(kp_stat_t, KP_STAT_MEDIAN), "a number");
		p->u[p->nu++] = x.median;
		p->level = KP_LV_SUB;
	}
	kp_rec_free(&kp_stat_t, &x);
}

/* the stat field of each F_* */
static const int statfield[F_NSTR] = { [F_KEY] = KP_STAT_KEY,
	[F_SUITE] = KP_STAT_SUITE, [F_BENCH] = KP_STAT_BENCH,
	[F_TEST] = KP_STAT_TEST, [F_OP] = KP_STAT_OP,
	[F_METRIC] = KP_STAT_METRIC, [F_JOB] = KP_STAT_JOB,
	[F_UNIT] = KP_STAT_UNIT, [F_BETTER] = KP_STAT_BETTER };

/* the fields of a series of a stat record, in the order of F_*: job may
 * be missing ("") */
static void
seriesof(kp_json *d, const int *tok, const char *v[F_NSTR], long long *conc)
{
	const int *f = statfield;
	size_t i;
	int b;

	for (i = 0; i < F_NSTR; i++)
		v[i] = i == F_JOB && tok[f[i]] < 0 ? "" :
		    kp_rec_str(d, &kp_stat_t, f[i], tok[f[i]]);
	b = kp_vocab_find(&kp_better_v, v[F_BETTER], strlen(v[F_BETTER]));
	if (b < 0)
		kp_rec_die(d, tok[KP_STAT_BETTER], "expected \"higher\" or \"lower\" "
		    "for \"%s\"", KP_FNAME(kp_stat_t, KP_STAT_BETTER));
	*conc = kp_rec_int(d, &kp_stat_t, KP_STAT_CONC, tok[KP_STAT_CONC]);
}

/* the point of a kernel of series si: a new one, or its units joined to
 * those of another stat of the kernel */
static void
addpoint(Trend *tr, Series *s, size_t si, size_t ki, Point *p)
{
	size_t key[2] = { si, ki }, pt;
	int isnew;
	Point *q;

	pt = kp_strmap_add(tr->pointmap, (const char *)key, sizeof(key), &isnew);
	if (isnew) {
		tr->pointof = kp_grow(tr->pointof, pt, sizeof(*tr->pointof));
		tr->pointof[pt] = s->np;
		s->p = kp_grow(s->p, s->np, sizeof(*s->p));
		p->kern = ki;
		s->p[s->np++] = *p;
		return;
	}
	q = &s->p[tr->pointof[pt]];
	q->u = ereallocarray(q->u, q->nu + p->nu, sizeof(*q->u));
	memcpy(q->u + q->nu, p->u, p->nu * sizeof(*p->u));
	if (q->inst && p->inst) {
		q->inst = ereallocarray(q->inst, q->nu + p->nu, sizeof(*q->inst));
		memcpy(q->inst + q->nu, p->inst, p->nu * sizeof(*p->inst));
	} else {
		free(q->inst);
		q->inst = NULL;
	}
	q->nu += p->nu;
	if (p->level > q->level)
		q->level = p->level;
	free(p->u);
	free(p->inst);
}

static size_t
kernelof(Trend *tr, kp_json *d)
{
	const char *kname = kp_rec_str(d, &kp_stat_t, KP_STAT_KERNEL,
	    tr->tok[KP_STAT_KERNEL]);
	size_t ki;
	int isnew;

	ki = kp_strmap_add(tr->kernmap, kname, strlen(kname), &isnew);
	if (isnew) {
		tr->kernel = kp_grow(tr->kernel, ki, sizeof(*tr->kernel));
		tr->kver = kp_grow(tr->kver, ki, sizeof(*tr->kver));
		tr->kernel[ki] = estrdup(kname);
		if (kp_kver_parse(kname, &tr->kver[ki]) < 0)
			kp_rec_die(d, tr->tok[KP_STAT_KERNEL], "kernel \"%s\": "
			    "expected a version kp(7) can order (v6.12, v6.12-rc3, "
			    "v6.12-45-gabcdef0, 6.17.0-rc2+)", kname);
	}
	return ki;
}

static void
readstat(Trend *tr, kp_json *d, const char *file)
{
	const char *v[F_NSTR], *exp;
	char id[KP_IDSZ];
	long long c;
	size_t si, ki, i, len;
	int isnew, *tok = tr->tok;
	Series *s;
	Point p;

	kp_rec_index(d, &kp_stat_t, tok, &tr->ix);
	seriesof(d, tok, v, &c);
	ki = kernelof(tr, d);
	kp_series_id(id, v[F_KEY], v[F_SUITE], v[F_BENCH], v[F_TEST], v[F_OP],
	    v[F_METRIC], c);
	si = kp_strmap_add(tr->seriesmap, id, KP_IDSZ - 1, &isnew);
	if (isnew) {
		tr->series = kp_grow(tr->series, si, sizeof(*tr->series));
		s = &tr->series[si];
		memset(s, 0, sizeof(*s));
		for (i = 0; i < F_NSTR; i++)
			s->s[i] = estrdup(v[i]);
		memcpy(s->id, id, KP_IDSZ);
		s->conc = c;
		len = strlen(file) + 32;
		s->where = emalloc(len);
		snprintf(s->where, len, "%s:%ld", file, d->line);
	} else {
		s = &tr->series[si];
		for (i = 0; i < F_NSTR; i++)
			if (i != F_JOB && strcmp(s->s[i], v[i]))
				kp_rec_die(d, tok[statfield[i]], "\"%s\" is \"%s\" "
				    "here and \"%s\" in the same series at %s",
				    KP_FNAME(kp_stat_t, statfield[i]), v[i], s->s[i],
				    s->where);
	}
	if (!tr->stats)
		tr->stats = kp_once_new();
	exp = tok[KP_STAT_EXP] < 0 ? "" :
	    kp_rec_str(d, &kp_stat_t, KP_STAT_EXP, tok[KP_STAT_EXP]);
	kp_once_check(tr->stats, d, "stat record of this experiment and measurement",
	    exp, s->id, tr->kernel[ki], (char *)NULL);
	memset(&p, 0, sizeof(p));
	units(tr, d, &p);
	addpoint(tr, s, si, ki, &p);
}

static void
readfile(Trend *tr, const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_json d;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		if (kp_rec_is(&d, &kp_stat_t))
			readstat(tr, &d, kp_in_name(in));
		else
			kp_w_line(tr->w, d.text, d.len);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

static int
bykver(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = kp_kver_cmp(&sorting->kver[x], &sorting->kver[y]);

	return c ? c : strcmp(sorting->kernel[x], sorting->kernel[y]);
}

static int
bykern(const void *a, const void *b)
{
	const Point *x = a, *y = b;

	return (x->kern > y->kern) - (x->kern < y->kern);
}

static int
byname(const void *a, const void *b)
{
	const Series *x = *(Series *const *)a, *y = *(Series *const *)b;
	int i, c;

	for (i = 0; i < F_NID; i++)
		if ((c = strcmp(x->s[i], y->s[i])))
			return c;
	return (x->conc > y->conc) - (x->conc < y->conc);
}

int
main(int argc, char *argv[])
{
	Settings set = { 4.0, 6.63, 4, 8, 1, 1, NULL };
	static Trend tr;	/* reachable when a diagnostic exits */
	size_t i, j, k, nk, *order, *rank, ns;
	Series **sorted;
	char **kname;
	unsigned char *famcp;
	double *shock;
	int ch;

	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 'F':
			set.family = 0;
			break;
		case 'K':
			set.shock = 0;
			break;
		case 'p':
			set.pen = kp_opt_dbl("-p", optarg, 1e-9, 1e9, "a positive number");
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;

	tr.seriesmap = kp_strmap_new();
	tr.pointmap = kp_strmap_new();
	tr.kernmap = kp_strmap_new();
	tr.instmap = kp_strmap_new();
	tr.w = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		readfile(&tr, NULL);
	for (i = 0; i < (size_t)argc; i++)
		readfile(&tr, argv[i]);

	/* kernels in kp(7) order; points renumbered to that order */
	nk = kp_strmap_len(tr.kernmap);
	order = emalloc((nk + 1) * sizeof(*order));
	rank = emalloc((nk + 1) * sizeof(*rank));
	kname = emalloc((nk + 1) * sizeof(*kname));
	for (i = 0; i < nk; i++)
		order[i] = i;
	sorting = &tr;
	qsort(order, nk, sizeof(*order), bykver);
	for (i = 0; i < nk; i++) {
		rank[order[i]] = i;
		kname[i] = tr.kernel[order[i]];
	}
	ns = kp_strmap_len(tr.seriesmap);
	sorted = emalloc((ns + 1) * sizeof(*sorted));
	for (i = 0; i < ns; i++) {
		Series *s = &tr.series[i];

		for (j = 0; j < s->np; j++)
			s->p[j].kern = rank[s->p[j].kern];
		qsort(s->p, s->np, sizeof(*s->p), bykern);
		sorted[i] = s;
	}
	qsort(sorted, ns, sizeof(*sorted), byname);

	/* the kernel-wide shock, from every series */
	shock = ecalloc(nk + 1, sizeof(*shock));
	if (set.shock && shock_estimate(sorted, ns, nk, &set, shock))
		set.shock_of = shock;
	/* each family: its change places, then its series */
	famcp = emalloc(nk + 1);
	for (i = 0; i < ns; i = j) {
		j = family_end(sorted, i, ns);
		memset(famcp, 0, nk + 1);
		if (set.family && j - i >= 2)
			family_changes(sorted + i, j - i, nk, &set, famcp);
		for (k = i; k < j; k++) {
			series_analyse(sorted[k], &set, set.family && j - i >= 2 ? famcp : NULL);
			write_trend(tr.w, sorted[k], kname);
			write_noise(tr.w, sorted[k], kname, &set);
		}
	}
	kp_w_close(tr.w);
	return 0;
}
