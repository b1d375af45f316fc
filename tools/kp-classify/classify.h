/* classify.h: kp-classify's settings (config.c) and rules (main.c). */
#ifndef CLASSIFY_H
#define CLASSIFY_H

#include <stddef.h>

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
	double interference_ratio;
	double gate_threshold_pct;
	double red, yellow;
	double power;
	Rule *rules;
	size_t nrules;
} Config;

void config_default(Config *c);
void config_read(Config *c, const char *path);	/* dies (exit 2) on errors */
void config_print(const Config *c);

#endif
