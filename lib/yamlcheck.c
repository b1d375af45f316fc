/* SPDX-License-Identifier: GPL-2.0-or-later */
/* yamlcheck.c: the reader of every YAML file kp reads, see yamlcheck.h:
 * a bounded read, a pass over the events before the file is loaded (so
 * that a bound or a duplicate key is said with its place), the load. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "kp.h"
#include "strmap.h"
#include "yamlcheck.h"

struct frame {
	int map;	/* a mapping (else a sequence) */
	int key;	/* a mapping: the next node is a key */
	kp_strmap *keys;	/* a mapping: its scalar keys so far (a map:
				 * a mapping of 100,000 keys is checked in
				 * linear time, not quadratic) */
};

static void __attribute__((noreturn))
die_mark(const char *path, const yaml_mark_t *m, const char *fmt,
    const char *what)
{
	kp_die_at(path, (long)m->line + 1, (long)m->column + 1, fmt, what);
}

/* a node starts at mark m in frame f (NULL: at the top); a scalar key s
 * must not be one the mapping has */
static void
node(const char *path, struct frame *f, const yaml_mark_t *m, const char *s,
    size_t len)
{
	int isnew;

	if (!f || !f->map)
		return;
	if (f->key && s) {
		if (!f->keys)
			f->keys = kp_strmap_new();
		kp_strmap_add(f->keys, s, len, &isnew);
		if (!isnew)
			die_mark(path, m, "\"%s\" given twice; expected "
			    "each key once", s);
	}
	f->key = !f->key;
}

void
kp_yaml_check(const char *path, const char *buf, size_t len, int maxdepth,
    const char *what)
{
	struct frame st[KP_YAML_MAXDEPTH + 1], *top;
	yaml_parser_t p;
	yaml_event_t e;
	int depth = 0, docs = 0, done = 0;

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
			node(path, top, &e.start_mark,
			    (const char *)e.data.scalar.value,
			    e.data.scalar.length);
			break;
		case YAML_ALIAS_EVENT:
			node(path, top, &e.start_mark, NULL, 0);
			break;
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			node(path, top, &e.start_mark, NULL, 0);
			if (depth == maxdepth)
				kp_die_at(path, (long)e.start_mark.line + 1,
				    (long)e.start_mark.column + 1, "nested more "
				    "than %d levels deep; expected %s",
				    maxdepth, what);
			st[depth].map = e.type == YAML_MAPPING_START_EVENT;
			st[depth].key = 1;
			st[depth++].keys = NULL;
			break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT:
			depth--;
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

void
kp_yaml_parse(yaml_document_t *doc, const char *path, const char *buf,
    size_t len, int maxdepth, const char *what)
{
	yaml_parser_t p;

	kp_yaml_check(path, buf, len, maxdepth, what);
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	if (!yaml_parser_load(&p, doc))
		die_mark(path, &p.problem_mark, "bad YAML: %s",
		    p.problem ? p.problem : "unreadable");
	yaml_parser_delete(&p);
}

void
kp_yaml_load(yaml_document_t *doc, const char *path, size_t maxsize,
    int maxdepth, const char *what)
{
	size_t len;
	char *buf = kp_yaml_slurp(path, maxsize, &len, what);

	kp_yaml_parse(doc, path, buf, len, maxdepth, what);
	free(buf);
}
