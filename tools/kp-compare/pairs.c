/* pairs.c: which baseline/target pairs to compare: each kernel of a key
 * against the baseline libkp's policy gives it (baseline.c), or the
 * pairs of a file. */
#include <stdlib.h>
#include <string.h>

#include "compare.h"

void
add_selector(kp_sel *s, const char *arg, const char *file, long line)
{
	if (kp_sel_add(s, arg) < 0)
		kp_die_at(file, line, 0, "bad selection \"%s\": expected VERSION or "
		    "FIELD=VALUE", arg);
}

Pair *
kernel_pairs(Compare *c, size_t *np)
{
	static const char *const why[] = {
		[KP_BASE_NO_RELEASE] = "its release is missing",
		[KP_BASE_NO_EARLIER] = "no earlier release present",
	};
	Pair *p = NULL, *pj;
	kp_strmap *pm = kp_strmap_new(), *km;
	char **kern, *key;
	size_t nkeys = kp_strmap_len(c->keymap), i, j, k, nk;
	long *base;
	int *reason, isnew;
	List *l;

	*np = 0;
	for (k = 0; k < nkeys; k++) {
		l = &c->bykey[k];
		key = c->stats[l->v[0]].s.key;
		km = kp_strmap_new();
		kern = ereallocarray(NULL, l->n, sizeof(*kern));
		for (i = nk = 0; i < l->n; i++) {
			kp_strmap_add(km, c->stats[l->v[i]].s.kernel,
			    strlen(c->stats[l->v[i]].s.kernel), &isnew);
			if (isnew)
				kern[nk++] = c->stats[l->v[i]].s.kernel;
		}
		kp_strmap_free(km);
		base = ereallocarray(NULL, nk, sizeof(*base));
		reason = ereallocarray(NULL, nk, sizeof(*reason));
		kp_baselines(kern, nk, base, reason);
		for (i = 0; i < nk; i++)
			if (reason[i] == KP_BASE_UNORDERED)
				kp_warn("key %s: cannot order kernel \"%s\"; give -b and -t",
				    key, kern[i]);
		for (i = 0; i < nk; i++) {
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
			pj->kix = kp_grow(pj->kix, pj->nkeys, sizeof(size_t));
			pj->kix[pj->nkeys] = k;
			pj->keys[pj->nkeys++] = key;
		}
		for (i = 0; i < nk; i++)
			if (reason[i] == KP_BASE_NO_RELEASE || reason[i] == KP_BASE_NO_EARLIER)
				kp_warn("key %s: no baseline for kernel %s: %s", key,
				    kern[i], why[reason[i]]);
		free(base);
		free(reason);
		free(kern);
	}
	kp_strmap_free(pm);
	return p;
}

Pair *
read_pairs(const char *path, size_t *np)
{
	kp_in *in = kp_in_open(path);
	Pair *p = NULL;
	char *line, *tok[2], *sv, *sel, *sv2;
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
		p = ereallocarray(p, *np + 1, sizeof(*p));
		memset(&p[*np], 0, sizeof(*p));
		for (sel = strtok_r(tok[0], ",", &sv2); sel; sel = strtok_r(NULL, ",", &sv2))
			add_selector(&p[*np].b, sel, kp_in_name(in), kp_in_lineno(in));
		for (sel = strtok_r(tok[1], ",", &sv2); sel; sel = strtok_r(NULL, ",", &sv2))
			add_selector(&p[*np].t, sel, kp_in_name(in), kp_in_lineno(in));
		p[*np].bname = kp_sel_name(&p[*np].b);
		p[*np].tname = kp_sel_name(&p[*np].t);
		(*np)++;
	}
	kp_in_close(in);
	return p;
}
