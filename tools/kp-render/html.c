/* kp-render -f html: read the records and lay out the site */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kp.h"
#include "strmap.h"
#include "html.h"

const char *const h_runfield[HR_N] = {
#define X(f) #f,
	H_RUNFIELDS
#undef X
};

static void load(struct hsite *s, const char *path);
static char *ostr(kp_json *d, const char *key);
static char *oarrtext(kp_json *d, const char *key, int *n);
static char **oarrstr(kp_json *d, const char *key, int *n);
static double onum(kp_json *d, const char *key);
static int obool(kp_json *d, const char *key);
static int pairof(struct hsite *s, const char *bk, const char *tk);
static int suiteof(struct hsite *s, const char *name);
static int testof(struct hsite *s, const struct hcmp *c);
static double *onums(kp_json *d, int arr, const char *key, int *n);
static void dedupe(struct hsite *s);
static void index_site(struct hsite *s);

void
h_esc(FILE *fp, const char *s)
{
	const unsigned char *p;

	if (s == NULL)
		return;
	for (p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		default:
			/* control characters are not allowed in XML or HTML text */
			if (*p < 0x20 && *p != '\t' && *p != '\n')
				fputs("\xef\xbf\xbd", fp);
			else
				putc(*p, fp);
		}
	}
}

FILE *
h_open(struct hsite *s, const char *name)
{
	char path[PATH_MAX];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", s->outdir, name);
	if ((fp = fopen(path, "w")) == NULL)
		kp_die_at(path, 0, 0, "cannot create: %s", strerror(errno));
	return fp;
}

void
h_close(struct hsite *s, FILE *fp, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", s->outdir, name);
	efshut(fp, path);
}

/*
 * File names never come from the data as such: a short slug keeps them
 * recognisable, a hash of the full identity keeps them unique and safe.
 */
void
h_name(char *out, size_t sz, const char *prefix, const char *slugof,
    const char *hashof, const char *ext)
{
	unsigned char md[32];
	char hex[65], slug[25];
	size_t i, n = 0;

	kp_sha256(hashof, strlen(hashof), md);
	kp_hex(md, 5, hex);
	for (i = 0; slugof[i] && n < sizeof(slug) - 1; i++) {
		unsigned char c = slugof[i];
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '_' || c == '.' || c == '+')
			slug[n++] = c;
		else if (c >= 'A' && c <= 'Z')
			slug[n++] = c - 'A' + 'a';
		else if (n > 0 && slug[n - 1] != '-')
			slug[n++] = '-';
	}
	while (n > 0 && slug[n - 1] == '-')
		n--;
	slug[n] = '\0';
	snprintf(out, sz, "%s%s%s%s.%s", prefix, slug, n ? "-" : "", hex, ext);
}

int
h_goodness(const struct hcmp *c, double *g)
{
	if (!isfinite(c->change))
		return -1;
	*g = c->better && strcmp(c->better, "lower") == 0 ? -c->change :
	    c->change;
	return 0;
}

int
h_sevrank(const struct hcmp *c)
{
	static const char *const cls[] = { "regression", "uncertain",
	    "improvement", "no-change" };
	static const char *const sev[] = { "red", "yellow", "green", "none" };
	int i, j;

	for (i = 0; i < 4 && !(c->cls && strcmp(c->cls, cls[i]) == 0); i++)
		;
	for (j = 0; j < 4 && !(c->sev && strcmp(c->sev, sev[j]) == 0); j++)
		;
	/* a red improvement matters more than a yellow one, but less than
	 * any regression */
	return i * 5 + j;
}

struct hrun *
h_runof(struct hsite *s, const char *run)
{
	long i = kp_strmap_find(s->runmap, run, strlen(run));

	return i < 0 ? NULL : &s->run[i];
}

const struct hlist *
h_runstatsof(struct hsite *s, const char *run)
{
	long i = kp_strmap_find(s->rsmap, run, strlen(run));

	return i < 0 ? NULL : &s->rsof[i];
}

struct hcmp *
h_cell(struct hsite *s, int pair, int test, long long conc)
{
	long long k[3] = { pair, test, conc };
	long i = kp_strmap_find(s->cellmap, (const char *)k, sizeof(k));

	return i < 0 ? NULL : &s->cmp[s->cellcmp[i]];
}

int
h_finding(const struct hcmp *c)
{
	return c->cls && (!strcmp(c->cls, "regression") ||
	    !strcmp(c->cls, "improvement"));
}

/*
 * kp-classify's "interference:target-cpu-share-51%-of-baseline" as words,
 * "target cpu share 51% of baseline"; 0 when the reason has none.
 */
int
h_interf(const char *reason, char *out, size_t sz)
{
	static const char tag[] = "interference:";
	const char *p;
	size_t n = 0;

	if (reason == NULL || (p = strstr(reason, tag)) == NULL)
		return 0;
	for (p += sizeof(tag) - 1; *p && *p != ';' && n + 1 < sz; p++, n++)
		out[n] = *p == '-' && n > 0 && out[n - 1] != ' ' ? ' ' : *p;
	out[n] = '\0';
	return 1;
}

int
render_html(char **inputs, int ninputs, const char *samples_path,
    const char *outdir)
{
	struct hsite site = { 0 };
	char abs[PATH_MAX];
	int i;

	site.outdir = outdir;
	if (mkdir(outdir, 0777) == -1 && errno != EEXIST)
		kp_die_at(outdir, 0, 0, "cannot create directory: %s",
		    strerror(errno));
	if (realpath(outdir, abs) == NULL)
		kp_die_at(outdir, 0, 0, "%s", strerror(errno));
	site.outabs = estrdup(abs);
	site.runmap = kp_strmap_new();
	site.pairmap = kp_strmap_new();
	site.suitemap = kp_strmap_new();
	site.testmap = kp_strmap_new();
	if (ninputs == 0)
		load(&site, NULL);
	for (i = 0; i < ninputs; i++)
		load(&site, inputs[i]);
	if (samples_path)
		load(&site, samples_path);
	dedupe(&site);
	for (i = 0; i < site.ncmp; i++) {
		struct hcmp *c = &site.cmp[i];
		char id[1024];

		c->pair = pairof(&site, c->bk, c->tk);
		c->suiteidx = suiteof(&site, c->suite);
		c->testidx = testof(&site, c);
		snprintf(id, sizeof(id), "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld"
		    "\x1f%s\x1f%s\x1f%s\x1f%s", c->suite, c->bench, c->test,
		    c->op, c->metric, c->conc, c->bexp, c->texp, c->bk, c->tk);
		h_name(c->page, sizeof(c->page), "cmp-", c->test, id, "html");
	}
	for (i = 0; i < site.nsys; i++) {
		struct hsys *y = &site.sys[i];

		y->pair = pairof(&site, y->bk, y->tk);
		y->testidx = (int)kp_strmap_findv(site.testmap, y->suite, y->bench,
		    y->test, y->op, y->metric, NULL);
		if (y->testidx < 0)
			kp_warn_at(outdir, 0, 0, "sys record for %s/%s/%s[%s %s] "
			    "has no cmp records; listed on the kernel page only",
			    y->suite, y->bench, y->test, y->op, y->metric);
	}
	index_site(&site);
	h_pages(&site);
	return KP_EXIT_OK;
}

/* the capacity of an array of n is the power of 2 at or above n */
void *
h_grow(void *p, int n, size_t size)
{
	if (n & (n - 1))
		return p;
	return ereallocarray(p, n ? 2 * (size_t)n : 1, size);
}

static void
addlist(struct hlist *l, int i)
{
	l->v = h_grow(l->v, l->n, sizeof(*l->v));
	l->v[l->n++] = i;
}

static int
pairof(struct hsite *s, const char *bk, const char *tk)
{
	int i, isnew;

	i = (int)kp_strmap_addv(s->pairmap, &isnew, bk, tk, NULL);
	if (!isnew)
		return i;
	s->pair = h_grow(s->pair, s->npair, sizeof(*s->pair));
	s->pair[i].bk = estrdup(bk);
	s->pair[i].tk = estrdup(tk);
	return s->npair++;
}

static int
suiteof(struct hsite *s, const char *name)
{
	int i, isnew;

	i = (int)kp_strmap_add(s->suitemap, name, strlen(name), &isnew);
	if (!isnew)
		return i;
	s->suite = h_grow(s->suite, s->nsuite, sizeof(*s->suite));
	s->suite[i].name = estrdup(name);
	h_name(s->suite[i].page, sizeof(s->suite[i].page), "suite-", name,
	    name, "html");
	return s->nsuite++;
}

static int
testof(struct hsite *s, const struct hcmp *c)
{
	struct htest *t;
	char id[1024];
	int i, isnew;

	i = (int)kp_strmap_addv(s->testmap, &isnew, c->suite, c->bench, c->test,
	    c->op, c->metric, NULL);
	if (!isnew)
		return i;
	s->test = h_grow(s->test, s->ntest, sizeof(*s->test));
	t = &s->test[i];
	t->suite = c->suite; t->bench = c->bench; t->test = c->test;
	t->op = c->op; t->metric = c->metric; t->unit = c->unit;
	t->better = c->better; t->suiteidx = c->suiteidx;
	snprintf(id, sizeof(id), "%s\x1f%s\x1f%s\x1f%s\x1f%s", c->suite,
	    c->bench, c->test, c->op, c->metric);
	h_name(t->page, sizeof(t->page), "test-", c->test, id, "html");
	return s->ntest++;
}

#define GROW(arr, n) ((arr) = h_grow((arr), (n), sizeof(*(arr))), \
	memset(&(arr)[(n)], 0, sizeof(*(arr))), &(arr)[(n)++])

static void
load(struct hsite *s, const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_json d;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		const char *type = kp_rec_type(&d);

		s->nrec++;
		if (strcmp(type, "run") == 0) {
			struct hrun *r;
			const char *run = kp_req_str(&d, "run");
			int i;

			/* one record per iteration: the first describes the run */
			if (h_runof(s, run))
				continue;
			kp_strmap_add(s->runmap, run, strlen(run), NULL);
			r = GROW(s->run, s->nrun);
			r->run = estrdup(run);
			for (i = 0; i < HR_N; i++)
				r->f[i] = kp_field_text(&d, h_runfield[i]);
		} else if (strcmp(type, "runstat") == 0) {
			struct hrunstat *r = GROW(s->rs, s->nrs);

			r->run = estrdup(kp_req_str(&d, "run"));
			r->iter = kp_opt_int(&d, "iter", 0);
			r->job = ostr(&d, "job");
			r->suite = ostr(&d, "suite");
			r->rc = kp_opt_int(&d, "rc", -1);
			r->user_s = onum(&d, "user_s");
			r->sys_s = onum(&d, "sys_s");
			r->elapsed_s = onum(&d, "elapsed_s");
			r->partial = obool(&d, "partial");
			r->params = ostr(&d, "params");
		} else if (strcmp(type, "sample") == 0) {
			struct hsample *m = GROW(s->smp, s->nsmp);
			char g[2048];

			snprintf(g, sizeof(g), "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s"
			    "\x1f%lld", kp_opt_str(&d, "exp", ""),
			    kp_req_str(&d, "suite"), kp_req_str(&d, "bench"),
			    kp_req_str(&d, "test"), kp_req_str(&d, "op"),
			    kp_req_str(&d, "metric"), kp_req_int(&d, "conc"));
			m->gkey = estrdup(g);
			m->run = estrdup(kp_req_str(&d, "run"));
			m->instance = ostr(&d, "instance");
			m->src = ostr(&d, "src");
			m->iter = kp_opt_int(&d, "iter", 0);
			m->rep = kp_opt_int(&d, "rep", 1);
			m->sub = kp_opt_int(&d, "sub", 1);
			m->value = kp_req_num(&d, "value");
		} else if (strcmp(type, "cmp") == 0) {
			struct hcmp *c = GROW(s->cmp, s->ncmp);

			c->key = ostr(&d, "key");
			c->job = ostr(&d, "job");
			c->suite = estrdup(kp_req_str(&d, "suite"));
			c->bench = estrdup(kp_req_str(&d, "bench"));
			c->test = estrdup(kp_req_str(&d, "test"));
			c->op = estrdup(kp_req_str(&d, "op"));
			c->metric = estrdup(kp_req_str(&d, "metric"));
			c->unit = estrdup(kp_opt_str(&d, "unit", ""));
			c->better = estrdup(kp_opt_str(&d, "better", "higher"));
			c->conc = kp_req_int(&d, "conc");
			c->bk = estrdup(kp_req_str(&d, "base_kernel"));
			c->tk = estrdup(kp_req_str(&d, "target_kernel"));
			c->bexp = estrdup(kp_req_str(&d, "base_exp"));
			c->texp = estrdup(kp_req_str(&d, "target_exp"));
			c->bruns = oarrstr(&d, "base_runs", &c->nbruns);
			c->truns = oarrstr(&d, "target_runs", &c->ntruns);
			c->obs_level = ostr(&d, "obs_level");
			c->method = ostr(&d, "method");
			c->cls = ostr(&d, "class");
			c->sev = ostr(&d, "severity");
			c->reason = ostr(&d, "reason");
			c->change = onum(&d, "change_pct");
			c->cil = onum(&d, "ci_low_pct");
			c->cih = onum(&d, "ci_high_pct");
			c->p = onum(&d, "p");
			c->q = onum(&d, "q");
			c->g = onum(&d, "hedges_g");
			c->delta = onum(&d, "cliffs_delta");
			c->score = onum(&d, "score");
			c->bmed = onum(&d, "base_median");
			c->tmed = onum(&d, "target_median");
			c->nb = kp_opt_int(&d, "n_base", -1);
			c->nt = kp_opt_int(&d, "n_target", -1);
		} else if (strcmp(type, "sys") == 0) {
			struct hsys *y = GROW(s->sys, s->nsys);

			y->suite = estrdup(kp_req_str(&d, "suite"));
			y->bench = estrdup(kp_req_str(&d, "bench"));
			y->test = estrdup(kp_req_str(&d, "test"));
			y->op = estrdup(kp_req_str(&d, "op"));
			y->metric = estrdup(kp_req_str(&d, "metric"));
			y->bexp = ostr(&d, "base_exp");
			y->texp = ostr(&d, "target_exp");
			y->bk = estrdup(kp_req_str(&d, "base_kernel"));
			y->tk = estrdup(kp_req_str(&d, "target_kernel"));
			y->direction = estrdup(kp_opt_str(&d, "direction",
			    "regression"));
			y->levels = oarrtext(&d, "levels", &y->nlevels);
			y->affected = oarrtext(&d, "affected", &y->naffected);
			y->missing = oarrtext(&d, "missing", &y->nmissing);
			y->uncertain = oarrtext(&d, "uncertain", &y->nuncertain);
			y->opposite = oarrtext(&d, "opposite", &y->nopposite);
			y->sevcounts = kp_field_text(&d, "severity_counts");
			y->method = ostr(&d, "combine_method");
			y->avg_score = onum(&d, "avg_score");
			y->chmin = onum(&d, "change_min_pct");
			y->chmax = onum(&d, "change_max_pct");
			y->p = onum(&d, "p_combined");
			y->q = onum(&d, "q_combined");
			y->systematic = obool(&d, "systematic");
		} else if (strcmp(type, "stat") == 0) {
			const char *scope = kp_req_str(&d, "scope");
			struct hroll *r;
			int n;

			if (strcmp(scope, "group") == 0) {
				struct hgroup *g;
				char k[2048];
				int o;

				if (kp_json_get(&d, 0, "obs") < 0)
					continue;
				g = GROW(s->grp, s->ngrp);
				snprintf(k, sizeof(k), "%s\x1f%s\x1f%s\x1f%s\x1f%s"
				    "\x1f%s\x1f%lld", kp_req_str(&d, "exp"),
				    kp_req_str(&d, "suite"), kp_req_str(&d, "bench"),
				    kp_req_str(&d, "test"), kp_req_str(&d, "op"),
				    kp_req_str(&d, "metric"), kp_req_int(&d, "conc"));
				g->gkey = estrdup(k);
				g->runs = oarrstr(&d, "runs", &g->nruns);
				g->ninstances = kp_opt_int(&d, "n_instances", 0);
				o = kp_json_get(&d, 0, "obs");
				if (d.tok[o].type != KP_JOBJ)
					kp_rec_die(&d, o, "expected an object for "
					    "\"obs\"");
				g->sub = onums(&d, o, "sub", &g->nsub);
				g->run = onums(&d, o, "run", &g->nrun);
				continue;
			}
			r = GROW(s->roll, s->nroll);
			r->scope = estrdup(scope);
			r->exp = ostr(&d, "exp");
			r->suite = ostr(&d, "suite");
			r->bench = ostr(&d, "bench");
			r->test = ostr(&d, "test");
			r->n_groups = kp_opt_int(&d, "n_groups", 0);
			r->n = kp_opt_int(&d, "n", 0);
			r->incomplete = kp_opt_int(&d, "incomplete_groups", 0);
			r->unstable = kp_opt_int(&d, "unstable_groups", 0);
			r->missing = oarrtext(&d, "missing_conc", &n);
			r->nmissing = n;
			r->cv_median = onum(&d, "cv_median");
			r->cv_max = onum(&d, "cv_max");
		}
	}
	kp_json_free(&d);
	kp_in_close(in);
}

static char *
ostr(kp_json *d, const char *key)
{
	const char *v = kp_opt_str(d, key, NULL);

	return v ? estrdup(v) : NULL;
}


/* an array of numbers as "1, 2, 4" */
static char *
oarrtext(kp_json *d, const char *key, int *n)
{
	int i = kp_json_get(d, 0, key), e;
	char *out;
	size_t len = 0, cap = 64;

	*n = 0;
	out = emalloc(cap);
	out[0] = '\0';
	if (i < 0 || d->tok[i].type == KP_JNULL)
		return out;
	if (d->tok[i].type != KP_JARR)
		kp_rec_die(d, i, "expected an array for \"%s\"", key);
	for (e = kp_json_first(d, i); e >= 0 && (uint32_t)e < d->tok[i].next;
	    e = d->tok[e].next) {
		size_t l;
		const char *raw;

		if (d->tok[e].type == KP_JSTR)
			raw = kp_json_str(d, e), l = strlen(raw);
		else
			raw = kp_json_raw(d, e, &l);
		while (len + l + 3 > cap)
			out = erealloc(out, cap *= 2);
		if (*n)
			memcpy(out + len, ", ", 2), len += 2;
		memcpy(out + len, raw, l);
		len += l;
		out[len] = '\0';
		(*n)++;
	}
	return out;
}

static char **
oarrstr(kp_json *d, const char *key, int *n)
{
	int i = kp_json_get(d, 0, key), e;
	char **v = NULL;

	*n = 0;
	if (i < 0 || d->tok[i].type == KP_JNULL)
		return NULL;
	if (d->tok[i].type != KP_JARR)
		kp_rec_die(d, i, "expected an array of strings for \"%s\"", key);
	for (e = kp_json_first(d, i); e >= 0 && (uint32_t)e < d->tok[i].next;
	    e = d->tok[e].next) {
		if (d->tok[e].type != KP_JSTR)
			kp_rec_die(d, e, "expected a string in \"%s\"", key);
		v = ereallocarray(v, *n + 1, sizeof(*v));
		v[(*n)++] = estrdup(kp_json_str(d, e));
	}
	return v;
}

/* the numbers of the array member key of object obj */
static double *
onums(kp_json *d, int obj, const char *key, int *n)
{
	int i = kp_json_get(d, obj, key), e;
	double *v = NULL;

	*n = 0;
	if (i < 0 || d->tok[i].type == KP_JNULL)
		return NULL;
	if (d->tok[i].type != KP_JARR)
		kp_rec_die(d, i, "expected an array of numbers for \"%s\"", key);
	for (e = kp_json_first(d, i); e >= 0 && (uint32_t)e < d->tok[i].next;
	    e = d->tok[e].next) {
		v = ereallocarray(v, *n + 1, sizeof(*v));
		if (kp_json_num(d, e, &v[*n]) == -1)
			kp_rec_die(d, e, "expected a number in \"%s\"", key);
		(*n)++;
	}
	return v;
}

static int
bygkey(const void *a, const void *b)
{
	const struct hsample *x = a, *y = b;
	int r;

	if ((r = strcmp(x->gkey, y->gkey)) || (r = strcmp(x->run, y->run)))
		return r;
	if (x->iter != y->iter)
		return x->iter < y->iter ? -1 : 1;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	if (x->sub != y->sub)
		return x->sub < y->sub ? -1 : 1;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return strcmp(x->src ? x->src : "", y->src ? y->src : "");
}

int
h_bylonglong(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

int
h_groupcmp(const void *a, const void *b)
{
	return strcmp(((const struct hgroup *)a)->gkey,
	    ((const struct hgroup *)b)->gkey);
}

#define NS(p) ((p) ? (p) : "")

/* sort v[0..n-1] and keep the first of equal ones: the new n */
static int
sortuniq(void *v, int n, size_t sz, int (*cmp)(const void *, const void *))
{
	char *b = v;
	int i, m;

	if (n)
		qsort(b, n, sz, cmp);
	for (i = m = 0; i < n; i++)
		if (m == 0 || cmp(b + (m - 1) * sz, b + i * sz) != 0)
			memmove(b + m++ * sz, b + i * sz, sz);
	return m;
}

/*
 * The pipeline's files overlap: kp-stats, kp-compare and the later
 * stages pass run, runstat and stat records through, so the findings and
 * a stats file given with -s both hold them.  Each is shown once.
 */
static void
dedupe(struct hsite *s)
{
	kp_strmap *seen = kp_strmap_new();
	char has[8], iter[32];
	int i, n, isnew;

	/* has: which of the optional fields are there, so that a missing
	 * one and an empty one stay different */
	for (i = n = 0; i < s->nroll; i++) {
		struct hroll *r = &s->roll[i];
		snprintf(has, sizeof(has), "%d%d%d%d", !!r->exp, !!r->suite,
		    !!r->bench, !!r->test);
		kp_strmap_addv(seen, &isnew, r->scope, has, NS(r->exp),
		    NS(r->suite), NS(r->bench), NS(r->test), NULL);
		if (isnew)
			s->roll[n++] = *r;
	}
	s->nroll = n;
	kp_strmap_free(seen);
	seen = kp_strmap_new();
	for (i = n = 0; i < s->nrs; i++) {
		struct hrunstat *r = &s->rs[i];
		snprintf(has, sizeof(has), "%d%d", !!r->job, !!r->suite);
		snprintf(iter, sizeof(iter), "%lld", r->iter);
		kp_strmap_addv(seen, &isnew, r->run, iter, has, NS(r->job),
		    NS(r->suite), NULL);
		if (isnew)
			s->rs[n++] = *r;
	}
	s->nrs = n;
	kp_strmap_free(seen);
	/* sorted by group, samples are found by binary search */
	s->nsmp = sortuniq(s->smp, s->nsmp, sizeof(*s->smp), bygkey);
	s->ngrp = sortuniq(s->grp, s->ngrp, sizeof(*s->grp), h_groupcmp);
}

static double
onum(kp_json *d, const char *key)
{
	int i = kp_json_get(d, 0, key);
	double x;

	if (i < 0 || d->tok[i].type == KP_JNULL)
		return NAN;
	if (kp_json_num(d, i, &x) == -1)
		kp_rec_die(d, i, "expected a number or null for \"%s\"", key);
	return x;
}

static int
obool(kp_json *d, const char *key)
{
	int i = kp_json_get(d, 0, key);

	if (i < 0 || d->tok[i].type == KP_JNULL || d->tok[i].type == KP_JFALSE)
		return 0;
	if (d->tok[i].type == KP_JTRUE)
		return 1;
	kp_rec_die(d, i, "expected true, false or null for \"%s\"", key);
}

/* the lists and maps of struct hsite; after dedupe() and the pair, suite
 * and test of every record are known */
static void
index_site(struct hsite *s)
{
	long long k[3];
	int i, c, isnew;

	s->rsmap = kp_strmap_new();
	for (i = 0; i < s->nrs; i++) {
		c = (int)kp_strmap_add(s->rsmap, s->rs[i].run, strlen(s->rs[i].run),
		    &isnew);
		if (isnew) {
			s->rsof = h_grow(s->rsof, c, sizeof(*s->rsof));
			memset(&s->rsof[c], 0, sizeof(*s->rsof));
		}
		addlist(&s->rsof[c], i);
	}
	s->tcmp = ecalloc(s->ntest + 1, sizeof(*s->tcmp));
	s->pcmp = ecalloc(s->npair + 1, sizeof(*s->pcmp));
	s->tsys = ecalloc(s->ntest + 1, sizeof(*s->tsys));
	s->psys = ecalloc(s->npair + 1, sizeof(*s->psys));
	s->cellmap = kp_strmap_new();
	for (i = 0; i < s->ncmp; i++) {
		addlist(&s->tcmp[s->cmp[i].testidx], i);
		addlist(&s->pcmp[s->cmp[i].pair], i);
		k[0] = s->cmp[i].pair;
		k[1] = s->cmp[i].testidx;
		k[2] = s->cmp[i].conc;
		c = (int)kp_strmap_add(s->cellmap, (const char *)k, sizeof(k), &isnew);
		if (isnew) {
			s->cellcmp = h_grow(s->cellcmp, c, sizeof(*s->cellcmp));
			s->cellcmp[c] = i;
		}
	}
	s->expmap = kp_strmap_new();
	for (i = 0; i < s->ncmp; i++) {
		const char *e[2] = { s->cmp[i].bexp, s->cmp[i].texp };
		const char *kern[2] = { s->cmp[i].bk, s->cmp[i].tk };
		int j;

		for (j = 0; j < 2; j++) {
			if (j == 1 && strcmp(e[1], e[0]) == 0)
				break;	/* the baseline's, as h_rolls() has it */
			c = (int)kp_strmap_add(s->expmap, e[j], strlen(e[j]), &isnew);
			if (isnew)
				s->expkernel = h_grow(s->expkernel, c, sizeof(*s->expkernel));
			s->expkernel[c] = kern[j];
		}
	}
	for (i = 0; i < s->nsys; i++) {
		if (s->sys[i].testidx >= 0)
			addlist(&s->tsys[s->sys[i].testidx], i);
		addlist(&s->psys[s->sys[i].pair], i);
	}
}
