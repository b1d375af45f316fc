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

#include "kp.h"
#include "rec.h"
#include "triage.h"
#include "yamlcheck.h"

/* a triage file grows by a few lines a finding; its deepest node (a
 * finding's value) is at depth 3 */
#define MAXSIZE (4 * 1024 * 1024)
#define MAXDEPTH 4

static const char *
scalar(const kp_ynode *n, const char *key)
{
	if (n->type != KP_Y_SCALAR)
		kp_ydie(n, "expected a single value for \"%s\", found %s", key,
		    kp_ykind(n));
	return n->s;
}

static void
known(const kp_ynode *m, Known *k)
{
	const kp_ynode *kn, *vn;
	const char *key, *v;
	char *end;
	size_t j;
	int i;

	memset(k, 0, sizeof(*k));
	k->conc = -1;
	k->status = -1;
	k->line = m->line;
	kp_ywant(m, KP_Y_MAP, "a known finding: a mapping with pattern and status");
	for (j = 0; j < m->n; j++) {
		kn = KP_YKEY(m, j);
		vn = KP_YVAL(m, j);
		key = scalar(kn, "a key");
		v = scalar(vn, key);
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
				kp_ydie(vn, "expected a concurrency level (an integer) for \"conc\"");
		} else if (strcmp(key, "status") == 0) {
			if ((i = kp_vocab_find(&kp_triage_v, v, strlen(v))) < 0)
				kp_ydie(vn, "expected acknowledged, invalid, fixed-in or downstream for \"status\"");
			k->status = i;
		} else
			kp_ydie(kn, "unknown key: expected pattern, conc, since, status, "
			    "fixed_in, link or note");
	}
	if (!k->pattern)
		kp_ydie(m, "a known finding without \"pattern\"");
	if (k->status < 0)
		kp_ydie(m, "a known finding without \"status\"");
	if (k->status == KP_TRIAGE_FIXED_IN && !k->fixed_in)
		kp_ydie(m, "status fixed-in without \"fixed_in\", the kernel it was fixed in");
}

Known *
triage_read(const char *file, size_t *n)
{
	kp_ydoc *doc;
	const kp_ynode *root, *list = NULL, *kn;
	Known *k;
	size_t i;

	doc = kp_yaml_load(file, MAXSIZE, MAXDEPTH, "a triage file");
	*n = 0;
	k = NULL;
	root = kp_yaml_root(doc);
	if (root) {
		kp_ywant(root, KP_Y_MAP, "a mapping with a list \"findings\"");
		for (i = 0; i < root->n; i++) {
			kn = KP_YKEY(root, i);
			if (kn->type != KP_Y_SCALAR || strcmp(kn->s, "findings"))
				kp_ydie(kn, "unknown key: expected \"findings\"");
			list = KP_YVAL(root, i);
		}
	}
	if (kp_yempty(list))
		list = NULL;	/* "findings:" with nothing after it */
	if (list) {
		kp_ywant(list, KP_Y_LIST, "a list of known findings");
		k = ecalloc(list->n + 1, sizeof(*k));
		for (i = 0; i < list->n; i++)
			known(list->v[i], &k[(*n)++]);
	}
	kp_yaml_free(doc);
	return k;
}
