/* SPDX-License-Identifier: GPL-2.0-or-later */
/* classify.h: kp-classify's settings (config.c) and rules (main.c). */
#ifndef CLASSIFY_H
#define CLASSIFY_H

#include <stddef.h>

#include "rec.h"

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

void config_default(Config *c);
/* gate.c: the class of comparison x under the gate profile at threshold
 * pct; sd_run is the run-to-run standard deviation on log scale for a
 * comparison with one run a side (NAN: none known); the reason and the
 * severity into reason and *sev */
int gate_class(const Config *cf, double pct, const kp_cmp *x, int single,
    double sd_run, double sd_df, char *reason, size_t rsz, kp_cmp *o);
/* noise.c: a learned run sd (percent, its df) moderated toward the
 * configured s0 with run_sd_prior_df; *df the result's df */
double noise_moderate(const Config *cf, double s0, double learnt, double ldf,
    double *df);
/* noise.c: the p quantile of an interval of variance se2 (sedf df) plus
 * v2 (vdf df, INFINITY: known): normal when v2 is known, else t at the
 * Welch-Satterthwaite df */
double noise_quantile(double p, double se2, double sedf, double v2, double vdf);
void config_read(Config *c, const char *path);	/* dies (exit 2) on errors */
void config_print(const Config *c);

#endif
