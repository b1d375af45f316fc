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
unknown(const char *name, const char *where)
{
	static char **seen;
	static size_t nseen;
	size_t i;

	if (sflag)
		kp_die_at(where, 0, 0, "unknown benchmark %s (known: futexbench-*, hackbench-*, "
		    "schbench, stressng, sysbenchcpu, sysbenchmutex, unixbenchd, wis-*)", name);
	for (i = 0; i < nseen; i++)
		if (!strcmp(seen[i], name))
			return;
	seen = ereallocarray(seen, nseen + 1, sizeof(*seen));
	seen[nseen++] = estrdup(name);
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
	size_t k;

	for (k = 0; k < j->n; k++) {
		sample *s = &j->s[k];

		kp_w_obj(w);
		kp_w_kstr(w, "type", "sample");
		kp_w_kstr(w, "run", run);
		kp_w_kint(w, "iter", iter);
		kp_w_kstr(w, "kernel", kernel);
		kp_w_kstr(w, "instance", instance);
		kp_w_kstr(w, "job", j->job);
		kp_w_kstr(w, "suite", suite);
		kp_w_kstr(w, "bench", s->bench);
		kp_w_kstr(w, "test", s->test);
		kp_w_kstr(w, "op", s->op);
		kp_w_kstr(w, "metric", s->metric);
		kp_w_kstr(w, "unit", s->unit);
		kp_w_kstr(w, "better", s->higher ? "higher" : "lower");
		kp_w_kint(w, "conc", s->conc);
		kp_w_kint(w, "rep", s->rep);
		kp_w_kint(w, "sub", s->sub);
		kp_w_knum(w, "value", s->value);
		kp_w_kstr(w, "src", s->src);
		kp_w_end(w);
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
iter_emit(kp_w *w, const run *r, const char *itname, long iter)
{
	iterinfo it;
	const vtree *t = r->t;
	jobrun *jr = NULL;
	size_t njr = 0, i, k, nsub;
	char **subs, *logs, *where;
	const char *kernel, *instance, *runid;

	memset(&it, 0, sizeof(it));
	it.r = r;
	it.dir = join(r->dir, itname);
	it.iter = iter;
	read_meta(&it, t);

	/* the jobs: those tests-timestamp names and those that left logs */
	subs = vt_subdirs(t, it.dir, &nsub);
	for (i = 0; i < nsub; i++) {
		logs = join(it.dir, subs[i]);
		where = join(logs, "logs");
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
		char *jd = join(it.dir, st->name);
		char *shown = join(t->shown, jd);
		jobrun *x;

		if (!p) {
			unknown(st->name, shown);
			free(jd);
			free(shown);
			continue;
		}
		jr = ereallocarray(jr, njr + 1, sizeof(*jr));
		x = &jr[njr++];
		memset(x, 0, sizeof(*x));
		x->p = p;
		x->st = st;
		x->j.t = t;
		x->j.job = st->name;
		x->j.logs = join(jd, "logs");
		x->j.where = join(shown, "logs");
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
				if (!kflag)
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

	write_run(w, &it);
	/* the run as --meta or -l name it, as in the run record */
	runid = meta_get(r, "run") ? meta_get(r, "run") : r->id;
	for (i = 0; i < njr; i++)
		runstat_write(w, runid, iter, &jr[i].j, jr[i].p->suite, jr[i].st);
	kernel = meta_get(r, "kernel") ? meta_get(r, "kernel") : it.release ? it.release : "unknown";
	instance = meta_get(r, "instance") ? meta_get(r, "instance") : r->host;
	for (i = 0; i < njr; i++) {
		write_samples(w, runid, iter, kernel, instance, &jr[i].j, jr[i].p->suite);
		job_free(&jr[i].j);
	}
	free(jr);
	iter_free(&it);
}
