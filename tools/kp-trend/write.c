/* SPDX-License-Identifier: GPL-2.0-or-later */
/* write.c: trend and noise records, through the tables of libkp (rec.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
#include "trend.h"

#define Z95 1.959963984540054

static double
back(const Series *s, double y)
{
	return s->logs ? exp(y) : y;
}

/* the lowest level of the series' units */
static int
level(const Series *s)
{
	size_t i;
	int lv = KP_LV_INSTANCE;

	for (i = 0; i < s->np; i++)
		if (s->p[i].level > lv)
			lv = s->p[i].level;
	return lv;
}

void
write_trend(kp_w *w, const Series *s, char *const *kernel)
{
	kp_trend t;
	kp_tpoint *pt;
	kp_tchange *ch;
	kp_ttransient *tr;
	kp_tdrift *dr;
	size_t i;

	memset(&t, 0, sizeof(t));
	kp_has_range(&t.has, 0, KP_TREND_NF - 1);
	t.key = s->s[F_KEY];
	t.job = s->s[F_JOB];
	t.suite = s->s[F_SUITE];
	t.bench = s->s[F_BENCH];
	t.test = s->s[F_TEST];
	t.op = s->s[F_OP];
	t.metric = s->s[F_METRIC];
	t.unit = s->s[F_UNIT];
	t.better = strcmp(s->s[F_BETTER], "higher") == 0 ? KP_HIGHER : KP_LOWER;
	t.conc = s->conc;
	t.series_id = (char *)s->id;
	t.level = level(s);
	t.n_kernels = (long long)s->np;
	t.newest = kernel[s->p[s->np - 1].kern];
	t.unit_sd_pct = s->logs && s->unit_df > 0 ? 100 * sqrt(s->unit_var) : NAN;
	t.kernel_sd_pct = s->logs ? 100 * sqrt(s->kernel_var) : NAN;
	t.series.v = pt = ecalloc(s->np + 1, sizeof(*pt));
	for (i = 0; i < s->np; i++, pt++) {
		kp_has_range(&pt->has, 0, KP_TPOINT_NF - 1);
		pt->kernel = kernel[s->p[i].kern];
		pt->centre = back(s, s->y[i]);
		pt->ci_low = back(s, s->y[i] - Z95 * sqrt(s->v[i]));
		pt->ci_high = back(s, s->y[i] + Z95 * sqrt(s->v[i]));
		pt->n = (long long)s->p[i].nu;
	}
	t.series.n = s->np;
	t.changes.v = ch = ecalloc(s->nc + 1, sizeof(*ch));
	for (i = 0; i < s->nc; i++, ch++) {
		kp_has_range(&ch->has, 0, KP_TCHANGE_NF - 1);
		ch->first = kernel[s->c[i].kern];
		ch->before = kernel[s->c[i].before];
		ch->size_pct = s->c[i].size;
		ch->size_abs = s->c[i].abs;
		ch->ci_low_pct = s->c[i].lo;
		ch->ci_high_pct = s->c[i].hi;
		ch->z = s->c[i].z;
		ch->p = s->c[i].p;
		/* from the difference, not the percentage, which a zero
		 * level does not have */
		ch->worse = t.better == KP_HIGHER ? s->c[i].abs < 0 : s->c[i].abs > 0;
		ch->family = s->c[i].family;
		ch->provisional = s->c[i].provisional;
		ch->persists = s->c[i].reverted < 0;
		ch->reverted_in = s->c[i].reverted < 0 ? NULL : kernel[s->c[i].reverted];
	}
	t.changes.n = s->nc;
	t.transients.v = tr = ecalloc(s->nt + 1, sizeof(*tr));
	for (i = 0; i < s->nt; i++, tr++) {
		kp_has_range(&tr->has, 0, KP_TTRANS_NF - 1);
		tr->kernel = kernel[s->t[i].kern];
		tr->size_pct = s->t[i].size;
		tr->z = s->t[i].z;
	}
	t.transients.n = s->nt;
	t.drifts.v = dr = ecalloc(s->nd + 1, sizeof(*dr));
	for (i = 0; i < s->nd; i++, dr++) {
		kp_has_range(&dr->has, 0, KP_TDRIFT_NF - 1);
		dr->first = kernel[s->d[i].first];
		dr->last = kernel[s->d[i].last];
		dr->size_pct = s->d[i].size;
		dr->ci_low_pct = s->d[i].lo;
		dr->ci_high_pct = s->d[i].hi;
		dr->slope_pct = s->d[i].slope;
	}
	t.drifts.n = s->nd;
	kp_rec_write(w, &kp_trend_t, &t);
	free(t.series.v);
	free(t.changes.v);
	free(t.transients.v);
	free(t.drifts.v);
}

/* The variance of one run's centre: with units that are runs or
 * instances, a unit's own variance and the kernel's; with units inside
 * one run, that of a kernel's mean. */
void
write_noise(kp_w *w, const Series *s, char *const *kernel, const Settings *set)
{
	double v, nbar = 0;
	size_t i;
	int lv = level(s);
	kp_noise n;

	if (!s->logs || s->np - s->nt < set->minhist || s->ndiff + 2 < set->minhist)
		return;
	for (i = 0; i < s->np; i++)
		nbar += (double)s->p[i].nu;
	nbar /= (double)s->np;
	v = (lv <= KP_LV_RUN ? s->unit_var : s->unit_var / nbar) + s->kernel_var;
	memset(&n, 0, sizeof(n));
	n.has = kp_has_of(KP_NOISE_KEY, KP_NOISE_KERNEL, KP_NOISE_JOB,
	    KP_NOISE_SUITE, KP_NOISE_BENCH, KP_NOISE_TEST, KP_NOISE_OP,
	    KP_NOISE_METRIC, KP_NOISE_CONC, -1);
	kp_has_range(&n.has, KP_NOISE_SOURCE, KP_NOISE_INSTANCE_SD_PCT);
	n.key = s->s[F_KEY];
	n.kernel = kernel[s->p[s->np - 1].kern];
	n.job = s->s[F_JOB];
	n.suite = s->s[F_SUITE];
	n.bench = s->s[F_BENCH];
	n.test = s->s[F_TEST];
	n.op = s->s[F_OP];
	n.metric = s->s[F_METRIC];
	n.conc = s->conc;
	n.source = "history";
	n.first = kernel[s->p[0].kern];
	n.n_kernels = (long long)(s->np - s->nt);
	n.level = lv;
	n.df = (long long)s->ndiff;
	n.run_sd_pct = 100 * sqrt(v);
	n.instance_sd_pct = lv == KP_LV_INSTANCE && s->unit_df > 0 ?
	    100 * sqrt(s->unit_var) : NAN;
	kp_rec_write(w, &kp_noise_t, &n);
}
