/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-classify: decide what each comparison means: regression,
 * improvement, no change or uncertain, with a severity and a score.
 * Every rule is in kp-classify(1). */
#include <float.h>
#include <fnmatch.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "dist.h"
#include "strmap.h"
#include "rec.h"
#include "classify.h"
#include "subsys.h"

/* A job's CPU seconds and wall-clock seconds in one run and iteration:
 * their ratio is the share of the machine the benchmark got. */
typedef struct {
	double cpu, elapsed;
	double queued;	/* CPU seconds of every task (schedstat), NAN: none */
	size_t next;	/* the next of the same run and job, SIZE_MAX: none */
} Cpu;

typedef struct {
	char *line, *file;
	size_t len;
	long lineno;
} Held;

typedef struct {	/* one noise record: its floor and the runs it came from */
	double pct, df;
	int hist;
	kp_strs runs;
	size_t next;	/* the next of its measurement, SIZE_MAX: none */
} Noise;

/* Looked up once per cmp record, so by hash, not by a scan of them all:
 * the noise learned for a measurement (key, suite, bench, test, op,
 * metric, conc), and the runstat records of a run and job in the order
 * read, a chain from cpufirst through Cpu.next. */
typedef struct {
	Config cf;
	int gate;
	double gate_pct;
	kp_strmap *noisemap;
	double *noise;	/* run_sd_pct */
	double *noise_df;	/* its df, NAN: not given */
	unsigned char *noise_hist;	/* the largest was learned from history */
	Noise *nrec;	/* every noise record, for the gate's own-runs rule */
	size_t nnrec, *nfirst;	/* per measurement, chained through next */
	kp_strmap *cpumap;
	size_t *cpufirst, *cpulast;
	Cpu *cpus;
	size_t ncpus;
	Held *held;
	size_t nheld;
	kp_recix cmpix, noiseix, rsix;
	kp_subsys_map *subsys;	/* kp-subsystems(5) */
} Classify;

static const char synopsis[] =
    "usage: kp-classify [-D] [-c file] [-P profile] [-S map] [-T pct] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'D', NULL, NULL,
	    "print the built-in settings as YAML and exit" },
	{ 'c', NULL, "file",
	    "read settings from a YAML file" },
	{ 'P', NULL, "profile",
	    "the profile: default or gate" },
	{ 'S', NULL, "map",
	    "a subsystem map of your own (else $KP_SUBSYSTEMS)" },
	{ 'T', NULL, "pct",
	    "the gate profile's threshold (else $KP_GATE_THRESHOLD)" },
	{ 0 }
};

static void
readnoise(Classify *c, kp_json *d)
{
	static const kp_has want = { { 1u << KP_NOISE_KEY | 1u << KP_NOISE_SUITE |
	    1u << KP_NOISE_BENCH | 1u << KP_NOISE_TEST | 1u << KP_NOISE_OP |
	    1u << KP_NOISE_METRIC | 1u << KP_NOISE_CONC | 1u << KP_NOISE_SOURCE |
	    1u << KP_NOISE_RUNS | 1u << KP_NOISE_DF | 1u << KP_NOISE_RUN_SD_PCT, 0 } };
	kp_noise x;
	char conc[32];
	size_t k;
	int isnew;
	Noise *n;

	/* of several for one measurement, the largest */
	kp_rec_read(d, &kp_noise_t, &x, &want, &c->noiseix);
	snprintf(conc, sizeof(conc), "%lld", x.conc);
	k = kp_strmap_addv(c->noisemap, &isnew, x.key, x.suite, x.bench, x.test,
	    x.op, x.metric, conc, NULL);
	if (isnew) {
		c->noise = kp_grow(c->noise, k, sizeof(*c->noise));
		c->noise_hist = kp_grow(c->noise_hist, k, sizeof(*c->noise_hist));
		c->noise_df = kp_grow(c->noise_df, k, sizeof(*c->noise_df));
		c->nfirst = kp_grow(c->nfirst, k, sizeof(*c->nfirst));
		c->noise[k] = NAN;
		c->nfirst[k] = SIZE_MAX;
	}
	c->nrec = kp_grow(c->nrec, c->nnrec, sizeof(*c->nrec));
	n = &c->nrec[c->nnrec];
	n->pct = x.run_sd_pct;
	n->df = x.df > 0 && x.df != KP_NULL_INT ? (double)x.df : NAN;
	n->hist = x.source && strcmp(x.source, "history") == 0;
	n->runs = x.runs;	/* kept: kp_rec_free below must not free it */
	memset(&x.runs, 0, sizeof(x.runs));
	n->next = c->nfirst[k];
	c->nfirst[k] = c->nnrec++;
	if (!(x.run_sd_pct <= c->noise[k])) {
		c->noise[k] = x.run_sd_pct;
		c->noise_df[k] = n->df;
		/* from a lab's history (kp-trend) or reruns of one kernel */
		c->noise_hist[k] = x.source && strcmp(x.source, "history") == 0;
	}
	kp_rec_free(&kp_noise_t, &x);
}

static void
readrunstat(Classify *c, kp_json *d)
{
	static const kp_has want = { { 1u << KP_RUNSTAT_RUN | 1u << KP_RUNSTAT_JOB |
	    1u << KP_RUNSTAT_USER_S | 1u << KP_RUNSTAT_SYS_S |
	    1u << KP_RUNSTAT_ELAPSED_S | 1u << KP_RUNSTAT_SCHEDSTAT, 0 } };
	kp_runstat x;
	double queued = NAN;
	size_t k;
	int isnew;

	kp_rec_read(d, &kp_runstat_t, &x, &want, &c->rsix);
	if (isnan(x.user_s) || isnan(x.sys_s) || !(x.elapsed_s > 0)) {
		kp_rec_free(&kp_runstat_t, &x);
		return;
	}
	/* the run time of every task on the CPUs, in ns (schedstat 15 on) */
	for (k = 0; k < x.schedstat.n; k++)
		if (strcmp(x.schedstat.name[k], "rq_cpu_time") == 0)
			queued = (double)x.schedstat.v[k] / 1e9;
	k = kp_strmap_addv(c->cpumap, &isnew, x.run, x.job, NULL);
	if (isnew) {
		c->cpufirst = kp_grow(c->cpufirst, k, sizeof(*c->cpufirst));
		c->cpulast = kp_grow(c->cpulast, k, sizeof(*c->cpulast));
		c->cpufirst[k] = c->ncpus;
	} else
		c->cpus[c->cpulast[k]].next = c->ncpus;
	c->cpulast[k] = c->ncpus;
	c->cpus = kp_grow(c->cpus, c->ncpus, sizeof(*c->cpus));
	c->cpus[c->ncpus].cpu = x.user_s + x.sys_s;
	c->cpus[c->ncpus].elapsed = x.elapsed_s;
	c->cpus[c->ncpus].queued = queued;
	c->cpus[c->ncpus++].next = SIZE_MAX;
	kp_rec_free(&kp_runstat_t, &x);
}

static void
readfile(Classify *c, const char *path, kp_w *w)
{
	kp_in *in = kp_in_open(path);
	kp_json d;
	Held *h;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		if (kp_rec_is(&d, &kp_cmp_t)) {
			/* held to the end: noise and runstat records may follow */
			c->held = kp_grow(c->held, c->nheld, sizeof(*c->held));
			h = &c->held[c->nheld++];
			h->line = estrndup(d.text, d.len);
			h->len = d.len;
			h->file = estrdup(kp_in_name(in));
			h->lineno = d.line;
			continue;
		}
		kp_w_line(w, d.text, d.len);
		if (kp_rec_is(&d, &kp_noise_t))
			readnoise(c, &d);
		else if (kp_rec_is(&d, &kp_runstat_t))
			readrunstat(c, &d);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* The share of the machine a side's runs gave the job: CPU seconds over
 * wall-clock seconds, summed over its runs and iterations; NAN unless every
 * run has its runstat.  A share, not CPU time, because a fixed-work
 * benchmark on a faster kernel needs less CPU time without being starved,
 * while a fixed-time one that is starved gets less in the same time. */
static double
sideshare(const Classify *c, const kp_strs *runs, const char *job, double *others)
{
	double cpu = 0, el = 0, q = 0;
	size_t i, r;
	long k;

	*others = NAN;
	for (r = 0; r < runs->n; r++) {
		if ((k = kp_strmap_findv(c->cpumap, runs->v[r], job, NULL)) < 0)
			return NAN;
		for (i = c->cpufirst[k]; i != SIZE_MAX; i = c->cpus[i].next) {
			cpu += c->cpus[i].cpu;
			el += c->cpus[i].elapsed;
			q += c->cpus[i].queued;
		}
	}
	if (!runs->n || !(el > 0))
		return NAN;
	/* what the other tasks ran, in CPUs: every task's run time less
	 * the benchmark's own; NAN when a run has no schedstat */
	if (!isnan(q))
		*others = fmax(0, q - cpu) / el;
	return cpu / el;
}

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
rule(const Config *cf, const kp_cmp *x, double *sd, int *source, double *mc,
    double *mabs)
{
	char name[1024];
	size_t r;

	snprintf(name, sizeof(name), "%s/%s/%s/%s/%s", x->suite, x->bench, x->test,
	    x->op, x->metric);
	*sd = cf->run_sd_pct;
	*source = KP_SD_DEFAULT;
	*mc = cf->min_change_pct;
	*mabs = cf->min_abs;
	for (r = 0; r < cf->nrules; r++)
		if (fnmatch(cf->rules[r].pattern, name, 0) == 0) {
			if (!isnan(cf->rules[r].run_sd_pct)) {
				*sd = cf->rules[r].run_sd_pct;
				*source = KP_SD_RULE;
			}
			if (!isnan(cf->rules[r].min_change_pct))
				*mc = cf->rules[r].min_change_pct;
			if (!isnan(cf->rules[r].min_abs))
				*mabs = cf->rules[r].min_abs;
			break;
		}
}

/* the noise learned from noise records for x's measurement, or NAN;
 * *hist says whether it was learned from a lab's history, *df its df */
static double
learned(const Classify *c, const kp_cmp *x, int *hist, double *df)
{
	char conc[32];
	long k;

	snprintf(conc, sizeof(conc), "%lld", x->conc);
	k = kp_strmap_findv(c->noisemap, x->key, x->suite, x->bench, x->test,
	    x->op, x->metric, conc, NULL);
	*hist = k >= 0 && c->noise_hist[k];
	*df = k < 0 ? NAN : c->noise_df[k];
	return k < 0 ? NAN : c->noise[k];
}

static int
shares_run(const kp_strs *a, const kp_strs *b)
{
	size_t i, j;

	for (i = 0; i < a->n; i++)
		for (j = 0; j < b->n; j++)
			if (strcmp(a->v[i], b->v[j]) == 0)
				return 1;
	return 0;
}

/* the gate's learned noise: as learned(), but never from a record that
 * rests on a run of the pair under test, whose own move it would hide */
static double
learned_gate(const Classify *c, const kp_cmp *x, int *hist, double *df)
{
	char conc[32];
	double v = NAN;
	size_t i;
	long k;

	*hist = 0;
	*df = NAN;
	snprintf(conc, sizeof(conc), "%lld", x->conc);
	k = kp_strmap_findv(c->noisemap, x->key, x->suite, x->bench, x->test,
	    x->op, x->metric, conc, NULL);
	for (i = k < 0 ? SIZE_MAX : c->nfirst[k]; i != SIZE_MAX; i = c->nrec[i].next)
		if (!shares_run(&c->nrec[i].runs, &x->base_runs) &&
		    !shares_run(&c->nrec[i].runs, &x->target_runs) &&
		    !(c->nrec[i].pct <= v)) {
			v = c->nrec[i].pct;
			*hist = c->nrec[i].hist;
			*df = c->nrec[i].df;
		}
	return v;
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
need_n(const Config *cf, const kp_cmp *x, double mc, int single, double d,
    double se, double sig2, int *unit)
{
	double K, delta, su2, room;

	if (x->n_base <= 0 || x->n_target <= 0)
		return NAN;
	K = kp_norm_quantile(1 - cf->alpha / 2) + kp_norm_quantile(cf->power);
	K *= K;
	delta = fmax(fabs(d), log1p(mc / 100));
	delta *= delta;
	/* the spread of one unit */
	su2 = se * se / (1 / (double)x->n_base + 1 / (double)x->n_target);
	*unit = KP_NEED_RUNS;
	if (!single)
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
runsd(kp_cmp *o, double sd, int source, double sdf, double learnt)
{
	o->run_sd_pct = sd;
	o->run_sd_source = source;
	o->run_sd_df = isfinite(sdf) ? sdf : NAN;
	o->run_sd_learned_pct = learnt;
	if (source == KP_SD_DEFAULT || source == KP_SD_RULE)
		o->caveats |= 1u << KP_CAV_NOISE_ASSUMED;
}

/*
 * Both sides' CPU shares.  A side whose benchmark got less than
 * interference_ratio of the other's share was starved, and a starved
 * side looks like a change either way: a slower target, or a faster
 * target against a starved baseline.  Where its CPU went decides what
 * it is: other tasks' run time (schedstat's rq_cpu_time less the
 * benchmark's own) that grew by half the benchmark's loss or more is
 * interference; CPUs left idle instead are the kernel's own doing (a
 * scheduler that leaves work waiting), a change, not interference;
 * without schedstat on both sides the records cannot tell, and it stays
 * interference of unknown cause.  Returns o->interference.
 */
static int
cpucheck(const Config *cf, const kp_cmp *x, kp_cmp *o, const Classify *c)
{
	double lost, gained;
	int t;

	o->cpu_share_base = sideshare(c, &x->base_runs, x->job, &o->others_share_base);
	o->cpu_share_target = sideshare(c, &x->target_runs, x->job,
	    &o->others_share_target);
	o->cpu_share_ratio = o->cpu_share_base > 0 && !isnan(o->cpu_share_target) ?
	    o->cpu_share_target / o->cpu_share_base : NAN;
	o->starved_side = o->cpu_cause = -1;
	o->interference = 0;
	if (o->cpu_share_ratio < cf->interference_ratio)
		o->starved_side = KP_SIDE_TARGET;
	else if (o->cpu_share_ratio * cf->interference_ratio > 1)
		o->starved_side = KP_SIDE_BASE;
	else
		return 0;
	t = o->starved_side == KP_SIDE_TARGET;
	lost = t ? o->cpu_share_base - o->cpu_share_target :
	    o->cpu_share_target - o->cpu_share_base;
	gained = t ? o->others_share_target - o->others_share_base :
	    o->others_share_base - o->others_share_target;
	if (isnan(gained))
		o->cpu_cause = KP_CAUSE_UNKNOWN;
	else if (gained >= lost / 2)
		o->cpu_cause = KP_CAUSE_OTHER_TASKS;
	else
		o->cpu_cause = KP_CAUSE_IDLE;
	if (o->cpu_cause == KP_CAUSE_IDLE) {
		o->caveats |= 1u << KP_CAV_CPU_IDLE;
		return 0;
	}
	o->caveats |= 1u << KP_CAV_INTERFERENCE;
	return o->interference = 1;
}

static void
classify(Classify *c, Held *h, kp_w *w)
{
	static kp_has want;
	static const char *skip[KP_CMP_NF + 1];
	const Config *cf = &c->cf;
	kp_json d;
	kp_cmp x, o;
	char err[256], reason[320], buf[128];
	size_t col;
	double sd, mc, mabs, learnt, absd, cv, need, lc = NAN, se = 0, sig2, k, z,
	    lo, hi, s0, ldf, sdf = INFINITY;
	int single, sig, big, cap = 0, tested, f, source, worse, hist, haveci, fromzero,
	    unit = -1;

	if (!skip[0]) {
		want = kp_has_of(KP_CMP_KEY, KP_CMP_JOB, KP_CMP_SUITE, KP_CMP_BENCH,
		    KP_CMP_TEST, KP_CMP_OP, KP_CMP_METRIC, KP_CMP_CONC,
		    KP_CMP_BASE_RUNS, KP_CMP_TARGET_RUNS, KP_CMP_OBS_LEVEL,
		    KP_CMP_SINGLE_RUN, KP_CMP_N_BASE, KP_CMP_N_TARGET,
		    KP_CMP_BASE_MEDIAN, KP_CMP_TARGET_MEDIAN, KP_CMP_BASE_CV,
		    KP_CMP_TARGET_CV, KP_CMP_CHANGE_PCT, KP_CMP_CI_LOW_PCT,
		    KP_CMP_CI_HIGH_PCT, KP_CMP_P, KP_CMP_Q, KP_CMP_DF, KP_CMP_HEDGES_G,
		    KP_CMP_WORSE, KP_CMP_RESOLUTION_LIMITED, -1);
		for (f = KP_CMP_CLASS; f < KP_CMP_NF; f++)
			skip[f - KP_CMP_CLASS] = kp_cmp_t.f[f].name;
	}
	kp_json_init(&d);
	if (kp_json_parse(&d, h->line, h->len, err, sizeof(err), &col) < 0)
		kp_die_at(h->file, h->lineno, (long)col, "%s", err);
	d.file = h->file;
	d.line = h->lineno;
	kp_rec_read(&d, &kp_cmp_t, &x, &want, &c->cmpix);
	if (x.worse < 0)
		kp_rec_die(&d, kp_json_get(&d, 0, KP_FNAME(kp_cmp_t, KP_CMP_WORSE)),
		    "expected a boolean \"worse\"");
	worse = x.worse;
	if ((single = kp_cmp_single_run(&x)) < 0)
		kp_rec_missing(&d, KP_FNAME(kp_cmp_t, KP_CMP_SINGLE_RUN), "true or false");
	absd = fabs(x.target_median - x.base_median);
	cv = fmax(isnan(x.base_cv) ? 0 : fabs(x.base_cv), isnan(x.target_cv) ? 0 :
	    fabs(x.target_cv));
	if (isnan(x.base_cv) && isnan(x.target_cv))
		cv = NAN;
	tested = !isnan(x.p);
	sig = !isnan(x.q) && x.q < cf->alpha;
	rule(cf, &x, &sd, &source, &mc, &mabs);
	s0 = sd;
	learnt = c->gate ? learned_gate(c, &x, &hist, &ldf) :
	    learned(c, &x, &hist, &ldf);
	if (!isnan(learnt)) {
		/* one rerun pair is 1 df: moderated toward the configured sd */
		sd = noise_moderate(cf, s0, learnt, ldf, &sdf);
		source = hist ? KP_SD_HISTORY : KP_SD_RERUNS;
	}
	/* a move from a zero baseline is past every percentage (kp(7)) */
	fromzero = kp_cmp_from_zero(&x);
	big = (fromzero || (!isnan(x.change_pct) && fabs(x.change_pct) >= mc)) &&
	    !(absd < mabs);
	haveci = logchange(&x, &lc, &se);
	/* one run a side: the variance of one run's centre, sd on the log
	 * scale, enters each side once per run */
	sig2 = single ? (sd / 100) * (sd / 100) : 0;
	need = haveci ? need_n(cf, &x, mc, single, lc, se, sig2, &unit) : NAN;

	memset(&o, 0, sizeof(o));
	kp_has_range(&o.has, KP_CMP_CLASS, KP_CMP_SUBSYSTEM);
	o.severity = KP_SEV_NONE;
	o.score = score(x.q, fromzero ? INFINITY : x.change_pct, x.hedges_g,
	    tested, cv, cf->max_cv);
	o.need_unit = -1;
	o.run_sd_pct = NAN;
	o.run_sd_source = -1;
	o.run_sd_df = o.run_sd_learned_pct = NAN;
	o.decided_low_pct = o.decided_high_pct = o.decided_level = NAN;
	o.why = -1;
	/* o.why is the rule below that decides the class, o.caveats what
	 * else it weighed: the typed facts; reason says them for people */
	if (c->gate) {
		/* run_sd_pct is on the log scale, in percent */
		o.class = gate_class(cf, c->gate_pct, &x, single, sd / 100, sdf,
		    reason, sizeof(reason), &o);
		if (single && tested) {
			runsd(&o, sd, source, sdf, learnt);
			/* assumed only where the widened interval decided */
			if (!(o.caveats >> KP_CAV_SINGLE_RUN & 1))
				o.caveats &= ~(1u << KP_CAV_NOISE_ASSUMED);
		}
	} else if (!tested) {
		o.class = KP_UNCERTAIN;
		o.why = KP_WHY_TOO_FEW_SAMPLES;
		if (single)
			o.caveats |= 1u << KP_CAV_SINGLE_RUN;
		snprintf(reason, sizeof(reason), "%stoo-few-samples",
		    single ? "single-run:" : "");
	} else if (single) {
		/*
		 * One run a side: the test saw only the noise inside a run.
		 * Its interval is widened by the run-to-run noise, in
		 * quadrature: se^2 + sd^2 (1/runs_base + 1/runs_target), that
		 * is z sqrt(2) sd for one run each.  Beyond zero, significant
		 * and big: a change; inside +-min_change: no change; else the
		 * data cannot tell.
		 */
		cap = 1;
		o.caveats |= 1u << KP_CAV_SINGLE_RUN;
		runsd(&o, sd, source, sdf, learnt);
		snprintf(buf, sizeof(buf), "run-sd(%g%%,%s)", round(sd * 10) / 10,
		    kp_word(&kp_sd_source_v, source));
		k = 1 / fmax(1, (double)x.base_runs.n) + 1 / fmax(1, (double)x.target_runs.n);
		/* z for a configured sd; t for a learned one (noise.c) */
		z = noise_quantile(1 - cf->alpha / 2, se * se, x.df, k * sig2, sdf);
		lo = lc - z * sqrt(se * se + k * sig2);
		hi = lc + z * sqrt(se * se + k * sig2);
		if (!isnan(lc)) {
			o.decided_low_pct = 100 * expm1(lo);
			o.decided_high_pct = 100 * expm1(hi);
			o.decided_level = 1 - cf->alpha;
		}
		if (isnan(lc)) {
			o.class = KP_UNCERTAIN;
			o.why = KP_WHY_SR_NO_CHANGE;
			snprintf(reason, sizeof(reason), "single-run:no-change-to-widen;%s", buf);
		} else if (sig && big && (lo > 0 || hi < 0)) {
			o.class = worse ? KP_REGRESSION : KP_IMPROVEMENT;
			o.why = KP_WHY_SR_BEYOND_NOISE;
			snprintf(reason, sizeof(reason), "single-run:significant;change>run-noise;%s", buf);
		} else if (lo >= log1p(-mc / 100) && hi <= log1p(mc / 100)) {
			o.class = KP_NO_CHANGE;
			o.why = KP_WHY_SR_WITHIN_MIN;
			snprintf(reason, sizeof(reason),
			    "single-run:interval-with-run-noise-within-%g%%;%s", mc, buf);
		} else {
			o.class = KP_UNCERTAIN;
			o.why = sig && big ? KP_WHY_SR_WIDE_SIGNIFICANT : KP_WHY_SR_WIDE;
			snprintf(reason, sizeof(reason),
			    "single-run:%s;interval-with-run-noise-beyond-%g%%;%s",
			    sig && big ? "significant" : "not-significant", mc, buf);
		}
	} else if (sig && big && !(fabs(x.hedges_g) < cf->min_effect)) {
		o.class = worse ? KP_REGRESSION : KP_IMPROVEMENT;
		o.why = KP_WHY_SIGNIFICANT;
		snprintf(reason, sizeof(reason), "significant;change>%g%%", mc);
	} else if (sig && big) {
		o.class = KP_UNCERTAIN;
		o.why = KP_WHY_SMALL_EFFECT;
		snprintf(reason, sizeof(reason), "significant;small-effect(g<%g)", cf->min_effect);
	} else if (sig) {
		o.class = KP_NO_CHANGE;
		o.why = KP_WHY_CHANGE_BELOW_MIN;
		snprintf(reason, sizeof(reason), "significant;change<%g%%", mc);
	} else if (x.ci_low_pct >= -mc && x.ci_high_pct <= mc) {
		o.class = KP_NO_CHANGE;
		o.why = KP_WHY_CI_WITHIN_MIN;
		snprintf(reason, sizeof(reason), "not-significant;ci-within-%g%%", mc);
	} else {
		o.class = KP_UNCERTAIN;
		o.why = KP_WHY_CI_WIDE;
		snprintf(reason, sizeof(reason), "not-significant;ci-wide");
	}
	/* kp-hist: a quantile shift inside one bucket is below what the
	 * bucketing can resolve, whatever change_pct says */
	if (x.resolution_limited == 1 &&
	    (o.class == KP_REGRESSION || o.class == KP_IMPROVEMENT)) {
		o.class = KP_UNCERTAIN;
		o.severity = KP_SEV_NONE;
		o.why = KP_WHY_RESOLUTION_LIMITED;
		memmove(reason + 19, reason, sizeof(reason) - 19);
		memcpy(reason, "resolution-limited;", 19);
		reason[sizeof(reason) - 1] = '\0';
	}
	/* a class a test decided: the interval kp-compare gave, unless a
	 * rule above decided on a widened one */
	if (tested && isnan(o.decided_level) && !isnan(x.ci_low_pct) &&
	    !isnan(x.ci_high_pct)) {
		o.decided_low_pct = x.ci_low_pct;
		o.decided_high_pct = x.ci_high_pct;
		o.decided_level = 0.95;
	}
	o.unstable = !isnan(cv) && cv > cf->max_cv;
	if (!c->gate && o.unstable && o.class == KP_REGRESSION) {
		cap = 1;
		o.caveats |= 1u << KP_CAV_UNSTABLE;
		snprintf(buf, sizeof(buf), ";unstable(cv>%g%%)", 100 * cf->max_cv);
		strncat(reason, buf, sizeof(reason) - strlen(reason) - 1);
	}
	/* a starved side looks like a change: say so */
	if (cpucheck(cf, &x, &o, c) && !c->gate &&
	    (o.starved_side == KP_SIDE_TARGET) == (o.class == KP_REGRESSION))
		cap = 1;	/* default profile: never red when starved */
	if (o.starved_side >= 0) {
		snprintf(buf, sizeof(buf), ";%s:%s-cpu-share-%.0f%%-of-%s;cpu-cause:%s",
		    o.interference ? "interference" : "cpu-idle",
		    o.starved_side == KP_SIDE_TARGET ? "target" : "baseline",
		    100 * (o.starved_side == KP_SIDE_TARGET ? o.cpu_share_ratio :
		    1 / o.cpu_share_ratio),
		    o.starved_side == KP_SIDE_TARGET ? "baseline" : "target",
		    kp_word(&kp_cpu_cause_v, o.cpu_cause));
		strncat(reason, buf, sizeof(reason) - strlen(reason) - 1);
	}
	if (!c->gate) {
		if (o.class == KP_REGRESSION)
			o.severity = band(cf, o.score, cap);
		else if (o.class == KP_IMPROVEMENT)
			o.severity = KP_GREEN;
	}
	o.reason = reason;
	if (o.class == KP_UNCERTAIN && !isnan(need)) {
		o.need_n = (long long)need;
		o.need_unit = unit;
	} else
		o.need_n = KP_NULL_INT;

	/* the subsystem is a fact of the measurement, assigned here once so
	 * that every later stage and format reads the same */
	o.subsystem = *kp_subsys_match(c->subsys, x.suite, x.bench, x.test,
	    x.op, x.metric, NULL);
	kp_w_copy_obj(w, &d, skip);
	kp_rec_members(w, &kp_cmp_t, &o);
	kp_w_end(w);
	kp_rec_free(&kp_cmp_t, &x);
	kp_json_free(&d);
}

int
main(int argc, char *argv[])
{
	static Classify c;	/* reachable to the end, as the held records are */
	kp_w *w;
	const char *cfile = NULL, *profile = "default", *tpct = NULL, *env, *topt = "-T";
	const char *sfile = NULL;
	int ch, dump = 0, i;
	size_t k;

	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 'D':
			dump = 1;
			break;
		case 'c':
			cfile = optarg;
			break;
		case 'P':
			profile = optarg;
			break;
		case 'S':
			sfile = optarg;
			break;
		case 'T':
			tpct = optarg;
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	config_default(&c.cf);
	if (cfile)
		config_read(&c.cf, cfile);
	if (dump) {
		config_print(&c.cf);
		efshut(stdout, "<stdout>");
		return KP_EXIT_OK;
	}
	if (strcmp(profile, "gate") == 0)
		c.gate = 1;
	else if (strcmp(profile, "default"))
		kp_die("unknown profile \"%s\": expected default or gate", profile);
	c.gate_pct = c.cf.gate_threshold_pct;
	if (!tpct && (env = getenv("KP_GATE_THRESHOLD")) && *env) {
		tpct = env;
		topt = "KP_GATE_THRESHOLD";
	}
	if (tpct)
		c.gate_pct = kp_opt_dbl(topt, tpct, 0, DBL_MAX, "a percentage >= 0");
	/* the user's map first, so that its entries win; then kp's */
	c.subsys = kp_subsys_new();
	if (!sfile && (env = getenv("KP_SUBSYSTEMS")) && *env)
		sfile = env;
	if (sfile)
		kp_subsys_load_file(c.subsys, sfile);
	kp_subsys_load(c.subsys, "<built-in subsystems.yaml>", kp_subsys_builtin,
	    kp_subsys_builtin_len);
	w = kp_w_open(stdout, "<stdout>");
	c.noisemap = kp_strmap_new();
	c.cpumap = kp_strmap_new();
	if (argc == 0)
		readfile(&c, "-", w);
	for (i = 0; i < argc; i++)
		readfile(&c, argv[i], w);
	for (k = 0; k < c.nheld; k++)
		classify(&c, &c.held[k], w);
	kp_w_close(w);
	return KP_EXIT_OK;
}
