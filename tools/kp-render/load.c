/* load.c: the records of every input file into one model (render.h).
 *
 * Every format reads cmp, sys and run records; csv and json also keep
 * each record's line (LOAD_LINES) and the site the evidence behind a
 * comparison (LOAD_EVIDENCE): runstat, sample and stat records. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

const char *const sev_names[NSEVRANK] = {
	"red", "yellow", "green", "none", "other" };
const char *const class_names[NCLASS] = {
	"regression", "improvement", "no-change", "uncertain", "unclassified" };
const char *const run_field[RF_N] = {
#define X(f) #f,
	RUN_FIELDS
#undef X
};

static char *
req(kp_json *d, const char *key)
{
	return estrdup(kp_req_str(d, key));
}

static char *
opt(kp_json *d, const char *key, const char *def)
{
	const char *v = kp_opt_str(d, key, def);

	return v ? estrdup(v) : NULL;
}

static int
optbool(kp_json *d, const char *key)
{
	int i = kp_json_get(d, 0, key);

	if (i < 0 || d->tok[i].type == KP_JNULL || d->tok[i].type == KP_JFALSE)
		return 0;
	if (d->tok[i].type == KP_JTRUE)
		return 1;
	kp_rec_die(d, i, "expected true, false or null for \"%s\"", key);
}

/* the array member key of object obj, or -1 when missing or null */
static int
array(kp_json *d, int obj, const char *key, const char *what)
{
	int a = kp_json_get(d, obj, key);

	if (a < 0 || d->tok[a].type == KP_JNULL)
		return -1;
	if (d->tok[a].type != KP_JARR)
		kp_rec_die(d, a, "expected an array of %s for \"%s\"", what, key);
	return a;
}

static char **
strarray(kp_json *d, const char *key, size_t *n)
{
	int a = array(d, 0, key, "strings"), t;
	char **v;
	size_t i;

	*n = 0;
	if (a < 0)
		return NULL;
	v = ecalloc(d->tok[a].n + 1, sizeof(*v));
	for (i = 0, t = a + 1; i < d->tok[a].n; i++, t = d->tok[t].next) {
		if (d->tok[t].type != KP_JSTR)
			kp_rec_die(d, t, "expected a string in \"%s\"", key);
		v[i] = estrdup(kp_json_str(d, t));
	}
	*n = i;
	return v;
}

static long long *
intarray(kp_json *d, const char *key, size_t *n)
{
	int a = array(d, 0, key, "integers"), t;
	long long *v;
	size_t i;

	*n = 0;
	if (a < 0)
		return NULL;
	v = ecalloc(d->tok[a].n + 1, sizeof(*v));
	for (i = 0, t = a + 1; i < d->tok[a].n; i++, t = d->tok[t].next)
		if (kp_json_int(d, t, &v[i]) < 0)
			kp_rec_die(d, t, "expected an integer in \"%s\"", key);
	*n = i;
	return v;
}

static double *
numarray(kp_json *d, int obj, const char *key, size_t *n)
{
	int a = array(d, obj, key, "numbers"), t;
	double *v;
	size_t i;

	*n = 0;
	if (a < 0)
		return NULL;
	v = ecalloc(d->tok[a].n + 1, sizeof(*v));
	for (i = 0, t = a + 1; i < d->tok[a].n; i++, t = d->tok[t].next)
		if (kp_json_num(d, t, &v[i]) < 0)
			kp_rec_die(d, t, "expected a number in \"%s\"", key);
	*n = i;
	return v;
}

static void
add_cmp(Report *r, kp_json *d, int what)
{
	const char *class;
	Cmp *c;
	int i;

	r->cmp = grow(r->cmp, r->ncmp, sizeof(*r->cmp));
	c = &r->cmp[r->ncmp++];
	memset(c, 0, sizeof(*c));
	if (what & LOAD_LINES) {
		c->line = estrndup(d->text, d->len);
		c->len = d->len;
	}
	c->key = opt(d, "key", NULL);
	c->job = opt(d, "job", NULL);
	c->suite = req(d, "suite");
	c->bench = req(d, "bench");
	c->test = req(d, "test");
	c->op = req(d, "op");
	c->metric = req(d, "metric");
	c->unit = opt(d, "unit", "");
	c->better = opt(d, "better", "higher");
	c->base_kernel = req(d, "base_kernel");
	c->target_kernel = req(d, "target_kernel");
	c->base_exp = req(d, "base_exp");
	c->target_exp = req(d, "target_exp");
	c->severity = opt(d, "severity", NULL);
	c->reason = opt(d, "reason", NULL);
	c->method = opt(d, "method", NULL);
	c->obs_level = opt(d, "obs_level", NULL);
	c->base_runs = strarray(d, "base_runs", &c->nbase_runs);
	c->target_runs = strarray(d, "target_runs", &c->ntarget_runs);
	c->conc = kp_req_int(d, "conc");
	c->n_base = kp_opt_int(d, "n_base", -1);
	c->n_target = kp_opt_int(d, "n_target", -1);
	c->need_n = kp_opt_int(d, "need_n", -1);
	c->change = kp_opt_num(d, "change_pct", NAN);
	c->ci_low = kp_opt_num(d, "ci_low_pct", NAN);
	c->ci_high = kp_opt_num(d, "ci_high_pct", NAN);
	c->p = kp_opt_num(d, "p", NAN);
	c->q = kp_opt_num(d, "q", NAN);
	c->hedges_g = kp_opt_num(d, "hedges_g", NAN);
	c->cliffs_delta = kp_opt_num(d, "cliffs_delta", NAN);
	c->score = kp_opt_num(d, "score", NAN);
	c->base_median = kp_opt_num(d, "base_median", NAN);
	c->target_median = kp_opt_num(d, "target_median", NAN);
	class = kp_opt_str(d, "class", NULL);
	i = lookup(class, class_names, CL_UNCLASSIFIED);
	c->cls = i < 0 ? CL_UNCLASSIFIED : i;
	if (class && *class && i < 0)
		kp_rec_die(d, kp_json_get(d, 0, "class"), "unknown class "
		    "\"%s\", expected regression, improvement, no-change or "
		    "uncertain", class);
	i = lookup(c->severity, sev_names, SEV_OTHER);
	c->sev = i < 0 ? SEV_OTHER : i;
	r->count[c->cls]++;
	if (c->cls == CL_REGRESSION)
		r->regsev[c->sev]++;
}

static void
add_sys(Report *r, kp_json *d, int what)
{
	Sys *s;
	int o, t;
	size_t i;

	r->sys = grow(r->sys, r->nsys, sizeof(*r->sys));
	s = &r->sys[r->nsys++];
	memset(s, 0, sizeof(*s));
	if (what & LOAD_LINES) {
		s->line = estrndup(d->text, d->len);
		s->len = d->len;
	}
	s->suite = req(d, "suite");
	s->bench = req(d, "bench");
	s->test = req(d, "test");
	s->op = req(d, "op");
	s->metric = req(d, "metric");
	s->base_kernel = req(d, "base_kernel");
	s->target_kernel = req(d, "target_kernel");
	s->base_exp = req(d, "base_exp");
	s->target_exp = req(d, "target_exp");
	s->direction = req(d, "direction");
	s->combine_method = opt(d, "combine_method", NULL);
	s->levels = intarray(d, "levels", &s->nlevels);
	s->affected = intarray(d, "affected", &s->naffected);
	s->missing = intarray(d, "missing", &s->nmissing);
	s->uncertain = intarray(d, "uncertain", &s->nuncertain);
	s->opposite = intarray(d, "opposite", &s->nopposite);
	s->avg_score = kp_opt_num(d, "avg_score", NAN);
	s->change_min = kp_opt_num(d, "change_min_pct", NAN);
	s->change_max = kp_opt_num(d, "change_max_pct", NAN);
	s->p_combined = kp_opt_num(d, "p_combined", NAN);
	s->q_combined = kp_opt_num(d, "q_combined", NAN);
	s->systematic = optbool(d, "systematic");
	o = kp_json_get(d, 0, "severity_counts");
	if (o < 0 || d->tok[o].type == KP_JNULL)
		return;
	if (d->tok[o].type != KP_JOBJ)
		kp_rec_die(d, o, "expected an object for \"severity_counts\"");
	s->sevname = ecalloc(d->tok[o].n + 1, sizeof(*s->sevname));
	s->sevcount = ecalloc(d->tok[o].n + 1, sizeof(*s->sevcount));
	for (i = 0, t = o + 1; i < d->tok[o].n; i++) {
		s->sevname[i] = estrdup(kp_json_str(d, t));
		t = d->tok[t].next;
		if (kp_json_int(d, t, &s->sevcount[i]) < 0)
			kp_rec_die(d, t, "expected an integer count in "
			    "\"severity_counts\"");
		t = d->tok[t].next;
	}
	s->nsev = i;
}

static void
add_run(Report *r, kp_json *d)
{
	Run *u;
	size_t j;
	int i, isnew;

	r->run = grow(r->run, r->nrun, sizeof(*r->run));
	u = &r->run[r->nrun];
	u->run = req(d, "run");
	for (i = 0; i < RF_N; i++)
		u->f[i] = kp_field_text(d, run_field[i]);
	u->start = kp_opt_int(d, "start", -1);
	u->next = SIZE_MAX;
	j = kp_strmap_add(r->runmap, u->run, strlen(u->run), &isnew);
	if (isnew) {
		r->runfirst = grow(r->runfirst, j, sizeof(*r->runfirst));
		r->runfirst[j] = r->nrun;
	} else {
		/* the chain's last: run records of one run are few */
		for (j = r->runfirst[j]; r->run[j].next != SIZE_MAX;
		    j = r->run[j].next)
			;
		r->run[j].next = r->nrun;
	}
	r->nrun++;
}

static void
add_runstat(Report *r, kp_json *d)
{
	Runstat *u;

	r->rs = grow(r->rs, r->nrs, sizeof(*r->rs));
	u = &r->rs[r->nrs++];
	u->run = req(d, "run");
	u->iter = kp_opt_int(d, "iter", 0);
	u->job = opt(d, "job", NULL);
	u->suite = opt(d, "suite", NULL);
	u->rc = kp_opt_int(d, "rc", -1);
	u->user_s = kp_opt_num(d, "user_s", NAN);
	u->sys_s = kp_opt_num(d, "sys_s", NAN);
	u->elapsed_s = kp_opt_num(d, "elapsed_s", NAN);
	u->partial = optbool(d, "partial");
	u->params = opt(d, "params", NULL);
}

/* the group of a sample or stat record: exp, suite, bench, test, op,
 * metric and conc */
static char *
gkey(kp_json *d, const char *exp)
{
	char g[2048];

	snprintf(g, sizeof(g), "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld", exp,
	    kp_req_str(d, "suite"), kp_req_str(d, "bench"),
	    kp_req_str(d, "test"), kp_req_str(d, "op"),
	    kp_req_str(d, "metric"), kp_req_int(d, "conc"));
	return estrdup(g);
}

static void
add_sample(Report *r, kp_json *d)
{
	Sample *m;

	r->smp = grow(r->smp, r->nsmp, sizeof(*r->smp));
	m = &r->smp[r->nsmp++];
	m->gkey = gkey(d, kp_opt_str(d, "exp", ""));
	m->run = req(d, "run");
	m->instance = opt(d, "instance", NULL);
	m->src = opt(d, "src", NULL);
	m->iter = kp_opt_int(d, "iter", 0);
	m->rep = kp_opt_int(d, "rep", 1);
	m->sub = kp_opt_int(d, "sub", 1);
	m->value = kp_req_num(d, "value");
}

static void
add_group(Report *r, kp_json *d)
{
	Group *g;
	int o = kp_json_get(d, 0, "obs");

	if (o < 0)
		return;	/* nothing to plot */
	r->grp = grow(r->grp, r->ngrp, sizeof(*r->grp));
	g = &r->grp[r->ngrp++];
	g->gkey = gkey(d, kp_req_str(d, "exp"));
	g->runs = strarray(d, "runs", &g->nruns);
	g->ninstances = kp_opt_int(d, "n_instances", 0);
	if (d->tok[o].type != KP_JOBJ)
		kp_rec_die(d, o, "expected an object for \"obs\"");
	g->obs_sub = numarray(d, o, "sub", &g->nobs_sub);
	g->obs_run = numarray(d, o, "run", &g->nobs_run);
}

static void
add_rollup(Report *r, kp_json *d, const char *scope)
{
	Rollup *u;

	r->roll = grow(r->roll, r->nroll, sizeof(*r->roll));
	u = &r->roll[r->nroll++];
	u->scope = estrdup(scope);
	u->exp = opt(d, "exp", NULL);
	u->suite = opt(d, "suite", NULL);
	u->bench = opt(d, "bench", NULL);
	u->test = opt(d, "test", NULL);
	u->n_groups = kp_opt_int(d, "n_groups", 0);
	u->n = kp_opt_int(d, "n", 0);
	u->incomplete = kp_opt_int(d, "incomplete_groups", 0);
	u->unstable = kp_opt_int(d, "unstable_groups", 0);
	u->missing = intarray(d, "missing_conc", &u->nmissing);
	u->cv_median = kp_opt_num(d, "cv_median", NAN);
	u->cv_max = kp_opt_num(d, "cv_max", NAN);
}

void
load(Report *r, const char *path, int what)
{
	kp_in *in = kp_in_open(path);
	const char *type, *scope;
	kp_json d;

	if (!r->runmap)
		r->runmap = kp_strmap_new();
	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		type = kp_rec_type(&d);
		r->nrec++;
		if (strcmp(type, "cmp") == 0)
			add_cmp(r, &d, what);
		else if (strcmp(type, "sys") == 0)
			add_sys(r, &d, what);
		else if (strcmp(type, "run") == 0)
			add_run(r, &d);
		else if (!(what & LOAD_EVIDENCE))
			continue;
		else if (strcmp(type, "runstat") == 0)
			add_runstat(r, &d);
		else if (strcmp(type, "sample") == 0)
			add_sample(r, &d);
		else if (strcmp(type, "stat") == 0) {
			scope = kp_req_str(&d, "scope");
			if (strcmp(scope, "group") == 0)
				add_group(r, &d);
			else
				add_rollup(r, &d, scope);
		}
	}
	kp_json_free(&d);
	kp_in_close(in);
}

static int
bysample(const void *a, const void *b)
{
	const Sample *x = a, *y = b;
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
	return strcmp(S(x->src), S(y->src));
}

static int
bygroup(const void *a, const void *b)
{
	return strcmp(((const Group *)a)->gkey, ((const Group *)b)->gkey);
}

/* sort v[0..n-1] and keep the first of equal ones: the new n */
static size_t
sortuniq(void *v, size_t n, size_t sz, int (*cmp)(const void *, const void *))
{
	char *b = v;
	size_t i, m;

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
 * a file of samples given with -s may both hold them.  Each is kept once.
 */
void
load_done(Report *r)
{
	kp_strmap *seen = kp_strmap_new();
	char has[8], iter[32];
	size_t i, n;
	int isnew;

	/* has: which of the optional fields are there, so that a missing
	 * one and an empty one stay different */
	for (i = n = 0; i < r->nroll; i++) {
		Rollup *u = &r->roll[i];
		snprintf(has, sizeof(has), "%d%d%d%d", !!u->exp, !!u->suite,
		    !!u->bench, !!u->test);
		kp_strmap_addv(seen, &isnew, u->scope, has, S(u->exp),
		    S(u->suite), S(u->bench), S(u->test), NULL);
		if (isnew)
			r->roll[n++] = *u;
	}
	r->nroll = n;
	kp_strmap_free(seen);
	seen = kp_strmap_new();
	for (i = n = 0; i < r->nrs; i++) {
		Runstat *u = &r->rs[i];
		snprintf(has, sizeof(has), "%d%d", !!u->job, !!u->suite);
		snprintf(iter, sizeof(iter), "%lld", u->iter);
		kp_strmap_addv(seen, &isnew, u->run, iter, has, S(u->job),
		    S(u->suite), NULL);
		if (isnew)
			r->rs[n++] = *u;
	}
	r->nrs = n;
	kp_strmap_free(seen);
	/* sorted by group, samples and groups are found by binary search */
	r->nsmp = sortuniq(r->smp, r->nsmp, sizeof(*r->smp), bysample);
	r->ngrp = sortuniq(r->grp, r->ngrp, sizeof(*r->grp), bygroup);
}
