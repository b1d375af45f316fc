/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-parse-results: CI results documents and raw lmbench text -> run + sample records */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp.h"
#include "rec.h"
#include "runmeta.h"

#define MAXDEPTH 32

typedef struct {
	char *pat, *metric, *unit, *better;
} rule;


typedef struct {
	char *test;
	long n;
} repcount;

/* one kp-parse-results: the options, the output, and the file being read */
struct pr {
	rule *rules;	/* -m: the map, in order given */
	size_t nrules;
	char **meta;	/* --meta key=value, in order given */
	size_t nmeta;
	kp_runmeta *rm;	/* the run record being built */
	kp_w *w;
	/* per file */
	const char *fname;
	const char *text;
	size_t *linestart, nlines;
	kp_runid id;
	repcount *reps;
	size_t nreps;
};

static void loadmap(struct pr *cx, const char *path);
static int name_rule(struct pr *cx, const char *path, const char *leaf,
	int lmlat, int lmbw, const char **metric, const char **unit,
	const char **better);
static void parse_file(struct pr *cx, const char *path);

static const char synopsis[] =
    "usage: kp-parse-results [--meta key=value] [-m mapfile] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'm', NULL, "mapfile",
	    "read metric rules from mapfile" },
	{ 'M', "meta", "key=value",
	    "set the field key of the run record to value" },
	{ 0 }
};
static int
has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);

	return n >= m && strcmp(s + n - m, suf) == 0;
}

/* The mapping file is one rule a line: PATTERN METRIC UNIT BETTER, where
 * PATTERN is an fnmatch(3) glob over the slash-joined path of the value.
 * A line format keeps the file diffable next to the baseline it serves. */
static void
loadmap(struct pr *cx, const char *path)
{
	kp_in *in = kp_in_open(path);
	char *line, *f[5], *sv;
	size_t len;
	int nf;

	kp_in_text(in);
	while ((line = kp_in_line(in, &len)) != NULL) {
		char *p = line;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '#' || *p == '\0')
			continue;
		nf = 0;
		for (char *t = strtok_r(p, " \t", &sv); t && nf < 5;
		    t = strtok_r(NULL, " \t", &sv))
			f[nf++] = t;
		if (nf != 4)
			kp_die_at(kp_in_name(in), kp_in_lineno(in), 0,
			    "expected 4 fields (PATTERN METRIC UNIT BETTER), got %d", nf);
		if (strcmp(f[3], "higher") != 0 && strcmp(f[3], "lower") != 0)
			kp_die_at(kp_in_name(in), kp_in_lineno(in), 0,
			    "better is \"%s\", expected \"higher\" or \"lower\"", f[3]);
		cx->rules = kp_grow(cx->rules, cx->nrules, sizeof(*cx->rules));
		cx->rules[cx->nrules].pat = estrdup(f[0]);
		cx->rules[cx->nrules].metric = estrdup(f[1]);
		cx->rules[cx->nrules].unit = estrdup(strcmp(f[2], "-") == 0 ? "" : f[2]);
		cx->rules[cx->nrules].better = estrdup(f[3]);
		cx->nrules++;
	}
	kp_in_close(in);
}

/* metric, unit and direction of a value from its path; 0 when unknown */
static int
name_rule(struct pr *cx, const char *path, const char *leaf, int lmlat,
    int lmbw, const char **metric, const char **unit, const char **better)
{
	static const struct {
		const char *suf, *metric, *unit, *better;
	} suf[] = {
		/* misses are worse and hits better, whatever the scale;
		 * a bare _pct or _ratio says its unit but not its direction */
		{ "_miss_rate", "miss-rate", "ratio", "lower" },
		{ "_miss_ratio", "miss-rate", "ratio", "lower" },
		{ "_miss_pct", "miss-rate", "%", "lower" },
		{ "_misses_pct", "miss-rate", "%", "lower" },
		{ "_hit_rate", "hit-rate", "ratio", "higher" },
		{ "_hit_ratio", "hit-rate", "ratio", "higher" },
		{ "_hit_pct", "hit-rate", "%", "higher" },
		{ "_per_sec", "rate", "ops/s", "higher" },
		{ "_per_s", "rate", "ops/s", "higher" },
		{ "_ops_s", "rate", "ops/s", "higher" },
		{ "_iops", "rate", "IO/s", "higher" },
		{ "_mb_s", "bandwidth", "MB/s", "higher" },
		{ "_mbs", "bandwidth", "MB/s", "higher" },
		{ "_gb_s", "bandwidth", "GB/s", "higher" },
		{ "_bw", "bandwidth", "MB/s", "higher" },
		{ "_ns", "time", "ns", "lower" },
		{ "_us", "time", "us", "lower" },
		{ "_usec", "time", "us", "lower" },
		{ "_ms", "time", "ms", "lower" },
		{ "_msec", "time", "ms", "lower" },
		{ "_sec", "time", "s", "lower" },
		{ "_s", "time", "s", "lower" },
	};
	size_t i;

	for (i = 0; i < cx->nrules; i++)
		if (fnmatch(cx->rules[i].pat, path, 0) == 0) {
			*metric = cx->rules[i].metric;
			*unit = cx->rules[i].unit;
			*better = cx->rules[i].better;
			return 1;
		}
	for (i = 0; i < KP_LEN(suf); i++)
		if (has_suffix(leaf, suf[i].suf)) {
			*metric = suf[i].metric;
			*unit = suf[i].unit;
			*better = suf[i].better;
			return 1;
		}
	if (strcmp(leaf, "bw") == 0 || lmbw) {
		*metric = "bandwidth";
		*unit = "MB/s";
		*better = "higher";
		return 1;
	}
	/* lmbench reports every lat_* result in microseconds */
	if (lmlat) {
		*metric = "latency";
		*unit = "us";
		*better = "lower";
		return 1;
	}
	return 0;
}

static long
lineof(struct pr *cx, size_t off, long *col)
{
	size_t lo = 0, hi = cx->nlines;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (cx->linestart[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*col = (long)(off - cx->linestart[lo]) + 1;
	return (long)lo + 1;
}

static void
index_lines(struct pr *cx, size_t len)
{
	cx->nlines = 0;
	cx->linestart = ereallocarray(cx->linestart, 1, sizeof(*cx->linestart));
	cx->linestart[cx->nlines++] = 0;
	for (size_t i = 0; i < len; i++)
		if (cx->text[i] == '\n') {
			cx->linestart = kp_grow(cx->linestart, cx->nlines,
			    sizeof(*cx->linestart));
			cx->linestart[cx->nlines++] = i + 1;
		}
}

static void
die_tok(struct pr *cx, const kp_json *d, int i, const char *fmt,
    const char *arg)
{
	long line, col;

	line = lineof(cx, d->tok[i].off, &col);
	kp_die_at(cx->fname, line, col, fmt, arg);
}

/* the run record: document metadata, then --meta over it */
static void
write_run(struct pr *cx, const char *framework, const char *srcname)
{
	kp_runmeta_write(cx->rm, cx->w, framework, srcname, cx->meta, cx->nmeta,
	    &cx->id);
}

static long
nextrep(struct pr *cx, const char *test)
{
	for (size_t i = 0; i < cx->nreps; i++)
		if (strcmp(cx->reps[i].test, test) == 0)
			return ++cx->reps[i].n;
	cx->reps = kp_grow(cx->reps, cx->nreps, sizeof(*cx->reps));
	cx->reps[cx->nreps].test = estrdup(test);
	cx->reps[cx->nreps].n = 1;
	return cx->reps[cx->nreps++].n;
}

static void
clear_reps(struct pr *cx)
{
	for (size_t i = 0; i < cx->nreps; i++)
		free(cx->reps[i].test);
	cx->nreps = 0;
}

/* one sample record; comp[0] is the suite, comp[n-1] the leaf */
static void
write_sample(struct pr *cx, char **comp, int n, const char *metric,
    const char *unit,
    const char *better, double value, long long iterations, long line)
{
	char test[1024], src[1200];
	size_t off = 0;
	kp_sample x;
	int i;

	test[0] = '\0';
	for (i = n > 1 ? 1 : 0; i < n; i++)
		off += snprintf(test + off, off < sizeof(test) ? sizeof(test) - off : 0,
		    "%s%s", off ? "/" : "", comp[i]);
	if (off >= sizeof(test))
		kp_die_at(cx->fname, line, 0, "path of \"%s\" is too long", comp[n - 1]);
	memset(&x, 0, sizeof(x));
	kp_has_range(&x.has, KP_SAMPLE_RUN, KP_SAMPLE_VALUE);
	kp_has_set(&x.has, KP_SAMPLE_SRC);
	x.run = cx->id.run;
	x.iter = 0;
	x.kernel = cx->id.kernel;
	x.instance = cx->id.instance;
	x.job = x.suite = comp[0];
	x.bench = n > 2 ? comp[1] : comp[n - 1];
	x.test = test;
	x.op = comp[n - 1];
	x.metric = (char *)metric;
	x.unit = (char *)unit;
	x.better = kp_vocab_find(&kp_better_v, better, strlen(better));
	x.conc = 1;
	snprintf(src, sizeof(src), "%s/%s", comp[0], test);
	x.rep = nextrep(cx, src);
	x.sub = 1;
	x.value = value;
	if (iterations > 0) {
		x.iterations = iterations;
		kp_has_set(&x.has, KP_SAMPLE_ITERATIONS);
	}
	snprintf(src, sizeof(src), "%s:%ld", cx->fname, line);
	x.src = src;
	kp_rec_check(&kp_sample_t, &x, cx->fname, line);
	kp_rec_write(cx->w, &kp_sample_t, &x);
}

/* raw lmbench lines carry their unit; only a mapping rule overrides it */
static void
classify_raw(struct pr *cx, char **comp, int n, int bw, const char **metric,
    const char **unit, const char **better)
{
	char path[1024];
	size_t off = 0;

	path[0] = '\0';
	for (int i = 0; i < n; i++)
		off += snprintf(path + off, off < sizeof(path) ? sizeof(path) - off : 0,
		    "%s%s", i ? "/" : "", comp[i]);
	for (size_t i = 0; i < cx->nrules; i++)
		if (fnmatch(cx->rules[i].pat, path, 0) == 0) {
			*metric = cx->rules[i].metric;
			*unit = cx->rules[i].unit;
			*better = cx->rules[i].better;
			return;
		}
	*metric = bw ? "bandwidth" : "latency";
	*unit = bw ? "MB/s" : "us";
	*better = bw ? "higher" : "lower";
}

/* p50, p95, p99, p99.9, p999 */
static int
percentile(const char *s)
{
	if (*s++ != 'p' || !isdigit((unsigned char)*s))
		return 0;
	while (isdigit((unsigned char)*s))
		s++;
	if (*s == '.' && isdigit((unsigned char)s[1]))
		for (s++; isdigit((unsigned char)*s); s++)
			;
	return *s == '\0';
}

static void
classify_or_die(struct pr *cx, char **comp, int n, const char **metric,
    const char **unit, const char **better, long line, long col)
{
	char path[1024];
	size_t off = 0;
	int lmlat = 0, lmbw = 0;

	path[0] = '\0';
	for (int i = 0; i < n; i++) {
		off += snprintf(path + off, off < sizeof(path) ? sizeof(path) - off : 0,
		    "%s%s", i ? "/" : "", comp[i]);
		if (i < n - 1 && strncmp(comp[i], "lat_", 4) == 0)
			lmlat = 1;
		if (i < n - 1 && strncmp(comp[i], "bw_", 3) == 0)
			lmbw = 1;
	}
	if (name_rule(cx, path, comp[n - 1], lmlat, lmbw, metric, unit, better))
		return;
	/* a percentile (p50, p95, p99.9) of the measurement its parent
	 * names: {"req_latency_ms": {"p50": 1.2, "p95": 3.4}} */
	if (n >= 2 && percentile(comp[n - 1]) &&
	    name_rule(cx, path, comp[n - 2], lmlat, lmbw, metric, unit, better))
		return;
	if (has_suffix(comp[n - 1], "_pct") || has_suffix(comp[n - 1], "_ratio"))
		kp_die_at(cx->fname, line, col, "\"%s\" is a percentage or a ratio, "
		    "but is higher or lower better?  Expected a rule in a mapping "
		    "file (-m)", path);
	kp_die_at(cx->fname, line, col, "cannot tell the unit of \"%s\" or "
	    "whether higher or lower is better; expected a suffix such as "
	    "_ms or _per_sec, or a rule in a mapping file (-m)", path);
}

static int
is_leafobj(const kp_json *d, int i)
{
	return d->tok[i].type == KP_JOBJ && (kp_json_get(d, i, "median") >= 0 ||
	    kp_json_get(d, i, "samples") >= 0);
}

static void
leaf(struct pr *cx, kp_json *d, int v, char **comp, int n)
{
	const char *metric, *unit, *better;
	long long iters = 0;
	double x;
	long line, col;
	int s, e;

	line = lineof(cx, d->tok[v].off, &col);
	classify_or_die(cx, comp, n, &metric, &unit, &better, line, col);
	if (d->tok[v].type == KP_JNUM) {
		kp_json_num(d, v, &x);
		write_sample(cx, comp, n, metric, unit, better, x, 0, line);
		return;
	}
	s = v;
	if (d->tok[v].type == KP_JOBJ) {
		int it = kp_json_get(d, v, "iterations");

		if (it >= 0 && (kp_json_int(d, it, &iters) != 0 || iters < 1))
			die_tok(cx, d, it, "%s: expected a positive integer for \"iterations\"",
			    comp[n - 1]);
		if ((s = kp_json_get(d, v, "samples")) < 0) {
			int m = kp_json_get(d, v, "median");

			if (kp_json_num(d, m, &x) != 0)
				die_tok(cx, d, m, "%s: expected a number for \"median\"",
				    comp[n - 1]);
			write_sample(cx, comp, n, metric, unit, better, x, iters,
			    lineof(cx, d->tok[m].off, &col));
			return;
		}
		/* the samples are the data; a median beside them is derived
		 * and would count twice */
	}
	if (d->tok[s].type != KP_JARR || d->tok[s].n == 0)
		die_tok(cx, d, s, "%s: expected a non-empty array of numbers for the samples",
		    comp[n - 1]);
	for (e = kp_json_first(d, s); e >= 0 && (uint32_t)e < d->tok[s].next;
	    e = d->tok[e].next) {
		if (kp_json_num(d, e, &x) != 0)
			die_tok(cx, d, e, "%s: expected a number in the samples array",
			    comp[n - 1]);
		write_sample(cx, comp, n, metric, unit, better, x, iters,
		    lineof(cx, d->tok[e].off, &col));
	}
}

static void
walk(struct pr *cx, kp_json *d, int obj, char **comp, int n)
{
	int k, v;

	if (n >= MAXDEPTH)
		die_tok(cx, d, obj, "%s: nested too deeply", comp[n - 1]);
	for (k = kp_json_first(d, obj); k >= 0 && (uint32_t)k < d->tok[obj].next;
	    k = d->tok[v].next) {
		v = k + 1;
		comp[n] = estrdup(kp_json_str(d, k));
		/* metadata: the meta object, and strings at the top level,
		 * as a CI suite writes {"host": ..., "lmbench": {...}} */
		if (n == 0 && (strcmp(comp[0], "meta") == 0 ||
		    d->tok[v].type == KP_JSTR)) {
			free(comp[0]);
			continue;
		}
		switch (d->tok[v].type) {
		case KP_JNUM:
		case KP_JARR:
			leaf(cx, d, v, comp, n + 1);
			break;
		case KP_JOBJ:
			if (is_leafobj(d, v))
				leaf(cx, d, v, comp, n + 1);
			else
				walk(cx, d, v, comp, n + 1);
			break;
		default:
			die_tok(cx, d, v, "%s: expected a number, an array of numbers or "
			    "an object", comp[n]);
		}
		free(comp[n]);
	}
}

/* one member of the metadata: key and its value at token v */
static void
meta_member(struct pr *cx, kp_json *d, const char *key, int v)
{
	static const struct {
		const char *doc, *rec;
	} ren[] = { { "cpu", "cpu_model" }, { "name", "run_name" } };
	const char *val;
	char kbuf[128];
	size_t len;

	snprintf(kbuf, sizeof(kbuf), "%s", key);
	for (size_t i = 0; i < KP_LEN(ren); i++)
		if (strcmp(kbuf, ren[i].doc) == 0)
			snprintf(kbuf, sizeof(kbuf), "%s", ren[i].rec);
	if (strcmp(kbuf, "date") == 0 && (d->tok[v].type == KP_JSTR ||
	    d->tok[v].type == KP_JNUM)) {
		long long t;
		const char *raw = kp_json_raw(d, v, &len);
		char *s = d->tok[v].type == KP_JSTR ? estrdup(kp_json_str(d, v)) :
		    estrndup(raw, len);

		/* here, where the document says where it is */
		if (kp_parse_date(s, &t) != 0)
			die_tok(cx, d, v, "meta.date \"%s\": expected "
			    "YYYY-MM-DD[THH:MM[:SS]][Z] or epoch seconds", s);
		free(s);
	}
	switch (d->tok[v].type) {
	case KP_JSTR:
		kp_runmeta_set(cx->rm, kbuf, kp_json_str(d, v), 0);
		break;
	case KP_JNUM:
		val = kp_json_raw(d, v, &len);
		{
			char *t = estrndup(val, len);

			/* a date given as epoch seconds is still a date */
			kp_runmeta_set(cx->rm, kbuf, t, strcmp(kbuf, "date") != 0);
			free(t);
		}
		break;
	case KP_JNULL:
		kp_runmeta_set(cx->rm, kbuf, NULL, 0);
		break;
	default:
		die_tok(cx, d, v, "meta.%s: expected a string, a number or null", kbuf);
	}
}

static void
parse_meta(struct pr *cx, kp_json *d, int m)
{
	int k;

	if (d->tok[m].type != KP_JOBJ)
		die_tok(cx, d, m, "%s: expected an object of metadata", "meta");
	for (k = kp_json_first(d, m); k >= 0 && (uint32_t)k < d->tok[m].next;
	    k = d->tok[k + 1].next)
		meta_member(cx, d, kp_json_str(d, k), k + 1);
}

static void
parse_json(struct pr *cx, const char *path, char *buf, size_t len)
{
	kp_json d;
	char errbuf[256], *comp[MAXDEPTH + 1];
	size_t col;
	long line, lcol;
	int m;

	kp_json_init(&d);
	if (kp_json_parse(&d, buf, len, errbuf, sizeof(errbuf), &col) != 0) {
		line = lineof(cx, col ? col - 1 : 0, &lcol);
		kp_die_at(cx->fname, line, lcol, "%s", errbuf);
	}
	if (d.tok[0].type != KP_JOBJ)
		kp_die_at(cx->fname, 1, 1, "expected a results document (a JSON object)");
	/* strings at the top level first: the meta object says more */
	for (m = kp_json_first(&d, 0); m >= 0 && (uint32_t)m < d.tok[0].next;
	    m = d.tok[m + 1].next)
		if (d.tok[m + 1].type == KP_JSTR && strcmp(kp_json_str(&d, m), "meta"))
			meta_member(cx, &d, kp_json_str(&d, m), m + 1);
	if ((m = kp_json_get(&d, 0, "meta")) >= 0)
		parse_meta(cx, &d, m);
	write_run(cx, "results", path);
	walk(cx, &d, 0, comp, 0);
	kp_json_free(&d);
}

/* lmbench's summary lines, named as a results document names them */
static const struct {
	const char *text, *bench, *op;
} lmnames[] = {
	{ "Simple syscall", "lat_syscall", "null" },
	{ "Simple read", "lat_syscall", "read" },
	{ "Simple write", "lat_syscall", "write" },
	{ "Simple stat", "lat_syscall", "stat" },
	{ "Simple fstat", "lat_syscall", "fstat" },
	{ "Simple open/close", "lat_syscall", "open" },
	{ "Process fork+exit", "lat_proc", "fork" },
	{ "Process fork+execve", "lat_proc", "exec" },
	{ "Process fork+/bin/sh -c", "lat_proc", "shell" },
	{ "Signal handler installation", "lat_sig", "install" },
	{ "Signal handler overhead", "lat_sig", "catch" },
	{ "Protection fault", "lat_sig", "prot" },
	{ "Pipe latency", "lat_pipe", "pipe" },
	{ "AF_UNIX sock stream latency", "lat_unix", "unix" },
	{ "Pipe bandwidth", "bw_pipe", "pipe" },
	{ "AF_UNIX sock stream bandwidth", "bw_unix", "unix" },
};

static void
slug(char *dst, size_t sz, const char *s, size_t n)
{
	size_t j = 0;

	for (size_t i = 0; i < n && j + 1 < sz; i++) {
		unsigned char c = s[i];

		if (c == '\'')	/* "fd's" reads as "fds" */
			continue;
		if (isalnum(c))
			dst[j++] = tolower(c);
		else if (j > 0 && dst[j - 1] != '_')
			dst[j++] = '_';
	}
	while (j > 0 && dst[j - 1] == '_')
		j--;
	dst[j] = '\0';
}

static void
parse_lmbench(struct pr *cx, const char *path, char *buf)
{
	char *line, *nl, *comp[3], bench[64], op[128];
	const char *metric, *unit, *better;
	long lineno = 0, ignored = 0, first_ignored = 0;

	write_run(cx, "results", path);
	comp[0] = "lmbench";
	comp[1] = bench;
	comp[2] = op;
	op[0] = '\0';
	for (line = buf; line && *line; line = nl) {
		char *colon, *end, *u, sz[32];
		double x, files, cr, del;
		size_t i;
		int n = 0;

		lineno++;
		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		while (isspace((unsigned char)*line))
			line++;
		/* blank, or a section title ("File system latency) */
		if (*line == '\0' || *line == '"')
			continue;
		/* lat_fs: size, files, files created per second, removed per
		 * second; kept as microseconds per file to compare with the
		 * lat_fs leaves of a results document */
		if (sscanf(line, "%31s %lf %lf %lf %n", sz, &files, &cr, &del, &n) == 4 &&
		    line[n] == '\0' && has_suffix(sz, "k") && cr > 0 && del > 0) {
			snprintf(bench, sizeof(bench), "lat_fs");
			for (i = 0; i < 2; i++) {
				if (strcmp(sz, "0k") == 0)
					snprintf(op, sizeof(op), i ? "delete" : "create");
				else
					snprintf(op, sizeof(op), "%s_%s",
					    i ? "delete" : "create", sz);
				classify_raw(cx, comp, 3, 0, &metric, &unit, &better);
				write_sample(cx, comp, 3, metric, unit, better,
				    1e6 / (i ? del : cr), 0, lineno);
			}
			continue;
		}
		if ((colon = strrchr(line, ':')) == NULL)
			goto ignore;
		x = strtod(colon + 1, &end);
		if (end == colon + 1 || !isfinite(x))
			goto ignore;
		for (u = end; isspace((unsigned char)*u); u++)
			;
		bench[0] = '\0';
		for (i = 0; i < KP_LEN(lmnames); i++)
			if (strlen(lmnames[i].text) == (size_t)(colon - line) &&
			    strncmp(line, lmnames[i].text, colon - line) == 0) {
				snprintf(bench, sizeof(bench), "%s", lmnames[i].bench);
				snprintf(op, sizeof(op), "%s", lmnames[i].op);
			}
		if (strncmp(u, "microseconds", 12) == 0) {
			if (!bench[0])
				snprintf(bench, sizeof(bench), "lat_other");
		} else if (strncmp(u, "MB/sec", 6) == 0) {
			if (!bench[0])
				snprintf(bench, sizeof(bench), "bw_other");
		} else
			goto ignore;
		if (op[0] == '\0' || strncmp(bench, "lat_other", 9) == 0 ||
		    strncmp(bench, "bw_other", 8) == 0)
			slug(op, sizeof(op), line, colon - line);
		classify_raw(cx, comp, 3, bench[0] == 'b', &metric, &unit, &better);
		write_sample(cx, comp, 3, metric, unit, better, x, 0, lineno);
		op[0] = '\0';
		continue;
ignore:
		if (ignored++ == 0)
			first_ignored = lineno;
	}
	if (ignored) {
		kp_warn_at(cx->fname, first_ignored, 0, "%ld line%s not understood as "
		    "lmbench results (first here); the run is marked partial",
		    ignored, ignored > 1 ? "s" : "");
		kp_runmeta_partial(cx->w, &cx->id, "lmbench");
	}
}

static void
parse_file(struct pr *cx, const char *path)
{
	char *raw, *buf, *p;
	size_t len;

	cx->fname = path ? path : "<stdin>";
	if ((raw = kp_slurp(path, &len)) == NULL)
		kp_die("%s: %s", cx->fname, strerror(errno));
	buf = kp_text(cx->fname, raw, &len);
	cx->text = buf;
	index_lines(cx, len);
	kp_runmeta_clear(cx->rm);
	clear_reps(cx);
	for (p = buf; *p && isspace((unsigned char)*p); p++)
		;
	if (*p == '\0')
		;	/* nothing measured, not even a run */
	else if (*p == '{')
		parse_json(cx, path ? path : "results", buf, len);
	else
		parse_lmbench(cx, path ? path : "lmbench", buf);
	free(raw);
}

int
main(int argc, char *argv[])
{
	struct pr ctx = { 0 }, *cx = &ctx;
	int c;

	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1)
		switch (c) {
		case 'M':
			kp_meta_opt(&cx->meta, &cx->nmeta, optarg, synopsis);
			break;
		case 'm':
			loadmap(cx, optarg);
			break;
		default:
			kp_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	cx->w = kp_w_open(stdout, "<stdout>");
	cx->rm = kp_runmeta_new();
	if (argc == 0)
		parse_file(cx, NULL);
	for (int i = 0; i < argc; i++)
		parse_file(cx, strcmp(argv[i], "-") == 0 ? NULL : argv[i]);
	kp_w_close(cx->w);
	return KP_EXIT_OK;
}
