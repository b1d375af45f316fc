/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run.c: one iteration of a run: its benchmarks found, each handed to
 * its parser, and the run, runstat and sample records written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

/* MMTests finds the parser of a job by stripping "-suffix" parts of its
 * name until a shellpack matches (wis-futex -> wis) */
const parser parsers[] = {
	{ "futexbench", "futexbench", futexbench_parse },
	{ "hackbench", "hackbench", hackbench_parse },
	{ "schbench", "schbench", schbench_parse },
	{ "stressng", "stressng", stressng_parse },
	{ "sysbenchcpu", "sysbench", sysbenchcpu_parse },
	{ "sysbenchmutex", "sysbench", sysbenchmutex_parse },
	{ "unixbenchd", "unixbench", unixbench_parse },
	{ "wis", "wis", wis_parse },
	{ NULL, NULL, NULL }
};

static int
cmpsample(const void *a, const void *b)
{
	const sample *x = a, *y = b;
	int c;

	if ((c = strcmp(x->bench, y->bench)) || (c = strcmp(x->test, y->test)) ||
	    (c = strcmp(x->op, y->op)) || (c = strcmp(x->metric, y->metric)))
		return c;
	if (x->conc != y->conc)
		return x->conc < y->conc ? -1 : 1;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	return (x->sub > y->sub) - (x->sub < y->sub);
}

typedef struct {
	job j;
	const parser *p;
	jstat *st;
} jobrun;

static const parser *
find_parser(const char *name)
{
	char buf[256], *d;
	const parser *p;

	snprintf(buf, sizeof(buf), "%s", name);
	for (;;) {
		for (p = parsers; p->name; p++)
			if (!strcmp(p->name, buf))
				return p;
		if (!(d = strrchr(buf, '-')))
			return NULL;
		*d = '\0';
	}
}

static void
unknown(pm *p, const char *name, const char *where)
{
	size_t i;

	if (p->sflag)
		kp_die_at(where, 0, 0, "unknown benchmark %s (known: futexbench-*, hackbench-*, "
		    "schbench, stressng, sysbenchcpu, sysbenchmutex, unixbenchd, wis-*)", name);
	for (i = 0; i < p->nunknown; i++)
		if (!strcmp(p->unknown[i], name))
			return;
	p->unknown = kp_grow(p->unknown, p->nunknown, sizeof(*p->unknown));
	p->unknown[p->nunknown++] = estrdup(name);
	kp_warn_at(where, 0, 0, "unknown benchmark %s: skipped (-s makes this an error)", name);
}

static int
cmpjob(const void *a, const void *b)
{
	return strcmp(((const jobrun *)a)->j.job, ((const jobrun *)b)->j.job);
}

/* the sample records of a job; each sample's src goes with it */
static void
write_samples(kp_w *w, const char *run, long iter, const char *kernel,
    const char *instance, job *j, const char *suite)
{
	kp_sample x;
	size_t k;

	memset(&x, 0, sizeof(x));
	kp_has_range(&x.has, KP_SAMPLE_RUN, KP_SAMPLE_VALUE);
	kp_has_set(&x.has, KP_SAMPLE_SRC);
	x.run = (char *)run;
	x.iter = iter;
	x.kernel = (char *)kernel;
	x.instance = (char *)instance;
	x.job = (char *)j->job;
	x.suite = (char *)suite;
	for (k = 0; k < j->n; k++) {
		sample *s = &j->s[k];

		x.bench = (char *)s->bench;
		x.test = (char *)s->test;
		x.op = (char *)s->op;
		x.metric = (char *)s->metric;
		x.unit = (char *)s->unit;
		x.better = s->higher ? KP_HIGHER : KP_LOWER;
		x.conc = s->conc;
		x.rep = s->rep;
		x.sub = s->sub;
		x.value = s->value;
		x.src = s->src;
		kp_rec_check(&kp_sample_t, &x, s->src, 0);
		kp_rec_write(w, &kp_sample_t, &x);
		free(s->src);
	}
}

static void
job_free(job *j)
{
	size_t k;

	for (k = 0; k < j->nstrs; k++)
		free(j->strs[k]);
	free(j->strs);
	free(j->s);
	free(j->params);
	free((char *)j->logs);
	free((char *)j->where);
}

void
iter_emit(kp_w *w, pm *pp, const run *r, const char *itname, long iter)
{
	iterinfo it;
	const vtree *t = r->t;
	jobrun *jr = NULL;
	size_t njr = 0, i, k, nsub;
	char **subs, *logs, *where;
	const char *kernel, *instance, *runid;

	memset(&it, 0, sizeof(it));
	it.r = r;
	it.dir = runs_join(r->dir, itname);
	it.iter = iter;
	iter_read_meta(&it, t);

	/* the jobs: those tests-timestamp names and those that left logs */
	subs = vt_subdirs(t, it.dir, &nsub);
	for (i = 0; i < nsub; i++) {
		logs = runs_join(it.dir, subs[i]);
		where = runs_join(logs, "logs");
		if (vt_isdir(t, where))
			jstat_get(&it, subs[i], strlen(subs[i]));
		free(where);
		free(logs);
		free(subs[i]);
	}
	free(subs);
	for (i = 0; i < it.njs; i++) {
		jstat *st = &it.js[i];
		const parser *p = find_parser(st->name);
		char *jd = runs_join(it.dir, st->name);
		char *shown = runs_join(t->shown, jd);
		jobrun *x;

		if (!p) {
			unknown(pp, st->name, shown);
			free(jd);
			free(shown);
			continue;
		}
		jr = kp_grow(jr, njr, sizeof(*jr));
		x = &jr[njr++];
		memset(x, 0, sizeof(*x));
		x->p = p;
		x->st = st;
		x->j.t = t;
		x->j.job = st->name;
		x->j.logs = runs_join(jd, "logs");
		x->j.where = runs_join(shown, "logs");
		free(jd);
		free(shown);
	}
	qsort(jr, njr, sizeof(*jr), cmpjob);
	for (i = 0; i < njr; i++) {
		job *j = &jr[i].j;
		jstat *st = jr[i].st;

		if (vt_isdir(t, j->logs))
			jr[i].p->parse(j);
		else
			kp_warn_at(j->where, 0, 0, "%s: no logs directory: the benchmark left no results", j->job);
		if (!j->params)
			j->params = estrdup("");
		if (j->n)
			qsort(j->s, j->n, sizeof(*j->s), cmpsample);
		for (k = 1; k < j->n; k++)
			if (!cmpsample(&j->s[k - 1], &j->s[k])) {
				if (!t->keep)
					kp_die_at(j->s[k].src, 0, 0, "the same measurement as %s", j->s[k - 1].src);
				kp_warn_at(j->s[k].src, 0, 0, "the same measurement as %s; kept both", j->s[k - 1].src);
				j->partial = 1;
			}
		if (!st->has_end) {
			kp_warn_at(j->where, 0, 0, "%s: never ended (no \"test end\" in tests-timestamp); "
			    "%zu samples kept, marked partial", j->job, j->n);
			j->partial = 1;
		} else if (st->rc != 0) {
			kp_warn_at(j->where, 0, 0, "%s: exit status %ld; %zu samples kept, marked partial",
			    j->job, st->rc, j->n);
			j->partial = 1;
		} else if (j->n == 0) {
			kp_warn_at(j->where, 0, 0, "%s: no samples", j->job);
			j->partial = 1;
		}
	}

	iter_write_run(w, pp, &it);
	/* the run as --meta or -l name it, as in the run record */
	runid = pm_meta_get(pp, r, RUNF(KP_RUN_RUN)) ? pm_meta_get(pp, r, RUNF(KP_RUN_RUN)) : r->id;
	for (i = 0; i < njr; i++)
		runstat_write(w, runid, iter, &jr[i].j, jr[i].p->suite, jr[i].st);
	kernel = pm_meta_get(pp, r, RUNF(KP_RUN_KERNEL)) ? pm_meta_get(pp, r, RUNF(KP_RUN_KERNEL)) :
	    it.release ? it.release : "unknown";
	instance = pm_meta_get(pp, r, RUNF(KP_RUN_INSTANCE)) ? pm_meta_get(pp, r, RUNF(KP_RUN_INSTANCE)) :
	    r->host;
	for (i = 0; i < njr; i++) {
		write_samples(w, runid, iter, kernel, instance, &jr[i].j, jr[i].p->suite);
		job_free(&jr[i].j);
	}
	free(jr);
	iter_free(&it);
}
