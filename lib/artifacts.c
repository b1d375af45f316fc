/* SPDX-License-Identifier: GPL-2.0-or-later */
/* artifacts.c: reading what a kp-fetch store holds, for the parsers that
 * take a store (kp-parse-mmtests, kp-parse-squad). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "artifacts.h"

/* Paths come from records: one with "..", an absolute path or an empty
 * component would let an index name files outside its source. */
static int
safepath(const char *p)
{
	const char *s;

	if (!*p || *p == '/')
		return 0;
	for (s = p; *s; ) {
		size_t n = strcspn(s, "/");
		if (n == 0 || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
			return 0;
		s += n;
		if (*s)
			s++;
	}
	return s[-1] != '/';
}

/* The next record.  kp-fetch appends each record in one write under a
 * lock, so only a crash mid-write leaves an unreadable line; like
 * kp-fetch, skip it with a warning instead of refusing the whole store.
 * Records from a stream stay strict. */
static int
next_record(kp_in *in, kp_json *d, int tolerant)
{
	char *line, err[256];
	size_t len, col;

	if (!tolerant)
		return kp_rec_next(in, d);
	while ((line = kp_in_line(in, &len))) {
		if (strspn(line, " \t") == len)
			continue;
		if (kp_json_parse(d, line, len, err, sizeof(err), &col) == 0 &&
		    d->tok[0].type == KP_JOBJ) {
			d->file = kp_in_name(in);
			d->line = kp_in_lineno(in);
			return 1;
		}
		kp_warn_at(kp_in_name(in), kp_in_lineno(in), (long)col,
		    "unreadable record skipped (torn by a crash?): %s", err);
	}
	return 0;
}

static int
cmpart(const void *x, const void *y)
{
	const kp_artifact *a = x, *b = y;
	int c = strcmp(a->source, b->source);

	if (!c)
		c = strcmp(a->path, b->path);
	return c ? c : (a->seq > b->seq) - (a->seq < b->seq);
}

kp_artifact *
kp_artifacts_read(const char *store, const char *records, size_t *n)
{
	kp_in *in = kp_in_open(records);
	kp_artifact *a = NULL;
	size_t na = 0, cap = 0, i, k;
	const char *source, *path, *object, *st, *url;
	char file[PATH_MAX];
	kp_json d;

	kp_json_init(&d);
	while (next_record(in, &d, store != NULL)) {
		if (strcmp(kp_rec_type(&d), "artifact") != 0)
			continue;	/* other records are not files */
		source = kp_req_str(&d, "source");
		path = kp_req_str(&d, "path");
		if (!safepath(path))
			kp_rec_die(&d, kp_json_get(&d, 0, "path"),
			    "\"path\" must be a relative path without \".\" or \"..\" components");
		object = kp_req_str(&d, "object");
		if (!safepath(object))
			kp_rec_die(&d, kp_json_get(&d, 0, "object"),
			    "\"object\" must be a path relative to the store");
		st = store ? store : kp_req_str(&d, "store");
		url = kp_opt_str(&d, "url", NULL);
		if ((size_t)snprintf(file, sizeof(file), "%s/%s", st, object) >= sizeof(file))
			kp_rec_die(&d, -1, "path too long");
		if (na == cap) {
			cap = cap ? 2 * cap : 256;
			a = ereallocarray(a, cap, sizeof(*a));
		}
		a[na].source = estrdup(source);
		a[na].path = estrdup(path);
		a[na].file = estrdup(file);
		a[na].url = url ? estrdup(url) : NULL;
		a[na].seq = na;
		na++;
	}
	kp_json_free(&d);
	kp_in_close(in);
	/* keep the last record of each (source, path) */
	if (na)
		qsort(a, na, sizeof(*a), cmpart);
	for (i = 0, k = 0; i < na; i++) {
		if (k && !strcmp(a[k - 1].source, a[i].source) &&
		    !strcmp(a[k - 1].path, a[i].path)) {
			kp_artifacts_free(&a[k - 1], 1);
			a[k - 1] = a[i];
		} else
			a[k++] = a[i];
	}
	*n = k;
	return a;
}

void
kp_artifacts_free(kp_artifact *a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(a[i].source);
		free(a[i].path);
		free(a[i].file);
		free(a[i].url);
	}
}

const kp_artifact *
kp_artifact_find(const kp_artifact *a, size_t n, const char *source,
    const char *path)
{
	size_t lo = 0, hi = n, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (!(c = strcmp(a[mid].source, source)))
			c = strcmp(a[mid].path, path);
		if (c == 0)
			return &a[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
