/* SPDX-License-Identifier: GPL-2.0-or-later */
/* yaml.c: the triage file, kept by its users in version control:
 *
 *   findings:
 *     - pattern: "wis/futex1/futex1-*"
 *       conc: 4
 *       since: v6.18-rc1
 *       status: acknowledged
 *       link: https://lore.kernel.org/...
 *       note: a CPU hog in the lab
 *
 * Anything else is an error naming its line and column. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "kp.h"
#include "rec.h"
#include "triage.h"
#include "yamlcheck.h"

/* a triage file grows by a few lines a finding; its deepest node (a
 * finding's value) is at depth 3 */
#define MAXSIZE (4 * 1024 * 1024)
#define MAXDEPTH 4

static const char *path;

static void __attribute__((noreturn))
bad(const yaml_node_t *n, const char *what)
{
	kp_die_at(path, (long)n->start_mark.line + 1, (long)n->start_mark.column + 1,
	    "%s", what);
}

static const char *
scalar(yaml_document_t *doc, yaml_node_t *n, const char *key)
{
	static char msg[128];

	if (n->type != YAML_SCALAR_NODE) {
		snprintf(msg, sizeof(msg), "expected a single value for \"%s\"", key);
		bad(n, msg);
	}
	return (const char *)n->data.scalar.value;
}

static void
known(yaml_document_t *doc, yaml_node_t *m, Known *k)
{
	yaml_node_pair_t *p;
	yaml_node_t *kn, *vn;
	const char *key, *v;
	char *end;
	int i;

	memset(k, 0, sizeof(*k));
	k->conc = -1;
	k->status = -1;
	k->line = (long)m->start_mark.line + 1;
	if (m->type != YAML_MAPPING_NODE)
		bad(m, "expected a known finding: a mapping with pattern and status");
	for (p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
		kn = yaml_document_get_node(doc, p->key);
		vn = yaml_document_get_node(doc, p->value);
		key = scalar(doc, kn, "a key");
		v = scalar(doc, vn, key);
		if (strcmp(key, "pattern") == 0)
			k->pattern = estrdup(v);
		else if (strcmp(key, "since") == 0)
			k->since = estrdup(v);
		else if (strcmp(key, "fixed_in") == 0)
			k->fixed_in = estrdup(v);
		else if (strcmp(key, "link") == 0)
			k->link = estrdup(v);
		else if (strcmp(key, "note") == 0)
			k->note = estrdup(v);
		else if (strcmp(key, "conc") == 0) {
			errno = 0;
			k->conc = strtoll(v, &end, 10);
			if (errno || *end || end == v || k->conc < 0)
				bad(vn, "expected a concurrency level (an integer) for \"conc\"");
		} else if (strcmp(key, "status") == 0) {
			if ((i = kp_vocab_find(&kp_triage_v, v, strlen(v))) < 0)
				bad(vn, "expected acknowledged, invalid, fixed-in or downstream for \"status\"");
			k->status = i;
		} else
			bad(kn, "unknown key: expected pattern, conc, since, status, "
			    "fixed_in, link or note");
	}
	if (!k->pattern)
		bad(m, "a known finding without \"pattern\"");
	if (k->status < 0)
		bad(m, "a known finding without \"status\"");
	if (k->status == KP_TRIAGE_FIXED_IN && !k->fixed_in)
		bad(m, "status fixed-in without \"fixed_in\", the kernel it was fixed in");
}

Known *
triage_read(const char *file, size_t *n)
{
	yaml_document_t doc;
	yaml_node_t *root, *list = NULL, *kn;
	yaml_node_pair_t *pair;
	yaml_node_item_t *it;
	Known *k;

	path = file;
	kp_yaml_load(&doc, file, MAXSIZE, MAXDEPTH, "a triage file");
	*n = 0;
	k = NULL;
	root = yaml_document_get_root_node(&doc);
	if (root) {
		if (root->type != YAML_MAPPING_NODE)
			bad(root, "expected a mapping with a list \"findings\"");
		for (pair = root->data.mapping.pairs.start;
		    pair < root->data.mapping.pairs.top; pair++) {
			kn = yaml_document_get_node(&doc, pair->key);
			if (kn->type != YAML_SCALAR_NODE ||
			    strcmp((char *)kn->data.scalar.value, "findings"))
				bad(kn, "unknown key: expected \"findings\"");
			list = yaml_document_get_node(&doc, pair->value);
		}
	}
	if (list && list->type == YAML_SCALAR_NODE && list->data.scalar.length == 0)
		list = NULL;	/* "findings:" with nothing after it */
	if (list) {
		if (list->type != YAML_SEQUENCE_NODE)
			bad(list, "expected a list of known findings");
		k = ecalloc((size_t)(list->data.sequence.items.top -
		    list->data.sequence.items.start) + 1, sizeof(*k));
		for (it = list->data.sequence.items.start;
		    it < list->data.sequence.items.top; it++)
			known(&doc, yaml_document_get_node(&doc, *it), &k[(*n)++]);
	}
	yaml_document_delete(&doc);
	return k;
}
