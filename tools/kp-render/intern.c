/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * intern.c: the site's comparisons and stat groups share their text.
 *
 * The site holds every comparison of a lab (384,000 at 25 kernels), each
 * with some thirty strings and lists that few comparisons do not share:
 * names, kernels, experiments, runs, groups.  A copy of each was 458 MB
 * of the site's memory.  Here each string is kept once, and each list of
 * runs or groups once, so that equal lists are one array.  Nothing frees
 * or changes a comparison's text in the site (keep.c frees those of -f
 * text, which does not intern).
 */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

/* fields of a comparison that the one before most often shares (the
 * same test, kernels, experiments): what each was, tried first */
enum { NLAST = 32 };

/* a list of one string is a pointer to its string's slot here: a lab's
 * comparisons name each group in a list of its own, 400,000 lists at 25
 * kernels, 33 MB as keys of the map of lists.  Blocks, never moved. */
enum { ONEBITS = 16 };

struct Intern {
	kp_strmap *str;	/* a string -> its one copy, the key */
	char ***onlyblk;	/* by string: the key, in blocks of 1 << ONEBITS */
	size_t nonlyblk;
	kp_strmap *list;	/* a list's interned pointers -> lists[] */
	char ***lists;
	const char *last[NLAST];
	kp_strs lastlist[NLAST];
};

/* s, freed, as a list of itself alone: its slot in in->onlyblk */
static char **
only(struct Intern *in, char *s)
{
	size_t j = kp_strmap_add(in->str, s, strlen(s), NULL), b = j >> ONEBITS;
	char **slot;

	free(s);
	while (in->nonlyblk <= b) {
		in->onlyblk = kp_grow(in->onlyblk, in->nonlyblk,
		    sizeof(*in->onlyblk));
		in->onlyblk[in->nonlyblk++] = emalloc(sizeof(**in->onlyblk) <<
		    ONEBITS);
	}
	slot = &in->onlyblk[b][j & ((1u << ONEBITS) - 1)];
	*slot = (char *)kp_strmap_key(in->str, j, NULL);
	return slot;
}

static char *
one(struct Intern *in, char *s, int field)
{
	const char *k, **last = field >= 0 ? &in->last[field] : NULL;

	if (!s)
		return NULL;
	if (last && *last && strcmp(*last, s) == 0) {
		free(s);
		return (char *)*last;
	}
	k = kp_strmap_key(in->str, kp_strmap_add(in->str, s, strlen(s), NULL),
	    NULL);
	free(s);
	if (last)
		*last = k;
	return (char *)k;
}

/* l's strings interned, then l's array: the key is its pointers */
static void
list(struct Intern *in, kp_strs *l, int field)
{
	kp_strs *last = &in->lastlist[field];
	size_t i, j;
	int isnew;

	if (l->n == 0)
		return;
	if (l->n == 1) {
		char **v = only(in, l->v[0]);

		free(l->v);
		l->v = v;
		return;
	}
	for (i = 0; i < l->n; i++)
		l->v[i] = one(in, l->v[i], -1);
	if (last->n == l->n && memcmp(last->v, l->v, l->n * sizeof(*l->v)) == 0) {
		free(l->v);
		l->v = last->v;
		return;
	}
	j = kp_strmap_add(in->list, (const char *)l->v, l->n * sizeof(*l->v),
	    &isnew);
	if (isnew) {
		in->lists = kp_grow(in->lists, j, sizeof(*in->lists));
		in->lists[j] = l->v;
	} else {
		free(l->v);
		l->v = in->lists[j];
	}
	*last = *l;
}

static struct Intern *
intern_of(Report *r)
{
	if (!r->intern) {
		r->intern = ecalloc(1, sizeof(*r->intern));
		r->intern->str = kp_strmap_new();
		r->intern->list = kp_strmap_new();
	}
	return r->intern;
}

void
intern_cmp(Report *r, CmpRec *c)
{
	struct Intern *in = intern_of(r);
	char **s[] = { &c->key, &c->job, &c->suite, &c->bench, &c->test,
		&c->op, &c->metric, &c->unit, &c->base_kernel,
		&c->target_kernel, &c->base_exp, &c->target_exp, &c->reason,
		&c->since, &c->still_in, &c->fixed_in, &c->triage_link };
	size_t i;

	for (i = 0; i < KP_LEN(s); i++)
		*s[i] = one(in, *s[i], (int)i);
	list(in, &c->base_runs, 0);
	list(in, &c->target_runs, 1);
	list(in, &c->base_groups, 2);
	list(in, &c->target_groups, 3);
	list(in, &c->subsystem, 4);
}

void
intern_runs(Report *r, kp_strs *runs)
{
	list(intern_of(r), runs, 5);
}
