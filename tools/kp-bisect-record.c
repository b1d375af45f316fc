/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-bisect-record: the bisect record of kp-records(5) for one change
 * point of a trend record, written through libkp's table, so that the
 * record is spelled in one place (lib/rectab.c).  kp-bisect(1) picks the
 * change and finds the commits; this writes what it found.  See
 * kp-bisect-record(1). */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"

static const char synopsis[] =
    "usage: kp-bisect-record -k kernel -T pct -o script [-g sha] [-b sha] [file]";

static const struct kp_option options[] = {
	{ 'b', NULL, "sha", "the bad kernel's commit" },
	{ 'g', NULL, "sha", "the good kernel's commit" },
	{ 'k', NULL, "kernel", "the change point whose new level starts at kernel" },
	{ 'o', NULL, "script", "the path of the git bisect run script" },
	{ 'T', NULL, "pct", "the threshold of the script's gate" },
	{ 0 }
};

/* the index of kernel k in the trend's series, or n when absent */
static size_t
point(const kp_trend *t, const char *k)
{
	const kp_tpoint *p = t->series.v;
	size_t i;

	for (i = 0; i < t->series.n && strcmp(p[i].kernel, k); i++)
		;
	return i;
}

/* the change for the worse of t whose new level starts at kernel, or NULL */
static const kp_tchange *
change(const kp_trend *t, const char *kernel)
{
	const kp_tchange *c = t->changes.v;
	size_t i;

	for (i = 0; i < t->changes.n; i++)
		if (c[i].worse == 1 && !strcmp(c[i].first, kernel))
			return &c[i];
	return NULL;
}

/* "good..bad", each the commit when known, else the kernel */
static char *
range(const char *good, const char *bad)
{
	size_t len = strlen(good) + strlen(bad) + 3;
	char *s = emalloc(len);

	snprintf(s, len, "%s..%s", good, bad);
	return s;
}

static void
write_bisect(kp_w *w, const kp_trend *t, const kp_tchange *c,
    char *good_sha, char *bad_sha, double threshold, char *script)
{
	const kp_tpoint *p = t->series.v;
	size_t i, from = point(t, c->before), to = point(t, c->first);
	kp_bisect b;

	memset(&b, 0, sizeof(b));
	kp_has_range(&b.has, 0, KP_BISECT_NF - 1);
	b.key = t->key;
	b.suite = t->suite;
	b.bench = t->bench;
	b.test = t->test;
	b.op = t->op;
	b.metric = t->metric;
	b.conc = t->conc;
	b.good = c->before;
	b.bad = c->first;
	b.good_sha = good_sha;
	b.bad_sha = bad_sha;
	b.range = range(good_sha ? good_sha : c->before, bad_sha ? bad_sha : c->first);
	/* the kernels of the series strictly between good and bad */
	b.between.v = emalloc((t->series.n + 1) * sizeof(*b.between.v));
	for (i = from + 1; i < to && to < t->series.n; i++)
		b.between.v[b.between.n++] = p[i].kernel;
	b.size_pct = c->size_pct;
	b.threshold_pct = threshold;
	b.script = script;
	kp_rec_write(w, &kp_bisect_t, &b);
	free(b.range);
	free(b.between.v);
}

int
main(int argc, char *argv[])
{
	kp_has want = kp_has_of(KP_TREND_KEY, KP_TREND_SUITE, KP_TREND_BENCH,
	    KP_TREND_TEST, KP_TREND_OP, KP_TREND_METRIC, KP_TREND_CONC,
	    KP_TREND_SERIES, KP_TREND_CHANGES, -1);
	char *kernel = NULL, *script = NULL, *good_sha = NULL, *bad_sha = NULL;
	double threshold = NAN;
	const kp_tchange *c;
	kp_trend t;
	kp_json d;
	kp_in *in;
	kp_w *w;
	int ch, n = 0;

	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 'b':
			bad_sha = *optarg ? optarg : NULL;
			break;
		case 'g':
			good_sha = *optarg ? optarg : NULL;
			break;
		case 'k':
			kernel = optarg;
			break;
		case 'o':
			script = optarg;
			break;
		case 'T':
			threshold = kp_opt_dbl("-T", optarg, 0, 1e9, "a percentage");
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	if (!kernel || !script || isnan(threshold) || argc > 1)
		kp_usage(synopsis);

	in = kp_in_open(argc ? argv[0] : NULL);
	w = kp_w_open(stdout, "<stdout>");
	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		if (!kp_rec_is(&d, &kp_trend_t))
			continue;
		kp_rec_read(&d, &kp_trend_t, &t, &want, NULL);
		if ((c = change(&t, kernel))) {
			write_bisect(w, &t, c, good_sha, bad_sha, threshold, script);
			n++;
		}
		kp_rec_free(&kp_trend_t, &t);
	}
	kp_json_free(&d);
	kp_in_close(in);
	kp_w_close(w);
	if (n == 0)
		kp_die("no trend record with a change for the worse at %s", kernel);
	return 0;
}
