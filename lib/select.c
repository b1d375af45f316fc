/* SPDX-License-Identifier: GPL-2.0-or-later */
/* select.c: the selection language of the tools that pick a baseline
 * and a target side (kp-compare -b/-t/-p, kp-hist -b/-t).  A selector
 * is VERSION (kernel=VERSION) or FIELD=VALUE; selectors of one field are
 * alternatives, of different fields must all hold; a field holds when a
 * record (a stat or a histogram) or one of its run records has it with
 * that value.  Kernels are equal as versions (v6.17 is 6.17). */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "select.h"

static void
addfv(kp_fvs *f, const char *name, size_t nlen, const char *val, size_t vlen)
{
	f->v = kp_grow(f->v, f->n, sizeof(*f->v));
	f->v[f->n].name = estrndup(name, nlen);
	f->v[f->n].val = estrndup(val, vlen);
	f->n++;
}

void
kp_fvs_read(kp_json *d, kp_fvs *out)
{
	int k, v, e, end = (int)d->tok[0].next;
	const char *name, *s;
	size_t nlen, len;

	out->v = NULL;
	out->n = 0;
	for (k = 1; k < end; k = (int)d->tok[k + 1].next) {
		name = kp_json_strn(d, k, &nlen);
		name = estrndup(name, nlen);	/* the arena moves as values decode */
		v = k + 1;
		switch (d->tok[v].type) {
		case KP_JSTR:
			s = kp_json_strn(d, v, &len);
			addfv(out, name, nlen, s, len);
			break;
		case KP_JNUM:
		case KP_JTRUE:
		case KP_JFALSE:
			s = kp_json_raw(d, v, &len);
			addfv(out, name, nlen, s, len);
			break;
		case KP_JARR:
			for (e = v + 1; e < (int)d->tok[v].next; e = (int)d->tok[e].next)
				if (d->tok[e].type == KP_JSTR) {
					s = kp_json_strn(d, e, &len);
					addfv(out, name, nlen, s, len);
				}
			break;
		}
		free((char *)name);
	}
}

void
kp_fvs_free(kp_fvs *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		free(f->v[i].name);
		free(f->v[i].val);
	}
	free(f->v);
	f->v = NULL;
	f->n = 0;
}

int
kp_sel_add(kp_sel *s, const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (*arg == '\0' || (eq && (eq == arg || eq[1] == '\0')))
		return -1;
	s->s = kp_grow(s->s, s->n, sizeof(*s->s));
	s->s[s->n].field = eq ? estrndup(arg, (size_t)(eq - arg)) : estrdup("kernel");
	s->s[s->n].val = estrdup(eq ? eq + 1 : arg);
	s->n++;
	free(s->name);
	s->name = NULL;
	return 0;
}

const char *
kp_sel_name(kp_sel *s)
{
	size_t i, len = 1;

	if (s->name)
		return s->name;
	for (i = 0; i < s->n; i++)
		len += strlen(s->s[i].field) + strlen(s->s[i].val) + 2;
	s->name = ecalloc(1, len);
	for (i = 0; i < s->n; i++) {
		if (i)
			strcat(s->name, ",");
		if (strcmp(s->s[i].field, "kernel")) {
			strcat(s->name, s->s[i].field);
			strcat(s->name, "=");
		}
		strcat(s->name, s->s[i].val);
	}
	return s->name;
}

static int
fvmatch(const kp_fvs *f, const kp_selector *s)
{
	size_t i;
	int kernel = strcmp(s->field, "kernel") == 0;

	for (i = 0; i < f->n; i++)
		if (strcmp(f->v[i].name, s->field) == 0 &&
		    (kernel ? kp_kver_same(f->v[i].val, s->val) :
		    strcmp(f->v[i].val, s->val) == 0))
			return 1;
	return 0;
}

int
kp_sel_match(const kp_sel *s, const kp_fvs *const *sets, size_t nsets)
{
	size_t i, j, k;
	int ok;

	for (i = 0; i < s->n; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(s->s[j].field, s->s[i].field) == 0)
				break;
		if (j < i)
			continue;	/* field already decided */
		ok = 0;
		for (j = i; j < s->n && !ok; j++) {
			if (strcmp(s->s[j].field, s->s[i].field))
				continue;
			for (k = 0; k < nsets && !ok; k++)
				ok = fvmatch(sets[k], &s->s[j]);
		}
		if (!ok)
			return 0;
	}
	return 1;
}
