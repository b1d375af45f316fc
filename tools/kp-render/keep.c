/* SPDX-License-Identifier: GPL-2.0-or-later */
/* keep.c: -f text holds in full only the comparisons it lists.
 *
 * It lists every regression, the TEXT_LISTED most severe improvements
 * and uncertain comparisons, and the units that would decide of the
 * first TEXT_NEEDS uncertain ones that say (and whether there is one
 * more).  Everything else it shows of a comparison is a count, which
 * tally.c makes as the comparison is read.  So a regression stays in
 * r->cmp, an improvement or an uncertain one waits among a few
 * candidates while it is among the most severe, and the rest (at 25
 * kernels, nearly all of 384,000) are freed as soon as they are counted:
 * the memory is the regressions', not the lab's.
 *
 * A candidate is put back in r->cmp in the order read (Cmp.seq), so that
 * cmps_by_severity orders what is kept as it ordered every comparison.
 *
 * md, csv, junit and json (KEEP_FINDINGS) show in full every comparison
 * but those of no change, which they count (md, json) or list by name
 * alone (csv, junit: names.c): those are freed as soon as they are read
 * too.  Of 384,000 comparisons at 25 kernels, 30 are findings. */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

typedef struct {
	Cmp c;
	int top;	/* among the TEXT_LISTED most severe of its class */
	int need;	/* uncertain, with units that would decide: among the
			 * first TEXT_NEEDS + 1 of those ("..." after them) */
} Cand;

struct Keep {
	Cand *v;
	size_t n;
};

/* a is more severe than b, or as severe and read first */
static int
before(const Cmp *a, const Cmp *b)
{
	SevKey ka, kb;
	int r;

	sevkey_of(&ka, a);
	sevkey_of(&kb, b);
	r = sevkey_cmp(&ka, &kb);
	return r < 0 || (r == 0 && a->seq < b->seq);
}

enum { TOP, NEED };

static int *
flag(Cand *c, int list)
{
	return list == TOP ? &c->top : &c->need;
}

/* x joins the `max` most severe candidates of its class in list, when it
 * is one of them; the one it pushes out leaves the list */
static void
rank(struct Keep *k, Cand *x, int list, size_t max)
{
	Cand *worst = NULL;
	size_t i, n = 0;

	for (i = 0; i < k->n; i++) {
		Cand *y = &k->v[i];

		if (!*flag(y, list) || y->c.cls != x->c.cls)
			continue;
		n++;
		if (!worst || before(&worst->c, &y->c))
			worst = y;
	}
	if (n < max)
		*flag(x, list) = 1;
	else if (worst && before(&x->c, &worst->c)) {
		*flag(worst, list) = 0;
		*flag(x, list) = 1;
	}
}

static void
drop(Report *r, Cmp *c)
{
	r->tally.dropped[c->cls][triaged_away(&c->rec)]++;
	cmprec_free(&c->rec);
	free(c->line);
}

void
keep_cmp(Report *r)
{
	struct Keep *k;
	Cand x;
	size_t i, n;
	Cmp *c = &r->cmp[r->ncmp - 1];

	if (c->cls == KP_REGRESSION)
		return;
	if (r->keep == KEEP_FINDINGS) {
		if (c->cls == KP_NO_CHANGE) {
			r->ncmp--;
			drop(r, c);
		}
		return;
	}
	r->ncmp--;
	if (c->cls != KP_IMPROVEMENT && c->cls != KP_UNCERTAIN) {
		drop(r, c);
		return;
	}
	if (!r->kept)
		r->kept = ecalloc(1, sizeof(*r->kept));
	k = r->kept;
	memset(&x, 0, sizeof(x));
	x.c = *c;
	rank(k, &x, TOP, TEXT_LISTED);
	if (c->cls == KP_UNCERTAIN && c->rec.need_n >= 0)
		rank(k, &x, NEED, TEXT_NEEDS + 1);
	if (x.top || x.need) {
		k->v = kp_grow(k->v, k->n, sizeof(*k->v));
		k->v[k->n++] = x;
	} else
		drop(r, &x.c);
	/* the one pushed out of every list it was in */
	for (i = n = 0; i < k->n; i++)
		if (k->v[i].top || k->v[i].need)
			k->v[n++] = k->v[i];
		else
			drop(r, &k->v[i].c);
	k->n = n;
}

static int
byseq(const void *a, const void *b)
{
	const Cmp *x = a, *y = b;

	return (x->seq > y->seq) - (x->seq < y->seq);
}

void
keep_done(Report *r)
{
	struct Keep *k = r->kept;
	size_t i;

	if (!k)
		return;
	for (i = 0; i < k->n; i++) {
		r->cmp = kp_grow(r->cmp, r->ncmp, sizeof(*r->cmp));
		r->cmp[r->ncmp++] = k->v[i].c;
	}
	if (r->ncmp)
		qsort(r->cmp, r->ncmp, sizeof(*r->cmp), byseq);
	free(k->v);
	free(k);
	r->kept = NULL;
}
