/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read.c: the records of the inputs: samples kept, by group, in 32
 * bytes each; every other record written on as it is read. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

const int sfield[NSTR] = {
	[S_EXP] = KP_SAMPLE_EXP, [S_KEY] = KP_SAMPLE_KEY,
	[S_KERNEL] = KP_SAMPLE_KERNEL, [S_JOB] = KP_SAMPLE_JOB,
	[S_SUITE] = KP_SAMPLE_SUITE, [S_BENCH] = KP_SAMPLE_BENCH,
	[S_TEST] = KP_SAMPLE_TEST, [S_OP] = KP_SAMPLE_OP,
	[S_METRIC] = KP_SAMPLE_METRIC, [S_UNIT] = KP_SAMPLE_UNIT,
	[S_BETTER] = KP_SAMPLE_BETTER, [S_INSTANCE] = KP_SAMPLE_INSTANCE,
	[S_RUN] = KP_SAMPLE_RUN,
};

/* the sample fields kp-stats needs, besides the strings */
static const int nfield[] = { KP_SAMPLE_CONC, KP_SAMPLE_ITER, KP_SAMPLE_REP,
	KP_SAMPLE_SUB, KP_SAMPLE_VALUE };

#define FNAME(f) KP_FNAME(kp_sample_t, f)

const char *
posfile(const Stats *st, uint32_t pos, long *line)
{
	uint32_t f = st->ninname;

	while (f > 1 && st->inbase[f - 1] >= pos)
		f--;
	*line = pos ? (long)(pos - st->inbase[f - 1]) : 0;
	return st->inname[f - 1];
}

static uint32_t
internf(Stats *st, int f, const char *p, size_t len)
{
	Last *l = &st->last[f];

	if (l->set && l->len == len && memcmp(l->p, p, len) == 0)
		return l->id;
	l->p = kp_reserve(l->p, &l->cap, len + 1);
	memcpy(l->p, p, len);
	l->len = len;
	l->set = 1;
	return l->id = str_intern(&st->str, p, len);
}

/* kp_json_int with a fast path for the small counts samples carry: a
 * number token of at most 9 digits (the reader has checked its syntax) */
static int
jint(const kp_json *d, int i, long long *x)
{
	const kp_jtok *t = &d->tok[i];
	const char *p = d->text + t->off;
	long long v = 0;
	uint32_t k;

	if (t->type != KP_JNUM || t->len > 9)
		return kp_json_int(d, i, x);
	for (k = 0; k < t->len; k++) {
		if (p[k] < '0' || p[k] > '9')
			return kp_json_int(d, i, x);
		v = 10 * v + (p[k] - '0');
	}
	*x = v;
	return 0;
}

static int32_t
req_int32(kp_json *d, int i, int f)
{
	long long x;

	if (jint(d, i, &x) < 0 || x < INT32_MIN || x > INT32_MAX)
		kp_rec_die(d, i, "expected an integer for \"%s\"", FNAME(f));
	return (int32_t)x;
}

/* string token i of d: its bytes and length, unescaped only if need be */
static const char *
jstr(kp_json *d, int i, size_t *len)
{
	const char *p;

	if (d->tok[i].esc) {
		p = kp_json_str(d, i);
		*len = strlen(p);
		return p;
	}
	*len = d->tok[i].len;
	return d->text + d->tok[i].off;
}

static void
need(kp_json *d, const int *tok, int f)
{
	if (tok[f] < 0)
		kp_rec_die(d, 0, "a sample without \"%s\"; expected the fields of "
		    "kp-records(5)%s", FNAME(f), f == KP_SAMPLE_EXP ||
		    f == KP_SAMPLE_KEY ? " (kp-identify adds exp and key)" : "");
}

/* keep a sample of strings s, of group g (or count it dropped by -w),
 * read at line of the current input */
static void
keep(Stats *st, const uint32_t *s, double v, int32_t iter, int32_t rep,
    int32_t sub, uint32_t g, long line)
{
	uint64_t pos = st->inbase[st->ninname - 1] + (uint64_t)line;
	Sample *x;

	if (rep <= st->warmup) {
		st->G[g].ndrop++;
		return;
	}
	x = sample_new(st);
	x->v = v;
	x->ri = str_pair(&st->str, s[S_INSTANCE], s[S_RUN]);
	x->iter = iter;
	x->rep = rep;
	x->sub = sub;
	x->pos = pos > UINT32_MAX ? 0 : (uint32_t)pos;
	group_link(st, g, (uint32_t)(st->ns - 1));
}

static void
sample(Stats *st, kp_json *d, const int *tok)
{
	uint32_t s[NSTR], g;
	const char *p;
	long long conc;
	int32_t iter, rep, sub;
	double v;
	size_t len, k;
	int f, i;

	for (k = 0; k < NSTR; k++)
		need(d, tok, sfield[k]);
	for (k = 0; k < KP_LEN(nfield); k++)
		need(d, tok, nfield[k]);
	for (k = 0; k < NSTR; k++) {
		i = tok[f = sfield[k]];
		if (d->tok[i].type != KP_JSTR)
			kp_rec_die(d, i, "expected a string for \"%s\"", FNAME(f));
		p = jstr(d, i, &len);
		s[k] = internf(st, (int)k, p, len);
	}
	if (jint(d, tok[KP_SAMPLE_CONC], &conc) < 0 || conc < 1)
		kp_rec_die(d, tok[KP_SAMPLE_CONC], "expected an integer >= 1 for \"conc\"");
	if (kp_json_num(d, tok[KP_SAMPLE_VALUE], &v) < 0)
		kp_rec_die(d, tok[KP_SAMPLE_VALUE], "expected a number for \"value\"");
	if (!isfinite(v))
		kp_rec_die(d, tok[KP_SAMPLE_VALUE], "value out of range; expected a "
		    "finite number");
	iter = req_int32(d, tok[KP_SAMPLE_ITER], KP_SAMPLE_ITER);
	rep = req_int32(d, tok[KP_SAMPLE_REP], KP_SAMPLE_REP);
	sub = req_int32(d, tok[KP_SAMPLE_SUB], KP_SAMPLE_SUB);
	/* counted from 1 (kp-records(5)); a 0 or -1 would be a unit of its own */
	if (rep < 1)
		kp_rec_die(d, tok[KP_SAMPLE_REP], "expected an integer >= 1 for \"rep\"");
	if (sub < 1)
		kp_rec_die(d, tok[KP_SAMPLE_SUB], "expected an integer >= 1 for \"sub\"");
	g = group_find(st, d, s, conc, tok);
	keep(st, s, v, iter, rep, sub, g, d->line);
}

static int hex16(const char *p);

/* A sample line laid out as kp writes it (lib/sampleline.c), read without
 * the JSON reader: kept (or skipped, another shard's) as sample() would
 * keep it, and 1; or 0, nothing kept, when the line is not so laid out
 * or sample() would say something is wrong with it: the JSON reader and
 * sample() read it then, and say what.  Only interning strings and
 * pairs is done before the last check: sample() would do the same. */
static int
fastsample(Stats *st, const char *line, size_t len)
{
	kp_sval fv[KP_SAMPLE_NF];
	const kp_sval *e = &fv[KP_SAMPLE_EXP];
	uint32_t s[NSTR], g;
	long conc, iter, rep, sub;
	uint64_t sh = 0;
	double v;
	size_t k;

	if (!kp_sample_line(line, len, fv))
		return 0;
	for (k = 0; k < NSTR; k++)
		if (!fv[sfield[k]].p || !fv[sfield[k]].str)
			return 0;
	if ((conc = kp_sval_count(&fv[KP_SAMPLE_CONC], 9)) < 1 ||
	    (iter = kp_sval_count(&fv[KP_SAMPLE_ITER], 9)) < 0 ||
	    (rep = kp_sval_count(&fv[KP_SAMPLE_REP], 9)) < 1 ||
	    (sub = kp_sval_count(&fv[KP_SAMPLE_SUB], 9)) < 1 ||
	    !fv[KP_SAMPLE_VALUE].p || fv[KP_SAMPLE_VALUE].str ||
	    kp_parse_num(fv[KP_SAMPLE_VALUE].p, fv[KP_SAMPLE_VALUE].len, &v) < 0 ||
	    !isfinite(v))
		return 0;
	/* the shard of its exp, as shardof() reads it */
	if (st->nshards > 1) {
		if (e->len != KP_IDSZ - 1 || !hex16(e->p))
			return 0;
		for (k = 0; k < 8; k++)
			sh = 16 * sh + (uint64_t)(e->p[k] <= '9' ? e->p[k] - '0' :
			    e->p[k] - 'a' + 10);
		if ((uint32_t)((sh * st->nshards) >> 32) + 1 != st->shard)
			return 1;
	}
	for (k = 0; k < NSTR; k++)
		s[k] = internf(st, (int)k, fv[sfield[k]].p, fv[sfield[k]].len);
	if ((g = group_find(st, NULL, s, conc, NULL)) == UINT32_MAX)
		return 0;
	keep(st, s, v, (int32_t)iter, (int32_t)rep, (int32_t)sub, g,
	    kp_in_lineno(st->in));
	return 1;
}

/* -s: the shard of a sample, by its exp: the range of the id's first 8
 * hex digits it falls in.  Ranges, not a hash: the statistics are sorted
 * by exp, so the shards' outputs, one after the other, are the output of
 * one kp-stats byte for byte; and everything kp-stats computes is within
 * one exp. */
static uint32_t
shardof(const Stats *st, kp_json *d, const int *tok)
{
	uint64_t v = 0;
	const char *p;
	size_t len, k;
	int i;

	need(d, tok, KP_SAMPLE_EXP);
	i = tok[KP_SAMPLE_EXP];
	p = d->tok[i].type == KP_JSTR ? jstr(d, i, &len) : NULL;
	if (!p || len != KP_IDSZ - 1)
		kp_rec_die(d, i, "expected an exp of 16 lowercase hex digits, as kp-identify writes, to shard by");
	for (k = 0; k < 8; k++) {
		if (p[k] >= '0' && p[k] <= '9')
			v = 16 * v + (uint64_t)(p[k] - '0');
		else if (p[k] >= 'a' && p[k] <= 'f')
			v = 16 * v + (uint64_t)(p[k] - 'a' + 10);
		else
			kp_rec_die(d, i, "expected an exp of 16 lowercase hex digits, as kp-identify writes, to shard by");
	}
	return (uint32_t)((v * st->nshards) >> 32) + 1;
}

static int
hex16(const char *p)
{
	int k;

	for (k = 0; k < 16; k++)
		if (!((p[k] >= '0' && p[k] <= '9') || (p[k] >= 'a' && p[k] <= 'f')))
			return 0;
	return 1;
}

/* -s: the shard of a sample told from its line, unparsed, or 0 when the
 * line does not tell.  kp-identify writes a sample as
 * {"type":"sample",...,"exp":"E","key":"K","group":"G"}.  In a line that
 * begins and ends so, with E, K and G 16 lowercase hex digits, no quote
 * of the beginning or the end follows a backslash, so none is inside a
 * string: if the line is JSON at all, its object's first member is its
 * type, sample, and its last three are exp, key and group, which it has
 * once each (the reader refuses a name twice, escaped or not): the shard
 * is E's, as shardof() reads it after parsing.
 * Only that shard parses the line (and reports a fault in it): the
 * others skip half or more of the input unparsed. */
static uint32_t
lineshard(const Stats *st, const char *p, size_t len)
{
	static const char head[] = "{\"type\":\"sample\",";
	static const char e[] = ",\"exp\":\"", k[] = "\",\"key\":\"",
	    g[] = "\",\"group\":\"";
	const char *t;
	uint64_t v = 0;
	size_t n;

	/* the end: e E k K g G "} */
	n = sizeof(e) - 1 + sizeof(k) - 1 + sizeof(g) - 1 + 3 * 16 + 2;
	if (len < sizeof(head) - 2 + n || memcmp(p, head, sizeof(head) - 1) != 0)
		return 0;
	t = p + len - n;
	if (memcmp(t, e, sizeof(e) - 1) != 0 || !hex16(t += sizeof(e) - 1) ||
	    memcmp(t += 16, k, sizeof(k) - 1) != 0 || !hex16(t += sizeof(k) - 1) ||
	    memcmp(t += 16, g, sizeof(g) - 1) != 0 || !hex16(t += sizeof(g) - 1) ||
	    memcmp(t + 16, "\"}", 2) != 0)
		return 0;
	t = p + len - n + sizeof(e) - 1;
	for (n = 0; n < 8; n++)
		v = 16 * v + (uint64_t)(t[n] <= '9' ? t[n] - '0' : t[n] - 'a' + 10);
	return (uint32_t)((v * st->nshards) >> 32) + 1;
}

void
read_input(Stats *st, const char *path)
{
	int tok[KP_SAMPLE_NF + 1], type;
	const char *line;
	uint32_t sh;
	size_t len;
	kp_json d;

	st->in = kp_in_open(path);
	st->inname = kp_grow(st->inname, st->ninname, sizeof(*st->inname));
	st->inbase = kp_grow(st->inbase, st->ninname, sizeof(*st->inbase));
	st->inbase[st->ninname] = st->nlines;
	st->inname[st->ninname++] = estrdup(kp_in_name(st->in));
	kp_json_init(&d);
	while ((line = kp_in_record(st->in, &len))) {
		if (st->nshards > 1 && (sh = lineshard(st, line, len)) &&
		    sh != st->shard)
			continue;
		if (fastsample(st, line, len))
			continue;
		kp_rec_parse(st->in, &d, line, len);
		type = kp_rec_index(&d, &kp_sample_t, tok, &st->ix);
		if (type < 0 || d.tok[type].type != KP_JSTR)
			kp_rec_type(&d);	/* dies, saying why */
		if (kp_json_streq(&d, type, kp_sample_t.name)) {
			if (st->nshards == 1 || shardof(st, &d, tok) == st->shard)
				sample(st, &d, tok);
		} else if (st->shard == 1)	/* once, before every shard's stats */
			kp_w_line(st->out, d.text, d.len);
	}
	st->nlines += (uint64_t)kp_in_lineno(st->in);
	kp_json_free(&d);
	kp_in_close(st->in);
	st->in = NULL;
}
