/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pairs.c: which baseline/target pairs to compare: each kernel of a key
 * against the baseline libkp's policy gives it (baseline.c), or the
 * pairs of a file. */
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "identity.h"

void
add_selector(kp_sel *s, const char *arg, const char *file, long line)
{
	if (kp_sel_add(s, arg) < 0)
		kp_die_at(file, line, 0, "bad selection \"%s\": expected VERSION or "
		    "FIELD=VALUE", arg);
}

size_t
kernels_add(Kernels *kn, const char *key, const char *kern)
{
	size_t k, j, kk;
	int isnew;

	if (!kn->keys) {
		kn->keys = kp_strmap_new();
		kn->kerns = kp_strmap_new();
		kn->kk = kp_strmap_new();
	}
	k = kp_strmap_add(kn->keys, key, strlen(key), &isnew);
	if (isnew) {
		kn->kern = kp_grow(kn->kern, k, sizeof(*kn->kern));
		kn->nkern = kp_grow(kn->nkern, k, sizeof(*kn->nkern));
		kn->kern[k] = NULL;
		kn->nkern[k] = 0;
	}
	j = kp_strmap_add(kn->kerns, kern, strlen(kern), &isnew);
	kk = kp_strmap_addv(kn->kk, &isnew, key, kern, NULL);
	if (isnew) {
		kn->kern[k] = kp_grow(kn->kern[k], kn->nkern[k], sizeof(**kn->kern));
		kn->kern[k][kn->nkern[k]++] = j;
		kn->kkkey = kp_grow(kn->kkkey, kk, sizeof(*kn->kkkey));
		kn->kkkern = kp_grow(kn->kkkern, kk, sizeof(*kn->kkkern));
		kn->kkkey[kk] = k;
		kn->kkkern[kk] = j;
	}
	return kk;
}

/* the name of kernel j of kn */
static char *
kernname(const Kernels *kn, size_t j)
{
	size_t len;

	return (char *)kp_strmap_key(kn->kerns, j, &len);
}

/* every kernel of kn, in order of first appearance, and each one's
 * baseline among them (kp_baselines) */
size_t
allkernelsof(const Kernels *kn, char ***kern, long **base, int **reason)
{
	size_t nk = kp_strmap_len(kn->kerns), j;

	*kern = ereallocarray(NULL, nk + 1, sizeof(**kern));
	for (j = 0; j < nk; j++)
		(*kern)[j] = kernname(kn, j);
	*base = ereallocarray(NULL, nk + 1, sizeof(**base));
	*reason = ereallocarray(NULL, nk + 1, sizeof(**reason));
	kp_baselines(*kern, nk, *base, *reason);
	return nk;
}

/* the first stat of key with kernel kern and the given suite and job
 * (NULL: any), or NULL */
static Stat *
statof(Compare *c, const char *key, const char *kern, const char *suite,
    const char *job)
{
	long k = kp_strmap_find(c->keymap, key, strlen(key));
	List *l;
	Stat *s;
	size_t i;

	if (k < 0)
		return NULL;
	l = &c->bykey[k];
	for (i = 0; i < l->n; i++) {
		s = &c->stats[l->v[i]];
		if (strcmp(s->s.kernel, kern) == 0 && (!suite ||
		    (strcmp(s->s.suite, suite) == 0 && strcmp(s->s.job, job) == 0)))
			return s;
	}
	return NULL;
}

/* Why the lone kernels were not compared, as coverage records and a
 * warning per cause.  A kernel whose baseline is present under another
 * key was kept apart by identity: the fields that differ, and the
 * kp-identify options that would match them, are what the user needs. */
void
lonely(Compare *c, const Kernels *kn, const Lone *lone, size_t nlone)
{
	static const char *const why[] = {
		[KP_BASE_UNORDERED] = "not a kernel version kp(7) can order; give -b and -t",
		[KP_BASE_NO_RELEASE] = "no baseline: its release is missing",
		[KP_BASE_NO_EARLIER] = "no baseline: no earlier release present",
	};
	char **kern, text[1024], whyb[512], eg[64], prefix[256], cause[1536], *key;
	size_t i, k, nkeys = kn->keys ? kp_strmap_len(kn->keys) : 0, nd, len;
	long *base, j;
	int *reason;
	Stat *t, *b;
	kp_cov_diff d[32];
	kp_coverage cov;
	Causes cs = { 0 };

	if (!nlone)
		return;
	allkernelsof(kn, &kern, &base, &reason);
	for (i = 0; i < nlone; i++) {
		j = kp_strmap_find(kn->kerns, lone[i].kern, strlen(lone[i].kern));
		/* the baseline of a kernel kept apart: said once, by that kernel */
		if (base[j] < 0 && reason[j] == KP_BASE_OK &&
		    lone[i].why != KP_BASE_UNORDERED)
			continue;
		t = statof(c, lone[i].key, lone[i].kern, NULL, NULL);
		b = NULL;
		for (k = 0; base[j] >= 0 && !b && k < nkeys; k++) {
			key = (char *)kp_strmap_key(kn->keys, k, &len);
			if (strcmp(key, lone[i].key))
				b = statof(c, key, kern[base[j]], t->s.suite, t->s.job);
		}
		snprintf(eg, sizeof(eg), "key %s", t->s.key);
		kp_coverage_init(&cov, KP_COV_COMPARE, b ? KP_COV_APART :
		    KP_COV_UNCOMPARED, KP_COV_LKERNEL, lone[i].kern);
		cov.job = t->s.job;
		cov.target = lone[i].kern;
		if (b) {
			nd = cover_differ(c, b, t, d, whyb, sizeof(whyb), text,
			    sizeof(text));
			cov.base = b->s.kernel;
			cov.differ = d;
			cov.ndiffer = nd;
			cov.why = whyb;
			kp_coverage_write(c->w, &cov);
			kp_id_differ_free(d, nd);
			snprintf(prefix, sizeof(prefix), "kernel %s against %s",
			    lone[i].kern, kern[base[j]]);
		} else {
			cov.why = why[lone[i].why];
			kp_coverage_write(c->w, &cov);
			snprintf(text, sizeof(text), "%s", why[lone[i].why]);
			snprintf(prefix, sizeof(prefix), "kernel %s", lone[i].kern);
		}
		/* the prefix is part of the cause: one line per kernel */
		snprintf(cause, sizeof(cause), "%s: %s", prefix, text);
		cause_add(&cs, cause, eg);
	}
	cause_warn(&cs, "not compared", "key(s):");
	free(base);
	free(reason);
	free(kern);
}

Pair *
kernel_pairs(const Kernels *kn, size_t *np, Lone **lone, size_t *nlone)
{
	Pair *p = NULL, *pj;
	kp_strmap *pm = kp_strmap_new();
	char **kern, *key;
	size_t nkeys = kn->keys ? kp_strmap_len(kn->keys) : 0, i, j, k, nk, len;
	long *base;
	int *reason, isnew;

	*np = 0;
	*lone = NULL;
	*nlone = 0;
	for (k = 0; k < nkeys; k++) {
		key = (char *)kp_strmap_key(kn->keys, k, &len);
		nk = kn->nkern[k];
		kern = ereallocarray(NULL, nk, sizeof(*kern));
		for (i = 0; i < nk; i++)
			kern[i] = kernname(kn, kn->kern[k][i]);
		base = ereallocarray(NULL, nk, sizeof(*base));
		reason = ereallocarray(NULL, nk, sizeof(*reason));
		kp_baselines(kern, nk, base, reason);
		for (i = 0; i < nk; i++) {
			if (reason[i] != KP_BASE_OK) {
				*lone = kp_grow(*lone, *nlone, sizeof(**lone));
				(*lone)[*nlone].key = key;
				(*lone)[*nlone].kern = kern[i];
				(*lone)[(*nlone)++].why = reason[i];
			}
			if (base[i] < 0)
				continue;
			j = kp_strmap_addv(pm, &isnew, kern[base[i]], kern[i], NULL);
			if (isnew) {
				p = kp_grow(p, *np, sizeof(*p));
				pj = &p[j];
				memset(pj, 0, sizeof(*pj));
				add_selector(&pj->b, kern[base[i]], NULL, 0);
				add_selector(&pj->t, kern[i], NULL, 0);
				pj->bname = kern[base[i]];
				pj->tname = kern[i];
				(*np)++;
			}
			pj = &p[j];
			pj->keys = kp_grow(pj->keys, pj->nkeys, sizeof(char *));
			pj->keys[pj->nkeys++] = key;
		}
		free(base);
		free(reason);
		free(kern);
	}
	kp_strmap_free(pm);
	return p;
}

void
pair_keys(Compare *c, Pair *p)
{
	size_t i;
	long k;

	p->kix = ereallocarray(p->kix, p->nkeys + 1, sizeof(*p->kix));
	for (i = 0; i < p->nkeys; i++) {
		k = kp_strmap_find(c->keymap, p->keys[i], strlen(p->keys[i]));
		if (k < 0)	/* a shard holds every key of its pairs */
			kp_die("key %s of pair %s %s: no stat held", p->keys[i],
			    p->bname, p->tname);
		p->kix[i] = (size_t)k;
	}
}

Pair *
read_pairs(const char *path, size_t *np)
{
	kp_in *in = kp_in_open(path);
	Pair *p = NULL;
	char *line, *tok[2], *sv, *sel, *sv2, *name = estrdup(kp_in_name(in));
	size_t len;

	kp_in_text(in);
	*np = 0;
	while ((line = kp_in_line(in, &len))) {
		if ((sv = strchr(line, '#')))
			*sv = '\0';
		if (!(tok[0] = strtok_r(line, " \t", &sv)))
			continue;
		tok[1] = strtok_r(NULL, " \t", &sv);
		if (!tok[1] || strtok_r(NULL, " \t", &sv))
			kp_die_at(kp_in_name(in), kp_in_lineno(in), 0,
			    "expected two selections, BASELINE TARGET");
		p = kp_grow(p, *np, sizeof(*p));
		memset(&p[*np], 0, sizeof(*p));
		for (sel = strtok_r(tok[0], ",", &sv2); sel; sel = strtok_r(NULL, ",", &sv2))
			add_selector(&p[*np].b, sel, kp_in_name(in), kp_in_lineno(in));
		for (sel = strtok_r(tok[1], ",", &sv2); sel; sel = strtok_r(NULL, ",", &sv2))
			add_selector(&p[*np].t, sel, kp_in_name(in), kp_in_lineno(in));
		p[*np].bname = kp_sel_name(&p[*np].b);
		p[*np].tname = kp_sel_name(&p[*np].t);
		p[*np].chosen = 1;
		p[*np].file = name;	/* reachable to the end */
		p[*np].line = kp_in_lineno(in);
		(*np)++;
	}
	kp_in_close(in);
	return p;
}
