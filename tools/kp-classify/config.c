/* SPDX-License-Identifier: GPL-2.0-or-later */
/* config.c: kp-classify's YAML settings, every one with a built-in
 * default.  An unknown key or a value of the wrong type is an error that
 * names its line and column.
 *
 * libyaml accepts what a settings file must not say: a key given twice
 * (the second silently won or lost), a second document (ignored), and it
 * spends time quadratic in the nesting of flow collections (34 s on 200 KB
 * of brackets).  So the file is read with a size bound and checked event
 * by event, stopping at the first place past a bound, before it is
 * loaded. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "yamlcheck.h"
#include "classify.h"

/* a settings file is a few hundred bytes, three levels deep */
#define MAXSIZE (64 * 1024)
#define MAXDEPTH 16

static const struct {
	const char *name;
	size_t off;
	const char *doc;
} keys[] = {
	{ "alpha", offsetof(Config, alpha), "q below this is significant" },
	{ "min_change_pct", offsetof(Config, min_change_pct), "smaller changes are no change" },
	{ "min_abs", offsetof(Config, min_abs), "smaller absolute differences (in the unit) are no change" },
	{ "min_effect", offsetof(Config, min_effect), "smaller |hedges_g| is too small an effect" },
	{ "max_cv", offsetof(Config, max_cv), "a side with a larger cv is unstable" },
	{ "run_sd_pct", offsetof(Config, run_sd_pct), "run-to-run standard deviation assumed for one run per side" },
	{ "min_run_sd_pct", offsetof(Config, min_run_sd_pct), "lowest run_sd_pct learned from noise records" },
	{ "run_sd_prior_df", offsetof(Config, run_sd_prior_df), "degrees of freedom of the configured run sd when a learned one is moderated toward it" },
	{ "interference_ratio", offsetof(Config, interference_ratio), "one side's CPU share below this fraction of the other's is interference" },
	{ "gate_threshold_pct", offsetof(Config, gate_threshold_pct), "profile gate: the change that fails" },
	{ "red", offsetof(Config, red), "score from which a regression is red" },
	{ "yellow", offsetof(Config, yellow), "score from which a regression is yellow" },
	{ "power", offsetof(Config, power), "power need_n is computed for" },
};

void
config_default(Config *c)
{
	memset(c, 0, sizeof(*c));
	c->alpha = 0.01;
	c->min_change_pct = 2;
	c->min_abs = 0;
	c->min_effect = 0.5;
	c->max_cv = 0.2;
	/* the standard deviations of the bundled data's run-to-run moves:
	 * single tasks moved up to 11% between two identical runs,
	 * ln(1.11) / sqrt(2) = 7.4%; one run's noise, not a range */
	c->run_sd_pct = 8;
	c->min_run_sd_pct = 3.5;
	/* the configured sd weighs as much as four rerun pairs: one pair
	 * (1 df) moves it a fifth of the way, a history of 20 most of it */
	c->run_sd_prior_df = 4;
	c->interference_ratio = 0.8;
	c->gate_threshold_pct = 20;
	c->red = 70;
	c->yellow = 40;
	c->power = 0.8;
	/* latencies of contended locks moved 45% between identical runs:
	 * ln(1.45) / sqrt(2) = 26% */
	c->rules = ecalloc(1, sizeof(*c->rules));
	c->rules[0].pattern = estrdup("*latency*");
	c->rules[0].run_sd_pct = 26;
	c->rules[0].min_change_pct = NAN;
	c->rules[0].min_abs = NAN;
	c->nrules = 1;
}

static void
pnum(const char *indent, const char *name, double v)
{
	char buf[KP_NUMBUF];

	if (isnan(v))
		return;
	kp_fmt_num(buf, v);
	printf("%s%s: %s\n", indent, name, buf);
}

void
config_print(const Config *c)
{
	size_t i;

	printf("# kp-classify defaults; see kp-classify(1)\n");
	for (i = 0; i < KP_LEN(keys); i++) {
		printf("# %s\n", keys[i].doc);
		pnum("", keys[i].name, *(const double *)((const char *)c + keys[i].off));
	}
	printf("# per measurement (SUITE/BENCH/TEST/OP/METRIC), first match wins\nmetrics:\n");
	for (i = 0; i < c->nrules; i++) {
		printf("  - pattern: \"%s\"\n", c->rules[i].pattern);
		pnum("    ", "run_sd_pct", c->rules[i].run_sd_pct);
		pnum("    ", "min_change_pct", c->rules[i].min_change_pct);
		pnum("    ", "min_abs", c->rules[i].min_abs);
	}
}

/* decimal only: strtod also reads hex floats (0x1p-3), inf and nan */
static double
number(const kp_ynode *n, const char *name)
{
	char *end;
	double v;

	if (n->type != KP_Y_SCALAR || n->len == 0)
		kp_ydie(n, "expected a number for \"%s\"", name);
	if (strspn(n->s, "0123456789.eE+-") != n->len)
		kp_ydie(n, "expected a non-negative decimal number for \"%s\"", name);
	v = strtod(n->s, &end);
	if (*end || !isfinite(v) || v < 0)
		kp_ydie(n, "expected a non-negative decimal number for \"%s\"", name);
	return v;
}

static void
rules(Config *c, const kp_ynode *seq)
{
	const kp_ynode *m, *k, *v;
	Rule *r;
	const char *name;
	size_t i, j;

	kp_ywant(seq, KP_Y_LIST, "a list of {pattern, ...} for \"metrics\"");
	/* the settings' rules replace the defaults (allocated one at a
	 * time, not by kp_grow) */
	for (i = 0; i < c->nrules; i++)
		free(c->rules[i].pattern);
	free(c->rules);
	c->rules = NULL;
	c->nrules = 0;
	for (i = 0; i < seq->n; i++) {
		m = kp_ywant(seq->v[i], KP_Y_MAP, "a mapping in \"metrics\"");
		c->rules = kp_grow(c->rules, c->nrules, sizeof(*c->rules));
		r = &c->rules[c->nrules++];
		r->pattern = NULL;
		r->run_sd_pct = r->min_change_pct = r->min_abs = NAN;
		for (j = 0; j < m->n; j++) {
			k = KP_YKEY(m, j);
			v = KP_YVAL(m, j);
			name = kp_ywant(k, KP_Y_SCALAR, "a key in \"metrics\"")->s;
			if (strcmp(name, "pattern") == 0)
				r->pattern = estrdup(kp_ywant(v, KP_Y_SCALAR,
				    "a string for \"pattern\"")->s);
			else if (strcmp(name, "run_sd_pct") == 0)
				r->run_sd_pct = number(v, name);
			else if (strcmp(name, "min_change_pct") == 0)
				r->min_change_pct = number(v, name);
			else if (strcmp(name, "min_abs") == 0)
				r->min_abs = number(v, name);
			else
				kp_ydie(k, "unknown key \"%s\" in metrics, expected "
				    "pattern, run_sd_pct, min_change_pct or min_abs", name);
		}
		if (!r->pattern)
			kp_ydie(m, "missing \"%s\" in a metrics entry", "pattern");
	}
}

void
config_read(Config *c, const char *path)
{
	kp_ydoc *doc;
	const kp_ynode *root, *k, *v, *red = NULL;
	size_t i, j;
	const char *name;

	doc = kp_yaml_load(path, MAXSIZE, MAXDEPTH, "a settings file");
	root = kp_yaml_root(doc);
	if (kp_yempty(root))
		root = NULL;
	if (root)
		kp_ywant(root, KP_Y_MAP, "a mapping of settings");
	for (j = 0; root && j < root->n; j++) {
		k = KP_YKEY(root, j);
		v = KP_YVAL(root, j);
		name = kp_ywant(k, KP_Y_SCALAR, "a setting name")->s;
		if (strcmp(name, "metrics") == 0) {
			rules(c, v);
			continue;
		}
		for (i = 0; i < KP_LEN(keys) && strcmp(keys[i].name, name); i++)
			;
		if (i == KP_LEN(keys))
			kp_ydie(k, "unknown setting \"%s\" (kp-classify -D lists them)", name);
		*(double *)((char *)c + keys[i].off) = number(v, name);
		if (strcmp(name, "red") == 0 || (strcmp(name, "yellow") == 0 && !red))
			red = v;
		if ((strcmp(name, "alpha") == 0 || strcmp(name, "power") == 0) &&
		    (c->alpha <= 0 || c->alpha >= 1 || c->power <= 0 || c->power >= 1))
			kp_ydie(v, "expected a number between 0 and 1 for \"%s\"", name);
	}
	/* a score red from below yellow would make every yellow red */
	if (c->red < c->yellow)
		kp_die_at(path, red ? red->line : 0, red ? red->col : 0,
		    "red is below yellow; expected red >= yellow");
	kp_yaml_free(doc);
}
