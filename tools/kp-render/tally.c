/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tally.c: the counts the reports make over every comparison, made as
 * each is read (load.c), so that -f text can keep in full only the ones
 * it lists (keep.c): at 25 kernels nearly all of 384,000 comparisons are
 * no change, which the text shows as counts alone.
 *
 * A pair's verdict line counts its comparisons by class and by where
 * their run noise came from; a subsystem counts its findings and names
 * the other titles its comparisons name, in the order cmps_by_severity
 * would meet them first, which is each title's least SevKey.
 *
 * With a gate, the runs of each pair's comparisons too, for the stale
 * baseline md and junit say; and the threshold the records typed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

/* the group of records the map matched nothing for, and of records of a
 * kp-classify that wrote no subsystem */
const char title_unmapped[] = "unmapped", title_unassigned[] = "not assigned";

const char *
title_of(const CmpRec *c)
{
	if (!kp_has_get(&c->has, KP_CMP_SUBSYSTEM))
		return title_unassigned;
	return c->subsystem.n ? c->subsystem.v[0] : title_unmapped;
}

/* the runs of c's sides into u, each once */
static void
runs_tally(RunTally *u, const CmpRec *c)
{
	size_t i;

	if (!u->base) {
		u->base = kp_strmap_new();
		u->target = kp_strmap_new();
	}
	for (i = 0; i < c->base_runs.n; i++)
		kp_strmap_add(u->base, c->base_runs.v[i],
		    strlen(c->base_runs.v[i]), NULL);
	for (i = 0; i < c->target_runs.n; i++)
		kp_strmap_add(u->target, c->target_runs.v[i],
		    strlen(c->target_runs.v[i]), NULL);
}

static void
exp_tally(Tally *t, const CmpRec *c)
{
	size_t k;
	int isnew;

	if (!t->expmap)
		t->expmap = kp_strmap_new();
	k = kp_strmap_addv(t->expmap, &isnew, c->base_exp, c->target_exp, NULL);
	if (isnew) {
		t->exp = kp_grow(t->exp, k, sizeof(*t->exp));
		memset(&t->exp[k], 0, sizeof(t->exp[k]));
	}
	runs_tally(&t->exp[k].runs, c);
}

const RunTally *
tally_exp_runs(const Report *r, const char *base_exp, const char *target_exp)
{
	long k;

	if (!r->tally.expmap || (k = kp_strmap_findv(r->tally.expmap,
	    base_exp, target_exp, NULL)) < 0)
		return NULL;
	return &r->tally.exp[k].runs;
}

static PairTally *
pair_tally(Tally *t, const Cmp *x)
{
	const CmpRec *c = &x->rec;
	PairTally *p;
	size_t k;
	int isnew, kind;

	if (!t->pairmap)
		t->pairmap = kp_strmap_new();
	k = kp_strmap_addv(t->pairmap, &isnew, c->base_kernel,
	    c->target_kernel, NULL);
	if (isnew) {
		t->pair = kp_grow(t->pair, t->npair++, sizeof(*t->pair));
		p = &t->pair[k];
		memset(p, 0, sizeof(*p));
		p->base_kernel = estrdup(c->base_kernel);
		p->target_kernel = estrdup(c->target_kernel);
	}
	p = &t->pair[k];
	p->n++;
	p->cnt[x->cls]++;
	p->red += x->cls == KP_REGRESSION && x->sev == KP_RED;
	p->ns += not_significant(c);
	if ((kind = noise_kind(c)) >= 0)
		p->noise[kind]++;
	return p;
}

static void
key_copy(SevKey *to, const SevKey *from)
{
	*to = *from;
	to->base_exp = estrdup(from->base_exp);
	to->target_exp = estrdup(from->target_exp);
	to->suite = estrdup(from->suite);
	to->bench = estrdup(from->bench);
	to->test = estrdup(from->test);
	to->op = estrdup(from->op);
	to->metric = estrdup(from->metric);
}

static void
key_free(SevKey *k)
{
	free((char *)k->base_exp);
	free((char *)k->target_exp);
	free((char *)k->suite);
	free((char *)k->bench);
	free((char *)k->test);
	free((char *)k->op);
	free((char *)k->metric);
}

static void
title_tally(Tally *t, const Cmp *x)
{
	const CmpRec *c = &x->rec;
	const char *name = title_of(c);
	TitleTally *g;
	SevKey key;
	size_t j, k, a;
	int isnew;

	if (!t->titlemap)
		t->titlemap = kp_strmap_new();
	k = kp_strmap_add(t->titlemap, name, strlen(name), &isnew);
	if (isnew) {
		t->title = kp_grow(t->title, k, sizeof(*t->title));
		g = &t->title[k];
		memset(g, 0, sizeof(*g));
		g->name = name == title_unmapped || name == title_unassigned ?
		    name : estrdup(name);
	}
	g = &t->title[k];
	switch (x->cls) {
	case KP_REGRESSION:
		g->reg[x->sev]++;
		g->nreg++;
		break;
	case KP_IMPROVEMENT: g->imp++; break;
	case KP_UNCERTAIN: g->unc++; break;
	case KP_NO_CHANGE: g->noc++; break;
	default: break;
	}
	if (c->subsystem.n < 2)
		return;
	sevkey_of(&key, x);
	for (j = 1; j < c->subsystem.n; j++) {
		for (a = 0; a < g->nalso; a++)
			if (strcmp(g->also[a].name, c->subsystem.v[j]) == 0)
				break;
		if (a == g->nalso) {
			g->also = kp_grow(g->also, g->nalso++, sizeof(*g->also));
			g->also[a].name = estrdup(c->subsystem.v[j]);
			key_copy(&g->also[a].first, &key);
		} else if (sevkey_cmp(&key, &g->also[a].first) < 0) {
			/* ties: the one read first, as a stable sort has it */
			key_free(&g->also[a].first);
			key_copy(&g->also[a].first, &key);
		}
	}
}

void
tally_cmp(Report *r, const Cmp *x)
{
	Tally *t = &r->tally;

	const CmpRec *c = &x->rec;
	PairTally *p;

	t->ncmp++;
	t->assumed += c->caveats >> KP_CAV_NOISE_ASSUMED & 1;
	p = pair_tally(t, x);
	title_tally(t, x);
	if (!isnan(c->gate_threshold_pct)) {
		if (t->nthreshold++ == 0)
			t->threshold = c->gate_threshold_pct;
		else if (c->gate_threshold_pct != t->threshold)
			t->mixed = 1;
	}
	/* a gate's stale baseline, by kernel pair (md) and by pair of
	 * experiments (junit) */
	if (r->gate) {
		runs_tally(&p->runs, c);
		exp_tally(t, c);
	}
}
