/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cover.c: what each pair compared and what it could not, as coverage
 * records (kp-records(5)), and the warnings that sum them up: one line
 * per cause with its count, never one per group, so that a lab of
 * thousands of groups gets a handful of lines that say why. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "coverage.h"
#include "identity.h"

#define MAXDIFF 32

void
cover_name(const Stat *s, char *buf, size_t sz)
{
	snprintf(buf, sz, "%s/%s/%s[%s %s]@%lld", s->s.suite, s->s.bench,
	    s->s.test, s->s.op, s->s.metric, s->s.conc);
}

void
cause_add(Causes *cs, const char *text, const char *eg)
{
	size_t k;
	int isnew;

	if (!cs->m)
		cs->m = kp_strmap_new();
	k = kp_strmap_add(cs->m, text, strlen(text), &isnew);
	if (isnew) {
		cs->v = kp_grow(cs->v, cs->n, sizeof(*cs->v));
		cs->v[k].text = estrdup(text);
		cs->v[k].eg = estrdup(eg);
		cs->v[k].n = 0;
		cs->n++;
	}
	cs->v[k].n++;
}

/* one warning per cause: "PREFIX: N UNIT TEXT, e.g. EXAMPLE" */
void
cause_warn(Causes *cs, const char *prefix, const char *unit)
{
	size_t i;

	for (i = 0; i < cs->n; i++) {
		kp_warn("%s: %zu %s %s, e.g. %s", prefix, cs->v[i].n, unit,
		    cs->v[i].text, cs->v[i].eg);
		free(cs->v[i].text);
		free(cs->v[i].eg);
	}
	free(cs->v);
	kp_strmap_free(cs->m);
	memset(cs, 0, sizeof(*cs));
}

/* the run record fields of a stat's first run, or NULL */
static const kp_fvs *
runfields(const Compare *c, const Stat *s)
{
	return s->nrix ? &c->runs[s->rix[0]].f : NULL;
}

/* The identity fields that differ between b and t, into d; the
 * kp-identify options that would match them, and a cause for the
 * warning, into why and text. */
size_t
cover_differ(const Compare *c, const Stat *b, const Stat *t, kp_cov_diff *d,
    char *why, size_t wsz, char *text, size_t tsz)
{
	const kp_fvs *fb = runfields(c, b), *ft = runfields(c, t);
	size_t n = 0, i, wl, tl;

	if (fb && ft)
		n = kp_id_differ(fb, ft, d, MAXDIFF);
	if (!fb || !ft) {
		snprintf(why, wsz, "no run records to tell which identity field "
		    "differs; give kp-compare the run records");
		snprintf(text, tsz, "kept apart by identity (key %s against %s)",
		    b->s.key, t->s.key);
		return 0;
	}
	if (n == 0) {
		snprintf(why, wsz, "their keys differ in suite, job, params or "
		    "a field of kp-identify -a");
		snprintf(text, tsz, "kept apart by identity (key %s against %s) "
		    "in no run field", b->s.key, t->s.key);
		return 0;
	}
	wl = (size_t)snprintf(why, wsz, "kp-identify");
	tl = (size_t)snprintf(text, tsz, "kept apart by identity:");
	for (i = 0; i < n; i++) {
		if (wl < wsz)
			wl += (size_t)snprintf(why + wl, wsz - wl, " -x %s", d[i].field);
		if (tl < tsz)
			tl += (size_t)snprintf(text + tl, tsz - tl, "%s %s \"%s\" "
			    "against \"%s\"", i ? "," : "", d[i].field,
			    d[i].base ? d[i].base : "null",
			    d[i].target ? d[i].target : "null");
	}
	if (wl < wsz)
		snprintf(why + wl, wsz - wl, " would compare them");
	if (tl < tsz)
		snprintf(text + tl, tsz - tl, "; %s", why);
	return n;
}

static void
record(Compare *c, const Pair *p, enum kp_cov_kind kind, const Stat *s,
    kp_cov_diff *d, size_t nd, const char *why)
{
	kp_coverage cov;
	char name[1024];

	kp_coverage_init(&cov, KP_COV_COMPARE, kind, KP_COV_LGROUP, NULL);
	kp_coverage_group(&cov, s->s.suite, s->s.bench, s->s.test, s->s.op,
	    s->s.metric, s->s.conc, name, sizeof(name));
	cov.base = p->bname;
	cov.target = p->tname;
	cov.differ = d;
	cov.ndiffer = nd;
	cov.why = why;
	kp_coverage_write(c->w, &cov);
}

static int
strcmpp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* the runs one side of a pair pools, when more than one: merged under
 * its label, which a report must say (a mistyped label merges runs too) */
static void
merged(Compare *c, const Pair *p, Group *g, size_t ng, int target)
{
	kp_strmap *seen = kp_strmap_new();
	const char **runs = NULL;
	kp_coverage cov;
	size_t i, j, r, n = 0, ns;
	Stat **s;
	int isnew;

	for (i = 0; i < ng; i++) {
		s = target ? g[i].t : g[i].b;
		ns = target ? g[i].nt : g[i].nb;
		for (j = 0; j < ns; j++)
			for (r = 0; r < s[j]->s.runs.n; r++) {
				kp_strmap_add(seen, s[j]->s.runs.v[r],
				    strlen(s[j]->s.runs.v[r]), &isnew);
				if (isnew) {
					runs = kp_grow(runs, n, sizeof(*runs));
					runs[n++] = s[j]->s.runs.v[r];
				}
			}
	}
	if (n > 1) {
		qsort(runs, n, sizeof(*runs), strcmpp);
		kp_coverage_init(&cov, KP_COV_COMPARE, KP_COV_MERGED, KP_COV_LPAIR,
		    p->tname);
		cov.base = p->bname;
		cov.target = p->tname;
		cov.label = target ? p->tname : p->bname;
		cov.runs = runs;
		cov.nruns = n;
		kp_coverage_write(c->w, &cov);
	}
	free(runs);
	kp_strmap_free(seen);
}

void
cover_pair(Compare *c, const Pair *p, Group *g, size_t ng)
{
	kp_strmap *only = kp_strmap_new();
	Causes cs = { 0 };
	kp_coverage cov;
	kp_cov_diff d[MAXDIFF];
	char name[1024], why[512], text[1024], conc[32], prefix[512];
	size_t i, nd, ncmp = 0, *bonly = NULL, nbonly = 0;
	unsigned char *used;
	int isnew;
	long k;
	const Held *s;

	for (i = 0; i < ng; i++)
		ncmp += g[i].nb && g[i].nt;
	kp_coverage_init(&cov, KP_COV_COMPARE, KP_COV_COMPARED, KP_COV_LPAIR,
	    p->tname);
	cov.base = p->bname;
	cov.target = p->tname;
	cov.expected = (long long)ng;
	cov.found = (long long)ncmp;
	if (ncmp == 0)
		cov.why = ng ? "no measurement is on both sides" :
		    "no stat matches either side";
	kp_coverage_write(c->w, &cov);
	merged(c, p, g, ng, 0);
	merged(c, p, g, ng, 1);
	snprintf(prefix, sizeof(prefix), "baseline %s, target %s", p->bname, p->tname);
	if (ncmp == 0)
		kp_warn("%s: nothing compared (%zu measurement(s), none on both sides)",
		    prefix, ng);

	/* a measurement on the target side alone is kept apart by identity
	 * when the baseline side has it under another key */
	for (i = 0; i < ng; i++)
		if (!g[i].nt) {
			s = &g[i].b[0]->s;
			snprintf(conc, sizeof(conc), "%lld", s->conc);
			kp_strmap_addv(only, &isnew, s->suite, s->bench, s->test,
			    s->op, s->metric, conc, NULL);
			if (isnew) {
				bonly = kp_grow(bonly, nbonly, sizeof(*bonly));
				bonly[nbonly++] = i;
			}
		}
	used = ecalloc(ng + 1, 1);
	for (i = 0; i < ng; i++) {
		if (g[i].nb)
			continue;
		s = &g[i].t[0]->s;
		snprintf(conc, sizeof(conc), "%lld", s->conc);
		k = kp_strmap_findv(only, s->suite, s->bench, s->test, s->op,
		    s->metric, conc, NULL);
		cover_name(g[i].t[0], name, sizeof(name));
		if (k >= 0 && !used[bonly[k]]) {
			used[bonly[k]] = 1;
			nd = cover_differ(c, g[bonly[k]].b[0], g[i].t[0], d, why,
			    sizeof(why), text, sizeof(text));
			record(c, p, KP_COV_APART, g[i].t[0], d, nd, why);
			kp_id_differ_free(d, nd);
			cause_add(&cs, text, name);
		} else {
			record(c, p, KP_COV_NEW, g[i].t[0], NULL, 0, NULL);
			cause_add(&cs, "new in the target (no baseline)", name);
		}
	}
	for (i = 0; i < ng; i++)
		if (!g[i].nt && !used[i]) {
			cover_name(g[i].b[0], name, sizeof(name));
			record(c, p, KP_COV_MISSING, g[i].b[0], NULL, 0, NULL);
			cause_add(&cs, "missing in the target", name);
		}
	cause_warn(&cs, prefix, "measurement(s)");
	free(used);
	free(bonly);
	kp_strmap_free(only);
}
