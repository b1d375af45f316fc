/* kp-compare: pair each target experiment with its baseline and compare
 * every measurement they share.  See kp-compare(1). */
#include <err.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "dist.h"
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
	size_t nkeys;
} Pair;

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

static void
usage(void)
{
	fprintf(stderr, "usage: kp-compare [-b sel] [-t sel] [-p pairs] [-m method] [file ...]\n");
	exit(KP_EXIT_BAD);
}

static void
addfield(Field **f, size_t *n, const char *name, const char *val)
{
	*f = ereallocarray(*f, *n + 1, sizeof(**f));
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

	stats = ereallocarray(stats, nstats + 1, sizeof(*stats));
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

	runs = ereallocarray(runs, nruns + 1, sizeof(*runs));
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
	size_t i, j, r, k;
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
			for (r = 0; r < s->nruns && !ok; r++)
				for (k = 0; k < nruns && !ok; k++)
					if (strcmp(runs[k].run, s->runs[r]) == 0 &&
					    fieldmatch(runs[k].f, runs[k].nf, &ss->s[j]))
						ok = 1;
		}
		if (!ok)
			return 0;
	}
	return 1;
}

static int
haskey(const Pair *p, const char *key)
{
	size_t i;

	if (!p->keys)
		return 1;
	for (i = 0; i < p->nkeys; i++)
		if (strcmp(p->keys[i], key) == 0)
			return 1;
	return 0;
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

static int
samefamily(const Stat *a, const Stat *b)
{
	return strcmp(a->key, b->key) == 0 && strcmp(a->suite, b->suite) == 0 &&
	    strcmp(a->bench, b->bench) == 0 && strcmp(a->test, b->test) == 0 &&
	    strcmp(a->op, b->op) == 0 && strcmp(a->metric, b->metric) == 0;
}

/* the concurrency levels of one measurement, a family, tested together */
static void
sweep(Group *g, size_t ng)
{
	Family *f = NULL;
	char *done = ecalloc(ng + 1, 1);
	size_t i, j, k, nf = 0;

	for (i = 0; i < ng; i++) {
		if (done[i] || !g[i].nb || !g[i].nt)
			continue;
		f = ereallocarray(f, nf + 1, sizeof(*f));
		memset(&f[nf], 0, sizeof(*f));
		f[nf].r = ereallocarray(NULL, ng - i, sizeof(Result *));
		f[nf].b = ereallocarray(NULL, ng - i, sizeof(Side *));
		f[nf].t = ereallocarray(NULL, ng - i, sizeof(Side *));
		for (j = i, k = 0; j < ng; j++)
			if (!done[j] && g[j].nb && g[j].nt && samefamily(g[i].t[0], g[j].t[0])) {
				done[j] = 1;
				f[nf].r[k] = &g[j].r;
				f[nf].b[k] = &g[j].sb;
				f[nf].t[k++] = &g[j].st;
			}
		f[nf++].k = k;
	}
	test_sweep(f, nf);
	for (i = 0; i < nf; i++) {
		free(f[i].r);
		free(f[i].b);
		free(f[i].t);
	}
	free(f);
	free(done);
}

static void
compare_pair(Pair *p, enum method m)
{
	Group *g = NULL;
	Result **rs;
	double *ps, *qs;
	size_t ng = 0, i, j, nr, nmiss_b = 0, nmiss_t = 0, lv;
	Stat *s, *miss_b = NULL, *miss_t = NULL;
	char buf[512];

	for (i = 0; i < nstats; i++) {
		int mb, mt;

		s = &stats[i];
		if (!haskey(p, s->key))
			continue;
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
		for (j = 0; j < ng && strcmp(g[j].gid, s->gid); j++)
			;
		if (j == ng) {
			g = ereallocarray(g, ng + 1, sizeof(*g));
			memset(&g[ng], 0, sizeof(*g));
			g[ng++].gid = s->gid;
		}
		if (mb) {
			g[j].b = ereallocarray(g[j].b, g[j].nb + 1, sizeof(Stat *));
			g[j].b[g[j].nb++] = s;
		} else {
			g[j].t = ereallocarray(g[j].t, g[j].nt + 1, sizeof(Stat *));
			g[j].t[g[j].nt++] = s;
		}
	}
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

/* default pairing, per key: a release, or a release candidate or commit
 * of the next version, against the highest earlier release present; a
 * stable point release, a commit after a release or a local build of one
 * against that release.  Only tagged releases are baselines. */
static Pair *
kernel_pairs(size_t *np)
{
	Pair *p = NULL;
	char **keys = NULL, **kern;
	kp_kver *kv;
	int *isbase, *hasbase;
	size_t nkeys = 0, i, j, k, nk, best;

	*np = 0;
	for (i = 0; i < nstats; i++) {
		for (j = 0; j < nkeys && strcmp(keys[j], stats[i].key); j++)
			;
		if (j == nkeys) {
			keys = ereallocarray(keys, nkeys + 1, sizeof(*keys));
			keys[nkeys++] = stats[i].key;
		}
	}
	for (k = 0; k < nkeys; k++) {
		kern = NULL;
		nk = 0;
		for (i = 0; i < nstats; i++) {
			if (strcmp(stats[i].key, keys[k]))
				continue;
			for (j = 0; j < nk && strcmp(kern[j], stats[i].kernel); j++)
				;
			if (j == nk) {
				kern = ereallocarray(kern, nk + 1, sizeof(*kern));
				kern[nk++] = stats[i].kernel;
			}
		}
		kv = ecalloc(nk, sizeof(*kv));
		isbase = ecalloc(nk, sizeof(int));
		hasbase = ecalloc(nk, sizeof(int));
		for (i = 0; i < nk; i++)
			if (kp_kver_parse(kern[i], &kv[i]) < 0) {
				warnx("key %s: cannot order kernel \"%s\"; give -b and -t",
				    keys[k], kern[i]);
				hasbase[i] = isbase[i] = -1;
			}
		for (i = 0; i < nk; i++) {
			int ontop;

			if (hasbase[i] < 0)
				continue;
			ontop = kv[i].rc == 0 && !kp_kver_is_release(&kv[i]);
			best = nk;
			for (j = 0; j < nk; j++) {
				if (j == i || hasbase[j] < 0 || !kp_kver_is_release(&kv[j]))
					continue;
				if (ontop) {
					if (kv[j].major == kv[i].major && kv[j].minor == kv[i].minor)
						best = j;
				} else if ((kv[j].major < kv[i].major ||
				    (kv[j].major == kv[i].major && kv[j].minor < kv[i].minor)) &&
				    (best == nk || kp_kver_cmp(&kv[j], &kv[best]) > 0))
					best = j;
			}
			if (best == nk)
				continue;
			hasbase[i] = isbase[best] = 1;
			for (j = 0; j < *np; j++)
				if (strcmp(p[j].bname, kern[best]) == 0 &&
				    strcmp(p[j].tname, kern[i]) == 0)
					break;
			if (j == *np) {
				p = ereallocarray(p, *np + 1, sizeof(*p));
				memset(&p[j], 0, sizeof(*p));
				addsel(&p[j].b, kern[best]);
				addsel(&p[j].t, kern[i]);
				p[j].bname = kern[best];
				p[j].tname = kern[i];
				p[j].keys = ecalloc(1, sizeof(char *));
				(*np)++;
			}
			p[j].keys = ereallocarray(p[j].keys, p[j].nkeys + 1, sizeof(char *));
			p[j].keys[p[j].nkeys++] = keys[k];
		}
		for (i = 0; i < nk; i++)
			if (hasbase[i] == 0 && !isbase[i])
				warnx("key %s: no baseline for kernel %s: %s", keys[k], kern[i],
				    kv[i].rc == 0 && !kp_kver_is_release(&kv[i]) ?
				    "its release is missing" : "no earlier release present");
		free(kv);
		free(isbase);
		free(hasbase);
		free(kern);
	}
	free(keys);
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
