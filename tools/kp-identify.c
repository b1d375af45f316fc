/* kp-identify: give run, runstat and sample records their experiment
 * identity (exp) and comparison key (key).  See kp-identify(1). */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "strmap.h"
#include "identity.h"

#define MISSING "-"	/* placeholder of a missing or null parameter */

typedef struct pend pend;
struct pend {		/* a record waiting for its run or runstat */
	char *line;
	size_t len;
	char *file;
	long lineno;
	int sample;	/* else a runstat */
	char *job;	/* samples: their job */
	pend *next;
};

typedef struct {
	char *run;
	long long iter;
	int seen;	/* the run record has arrived */
	size_t npair;
	char **keys, **vals;	/* identity fields of the run */
	pend *pend, **tail;
	char *pfile;	/* first waiting record, for the message */
	long pline;
	char idx[24];	/* its index in runs, as text, for jobmap */
} Run;

typedef struct {	/* one job of one run: its ids */
	Run *r;
	char *job;
	char exp[17], key[17];
} Job;

static void usage(void);

static char **xopt, **aopt;
static size_t nx, na;
static Run **runs;
static size_t nruns, runcap;
static Job **jobs;
static size_t njobs, jobcap;
/* (run, iter) -> index in runs, (run index, job) -> index in jobs: a
 * lookup per sample, which a scan would make quadratic when the runs
 * of a long history arrive interleaved or their jobs have no runstat */
static kp_strmap *runmap, *jobmap;
static kp_canon *canon;
static kp_w *out;
static kp_json doc;	/* for records re-read from the pending lists */
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
findrun(const char *run, long long iter)
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
	if (nruns == runcap) {
		runcap = runcap ? 2 * runcap : 16;
		runs = ereallocarray(runs, runcap, sizeof(*runs));
	}
	runs[nruns] = ecalloc(1, sizeof(Run));
	runs[nruns]->run = estrdup(run);
	runs[nruns]->iter = iter;
	runs[nruns]->tail = &runs[nruns]->pend;
	snprintf(runs[nruns]->idx, sizeof(runs[nruns]->idx), "%zu", nruns);
	return runs[nruns++];
}

static Job *
findjob(Run *r, const char *job)
{
	long i;

	if (!jobmap || (i = kp_strmap_findv(jobmap, r->idx, job, NULL)) < 0)
		return NULL;
	return jobs[i];
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

	if (njobs == jobcap) {
		jobcap = jobcap ? 2 * jobcap : 64;
		jobs = ereallocarray(jobs, jobcap, sizeof(*jobs));
	}
	if (!jobmap)
		jobmap = kp_strmap_new();
	kp_strmap_addv(jobmap, NULL, r->idx, job, NULL);
	j = jobs[njobs++] = ecalloc(1, sizeof(Job));
	j->r = r;
	j->job = estrdup(job);
	ids(r, suite, job, params, j->exp, j->key);
	return j;
}

static void
runstat(Run *r, kp_json *d)
{
	const char *job = kp_req_str(d, "job");
	char *params, *suite;
	Job *j;

	if (findjob(r, job))
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

static void
hold(Run *r, kp_json *d, const char *file, long lineno, int issample,
    const char *job)
{
	pend *p = ecalloc(1, sizeof(*p));

	p->line = estrndup(d->text, d->len);
	p->len = d->len;
	p->file = estrdup(file);
	p->lineno = lineno;
	p->sample = issample;
	p->job = job ? estrdup(job) : NULL;
	*r->tail = p;
	r->tail = &p->next;
	if (!r->pfile) {
		r->pfile = estrdup(file);
		r->pline = lineno;
	}
}

static void
reparse(pend *p)
{
	char msg[256];
	size_t col;

	/* it parsed once; this cannot fail unless memory is corrupt */
	if (kp_json_parse(&doc, p->line, p->len, msg, sizeof(msg), &col) < 0)
		kp_die_at(p->file, p->lineno, (long)col, "%s", msg);
	doc.file = p->file;
	doc.line = p->lineno;
}

static void
freepend(pend *p)
{
	free(p->line);
	free(p->file);
	free(p->job);
	free(p);
}

/* emit what waited for r: runstats first, then samples whose runstat is
 * known; with final set, samples without one get MISSING params */
static void
flush(Run *r, int final)
{
	pend *p, **pp;
	Job *j;

	if (!r->seen)
		return;
	for (pp = &r->pend; (p = *pp);) {
		if (p->sample) {
			pp = &p->next;
			continue;
		}
		reparse(p);
		runstat(r, &doc);
		*pp = p->next;
		freepend(p);
	}
	for (pp = &r->pend; (p = *pp);) {
		j = findjob(r, p->job);
		if (!j && final) {
			reparse(p);
			j = addjob(r, p->job, kp_req_str(&doc, "suite"), MISSING);
		}
		if (!j) {
			pp = &p->next;
			continue;
		}
		reparse(p);
		writeids(&doc, j->exp, j->key);
		*pp = p->next;
		freepend(p);
	}
	r->tail = pp;
}

/* the open input, in a static so that a reader still open when a
 * diagnostic exits is reachable, not a leak */
static kp_in *curin;

static void
identify(const char *path)
{
	kp_in *in = curin = kp_in_open(path);
	const char *type, *file = kp_in_name(in);
	char exp[17], key[17];
	kp_json d;
	Run *r;
	Job *j;

	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		type = kp_rec_type(&d);
		if (strcmp(type, "run") == 0) {
			r = findrun(kp_req_str(&d, "run"), kp_req_int(&d, "iter"));
			if (r->seen)
				kp_rec_die(&d, kp_json_get(&d, 0, "run"),
				    "a second run record for run \"%s\" iter %lld; "
				    "expected one per run and iteration",
				    r->run, r->iter);
			setrun(r, &d);
			ids(r, NULL, NULL, NULL, exp, key);
			writeids(&d, exp, key);
			flush(r, 0);
		} else if (strcmp(type, "runstat") == 0) {
			r = findrun(kp_req_str(&d, "run"), kp_req_int(&d, "iter"));
			if (r->seen) {
				runstat(r, &d);
				flush(r, 0);
			} else
				hold(r, &d, file, kp_in_lineno(in), 0, NULL);
		} else if (strcmp(type, "sample") == 0) {
			r = findrun(kp_req_str(&d, "run"), kp_req_int(&d, "iter"));
			kp_req_str(&d, "suite");
			j = r->seen ? findjob(r, kp_req_str(&d, "job")) : NULL;
			if (j)
				writeids(&d, j->exp, j->key);
			else
				hold(r, &d, file, kp_in_lineno(in), 1,
				    kp_req_str(&d, "job"));
		} else {
			kp_w_line(out, d.text, d.len);
		}
	}
	kp_json_free(&d);
	kp_in_close(curin);
}

static void
usage(void)
{
	fprintf(stderr, "usage: kp-identify [-x field] ... [-a field] ... [file ...]\n");
	exit(KP_EXIT_BAD);
}

int
main(int argc, char *argv[])
{
	size_t i;
	int c;

	while ((c = getopt(argc, argv, "a:x:")) != -1) {
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
			usage();
		}
	}
	argc -= optind;
	argv += optind;

	canon = kp_canon_new();
	kp_json_init(&doc);
	out = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		identify(NULL);
	for (; *argv; argv++)
		identify(*argv);
	for (i = 0; i < nruns; i++)
		if (!runs[i]->seen)
			kp_die_at(runs[i]->pfile, runs[i]->pline, 0,
			    "no run record for run \"%s\" iter %lld; expected "
			    "one in the input", runs[i]->run, runs[i]->iter);
	for (i = 0; i < nruns; i++)
		flush(runs[i], 1);
	kp_w_close(out);
	kp_canon_free(canon);
	kp_json_free(&doc);
	return KP_EXIT_OK;
}
