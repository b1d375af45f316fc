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

int kflag, sflag;

/* a --meta or -l setting; more specific ones win: --meta KEY=VALUE, then
 * the labels file, then --meta RUN:KEY=VALUE; among equals the last */
typedef struct {
	char *run, *key, *val;
	int prio, used;
} meta;

static meta *metas;
static size_t nmetas;

static void
usage(void)
{
	fprintf(stderr, "usage: kp-parse-mmtests [-ks] [--meta [RUN:]KEY=VALUE]... "
	    "[-l LABELS] [DIR|STORE ...]\n");
	exit(KP_EXIT_BAD);
}

static void
addmeta(const char *run, size_t rn, const char *kv, int prio, const char *file, long line)
{
	const char *eq = strchr(kv, '=');

	if (!eq || eq == kv)
		kp_die_at(file, line, 0, "\"%s\": expected KEY=VALUE", kv);
	metas = ereallocarray(metas, nmetas + 1, sizeof(*metas));
	metas[nmetas].run = run ? estrndup(run, rn) : NULL;
	metas[nmetas].key = estrndup(kv, eq - kv);
	metas[nmetas].val = estrdup(eq + 1);
	metas[nmetas].prio = prio;
	metas[nmetas].used = 0;
	nmetas++;
}

static void
optmeta(const char *arg)
{
	const char *colon = strchr(arg, ':'), *eq = strchr(arg, '=');

	/* RUN:KEY=VALUE when a ':' comes before the '=' */
	if (colon && eq && colon < eq)
		addmeta(arg, colon - arg, colon + 1, 2, "--meta", 0);
	else
		addmeta(NULL, 0, arg, 0, "--meta", 0);
}

static void
labels(const char *path)
{
	kp_in *in = kp_in_open(path);
	char *l, *p, *run;
	size_t n, rn;

	while ((l = kp_in_line(in, &n))) {
		if ((p = strchr(l, '#')))
			*p = '\0';
		p = l + strspn(l, " \t");
		if (!*p)
			continue;
		run = p;
		rn = strcspn(p, " \t");
		p += rn;
		p += strspn(p, " \t");
		if (!*p)
			kp_die_at(kp_in_name(in), kp_in_lineno(in), 0,
			    "expected RUN KEY=VALUE..., found a run name alone");
		while (*p) {
			size_t k = strcspn(p, " \t");
			char save = p[k];
			p[k] = '\0';
			addmeta(run, rn, p, 1, kp_in_name(in), kp_in_lineno(in));
			p[k] = save;
			p += k;
			p += strspn(p, " \t");
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
meta_get(const run *r, const char *key)
{
	size_t i;
	meta *best = NULL;

	for (i = 0; i < nmetas; i++)
		if (!strcmp(metas[i].key, key) && matches(&metas[i], r) &&
		    (!best || metas[i].prio >= best->prio))
			best = &metas[i];
	if (best)
		best->used = 1;
	return best ? best->val : NULL;
}

void
meta_extra(kp_w *w, const run *r, const char *const *known)
{
	size_t i, k;
	const char *const *p;

	for (i = 0; i < nmetas; i++) {
		if (!matches(&metas[i], r))
			continue;
		for (p = known; *p && strcmp(*p, metas[i].key); p++)
			;
		if (*p)
			continue;
		for (k = 0; k < i; k++)
			if (!strcmp(metas[k].key, metas[i].key) && matches(&metas[k], r))
				break;
		if (k < i)
			continue;	/* written at its first appearance */
		kp_w_kstr(w, metas[i].key, meta_get(r, metas[i].key));
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
	static const struct option longopts[] = {
		{ "meta", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 }
	};
	vtree **trees = NULL;
	size_t ntrees = 0, nruns = 0, i, before;
	run *runs = NULL;
	struct stat st;
	char idx[PATH_MAX];
	kp_w *w;
	int c, stdin_used = 0;
	char *fake[] = { "-", NULL };

	while ((c = getopt_long(argc, argv, "kl:s", longopts, NULL)) != -1) {
		switch (c) {
		case 'k':
			kflag = 1;
			break;
		case 'l':
			labels(optarg);
			break;
		case 'm':
			optmeta(optarg);
			break;
		case 's':
			sflag = 1;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		if (isatty(STDIN_FILENO))
			usage();
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
	for (i = 0; i < nruns; i++)
		run_emit(w, &runs[i]);
	kp_w_close(w);
	for (i = 0; i < nmetas; i++)
		if (metas[i].run && !metas[i].used)
			kp_warn_at(NULL, 0, 0, "--meta or label for run %s: no such run", metas[i].run);
	for (i = 0; i < nruns; i++)
		run_free(&runs[i]);
	free(runs);
	for (i = 0; i < ntrees; i++)
		vt_free(trees[i]);
	free(trees);
	return KP_EXIT_OK;
}
