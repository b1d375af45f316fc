/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rec.c: any record of rec.h read from a parsed line and written, by
 * walking the table of its fields (rectab.c). */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rec.h"

#define MAXF 128	/* fields a kp_has can hold */

void
kp_has_range(kp_has *h, int from, int to)
{
	for (; from <= to; from++)
		kp_has_set(h, from);
}

kp_has
kp_has_of(int f, ...)
{
	kp_has h = { { 0, 0 } };
	va_list ap;

	va_start(ap, f);
	for (; f >= 0; f = va_arg(ap, int))
		kp_has_set(&h, f);
	va_end(ap);
	return h;
}

/* what a field of each kind holds, for messages */
static const char *const kindname[] = {
	[KP_F_STR] = "a string", [KP_F_INT] = "an integer",
	[KP_F_NUM] = "a number", [KP_F_BOOL] = "true or false",
	[KP_F_ENUM] = "a word", [KP_F_SCALAR] = "a string or a number",
	[KP_F_RAW] = "a value", [KP_F_PAIRS] = "an object of strings",
	[KP_F_STRS] = "an array of strings",
	[KP_F_NUMS] = "an array of numbers", [KP_F_INTS] = "an array of integers",
	[KP_F_COUNTS] = "an object of counters",
	[KP_F_INSTS] = "an array of {instance, n, median, mean, huber}",
	[KP_F_OBJS] = "an array of objects",
	[KP_F_OBS] = "an object with the unit values of each level",
	[KP_F_BUCKETS] = "an array of buckets {lo, hi, count}",
	[KP_F_SEVCOUNTS] = "an object of severities and counts",
	[KP_F_FLAGS] = "an array of words",
	[KP_F_DIFFS] = "an object of fields and [base, target]",
};

static const char *
want_of(const kp_field *f)
{
	return f->kind == KP_F_ENUM ? f->vocab->what : kindname[f->kind];
}

static void *
member(void *rec, const kp_field *f)
{
	return (char *)rec + f->off;
}

static const void *
cmember(const void *rec, const kp_field *f)
{
	return (const char *)rec + f->off;
}

/* a key's text: raw when it has no escapes, else decoded */
static const char *
keytext(kp_json *d, int i, size_t *len)
{
	if (d->tok[i].esc)
		return kp_json_strn(d, i, len);
	*len = d->tok[i].len;
	return d->text + d->tok[i].off;
}

static int
lookup(const kp_rtype *t, const char *k, size_t len)
{
	int f;

	for (f = 0; f < t->nf; f++)
		if (t->f[f].len == len && memcmp(t->f[f].name, k, len) == 0)
			return f;
	return -1;
}

int
kp_rec_field(const kp_rtype *t, const char *name, size_t len)
{
	return lookup(t, name, len);
}

int
kp_rec_tok(kp_json *d, const kp_rtype *t, const char *name)
{
	int tok[MAXF + 1], f, i, end = (int)d->tok[0].next;
	const char *k;
	size_t len;

	if ((f = lookup(t, name, strlen(name))) >= 0) {
		kp_rec_index(d, t, tok, NULL);
		return tok[f];
	}
	if (!t->extra)
		return -1;
	for (i = 1; i < end; i = (int)d->tok[i + 1].next) {
		k = keytext(d, i, &len);
		if (len == strlen(name) && memcmp(k, name, len) == 0)
			return i + 1;
	}
	return -1;
}

/* does the line close its first object at its last byte, and only there?
 * Braces and brackets are counted outside strings: a line cut short, or
 * one a lost newline glued to the next record, is parsed and refused
 * rather than passed on with the record it swallowed */
static int
one_object(const char *line, size_t len)
{
	size_t i, depth = 0;
	int instr = 0;

	for (i = 0; i < len; i++) {
		if (instr) {
			if (line[i] == '\\')
				i++;
			else if (line[i] == '"')
				instr = 0;
		} else if (line[i] == '"')
			instr = 1;
		else if (line[i] == '{' || line[i] == '[')
			depth++;
		else if (line[i] == '}' || line[i] == ']') {
			if (depth == 0 || (--depth == 0 && i + 1 != len))
				return 0;
		}
	}
	return depth == 0 && !instr && len && line[len - 1] == '}';
}

int
kp_line_type_other(const char *line, size_t len, const char *const *names)
{
	static const char open[] = "{\"type\":\"";
	const size_t n = sizeof(open) - 1;
	size_t i;

	if (len < n || memcmp(line, open, n) != 0)
		return 0;
	for (i = n; i < len && line[i] >= 'a' && line[i] <= 'z'; i++)
		;
	if (i == n || i + 1 >= len || line[i] != '"' || line[i + 1] != ',')
		return 0;
	for (; *names; names++)
		if (strlen(*names) == i - n && memcmp(line + n, *names, i - n) == 0)
			return 0;
	return one_object(line, len);
}

int
kp_rec_is(kp_json *d, const kp_rtype *t)
{
	int i = kp_json_get(d, 0, "type"), s, k;

	if (i < 0 || d->tok[i].type != KP_JSTR)
		kp_rec_type(d);	/* dies, saying why */
	if (!kp_json_streq(d, i, t->name))
		return 0;
	if (!t->scopes)
		return 1;
	if ((s = kp_json_get(d, 0, "scope")) < 0 || d->tok[s].type != KP_JSTR)
		return 0;
	k = kp_vocab_find(&kp_scope_v, kp_json_str(d, s), strlen(kp_json_str(d, s)));
	return k >= 0 && (t->scopes >> k & 1);
}

/* keys are short: a loop beats a call to memcmp */
static inline int
same(const char *a, const char *b, size_t n)
{
	while (n--)
		if (*a++ != *b++)
			return 0;
	return 1;
}

/* the bytes of a word read at p that are the first n bytes at p */
static uint64_t
maskof(size_t n)
{
	if (n >= 8)
		return ~(uint64_t)0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return ((uint64_t)1 << (8 * n)) - 1;
#else
	return ~(~(uint64_t)0 >> (8 * n));
#endif
}

static inline uint64_t
load8(const char *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return w;
}

/* the word of a name, which may be shorter than 8 bytes */
static uint64_t
nameword(const char *name, size_t n)
{
	char b[8] = { 0 };

	memcpy(b, name, n < 8 ? n : 8);
	return load8(b) & maskof(n);
}

/* field f of t, or "type" (f == t->nf) */
static const char *
fieldname(const kp_rtype *t, int f)
{
	return f < t->nf ? t->f[f].name : "type";
}

/* the field of key k (len bytes), t->nf for "type", -1 for none */
static int
slow(const kp_rtype *t, const char *k, size_t len)
{
	return len == 4 && same(k, "type", 4) ? t->nf : lookup(t, k, len);
}

/* the field of member key token i, on a miss of the position cache:
 * found by name and remembered */
static __attribute__((noinline)) int
miss(kp_json *d, const kp_rtype *t, int i, int m, kp_recix *ix)
{
	const kp_jtok *kt = &d->tok[i];
	const char *k;
	size_t len;
	int f;

	k = keytext(d, i, &len);
	if ((f = slow(t, k, len)) >= 0 && m < 64 && !kt->esc) {
		ix->at[m].word = nameword(k, len);
		ix->at[m].mask = maskof(len);
		ix->at[m].len = (uint32_t)len;
		ix->at[m].f = f;
	}
	return f;
}

/* This runs for every member of every record a hot path reads (tens of
 * millions of samples): one comparison of words with the key found at
 * the same place in the record before, a search of the table on a miss.
 * tok[t->nf] is the token of "type". */
static void
index_fast(kp_json *d, const kp_rtype *t, int *tok, kp_recix *ix)
{
	const kp_jtok *tk = d->tok;
	const char *text = d->text, *k;
	size_t dlen = d->len, len;
	int i, f, m, end = (int)tk[0].next;

	for (i = 1, m = 0; i < end; i = (int)tk[i + 1].next, m++) {
		k = text + tk[i].off;
		len = tk[i].len;
		/* the word of a key ends inside the line: a key is followed
		 * by '"', ':', a value and '}' or more members */
		if (m < 64 && ix->at[m].len == len && !tk[i].esc &&
		    tk[i].off + 8 <= dlen && ix->at[m].word == (load8(k) & ix->at[m].mask) &&
		    (len <= 8 || same(k + 8, fieldname(t, ix->at[m].f) + 8, len - 8)))
			f = ix->at[m].f;
		else if ((f = miss(d, t, i, m, ix)) < 0)
			continue;
		if (tok[f] < 0)
			tok[f] = i + 1;
	}
}

int
kp_rec_index(kp_json *d, const kp_rtype *t, int *tok, kp_recix *ix)
{
	int i, f, end = (int)d->tok[0].next, nf = t->nf;
	const char *k;
	size_t len;

	for (f = 0; f <= nf; f++)
		tok[f] = -1;
	if (ix)
		index_fast(d, t, tok, ix);
	else
		for (i = 1; i < end; i = (int)d->tok[i + 1].next) {
			k = keytext(d, i, &len);
			if ((f = slow(t, k, len)) >= 0 && tok[f] < 0)
				tok[f] = i + 1;
		}
	return tok[t->nf];
}

/* ---- reading ---- */

/* a field at token i of kp_rec_index, checked as kp_rec_read checks it:
 * missing or null dies unless the table lets it be */
static int
present(kp_json *d, const kp_field *f, int i)
{
	if (i >= 0 && d->tok[i].type != KP_JNULL)
		return 1;
	if (!(f->flags & KP_FF_NULL)) {
		if (i < 0)
			kp_rec_missing(d, f->name, want_of(f));
		kp_rec_wrong(d, i, f->name, want_of(f));
	}
	return 0;
}

const char *
kp_rec_str(kp_json *d, const kp_rtype *t, int f, int i)
{
	if (!present(d, &t->f[f], i))
		return NULL;
	if (d->tok[i].type != KP_JSTR)
		kp_rec_wrong(d, i, t->f[f].name, "a string");
	return kp_json_str(d, i);
}

double
kp_rec_num(kp_json *d, const kp_rtype *t, int f, int i)
{
	return present(d, &t->f[f], i) ? kp_rec_num_at(d, i, t->f[f].name) : NAN;
}

long long
kp_rec_int(kp_json *d, const kp_rtype *t, int f, int i)
{
	long long v;

	if (!present(d, &t->f[f], i))
		return KP_NULL_INT;
	v = kp_rec_int_at(d, i, t->f[f].name);
	if ((t->f[f].flags & KP_FF_POS) && v < 1)
		kp_rec_die(d, i, "expected an integer >= 1 for \"%s\"", t->f[f].name);
	return v;
}

static char *
str_of(kp_json *d, int i, const char *key)
{
	if (d->tok[i].type != KP_JSTR)
		kp_rec_wrong(d, i, key, "a string");
	return estrdup(kp_json_str(d, i));
}

/* the value of member key of object obj, or -1 when missing or null */
static int
get(const kp_json *d, int obj, const char *key)
{
	int i = kp_json_get(d, obj, key);

	return i >= 0 && d->tok[i].type == KP_JNULL ? -1 : i;
}

static void
arr(kp_json *d, int i, const char *key, const char *want)
{
	if (d->tok[i].type != KP_JARR)
		kp_rec_wrong(d, i, key, want);
}

void
kp_json_nums(kp_json *d, int i, const char *key, kp_nums *out)
{
	int e;

	arr(d, i, key, kindname[KP_F_NUMS]);
	out->n = 0;
	out->v = ereallocarray(NULL, d->tok[i].n + 1, sizeof(*out->v));
	for (e = i + 1; out->n < d->tok[i].n; e = (int)d->tok[e].next)
		out->v[out->n++] = kp_rec_num_at(d, e, key);
}

void
kp_json_ints(kp_json *d, int i, const char *key, kp_ints *out)
{
	int e;

	arr(d, i, key, kindname[KP_F_INTS]);
	out->n = 0;
	out->v = ereallocarray(NULL, d->tok[i].n + 1, sizeof(*out->v));
	for (e = i + 1; out->n < d->tok[i].n; e = (int)d->tok[e].next)
		out->v[out->n++] = kp_rec_int_at(d, e, key);
}

void
kp_json_strs(kp_json *d, int i, const char *key, kp_strs *out)
{
	int e;

	arr(d, i, key, kindname[KP_F_STRS]);
	out->n = 0;
	out->v = ereallocarray(NULL, d->tok[i].n + 1, sizeof(*out->v));
	for (e = i + 1; out->n < d->tok[i].n; e = (int)d->tok[e].next)
		out->v[out->n++] = str_of(d, e, key);
}

void
kp_strs_free(kp_strs *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

static void
obj(kp_json *d, int i, const char *key, const char *want)
{
	if (d->tok[i].type != KP_JOBJ)
		kp_rec_wrong(d, i, key, want);
}

static void
scalar_of(kp_json *d, int i, kp_scalar *s)
{
	const char *raw;
	size_t len;

	s->type = d->tok[i].type;
	if (s->type == KP_JNULL)
		s->text = NULL;
	else if (s->type == KP_JSTR)
		s->text = estrdup(kp_json_str(d, i));
	else {
		raw = kp_json_raw(d, i, &len);
		s->text = estrndup(raw, len);
	}
}

static void
counts_of(kp_json *d, int i, const char *key, kp_counts *c)
{
	int k;

	obj(d, i, key, kindname[KP_F_COUNTS]);
	c->name = ereallocarray(NULL, d->tok[i].n + 1, sizeof(*c->name));
	c->v = ereallocarray(NULL, d->tok[i].n + 1, sizeof(*c->v));
	for (k = i + 1; c->n < d->tok[i].n; k = (int)d->tok[k + 1].next) {
		c->name[c->n] = estrdup(kp_json_str(d, k));
		c->v[c->n++] = kp_rec_int_at(d, k + 1, key);
	}
}

static void
pairs_of(kp_json *d, int i, const char *key, kp_pairs *p)
{
	int k;

	obj(d, i, key, kindname[KP_F_PAIRS]);
	p->name = ereallocarray(NULL, d->tok[i].n + 1, sizeof(*p->name));
	p->val = ereallocarray(NULL, d->tok[i].n + 1, sizeof(*p->val));
	for (k = i + 1; p->n < d->tok[i].n; k = (int)d->tok[k + 1].next) {
		p->name[p->n] = estrdup(kp_json_str(d, k));
		p->val[p->n++] = str_of(d, k + 1, key);
	}
}

static void
insts_of(kp_json *d, int i, const char *key, kp_insts *in)
{
	int e, k;
	kp_inst *x;

	arr(d, i, key, kindname[KP_F_INSTS]);
	in->v = ecalloc(d->tok[i].n + 1, sizeof(*in->v));
	for (e = i + 1; in->n < d->tok[i].n; e = (int)d->tok[e].next) {
		x = &in->v[in->n++];
		if (d->tok[e].type != KP_JOBJ || (k = get(d, e, "instance")) < 0 ||
		    d->tok[k].type != KP_JSTR)
			kp_rec_die(d, e, "expected {\"instance\": string, \"median\": number} in %s", key);
		x->instance = estrdup(kp_json_str(d, k));
		if ((k = get(d, e, "median")) < 0)
			kp_rec_die(d, e, "expected a number \"median\" in %s", key);
		x->median = kp_rec_num_at(d, k, key);
		x->n = (k = get(d, e, "n")) < 0 ? KP_NULL_INT : kp_rec_int_at(d, k, key);
		x->mean = (k = get(d, e, "mean")) < 0 ? NAN : kp_rec_num_at(d, k, key);
		x->huber = (k = get(d, e, "huber")) < 0 ? NAN : kp_rec_num_at(d, k, key);
	}
}

/* Levels often hold the same values (one iteration a run: iter is run;
 * one sub a rep: sub is rep), written the same: a level whose text is
 * that of a level read before it gets a copy of its numbers, which
 * reading its text would give, and is not parsed again.  Number parsing
 * was most of reading a stat record. */
static void
obs_of(kp_json *d, int i, const char *key, kp_obs *o)
{
	int lv, k, j, at[KP_NLV];
	const kp_jtok *t = d->tok;

	obj(d, i, key, kindname[KP_F_OBS]);
	for (lv = 0; lv < KP_NLV; lv++) {
		if ((at[lv] = k = get(d, i, kp_word(&kp_level_v, lv))) < 0)
			continue;
		for (j = 0; j < lv; j++)
			if (at[j] >= 0 && t[at[j]].type == KP_JARR &&
			    t[k].type == KP_JARR && t[at[j]].len == t[k].len &&
			    memcmp(d->text + t[at[j]].off, d->text + t[k].off,
			    t[k].len) == 0)
				break;
		if (j == lv) {
			kp_json_nums(d, k, kp_word(&kp_level_v, lv), &o->lv[lv]);
			continue;
		}
		o->lv[lv].n = o->lv[j].n;
		o->lv[lv].v = ereallocarray(NULL, o->lv[j].n + 1, sizeof(double));
		memcpy(o->lv[lv].v, o->lv[j].v, o->lv[j].n * sizeof(double));
	}
}

static void
buckets_of(kp_json *d, int i, const char *key, kp_buckets *b)
{
	int e, lo, hi, c;
	kp_bucket *x;

	arr(d, i, key, kindname[KP_F_BUCKETS]);
	b->v = ecalloc(d->tok[i].n + 1, sizeof(*b->v));
	for (e = i + 1; b->n < d->tok[i].n; e = (int)d->tok[e].next) {
		x = &b->v[b->n++];
		if (d->tok[e].type != KP_JOBJ || (lo = kp_json_get(d, e, "lo")) < 0 ||
		    (hi = kp_json_get(d, e, "hi")) < 0 || (c = kp_json_get(d, e, "count")) < 0)
			kp_rec_die(d, e, "expected a bucket {lo, hi, count}");
		x->lo = d->tok[lo].type == KP_JNULL ? -INFINITY : kp_rec_num_at(d, lo, "lo");
		x->hi = d->tok[hi].type == KP_JNULL ? INFINITY : kp_rec_num_at(d, hi, "hi");
		if (kp_json_int(d, c, &x->count) < 0 || x->count < 0)
			kp_rec_die(d, c, "expected an integer count >= 0");
	}
}

static void
sevcounts_of(kp_json *d, int i, const char *key, long long *sc)
{
	const char *name;
	size_t len;
	int k, s;

	obj(d, i, key, kindname[KP_F_SEVCOUNTS]);
	for (k = i + 1; k < (int)d->tok[i].next; k = (int)d->tok[k + 1].next) {
		name = kp_json_strn(d, k, &len);
		s = kp_vocab_find(&kp_severity_v, name, len);
		sc[s < 0 ? KP_NSEV : s] += kp_rec_int_at(d, k + 1, key);
	}
}

static int ekp_rec_num_at(kp_json *d, int i, const kp_field *f);

/* an array of words of f->vocab, as a set: bit k for word k */
static unsigned
flags_of(kp_json *d, int i, const kp_field *f)
{
	unsigned bits = 0;
	int e;
	size_t n;

	arr(d, i, f->name, kindname[KP_F_FLAGS]);
	for (n = 0, e = i + 1; n < d->tok[i].n; n++, e = (int)d->tok[e].next)
		bits |= 1u << ekp_rec_num_at(d, e, f);
	return bits;
}

static int
ekp_rec_num_at(kp_json *d, int i, const kp_field *f)
{
	const char *s;
	char list[256];
	size_t len;
	int k;

	if (d->tok[i].type != KP_JSTR)
		kp_rec_wrong(d, i, f->name, f->vocab->what);
	s = kp_json_strn(d, i, &len);
	if ((k = kp_vocab_find(f->vocab, s, len)) >= 0)
		return k;
	if (f->vocab->other)
		return f->vocab->n;
	kp_rec_die(d, i, "expected %s for \"%s\", got \"%s\"",
	    kp_vocab_list(f->vocab, list, sizeof(list)), f->name, s);
}

/* coverage differ: {field: [base, target]}, strings or null */
static void
diffs_of(kp_json *d, int i, const char *key, kp_diffs *o)
{
	int k, e, x;
	kp_diff *df;

	obj(d, i, key, kindname[KP_F_DIFFS]);
	o->v = ecalloc(d->tok[i].n + 1, sizeof(*o->v));
	for (k = i + 1; o->n < d->tok[i].n; k = (int)d->tok[k + 1].next) {
		e = k + 1;
		x = kp_json_first(d, e);
		if (d->tok[e].type != KP_JARR || d->tok[e].n != 2 ||
		    (d->tok[x].type != KP_JSTR && d->tok[x].type != KP_JNULL) ||
		    (d->tok[d->tok[x].next].type != KP_JSTR &&
		    d->tok[d->tok[x].next].type != KP_JNULL))
			kp_rec_die(d, e, "a field of \"%s\" must be [base, target], "
			    "strings or null", key);
		df = &o->v[o->n++];
		df->field = estrdup(kp_json_str(d, k));
		df->base = d->tok[x].type == KP_JSTR ? estrdup(kp_json_str(d, x)) : NULL;
		x = (int)d->tok[x].next;
		df->target = d->tok[x].type == KP_JSTR ? estrdup(kp_json_str(d, x)) : NULL;
	}
}

static void
setnull(const kp_field *f, void *p)
{
	switch (f->kind) {
	case KP_F_INT:
		*(long long *)p = KP_NULL_INT;
		break;
	case KP_F_NUM:
		*(double *)p = NAN;
		break;
	case KP_F_BOOL:
	case KP_F_ENUM:
		*(int *)p = -1;
		break;
	case KP_F_SCALAR:
		((kp_scalar *)p)->type = KP_JNULL;
		break;
	case KP_F_FLAGS:
		*(unsigned *)p = 0;
		break;
	}
}

static void readfield(kp_json *d, const kp_rtype *t, int fi, int v, void *rec);

/* each element an object read by the table f->sub */
static void
objs_of(kp_json *d, int i, const kp_field *f, kp_objs *o)
{
	const kp_rtype *st = f->sub;
	int e, k, fi, tok[MAXF];
	const char *key;
	size_t len;
	char *el;

	arr(d, i, f->name, kindname[KP_F_OBJS]);
	o->v = ecalloc(d->tok[i].n + 1, st->size);
	for (e = i + 1; o->n < d->tok[i].n; e = (int)d->tok[e].next) {
		obj(d, e, f->name, kindname[KP_F_OBJS]);
		for (fi = 0; fi < st->nf; fi++)
			tok[fi] = -1;
		for (k = e + 1; k < (int)d->tok[e].next; k = (int)d->tok[k + 1].next) {
			key = keytext(d, k, &len);
			if ((fi = lookup(st, key, len)) >= 0 && tok[fi] < 0)
				tok[fi] = k + 1;
		}
		el = (char *)o->v + o->n++ * st->size;
		for (fi = 0; fi < st->nf; fi++)
			readfield(d, st, fi, tok[fi], el);
	}
}

static void
readfield(kp_json *d, const kp_rtype *t, int fi, int v, void *rec)
{
	const kp_field *f = &t->f[fi];
	void *p = member(rec, f);
	const char *raw;
	size_t len;

	if (v >= 0)
		kp_has_set((kp_has *)rec, fi);
	if (v < 0 || d->tok[v].type == KP_JNULL) {
		if (!(f->flags & KP_FF_NULL)) {
			if (v < 0)
				kp_rec_missing(d, f->name, want_of(f));
			kp_rec_wrong(d, v, f->name, want_of(f));
		}
		setnull(f, p);
		return;
	}
	switch (f->kind) {
	case KP_F_STR:
		*(char **)p = str_of(d, v, f->name);
		break;
	case KP_F_INT:
		*(long long *)p = kp_rec_int_at(d, v, f->name);
		if ((f->flags & KP_FF_POS) && *(long long *)p < 1)
			kp_rec_die(d, v, "expected an integer >= 1 for \"%s\"", f->name);
		if ((f->flags & KP_FF_CNT) && *(long long *)p < 0)
			kp_rec_die(d, v, "expected a count (0 or more) for \"%s\"", f->name);
		break;
	case KP_F_NUM:
		*(double *)p = kp_rec_num_at(d, v, f->name);
		break;
	case KP_F_BOOL:
		if (d->tok[v].type != KP_JTRUE && d->tok[v].type != KP_JFALSE)
			kp_rec_wrong(d, v, f->name, kindname[KP_F_BOOL]);
		*(int *)p = d->tok[v].type == KP_JTRUE;
		break;
	case KP_F_ENUM:
		*(int *)p = ekp_rec_num_at(d, v, f);
		break;
	case KP_F_SCALAR:
		if (d->tok[v].type == KP_JARR || d->tok[v].type == KP_JOBJ)
			kp_rec_wrong(d, v, f->name, kindname[KP_F_SCALAR]);
		scalar_of(d, v, p);
		break;
	case KP_F_RAW:
		raw = kp_json_raw(d, v, &len);
		((kp_raw *)p)->text = estrndup(raw, len);
		((kp_raw *)p)->len = len;
		break;
	case KP_F_PAIRS:
		pairs_of(d, v, f->name, p);
		break;
	case KP_F_STRS:
		kp_json_strs(d, v, f->name, p);
		break;
	case KP_F_NUMS:
		kp_json_nums(d, v, f->name, p);
		break;
	case KP_F_INTS:
		kp_json_ints(d, v, f->name, p);
		break;
	case KP_F_COUNTS:
		counts_of(d, v, f->name, p);
		break;
	case KP_F_INSTS:
		insts_of(d, v, f->name, p);
		break;
	case KP_F_OBS:
		obs_of(d, v, f->name, p);
		break;
	case KP_F_BUCKETS:
		buckets_of(d, v, f->name, p);
		break;
	case KP_F_SEVCOUNTS:
		sevcounts_of(d, v, f->name, p);
		break;
	case KP_F_OBJS:
		objs_of(d, v, f, p);
		break;
	case KP_F_FLAGS:
		*(unsigned *)p = flags_of(d, v, f);
		break;
	case KP_F_DIFFS:
		diffs_of(d, v, f->name, p);
		break;
	}
}

/* the members a run record has beyond its table, as scalars (an object
 * or an array keeps its JSON text) */
static void
readextra(kp_json *d, const kp_rtype *t, kp_run *r)
{
	int i, end = (int)d->tok[0].next;
	const char *k;
	size_t len;
	kp_extra *x;

	for (i = 1; i < end; i = (int)d->tok[i + 1].next) {
		k = keytext(d, i, &len);
		if (lookup(t, k, len) >= 0 || (len == 4 && memcmp(k, "type", 4) == 0))
			continue;
		r->extra = kp_grow(r->extra, r->nextra, sizeof(*r->extra));
		x = &r->extra[r->nextra++];
		x->name = estrndup(k, len);
		scalar_of(d, i + 1, &x->v);
	}
}

void
kp_rec_read(kp_json *d, const kp_rtype *t, void *rec, const kp_has *want,
    kp_recix *ix)
{
	int tok[MAXF + 1], f;

	memset(rec, 0, t->size);
	kp_rec_index(d, t, tok, ix);
	for (f = 0; f < t->nf; f++)
		if (!want || kp_has_get(want, f))
			readfield(d, t, f, tok[f], rec);
	if (t->extra && !want)
		readextra(d, t, rec);
}

static void
freefield(const kp_field *f, void *p)
{
	size_t i;

	switch (f->kind) {
	case KP_F_STR:
		free(*(char **)p);
		break;
	case KP_F_SCALAR:
		free(((kp_scalar *)p)->text);
		break;
	case KP_F_RAW:
		free(((kp_raw *)p)->text);
		break;
	case KP_F_PAIRS:
		for (i = 0; i < ((kp_pairs *)p)->n; i++) {
			free(((kp_pairs *)p)->name[i]);
			free(((kp_pairs *)p)->val[i]);
		}
		free(((kp_pairs *)p)->name);
		free(((kp_pairs *)p)->val);
		break;
	case KP_F_STRS:
		kp_strs_free(p);
		break;
	case KP_F_NUMS:
		free(((kp_nums *)p)->v);
		break;
	case KP_F_INTS:
		free(((kp_ints *)p)->v);
		break;
	case KP_F_COUNTS:
		for (i = 0; i < ((kp_counts *)p)->n; i++)
			free(((kp_counts *)p)->name[i]);
		free(((kp_counts *)p)->name);
		free(((kp_counts *)p)->v);
		break;
	case KP_F_INSTS:
		for (i = 0; i < ((kp_insts *)p)->n; i++)
			free(((kp_insts *)p)->v[i].instance);
		free(((kp_insts *)p)->v);
		break;
	case KP_F_OBS:
		for (i = 0; i < KP_NLV; i++)
			free(((kp_obs *)p)->lv[i].v);
		break;
	case KP_F_BUCKETS:
		free(((kp_buckets *)p)->v);
		break;
	case KP_F_OBJS:
		for (i = 0; i < ((kp_objs *)p)->n; i++)
			kp_rec_free(f->sub, (char *)((kp_objs *)p)->v + i * f->sub->size);
		free(((kp_objs *)p)->v);
		break;
	case KP_F_DIFFS:
		for (i = 0; i < ((kp_diffs *)p)->n; i++) {
			free(((kp_diffs *)p)->v[i].field);
			free(((kp_diffs *)p)->v[i].base);
			free(((kp_diffs *)p)->v[i].target);
		}
		free(((kp_diffs *)p)->v);
		break;
	}
}

void
kp_rec_free(const kp_rtype *t, void *rec)
{
	kp_run *r = rec;
	size_t i;
	int f;

	for (f = 0; f < t->nf; f++)
		freefield(&t->f[f], member(rec, &t->f[f]));
	if (t->extra) {
		for (i = 0; i < r->nextra; i++) {
			free(r->extra[i].name);
			free(r->extra[i].v.text);
		}
		free(r->extra);
	}
	memset(rec, 0, t->size);
}

void
kp_rec_set_str(const kp_rtype *t, void *rec, int f, const char *s)
{
	void *p = member(rec, &t->f[f]);

	if (t->f[f].kind == KP_F_STR) {
		free(*(char **)p);
		*(char **)p = s ? estrdup(s) : NULL;
	} else if (t->f[f].kind == KP_F_SCALAR) {
		free(((kp_scalar *)p)->text);
		((kp_scalar *)p)->text = s ? estrdup(s) : NULL;
		((kp_scalar *)p)->type = s ? KP_JSTR : KP_JNULL;
	} else
		kp_die("%s: not a string field", t->f[f].name);
	kp_has_set(rec, f);
}

void
kp_rec_set_int(const kp_rtype *t, void *rec, int f, long long v)
{
	void *p = member(rec, &t->f[f]);
	char buf[32];

	if (t->f[f].kind == KP_F_INT)
		*(long long *)p = v;
	else if (t->f[f].kind == KP_F_SCALAR) {
		snprintf(buf, sizeof(buf), "%lld", v);
		free(((kp_scalar *)p)->text);
		((kp_scalar *)p)->text = estrdup(buf);
		((kp_scalar *)p)->type = KP_JNUM;
	} else
		kp_die("%s: not an integer field", t->f[f].name);
	kp_has_set(rec, f);
}

/* ---- writing ---- */

static void
wscalar(kp_w *w, const kp_scalar *s)
{
	if (!s->text || s->type == KP_JNULL)
		kp_w_null(w);
	else if (s->type == KP_JSTR)
		kp_w_str(w, s->text);
	else
		kp_w_raw(w, s->text, strlen(s->text));
}

static void
wnums(kp_w *w, const kp_nums *v)
{
	size_t i;

	kp_w_arr(w);
	for (i = 0; i < v->n; i++)
		kp_w_num(w, v->v[i]);
	kp_w_end(w);
}

static void
wint(kp_w *w, long long x)
{
	if (x == KP_NULL_INT)
		kp_w_null(w);
	else
		kp_w_int(w, x);
}

/* A level whose units are single samples repeats the values of sub:
 * they are formatted once (formatting was a third of kp-stats' output
 * time). */
static void
wobs(kp_w *w, const kp_obs *o)
{
	const kp_nums *sub = &o->lv[KP_LV_SUB];
	char *txt = NULL;
	size_t len = 0, i;
	int lv;

	for (lv = 0; lv < KP_LV_SUB && !txt; lv++)
		if (o->lv[lv].v == sub->v && o->lv[lv].n == sub->n && sub->n) {
			txt = emalloc(sub->n * (KP_NUMBUF + 1) + 2);
			txt[len++] = '[';
			for (i = 0; i < sub->n; i++) {
				if (i)
					txt[len++] = ',';
				len += kp_fmt_num(txt + len, sub->v[i]);
			}
			txt[len++] = ']';
		}
	kp_w_obj(w);
	for (lv = 0; lv < KP_NLV; lv++) {
		kp_w_key(w, kp_word(&kp_level_v, lv));
		if (txt && o->lv[lv].v == sub->v && o->lv[lv].n == sub->n)
			kp_w_raw(w, txt, len);
		else
			wnums(w, &o->lv[lv]);
	}
	kp_w_end(w);
	free(txt);
}

static void
writefield(kp_w *w, const kp_field *f, const void *p)
{
	size_t i;
	int k;

	kp_w_key(w, f->name);
	switch (f->kind) {
	case KP_F_STR:
		kp_w_str(w, *(char *const *)p);
		break;
	case KP_F_INT:
		wint(w, *(const long long *)p);
		break;
	case KP_F_NUM:
		kp_w_num(w, *(const double *)p);
		break;
	case KP_F_BOOL:
		if (*(const int *)p < 0)
			kp_w_null(w);
		else
			kp_w_bool(w, *(const int *)p);
		break;
	case KP_F_ENUM:
		kp_w_str(w, kp_word(f->vocab, *(const int *)p));
		break;
	case KP_F_SCALAR:
		wscalar(w, p);
		break;
	case KP_F_RAW:
		if (((const kp_raw *)p)->text)
			kp_w_raw(w, ((const kp_raw *)p)->text, ((const kp_raw *)p)->len);
		else
			kp_w_null(w);
		break;
	case KP_F_PAIRS: {
		const kp_pairs *s = p;

		kp_w_obj(w);
		for (i = 0; i < s->n; i++)
			kp_w_kstr(w, s->name[i], s->val[i]);
		kp_w_end(w);
		break;
	}
	case KP_F_STRS: {
		const kp_strs *s = p;

		kp_w_arr(w);
		for (i = 0; i < s->n; i++)
			kp_w_str(w, s->v[i]);
		kp_w_end(w);
		break;
	}
	case KP_F_NUMS:
		wnums(w, p);
		break;
	case KP_F_INTS: {
		const kp_ints *s = p;

		kp_w_arr(w);
		for (i = 0; i < s->n; i++)
			kp_w_int(w, s->v[i]);
		kp_w_end(w);
		break;
	}
	case KP_F_COUNTS: {
		const kp_counts *c = p;

		kp_w_obj(w);
		for (i = 0; i < c->n; i++)
			kp_w_kint(w, c->name[i], c->v[i]);
		kp_w_end(w);
		break;
	}
	case KP_F_INSTS: {
		const kp_insts *in = p;

		kp_w_arr(w);
		for (i = 0; i < in->n; i++) {
			kp_w_obj(w);
			kp_w_kstr(w, "instance", in->v[i].instance);
			kp_w_key(w, "n");
			wint(w, in->v[i].n);
			kp_w_knum(w, "median", in->v[i].median);
			kp_w_knum(w, "mean", in->v[i].mean);
			kp_w_knum(w, "huber", in->v[i].huber);
			kp_w_end(w);
		}
		kp_w_end(w);
		break;
	}
	case KP_F_OBS:
		wobs(w, p);
		break;
	case KP_F_BUCKETS: {
		const kp_buckets *b = p;

		kp_w_arr(w);
		for (i = 0; i < b->n; i++) {
			kp_w_obj(w);
			kp_w_knum(w, "lo", b->v[i].lo);
			kp_w_knum(w, "hi", b->v[i].hi);
			kp_w_kint(w, "count", b->v[i].count);
			kp_w_end(w);
		}
		kp_w_end(w);
		break;
	}
	case KP_F_OBJS: {
		const kp_objs *o = p;

		kp_w_arr(w);
		for (i = 0; i < o->n; i++) {
			kp_w_obj(w);
			kp_rec_members(w, f->sub, (const char *)o->v + i * f->sub->size);
			kp_w_end(w);
		}
		kp_w_end(w);
		break;
	}
	case KP_F_SEVCOUNTS: {
		const long long *sc = p;

		kp_w_obj(w);
		for (k = 0; k <= KP_NSEV; k++)
			if (sc[k])
				kp_w_kint(w, kp_word(&kp_severity_v, k), sc[k]);
		kp_w_end(w);
		break;
	}
	case KP_F_FLAGS:
		kp_w_arr(w);
		for (k = 0; k <= f->vocab->n; k++)
			if (*(const unsigned *)p >> k & 1)
				kp_w_str(w, kp_word(f->vocab, k));
		kp_w_end(w);
		break;
	case KP_F_DIFFS: {
		const kp_diffs *df = p;

		if (df->n == 0) {
			kp_w_null(w);
			break;
		}
		kp_w_obj(w);
		for (i = 0; i < df->n; i++) {
			kp_w_key(w, df->v[i].field);
			kp_w_arr(w);
			kp_w_str(w, df->v[i].base);
			kp_w_str(w, df->v[i].target);
			kp_w_end(w);
		}
		kp_w_end(w);
		break;
	}
	}
}

void
kp_rec_members(kp_w *w, const kp_rtype *t, const void *rec)
{
	const kp_run *r = rec;
	size_t i;
	int f;

	for (f = 0; f < t->nf; f++)
		if (kp_has_get(rec, f))
			writefield(w, &t->f[f], cmember(rec, &t->f[f]));
	if (t->extra)
		for (i = 0; i < r->nextra; i++) {
			kp_w_key(w, r->extra[i].name);
			wscalar(w, &r->extra[i].v);
		}
}

/* the kinds kp_w_flat's calls write */
static int
flatkind(int kind)
{
	return kind == KP_F_STR || kind == KP_F_INT || kind == KP_F_NUM ||
	    kind == KP_F_BOOL || kind == KP_F_ENUM || kind == KP_F_STRS ||
	    kind == KP_F_FLAGS;
}

int
kp_rec_flat(const kp_rtype *t, const void *rec)
{
	const kp_has *h = rec;
	uint64_t b;
	int i, f;

	if (t->extra)
		return 0;
	for (i = 0; i < 2; i++)
		for (b = h->bit[i]; b; b &= b - 1) {
			f = 64 * i + __builtin_ctzll(b);
			/* a bit past the table, which kp_rec_members()
			 * passes over */
			if (f >= t->nf || !flatkind(t->f[f].kind))
				return 0;
		}
	return 1;
}

/* writefield()'s bytes for a flat kind, by kp_w_flat's calls */
static void
flatfield(kp_w *w, const kp_field *f, const void *p)
{
	const kp_strs *s;
	const char *sep;
	size_t i;
	int k;

	kp_w_flat_key(w, f->name, f->len);
	switch (f->kind) {
	case KP_F_STR:
		kp_w_flat_str(w, *(char *const *)p);
		break;
	case KP_F_INT:
		if (*(const long long *)p == KP_NULL_INT)
			kp_w_flat_lit(w, "null", 4);
		else
			kp_w_flat_int(w, *(const long long *)p);
		break;
	case KP_F_NUM:
		kp_w_flat_num(w, *(const double *)p);
		break;
	case KP_F_BOOL:
		if (*(const int *)p < 0)
			kp_w_flat_lit(w, "null", 4);
		else if (*(const int *)p)
			kp_w_flat_lit(w, "true", 4);
		else
			kp_w_flat_lit(w, "false", 5);
		break;
	case KP_F_ENUM:
		kp_w_flat_str(w, kp_word(f->vocab, *(const int *)p));
		break;
	case KP_F_STRS:
		s = p;
		kp_w_flat_lit(w, "[", 1);
		for (i = 0; i < s->n; i++) {
			if (i)
				kp_w_flat_lit(w, ",", 1);
			kp_w_flat_str(w, s->v[i]);
		}
		kp_w_flat_lit(w, "]", 1);
		break;
	case KP_F_FLAGS:
		sep = "[";
		for (k = 0; k <= f->vocab->n; k++)
			if (*(const unsigned *)p >> k & 1) {
				kp_w_flat_lit(w, sep, 1);
				kp_w_flat_str(w, kp_word(f->vocab, k));
				sep = ",";
			}
		kp_w_flat_lit(w, *sep == '[' ? "[]" : "]", *sep == '[' ? 2 : 1);
		break;
	}
}

/* kp_rec_members() into an object of its own: by the flat writer when
 * the record's every field is of a flat kind and it is a line of its
 * own, as most are */
void
kp_rec_write(kp_w *w, const kp_rtype *t, const void *rec)
{
	const kp_has *h = rec;
	const kp_field *f;
	uint64_t b;
	int i;

	if (kp_rec_flat(t, rec) && kp_w_flat_open(w, t->name)) {
		for (i = 0; i < 2; i++)
			for (b = h->bit[i]; b; b &= b - 1) {
				f = &t->f[64 * i + __builtin_ctzll(b)];
				flatfield(w, f, cmember(rec, f));
			}
		kp_w_flat_close(w);
		return;
	}
	kp_w_obj(w);
	kp_w_kstr(w, "type", t->name);
	kp_rec_members(w, t, rec);
	kp_w_end(w);
}
