/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fast.c: a stat record as kp-stats writes it, read off its line
 * (lib/statline.c) into the held stats without the JSON reader, whose
 * tokens, lookups and blocks of malloc were most of kp-compare's
 * reading.  A line it does not take whole (a null, a value of another
 * type or layout, a number out of range, a second record of a group, no
 * value in obs.sub) is left to the JSON reader and readstat(), which
 * hold it the same way or say what is wrong with it, at FILE:LINE:COL.
 * The values are those kp_rec_read() would give: the same text, read by
 * the same kp_parse_num(). */
#include <math.h>
#include <string.h>

#include "compare.h"
#include "statline.h"

/* the string v as a C string, in the scratch s */
static char *
str(Scratch *s, const kp_sval *v)
{
	char *p = s->str + s->nstr;

	memcpy(p, v->p, v->len);
	p[v->len] = '\0';
	s->nstr += v->len + 1;
	return p;
}

/* a value missing or null */
static int
null(const kp_sval *v)
{
	return !v->p || (!v->str && v->p[0] == 'n');
}

static int
isstr(const kp_sval *v)
{
	return v->p && v->str;
}

/* a number that ends at the first of ",]}" after it; its end, or NULL
 * when it is no finite number */
static const char *
num(const char *p, const char *end, double *x)
{
	const char *q = p;

	if (p == end || !(*p == '-' || (*p >= '0' && *p <= '9')))
		return NULL;
	while (q < end && *q != ',' && *q != ']' && *q != '}')
		q++;
	if (kp_parse_num(p, (size_t)(q - p), x) < 0 || !isfinite(*x))
		return NULL;
	return q;
}

static int
onenum(const kp_sval *v, double *x)
{
	return v->p && !v->str && num(v->p, v->p + v->len, x) == v->p + v->len;
}

/* an integer of plain digits, as kp_json_int() reads one; its end */
static const char *
digits(const char *p, const char *end, long long *x)
{
	const char *q = p;

	for (*x = 0; q < end && *q >= '0' && *q <= '9' && q - p < 18; q++)
		*x = 10 * *x + (*q - '0');
	return q > p && (q == end || *q < '0' || *q > '9') ? q : NULL;
}

/* a list of strings, ["a","b"], into s->ptr from *at; 0 when it is not */
static int
strs(Scratch *s, const kp_sval *v, kp_strs *out, size_t *at)
{
	const char *p = v->p, *end = v->p + v->len, *q;
	kp_sval e;

	if (!p || v->str || *p++ != '[')
		return 0;
	out->v = s->ptr + *at;
	out->n = 0;
	if (*p == ']')
		return 1;
	for (;;) {
		if (*p++ != '"' || !(q = memchr(p, '"', (size_t)(end - p))))
			return 0;
		e.p = p;
		e.len = (size_t)(q - p);
		s->ptr[(*at)++] = str(s, &e);
		out->n++;
		p = q + 1;
		if (*p == ']')
			return 1;
		p++;	/* the ',' */
	}
}

/* numbers [1,2.5], into s->num[lv]; 0 when it is not */
static int
nums(Scratch *s, int lv, const char **pp, const char *end, kp_nums *out)
{
	const char *p = *pp;
	double x;

	if (*p++ != '[')
		return 0;
	out->n = 0;
	if (*p == ']') {
		*pp = p + 1;
		return 1;
	}
	for (;;) {
		if (!(p = num(p, end, &x)))
			return 0;
		s->num[lv] = kp_reserve(s->num[lv], &s->numsz[lv],
		    (out->n + 1) * sizeof(double));
		s->num[lv][out->n++] = x;
		if (*p++ == ']')
			break;
	}
	out->v = s->num[lv];
	*pp = p;
	return 1;
}

/* per_instance as kp-stats writes it: [{"instance":"I","n":N,
 * "median":M,"mean":A,"huber":H},...] */
static int
insts(Scratch *s, const kp_sval *v, kp_insts *out)
{
	static const char *const name[] = { "{\"instance\":\"", ",\"n\":",
		",\"median\":", ",\"mean\":", ",\"huber\":" };
	const char *p = v->p, *end = v->p + v->len, *q;
	size_t k;
	kp_inst *x;
	kp_sval e;

	if (!p || v->str || *p++ != '[')
		return 0;
	out->n = 0;
	out->v = NULL;
	if (*p == ']')
		return 1;
	for (;;) {
		s->inst = kp_reserve(s->inst, &s->instsz, (out->n + 1) * sizeof(*s->inst));
		x = &s->inst[out->n++];
		for (k = 0; k < KP_LEN(name); k++) {
			if ((size_t)(end - p) < strlen(name[k]) ||
			    memcmp(p, name[k], strlen(name[k])))
				return 0;
			p += strlen(name[k]);
			if (k == 0) {
				if (!(q = memchr(p, '"', (size_t)(end - p))))
					return 0;
				e.p = p;
				e.len = (size_t)(q - p);
				x->instance = str(s, &e);
				p = q + 1;
			} else if (k == 1)
				p = digits(p, end, &x->n);
			else
				p = num(p, end, k == 2 ? &x->median : k == 3 ?
				    &x->mean : &x->huber);
			if (!p)
				return 0;
		}
		if (*p++ != '}')
			return 0;
		if (*p++ == ']')
			break;
	}
	out->v = s->inst;
	return 1;
}

/* obs as kp-stats writes it: {"instance":[...],"run":[...],...}, the
 * levels in their order, each once or not at all */
static int
obs(Scratch *s, const kp_sval *v, kp_obs *o)
{
	const char *p = v->p, *end = v->p + v->len, *name, *at[NLV];
	size_t len[NLV], n;
	int lv, j, has[NLV] = { 0 };

	if (!p || v->str || *p != '{')
		return 0;
	for (lv = 0; lv < NLV && *p != '}'; lv++) {
		name = kp_word(&kp_level_v, lv);
		n = strlen(name);
		/* p at the '{' or ',' before a member */
		if ((size_t)(end - p) < n + 4 || p[1] != '"' ||
		    memcmp(p + 2, name, n) || p[n + 2] != '"')
			continue;	/* not this level: the next one? */
		p += n + 4;
		at[lv] = p;
		/* a level written as one before it has its numbers, as
		 * kp_rec_read() gives them */
		for (j = 0; j < lv; j++)
			if (has[j] && (size_t)(end - p) > len[j] &&
			    memcmp(p, at[j], len[j]) == 0 && (p[len[j]] == ',' ||
			    p[len[j]] == '}'))
				break;
		if (j < lv) {
			o->lv[lv] = o->lv[j];
			p += len[j];
		} else if (!nums(s, lv, &p, end, &o->lv[lv]))
			return 0;
		len[lv] = (size_t)(p - at[lv]);
		has[lv] = 1;
	}
	return p == end - 1 && *p == '}';
}

int
fast_stat(Compare *c, const kp_has *want, const char *line, size_t len,
    long lineno, char *file)
{
	static const int sf[] = { KP_STAT_EXP, KP_STAT_KEY, KP_STAT_KERNEL,
		KP_STAT_JOB, KP_STAT_SUITE, KP_STAT_BENCH, KP_STAT_TEST,
		KP_STAT_OP, KP_STAT_METRIC, KP_STAT_UNIT, KP_STAT_GROUP,
		KP_STAT_SERIES_ID };
	Scratch *s = &c->scratch;
	kp_sval v[KP_STAT_NF];
	char *const *sp[KP_LEN(sf)];
	kp_stat x;
	size_t i, at = 0;
	long long conc;
	int f;

	if (!kp_stat_line(line, len, v))
		return 0;
	memset(&x, 0, sizeof(x));
	s->str = kp_reserve(s->str, &s->strsz, len + 1);
	s->ptr = kp_reserve(s->ptr, &s->ptrsz, len * sizeof(*s->ptr));
	s->nstr = 0;
	sp[0] = &x.exp;
	sp[1] = &x.key;
	sp[2] = &x.kernel;
	sp[3] = &x.job;
	sp[4] = &x.suite;
	sp[5] = &x.bench;
	sp[6] = &x.test;
	sp[7] = &x.op;
	sp[8] = &x.metric;
	sp[9] = &x.unit;
	sp[10] = &x.group;
	sp[11] = &x.series_id;
	for (i = 0; i < KP_LEN(sf); i++) {
		if (sf[i] == KP_STAT_GROUP || sf[i] == KP_STAT_SERIES_ID) {
			if (!v[sf[i]].p)
				continue;	/* an older record's: made below */
		}
		if (!isstr(&v[sf[i]]))
			return 0;
		*(char **)sp[i] = str(s, &v[sf[i]]);
	}
	if (!isstr(&v[KP_STAT_BETTER]) ||
	    (x.better = kp_vocab_find(&kp_better_v, v[KP_STAT_BETTER].p,
	    v[KP_STAT_BETTER].len)) < 0)
		return 0;
	if (!v[KP_STAT_CONC].p || v[KP_STAT_CONC].str ||
	    digits(v[KP_STAT_CONC].p, v[KP_STAT_CONC].p + v[KP_STAT_CONC].len,
	    &conc) != v[KP_STAT_CONC].p + v[KP_STAT_CONC].len || conc < 1)
		return 0;
	x.conc = conc;
	/* a field the table lets be null or missing: kp_rec_read()'s
	 * NAN, -1 or nothing, and a bit in has only when it is there (the
	 * ids of an older record are made, and have theirs) */
	x.median = x.mean = x.cv = NAN;
	x.multimodal = -1;
	for (f = 0; f < KP_STAT_NF; f++)
		if (kp_has_get(want, f) && (v[f].p || f == KP_STAT_GROUP ||
		    f == KP_STAT_SERIES_ID))
			kp_has_set(&x.has, f);
	if (!strs(s, &v[KP_STAT_RUNS], &x.runs, &at) ||
	    (!null(&v[KP_STAT_INSTANCES]) &&
	    !strs(s, &v[KP_STAT_INSTANCES], &x.instances, &at)) ||
	    (!null(&v[KP_STAT_MEDIAN]) && !onenum(&v[KP_STAT_MEDIAN], &x.median)) ||
	    (!null(&v[KP_STAT_MEAN]) && !onenum(&v[KP_STAT_MEAN], &x.mean)) ||
	    (!null(&v[KP_STAT_CV]) && !onenum(&v[KP_STAT_CV], &x.cv)) ||
	    (!null(&v[KP_STAT_PER_INSTANCE]) &&
	    !insts(s, &v[KP_STAT_PER_INSTANCE], &x.per_instance)) ||
	    !obs(s, &v[KP_STAT_OBS], &x.obs) || !x.obs.lv[LV_SUB].n)
		return 0;
	/* the value of a bool is true or false, not a number */
	if (!null(&v[KP_STAT_MULTIMODAL])) {
		if (v[KP_STAT_MULTIMODAL].str || (v[KP_STAT_MULTIMODAL].p[0] != 't' &&
		    v[KP_STAT_MULTIMODAL].p[0] != 'f'))
			return 0;
		x.multimodal = v[KP_STAT_MULTIMODAL].p[0] == 't';
	}
	/* the ids of an older record, as kp_rec_upgrade() makes them */
	if (!x.group) {
		kp_group_id(s->id[0], x.exp, x.suite, x.bench, x.test, x.op,
		    x.metric, x.conc);
		x.group = s->id[0];
	}
	if (!x.series_id) {
		kp_series_id(s->id[1], x.key, x.suite, x.bench, x.test, x.op,
		    x.metric, x.conc);
		x.series_id = s->id[1];
	}
	/* not the second of a group: readstat says so */
	return keep_stat(c, &x, file, lineno, 0, 1) != NULL;
}
