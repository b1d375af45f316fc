/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coverage.c: writing and reading coverage records, and the names of
 * their vocabulary (one table per enum). */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "coverage.h"

const char *const kp_cov_scope_name[KP_COV_NSCOPE] = { "plan", "compare" };
const char *const kp_cov_kind_name[KP_COV_NKIND] = {
	"compared", "missing", "partial", "new", "apart", "merged",
	"uncompared",
};
const char *const kp_cov_level_name[KP_COV_NLEVEL] = {
	"plan", "job", "instance", "repetition", "benchmark", "run", "exp",
	"group", "pair", "kernel",
};

int
kp_cov_lookup(const char *const *names, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

void
kp_coverage_init(kp_coverage *c, enum kp_cov_scope scope, enum kp_cov_kind kind,
    enum kp_cov_level level, const char *name)
{
	memset(c, 0, sizeof(*c));
	c->scope = scope;
	c->kind = kind;
	c->level = level;
	c->name = name;
	c->expected = c->found = -1;
}

static void
kcount(kp_w *w, const char *key, long long v)
{
	if (v < 0)
		kp_w_knull(w, key);
	else
		kp_w_kint(w, key, v);
}

static void
strarr(kp_w *w, const char *key, const char *const *v, size_t n)
{
	size_t i;

	kp_w_key(w, key);
	kp_w_arr(w);
	for (i = 0; i < n; i++)
		kp_w_str(w, v[i]);
	kp_w_end(w);
}

void
kp_coverage_write(kp_w *w, const kp_coverage *c)
{
	size_t i;

	kp_w_obj(w);
	kp_w_kstr(w, "type", "coverage");
	kp_w_kstr(w, "scope", kp_cov_scope_name[c->scope]);
	kp_w_kstr(w, "kind", kp_cov_kind_name[c->kind]);
	kp_w_kstr(w, "level", kp_cov_level_name[c->level]);
	kp_w_kstr(w, "name", c->name);
	kp_w_kstr(w, "plan", c->plan);
	kp_w_kstr(w, "job", c->job);
	kp_w_kstr(w, "instance", c->instance);
	kp_w_kstr(w, "base", c->base);
	kp_w_kstr(w, "target", c->target);
	kcount(w, "expected", c->expected);
	kcount(w, "found", c->found);
	strarr(w, "absent", c->absent, c->nabsent);
	kp_w_key(w, "differ");
	if (c->ndiffer == 0)
		kp_w_null(w);
	else {
		kp_w_obj(w);
		for (i = 0; i < c->ndiffer; i++) {
			kp_w_key(w, c->differ[i].field);
			kp_w_arr(w);
			kp_w_str(w, c->differ[i].base);
			kp_w_str(w, c->differ[i].target);
			kp_w_end(w);
		}
		kp_w_end(w);
	}
	strarr(w, "runs", c->runs, c->nruns);
	kp_w_kstr(w, "label", c->label);
	kp_w_kstr(w, "why", c->why);
	kp_w_end(w);
}

static int
enumfield(kp_json *d, const char *key, const char *const *names, int n)
{
	int i = kp_json_get(d, 0, key), v;

	v = kp_cov_lookup(names, n, kp_req_str(d, key));
	if (v < 0)
		kp_rec_die(d, i, "\"%s\" is not one of the %s names of kp-records(5)",
		    kp_json_str(d, i), key);
	return v;
}

static long long
count(kp_json *d, const char *key)
{
	long long v = kp_opt_int(d, key, -1);

	if (v < -1 || (v == -1 && kp_json_get(d, 0, key) >= 0 &&
	    d->tok[kp_json_get(d, 0, key)].type != KP_JNULL))
		kp_rec_die(d, kp_json_get(d, 0, key), "\"%s\" must be a count "
		    "(0 or more) or null", key);
	return v;
}

/* an array of strings; NULL and *n 0 when the field is missing */
static const char **
strings(kp_json *d, const char *key, size_t *n)
{
	int a = kp_json_get(d, 0, key), i;
	const char **v;
	size_t k = 0;

	*n = 0;
	if (a < 0 || d->tok[a].type == KP_JNULL)
		return NULL;
	if (d->tok[a].type != KP_JARR)
		kp_rec_die(d, a, "\"%s\" must be an array of strings", key);
	v = ecalloc(d->tok[a].n + 1, sizeof(*v));
	for (i = kp_json_first(d, a); i >= 0 && k < d->tok[a].n; i = d->tok[i].next) {
		if (!(v[k++] = kp_json_str(d, i)))
			kp_rec_die(d, i, "\"%s\" must hold strings only", key);
	}
	*n = k;
	return v;
}

void
kp_coverage_read(kp_json *d, kp_coverage *c)
{
	int o, k, v, e;
	size_t i;

	if (strcmp(kp_rec_type(d), "coverage") != 0)
		kp_rec_die(d, kp_json_get(d, 0, "type"), "expected a coverage record");
	kp_coverage_init(c, enumfield(d, "scope", kp_cov_scope_name, KP_COV_NSCOPE),
	    enumfield(d, "kind", kp_cov_kind_name, KP_COV_NKIND),
	    enumfield(d, "level", kp_cov_level_name, KP_COV_NLEVEL),
	    kp_req_str(d, "name"));
	c->plan = kp_opt_str(d, "plan", NULL);
	c->job = kp_opt_str(d, "job", NULL);
	c->instance = kp_opt_str(d, "instance", NULL);
	c->base = kp_opt_str(d, "base", NULL);
	c->target = kp_opt_str(d, "target", NULL);
	c->expected = count(d, "expected");
	c->found = count(d, "found");
	c->absent = strings(d, "absent", &c->nabsent);
	c->runs = strings(d, "runs", &c->nruns);
	c->label = kp_opt_str(d, "label", NULL);
	c->why = kp_opt_str(d, "why", NULL);
	if ((o = kp_json_get(d, 0, "differ")) < 0 || d->tok[o].type == KP_JNULL)
		return;
	if (d->tok[o].type != KP_JOBJ)
		kp_rec_die(d, o, "\"differ\" must be an object or null");
	c->differ = ecalloc(d->tok[o].n + 1, sizeof(*c->differ));
	for (k = kp_json_first(d, o), i = 0; k >= 0 && i < d->tok[o].n;
	    k = d->tok[v].next, i++) {
		v = k + 1;
		e = kp_json_first(d, v);
		if (d->tok[v].type != KP_JARR || d->tok[v].n != 2 ||
		    (d->tok[e].type != KP_JSTR && d->tok[e].type != KP_JNULL) ||
		    (d->tok[d->tok[e].next].type != KP_JSTR &&
		    d->tok[d->tok[e].next].type != KP_JNULL))
			kp_rec_die(d, v, "a field of \"differ\" must be "
			    "[base, target], strings or null");
		c->differ[i].field = kp_json_str(d, k);
		c->differ[i].base = kp_json_str(d, e);
		c->differ[i].target = kp_json_str(d, d->tok[e].next);
	}
	c->ndiffer = i;
}

void
kp_coverage_free(kp_coverage *c)
{
	free(c->absent);
	free(c->runs);
	free(c->differ);
	c->absent = c->runs = NULL;
	c->differ = NULL;
}
