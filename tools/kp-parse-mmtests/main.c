/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-parse-mmtests: MMTests result trees (or kp-fetch stores of them) to
 * run, runstat and sample records; see kp-parse-mmtests(1). */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pm.h"

static const char synopsis[] = "usage: kp-parse-mmtests [-ks] "
    "[--meta [RUN:]KEY=VALUE]... [-l LABELS] [DIR|STORE ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'k', NULL, NULL,
	    "keep going past damaged files and values, with a warning" },
	{ 'l', NULL, "LABELS",
	    "read run labels from the file LABELS" },
	{ 's', NULL, NULL,
	    "strict: an unknown benchmark is an error" },
	{ 'm', "meta", "[RUN:]KEY=VALUE",
	    "set the field KEY of the run record (of RUN) to VALUE" },
	{ 0 }
};

static void
addmeta(pm *p, const char *run, size_t rn, const char *kv, int prio, const char *file, long line)
{
	const char *eq = strchr(kv, '=');
	meta *m;

	if (!eq || eq == kv)
		kp_die_at(file, line, 0, "\"%s\": expected KEY=VALUE", kv);
	p->metas = kp_grow(p->metas, p->nmetas, sizeof(*p->metas));
	m = &p->metas[p->nmetas++];
	m->run = run ? estrndup(run, rn) : NULL;
	m->key = estrndup(kv, eq - kv);
	m->val = estrdup(eq + 1);
	m->prio = prio;
	m->used = 0;
}

static void
optmeta(pm *p, const char *arg)
{
	const char *colon = strchr(arg, ':'), *eq = strchr(arg, '=');

	/* RUN:KEY=VALUE when a ':' comes before the '=' */
	if (colon && eq && colon < eq)
		addmeta(p, arg, colon - arg, colon + 1, 2, "--meta", 0);
	else
		addmeta(p, NULL, 0, arg, 0, "--meta", 0);
}

static void
labels(pm *p, const char *path)
{
	kp_in *in = kp_in_open(path);
	char *l, *c, *run;
	size_t n, rn;

	kp_in_text(in);
	while ((l = kp_in_line(in, &n))) {
		if ((c = strchr(l, '#')))
			*c = '\0';
		c = l + strspn(l, " \t");
		if (!*c)
			continue;
		run = c;
		rn = strcspn(c, " \t");
		c += rn;
		c += strspn(c, " \t");
		if (!*c)
			kp_die_at(kp_in_name(in), kp_in_lineno(in), 0,
			    "expected RUN KEY=VALUE..., found a run name alone");
		while (*c) {
			size_t k = strcspn(c, " \t");
			char save = c[k];
			c[k] = '\0';
			addmeta(p, run, rn, c, 1, kp_in_name(in), kp_in_lineno(in));
			c[k] = save;
			c += k;
			c += strspn(c, " \t");
		}
	}
	kp_in_close(in);
}

static int
matches(const meta *m, const run *r)
{
	return !m->run || !strcmp(m->run, r->name) || !strcmp(m->run, r->id);
}

const char *
pm_meta_get(pm *p, const run *r, const char *key)
{
	size_t i;
	meta *best = NULL;

	for (i = 0; i < p->nmetas; i++)
		if (!strcmp(p->metas[i].key, key) && matches(&p->metas[i], r) &&
		    (!best || p->metas[i].prio >= best->prio))
			best = &p->metas[i];
	if (best)
		best->used = 1;
	return best ? best->val : NULL;
}

void
pm_meta_extra(pm *p, const run *r, kp_run *rec)
{
	size_t i, k;
	int f;
	kp_extra *x;

	for (i = 0; i < p->nmetas; i++) {
		if (!matches(&p->metas[i], r))
			continue;
		for (f = 0; f < kp_run_t.nf && strcmp(RUNF(f), p->metas[i].key); f++)
			;
		if (f < kp_run_t.nf || !strcmp(p->metas[i].key, "type"))
			continue;
		for (k = 0; k < i; k++)
			if (!strcmp(p->metas[k].key, p->metas[i].key) &&
			    matches(&p->metas[k], r))
				break;
		if (k < i)
			continue;	/* written at its first appearance */
		rec->extra = kp_grow(rec->extra, rec->nextra, sizeof(*rec->extra));
		x = &rec->extra[rec->nextra++];
		x->name = estrdup(p->metas[i].key);
		x->v.text = estrdup(pm_meta_get(p, r, p->metas[i].key));
		x->v.type = KP_JSTR;
	}
}

static int
isstore(const char *dir)
{
	char p[PATH_MAX];
	struct stat st;

	snprintf(p, sizeof(p), "%s/index.ndjson", dir);
	if (stat(p, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	snprintf(p, sizeof(p), "%s/objects", dir);
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int
main(int argc, char *argv[])
{
	vtree **trees = NULL;
	size_t ntrees = 0, nruns = 0, i, before;
	run *runs = NULL;
	struct stat st;
	char idx[PATH_MAX];
	static pm p;	/* reachable to the end, as the runs are */
	kp_w *w;
	int c, kflag = 0, stdin_used = 0;
	char *fake[] = { "-", NULL };

	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (c) {
		case 'k':
			kflag = 1;
			break;
		case 'l':
			labels(&p, optarg);
			break;
		case 'm':
			optmeta(&p, optarg);
			break;
		case 's':
			p.sflag = 1;
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		if (isatty(STDIN_FILENO))
			kp_usage(synopsis);
		argv = fake;
		argc = 1;
	}
	for (; argc > 0; argc--, argv++) {
		before = ntrees;
		if (!strcmp(*argv, "-")) {
			if (stdin_used++)
				kp_die_at("-", 0, 0, "standard input given twice");
			store_read(NULL, "-", &trees, &ntrees);
		} else if (stat(*argv, &st) < 0) {
			kp_die_at(*argv, 0, 0, "%s", strerror(errno));
		} else if (!S_ISDIR(st.st_mode)) {
			kp_die_at(*argv, 0, 0, "not a directory: expected an MMTests work/log tree, "
			    "a run directory or a kp-fetch store");
		} else if (isstore(*argv)) {
			snprintf(idx, sizeof(idx), "%s/index.ndjson", *argv);
			store_read(*argv, idx, &trees, &ntrees);
		} else {
			trees = ereallocarray(trees, ntrees + 1, sizeof(*trees));
			trees[ntrees++] = vt_dir(*argv);
		}
		for (i = before; i < ntrees; i++) {
			size_t n0 = nruns;

			trees[i]->keep = kflag;
			runs_find(trees[i], &runs, &nruns);
			if (nruns == n0)
				kp_die_at(trees[i]->shown, 0, 0, "no MMTests run: expected mmtests-activity "
				    "or iter-0/tests-activity within 3 levels");
		}
		if (before == ntrees)
			kp_die_at(*argv, 0, 0, "no artifact records: an empty store");
	}
	runs_sort(runs, nruns);
	w = kp_w_open(stdout, "<stdout>");
	for (i = 0; i < nruns; i++) {
		kp_progress("run", i, nruns);
		run_emit(w, &p, &runs[i]);
	}
	kp_progress("run", nruns, nruns);
	kp_w_close(w);
	for (i = 0; i < p.nmetas; i++)
		if (p.metas[i].run && !p.metas[i].used)
			kp_warn("--meta or label for run %s: no such run", p.metas[i].run);
	for (i = 0; i < nruns; i++)
		run_free(&runs[i]);
	free(runs);
	for (i = 0; i < ntrees; i++)
		vt_free(trees[i]);
	free(trees);
	return KP_EXIT_OK;
}
