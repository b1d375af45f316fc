/* SPDX-License-Identifier: GPL-2.0-or-later */
/* size.c: instances and repetitions from history.
 *
 * The samples of past runs give, for each measurement of each kernel,
 * two variance components by one-way random-effects ANOVA (Searle,
 * Casella and McCulloch 1992, ch. 3): between instances, and within one
 * instance (its runs, iterations and repetitions together), both
 * relative to the mean.  Averaged over the measurements they describe a
 * typical one.  A kernel measured on n instances with r repetitions each
 * then has instance means of variance s_i^2 + s_r^2 / r, and the two-
 * sided two-sample t test on them, df 2n - 2, has noncentrality
 * d / sqrt(2 (s_i^2 + s_r^2 / r) / n) for a relative change d; its power
 * is kp_t_power().  The plan takes the smallest n x r (then the fewest
 * instances) that reaches the power asked for. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "dist.h"
#include "once.h"
#include "strmap.h"
#include "plan.h"

#define MAXN 200	/* instances a side */
#define MAXR 20	/* repetitions on one instance */
/* integer field F of the sample, def when it has none */
#define SINT(F, def) (tok[KP_SAMPLE_##F] < 0 ? (def) : \
	kp_rec_int(&d, &kp_sample_t, KP_SAMPLE_##F, tok[KP_SAMPLE_##F]))

typedef struct {
	size_t group;
	long long n;
	double mean, m2;	/* Welford */
} Cell;

void
size_read(const char *file, Sizing *z)
{
	kp_strmap *groups = kp_strmap_new(), *cells = kp_strmap_new();
	kp_once *seen = kp_once_new();	/* a sample twice would shift the
					 * variance components */
	Cell *c = NULL;
	size_t nc = 0, ng, i, ci;
	kp_in *in = kp_in_open(file);
	kp_json d;
	int isnew, tok[KP_SAMPLE_NF + 1];
	kp_recix ix = { 0 };
	static const int names[9] = { KP_SAMPLE_KERNEL, KP_SAMPLE_JOB,
		KP_SAMPLE_SUITE, KP_SAMPLE_BENCH, KP_SAMPLE_TEST, KP_SAMPLE_OP,
		KP_SAMPLE_METRIC, KP_SAMPLE_INSTANCE, KP_SAMPLE_RUN };
	const char *f[9];
	char conc[32], unit[96];
	double v, delta;
	struct acc {
		long long k, n;
		double sn2, sum;
	} *a;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		if (!kp_rec_is(&d, &kp_sample_t))
			continue;
		kp_rec_index(&d, &kp_sample_t, tok, &ix);
		snprintf(conc, sizeof(conc), "%lld", kp_rec_int(&d, &kp_sample_t,
		    KP_SAMPLE_CONC, tok[KP_SAMPLE_CONC]));
		/* the measurement, its instance and its run (a sample may not
		 * name one); the strings last until the next record */
		for (i = 0; i < 9; i++)
			f[i] = i < 8 || tok[names[i]] >= 0 ? kp_rec_str(&d,
			    &kp_sample_t, names[i], tok[names[i]]) : "";
		v = kp_rec_num(&d, &kp_sample_t, KP_SAMPLE_VALUE, tok[KP_SAMPLE_VALUE]);
		/* a sample that names its run is one unit of it (samples
		 * without run, iter and rep cannot be told apart) */
		snprintf(unit, sizeof(unit), "%lld %lld %lld", SINT(ITER, 0),
		    SINT(REP, 1), SINT(SUB, 1));
		if (*f[8])
			kp_once_check(seen, &d, "sample of this run, iter, rep, sub "
			    "and measurement", f[0], f[7], f[8], unit, f[1], f[2],
			    f[3], f[4], f[5], f[6], conc, (char *)NULL);
		size_t g = kp_strmap_addv(groups, NULL, f[0], f[1], f[2], f[3], f[4],
		    f[5], f[6], conc, (char *)NULL);
		ci = kp_strmap_addv(cells, &isnew, f[0], f[1], f[2], f[3], f[4],
		    f[5], f[6], conc, f[7], (char *)NULL);
		if (isnew) {
			c = kp_grow(c, nc, sizeof(*c));
			c[nc++] = (Cell){ g, 0, 0, 0 };
		}
		c[ci].n++;
		delta = v - c[ci].mean;
		c[ci].mean += delta / (double)c[ci].n;
		c[ci].m2 += delta * (v - c[ci].mean);
	}
	kp_in_close(in);
	kp_json_free(&d);
	kp_once_free(seen);
	ng = kp_strmap_len(groups);
	a = ecalloc(ng + 1, sizeof(*a));
	for (i = 0; i < nc; i++) {
		a[c[i].group].k++;
		a[c[i].group].n += c[i].n;
		a[c[i].group].sn2 += (double)c[i].n * (double)c[i].n;
		a[c[i].group].sum += (double)c[i].n * c[i].mean;
	}
	z->inst_var = z->rep_var = 0;
	z->groups = 0;
	for (size_t g = 0; g < ng; g++) {
		double gm, ssb = 0, ssw = 0, msb, msw, n0;

		if (a[g].k < 2 || a[g].n - a[g].k < 1)
			continue;	/* no instances to tell apart */
		gm = a[g].sum / (double)a[g].n;
		if (!(gm > 0))
			continue;	/* no relative scale */
		for (i = 0; i < nc; i++)
			if (c[i].group == g) {
				ssb += (double)c[i].n * (c[i].mean - gm) * (c[i].mean - gm);
				ssw += c[i].m2;
			}
		msb = ssb / (double)(a[g].k - 1);
		msw = ssw / (double)(a[g].n - a[g].k);
		n0 = ((double)a[g].n - a[g].sn2 / (double)a[g].n) / (double)(a[g].k - 1);
		z->inst_var += fmax(0, (msb - msw) / n0) / (gm * gm);
		z->rep_var += msw / (gm * gm);
		z->groups++;
	}
	if (!z->groups)
		kp_die("%s: no measurement of one kernel on two or more instances "
		    "with two or more samples on one; expected samples "
		    "(kp-parse-mmtests, kp-parse-squad) of past runs", file);
	z->inst_var /= (double)z->groups;
	z->rep_var /= (double)z->groups;
	free(a);
	free(c);
	kp_strmap_free(groups);
	kp_strmap_free(cells);
}

double
size_power(const Sizing *z, long long n, long long r)
{
	double v = z->inst_var + z->rep_var / (double)r;

	if (v <= 0)
		return 1;
	return kp_t_power(z->change / sqrt(2 * v / (double)n), 2.0 * (double)n - 2,
	    z->alpha);
}

int
size_plan(Sizing *z)
{
	long long n, r, best = 0;

	z->n = z->r = 0;
	for (n = 2; n <= MAXN; n++)
		for (r = 1; r <= MAXR; r++) {
			if (best && n * r >= best)
				break;
			if (size_power(z, n, r) >= z->power) {
				/* the fewest instances among equal products: n
				 * grows, so the first found is kept */
				if (!best || n * r < best) {
					best = n * r;
					z->n = n;
					z->r = r;
				}
				break;
			}
		}
	if (!best)
		return -1;
	z->achieved = size_power(z, z->n, z->r);
	return 0;
}

char *
size_note(const Sizing *z)
{
	char *s;
	double si = 100 * sqrt(z->inst_var), sr = 100 * sqrt(z->rep_var);
	int inst = z->inst_var >= z->rep_var;

	if (asprintf(&s,
	    "# sized from history (%ld measurements): instance sd %.2f%%, "
	    "repetition sd %.2f%%\n"
	    "# %lld instances x %lld repetitions per kernel detect a %g%% change "
	    "with power %.2f at per-test alpha %g\n"
	    "# %s\n", z->groups, si, sr, z->n, z->r, 100 * z->change,
	    z->achieved, z->alpha,
	    inst ? "the instance component dominates: repetitions on one machine "
	    "average only the repetition sd (divided by sqrt(r)), never the "
	    "machine's own offset; only more instances reduce that" :
	    "the repetition component dominates: repetitions on each machine "
	    "reduce it (sd / sqrt(r)), in time rather than machines") < 0)
		kp_die("out of memory");
	return s;
}
