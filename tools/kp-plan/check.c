/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check.c: a plan against the results fetched for it.  Each target of
 * the plan (KP_TARGET of its tests; the job's name in plans from before
 * one job built once for several targets) expects its instances (the
 * test entries, by test_name, which the plan passes on as KP_RUN), each
 * instance MMTEST_ITERATIONS
 * iterations, each iteration the benchmarks of MMTESTS.  A sample counts
 * for the plan when its run's kernel_sha is the job's git_sha and its
 * instance is a test_name; what is expected and not found is a coverage
 * record of kind missing or partial (kp-records(5), COVERAGE), and an
 * instance of that kernel the plan does not name is one of kind new. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "coverage.h"
#include "strmap.h"
#include "plan.h"
#include "yamlcheck.h"

/* a plan kp-plan wrote: a job a target, a test entry an instance */
#define MAXSIZE (16 * 1024 * 1024)
#define MAXDEPTH 8

typedef struct {
	char *name, *sha;
	char **inst;	/* test_name of each entry */
	long long *iters;
	char ***bench;	/* MMTESTS words of each entry */
	size_t *nbench, ninst;
} Job;

static const char *
sget(const kp_ynode *m, const char *key, const char *what, const char *path)
{
	const kp_ynode *n = kp_yget(m, key);

	if (!n || n->type != KP_Y_SCALAR)
		kp_die_at(path, m ? m->line : 0, m ? m->col : 0,
		    "expected \"%s\" (%s): is this a plan kp-plan wrote?", key, what);
	return n->s;
}

static char **
words(const char *s, size_t *n)
{
	char *c = estrdup(s), *t, **v = NULL;

	*n = 0;
	for (t = strtok(c, " "); t; t = strtok(NULL, " ")) {
		v = kp_grow(v, *n, sizeof(*v));
		v[(*n)++] = estrdup(t);
	}
	free(c);
	return v;
}

static Job *
readplan(const char *file, size_t *nj, char **name)
{
	const kp_ynode *root, *jobs, *tests, *j, *t, *par;
	kp_ydoc *doc;
	size_t ji, ti;
	Job *v = NULL;
	char *end;

	doc = kp_yaml_load(file, MAXSIZE, MAXDEPTH, "a plan");
	root = kp_yaml_root(doc);
	*name = estrdup(sget(root, "name", "the plan's name", file));
	if (!(jobs = kp_yget(root, "jobs")) || jobs->type != KP_Y_LIST)
		kp_die_at(file, 0, 0, "expected a list \"jobs\"");
	*nj = 0;
	for (ji = 0; ji < jobs->n; ji++) {
		const char *jname, *sha;

		j = jobs->v[ji];
		jname = sget(j, "name", "the job's name", file);
		sha = sget(kp_yget(j, "build"), "git_sha", "the commit built", file);
		if (!(tests = kp_yget(j, "tests")) || tests->type != KP_Y_LIST)
			kp_die_at(file, j->line, 0, "expected a list \"tests\"");
		for (ti = 0; ti < tests->n; ti++) {
			const char *tname, *it;
			const kp_ynode *n;
			Job *x;
			size_t k;

			t = tests->v[ti];
			par = kp_yget(t, "parameters");
			n = kp_yget(par, "KP_TARGET");
			tname = n && n->type == KP_Y_SCALAR ? n->s : jname;
			for (k = 0; k < *nj; k++)
				if (strcmp(v[k].name, tname) == 0)
					break;
			if (k == *nj) {
				v = kp_grow(v, *nj, sizeof(*v));
				x = &v[(*nj)++];
				memset(x, 0, sizeof(*x));
				x->name = estrdup(tname);
				x->sha = estrdup(sha);
			}
			x = &v[k];
			k = x->ninst++;
			x->inst = kp_grow(x->inst, k, sizeof(*x->inst));
			x->iters = kp_grow(x->iters, k, sizeof(*x->iters));
			x->bench = kp_grow(x->bench, k, sizeof(*x->bench));
			x->nbench = kp_grow(x->nbench, k, sizeof(*x->nbench));
			x->inst[k] = estrdup(sget(t, "test_name", "the instance", file));
			/* MMTESTS_ITERATIONS: plans written before kp-plan used
			 * the name run-mmtests.sh reads */
			n = kp_yget(par, "MMTEST_ITERATIONS");
			it = n ? sget(par, "MMTEST_ITERATIONS", "the repetitions", file) :
			    sget(par, "MMTESTS_ITERATIONS", "the repetitions", file);
			x->iters[k] = strtoll(it, &end, 10);
			if (*end || x->iters[k] < 1)
				kp_die_at(file, par->line, 0,
				    "MMTEST_ITERATIONS: expected a whole number from 1");
			x->bench[k] = words(sget(par, "MMTESTS", "the benchmarks", file),
			    &x->nbench[k]);
		}
	}
	kp_yaml_free(doc);
	return v;
}

/* string field F of a sample, whose tokens are in tok */
#define SMP(F) kp_rec_str(&d, &kp_sample_t, KP_SAMPLE_##F, tok[KP_SAMPLE_##F])

static enum kp_cov_kind
kind(long long expected, long long found, int any)
{
	return found == expected ? KP_COV_COMPARED : any ? KP_COV_PARTIAL : KP_COV_MISSING;
}

int
plan_check(const char *planfile, char **files, int nfiles)
{
	kp_strmap *runsha = kp_strmap_new(), *seen = kp_strmap_new(),
	    *insts = kp_strmap_new(), *newseen = kp_strmap_new();
	char **shas = NULL, *pname, cname[512], jname[256], it[32];
	size_t nj, j, k, b, nr = 0;
	long long i;
	Job *jobs = readplan(planfile, &nj, &pname);
	kp_json d;
	kp_w *w;
	int f, bad = 0, tok[KP_RUN_NF + KP_SAMPLE_NF];
	kp_recix smpix = { 0 };

	/* every record first: runs may come after their samples */
	kp_json_init(&d);
	for (f = 0; f < (nfiles ? nfiles : 1); f++) {
		kp_in *in = kp_in_open(nfiles ? files[f] : NULL);

		while (kp_rec_next(in, &d)) {
			char iter[32];
			const char *run, *sha;

			if (kp_rec_is(&d, &kp_sample_t)) {
				kp_rec_index(&d, &kp_sample_t, tok, &smpix);
				run = SMP(RUN);
				snprintf(iter, sizeof(iter), "%lld", kp_rec_int(&d,
				    &kp_sample_t, KP_SAMPLE_ITER, tok[KP_SAMPLE_ITER]));
				kp_strmap_addv(insts, NULL, run, SMP(INSTANCE),
				    (char *)NULL);
				kp_strmap_addv(seen, NULL, run, SMP(INSTANCE), iter,
				    SMP(JOB), (char *)NULL);
			} else if (kp_rec_is(&d, &kp_run_t)) {
				kp_rec_index(&d, &kp_run_t, tok, NULL);
				run = kp_rec_str(&d, &kp_run_t, KP_RUN_RUN, tok[KP_RUN_RUN]);
				k = kp_strmap_add(runsha, run, strlen(run), NULL);
				if (k == nr) {
					shas = kp_grow(shas, nr++, sizeof(*shas));
					shas[k] = NULL;
				}
				sha = kp_rec_str(&d, &kp_run_t, KP_RUN_KERNEL_SHA,
				    tok[KP_RUN_KERNEL_SHA]);
				if (!shas[k] && sha)
					shas[k] = estrdup(sha);
			}
		}
		kp_in_close(in);
	}
	kp_json_free(&d);

	w = kp_w_open(stdout, "<stdout>");
	/* found[(job, instance, iteration, benchmark)]: some run of the job's
	 * commit on that instance has a sample there */
	{
		size_t njobs_ok = 0;
		const char **jabsent = ecalloc(nj + 1, sizeof(char *));
		size_t nja = 0;
		kp_coverage c;

		for (j = 0; j < nj; j++) {
			Job *x = &jobs[j];
			size_t iok = 0, nia = 0;
			const char **iabsent = ecalloc(x->ninst + 1, sizeof(char *));
			int jany = 0;

			for (k = 0; k < x->ninst; k++) {
				long long rok = 0;
				size_t nra = 0;
				const char **rabsent = ecalloc((size_t)x->iters[k] + 1, sizeof(char *));
				int iany = 0;

				snprintf(cname, sizeof(cname), "%s#%zu", x->name, k + 1);
				for (i = 0; i < x->iters[k]; i++) {
					size_t bok = 0, nba = 0, q;
					const char **babsent = ecalloc(x->nbench[k] + 1, sizeof(char *));

					snprintf(it, sizeof(it), "%lld", i);
					for (b = 0; b < x->nbench[k]; b++) {
						int hit = 0;

						/* any run of this commit and instance */
						for (q = 0; q < kp_strmap_len(insts) && !hit; q++) {
							size_t kl;
							const char *key = kp_strmap_key(insts, q, &kl);
							const char *ins = key + strlen(key) + 1;
							long rr;

							if (strcmp(ins, x->inst[k]))
								continue;
							rr = kp_strmap_find(runsha, key, strlen(key));
							if (rr < 0 || !shas[rr] || strcmp(shas[rr], x->sha))
								continue;
							hit = kp_strmap_findv(seen, key, ins, it,
							    x->bench[k][b], (char *)NULL) >= 0;
						}
						if (hit)
							bok++;
						else
							babsent[nba++] = x->bench[k][b];
					}
					snprintf(jname, sizeof(jname), "iter-%lld", i);
					kp_coverage_init(&c, KP_COV_PLAN, kind((long long)x->nbench[k],
					    (long long)bok, bok > 0), KP_COV_LREPETITION, jname);
					c.plan = pname;
					c.job = x->name;
					c.instance = x->inst[k];
					c.expected = (long long)x->nbench[k];
					c.found = (long long)bok;
					c.absent = babsent;
					c.nabsent = nba;
					kp_coverage_write(w, &c);
					if (bok == x->nbench[k])
						rok++;
					else
						rabsent[nra++] = estrdup(jname);
					iany |= bok > 0;
					free(babsent);
				}
				kp_coverage_init(&c, KP_COV_PLAN, kind(x->iters[k], rok, iany),
				    KP_COV_LINSTANCE, cname);
				c.plan = pname;
				c.job = x->name;
				c.instance = x->inst[k];
				c.expected = x->iters[k];
				c.found = rok;
				c.absent = rabsent;
				c.nabsent = nra;
				kp_coverage_write(w, &c);
				if (rok == x->iters[k])
					iok++;
				else
					iabsent[nia++] = estrdup(cname);
				jany |= iany;
				for (b = 0; b < nra; b++)
					free((char *)rabsent[b]);
				free(rabsent);
			}
			kp_coverage_init(&c, KP_COV_PLAN, kind((long long)x->ninst,
			    (long long)iok, jany), KP_COV_LJOB, x->name);
			c.plan = pname;
			c.job = x->name;
			c.expected = (long long)x->ninst;
			c.found = (long long)iok;
			c.absent = iabsent;
			c.nabsent = nia;
			kp_coverage_write(w, &c);
			if (iok == x->ninst)
				njobs_ok++;
			else {
				jabsent[nja++] = x->name;
				bad = 1;
			}
			for (b = 0; b < nia; b++)
				free((char *)iabsent[b]);
			free(iabsent);
		}
		kp_coverage_init(&c, KP_COV_PLAN, njobs_ok == nj ? KP_COV_COMPARED :
		    KP_COV_PARTIAL, KP_COV_LPLAN, pname);
		c.plan = pname;
		c.expected = (long long)nj;
		c.found = (long long)njobs_ok;
		c.absent = jabsent;
		c.nabsent = nja;
		kp_coverage_write(w, &c);
		free(jabsent);

		/* instances that ran a job's commit and are no test of it */
		for (k = 0; k < kp_strmap_len(insts); k++) {
			const char *key = kp_strmap_key(insts, k, NULL);
			const char *ins = key + strlen(key) + 1;
			long rr = kp_strmap_find(runsha, key, strlen(key));
			size_t q;
			int named = 0, ofplan = 0;

			if (rr < 0 || !shas[rr])
				continue;
			for (j = 0; j < nj; j++) {
				if (strcmp(shas[rr], jobs[j].sha))
					continue;
				ofplan = 1;
				for (q = 0; q < jobs[j].ninst; q++)
					named |= !strcmp(jobs[j].inst[q], ins);
			}
			if (ofplan && !named) {
				int isnew;

				kp_strmap_add(newseen, ins, strlen(ins), &isnew);
				if (!isnew)
					continue;
				kp_coverage_init(&c, KP_COV_PLAN, KP_COV_NEW, KP_COV_LINSTANCE, ins);
				c.plan = pname;
				c.instance = ins;
				kp_coverage_write(w, &c);
			}
		}
	}
	kp_w_close(w);
	kp_strmap_free(runsha);
	kp_strmap_free(seen);
	kp_strmap_free(insts);
	kp_strmap_free(newseen);
	return bad ? KP_EXIT_FINDINGS : KP_EXIT_OK;
}
