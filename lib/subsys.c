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
#include <yaml.h>

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

static const char *mpath;	/* the file being loaded, for messages */

static void __attribute__((noreturn))
die_mark(const yaml_mark_t *m, const char *fmt, const char *what)
{
	kp_die_at(mpath, (long)m->line + 1, (long)m->column + 1, fmt, what);
}

kp_subsys_map *
kp_subsys_new(void)
{
	kp_subsys_map *m = ecalloc(1, sizeof(*m));

	m->seen = kp_strmap_new();
	return m;
}

static const char *
scalar(yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SCALAR_NODE || n->data.scalar.length == 0 ||
	    strlen((const char *)n->data.scalar.value) != n->data.scalar.length)
		die_mark(&n->start_mark, "expected a non-empty string for \"%s\"", what);
	return (const char *)n->data.scalar.value;
}

/* subsystem: a title, or a list of them */
static void
titles(yaml_document_t *doc, yaml_node_t *v, kp_strs *out)
{
	yaml_node_item_t *it;

	if (v->type == YAML_SCALAR_NODE) {
		out->v = emalloc(sizeof(*out->v));
		out->v[out->n++] = estrdup(scalar(v, "subsystem"));
		return;
	}
	if (v->type != YAML_SEQUENCE_NODE)
		die_mark(&v->start_mark, "expected a MAINTAINERS section title "
		    "or a list of them for \"%s\"", "subsystem");
	for (it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
		out->v = ereallocarray(out->v, out->n + 1, sizeof(*out->v));
		out->v[out->n++] = estrdup(scalar(yaml_document_get_node(doc, *it),
		    "subsystem"));
	}
}

static void
entry(kp_subsys_map *m, yaml_document_t *doc, yaml_node_t *n)
{
	yaml_node_pair_t *pr;
	yaml_node_t *k, *v, *subsys = NULL;
	const char *name;
	Entry x = { 0 };

	if (n->type != YAML_MAPPING_NODE)
		die_mark(&n->start_mark, "expected an entry {pattern, subsystem, "
		    "why}%s", "");
	for (pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top; pr++) {
		k = yaml_document_get_node(doc, pr->key);
		v = yaml_document_get_node(doc, pr->value);
		name = scalar(k, "a key");
		if (strcmp(name, "pattern") == 0)
			x.pattern = estrdup(scalar(v, name));
		else if (strcmp(name, "why") == 0)
			x.why = estrdup(scalar(v, name));
		else if (strcmp(name, "subsystem") == 0)
			subsys = v;
		else
			die_mark(&k->start_mark, "unknown key \"%s\"; expected "
			    "pattern, subsystem and why", name);
	}
	if (!x.pattern)
		die_mark(&n->start_mark, "an entry without \"%s\"", "pattern");
	if (!subsys)
		die_mark(&n->start_mark, "an entry without \"%s\" (an empty "
		    "list says: no subsystem)", "subsystem");
	/* the map is read by people deciding whom to mail: every entry
	 * says why */
	if (!x.why)
		die_mark(&n->start_mark, "an entry without \"%s\", its reason "
		    "or source", "why");
	titles(doc, subsys, &x.subsys);
	m->e = ereallocarray(m->e, m->n + 1, sizeof(*m->e));
	m->e[m->n++] = x;
}

void
kp_subsys_load(kp_subsys_map *m, const char *path, const char *text, size_t len)
{
	yaml_document_t doc;
	yaml_node_t *root;
	yaml_node_item_t *it;

	mpath = path;
	if (len > MAXSIZE)
		kp_die_at(path, 0, 0, "more than %d bytes: expected a subsystem "
		    "map", MAXSIZE);
	kp_yaml_parse(&doc, path, text, len, MAXDEPTH, "a subsystem map");
	root = yaml_document_get_root_node(&doc);
	if (root && !(root->type == YAML_SCALAR_NODE && root->data.scalar.length == 0)) {
		if (root->type != YAML_SEQUENCE_NODE)
			die_mark(&root->start_mark, "expected a list of entries "
			    "{pattern, subsystem, why}%s", "");
		for (it = root->data.sequence.items.start;
		    it < root->data.sequence.items.top; it++)
			entry(m, &doc, yaml_document_get_node(&doc, *it));
	}
	yaml_document_delete(&doc);
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
		m->hit = ereallocarray(m->hit, k + 1, sizeof(*m->hit));
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
