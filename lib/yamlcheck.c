/* SPDX-License-Identifier: GPL-2.0-or-later */
/* yamlcheck.c: the reader of every YAML file kp reads, see yamlcheck.h:
 * a bounded read, then one pass over libyaml's events that checks them
 * and builds the tree, so that a bound, a duplicate key or a node of the
 * wrong kind is said with its place. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "kp.h"
#include "strmap.h"
#include "yamlcheck.h"

struct kp_ydoc {
	kp_ynode *root;
	kp_ynode **all;	/* every node, to free them: an alias makes the
			 * tree a graph */
	size_t nall;
};

struct frame {
	kp_ynode *n;	/* the open list or mapping */
	size_t nv;	/* entries of n->v so far (keys and values) */
	kp_strmap *keys;	/* a mapping: its scalar keys so far (a map:
				 * a mapping of 100,000 keys is checked in
				 * linear time, not quadratic) */
};

/* what libyaml's loader refuses and its event parser does not: said
 * after the whole stream has been checked, as the loader did */
struct later {
	yaml_mark_t at;
	char msg[160];
	int set;
};

static void __attribute__((noreturn))
die_mark(const char *path, const yaml_mark_t *m, const char *fmt,
    const char *what)
{
	kp_die_at(path, (long)m->line + 1, (long)m->column + 1, fmt, what);
}

static kp_ynode *
newnode(kp_ydoc *d, const char *path, enum kp_ytype t, const yaml_mark_t *m)
{
	kp_ynode *n = ecalloc(1, sizeof(*n));

	n->type = t;
	n->path = path;
	n->line = (long)m->line + 1;
	n->col = (long)m->column + 1;
	n->s = t == KP_Y_SCALAR ? estrdup("") : "";
	d->all = kp_grow(d->all, d->nall, sizeof(*d->all));
	d->all[d->nall++] = n;
	return n;
}

/* n starts in frame f (NULL: it is the document's node); a scalar key
 * must not be one the mapping has */
static void
attach(kp_ydoc *d, const char *path, struct frame *f, kp_ynode *n, int alias)
{
	int isnew;

	if (!f) {
		d->root = n;
		return;
	}
	if (f->n->type == KP_Y_MAP && f->nv % 2 == 0 && !alias &&
	    n->type == KP_Y_SCALAR) {
		if (!f->keys)
			f->keys = kp_strmap_new();
		kp_strmap_add(f->keys, n->s, n->len, &isnew);
		if (!isnew)
			kp_die_at(path, n->line, n->col, "\"%s\" given twice; "
			    "expected each key once", n->s);
	}
	f->n->v = kp_grow(f->n->v, f->nv, sizeof(*f->n->v));
	f->n->v[f->nv++] = n;
}

/* anchor names node n, the k-th of the document */
static void
anchor(kp_strmap *anchors, kp_ynode ***named, const yaml_char_t *a,
    const yaml_mark_t *m, kp_ynode *n, struct later *l)
{
	size_t k;
	int isnew;

	if (!a)
		return;
	k = kp_strmap_add(anchors, (const char *)a, strlen((const char *)a),
	    &isnew);
	if (!isnew) {
		if (!l->set) {
			l->at = *m;
			snprintf(l->msg, sizeof(l->msg), "anchor \"&%.100s\" "
			    "given twice; expected each anchor once", a);
			l->set = 1;
		}
		return;
	}
	*named = kp_grow(*named, k, sizeof(**named));
	(*named)[k] = n;
}

kp_ydoc *
kp_yaml_parse(const char *path, const char *buf, size_t len, int maxdepth,
    const char *what)
{
	struct frame st[KP_YAML_MAXDEPTH + 1], *top;
	kp_ydoc *d = ecalloc(1, sizeof(*d));
	kp_strmap *anchors = kp_strmap_new();
	kp_ynode **named = NULL, *n;
	struct later later = { .set = 0 };
	yaml_parser_t p;
	yaml_event_t e;
	int depth = 0, docs = 0, done = 0, isnew;
	size_t k;

	if (maxdepth > KP_YAML_MAXDEPTH)
		maxdepth = KP_YAML_MAXDEPTH;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	while (!done) {
		if (!yaml_parser_parse(&p, &e))
			die_mark(path, &p.problem_mark, "bad YAML: %s",
			    p.problem ? p.problem : "unreadable");
		top = depth ? &st[depth - 1] : NULL;
		switch (e.type) {
		case YAML_DOCUMENT_START_EVENT:
			if (++docs > 1)
				die_mark(path, &e.start_mark, "a second "
				    "document; expected one%s", "");
			break;
		case YAML_SCALAR_EVENT:
			n = newnode(d, path, KP_Y_SCALAR, &e.start_mark);
			n->len = e.data.scalar.length;
			free((char *)n->s);
			n->s = memcpy(emalloc(n->len + 1), e.data.scalar.value,
			    n->len + 1);
			n->plain = e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
			anchor(anchors, &named, e.data.scalar.anchor,
			    &e.start_mark, n, &later);
			attach(d, path, top, n, 0);
			break;
		case YAML_ALIAS_EVENT:
			k = kp_strmap_add(anchors, (const char *)e.data.alias.anchor,
			    strlen((const char *)e.data.alias.anchor), &isnew);
			if (isnew) {
				/* k is taken now: give it a node to name */
				named = kp_grow(named, k, sizeof(*named));
				named[k] = newnode(d, path, KP_Y_SCALAR,
				    &e.start_mark);
				if (!later.set) {
					later.at = e.start_mark;
					snprintf(later.msg, sizeof(later.msg),
					    "bad YAML: found undefined alias");
					later.set = 1;
				}
			}
			attach(d, path, top, named[k], 1);
			break;
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			n = newnode(d, path, e.type == YAML_MAPPING_START_EVENT ?
			    KP_Y_MAP : KP_Y_LIST, &e.start_mark);
			anchor(anchors, &named, e.type == YAML_MAPPING_START_EVENT ?
			    e.data.mapping_start.anchor :
			    e.data.sequence_start.anchor, &e.start_mark, n, &later);
			attach(d, path, top, n, 0);
			if (depth == maxdepth)
				kp_die_at(path, n->line, n->col, "nested more "
				    "than %d levels deep; expected %s",
				    maxdepth, what);
			st[depth].n = n;
			st[depth].nv = 0;
			st[depth++].keys = NULL;
			break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT:
			depth--;
			n = st[depth].n;
			n->n = n->type == KP_Y_MAP ? st[depth].nv / 2 : st[depth].nv;
			kp_strmap_free(st[depth].keys);
			break;
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		default:
			break;
		}
		yaml_event_delete(&e);
	}
	yaml_parser_delete(&p);
	kp_strmap_free(anchors);
	free(named);
	if (later.set)
		die_mark(path, &later.at, "%s", later.msg);
	return d;
}

char *
kp_yaml_slurp(const char *path, size_t maxsize, size_t *len, const char *what)
{
	char *buf = emalloc(maxsize + 2);
	size_t n = 0, r;
	long line = 1, col = 1;
	FILE *fp;

	if (!(fp = fopen(path, "r")))
		kp_die_at(path, 0, 0, "cannot open: %s", strerror(errno));
	/* one byte past the bound says the file is over it */
	while (n <= maxsize && (r = fread(buf + n, 1, maxsize + 1 - n, fp)) > 0)
		n += r;
	if (ferror(fp))
		kp_die_at(path, 0, 0, "read error: %s", strerror(errno));
	fclose(fp);
	if (n > maxsize) {
		for (r = 0; r < maxsize; r++, col++)
			if (buf[r] == '\n')
				line++, col = 0;
		kp_die_at(path, line, col, "more than %zu bytes: expected %s",
		    maxsize, what);
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

kp_ydoc *
kp_yaml_load(const char *path, size_t maxsize, int maxdepth, const char *what)
{
	size_t len;
	char *buf = kp_yaml_slurp(path, maxsize, &len, what);
	kp_ydoc *d = kp_yaml_parse(path, buf, len, maxdepth, what);

	free(buf);
	return d;
}

const kp_ynode *
kp_yaml_root(const kp_ydoc *d)
{
	return d->root;
}

void
kp_yaml_free(kp_ydoc *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->nall; i++) {
		if (d->all[i]->type == KP_Y_SCALAR)
			free((char *)d->all[i]->s);
		free(d->all[i]->v);
		free(d->all[i]);
	}
	free(d->all);
	free(d);
}

void
kp_ydie(const kp_ynode *n, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	kp_die_at(n->path, n->line, n->col, "%s", msg);
}

const char *
kp_ykind(const kp_ynode *n)
{
	if (n->type == KP_Y_MAP)
		return "a mapping";
	if (n->type == KP_Y_LIST)
		return "a list";
	return n->len == 0 && n->plain ? "nothing" : "a value";
}

const kp_ynode *
kp_ywant(const kp_ynode *n, enum kp_ytype t, const char *what)
{
	if (n->type != t)
		kp_ydie(n, "expected %s, found %s", what, kp_ykind(n));
	return n;
}

int
kp_yempty(const kp_ynode *n)
{
	return !n || (n->type == KP_Y_SCALAR && n->len == 0);
}

const kp_ynode *
kp_yget(const kp_ynode *m, const char *key)
{
	size_t i;

	if (!m || m->type != KP_Y_MAP)
		return NULL;
	for (i = 0; i < m->n; i++)
		if (KP_YKEY(m, i)->type == KP_Y_SCALAR &&
		    strcmp(KP_YKEY(m, i)->s, key) == 0)
			return KP_YVAL(m, i);
	return NULL;
}
