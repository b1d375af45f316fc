/* yamlcheck.c: a pass over a YAML file's events before it is loaded,
 * so that a bound or a duplicate key is said with its place; see
 * yamlcheck.h.  The settings file and the subsystem map share it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "kp.h"
#include "yamlcheck.h"

struct frame {
	int map;	/* a mapping (else a sequence) */
	int key;	/* a mapping: the next node is a key */
	char **keys;	/* a mapping: its scalar keys so far */
	size_t nkeys;
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
node(const char *path, struct frame *f, const yaml_mark_t *m, const char *s)
{
	size_t i;

	if (!f || !f->map)
		return;
	if (f->key && s) {
		for (i = 0; i < f->nkeys; i++)
			if (strcmp(f->keys[i], s) == 0)
				die_mark(path, m, "\"%s\" given twice; expected "
				    "each key once", s);
		f->keys = ereallocarray(f->keys, f->nkeys + 1, sizeof(*f->keys));
		f->keys[f->nkeys++] = estrdup(s);
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
	size_t i;

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
			    (const char *)e.data.scalar.value);
			break;
		case YAML_ALIAS_EVENT:
			node(path, top, &e.start_mark, NULL);
			break;
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			node(path, top, &e.start_mark, NULL);
			if (depth == maxdepth)
				kp_die_at(path, (long)e.start_mark.line + 1,
				    (long)e.start_mark.column + 1, "nested more "
				    "than %d levels deep; expected %s",
				    maxdepth, what);
			st[depth].map = e.type == YAML_MAPPING_START_EVENT;
			st[depth].key = 1;
			st[depth].keys = NULL;
			st[depth++].nkeys = 0;
			break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT:
			depth--;
			for (i = 0; i < st[depth].nkeys; i++)
				free(st[depth].keys[i]);
			free(st[depth].keys);
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
