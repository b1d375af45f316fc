/* SPDX-License-Identifier: GPL-2.0-or-later */
/* names.c: every comparison by its names alone, for csv and junit.
 *
 * Both list every comparison, in name order, but show in full only the
 * findings (keep.c): junit's testcase of no change is its names, and
 * csv's row is the record's line, which waits in a disk spool until it
 * is written.  So what stays in memory of the 384,000 comparisons of 25
 * kernels is a Name each, whose strings (a few hundred experiments,
 * kernels and measurements) are held once in r->namestr. */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "spool.h"
#include "strmap.h"
#include "render.h"

/* s, as the one copy the names share; NULL stays NULL */
static const char *
once(Report *r, const char *s)
{
	if (!s)
		return NULL;
	return kp_strmap_key(r->namestr, kp_strmap_add(r->namestr, s,
	    strlen(s), NULL), NULL);
}

Name *
names_add(Report *r, kp_json *d, const Cmp *x)
{
	const CmpRec *c = &x->rec;
	Name *n;

	if (!r->namestr)
		r->namestr = kp_strmap_new();
	r->name = kp_grow(r->name, r->nname, sizeof(*r->name));
	n = &r->name[r->nname++];
	n->base_exp = once(r, c->base_exp);
	n->target_exp = once(r, c->target_exp);
	n->suite = once(r, c->suite);
	n->bench = once(r, c->bench);
	n->test = once(r, c->test);
	n->op = once(r, c->op);
	n->metric = once(r, c->metric);
	n->base_kernel = once(r, c->base_kernel);
	n->target_kernel = once(r, c->target_kernel);
	n->conc = c->conc;
	n->seq = x->seq;
	n->kept = (long)r->ncmp - 1;
	n->ns = not_significant(c);
	n->pos = -1;
	if (r->spool) {
		n->pos = kp_spool_put(r->spool, d->text, d->len, NULL, 0);
		csv_fields(r, d);
	}
	return n;
}

/* cmps_by_name's order: the experiments, the measurement, the level;
 * ties in the order read, as its stable sort left them */
static int
byname(const void *pa, const void *pb)
{
	const Name *a = pa, *b = pb;
	int r;

	/* a string held once is equal to another only when it is the same */
#define CMP(f) (a->f != b->f && (r = strcmp(a->f, b->f)))
	if (CMP(base_exp) || CMP(target_exp) || CMP(suite) || CMP(bench) ||
	    CMP(test) || CMP(op) || CMP(metric))
		return r;
#undef CMP
	if (a->conc != b->conc)
		return (a->conc > b->conc) - (a->conc < b->conc);
	return (a->seq > b->seq) - (a->seq < b->seq);
}

void
names_sort(Report *r)
{
	if (r->nname)
		qsort(r->name, r->nname, sizeof(*r->name), byname);
}

const char *
names_line(Report *r, const Name *n, size_t *len)
{
	const char *text;

	kp_spool_at(r->spool, n->pos, &text, len);
	return text;
}
