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

const char *const trend_field[F_NSTR] = {
	"key", "suite", "bench", "test", "op", "metric", "job", "unit", "better",
};

static Series *series;
static kp_strmap *seriesmap;	/* identity and conc -> series */
static kp_strmap *pointmap;	/* (series, kernel name) -> point index + 1 */
static size_t *pointof;
static kp_strmap *kernmap;	/* kernel name -> index in kernel[] */
static char **kernel;
static kp_kver *kver;
static kp_strmap *instmap;	/* instance names */
static kp_w *w;
static kp_once *stats;	/* a stat twice would count its units twice */

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
units(kp_json *d, Point *p)
{
	static kp_has want;
	const kp_insts *pi;
	kp_stat x;
	kp_nums v;
	int obs, arr, lv;
	size_t i;

	if (!want.bit[0] && !want.bit[1])
		want = kp_has_of(KP_STAT_PER_INSTANCE, -1);
	kp_rec_read(d, &kp_stat_t, &x, &want, NULL);
	pi = &x.per_instance;
	if (pi->n >= 2) {
		p->u = emalloc(pi->n * sizeof(*p->u));
		p->inst = emalloc(pi->n * sizeof(*p->inst));
		for (i = 0; i < pi->n; i++) {
			p->inst[i] = (uint32_t)kp_strmap_add(instmap,
			    pi->v[i].instance, strlen(pi->v[i].instance), NULL);
			p->u[i] = pi->v[i].median;
		}
		p->nu = pi->n;
		p->level = KP_LV_INSTANCE;
		kp_rec_free(&kp_stat_t, &x);
		return;
	}
	obs = kp_json_get(d, 0, "obs");
	if (obs >= 0 && d->tok[obs].type == KP_JOBJ)
		for (lv = KP_LV_RUN; lv < KP_NLV; lv++) {
			if ((arr = kp_json_get(d, obs, kp_word(&kp_level_v, lv))) < 0)
				continue;
			kp_json_nums(d, arr, kp_word(&kp_level_v, lv), &v);
			if (v.n >= 2 || (lv == KP_LV_SUB && v.n == 1)) {
				p->u = v.v;
				p->nu = v.n;
				p->level = lv;
				kp_rec_free(&kp_stat_t, &x);
				return;
			}
			free(v.v);
		}
	/* one value: the instance's median, or the record's */
	p->u = emalloc(sizeof(*p->u));
	p->level = KP_LV_INSTANCE;
	if (pi->n == 1)
		p->u[p->nu++] = pi->v[0].median;
	else {
		p->u[p->nu++] = kp_req_num(d, "median");
		p->level = KP_LV_SUB;
	}
	kp_rec_free(&kp_stat_t, &x);
}

static void
readstat(kp_json *d, const char *file)
{
	const char *v[F_NSTR], *kname;
	char *exp;
	char conc[32];
	long long c;
	size_t si, ki, i, len;
	int isnew;
	Series *s;
	Point p, *q;

	for (i = 0; i < F_NSTR; i++)
		v[i] = i == F_JOB ? kp_opt_str(d, "job", "") : kp_req_str(d, trend_field[i]);
	for (i = 0; i < F_NSTR; i++)
		v[i] = estrdup(v[i]);
	if (strcmp(v[F_BETTER], "higher") && strcmp(v[F_BETTER], "lower"))
		kp_rec_die(d, kp_json_get(d, 0, "better"),
		    "expected \"higher\" or \"lower\" for \"better\"");
	c = kp_req_int(d, "conc");
	snprintf(conc, sizeof(conc), "%lld", c);
	kname = kp_req_str(d, "kernel");
	ki = kp_strmap_add(kernmap, kname, strlen(kname), &isnew);
	if (isnew) {
		kernel = kp_grow(kernel, ki, sizeof(*kernel));
		kver = kp_grow(kver, ki, sizeof(*kver));
		kernel[ki] = estrdup(kname);
		if (kp_kver_parse(kname, &kver[ki]) < 0)
			kp_rec_die(d, kp_json_get(d, 0, "kernel"), "kernel \"%s\": "
			    "expected a version kp(7) can order (v6.12, v6.12-rc3, "
			    "v6.12-45-gabcdef0, 6.17.0-rc2+)", kname);
	}
	si = kp_strmap_addv(seriesmap, &isnew, v[F_KEY], v[F_SUITE], v[F_BENCH],
	    v[F_TEST], v[F_OP], v[F_METRIC], conc, (char *)NULL);
	if (isnew) {
		series = kp_grow(series, si, sizeof(*series));
		s = &series[si];
		memset(s, 0, sizeof(*s));
		for (i = 0; i < F_NSTR; i++)
			s->s[i] = (char *)v[i];
		s->conc = c;
		len = strlen(file) + 32;
		s->where = emalloc(len);
		snprintf(s->where, len, "%s:%ld", file, d->line);
	} else {
		s = &series[si];
		for (i = 0; i < F_NSTR; i++) {
			if (i != F_JOB && strcmp(s->s[i], v[i]))
				kp_rec_die(d, kp_json_get(d, 0, trend_field[i]),
				    "\"%s\" is \"%s\" here and \"%s\" in the same "
				    "series at %s", trend_field[i], v[i], s->s[i], s->where);
			free((char *)v[i]);
		}
	}
	if (!stats)
		stats = kp_once_new();
	exp = estrdup(kp_opt_str(d, "exp", ""));
	kp_once_check(stats, d, "stat record of this experiment and measurement",
	    exp, s->s[F_KEY], s->s[F_SUITE], s->s[F_BENCH], s->s[F_TEST],
	    s->s[F_OP], s->s[F_METRIC], conc, kernel[ki], (char *)NULL);
	free(exp);
	memset(&p, 0, sizeof(p));
	units(d, &p);
	{
		size_t key[2] = { si, ki }, pt;

		pt = kp_strmap_add(pointmap, (const char *)key, sizeof(key), &isnew);
		if (isnew) {
			pointof = kp_grow(pointof, pt, sizeof(*pointof));
			pointof[pt] = s->np;
			s->p = kp_grow(s->p, s->np, sizeof(*s->p));
			p.kern = ki;
			s->p[s->np++] = p;
			return;
		}
		/* another stat of this kernel: its units join the point */
		q = &s->p[pointof[pt]];
		q->u = ereallocarray(q->u, q->nu + p.nu, sizeof(*q->u));
		memcpy(q->u + q->nu, p.u, p.nu * sizeof(*p.u));
		if (q->inst && p.inst) {
			q->inst = ereallocarray(q->inst, q->nu + p.nu, sizeof(*q->inst));
			memcpy(q->inst + q->nu, p.inst, p.nu * sizeof(*p.inst));
		} else {
			free(q->inst);
			q->inst = NULL;
		}
		q->nu += p.nu;
		if (p.level > q->level)
			q->level = p.level;
		free(p.u);
		free(p.inst);
	}
}

static void
readfile(const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_json d;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		if (strcmp(kp_rec_type(&d), "stat") == 0 &&
		    strcmp(kp_opt_str(&d, "scope", ""), "group") == 0)
			readstat(&d, kp_in_name(in));
		else
			kp_w_line(w, d.text, d.len);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

static size_t *rank;	/* kernel index -> place in kp(7) order */

static int
bykver(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = kp_kver_cmp(&kver[x], &kver[y]);

	return c ? c : strcmp(kernel[x], kernel[y]);
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
	size_t i, j, k, nk, *order, ns;
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

	seriesmap = kp_strmap_new();
	pointmap = kp_strmap_new();
	kernmap = kp_strmap_new();
	instmap = kp_strmap_new();
	w = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		readfile(NULL);
	for (i = 0; i < (size_t)argc; i++)
		readfile(argv[i]);

	/* kernels in kp(7) order; points renumbered to that order */
	nk = kp_strmap_len(kernmap);
	order = emalloc((nk + 1) * sizeof(*order));
	rank = emalloc((nk + 1) * sizeof(*rank));
	kname = emalloc((nk + 1) * sizeof(*kname));
	for (i = 0; i < nk; i++)
		order[i] = i;
	qsort(order, nk, sizeof(*order), bykver);
	for (i = 0; i < nk; i++) {
		rank[order[i]] = i;
		kname[i] = kernel[order[i]];
	}
	ns = kp_strmap_len(seriesmap);
	sorted = emalloc((ns + 1) * sizeof(*sorted));
	for (i = 0; i < ns; i++) {
		for (j = 0; j < series[i].np; j++)
			series[i].p[j].kern = rank[series[i].p[j].kern];
		qsort(series[i].p, series[i].np, sizeof(*series[i].p), bykern);
		sorted[i] = &series[i];
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
			analyse(sorted[k], &set, set.family && j - i >= 2 ? famcp : NULL);
			write_trend(w, sorted[k], kname);
			write_noise(w, sorted[k], kname, &set);
		}
	}
	kp_w_close(w);
	return 0;
}
