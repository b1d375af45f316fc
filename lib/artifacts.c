/* SPDX-License-Identifier: GPL-2.0-or-later */
/* artifacts.c: reading what a kp-fetch store holds, for the parsers that
 * take a store (kp-parse-mmtests, kp-parse-squad). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "rec.h"
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
	size_t na = 0, i, k;
	const char *st;
	char file[PATH_MAX];
	int tok[KP_ARTIFACT_NF + 1];
	kp_has want = kp_has_of(KP_ARTIFACT_SOURCE, KP_ARTIFACT_PATH,
	    KP_ARTIFACT_OBJECT, KP_ARTIFACT_URL, -1);
	kp_artifact_rec r;
	kp_json d;

	/* a store given: the records are its index, and name no other */
	if (!store)
		kp_has_set(&want, KP_ARTIFACT_STORE);
	kp_json_init(&d);
	while (next_record(in, &d, store != NULL)) {
		if (!kp_rec_is(&d, &kp_artifact_t))
			continue;	/* other records are not files */
		kp_rec_index(&d, &kp_artifact_t, tok, NULL);
		kp_rec_read(&d, &kp_artifact_t, &r, &want, NULL);
		if (!safepath(r.path))
			kp_rec_die(&d, tok[KP_ARTIFACT_PATH], "\"%s\" must be a "
			    "relative path without \".\" or \"..\" components",
			    KP_FNAME(kp_artifact_t, KP_ARTIFACT_PATH));
		if (!safepath(r.object))
			kp_rec_die(&d, tok[KP_ARTIFACT_OBJECT], "\"%s\" must be a "
			    "path relative to the store",
			    KP_FNAME(kp_artifact_t, KP_ARTIFACT_OBJECT));
		st = store ? store : r.store;
		if ((size_t)snprintf(file, sizeof(file), "%s/%s", st, r.object) >= sizeof(file))
			kp_rec_die(&d, -1, "path too long");
		a = kp_grow(a, na, sizeof(*a));
		/* the strings read are owned: taken, not copied */
		a[na].source = r.source;
		a[na].path = r.path;
		a[na].file = estrdup(file);
		a[na].url = r.url;
		a[na].seq = na;
		na++;
		r.source = r.path = r.url = NULL;
		kp_rec_free(&kp_artifact_t, &r);
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
