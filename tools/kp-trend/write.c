/* write.c: trend and noise records, fields in the order of kp-records(5). */
#include <math.h>
#include <string.h>

#include "kp.h"
#include "trend.h"

#define Z95 1.959963984540054
#define Z995 2.5758293035489004

static void
ids(kp_w *w, const Series *s)
{
	kp_w_kstr(w, "key", s->s[F_KEY]);
	kp_w_kstr(w, "job", s->s[F_JOB]);
	kp_w_kstr(w, "suite", s->s[F_SUITE]);
	kp_w_kstr(w, "bench", s->s[F_BENCH]);
	kp_w_kstr(w, "test", s->s[F_TEST]);
	kp_w_kstr(w, "op", s->s[F_OP]);
	kp_w_kstr(w, "metric", s->s[F_METRIC]);
}

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
	int lv = LV_INSTANCE;

	for (i = 0; i < s->np; i++)
		if (s->p[i].level > lv)
			lv = s->p[i].level;
	return lv;
}

void
write_trend(kp_w *w, const Series *s, char *const *kernel)
{
	size_t i;
	const Change *c;
	int higher = strcmp(s->s[F_BETTER], "higher") == 0;

	kp_w_obj(w);
	kp_w_kstr(w, "type", "trend");
	ids(w, s);
	kp_w_kstr(w, "unit", s->s[F_UNIT]);
	kp_w_kstr(w, "better", s->s[F_BETTER]);
	kp_w_kint(w, "conc", s->conc);
	kp_w_kstr(w, "level", trend_level[level(s)]);
	kp_w_kint(w, "n_kernels", (long long)s->np);
	kp_w_kstr(w, "newest", kernel[s->p[s->np - 1].kern]);
	kp_w_knum(w, "unit_sd_pct", s->logs && s->unit_df > 0 ? 100 * sqrt(s->unit_var) : NAN);
	kp_w_knum(w, "kernel_sd_pct", s->logs ? 100 * sqrt(s->kernel_var) : NAN);
	kp_w_key(w, "series");
	kp_w_arr(w);
	for (i = 0; i < s->np; i++) {
		kp_w_obj(w);
		kp_w_kstr(w, "kernel", kernel[s->p[i].kern]);
		kp_w_knum(w, "centre", back(s, s->y[i]));
		kp_w_knum(w, "ci_low", back(s, s->y[i] - Z95 * sqrt(s->v[i])));
		kp_w_knum(w, "ci_high", back(s, s->y[i] + Z95 * sqrt(s->v[i])));
		kp_w_kint(w, "n", (long long)s->p[i].nu);
		kp_w_end(w);
	}
	kp_w_end(w);
	kp_w_key(w, "changes");
	kp_w_arr(w);
	for (i = 0; i < s->nc; i++) {
		c = &s->c[i];
		kp_w_obj(w);
		kp_w_kstr(w, "first", kernel[c->kern]);
		kp_w_kstr(w, "before", kernel[c->before]);
		kp_w_knum(w, "size_pct", c->size);
		kp_w_knum(w, "ci_low_pct", c->lo);
		kp_w_knum(w, "ci_high_pct", c->hi);
		kp_w_knum(w, "z", c->z);
		kp_w_knum(w, "p", c->p);
		kp_w_kbool(w, "worse", higher ? c->size < 0 : c->size > 0);
		kp_w_kbool(w, "family", c->family);
		kp_w_kbool(w, "provisional", c->provisional);
		kp_w_kbool(w, "persists", c->reverted < 0);
		if (c->reverted < 0)
			kp_w_knull(w, "reverted_in");
		else
			kp_w_kstr(w, "reverted_in", kernel[c->reverted]);
		kp_w_end(w);
	}
	kp_w_end(w);
	kp_w_key(w, "transients");
	kp_w_arr(w);
	for (i = 0; i < s->nt; i++) {
		kp_w_obj(w);
		kp_w_kstr(w, "kernel", kernel[s->t[i].kern]);
		kp_w_knum(w, "size_pct", s->t[i].size);
		kp_w_knum(w, "z", s->t[i].z);
		kp_w_end(w);
	}
	kp_w_end(w);
	kp_w_key(w, "drifts");
	kp_w_arr(w);
	for (i = 0; i < s->nd; i++) {
		kp_w_obj(w);
		kp_w_kstr(w, "first", kernel[s->d[i].first]);
		kp_w_kstr(w, "last", kernel[s->d[i].last]);
		kp_w_knum(w, "size_pct", s->d[i].size);
		kp_w_knum(w, "ci_low_pct", s->d[i].lo);
		kp_w_knum(w, "ci_high_pct", s->d[i].hi);
		kp_w_knum(w, "slope_pct", s->d[i].slope);
		kp_w_end(w);
	}
	kp_w_end(w);
	kp_w_end(w);
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

	if (!s->logs || s->np - s->nt < set->minhist || s->ndiff < set->minhist - 1)
		return;
	for (i = 0; i < s->np; i++)
		nbar += (double)s->p[i].nu;
	nbar /= (double)s->np;
	v = (lv <= LV_RUN ? s->unit_var : s->unit_var / nbar) + s->kernel_var;
	kp_w_obj(w);
	kp_w_kstr(w, "type", "noise");
	kp_w_kstr(w, "source", "history");
	ids(w, s);
	kp_w_kint(w, "conc", s->conc);
	kp_w_kstr(w, "kernel", kernel[s->p[s->np - 1].kern]);
	kp_w_kstr(w, "first", kernel[s->p[0].kern]);
	kp_w_kint(w, "n_kernels", (long long)(s->np - s->nt));
	kp_w_kstr(w, "level", trend_level[lv]);
	kp_w_kint(w, "df", (long long)s->ndiff);
	kp_w_knum(w, "run_sd_pct", 100 * sqrt(v));
	kp_w_knum(w, "instance_sd_pct", lv == LV_INSTANCE && s->unit_df > 0 ?
	    100 * sqrt(s->unit_var) : NAN);
	kp_w_knum(w, "noise_pct", 100 * Z995 * sqrt(2 * v));
	kp_w_end(w);
}
