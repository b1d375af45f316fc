/* SPDX-License-Identifier: GPL-2.0-or-later */
/* classify.h: kp-classify's settings (config.c), state and rules. */
#ifndef CLASSIFY_H
#define CLASSIFY_H

#include <stddef.h>

#include "rec.h"
#include "strmap.h"
#include "subsys.h"

typedef struct {	/* settings of the measurements a pattern matches */
	char *pattern;	/* fnmatch(3) on SUITE/BENCH/TEST/OP/METRIC */
	double run_sd_pct, min_change_pct, min_abs;	/* NAN: inherit */
} Rule;

typedef struct {
	double alpha;
	double min_change_pct;
	double min_abs;
	double min_effect;
	double max_cv;
	double run_sd_pct;
	double min_run_sd_pct;
	double run_sd_prior_df;
	double interference_ratio;
	double gate_threshold_pct;
	double red, yellow;
	double power;
	Rule *rules;
	size_t nrules;
} Config;

/* what the reading of the input keeps for the rules: the noise learned
 * for each measurement (by its series id) and the runstat records of each
 * run and job, looked up once per cmp record, so by hash */
typedef struct {	/* one noise record: its floor and the runs it came from */
	double pct, df;
	int hist;
	kp_strs runs;
	size_t next;	/* the next of its measurement, SIZE_MAX: none */
} Noise;

typedef struct {	/* a job's CPU and wall seconds in one run and iteration */
	double cpu, elapsed;
	double queued;	/* CPU seconds of every task (schedstat), NAN: none */
	size_t next;	/* the next of the same run and job, SIZE_MAX: none */
} Cpu;

typedef struct {	/* kp-classify's state, one for the whole input */
	Config cf;
	int gate;	/* the gate profile */
	double gate_pct;	/* its threshold */
	kp_strmap *noisemap;	/* series id -> measurement index */
	double *noise;	/* the largest run_sd_pct of each */
	double *noise_df;	/* its df, NAN: not given */
	unsigned char *noise_hist;	/* the largest was learned from history */
	Noise *nrec;	/* every noise record, for the gate's own-runs rule */
	size_t nnrec, *nfirst;	/* per measurement, chained through next */
	kp_strmap *cpumap;	/* (run, job) -> chain of Cpu */
	size_t *cpufirst, *cpulast;
	Cpu *cpus;
	size_t ncpus;
	kp_recix cmpix, noiseix, rsix;
	kp_has want;	/* the cmp fields the rules read */
	/* the cmp record being classified: one document for all of them,
	 * so that its tokens are allocated once, not once a record */
	kp_json doc;
	const char *skip[KP_CMP_NF + 1];	/* and those they write */
	kp_subsys_map *subsys;	/* kp-subsystems(5) */
} Classify;

void config_default(Config *c);
/* gate.c: the class of comparison x under the gate profile at threshold
 * pct; sd_run is the run-to-run standard deviation on log scale for a
 * comparison with one run a side (NAN: none known); its rule, caveats,
 * severity and decided interval into o */
int gate_class(const Config *cf, double pct, const kp_cmp *x, int single,
    double sd_run, double sd_df, kp_cmp *o);
/* noise.c: a learned run sd (percent, its df) moderated toward the
 * configured s0 with run_sd_prior_df; *df the result's df */
double noise_moderate(const Config *cf, double s0, double learnt, double ldf,
    double *df);
/* noise.c: the p quantile of an interval of variance se2 (sedf df) plus
 * v2 (vdf df, INFINITY: known): normal when v2 is known, else t at the
 * Welch-Satterthwaite df */
double noise_quantile(double p, double se2, double sedf, double v2, double vdf);
/* noise.c: keep a noise record */
void noise_read(Classify *c, kp_json *d);
/* noise.c: the noise learned for x's measurement, or NAN; *hist whether
 * from a lab's history, *df its df.  The gate's (own_runs 0) never rests
 * on a record that shares a run with the pair under test. */
double noise_learned(const Classify *c, const kp_cmp *x, int own_runs,
    int *hist, double *df);
/* cpu.c: keep a runstat record */
void cpu_read(Classify *c, kp_json *d);
/* cpu.c: both sides' CPU shares into o, and whether a side was starved
 * by interference (o->interference) */
int cpu_check(const Classify *c, const kp_cmp *x, kp_cmp *o);
/* rules.c: the fields the rules read and write */
void classify_init(Classify *c);
/* rules.c: classify one cmp record, its text line, and write it */
void classify_cmp(Classify *c, const char *line, size_t len, const char *file,
    long lineno, kp_w *w);
void config_read(Config *c, const char *path);	/* dies (exit 2) on errors */
void config_print(const Config *c);

#endif
