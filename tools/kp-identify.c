/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-identify: give run, runstat and sample records their experiment
 * identity (exp) and comparison key (key).  See kp-identify(1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "strmap.h"
#include "identity.h"

#define MISSING "-"	/* placeholder of a missing or null parameter */

typedef struct {
	char *run;
	long long iter;
	int seen;	/* the run record has arrived */
	size_t npair;
	char **keys, **vals;	/* identity fields of the run */
	char idx[24];	/* its index in runs, as text, for jobmap */
} Run;

typedef struct {	/* one job of one run: its ids */
	Run *r;
	char *job;
	int fromsamples;	/* no runstat came first: params MISSING */
	char exp[17], key[17];
} Job;

static char **xopt, **aopt;
static size_t nx, na;
static Run **runs;
static size_t nruns;
static Job **jobs;
static size_t njobs;
/* (run, iter) -> index in runs, (run index, job) -> index in jobs: a
 * lookup per sample, which a scan would make quadratic when the runs
 * of a long history arrive interleaved or their jobs have no runstat */
static kp_strmap *runmap, *jobmap;
static kp_canon *canon;
static kp_w *out;
/* the last run and job looked up: a job's samples come one after another,
 * so most lookups are a comparison, not a hash */
static Run *lastrun;
static Job *lastjob;
static const char *const skipids[] = { "exp", "key", NULL };

static int
excluded(const char *name)
{
	size_t i;

	for (i = 0; i < nx; i++)
		if (strcmp(xopt[i], name) == 0)
			return 1;
	return 0;
}

/* a field's value as identity text: strings decoded, numbers in their
 * shortest form (16 and 16.0 are one value), null and missing as MISSING,
 * anything else as its JSON text */
static char *
fieldtext(kp_json *d, const char *name)
{
	char buf[KP_NUMBUF];
	const char *raw;
	double x;
	size_t len;
	int i;

	i = kp_json_get(d, 0, name);
	if (i < 0 || d->tok[i].type == KP_JNULL)
		return estrdup(MISSING);
	if (d->tok[i].type == KP_JSTR)
		return estrdup(kp_json_str(d, i));
	if (d->tok[i].type == KP_JNUM && kp_json_num(d, i, &x) == 0) {
		kp_fmt_num(buf, x);
		return estrdup(buf);
	}
	raw = kp_json_raw(d, i, &len);
	return estrndup(raw, len);
}

static Run *
addrun(const char *run, long long iter)
{
	char it[24];
	size_t i;
	int isnew;

	if (!runmap)
		runmap = kp_strmap_new();
	snprintf(it, sizeof(it), "%lld", iter);
	i = kp_strmap_addv(runmap, &isnew, run, it, NULL);
	if (!isnew)
		return runs[i];
	runs = kp_grow(runs, nruns, sizeof(*runs));
	runs[nruns] = ecalloc(1, sizeof(Run));
	runs[nruns]->run = estrdup(run);
	runs[nruns]->iter = iter;
	snprintf(runs[nruns]->idx, sizeof(runs[nruns]->idx), "%zu", nruns);
	return runs[nruns++];
}

/* the run of a runstat or sample record, which kp-records(5) puts after
 * its run record: one that is not there yet is an error, not held */
static Run *
findrun(kp_json *d, const char *what)
{
	const char *run = kp_req_str(d, "run");
	long long iter = kp_req_int(d, "iter");
	char it[24];
	long i;

	if (lastrun && lastrun->iter == iter && strcmp(lastrun->run, run) == 0)
		return lastrun;
	snprintf(it, sizeof(it), "%lld", iter);
	if (!runmap || (i = kp_strmap_findv(runmap, run, it, NULL)) < 0)
		kp_die_at(d->file, d->line, 0,
		    "no run record for run \"%s\" iter %lld before this %s; "
		    "expected the run record first (kp-records(5))", run, iter, what);
	return lastrun = runs[i];
}

static Job *
findjob(Run *r, const char *job)
{
	long i;

	if (lastjob && lastjob->r == r && strcmp(lastjob->job, job) == 0)
		return lastjob;
	if (!jobmap || (i = kp_strmap_findv(jobmap, r->idx, job, NULL)) < 0)
		return NULL;
	return lastjob = jobs[i];
}

static void
addpair(Run *r, const char *k, char *v)
{
	r->keys = ereallocarray(r->keys, r->npair + 1, sizeof(char *));
	r->vals = ereallocarray(r->vals, r->npair + 1, sizeof(char *));
	r->keys[r->npair] = estrdup(k);
	r->vals[r->npair++] = v;
}

static void
setrun(Run *r, kp_json *d)
{
	char *v;
	size_t i;

	for (i = 0; i < kp_nidfields; i++) {
		if (excluded(kp_idfields[i].name))
			continue;
		v = fieldtext(d, kp_idfields[i].name);
		if (strcmp(kp_idfields[i].name, "env") == 0 &&
		    strcmp(v, MISSING) == 0) {
			free(v);	/* see lib/identity.c */
			continue;
		}
		if (strcmp(kp_idfields[i].name, "cmdline") == 0) {
			char *c = kp_id_cmdline(v);
			free(v);
			v = c;
		} else if (strcmp(kp_idfields[i].name, "mem_kb") == 0 &&
		    strcmp(v, MISSING) != 0) {
			/* MemTotal moves by megabytes with the kernel's own
			 * size and reservations: the machine is its GiB */
			char *end, buf[32];
			double kb = strtod(v, &end);

			if (*end == '\0' && kb >= 0) {
				snprintf(buf, sizeof(buf), "%.0f", round(kb / 1048576));
				free(v);
				addpair(r, "mem_gib", estrdup(buf));
				continue;
			}
		}
		addpair(r, kp_idfields[i].name, v);
	}
	for (i = 0; i < na; i++)
		if (!excluded(aopt[i]))
			addpair(r, aopt[i], fieldtext(d, aopt[i]));
	r->seen = 1;
}

static int
kernelfield(const char *name)
{
	size_t i;

	for (i = 0; i < kp_nidfields; i++)
		if (strcmp(kp_idfields[i].name, name) == 0)
			return kp_idfields[i].kernel;
	return 0;
}

/* exp and key of a run's job (job NULL: of the run itself) */
static void
ids(Run *r, const char *suite, const char *job, const char *params,
    char exp[17], char key[17])
{
	int pass;
	size_t i;

	for (pass = 0; pass < 2; pass++) {
		kp_canon_reset(canon);
		for (i = 0; i < r->npair; i++)
			if (pass == 0 || !kernelfield(r->keys[i]))
				kp_canon_add(canon, r->keys[i], r->vals[i]);
		if (job) {
			if (!excluded("suite"))
				kp_canon_add(canon, "suite", suite);
			if (!excluded("job"))
				kp_canon_add(canon, "job", job);
			if (!excluded("params"))
				kp_canon_add(canon, "params", params);
		}
		kp_canon_hash(canon, pass == 0 ? exp : key);
	}
}

static void
writeids(kp_json *d, const char *exp, const char *key)
{
	kp_w_copy_obj(out, d, skipids);
	kp_w_kstr(out, "exp", exp);
	kp_w_kstr(out, "key", key);
	kp_w_end(out);
}

static Job *
addjob(Run *r, const char *job, const char *suite, const char *params)
{
	Job *j;

	jobs = kp_grow(jobs, njobs, sizeof(*jobs));
	if (!jobmap)
		jobmap = kp_strmap_new();
	kp_strmap_addv(jobmap, NULL, r->idx, job, NULL);
	j = jobs[njobs++] = ecalloc(1, sizeof(Job));
	j->r = r;
	j->job = estrdup(job);
	ids(r, suite, job, params, j->exp, j->key);
	return lastjob = j;
}

static void
runstat(Run *r, kp_json *d)
{
	const char *job = kp_req_str(d, "job");
	char *params, *suite;
	Job *j;

	if ((j = findjob(r, job)) && j->fromsamples)
		kp_rec_die(d, kp_json_get(d, 0, "job"),
		    "the runstat for job \"%s\" of run \"%s\" iter %lld after "
		    "samples of the job; expected it before them, or none "
		    "(kp-records(5))", job, r->run, r->iter);
	if (j)
		kp_rec_die(d, kp_json_get(d, 0, "job"),
		    "a second runstat for job \"%s\" of run \"%s\" iter %lld; "
		    "expected one per job", job, r->run, r->iter);
	suite = estrdup(kp_req_str(d, "suite"));
	params = fieldtext(d, "params");
	j = addjob(r, kp_req_str(d, "job"), suite, params);
	free(suite);
	free(params);
	writeids(d, j->exp, j->key);
}

/* a sample: its job's ids, from its runstat, or when the job has none
 * (kp-records(5): a runstat comes before its job's samples, or not at
 * all) from the first sample, with params MISSING */
static void
sample(Run *r, kp_json *d)
{
	const char *job = kp_req_str(d, "job");
	const char *suite = kp_req_str(d, "suite");
	Job *j;

	if (!(j = findjob(r, job))) {
		j = addjob(r, job, suite, MISSING);
		j->fromsamples = 1;
	}
	writeids(d, j->exp, j->key);
}

/* the open input, in a static so that a reader still open when a
 * diagnostic exits is reachable, not a leak */
static kp_in *curin;

static void
identify(const char *path)
{
	kp_in *in = curin = kp_in_open(path);
	const char *type;
	char exp[17], key[17];
	kp_json d;
	Run *r;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		type = kp_rec_type(&d);
		if (strcmp(type, "run") == 0) {
			r = addrun(kp_req_str(&d, "run"), kp_req_int(&d, "iter"));
			if (r->seen)
				kp_rec_die(&d, kp_json_get(&d, 0, "run"),
				    "a second run record for run \"%s\" iter %lld; "
				    "expected one per run and iteration",
				    r->run, r->iter);
			setrun(r, &d);
			ids(r, NULL, NULL, NULL, exp, key);
			writeids(&d, exp, key);
		} else if (strcmp(type, "runstat") == 0) {
			runstat(findrun(&d, "runstat"), &d);
		} else if (strcmp(type, "sample") == 0) {
			sample(findrun(&d, "sample"), &d);
		} else {
			kp_w_line(out, d.text, d.len);
		}
	}
	kp_json_free(&d);
	kp_in_close(curin);
}

static const char synopsis[] =
    "usage: kp-identify [-x field] ... [-a field] ... [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'a', NULL, "field",
	    "add the run field field to the identity" },
	{ 'x', NULL, "field",
	    "leave field out of the identity" },
	{ 0 }
};

int
main(int argc, char *argv[])
{
	int c;

	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (c) {
		case 'a':
			aopt = ereallocarray(aopt, na + 1, sizeof(*aopt));
			aopt[na++] = optarg;
			break;
		case 'x':
			xopt = ereallocarray(xopt, nx + 1, sizeof(*xopt));
			xopt[nx++] = optarg;
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;

	canon = kp_canon_new();
	out = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		identify(NULL);
	for (; *argv; argv++)
		identify(*argv);
	kp_w_close(out);
	kp_canon_free(canon);
	return KP_EXIT_OK;
}
