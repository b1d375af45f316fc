/* SPDX-License-Identifier: GPL-2.0-or-later */
/* select.c: a subset of the full matrix, by target, suite and test.
 * Each name given must match something, so that a typo is an error and
 * not a smaller plan. */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "plan.h"

static int
named(const char *s, char **names, size_t n, int *used)
{
	size_t i;
	int hit = 0;

	for (i = 0; i < n; i++)
		if (strcmp(s, names[i]) == 0)
			hit = used[i] = 1;
	return hit;
}

static void
unused(const char *opt, char **names, size_t n, int *used, const char *what)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!used[i])
			kp_die("%s %s: no %s of that name in the payload", opt,
			    names[i], what);
}

void
payload_select(Payload *p, char **targets, size_t nt, char **suites,
    size_t ns, char **tests, size_t ntests)
{
	int *tu = ecalloc(nt + 1, sizeof(int)), *su = ecalloc(ns + 1, sizeof(int)),
	    *xu = ecalloc(ntests + 1, sizeof(int));
	size_t i, j, kept;

	for (i = 0; nt && i < p->ntargets; i++)
		p->targets[i].keep = named(p->targets[i].name, targets, nt, tu);
	for (i = 0; i < p->nsuites; i++) {
		Suite *s = &p->suites[i];

		if (ns)
			s->keep = named(s->name, suites, ns, su);
		if (!ntests)
			continue;
		/* a suite without a list of tests has none to pick */
		for (j = kept = 0; j < s->ntests; j++)
			kept += s->keep_test[j] = named(s->tests[j], tests, ntests, xu);
		if (!kept)
			s->keep = 0;
	}
	unused("-t", targets, nt, tu, "target");
	unused("-s", suites, ns, su, "suite");
	unused("-T", tests, ntests, xu, "test in any suite");
	for (i = kept = 0; i < p->nsuites; i++)
		kept += p->suites[i].keep;
	if (!kept)
		kp_die("-s and -T leave no suite: each names something, but "
		    "nothing that both select");
	free(tu);
	free(su);
	free(xu);
}
