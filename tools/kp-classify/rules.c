/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rules.c: what one comparison means, by the rules of kp-classify(1):
 * one rule decides the class (the default profile's for replicated runs,
 * for one run a side, or the gate's, gate.c), then the rules that may
 * overrule or cap it.  Each writes typed facts (why, caveats, the
 * settings it weighed); the reason is rendered from them by lib's
 * kp_cmp_reason, never written here. */
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kp.h"
#include "dist.h"
#include "rec.h"
#include "classify.h"

/* one comparison under classification: the record read, the fields
 * kp-classify writes, and what its rules weigh */
typedef struct {
	kp_cmp x;	/* as read */
	kp_cmp o;	/* kp-classify's fields */
	double mc, mabs;	/* the measurement's minimum change (%), absolute */
	double sd, sdf, learnt;	/* run sd (%, log scale), its df, the learned one */
	int source;	/* enum kp_sd_source of sd */
	double lc, se;	/* the change on log scale and its test's se */
	int haveci;	/* lc and se read from an interval */
	double sig2;	/* one run a side: a run's variance on log scale, else 0 */
	double cv;	/* the larger cv of the two sides, NAN: none */
	int single, tested, sig, big, fromzero;
	int cap;	/* never red: a caveat caps the severity at yellow */
} Cmp;

static double
clamp01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The score table of kp-classify(1): each part grows with the evidence
 * and none falls when another grows, so the score is monotone. */
static double
score(double q, double change, double g, int tested, double cv, double max_cv)
{
	double s = 0;

	if (!isnan(q))
		s += 40 * clamp01(-log10(fmax(q, 1e-300)) / 3);
	if (!isnan(change))
		s += 30 * clamp01(fabs(change) / 20);
	if (!isnan(g))
		s += 20 * clamp01(fabs(g) / 2);
	else if (tested)
		s += 20;	/* no spread at all: an unbounded effect */
	if (!isnan(cv))
		s += 10 * (1 - clamp01(cv / max_cv));
	return round(s * 10) / 10;
}

static int
band(const Config *cf, double s, int cap)
{
	if (s >= cf->red)
		return cap ? KP_YELLOW : KP_RED;
	return s >= cf->yellow ? KP_YELLOW : KP_GREEN;
}

/* the settings of a measurement: the first rule whose pattern matches */
static void
settings(const Config *cf, Cmp *k)
{
	const kp_cmp *x = &k->x;
	char name[1024];
	size_t r;

	k->sd = cf->run_sd_pct;
	k->source = KP_SD_DEFAULT;
	k->mc = cf->min_change_pct;
	k->mabs = cf->min_abs;
	if (cf->nrules)	/* the name only for a pattern to match */
		snprintf(name, sizeof(name), "%s/%s/%s/%s/%s", x->suite, x->bench,
		    x->test, x->op, x->metric);
	for (r = 0; r < cf->nrules; r++)
		if (fnmatch(cf->rules[r].pattern, name, 0) == 0) {
			if (!isnan(cf->rules[r].run_sd_pct)) {
				k->sd = cf->rules[r].run_sd_pct;
				k->source = KP_SD_RULE;
			}
			if (!isnan(cf->rules[r].min_change_pct))
				k->mc = cf->rules[r].min_change_pct;
			if (!isnan(cf->rules[r].min_abs))
				k->mabs = cf->rules[r].min_abs;
			break;
		}
}

/* The change on the log scale and the standard error of its test, from
 * the 95% interval kp-compare wrote (its t quantile when it gives df);
 * 0 when there is no interval to read. */
static int
logchange(const kp_cmp *x, double *d, double *se)
{
	double t;

	if (isnan(x->change_pct) || !(x->change_pct > -100))
		return 0;
	*d = log1p(x->change_pct / 100);
	if (isnan(x->ci_low_pct) || isnan(x->ci_high_pct) || !(x->ci_low_pct > -100))
		return 0;
	t = x->df > 0 ? kp_t_quantile(0.975, x->df) : kp_norm_quantile(0.975);
	*se = (log1p(x->ci_high_pct / 100) - log1p(x->ci_low_pct / 100)) / (2 * t);
	return 1;
}

/* need_n: how many per side would detect the larger of the observed and
 * the minimum change at alpha with the power asked (the normal sample
 * size formula, n = 2 (z_a + z_b)^2 s^2 / delta^2), and in which unit.
 * With several runs a side the units are runs.  With one run a side,
 * each side's centre carries the run-to-run variance sig2 that no
 * repetition inside the run removes: repetitions help only when 2 sig2
 * alone leaves room, delta^2 / K > 2 sig2; otherwise only runs do. */
static double
need_n(const Config *cf, const Cmp *k, int *unit)
{
	const kp_cmp *x = &k->x;
	double K, delta, su2, room, se = k->se, sig2 = k->sig2;

	if (x->n_base <= 0 || x->n_target <= 0)
		return NAN;
	K = kp_norm_quantile(1 - cf->alpha / 2) + kp_norm_quantile(cf->power);
	K *= K;
	delta = fmax(fabs(k->lc), log1p(k->mc / 100));
	delta *= delta;
	/* the spread of one unit */
	su2 = se * se / (1 / (double)x->n_base + 1 / (double)x->n_target);
	*unit = KP_NEED_RUNS;
	if (!k->single)
		return fmax(2, ceil(2 * K * su2 / delta));
	room = delta / K - 2 * sig2;
	if (room > 0 && 2 * su2 / room < 1e6) {
		*unit = KP_NEED_REPS;
		return fmax(2, ceil(2 * su2 / room));
	}
	/* r runs a side, each as replicated as now: (2 sig2 + se^2) / r */
	return fmax(2, ceil(K * (2 * sig2 + se * se) / delta));
}

/* the run noise a one-run-a-side rule used, as typed fields: a
 * configured sd (source rule or default) is assumed, not learned */
static void
runsd(Cmp *k)
{
	kp_cmp *o = &k->o;

	o->run_sd_pct = k->sd;
	o->run_sd_source = k->source;
	o->run_sd_df = isfinite(k->sdf) ? k->sdf : NAN;
	o->run_sd_learned_pct = k->learnt;
	if (k->source == KP_SD_DEFAULT || k->source == KP_SD_RULE)
		o->caveats |= 1u << KP_CAV_NOISE_ASSUMED;
}

/* the record's facts the rules weigh, from its fields and the noise
 * learned for its measurement */
static void
facts(const Classify *c, Cmp *k)
{
	const Config *cf = &c->cf;
	const kp_cmp *x = &k->x;
	double s0, ldf;
	int hist;

	k->cv = fmax(isnan(x->base_cv) ? 0 : fabs(x->base_cv),
	    isnan(x->target_cv) ? 0 : fabs(x->target_cv));
	if (isnan(x->base_cv) && isnan(x->target_cv))
		k->cv = NAN;
	k->tested = !isnan(x->p);
	k->sig = !isnan(x->q) && x->q < cf->alpha;
	settings(cf, k);
	s0 = k->sd;
	k->sdf = INFINITY;
	k->learnt = noise_learned(c, x, !c->gate, &hist, &ldf);
	if (!isnan(k->learnt)) {
		/* one rerun pair is 1 df: moderated toward the configured sd */
		k->sd = noise_moderate(cf, s0, k->learnt, ldf, &k->sdf);
		k->source = hist ? KP_SD_HISTORY : KP_SD_RERUNS;
	}
	/* a move from a zero baseline is past every percentage (kp(7)) */
	k->fromzero = kp_cmp_from_zero(x);
	k->big = (k->fromzero || (!isnan(x->change_pct) &&
	    fabs(x->change_pct) >= k->mc)) &&
	    !(fabs(x->target_median - x->base_median) < k->mabs);
	k->lc = NAN;
	k->se = 0;
	k->haveci = logchange(x, &k->lc, &k->se);
	/* one run a side: the variance of one run's centre, sd on the log
	 * scale, enters each side once per run */
	k->sig2 = k->single ? (k->sd / 100) * (k->sd / 100) : 0;
}

/* no test: too few samples on a side */
static void
rule_untested(Cmp *k)
{
	k->o.class = KP_UNCERTAIN;
	k->o.why = KP_WHY_TOO_FEW_SAMPLES;
	if (k->single)
		k->o.caveats |= 1u << KP_CAV_SINGLE_RUN;
}

/*
 * One run a side: the test saw only the noise inside a run.  Its
 * interval is widened by the run-to-run noise, in quadrature: se^2 +
 * sd^2 (1/runs_base + 1/runs_target), that is z sqrt(2) sd for one run
 * each.  Beyond zero, significant and big: a change; inside
 * +-min_change: no change; else the data cannot tell.
 */
static void
rule_single(const Config *cf, Cmp *k)
{
	const kp_cmp *x = &k->x;
	kp_cmp *o = &k->o;
	double n, z, lo, hi, v = k->se * k->se;

	k->cap = 1;
	o->caveats |= 1u << KP_CAV_SINGLE_RUN;
	runsd(k);
	n = 1 / fmax(1, (double)x->base_runs.n) + 1 / fmax(1, (double)x->target_runs.n);
	/* z for a configured sd; t for a learned one (noise.c) */
	z = noise_quantile(1 - cf->alpha / 2, v, x->df, n * k->sig2, k->sdf);
	lo = k->lc - z * sqrt(v + n * k->sig2);
	hi = k->lc + z * sqrt(v + n * k->sig2);
	if (isnan(k->lc)) {
		o->class = KP_UNCERTAIN;
		o->why = KP_WHY_SR_NO_CHANGE;
		return;
	}
	o->decided_low_pct = 100 * expm1(lo);
	o->decided_high_pct = 100 * expm1(hi);
	o->decided_level = 1 - cf->alpha;
	if (k->sig && k->big && (lo > 0 || hi < 0)) {
		o->class = x->worse ? KP_REGRESSION : KP_IMPROVEMENT;
		o->why = KP_WHY_SR_BEYOND_NOISE;
		return;
	}
	o->min_change_pct = k->mc;
	if (lo >= log1p(-k->mc / 100) && hi <= log1p(k->mc / 100)) {
		o->class = KP_NO_CHANGE;
		o->why = KP_WHY_SR_WITHIN_MIN;
	} else {
		o->class = KP_UNCERTAIN;
		o->why = k->sig && k->big ? KP_WHY_SR_WIDE_SIGNIFICANT :
		    KP_WHY_SR_WIDE;
	}
}

/* replicated runs: the test saw the run-to-run noise */
static void
rule_replicated(const Config *cf, Cmp *k)
{
	const kp_cmp *x = &k->x;
	kp_cmp *o = &k->o;

	if (k->sig && k->big && !(fabs(x->hedges_g) < cf->min_effect)) {
		o->class = x->worse ? KP_REGRESSION : KP_IMPROVEMENT;
		o->why = KP_WHY_SIGNIFICANT;
	} else if (k->sig && k->big) {
		o->class = KP_UNCERTAIN;
		o->why = KP_WHY_SMALL_EFFECT;
		o->min_effect = cf->min_effect;
		return;
	} else if (k->sig) {
		o->class = KP_NO_CHANGE;
		o->why = KP_WHY_CHANGE_BELOW_MIN;
	} else if (x->ci_low_pct >= -k->mc && x->ci_high_pct <= k->mc) {
		o->class = KP_NO_CHANGE;
		o->why = KP_WHY_CI_WITHIN_MIN;
	} else {
		o->class = KP_UNCERTAIN;
		o->why = KP_WHY_CI_WIDE;
		return;
	}
	o->min_change_pct = k->mc;
}

/* the gate profile (gate.c); the run noise where one run a side was tested */
static void
rule_gate(const Classify *c, Cmp *k)
{
	kp_cmp *o = &k->o;

	/* run_sd_pct is on the log scale, in percent */
	o->class = gate_class(&c->cf, c->gate_pct, &k->x, k->single,
	    k->sd / 100, k->sdf, o);
	if (k->single && k->tested) {
		runsd(k);
		/* assumed only where the widened interval decided */
		if (!(o->caveats >> KP_CAV_SINGLE_RUN & 1))
			o->caveats &= ~(1u << KP_CAV_NOISE_ASSUMED);
	}
}

/* The rules after the class: kp-hist's resolution (a quantile shift
 * inside one bucket is below what the bucketing can resolve, whatever
 * change_pct says), the interval a test decided on, an unstable side
 * and a starved one. */
static void
overrules(const Classify *c, Cmp *k)
{
	const kp_cmp *x = &k->x;
	kp_cmp *o = &k->o;

	if (x->resolution_limited == 1 &&
	    (o->class == KP_REGRESSION || o->class == KP_IMPROVEMENT)) {
		o->class = KP_UNCERTAIN;
		o->severity = KP_SEV_NONE;
		o->overruled = o->why;
		o->why = KP_WHY_RESOLUTION_LIMITED;
	}
	/* the interval kp-compare gave, unless a rule decided on a widened one */
	if (k->tested && isnan(o->decided_level) && !isnan(x->ci_low_pct) &&
	    !isnan(x->ci_high_pct)) {
		o->decided_low_pct = x->ci_low_pct;
		o->decided_high_pct = x->ci_high_pct;
		o->decided_level = 0.95;
	}
	o->unstable = !isnan(k->cv) && k->cv > c->cf.max_cv;
	if (!c->gate && o->unstable && o->class == KP_REGRESSION) {
		k->cap = 1;
		o->caveats |= 1u << KP_CAV_UNSTABLE;
		o->max_cv = c->cf.max_cv;
	}
	/* a starved side looks like a change: the default profile is never
	 * red when the starved side is the one that made it look so */
	if (cpu_check(c, x, o) && !c->gate &&
	    (o->starved_side == KP_SIDE_TARGET) == (o->class == KP_REGRESSION))
		k->cap = 1;
	if (!c->gate) {
		if (o->class == KP_REGRESSION)
			o->severity = band(&c->cf, o->score, k->cap);
		else if (o->class == KP_IMPROVEMENT)
			o->severity = KP_GREEN;
	}
}

/* the fields kp-classify writes, all null */
static void
blank(kp_cmp *o)
{
	memset(o, 0, sizeof(*o));
	o->class = o->why = o->overruled = -1;
	o->severity = KP_SEV_NONE;
	o->need_unit = o->run_sd_source = o->starved_side = o->cpu_cause = -1;
	o->interference = o->significant = -1;
	o->score = o->run_sd_pct = o->run_sd_df = o->run_sd_learned_pct = NAN;
	o->cpu_share_base = o->cpu_share_target = o->cpu_share_ratio = NAN;
	o->others_share_base = o->others_share_target = NAN;
	o->decided_low_pct = o->decided_high_pct = o->decided_level = NAN;
	o->min_change_pct = o->min_effect = o->max_cv = NAN;
	o->gate_threshold_pct = NAN;
	o->need_n = KP_NULL_INT;
}

/* the record's line, parsed, read and checked */
static void
readcmp(Classify *c, kp_json *d, const char *line, size_t len,
    const char *file, long lineno, Cmp *k)
{
	char err[256];
	size_t col;

	if (kp_json_parse(d, line, len, err, sizeof(err), &col) < 0)
		kp_die_at(file, lineno, (long)col, "%s", err);
	d->file = file;
	d->line = lineno;
	kp_rec_read(d, &kp_cmp_t, &k->x, &c->want, &c->cmpix);
	kp_rec_upgrade(d, &kp_cmp_t, &k->x, &c->want);
	if (k->x.worse < 0)
		kp_rec_die(d, kp_json_get(d, 0, KP_FNAME(kp_cmp_t, KP_CMP_WORSE)),
		    "expected a boolean \"worse\"");
	if ((k->single = kp_cmp_single_run(&k->x)) < 0)
		kp_rec_missing(d, KP_FNAME(kp_cmp_t, KP_CMP_SINGLE_RUN), "true or false");
}

/* the record as read, less what kp-classify writes, then its fields:
 * the settings the reason states only where a rule weighed them */
static void
writecmp(kp_w *w, kp_json *d, const char *const *skip, kp_cmp *o)
{
	kp_has_range(&o->has, KP_CMP_CLASS, KP_CMP_SIGNIFICANT);
	if (!isnan(o->min_change_pct))
		kp_has_set(&o->has, KP_CMP_MIN_CHANGE_PCT);
	if (!isnan(o->min_effect))
		kp_has_set(&o->has, KP_CMP_MIN_EFFECT);
	if (!isnan(o->max_cv))
		kp_has_set(&o->has, KP_CMP_MAX_CV);
	if (!isnan(o->gate_threshold_pct))
		kp_has_set(&o->has, KP_CMP_GATE_THRESHOLD_PCT);
	if (o->overruled >= 0)
		kp_has_set(&o->has, KP_CMP_OVERRULED);
	kp_w_copy_obj(w, d, skip);
	kp_rec_members(w, &kp_cmp_t, o);
	kp_w_end(w);
}

void
classify_init(Classify *c)
{
	int f;

	c->want = kp_has_of(KP_CMP_KEY, KP_CMP_JOB, KP_CMP_SUITE, KP_CMP_BENCH,
	    KP_CMP_TEST, KP_CMP_OP, KP_CMP_METRIC, KP_CMP_CONC, KP_CMP_SERIES_ID,
	    KP_CMP_BASE_RUNS, KP_CMP_TARGET_RUNS, KP_CMP_OBS_LEVEL,
	    KP_CMP_SINGLE_RUN, KP_CMP_N_BASE, KP_CMP_N_TARGET,
	    KP_CMP_BASE_MEDIAN, KP_CMP_TARGET_MEDIAN, KP_CMP_BASE_CV,
	    KP_CMP_TARGET_CV, KP_CMP_CHANGE_PCT, KP_CMP_CI_LOW_PCT,
	    KP_CMP_CI_HIGH_PCT, KP_CMP_P, KP_CMP_Q, KP_CMP_DF, KP_CMP_HEDGES_G,
	    KP_CMP_WORSE, KP_CMP_RESOLUTION_LIMITED, -1);
	for (f = KP_CMP_CLASS; f < KP_CMP_NF; f++)
		c->skip[f - KP_CMP_CLASS] = kp_cmp_t.f[f].name;
}

void
classify_cmp(Classify *c, const char *line, size_t len, const char *file,
    long lineno, kp_w *w)
{
	const Config *cf = &c->cf;
	char reason[320];
	kp_json *d = &c->doc;
	Cmp k;
	double need;
	int unit = -1;

	memset(&k, 0, sizeof(k));
	readcmp(c, d, line, len, file, lineno, &k);
	facts(c, &k);
	blank(&k.o);
	k.o.score = score(k.x.q, k.fromzero ? INFINITY : k.x.change_pct,
	    k.x.hedges_g, k.tested, k.cv, cf->max_cv);
	k.o.significant = isnan(k.x.q) ? -1 : k.sig;
	if (c->gate)
		rule_gate(c, &k);
	else if (!k.tested)
		rule_untested(&k);
	else if (k.single)
		rule_single(cf, &k);
	else
		rule_replicated(cf, &k);
	overrules(c, &k);
	need = k.haveci ? need_n(cf, &k, &unit) : NAN;
	if (k.o.class == KP_UNCERTAIN && !isnan(need)) {
		k.o.need_n = (long long)need;
		k.o.need_unit = unit;
	}
	/* the subsystem is a fact of the measurement, assigned here once so
	 * that every later stage and format reads the same */
	k.o.subsystem = *kp_subsys_match(c->subsys, k.x.suite, k.x.bench,
	    k.x.test, k.x.op, k.x.metric, NULL);
	/* the reason, from the facts above: what the from-zero rule reads */
	k.o.base_median = k.x.base_median;
	k.o.target_median = k.x.target_median;
	if (kp_cmp_reason(&k.o, reason, sizeof(reason)) < 0)
		kp_die_at(file, lineno, 0, "kp_cmp_reason: a fact is missing");
	k.o.reason = reason;
	writecmp(w, d, c->skip, &k.o);
	kp_rec_free(&kp_cmp_t, &k.x);
}
