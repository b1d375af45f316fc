/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coverage.c: coverage records written from and read into the view of
 * coverage.h, through the table kp_cov_t (rectab.c); the names of their
 * words. */
#include <stdio.h>
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
const kp_vocab kp_cov_scope_v = { kp_cov_scope_name, KP_COV_NSCOPE, NULL,
	"a coverage scope" };
const kp_vocab kp_cov_kind_v = { kp_cov_kind_name, KP_COV_NKIND, NULL,
	"a coverage kind" };
const kp_vocab kp_cov_level_v = { kp_cov_level_name, KP_COV_NLEVEL, NULL,
	"a coverage level" };

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

void
kp_coverage_group(kp_coverage *c, const char *suite, const char *bench,
    const char *test, const char *op, const char *metric, long long conc,
    char *buf, size_t sz)
{
	c->suite = suite;
	c->bench = bench;
	c->test = test;
	c->op = op;
	c->metric = metric;
	c->conc = conc;
	snprintf(buf, sz, "%s/%s/%s[%s %s]@%lld", suite, bench, test, op,
	    metric, conc);
	c->name = buf;
}

static long long
count_of(long long v)
{
	return v < 0 ? KP_NULL_INT : v;
}

/* The view's strings are the writer's: the record borrows them (the
 * casts drop a const that kp_rec_write keeps) and frees none. */
void
kp_coverage_write(kp_w *w, const kp_coverage *c)
{
	kp_cov r;
	size_t i;

	memset(&r, 0, sizeof(r));
	kp_has_range(&r.has, 0, KP_COV_NF - 1);
	r.scope = c->scope;
	r.kind = c->kind;
	r.level = c->level;
	r.name = (char *)c->name;
	r.suite = (char *)c->suite;
	r.bench = (char *)c->bench;
	r.test = (char *)c->test;
	r.op = (char *)c->op;
	r.metric = (char *)c->metric;
	r.conc = c->conc > 0 ? c->conc : KP_NULL_INT;
	r.plan = (char *)c->plan;
	r.job = (char *)c->job;
	r.instance = (char *)c->instance;
	r.base = (char *)c->base;
	r.target = (char *)c->target;
	r.expected = count_of(c->expected);
	r.found = count_of(c->found);
	r.absent.v = (char **)c->absent;
	r.absent.n = c->nabsent;
	r.differ.v = ecalloc(c->ndiffer + 1, sizeof(*r.differ.v));
	for (i = 0; i < c->ndiffer; i++) {
		r.differ.v[i].field = (char *)c->differ[i].field;
		r.differ.v[i].base = (char *)c->differ[i].base;
		r.differ.v[i].target = (char *)c->differ[i].target;
	}
	r.differ.n = c->ndiffer;
	r.runs.v = (char **)c->runs;
	r.runs.n = c->nruns;
	r.label = (char *)c->label;
	r.why = (char *)c->why;
	kp_rec_write(w, &kp_cov_t, &r);
	free(r.differ.v);
}

static long long
count_in(long long v)
{
	return v == KP_NULL_INT ? -1 : v;
}

void
kp_coverage_read(kp_json *d, kp_coverage *c)
{
	int tok[KP_COV_NF + 1], ty;
	kp_cov *r;
	size_t i;

	kp_coverage_init(c, KP_COV_PLAN, KP_COV_COMPARED, KP_COV_LPLAN, NULL);
	if (!kp_rec_is(d, &kp_cov_t)) {
		ty = kp_rec_index(d, &kp_cov_t, tok, NULL);
		kp_rec_die(d, ty, "expected a coverage record");
	}
	r = &c->rec;
	kp_rec_read(d, &kp_cov_t, r, NULL, NULL);
	kp_rec_upgrade(d, &kp_cov_t, r, NULL);
	c->scope = r->scope;
	c->kind = r->kind;
	c->level = r->level;
	c->name = r->name;
	c->suite = r->suite;
	c->bench = r->bench;
	c->test = r->test;
	c->op = r->op;
	c->metric = r->metric;
	c->conc = r->conc == KP_NULL_INT ? 0 : r->conc;
	c->plan = r->plan;
	c->job = r->job;
	c->instance = r->instance;
	c->base = r->base;
	c->target = r->target;
	c->expected = count_in(r->expected);
	c->found = count_in(r->found);
	c->absent = (const char **)r->absent.v;
	c->nabsent = r->absent.n;
	c->runs = (const char **)r->runs.v;
	c->nruns = r->runs.n;
	c->label = r->label;
	c->why = r->why;
	if (r->differ.n) {
		c->differ = ecalloc(r->differ.n, sizeof(*c->differ));
		for (i = 0; i < r->differ.n; i++) {
			c->differ[i].field = r->differ.v[i].field;
			c->differ[i].base = r->differ.v[i].base;
			c->differ[i].target = r->differ.v[i].target;
		}
		c->ndiffer = r->differ.n;
	}
}

void
kp_coverage_free(kp_coverage *c)
{
	free(c->differ);
	kp_rec_free(&kp_cov_t, &c->rec);
	memset(c, 0, sizeof(*c));
}
