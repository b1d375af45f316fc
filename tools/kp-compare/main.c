/* kp-compare: pair each target experiment with its baseline and compare
 * every measurement they share.  See kp-compare(1). */
#include <err.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "dist.h"
#include "strmap.h"
#include "compare.h"

typedef struct {
	char *name, *val;
} Field;

typedef struct {
	char *file;
	long line;
	char *exp, *key, *kernel, *job, *suite, *bench, *test, *op, *metric;
	char *unit, *better, *gid;
	long long conc;
	char **runs;
	size_t nruns;
	Field *f;
	size_t nf;
	Side side;
	size_t *rix;	/* the run records of its runs */
	size_t nrix;
	size_t *kc;	/* the kernel classes of it and of those run records */
	size_t nkc;
} Stat;

typedef struct {
	char *run;
	Field *f;
	size_t nf;
} Run;

typedef struct {	/* FIELD=VALUE; a bare VALUE is kernel=VALUE */
	char *field, *val;
} Sel;

typedef struct {
	Sel *s;
	size_t n;
} SelSet;

typedef struct {
	SelSet b, t;
	char *bname, *tname;
	char **keys;	/* only these keys (default pairing), or all */
	size_t *kix;	/* their indexes in keymap */
	size_t nkeys;
} Pair;

typedef struct {	/* stat indexes, ascending */
	size_t *v;
	size_t n;
} List;

typedef struct {
	char *gid;
	Stat **b, **t;
	size_t nb, nt;
	Side sb, st;
	Result r;
} Group;

static Stat *stats;
static size_t nstats;
static Run *runs;
static size_t nruns;
static kp_w *w;

/* Indexes built once all records are read, so that pairing and
 * selecting cost time in proportion to the stats concerned, not to
 * every stat for every pair.  A kernel class is the set of kernel names
 * kernel_eq() holds equal. */
static kp_strmap *keymap;	/* key -> index */
static List *bykey;
static kp_strmap *kclassmap;	/* canonical version -> kernel class */
static kp_strmap *kernmap;	/* kernel name -> index in kernclass */
static size_t *kernclass;
static List *byclass;	/* by kernel class */
static kp_strmap *kcmap;	/* (key index, kernel class) -> index in bykc */
static List *bykc;

static void
usage(void)
{
	fprintf(stderr, "usage: kp-compare [-b sel] [-t sel] [-p pairs] [-m method] [file ...]\n");
	exit(KP_EXIT_BAD);
}

/* room for element n of an array whose capacity is the power of 2 at
 * or above its length: growing by one at a time is quadratic under a
 * realloc that always copies (AddressSanitizer's) */
static void *
grow(void *p, size_t n, size_t size)
{
	if (n & (n - 1))
		return p;
	return ereallocarray(p, n ? 2 * n : 1, size);
}

static void
addfield(Field **f, size_t *n, const char *name, const char *val)
{
	*f = grow(*f, *n, sizeof(**f));
	(*f)[*n].name = estrdup(name);
	(*f)[*n].val = estrdup(val);
	(*n)++;
}

/* the scalar members of a record (and the elements of its arrays of
 * scalars), as text, for FIELD=VALUE selection */
static void
fields(kp_json *d, Field **f, size_t *n)
{
	int k, v, e;
	size_t len;
	const char *raw, *name;
	char *tmp;

	for (k = kp_json_first(d, 0); k >= 0 && (uint32_t)k < d->tok[0].next;
	    k = (int)d->tok[k + 1].next) {
		name = kp_json_str(d, k);
		tmp = estrdup(name);
		v = k + 1;
		if (d->tok[v].type == KP_JSTR) {
			addfield(f, n, tmp, kp_json_str(d, v));
		} else if (d->tok[v].type == KP_JNUM || d->tok[v].type == KP_JTRUE ||
		    d->tok[v].type == KP_JFALSE) {
			raw = kp_json_raw(d, v, &len);
			char *s = estrndup(raw, len);
			addfield(f, n, tmp, s);
			free(s);
		} else if (d->tok[v].type == KP_JARR) {
			for (e = kp_json_first(d, v); e >= 0 && (uint32_t)e < d->tok[v].next;
			    e = (int)d->tok[e].next)
				if (d->tok[e].type == KP_JSTR)
					addfield(f, n, tmp, kp_json_str(d, e));
		}
		free(tmp);
	}
}

static double *
numarray(kp_json *d, int arr, const char *what, size_t *n)
{
	double *v;
	int e;

	*n = 0;
	if (arr < 0)
		return NULL;
	if (d->tok[arr].type != KP_JARR)
		kp_rec_die(d, arr, "expected an array of numbers for %s", what);
	v = ereallocarray(NULL, d->tok[arr].n + 1, sizeof(*v));
	for (e = kp_json_first(d, arr); e >= 0 && *n < d->tok[arr].n; e = (int)d->tok[e].next)
		if (kp_json_num(d, e, &v[(*n)++]) < 0 || !isfinite(v[*n - 1]))
			kp_rec_die(d, e, "expected a finite number in %s", what);
	return v;
}

static char **
strarray(kp_json *d, const char *key, size_t *n)
{
	int arr = kp_json_get(d, 0, key), e;
	char **v;

	*n = 0;
	if (arr < 0)
		kp_rec_die(d, -1, "missing \"%s\", expected an array of strings", key);
	if (d->tok[arr].type != KP_JARR)
		kp_rec_die(d, arr, "expected an array of strings for \"%s\"", key);
	v = ereallocarray(NULL, d->tok[arr].n + 1, sizeof(*v));
	for (e = kp_json_first(d, arr); e >= 0 && *n < d->tok[arr].n; e = (int)d->tok[e].next) {
		if (d->tok[e].type != KP_JSTR)
			kp_rec_die(d, e, "expected a string in \"%s\"", key);
		v[(*n)++] = estrdup(kp_json_str(d, e));
	}
	return v;
}

static void
readstat(kp_json *d, const char *file)
{
	Stat *s;
	int obs, pi, e, k;
	size_t i, len;
	char conc[32];

	stats = grow(stats, nstats, sizeof(*stats));
	s = &stats[nstats++];
	memset(s, 0, sizeof(*s));
	s->file = estrdup(file);
	s->line = d->line;
	s->exp = estrdup(kp_req_str(d, "exp"));
	s->key = estrdup(kp_req_str(d, "key"));
	s->kernel = estrdup(kp_req_str(d, "kernel"));
	s->job = estrdup(kp_req_str(d, "job"));
	s->suite = estrdup(kp_req_str(d, "suite"));
	s->bench = estrdup(kp_req_str(d, "bench"));
	s->test = estrdup(kp_req_str(d, "test"));
	s->op = estrdup(kp_req_str(d, "op"));
	s->metric = estrdup(kp_req_str(d, "metric"));
	s->unit = estrdup(kp_req_str(d, "unit"));
	s->better = estrdup(kp_req_str(d, "better"));
	if (strcmp(s->better, "higher") && strcmp(s->better, "lower"))
		kp_rec_die(d, kp_json_get(d, 0, "better"),
		    "expected \"higher\" or \"lower\" for \"better\"");
	s->conc = kp_req_int(d, "conc");
	s->runs = strarray(d, "runs", &s->nruns);
	s->side.median = kp_opt_num(d, "median", NAN);
	s->side.mean = kp_opt_num(d, "mean", NAN);
	s->side.cv = kp_opt_num(d, "cv", NAN);
	s->side.better = s->better;
	if ((obs = kp_json_get(d, 0, "obs")) < 0 || d->tok[obs].type != KP_JOBJ)
		kp_rec_die(d, obs, "expected an object \"obs\" with the unit values");
	for (i = 0; i < NLV; i++)
		s->side.obs[i] = numarray(d, kp_json_get(d, obs, lvname[i]), lvname[i],
		    &s->side.nobs[i]);
	if (s->side.nobs[LV_SUB] == 0)
		kp_rec_die(d, obs, "expected at least one value in obs.sub");
	if ((pi = kp_json_get(d, 0, "per_instance")) >= 0 && d->tok[pi].type == KP_JARR) {
		s->side.inst = ereallocarray(NULL, d->tok[pi].n + 1, sizeof(char *));
		s->side.instmed = ereallocarray(NULL, d->tok[pi].n + 1, sizeof(double));
		for (e = kp_json_first(d, pi); e >= 0 && s->side.ninst < d->tok[pi].n;
		    e = (int)d->tok[e].next) {
			double m;

			if (d->tok[e].type != KP_JOBJ ||
			    (k = kp_json_get(d, e, "instance")) < 0 ||
			    d->tok[k].type != KP_JSTR)
				kp_rec_die(d, e, "expected {\"instance\": string, \"median\": number} in per_instance");
			if (kp_json_num(d, kp_json_get(d, e, "median"), &m) < 0)
				kp_rec_die(d, e, "expected a number \"median\" in per_instance");
			s->side.inst[s->side.ninst] = estrdup(kp_json_str(d, k));
			s->side.instmed[s->side.ninst++] = m;
		}
	}
	fields(d, &s->f, &s->nf);
	snprintf(conc, sizeof(conc), "%lld", s->conc);
	len = strlen(s->key) + strlen(s->suite) + strlen(s->bench) + strlen(s->test) +
	    strlen(s->op) + strlen(s->metric) + strlen(conc) + 8;
	s->gid = emalloc(len);
	snprintf(s->gid, len, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", s->key, s->suite,
	    s->bench, s->test, s->op, s->metric, conc);
}

static void
readrun(kp_json *d)
{
	Run *r;

	runs = grow(runs, nruns, sizeof(*runs));
	r = &runs[nruns++];
	memset(r, 0, sizeof(*r));
	r->run = estrdup(kp_req_str(d, "run"));
	fields(d, &r->f, &r->nf);
}

static void
readfile(const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_json d;
	const char *type, *scope;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		kp_w_line(w, d.text, d.len);
		type = kp_rec_type(&d);
		if (strcmp(type, "stat") == 0) {
			scope = kp_opt_str(&d, "scope", "");
			if (strcmp(scope, "group") == 0)
				readstat(&d, kp_in_name(in));
		} else if (strcmp(type, "run") == 0)
			readrun(&d);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

static void
addsel(SelSet *ss, const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (*arg == '\0' || (eq && (eq == arg || eq[1] == '\0')))
		errx(KP_EXIT_BAD, "bad selection \"%s\": expected VERSION or FIELD=VALUE", arg);
	ss->s = ereallocarray(ss->s, ss->n + 1, sizeof(*ss->s));
	ss->s[ss->n].field = eq ? estrndup(arg, (size_t)(eq - arg)) : estrdup("kernel");
	ss->s[ss->n].val = estrdup(eq ? eq + 1 : arg);
	ss->n++;
}

static char *
selname(const SelSet *ss)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i < ss->n; i++)
		len += strlen(ss->s[i].field) + strlen(ss->s[i].val) + 2;
	s = ecalloc(1, len);
	for (i = 0; i < ss->n; i++) {
		if (i)
			strcat(s, ",");
		if (strcmp(ss->s[i].field, "kernel")) {
			strcat(s, ss->s[i].field);
			strcat(s, "=");
		}
		strcat(s, ss->s[i].val);
	}
	return s;
}

static int
kernel_eq(const char *a, const char *b)
{
	kp_kver x, y;

	if (strcmp(a, b) == 0)
		return 1;
	return kp_kver_parse(a, &x) == 0 && kp_kver_parse(b, &y) == 0 &&
	    kp_kver_cmp(&x, &y) == 0;
}

static int
fieldmatch(const Field *f, size_t nf, const Sel *s)
{
	size_t i;

	for (i = 0; i < nf; i++)
		if (strcmp(f[i].name, s->field) == 0 &&
		    (strcmp(s->field, "kernel") == 0 ? kernel_eq(f[i].val, s->val) :
		    strcmp(f[i].val, s->val) == 0))
			return 1;
	return 0;
}

/* one selection: selectors on the same field are alternatives, on
 * different fields all must hold; a field matches on the stat record or
 * on any run record of the stat's runs */
static int
selmatch(const SelSet *ss, const Stat *s)
{
	size_t i, j, r;
	int ok;

	for (i = 0; i < ss->n; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(ss->s[j].field, ss->s[i].field) == 0)
				break;
		if (j < i)
			continue;	/* field already decided */
		ok = 0;
		for (j = i; j < ss->n && !ok; j++) {
			if (strcmp(ss->s[j].field, ss->s[i].field))
				continue;
			if (fieldmatch(s->f, s->nf, &ss->s[j]))
				ok = 1;
			for (r = 0; r < s->nrix && !ok; r++)
				if (fieldmatch(runs[s->rix[r]].f, runs[s->rix[r]].nf, &ss->s[j]))
					ok = 1;
		}
		if (!ok)
			return 0;
	}
	return 1;
}

/* the kernel class of a kernel name: names kernel_eq() holds equal
 * have the same canonical version (what kp_kver_cmp() compares) */
static size_t
kclass(const char *name)
{
	kp_kver v;
	char num[96];
	size_t k, c;
	int isnew;

	k = kp_strmap_add(kernmap, name, strlen(name), &isnew);
	if (!isnew)
		return kernclass[k];
	kernclass = grow(kernclass, k, sizeof(*kernclass));
	if (kp_kver_parse(name, &v) == 0) {
		snprintf(num, sizeof(num), "%d.%d.%d.%d.%d.%d", v.major, v.minor, v.patch,
		    v.rc ? v.rc : INT_MAX, v.commits, v.dirty);
		c = kp_strmap_addv(kclassmap, &isnew, num, v.local, v.sha, NULL);
	} else
		c = kp_strmap_addv(kclassmap, &isnew, "", name, NULL);
	if (isnew) {
		byclass = grow(byclass, c, sizeof(*byclass));
		memset(&byclass[c], 0, sizeof(*byclass));
	}
	return kernclass[k] = c;
}

/* stats are added in ascending order, so a list stays sorted */
static void
addlist(List *l, size_t i)
{
	if (l->n && l->v[l->n - 1] == i)
		return;
	l->v = grow(l->v, l->n, sizeof(*l->v));
	l->v[l->n++] = i;
}

static void
addkclass(Stat *s, const Field *f, size_t nf)
{
	size_t i, j, c;

	for (i = 0; i < nf; i++) {
		if (strcmp(f[i].name, "kernel"))
			continue;
		c = kclass(f[i].val);
		for (j = 0; j < s->nkc && s->kc[j] != c; j++)
			;
		if (j == s->nkc) {
			s->kc = grow(s->kc, s->nkc, sizeof(*s->kc));
			s->kc[s->nkc++] = c;
		}
	}
}

/* each stat's run records, and the stats by key, by kernel class and by
 * both: what selmatch() and candidates() look up */
static void
index_stats(void)
{
	kp_strmap *runmap = kp_strmap_new();
	size_t *first, *next, i, j, k, r, ki, c, kc[2];
	long f;
	int isnew;
	Stat *s;

	/* the run records of each run name, chained through next */
	first = ereallocarray(NULL, nruns + 1, sizeof(*first));
	next = ereallocarray(NULL, nruns + 1, sizeof(*next));
	for (k = 0; k < nruns; k++) {
		j = kp_strmap_add(runmap, runs[k].run, strlen(runs[k].run), &isnew);
		next[k] = isnew ? SIZE_MAX : first[j];
		first[j] = k;
	}
	keymap = kp_strmap_new();
	kernmap = kp_strmap_new();
	kclassmap = kp_strmap_new();
	kcmap = kp_strmap_new();
	for (i = 0; i < nstats; i++) {
		s = &stats[i];
		for (r = 0; r < s->nruns; r++) {
			if ((f = kp_strmap_find(runmap, s->runs[r], strlen(s->runs[r]))) < 0)
				continue;
			for (k = first[f]; k != SIZE_MAX; k = next[k]) {
				s->rix = grow(s->rix, s->nrix, sizeof(*s->rix));
				s->rix[s->nrix++] = k;
			}
		}
		ki = kp_strmap_add(keymap, s->key, strlen(s->key), &isnew);
		if (isnew) {
			bykey = grow(bykey, ki, sizeof(*bykey));
			memset(&bykey[ki], 0, sizeof(*bykey));
		}
		addlist(&bykey[ki], i);
		addkclass(s, s->f, s->nf);
		for (r = 0; r < s->nrix; r++)
			addkclass(s, runs[s->rix[r]].f, runs[s->rix[r]].nf);
		for (j = 0; j < s->nkc; j++) {
			addlist(&byclass[s->kc[j]], i);
			kc[0] = ki;
			kc[1] = s->kc[j];
			c = kp_strmap_add(kcmap, (const char *)kc, sizeof(kc), &isnew);
			if (isnew) {
				bykc = grow(bykc, c, sizeof(*bykc));
				memset(&bykc[c], 0, sizeof(*bykc));
			}
			addlist(&bykc[c], i);
		}
	}
	free(first);
	free(next);
	kp_strmap_free(runmap);
}

static int
cmpsize(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* the kernel classes a selection's kernel selectors name; 0 when it
 * has none */
static size_t
selclasses(const SelSet *ss, size_t **c, size_t n)
{
	size_t i, m = 0;

	for (i = 0; i < ss->n; i++)
		if (strcmp(ss->s[i].field, "kernel") == 0) {
			*c = grow(*c, n + m, sizeof(**c));
			(*c)[n + m++] = kclass(ss->s[i].val);
		}
	return m;
}

/* The stats that may match a side of pair p, ascending, in *n; NULL
 * when that may be any stat.  A stat matching a selection with kernel
 * selectors has one of their kernel classes, so when both sides have
 * them only the stats of those classes (and of the pair's keys) need
 * selmatch().  Ascending, so that groups and warnings come in the
 * order of the input. */
static size_t *
candidates(const Pair *p, size_t *n)
{
	size_t *cls = NULL, ncls = 0, nb, nt, i, k, kc[2], *v, nv = 0, nl = 0;
	const List **l = NULL;
	long f;

	nb = selclasses(&p->b, &cls, 0);
	ncls = nb + (nt = selclasses(&p->t, &cls, nb));
	if (!nb || !nt)
		ncls = 0;
	if (!p->keys && !ncls) {
		free(cls);
		return NULL;
	}
	for (k = 0; k < (p->keys ? p->nkeys : 1); k++)
		for (i = 0; i < (ncls ? ncls : 1); i++) {
			l = grow(l, nl, sizeof(*l));
			if (p->keys && ncls) {
				kc[0] = p->kix[k];
				kc[1] = cls[i];
				if ((f = kp_strmap_find(kcmap, (const char *)kc, sizeof(kc))) < 0)
					continue;
				l[nl] = &bykc[f];
			} else
				l[nl] = p->keys ? &bykey[p->kix[k]] : &byclass[cls[i]];
			nv += l[nl++]->n;
		}
	v = ereallocarray(NULL, nv + 1, sizeof(*v));
	for (i = 0, nv = 0; i < nl; i++)
		if (l[i]->n) {	/* else v is NULL, which memcpy may not take */
			memcpy(v + nv, l[i]->v, l[i]->n * sizeof(*v));
			nv += l[i]->n;
		}
	free(l);
	free(cls);
	qsort(v, nv, sizeof(*v), cmpsize);
	for (i = k = 0; i < nv; i++)
		if (k == 0 || v[i] != v[k - 1])
			v[k++] = v[i];
	*n = k;
	return v;
}

static int
strcmpp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the side of a group pooled over its stat records */
static void
pool(Stat **s, size_t n, Side *out)
{
	size_t i, l, k;
	double *v;

	if (n == 1) {
		*out = s[0]->side;
		return;
	}
	memset(out, 0, sizeof(*out));
	out->better = s[0]->better;
	for (l = 0; l < NLV; l++) {
		for (i = 0; i < n; i++)
			out->nobs[l] += s[i]->side.nobs[l];
		out->obs[l] = ereallocarray(NULL, out->nobs[l] + 1, sizeof(double));
		for (i = 0, k = 0; i < n; i++) {
			if (s[i]->side.nobs[l] == 0)
				continue;	/* its obs is NULL, which memcpy may not take */
			memcpy(out->obs[l] + k, s[i]->side.obs[l],
			    s[i]->side.nobs[l] * sizeof(double));
			k += s[i]->side.nobs[l];
		}
	}
	/* instances only when every record names its instances */
	for (i = 0; i < n && s[i]->side.ninst == s[i]->side.nobs[LV_INSTANCE]; i++)
		;
	if (i == n) {
		out->inst = ereallocarray(NULL, out->nobs[LV_INSTANCE] + 1, sizeof(char *));
		out->instmed = ereallocarray(NULL, out->nobs[LV_INSTANCE] + 1, sizeof(double));
		for (i = 0; i < n; i++)
			for (k = 0; k < s[i]->side.ninst; k++) {
				out->inst[out->ninst] = s[i]->side.inst[k];
				out->instmed[out->ninst++] = s[i]->side.instmed[k];
			}
	}
	k = out->nobs[LV_SUB];
	v = ereallocarray(NULL, k + 1, sizeof(*v));
	memcpy(v, out->obs[LV_SUB], k * sizeof(*v));
	kp_sort(v, k);
	out->median = kp_median(v, k);
	out->mean = kp_mean(v, k);
	out->cv = kp_sd(v, k) / out->mean;
	free(v);
}

/* distinct values of one string member of the stats, joined with '+' */
static char *
joined(Stat **s, size_t n, size_t off)
{
	char **v, *out;
	size_t i, m = 0, len = 1;

	v = ereallocarray(NULL, n, sizeof(*v));
	for (i = 0; i < n; i++)
		v[m++] = *(char **)((char *)s[i] + off);
	qsort(v, m, sizeof(*v), strcmpp);
	for (i = 0; i < m; i++)
		len += strlen(v[i]) + 1;
	out = ecalloc(1, len);
	for (i = 0; i < m; i++) {
		if (i && strcmp(v[i], v[i - 1]) == 0)
			continue;
		if (*out)
			strcat(out, "+");
		strcat(out, v[i]);
	}
	free(v);
	return out;
}

static void
writeruns(const char *key, Stat **s, size_t n)
{
	char **v;
	size_t i, j, m = 0;

	for (i = 0; i < n; i++)
		m += s[i]->nruns;
	v = ereallocarray(NULL, m + 1, sizeof(*v));
	for (i = 0, m = 0; i < n; i++)
		for (j = 0; j < s[i]->nruns; j++)
			v[m++] = s[i]->runs[j];
	qsort(v, m, sizeof(*v), strcmpp);
	kp_w_key(w, key);
	kp_w_arr(w);
	for (i = 0; i < m; i++)
		if (i == 0 || strcmp(v[i], v[i - 1]))
			kp_w_str(w, v[i]);
	kp_w_end(w);
	free(v);
}

static void
writecmp(Group *g)
{
	Stat *t = g->t[0];
	Result *r = &g->r;
	char *s;

	kp_w_obj(w);
	kp_w_kstr(w, "type", "cmp");
	kp_w_kstr(w, "key", t->key);
	kp_w_kstr(w, "job", t->job);
	kp_w_kstr(w, "suite", t->suite);
	kp_w_kstr(w, "bench", t->bench);
	kp_w_kstr(w, "test", t->test);
	kp_w_kstr(w, "op", t->op);
	kp_w_kstr(w, "metric", t->metric);
	kp_w_kstr(w, "unit", t->unit);
	kp_w_kstr(w, "better", t->better);
	kp_w_kint(w, "conc", t->conc);
	kp_w_kstr(w, "base_kernel", s = joined(g->b, g->nb, offsetof(Stat, kernel)));
	free(s);
	kp_w_kstr(w, "target_kernel", s = joined(g->t, g->nt, offsetof(Stat, kernel)));
	free(s);
	kp_w_kstr(w, "base_exp", s = joined(g->b, g->nb, offsetof(Stat, exp)));
	free(s);
	kp_w_kstr(w, "target_exp", s = joined(g->t, g->nt, offsetof(Stat, exp)));
	free(s);
	writeruns("base_runs", g->b, g->nb);
	writeruns("target_runs", g->t, g->nt);
	kp_w_kstr(w, "obs_level", lvname[r->level]);
	kp_w_kint(w, "n_base", (long long)r->nb);
	kp_w_kint(w, "n_target", (long long)r->nt);
	kp_w_knum(w, "base_median", g->sb.median);
	kp_w_knum(w, "target_median", g->st.median);
	kp_w_knum(w, "base_mean", g->sb.mean);
	kp_w_knum(w, "target_mean", g->st.mean);
	kp_w_knum(w, "base_cv", g->sb.cv);
	kp_w_knum(w, "target_cv", g->st.cv);
	kp_w_knum(w, "change_pct", r->change);
	kp_w_knum(w, "change_mean_pct", r->change_mean);
	kp_w_knum(w, "ci_low_pct", r->ci_lo);
	kp_w_knum(w, "ci_high_pct", r->ci_hi);
	kp_w_kstr(w, "method", r->method);
	kp_w_knum(w, "p", r->p);
	kp_w_knum(w, "q", r->q);
	kp_w_knum(w, "df", r->df);
	kp_w_knum(w, "prior_df", r->prior_df);
	kp_w_knum(w, "shrink", r->shrink);
	if (!isnan(r->cidiff))
		kp_w_knum(w, "cidiff", r->cidiff);
	kp_w_knum(w, "hedges_g", r->g);
	kp_w_knum(w, "cliffs_delta", r->delta);
	kp_w_kbool(w, "worse", r->worse);
	kp_w_end(w);
}

static const char *
measure(const Stat *s, char *buf, size_t sz)
{
	snprintf(buf, sz, "%s/%s/%s[%s %s] at %lld", s->suite, s->bench, s->test,
	    s->op, s->metric, s->conc);
	return buf;
}

/* the concurrency levels of one measurement, a family, tested together;
 * families in the order of their first group, levels in group order */
static void
sweep(Group *g, size_t ng)
{
	kp_strmap *fm = kp_strmap_new();
	Family *f = NULL, *fi;
	size_t i, k, nf = 0;
	int isnew;
	Stat *t;

	for (i = 0; i < ng; i++) {
		if (!g[i].nb || !g[i].nt)
			continue;
		t = g[i].t[0];
		k = kp_strmap_addv(fm, &isnew, t->key, t->suite, t->bench, t->test, t->op,
		    t->metric, NULL);
		if (isnew) {
			f = grow(f, nf, sizeof(*f));
			memset(&f[nf++], 0, sizeof(*f));
		}
		fi = &f[k];
		fi->r = grow(fi->r, fi->k, sizeof(*fi->r));
		fi->b = grow(fi->b, fi->k, sizeof(*fi->b));
		fi->t = grow(fi->t, fi->k, sizeof(*fi->t));
		fi->r[fi->k] = &g[i].r;
		fi->b[fi->k] = &g[i].sb;
		fi->t[fi->k++] = &g[i].st;
	}
	test_sweep(f, nf);
	for (i = 0; i < nf; i++) {
		free(f[i].r);
		free(f[i].b);
		free(f[i].t);
	}
	free(f);
	kp_strmap_free(fm);
}

static void
compare_pair(Pair *p, enum method m)
{
	Group *g = NULL;
	Result **rs;
	double *ps, *qs;
	size_t ng = 0, i, j, nr, nmiss_b = 0, nmiss_t = 0, lv, *cand, ncand;
	Stat *s, *miss_b = NULL, *miss_t = NULL;
	kp_strmap *gm = kp_strmap_new();
	char buf[512];
	int isnew;

	cand = candidates(p, &ncand);
	for (i = 0; i < (cand ? ncand : nstats); i++) {
		int mb, mt;

		s = &stats[cand ? cand[i] : i];
		mb = selmatch(&p->b, s);
		mt = selmatch(&p->t, s);
		if (!mb && !mt)
			continue;
		if (mb && mt) {
			kp_warn_at(s->file, s->line, 0,
			    "stat of %s matches both baseline %s and target %s; left out",
			    measure(s, buf, sizeof(buf)), p->bname, p->tname);
			continue;
		}
		j = kp_strmap_add(gm, s->gid, strlen(s->gid), &isnew);
		if (isnew) {
			g = grow(g, ng, sizeof(*g));
			memset(&g[ng], 0, sizeof(*g));
			g[ng++].gid = s->gid;
		}
		if (mb) {
			g[j].b = grow(g[j].b, g[j].nb, sizeof(Stat *));
			g[j].b[g[j].nb++] = s;
		} else {
			g[j].t = grow(g[j].t, g[j].nt, sizeof(Stat *));
			g[j].t[g[j].nt++] = s;
		}
	}
	free(cand);
	kp_strmap_free(gm);
	rs = ereallocarray(NULL, ng + 1, sizeof(*rs));
	for (i = 0; i < ng; i++) {
		if (!g[i].nb || !g[i].nt) {
			if (!g[i].nb && !nmiss_b++)
				miss_b = g[i].t[0];
			if (!g[i].nt && !nmiss_t++)
				miss_t = g[i].b[0];
			continue;
		}
		pool(g[i].b, g[i].nb, &g[i].sb);
		pool(g[i].t, g[i].nt, &g[i].st);
		if (strcmp(g[i].sb.better, g[i].st.better))
			kp_warn_at(g[i].t[0]->file, g[i].t[0]->line, 0,
			    "%s is better %s here and %s in the baseline; using the target's",
			    measure(g[i].t[0], buf, sizeof(buf)), g[i].st.better, g[i].sb.better);
		test_group(&g[i].sb, &g[i].st, m, &g[i].r);
	}
	if (nmiss_b)
		warnx("no baseline %s for %zu group(s) of target %s, e.g. %s (key %s)",
		    p->bname, nmiss_b, p->tname, measure(miss_b, buf, sizeof(buf)), miss_b->key);
	if (nmiss_t)
		warnx("no target %s for %zu group(s) of baseline %s, e.g. %s (key %s)",
		    p->tname, nmiss_t, p->bname, measure(miss_t, buf, sizeof(buf)), miss_t->key);
	/* the moderated test borrows from the groups tested at the same level */
	if (m == M_MODERATED || m == M_SWEEP)
		for (lv = 0; lv < NLV; lv++) {
			for (i = 0, nr = 0; i < ng; i++)
				if (g[i].nb && g[i].nt && g[i].r.level == (int)lv)
					rs[nr++] = &g[i].r;
			test_moderate(rs, nr);
		}
	if (m == M_SWEEP)
		sweep(g, ng);
	ps = ereallocarray(NULL, ng + 1, sizeof(*ps));
	qs = ereallocarray(NULL, ng + 1, sizeof(*qs));
	for (i = 0, nr = 0; i < ng; i++)
		if (g[i].nb && g[i].nt)
			ps[nr++] = g[i].r.p;
	kp_bh(ps, nr, qs);
	for (i = 0, nr = 0; i < ng; i++)
		if (g[i].nb && g[i].nt) {
			g[i].r.q = qs[nr++];
			writecmp(&g[i]);
		}
	free(ps);
	free(qs);
	free(rs);
	for (i = 0; i < ng; i++) {
		free(g[i].b);
		free(g[i].t);
	}
	free(g);
}

static const kp_kver *sortkv;

/* release indexes by version, then by index */
static int
byversion(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = kp_kver_cmp(&sortkv[x], &sortkv[y]);

	return c ? c : (x > y) - (x < y);
}

/* default pairing, per key: a release, or a release candidate or commit
 * of the next version, against the highest earlier release present; a
 * stable point release, a commit after a release or a local build of one
 * against that release.  Only tagged releases are baselines; of several
 * names of one release, the first named is the baseline of a later
 * version, and the last the baseline of a build on top of it. */
static Pair *
kernel_pairs(size_t *np)
{
	Pair *p = NULL;
	kp_strmap *pm = kp_strmap_new(), *km;
	char **kern, *key;
	kp_kver *kv, *ki;
	int *isbase, *hasbase, isnew, ontop;
	size_t nkeys = kp_strmap_len(keymap), *rel, nrel, lo, hi, mid, i, j, k, nk, best;
	List *l;

	*np = 0;
	for (k = 0; k < nkeys; k++) {
		l = &bykey[k];
		key = stats[l->v[0]].key;
		km = kp_strmap_new();
		kern = ereallocarray(NULL, l->n, sizeof(*kern));
		for (i = nk = 0; i < l->n; i++) {
			kp_strmap_add(km, stats[l->v[i]].kernel, strlen(stats[l->v[i]].kernel),
			    &isnew);
			if (isnew)
				kern[nk++] = stats[l->v[i]].kernel;
		}
		kp_strmap_free(km);
		kv = ecalloc(nk, sizeof(*kv));
		isbase = ecalloc(nk, sizeof(int));
		hasbase = ecalloc(nk, sizeof(int));
		rel = ecalloc(nk, sizeof(*rel));
		for (i = 0; i < nk; i++)
			if (kp_kver_parse(kern[i], &kv[i]) < 0) {
				warnx("key %s: cannot order kernel \"%s\"; give -b and -t",
				    key, kern[i]);
				hasbase[i] = isbase[i] = -1;
			}
		for (i = nrel = 0; i < nk; i++)
			if (hasbase[i] >= 0 && kp_kver_is_release(&kv[i]))
				rel[nrel++] = i;
		sortkv = kv;
		qsort(rel, nrel, sizeof(*rel), byversion);
		for (i = 0; i < nk; i++) {
			if (hasbase[i] < 0)
				continue;
			ki = &kv[i];
			ontop = ki->rc == 0 && !kp_kver_is_release(ki);
			/* rel[lo] is the first release of i's major.minor or later */
			for (lo = 0, hi = nrel; lo < hi;) {
				mid = lo + (hi - lo) / 2;
				if (kv[rel[mid]].major < ki->major || (kv[rel[mid]].major == ki->major &&
				    kv[rel[mid]].minor < ki->minor))
					lo = mid + 1;
				else
					hi = mid;
			}
			best = nk;
			if (ontop) {
				for (j = lo; j < nrel && kv[rel[j]].major == ki->major &&
				    kv[rel[j]].minor == ki->minor; j++)
					if (rel[j] != i && (best == nk || rel[j] > best))
						best = rel[j];
			} else if (lo > 0) {
				for (j = lo - 1; j > 0 && kp_kver_cmp(&kv[rel[j - 1]],
				    &kv[rel[lo - 1]]) == 0; j--)
					;
				best = rel[j];
			}
			if (best == nk)
				continue;
			hasbase[i] = isbase[best] = 1;
			j = kp_strmap_addv(pm, &isnew, kern[best], kern[i], NULL);
			if (isnew) {
				p = grow(p, *np, sizeof(*p));
				memset(&p[j], 0, sizeof(*p));
				addsel(&p[j].b, kern[best]);
				addsel(&p[j].t, kern[i]);
				p[j].bname = kern[best];
				p[j].tname = kern[i];
				(*np)++;
			}
			p[j].keys = grow(p[j].keys, p[j].nkeys, sizeof(char *));
			p[j].kix = grow(p[j].kix, p[j].nkeys, sizeof(size_t));
			p[j].kix[p[j].nkeys] = k;
			p[j].keys[p[j].nkeys++] = key;
		}
		for (i = 0; i < nk; i++)
			if (hasbase[i] == 0 && !isbase[i])
				warnx("key %s: no baseline for kernel %s: %s", key, kern[i],
				    kv[i].rc == 0 && !kp_kver_is_release(&kv[i]) ?
				    "its release is missing" : "no earlier release present");
		free(kv);
		free(isbase);
		free(hasbase);
		free(rel);
		free(kern);
	}
	kp_strmap_free(pm);
	return p;
}

static Pair *
readpairs(const char *path, size_t *np)
{
	kp_in *in = kp_in_open(path);
	Pair *p = NULL;
	char *line, *tok[2], *sv, *sel, *sv2;
	size_t len;

	*np = 0;
	while ((line = kp_in_line(in, &len))) {
		if ((sv = strchr(line, '#')))
			*sv = '\0';
		if (!(tok[0] = strtok_r(line, " \t", &sv)))
			continue;
		tok[1] = strtok_r(NULL, " \t", &sv);
		if (!tok[1] || strtok_r(NULL, " \t", &sv))
			kp_die_at(kp_in_name(in), kp_in_lineno(in), 0,
			    "expected two selections, BASELINE TARGET");
		p = ereallocarray(p, *np + 1, sizeof(*p));
		memset(&p[*np], 0, sizeof(*p));
		for (sel = strtok_r(tok[0], ",", &sv2); sel; sel = strtok_r(NULL, ",", &sv2))
			addsel(&p[*np].b, sel);
		for (sel = strtok_r(tok[1], ",", &sv2); sel; sel = strtok_r(NULL, ",", &sv2))
			addsel(&p[*np].t, sel);
		p[*np].bname = selname(&p[*np].b);
		p[*np].tname = selname(&p[*np].t);
		(*np)++;
	}
	kp_in_close(in);
	return p;
}

int
main(int argc, char *argv[])
{
	static Pair one;	/* reachable to the end, as the stats are */
	static Pair *pairs;
	size_t np, i;
	const char *pfile = NULL;
	enum method m = M_SWEEP;
	int c;

	while ((c = getopt(argc, argv, "b:m:p:t:")) != -1) {
		switch (c) {
		case 'b':
			addsel(&one.b, optarg);
			break;
		case 'm':
			if (strcmp(optarg, "moderated") == 0)
				m = M_MODERATED;
			else if (strcmp(optarg, "sweep") == 0)
				m = M_SWEEP;
			else if (strcmp(optarg, "welch-log") == 0)
				m = M_WELCHLOG;
			else if (strcmp(optarg, "welch") == 0)
				m = M_WELCH;
			else if (strcmp(optarg, "mwu") == 0)
				m = M_MWU;
			else if (strcmp(optarg, "mmtests-cidiff") == 0)
				m = M_CIDIFF;
			else if (strcmp(optarg, "paired") == 0)
				m = M_PAIRED;
			else
				errx(KP_EXIT_BAD, "unknown method \"%s\": expected moderated, "
				    "sweep, welch-log, welch, mwu, mmtests-cidiff or paired", optarg);
			break;
		case 'p':
			pfile = optarg;
			break;
		case 't':
			addsel(&one.t, optarg);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (!one.b.n != !one.t.n || (pfile && one.b.n))
		usage();

	w = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		readfile("-");
	for (i = 0; i < (size_t)argc; i++)
		readfile(argv[i]);
	index_stats();

	if (pfile)
		pairs = readpairs(pfile, &np);
	else if (one.b.n) {
		one.bname = selname(&one.b);
		one.tname = selname(&one.t);
		pairs = &one;
		np = 1;
	} else
		pairs = kernel_pairs(&np);
	for (i = 0; i < np; i++)
		compare_pair(&pairs[i], m);
	kp_w_close(w);
	return KP_EXIT_OK;
}
