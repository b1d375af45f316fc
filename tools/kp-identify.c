/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-identify: give run, runstat and sample records their experiment
 * identity (exp) and comparison key (key).  See kp-identify(1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "rec.h"
#include "strmap.h"
#include "identity.h"
#include "sampleline.h"

#define MISSING "-"	/* placeholder of a missing or null parameter */

typedef struct {
	char *run;
	size_t runlen;
	long long iter;
	int seen;	/* the run record has arrived */
	size_t npair;
	char **keys, **vals;	/* identity fields of the run */
	char idx[24];	/* its index in runs, as text, for jobmap */
} Run;

typedef struct {	/* one job of one run: its ids */
	Run *r;
	char *job;
	size_t joblen;
	int fromsamples;	/* no runstat came first: params MISSING */
	char exp[KP_IDSZ], key[KP_IDSZ];
} Job;

/* the group id of the last measurement a job's samples named: samples
 * of one measurement come one after another (reps, subs), so most ids
 * are a comparison, not a hash */
enum { G_SUITE, G_BENCH, G_TEST, G_OP, G_METRIC, NG };
typedef struct {
	const Job *j;
	char *s[NG];	/* suite, bench, test, op, metric */
	size_t len[NG], cap[NG];
	long long conc;
	char id[KP_IDSZ];
} Lastgroup;

typedef struct {
	char **xopt, **aopt;
	size_t nx, na;
	Run **runs;
	size_t nruns;
	Job **jobs;
	size_t njobs;
	/* (run, iter) -> index in runs, (run index, job) -> index in jobs:
	 * a lookup per sample, which a scan would make quadratic when the
	 * runs of a long history arrive interleaved or their jobs have no
	 * runstat */
	kp_strmap *runmap, *jobmap;
	kp_canon *canon;
	kp_w *out;
	char *line;	/* a sample's line with its ids, written whole */
	size_t linecap;
	char *buf[2];	/* fastsample()'s strings, NUL-terminated */
	size_t bufcap[2];
	/* the last run and job looked up: a job's samples come one after
	 * another, so most lookups are a comparison, not a hash */
	Run *lastrun;
	Job *lastjob;
	Lastgroup lastgroup;
	/* the members kp-identify writes itself: of a sample, of the others */
	const char *skipsmp[4], *skip[3];
	kp_recix runix, rsix, smpix;
	int tok[KP_RUN_NF + KP_RUNSTAT_NF + KP_SAMPLE_NF];
} Identify;

/* the open input, in a static so that a reader still open when a
 * diagnostic exits is reachable, not a leak */
static kp_in *curin;

static int
excluded(const Identify *x, const char *name)
{
	size_t i;

	for (i = 0; i < x->nx; i++)
		if (strcmp(x->xopt[i], name) == 0)
			return 1;
	return 0;
}

/* a run field's value as identity text: strings decoded, numbers in
 * their shortest form (16 and 16.0 are one value), null and missing as
 * MISSING, anything else as its JSON text.  The identity fields are
 * named by lib/identity.c and -a, so they are looked up by name in the
 * run's table (kp_rec_tok). */
static char *
fieldtext(kp_json *d, const kp_rtype *t, const char *name)
{
	char buf[KP_NUMBUF];
	const char *raw;
	double x;
	size_t len;
	int i;

	i = kp_rec_tok(d, t, name);
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
addrun(Identify *x, const char *run, long long iter)
{
	char it[24];
	size_t i;
	int isnew;

	if (!x->runmap)
		x->runmap = kp_strmap_new();
	snprintf(it, sizeof(it), "%lld", iter);
	i = kp_strmap_addv(x->runmap, &isnew, run, it, NULL);
	if (!isnew)
		return x->runs[i];
	x->runs = kp_grow(x->runs, x->nruns, sizeof(*x->runs));
	x->runs[x->nruns] = ecalloc(1, sizeof(Run));
	x->runs[x->nruns]->run = estrdup(run);
	x->runs[x->nruns]->runlen = strlen(run);
	x->runs[x->nruns]->iter = iter;
	snprintf(x->runs[x->nruns]->idx, sizeof(x->runs[x->nruns]->idx), "%zu",
	    x->nruns);
	return x->runs[x->nruns++];
}

/* the run of a runstat or sample record, which kp-records(5) puts after
 * its run record: one that is not there yet is an error, not held (with
 * d NULL, NULL) */
static Run *
findrun(Identify *x, kp_json *d, const char *run, long long iter,
    const char *what)
{
	char it[24];
	long i;

	if (x->lastrun && x->lastrun->iter == iter &&
	    strcmp(x->lastrun->run, run) == 0)
		return x->lastrun;
	snprintf(it, sizeof(it), "%lld", iter);
	if (!x->runmap || (i = kp_strmap_findv(x->runmap, run, it, NULL)) < 0) {
		if (!d)
			return NULL;
		kp_die_at(d->file, d->line, 0,
		    "no run record for run \"%s\" iter %lld before this %s; "
		    "expected the run record first (kp-records(5))", run, iter, what);
	}
	return x->lastrun = x->runs[i];
}

static Job *
findjob(Identify *x, Run *r, const char *job)
{
	long i;

	if (x->lastjob && x->lastjob->r == r && strcmp(x->lastjob->job, job) == 0)
		return x->lastjob;
	if (!x->jobmap || (i = kp_strmap_findv(x->jobmap, r->idx, job, NULL)) < 0)
		return NULL;
	return x->lastjob = x->jobs[i];
}

static void
addpair(Run *r, const char *k, char *v)
{
	r->keys = kp_grow(r->keys, r->npair, sizeof(char *));
	r->vals = kp_grow(r->vals, r->npair, sizeof(char *));
	r->keys[r->npair] = estrdup(k);
	r->vals[r->npair++] = v;
}

static void
setrun(Identify *x, Run *r, kp_json *d)
{
	char *v;
	size_t i;

	for (i = 0; i < kp_nidfields; i++) {
		if (excluded(x, kp_idfields[i].name))
			continue;
		v = fieldtext(d, &kp_run_t, kp_idfields[i].name);
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
	for (i = 0; i < x->na; i++)
		if (!excluded(x, x->aopt[i]))
			addpair(r, x->aopt[i], fieldtext(d, &kp_run_t, x->aopt[i]));
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
ids(Identify *x, Run *r, const char *suite, const char *job,
    const char *params, char exp[KP_IDSZ], char key[KP_IDSZ])
{
	int pass;
	size_t i;

	for (pass = 0; pass < 2; pass++) {
		kp_canon_reset(x->canon);
		for (i = 0; i < r->npair; i++)
			if (pass == 0 || !kernelfield(r->keys[i]))
				kp_canon_add(x->canon, r->keys[i], r->vals[i]);
		if (job) {
			if (!excluded(x, "suite"))
				kp_canon_add(x->canon, "suite", suite);
			if (!excluded(x, "job"))
				kp_canon_add(x->canon, "job", job);
			if (!excluded(x, "params"))
				kp_canon_add(x->canon, "params", params);
		}
		kp_canon_hash(x->canon, pass == 0 ? exp : key);
	}
}

/* the record as read, its ids written anew: exp and key, and for a
 * sample its group (kp-records(5)), in the order of the table */
static void
writeids(Identify *x, kp_json *d, const char *exp, const char *key,
    const char *group)
{
	kp_sample s;

	memset(&s, 0, sizeof(s));
	s.exp = (char *)exp;
	s.key = (char *)key;
	s.group = (char *)group;
	kp_has_set(&s.has, KP_SAMPLE_EXP);
	kp_has_set(&s.has, KP_SAMPLE_KEY);
	if (group)
		kp_has_set(&s.has, KP_SAMPLE_GROUP);
	kp_w_copy_obj(x->out, d, group ? x->skipsmp : x->skip);
	/* exp, key and group are the last fields of run, runstat and
	 * sample alike: the sample's table writes them for all three */
	kp_rec_members(x->out, &kp_sample_t, &s);
	kp_w_end(x->out);
}

static Job *
addjob(Identify *x, Run *r, const char *job, const char *suite,
    const char *params)
{
	Job *j;

	x->jobs = kp_grow(x->jobs, x->njobs, sizeof(*x->jobs));
	if (!x->jobmap)
		x->jobmap = kp_strmap_new();
	kp_strmap_addv(x->jobmap, NULL, r->idx, job, NULL);
	j = x->jobs[x->njobs++] = ecalloc(1, sizeof(Job));
	j->r = r;
	j->job = estrdup(job);
	j->joblen = strlen(job);
	ids(x, r, suite, job, params, j->exp, j->key);
	return x->lastjob = j;
}

static void
runstat(Identify *x, kp_json *d)
{
	int *tok = x->tok;
	const char *job;
	char *params, *suite;
	Run *r;
	Job *j;

	kp_rec_index(d, &kp_runstat_t, tok, &x->rsix);
	r = findrun(x, d, kp_rec_str(d, &kp_runstat_t, KP_RUNSTAT_RUN,
	    tok[KP_RUNSTAT_RUN]), kp_rec_int(d, &kp_runstat_t, KP_RUNSTAT_ITER,
	    tok[KP_RUNSTAT_ITER]), "runstat");
	job = kp_rec_str(d, &kp_runstat_t, KP_RUNSTAT_JOB, tok[KP_RUNSTAT_JOB]);
	if ((j = findjob(x, r, job)) && j->fromsamples)
		kp_rec_die(d, tok[KP_RUNSTAT_JOB],
		    "the runstat for job \"%s\" of run \"%s\" iter %lld after "
		    "samples of the job; expected it before them, or none "
		    "(kp-records(5))", job, r->run, r->iter);
	if (j)
		kp_rec_die(d, tok[KP_RUNSTAT_JOB],
		    "a second runstat for job \"%s\" of run \"%s\" iter %lld; "
		    "expected one per job", job, r->run, r->iter);
	suite = estrdup(kp_rec_str(d, &kp_runstat_t, KP_RUNSTAT_SUITE,
	    tok[KP_RUNSTAT_SUITE]));
	params = fieldtext(d, &kp_runstat_t, KP_FNAME(kp_runstat_t, KP_RUNSTAT_PARAMS));
	j = addjob(x, r, job, suite, params);
	free(suite);
	free(params);
	writeids(x, d, j->exp, j->key, NULL);
}

/* string field f of a sample at token i, as kp_rec_str reads it (and
 * dies as it does), into *len bytes: a string without escapes is its
 * raw text, not copied and decoded, and not NUL-terminated */
static const char *
sstr(kp_json *d, int f, int i, size_t *len)
{
	const char *s;

	if (i >= 0 && d->tok[i].type == KP_JSTR && !d->tok[i].esc) {
		*len = d->tok[i].len;
		return d->text + d->tok[i].off;
	}
	s = kp_rec_str(d, &kp_sample_t, f, i);
	*len = strlen(s);
	return s;
}

static int
same(const char *have, size_t havelen, const char *s, size_t len)
{
	return havelen == len && memcmp(have, s, len) == 0;
}

/* the group id of a sample of job j (kp_group_id); v[], len[]: its
 * suite, bench, test, op and metric */
static const char *
groupof(Identify *x, const Job *j, const char *const *v, const size_t *len,
    long long conc)
{
	Lastgroup *g = &x->lastgroup;
	int k, isnew = g->j != j || g->conc != conc;

	/* each compared, and kept when it differs */
	for (k = 0; k < NG; k++) {
		if (g->s[k] && same(g->s[k], g->len[k], v[k], len[k]))
			continue;
		g->s[k] = kp_reserve(g->s[k], &g->cap[k], len[k] + 1);
		memcpy(g->s[k], v[k], len[k]);
		g->s[k][len[k]] = '\0';
		g->len[k] = len[k];
		isnew = 1;
	}
	if (isnew) {
		g->j = j;
		g->conc = conc;
		kp_group_id(g->id, j->exp, g->s[G_SUITE], g->s[G_BENCH],
		    g->s[G_TEST], g->s[G_OP], g->s[G_METRIC], conc);
	}
	return g->id;
}

/* the line as kp_w_copy_obj would copy it: an object of members, none of
 * them exp, key or group and no name escaped, and no white space outside
 * its strings (its length is that of its members, colons and commas) */
static int
copyable(const kp_json *d)
{
	const kp_jtok *t = d->tok;
	size_t n = 1;
	uint32_t k;

	if (t[0].n == 0)
		return 0;
	for (k = 1; k < t[0].next; k = t[k + 1].next) {
		if (t[k].esc || (t[k].len == 3 &&
		    (memcmp(d->text + t[k].off, "exp", 3) == 0 ||
		    memcmp(d->text + t[k].off, "key", 3) == 0)) ||
		    (t[k].len == 5 && memcmp(d->text + t[k].off, "group", 5) == 0))
			return 0;
		/* "name":value and , or }; a string value's quotes */
		n += t[k].len + 4 + t[k + 1].len + 2 * (t[k + 1].type == KP_JSTR);
	}
	return n == d->len;
}

/* a sample written with its ids: its line, copyable, with them added
 * before the closing brace, as writeids writes them */
static void
writeline(Identify *x, const char *line, size_t len, const Job *j,
    const char *group)
{
	static const char ke[] = ",\"exp\":\"", kk[] = "\",\"key\":\"",
	    kg[] = "\",\"group\":\"", end[] = "\"}";
	size_t n = len - 1, need = n + sizeof(ke) + sizeof(kk) +
	    sizeof(kg) + sizeof(end) + 3 * KP_IDSZ;
	char *p;

	x->line = kp_reserve(x->line, &x->linecap, need);
	p = x->line;
#define PUT(s, len) (memcpy(p, (s), (len)), p += (len))
	PUT(line, n);
	PUT(ke, sizeof(ke) - 1);
	PUT(j->exp, KP_IDSZ - 1);
	PUT(kk, sizeof(kk) - 1);
	PUT(j->key, KP_IDSZ - 1);
	PUT(kg, sizeof(kg) - 1);
	PUT(group, KP_IDSZ - 1);
	PUT(end, sizeof(end) - 1);
#undef PUT
	kp_w_line(x->out, x->line, (size_t)(p - x->line));
}

static void
writesample(Identify *x, kp_json *d, const Job *j, const char *group)
{
	if (copyable(d))
		writeline(x, d->text, d->len, j, group);
	else
		writeids(x, d, j->exp, j->key, group);
}

/* a sample: its job's ids, from its runstat, or when the job has none
 * (kp-records(5): a runstat comes before its job's samples, or not at
 * all) from the first sample, with params MISSING; and its group.  Its
 * fields are read in the order that dies at the one kp-identify has
 * always named first when several are wrong. */
static void
sample(Identify *x, kp_json *d, const int *tok)
{
	static const int gf[NG] = { KP_SAMPLE_SUITE, KP_SAMPLE_BENCH,
		KP_SAMPLE_TEST, KP_SAMPLE_OP, KP_SAMPLE_METRIC };
	const char *run, *job, *v[NG];
	size_t runlen, joblen, len[NG];
	long long iter, conc;
	Run *r;
	Job *j;
	int k;

	iter = kp_rec_int(d, &kp_sample_t, KP_SAMPLE_ITER, tok[KP_SAMPLE_ITER]);
	run = sstr(d, KP_SAMPLE_RUN, tok[KP_SAMPLE_RUN], &runlen);
	if ((r = x->lastrun) == NULL || r->iter != iter ||
	    !same(r->run, r->runlen, run, runlen))
		r = findrun(x, d, kp_rec_str(d, &kp_sample_t, KP_SAMPLE_RUN,
		    tok[KP_SAMPLE_RUN]), iter, "sample");
	job = sstr(d, KP_SAMPLE_JOB, tok[KP_SAMPLE_JOB], &joblen);
	v[G_SUITE] = sstr(d, KP_SAMPLE_SUITE, tok[KP_SAMPLE_SUITE], &len[G_SUITE]);
	if ((j = x->lastjob) == NULL || j->r != r ||
	    !same(j->job, j->joblen, job, joblen)) {
		job = kp_rec_str(d, &kp_sample_t, KP_SAMPLE_JOB, tok[KP_SAMPLE_JOB]);
		if (!(j = findjob(x, r, job))) {
			j = addjob(x, r, job, kp_rec_str(d, &kp_sample_t,
			    KP_SAMPLE_SUITE, tok[KP_SAMPLE_SUITE]), MISSING);
			j->fromsamples = 1;
		}
	}
	conc = kp_rec_int(d, &kp_sample_t, KP_SAMPLE_CONC, tok[KP_SAMPLE_CONC]);
	for (k = NG - 1; k > G_SUITE; k--)
		v[k] = sstr(d, gf[k], tok[gf[k]], &len[k]);
	writesample(x, d, j, groupof(x, j, v, len, conc));
}

/* v's string, NUL-terminated in buf (kp_reserve'd in *cap) */
static char *
cstr(char **buf, size_t *cap, const kp_sval *v)
{
	*buf = kp_reserve(*buf, cap, v->len + 1);
	memcpy(*buf, v->p, v->len);
	(*buf)[v->len] = '\0';
	return *buf;
}

/* A sample laid out as kp writes it (lib/sampleline.c), without ids,
 * read without the JSON reader: written with its ids as sample() writes
 * it, and 1; or 0, nothing done, when it is laid out otherwise or
 * sample() would die on it (then sample() reads it, and says why).  Its
 * line is copyable(): names in the table's order, unescaped, not exp,
 * key or group, and no white space. */
static int
fastsample(Identify *x, const char *line, size_t len)
{
	static const int sf[] = { KP_SAMPLE_RUN, KP_SAMPLE_JOB,
		KP_SAMPLE_SUITE, KP_SAMPLE_BENCH, KP_SAMPLE_TEST, KP_SAMPLE_OP,
		KP_SAMPLE_METRIC };
	static const int gf[NG] = { KP_SAMPLE_SUITE, KP_SAMPLE_BENCH,
		KP_SAMPLE_TEST, KP_SAMPLE_OP, KP_SAMPLE_METRIC };
	kp_sval v[KP_SAMPLE_NF];
	const kp_sval *run, *job;
	const char *g[NG];
	size_t glen[NG];
	long long iter, conc;
	Run *r;
	Job *j;
	int k;

	if (!kp_sample_line(line, len, v) || v[KP_SAMPLE_EXP].p ||
	    v[KP_SAMPLE_KEY].p || v[KP_SAMPLE_GROUP].p)
		return 0;
	for (k = 0; k < (int)KP_LEN(sf); k++)
		if (!v[sf[k]].p || !v[sf[k]].str)
			return 0;
	if ((iter = kp_sval_count(&v[KP_SAMPLE_ITER], 18)) < 0 ||
	    (conc = kp_sval_count(&v[KP_SAMPLE_CONC], 18)) < 1)
		return 0;
	run = &v[KP_SAMPLE_RUN];
	job = &v[KP_SAMPLE_JOB];
	if ((r = x->lastrun) == NULL || r->iter != iter ||
	    !same(r->run, r->runlen, run->p, run->len)) {
		if (!(r = findrun(x, NULL, cstr(&x->buf[0], &x->bufcap[0], run),
		    iter, "sample")))
			return 0;
	}
	if ((j = x->lastjob) == NULL || j->r != r ||
	    !same(j->job, j->joblen, job->p, job->len)) {
		cstr(&x->buf[0], &x->bufcap[0], job);
		if (!(j = findjob(x, r, x->buf[0]))) {
			j = addjob(x, r, x->buf[0], cstr(&x->buf[1], &x->bufcap[1],
			    &v[KP_SAMPLE_SUITE]), MISSING);
			j->fromsamples = 1;
		}
	}
	for (k = 0; k < NG; k++) {
		g[k] = v[gf[k]].p;
		glen[k] = v[gf[k]].len;
	}
	writeline(x, line, len, j, groupof(x, j, g, glen, conc));
	return 1;
}

static void
run(Identify *x, kp_json *d)
{
	int *tok = x->tok;
	char exp[KP_IDSZ], key[KP_IDSZ];
	Run *r;

	kp_rec_index(d, &kp_run_t, tok, &x->runix);
	r = addrun(x, kp_rec_str(d, &kp_run_t, KP_RUN_RUN, tok[KP_RUN_RUN]),
	    kp_rec_int(d, &kp_run_t, KP_RUN_ITER, tok[KP_RUN_ITER]));
	if (r->seen)
		kp_rec_die(d, tok[KP_RUN_RUN],
		    "a second run record for run \"%s\" iter %lld; "
		    "expected one per run and iteration", r->run, r->iter);
	setrun(x, r, d);
	ids(x, r, NULL, NULL, NULL, exp, key);
	writeids(x, d, exp, key, NULL);
}

static void
identify(Identify *x, const char *path)
{
	kp_in *in = curin = kp_in_open(path);
	const char *line;
	size_t len;
	kp_json d;
	int type;

	kp_json_init(&d);
	while ((line = kp_in_record(in, &len))) {
		if (fastsample(x, line, len))
			continue;
		kp_rec_parse(in, &d, line, len);
		/* the sample's index, which finds the type: samples are the most */
		type = kp_rec_index(&d, &kp_sample_t, x->tok, &x->smpix);
		if (type < 0 || d.tok[type].type != KP_JSTR)
			kp_rec_type(&d);	/* dies, saying why */
		if (kp_json_streq(&d, type, kp_sample_t.name))
			sample(x, &d, x->tok);
		else if (kp_rec_is(&d, &kp_runstat_t))
			runstat(x, &d);
		else if (kp_rec_is(&d, &kp_run_t))
			run(x, &d);
		else
			kp_w_line(x->out, d.text, d.len);
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
	static Identify x;	/* reachable when a diagnostic exits */
	int c;

	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (c) {
		case 'a':
			x.aopt = kp_grow(x.aopt, x.na, sizeof(*x.aopt));
			x.aopt[x.na++] = optarg;
			break;
		case 'x':
			x.xopt = kp_grow(x.xopt, x.nx, sizeof(*x.xopt));
			x.xopt[x.nx++] = optarg;
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;

	x.skipsmp[0] = x.skip[0] = KP_FNAME(kp_sample_t, KP_SAMPLE_EXP);
	x.skipsmp[1] = x.skip[1] = KP_FNAME(kp_sample_t, KP_SAMPLE_KEY);
	x.skipsmp[2] = KP_FNAME(kp_sample_t, KP_SAMPLE_GROUP);
	x.canon = kp_canon_new();
	x.out = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		identify(&x, NULL);
	for (; *argv; argv++)
		identify(&x, *argv);
	kp_w_close(x.out);
	kp_canon_free(x.canon);
	return KP_EXIT_OK;
}
