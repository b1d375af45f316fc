/* SPDX-License-Identifier: GPL-2.0-or-later */
/* subsys.c: the subsystem map of kp-subsystems(5), see subsys.h.
 *
 * libyaml accepts what a map must not say (a key given twice, a second
 * document) and spends time quadratic in the nesting of flow
 * collections, so the text is bounded in size and checked event by event
 * before it is loaded, as kp-classify's settings are. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "subsys.h"
#include "yamlcheck.h"

/* the shipped map is 20 KB; a user's many times that is still a map */
#define MAXSIZE (1024 * 1024)
#define MAXDEPTH 8

typedef struct {
	char *pattern, *why;
	kp_strs subsys;
} Entry;

struct kp_subsys_map {
	Entry *e;
	size_t n;
	kp_strmap *seen;	/* a measurement's name -> its slot in hit */
	long *hit;	/* the entry it matched, -1 none */
	size_t nhit;
};

kp_subsys_map *
kp_subsys_new(void)
{
	kp_subsys_map *m = ecalloc(1, sizeof(*m));

	m->seen = kp_strmap_new();
	return m;
}

static const char *
scalar(const kp_ynode *n, const char *what)
{
	if (n->type != KP_Y_SCALAR || n->len == 0 || strlen(n->s) != n->len)
		kp_ydie(n, "expected a non-empty string for \"%s\"", what);
	return n->s;
}

/* subsystem: a title, or a list of them */
static void
titles(const kp_ynode *v, kp_strs *out)
{
	size_t i;

	if (v->type == KP_Y_SCALAR) {
		out->v = emalloc(sizeof(*out->v));
		out->v[out->n++] = estrdup(scalar(v, "subsystem"));
		return;
	}
	kp_ywant(v, KP_Y_LIST, "a MAINTAINERS section title or a list of "
	    "them for \"subsystem\"");
	for (i = 0; i < v->n; i++) {
		out->v = kp_grow(out->v, out->n, sizeof(*out->v));
		out->v[out->n++] = estrdup(scalar(v->v[i], "subsystem"));
	}
}

static void
entry(kp_subsys_map *m, const kp_ynode *n)
{
	const kp_ynode *k, *v, *subsys = NULL;
	const char *name;
	Entry x = { 0 };
	size_t i;

	kp_ywant(n, KP_Y_MAP, "an entry {pattern, subsystem, why}");
	for (i = 0; i < n->n; i++) {
		k = KP_YKEY(n, i);
		v = KP_YVAL(n, i);
		name = scalar(k, "a key");
		if (strcmp(name, "pattern") == 0)
			x.pattern = estrdup(scalar(v, name));
		else if (strcmp(name, "why") == 0)
			x.why = estrdup(scalar(v, name));
		else if (strcmp(name, "subsystem") == 0)
			subsys = v;
		else
			kp_ydie(k, "unknown key \"%s\"; expected pattern, "
			    "subsystem and why", name);
	}
	if (!x.pattern)
		kp_ydie(n, "an entry without \"%s\"", "pattern");
	if (!subsys)
		kp_ydie(n, "an entry without \"%s\" (an empty list says: no "
		    "subsystem)", "subsystem");
	/* the map is read by people deciding whom to mail: every entry
	 * says why */
	if (!x.why)
		kp_ydie(n, "an entry without \"%s\", its reason or source", "why");
	titles(subsys, &x.subsys);
	m->e = kp_grow(m->e, m->n, sizeof(*m->e));
	m->e[m->n++] = x;
}

void
kp_subsys_load(kp_subsys_map *m, const char *path, const char *text, size_t len)
{
	kp_ydoc *doc;
	const kp_ynode *root;
	size_t i;

	if (len > MAXSIZE)
		kp_die_at(path, 0, 0, "more than %d bytes: expected a subsystem "
		    "map", MAXSIZE);
	doc = kp_yaml_parse(path, text, len, MAXDEPTH, "a subsystem map");
	root = kp_yaml_root(doc);
	if (!kp_yempty(root)) {
		kp_ywant(root, KP_Y_LIST, "a list of entries {pattern, "
		    "subsystem, why}");
		for (i = 0; i < root->n; i++)
			entry(m, root->v[i]);
	}
	kp_yaml_free(doc);
}

void
kp_subsys_load_file(kp_subsys_map *m, const char *path)
{
	size_t n;
	char *buf = kp_yaml_slurp(path, MAXSIZE, &n, "a subsystem map");

	kp_subsys_load(m, path, buf, n);
	free(buf);
}

const kp_strs *
kp_subsys_match(kp_subsys_map *m, const char *suite, const char *bench,
    const char *test, const char *op, const char *metric, const char **why)
{
	static const kp_strs none;
	char name[2048];
	size_t i, k;
	int isnew, len;

	len = snprintf(name, sizeof(name), "%s/%s/%s/%s/%s", suite, bench, test,
	    op, metric);
	if (len < 0 || (size_t)len >= sizeof(name))
		len = sizeof(name) - 1;
	/* a measurement recurs at every level and in every pair: match it
	 * once */
	k = kp_strmap_add(m->seen, name, (size_t)len, &isnew);
	if (isnew) {
		m->hit = kp_grow(m->hit, k, sizeof(*m->hit));
		m->hit[k] = -1;
		for (i = 0; i < m->n; i++)
			if (fnmatch(m->e[i].pattern, name, 0) == 0) {
				m->hit[k] = (long)i;
				break;
			}
	}
	if (why)
		*why = m->hit[k] < 0 ? NULL : m->e[m->hit[k]].why;
	return m->hit[k] < 0 ? &none : &m->e[m->hit[k]].subsys;
}
