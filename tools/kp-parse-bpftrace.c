/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-parse-bpftrace: bpftrace hist()/lhist() output, text or JSON -> run + hist records */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp.h"
#include "rec.h"
#include "runmeta.h"

typedef struct {
	double lo, hi;	/* NAN: open end */
	long long count;
} bucket;


/* one kp-parse-bpftrace: the options, the output, and the file and map
 * being read */
struct bp {
	char **meta;	/* --meta KEY=VALUE, in order given */
	size_t nmeta;
	kp_runmeta *rm;	/* the run record of the file */
	kp_w *w;
	const char *fname;
	kp_runid id;
	/* the map being read */
	char mapname[256];
	char **keys;
	size_t nkeys;
	bucket *bk;
	size_t nbk;
	long long total;	/* of the map's counts so far */
	long maplineno;
	int inmap;
};

static void parse_file(struct bp *b, const char *path);

static const char synopsis[] = "usage: kp-parse-bpftrace [--meta key=value] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'M', "meta", "key=value",
	    "set the field key of the run record to value" },
	{ 0 }
};

static const char *
getf(struct bp *b, const char *key)
{
	return kp_runmeta_get(b->rm, key);
}

static void
write_run(struct bp *b, const char *srcname)
{
	kp_runmeta_write(b->rm, b->w, "bpftrace", srcname, b->meta, b->nmeta, &b->id);
}

static int
has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);

	return n >= m && strcmp(s + n - m, suf) == 0;
}

/* bpftrace tools name latency maps after their unit (@usecs, @ns, ...) */
static const char *
unit_of(struct bp *b, const char *map)
{
	static const struct {
		const char *suf, *unit;
	} u[] = {
		{ "nsecs", "ns" }, { "ns", "ns" }, { "usecs", "us" }, { "us", "us" },
		{ "msecs", "ms" }, { "ms", "ms" }, { "bytes", "bytes" },
	};

	if (getf(b, "unit"))
		return getf(b, "unit");
	for (size_t i = 0; i < KP_LEN(u); i++)
		if (has_suffix(map, u[i].suf))
			return u[i].unit;
	return "";
}

/* power-of-two buckets double at every step; linear ones keep one width */
static const char *
kind_of(struct bp *b)
{
	int pow2 = 1, lin = 1, closed = 0;
	double width = NAN;

	for (size_t i = 0; i < b->nbk; i++) {
		if (isnan(b->bk[i].lo) || isnan(b->bk[i].hi))
			continue;
		if (b->bk[i].hi - b->bk[i].lo == 1 && (b->bk[i].lo == 0 || b->bk[i].lo == 1))
			continue;	/* [0] and [1] of hist() */
		closed++;
		if (b->bk[i].lo >= 1 && b->bk[i].hi != 2 * b->bk[i].lo)
			pow2 = 0;
		if (isnan(width))
			width = b->bk[i].hi - b->bk[i].lo;
		else if (b->bk[i].hi - b->bk[i].lo != width)
			lin = 0;
	}
	if (closed == 0)
		return "hist";
	if (lin && !pow2)
		return "lhist";
	if (lin && pow2 && closed == 1 && width != 1 && b->bk[0].lo == 0)
		return "lhist";
	return "hist";
}

static void
free_keys(struct bp *b)
{
	for (size_t i = 0; i < b->nkeys; i++)
		free(b->keys[i]);
	b->nkeys = 0;
}

/* keys as bpftrace prints them: "1234, bash" */
static void
set_keys(struct bp *b, const char *s, size_t n)
{
	size_t i = 0;

	free_keys(b);
	while (i < n) {
		size_t j = i, e;

		while (j < n && s[j] != ',')
			j++;
		e = j;
		while (i < e && isspace((unsigned char)s[i]))
			i++;
		while (e > i && isspace((unsigned char)s[e - 1]))
			e--;
		b->keys = kp_grow(b->keys, b->nkeys, sizeof(*b->keys));
		b->keys[b->nkeys++] = estrndup(s + i, e - i);
		i = j + 1;
	}
}

static void
flush(struct bp *b, const char *kindhint)
{
	char src[1200];
	long long n = 0;
	kp_hist x;

	if (!b->inmap)
		return;
	snprintf(src, sizeof(src), "%s:%ld", b->fname, b->maplineno);
	memset(&x, 0, sizeof(x));
	kp_has_range(&x.has, KP_HIST_RUN, KP_HIST_SRC);
	x.run = b->id.run;
	x.kernel = b->id.kernel;
	x.instance = b->id.instance;
	x.map = b->mapname;
	x.keys.v = b->keys;
	x.keys.n = b->nkeys;
	x.kind = (char *)(kindhint ? kindhint : kind_of(b));
	x.unit = (char *)unit_of(b, b->mapname);
	x.buckets.v = ereallocarray(NULL, b->nbk + 1, sizeof(*x.buckets.v));
	for (size_t i = 0; i < b->nbk; i++) {
		/* an open end is NAN here and infinite in a kp_bucket */
		x.buckets.v[i].lo = isnan(b->bk[i].lo) ? -INFINITY : b->bk[i].lo;
		x.buckets.v[i].hi = isnan(b->bk[i].hi) ? INFINITY : b->bk[i].hi;
		x.buckets.v[i].count = b->bk[i].count;
		n += b->bk[i].count;
	}
	x.buckets.n = b->nbk;
	x.n = n;
	x.src = src;
	kp_rec_check(&kp_hist_t, &x, b->fname, b->maplineno);
	kp_rec_write(b->w, &kp_hist_t, &x);
	free(x.buckets.v);
	b->nbk = 0;
	free_keys(b);
	b->inmap = 0;
}

static void
add_bucket(struct bp *b, double lo, double hi, long long count, long line)
{

	if (b->nbk > 0) {
		double prev = b->nbk ? b->bk[b->nbk - 1].hi : NAN;

		if (isnan(prev) || isnan(lo) || lo < prev)
			kp_die_at(b->fname, line, 1, "bucket does not follow the previous "
			    "one; expected ascending, non-overlapping buckets");
	}
	if (!isnan(lo) && !isnan(hi) && hi <= lo)
		kp_die_at(b->fname, line, 1, "empty bucket; expected lower < upper bound");
	if (b->nbk == 0)
		b->total = 0;
	if (count > LLONG_MAX - b->total)
		kp_die_at(b->fname, line, 1, "the counts of the map add up to more "
		    "than %lld; expected a total that fits", LLONG_MAX);
	b->total += count;
	b->bk = kp_grow(b->bk, b->nbk, sizeof(*b->bk));
	b->bk[b->nbk].lo = lo;
	b->bk[b->nbk].hi = hi;
	b->bk[b->nbk].count = count;
	b->nbk++;
}

/* a bound as hist() prints it: -12, 4K, 2M (powers of 1024) */
static int
bound(const char **pp, double *out)
{
	const char *p = *pp;
	char *e;
	double x;

	while (*p == ' ')
		p++;
	if (strncmp(p, "...", 3) == 0) {
		*out = NAN;
		*pp = p + 3;
		return 0;
	}
	x = strtod(p, &e);
	if (e == p || !isdigit((unsigned char)e[-1]))
		return -1;
	switch (*e) {
	case 'K': x *= 1024.0; e++; break;
	case 'M': x *= 1048576.0; e++; break;
	case 'G': x *= 1073741824.0; e++; break;
	case 'T': x *= 1099511627776.0; e++; break;
	case 'P': x *= 1125899906842624.0; e++; break;
	}
	*out = x;
	*pp = e;
	return 0;
}

/* "[1K, 2K)   5 |@@@@   |", "[0]   1 |...|", "(..., 0)  2 |..|" */
static int
bucket_line(struct bp *b, const char *s, long line)
{
	const char *p = s;
	double lo, hi;
	long long count;
	char *e;

	if (*p != '[' && *p != '(')
		return 0;
	p++;
	if (bound(&p, &lo) != 0)
		kp_die_at(b->fname, line, (long)(p - s) + 1, "expected a bucket bound");
	while (*p == ' ')
		p++;
	if (*p == ']') {
		if (isnan(lo))
			kp_die_at(b->fname, line, (long)(p - s) + 1, "expected a number");
		hi = lo + 1;
		p++;
	} else {
		if (*p != ',')
			kp_die_at(b->fname, line, (long)(p - s) + 1,
			    "expected ',' or ']' in a bucket");
		p++;
		if (bound(&p, &hi) != 0 || *p != ')')
			kp_die_at(b->fname, line, (long)(p - s) + 1,
			    "expected an upper bound and ')'");
		p++;
		if (isnan(lo) && s[0] != '(')
			kp_die_at(b->fname, line, 1, "an open lower bound is written (...");
	}
	while (*p == ' ' || *p == '\t')
		p++;
	errno = 0;
	count = strtoll(p, &e, 10);
	if (e == p || count < 0 || errno == ERANGE)
		kp_die_at(b->fname, line, (long)(p - s) + 1, "expected a bucket count");
	p = e;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '|' && *p != '\0')
		kp_die_at(b->fname, line, (long)(p - s) + 1, "expected '|' after the count");
	add_bucket(b, lo, hi, count, line);
	return 1;
}

static void
parse_text(struct bp *b, char *buf)
{
	char *line, *nl;
	long lineno = 0, stray = 0, first_stray = 0;

	write_run(b, b->fname);
	for (line = buf; line && *line; line = nl) {
		char *p, *colon, *br;

		lineno++;
		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		p = line;
		if (p[0] && p[strlen(p) - 1] == '\r')
			p[strlen(p) - 1] = '\0';
		if (p[0] == '@') {
			flush(b, NULL);
			colon = strrchr(p, ':');
			if (colon == NULL)
				kp_die_at(b->fname, lineno, 1, "expected '@map:' or '@map[key]:'");
			for (char *q = colon + 1; *q; q++)
				if (!isspace((unsigned char)*q)) {
					kp_warn_at(b->fname, lineno, 1,
					    "%.*s is not a histogram; skipped",
					    (int)(colon - p), p);
					goto next;
				}
			br = memchr(p, '[', colon - p);
			if (br && colon[-1] != ']')
				kp_die_at(b->fname, lineno, (long)(colon - p),
				    "expected ']' before ':'");
			snprintf(b->mapname, sizeof(b->mapname), "%.*s",
			    (int)((br ? br : colon) - p), p);
			if (br)
				set_keys(b, br + 1, colon - 1 - (br + 1));
			else
				free_keys(b);
			b->maplineno = lineno;
			b->inmap = 1;
			continue;
		}
		if (b->inmap && bucket_line(b, p, lineno))
			continue;
		/* a bucket after a line that ended its map belongs to no map:
		 * it is counted, not dropped unseen */
		if ((p[0] == '[' || p[0] == '(') && strchr(p, '|')) {
			if (stray++ == 0)
				first_stray = lineno;
		}
		flush(b, NULL);
next:
		;
	}
	flush(b, NULL);
	if (stray) {
		kp_warn_at(b->fname, first_stray, 0, "%ld bucket line%s outside a map "
		    "not read (first here); the run is marked partial",
		    stray, stray > 1 ? "s" : "");
		kp_runmeta_partial(b->w, &b->id, "bpftrace");
	}
}

static void
json_buckets(struct bp *b, kp_json *d, int arr, const char *kindhint)
{
	int e;

	if (d->tok[arr].type != KP_JARR)
		kp_rec_die(d, arr, "expected an array of buckets");
	for (e = kp_json_first(d, arr); e >= 0 && (uint32_t)e < d->tok[arr].next;
	    e = d->tok[e].next) {
		int mn, mx, c;
		double lo = NAN, hi = NAN, x;
		long long count;

		if (d->tok[e].type != KP_JOBJ)
			kp_rec_die(d, e, "expected a bucket {min, max, count}");
		mn = kp_json_get(d, e, "min");
		mx = kp_json_get(d, e, "max");
		c = kp_json_get(d, e, "count");
		if (c < 0 || kp_json_int(d, c, &count) != 0 || count < 0)
			kp_rec_die(d, c < 0 ? e : c, "expected a count");
		if (mn >= 0) {
			if (kp_json_num(d, mn, &x) != 0)
				kp_rec_die(d, mn, "expected a number for min");
			lo = x;
		}
		if (mx >= 0) {
			if (kp_json_num(d, mx, &x) != 0)
				kp_rec_die(d, mx, "expected a number for max");
			hi = x + 1;	/* bpftrace's max is inclusive */
		}
		if (mn < 0 && mx < 0)
			kp_rec_die(d, e, "a bucket needs min or max");
		add_bucket(b, lo, hi, count, d->line);
	}
	flush(b, kindhint);
}

static void
json_meta(struct bp *b, kp_json *d, int data)
{
	int k, v;

	if (data < 0 || d->tok[data].type != KP_JOBJ)
		kp_rec_die(d, data, "expected an object of metadata in \"data\"");
	for (k = kp_json_first(d, data); k >= 0 && (uint32_t)k < d->tok[data].next;
	    k = d->tok[v].next) {
		const char *key = kp_json_str(d, k);
		char kbuf[128], *t;
		size_t len;
		const char *raw;

		v = k + 1;
		snprintf(kbuf, sizeof(kbuf), "%s",
		    strcmp(key, "cpu") == 0 ? "cpu_model" :
		    strcmp(key, "name") == 0 ? "run_name" : key);
		if (strcmp(kbuf, "date") == 0 && (d->tok[v].type == KP_JSTR ||
		    d->tok[v].type == KP_JNUM)) {
			long long when;

			raw = kp_json_raw(d, v, &len);
			t = d->tok[v].type == KP_JSTR ? estrdup(kp_json_str(d, v)) :
			    estrndup(raw, len);
			/* here, where the line is known */
			if (kp_parse_date(t, &when) != 0)
				kp_rec_die(d, v, "date \"%s\": expected "
				    "YYYY-MM-DD[THH:MM[:SS]][Z] or epoch seconds", t);
			free(t);
		}
		if (d->tok[v].type == KP_JSTR)
			kp_runmeta_set(b->rm, kbuf, kp_json_str(d, v), 0);
		else if (d->tok[v].type == KP_JNUM) {
			raw = kp_json_raw(d, v, &len);
			t = estrndup(raw, len);
			kp_runmeta_set(b->rm, kbuf, t, 0);
			free(t);
		} else if (d->tok[v].type == KP_JNULL)
			kp_runmeta_set(b->rm, kbuf, NULL, 0);
		else
			kp_rec_die(d, v, "expected a string, a number or null");
	}
}

/* bpftrace -f json: one object a line, {"type": "hist", "data": {"@m": [...]}} */
static void
parse_json(struct bp *b, const char *buf, size_t len)
{
	kp_json d;
	char errbuf[256];
	int pass;

	kp_json_init(&d);
	d.file = b->fname;
	/* metadata first: the run record leads its hist records */
	for (pass = 0; pass < 2; pass++) {
		const char *line = buf, *nl;
		long lineno = 0;

		for (; line < buf + len; line = nl ? nl + 1 : buf + len) {
			const char *type;
			size_t n, col;
			int data, typ, k, v;

			lineno++;
			nl = memchr(line, '\n', buf + len - line);
			n = nl ? (size_t)(nl - line) : (size_t)(buf + len - line);
			if (strspn(line, " \t\r") >= n)
				continue;
			if (kp_json_parse(&d, line, n, errbuf, sizeof(errbuf), &col) != 0)
				kp_die_at(b->fname, lineno, (long)col, "%s", errbuf);
			d.line = lineno;
			if (d.tok[0].type != KP_JOBJ)
				kp_rec_die(&d, 0, "expected an object");
			typ = kp_json_get(&d, 0, "type");
			type = typ >= 0 ? kp_json_str(&d, typ) : NULL;
			if (type == NULL)
				kp_rec_die(&d, typ, "expected a string \"type\"");
			data = kp_json_get(&d, 0, "data");
			if (pass == 0) {
				if (strcmp(type, "meta") == 0)
					json_meta(b, &d, data);
				continue;
			}
			/* a map of values, as text prints "@calls: 42": named,
			 * as the text reader names it, not dropped unseen */
			if (strcmp(type, "map") == 0 && data >= 0 &&
			    d.tok[data].type == KP_JOBJ)
				for (k = kp_json_first(&d, data);
				    k >= 0 && (uint32_t)k < d.tok[data].next; k = d.tok[k + 1].next)
					kp_warn_at(b->fname, lineno, (long)d.tok[k].off,
					    "%s is not a histogram; skipped", kp_json_str(&d, k));
			if (strcmp(type, "hist") != 0 && strcmp(type, "lhist") != 0)
				continue;
			if (data < 0 || d.tok[data].type != KP_JOBJ)
				kp_rec_die(&d, data, "expected an object of maps in \"data\"");
			for (k = kp_json_first(&d, data);
			    k >= 0 && (uint32_t)k < d.tok[data].next; k = d.tok[v].next) {
				const char *kh = strcmp(type, "lhist") == 0 ? "lhist" : NULL;

				v = k + 1;
				snprintf(b->mapname, sizeof(b->mapname), "%s",
				    kp_json_str(&d, k));
				b->maplineno = lineno;
				if (d.tok[v].type == KP_JOBJ) {
					int kk, vv;

					for (kk = kp_json_first(&d, v);
					    kk >= 0 && (uint32_t)kk < d.tok[v].next;
					    kk = d.tok[vv].next) {
						const char *ks = kp_json_str(&d, kk);

						vv = kk + 1;
						set_keys(b, ks, strlen(ks));
						b->inmap = 1;
						json_buckets(b, &d, vv, kh);
					}
				} else {
					free_keys(b);
					b->inmap = 1;
					json_buckets(b, &d, v, kh);
				}
			}
		}
		if (pass == 0)
			write_run(b, b->fname);
	}
	kp_json_free(&d);
}

static void
parse_file(struct bp *b, const char *path)
{
	char *raw, *buf, *p;
	size_t len;

	b->fname = path ? path : "<stdin>";
	kp_runmeta_clear(b->rm);
	if ((raw = kp_slurp(path, &len)) == NULL)
		kp_die("%s: %s", b->fname, strerror(errno));
	buf = kp_text(b->fname, raw, &len);
	for (p = buf; *p && isspace((unsigned char)*p); p++)
		;
	if (*p == '\0')
		;	/* nothing traced, not even a run */
	else if (*p == '{')
		parse_json(b, buf, len);
	else
		parse_text(b, buf);
	free(raw);
}

int
main(int argc, char *argv[])
{
	struct bp ctx = { 0 }, *b = &ctx;
	int c;

	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1)
		switch (c) {
		case 'M':
			kp_meta_opt(&b->meta, &b->nmeta, optarg, synopsis);
			break;
		default:
			kp_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	b->w = kp_w_open(stdout, "<stdout>");
	b->rm = kp_runmeta_new();
	if (argc == 0)
		parse_file(b, NULL);
	for (int i = 0; i < argc; i++)
		parse_file(b, strcmp(argv[i], "-") == 0 ? NULL : argv[i]);
	kp_w_close(b->w);
	return KP_EXIT_OK;
}
