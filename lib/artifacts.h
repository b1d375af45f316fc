/* SPDX-License-Identifier: GPL-2.0-or-later */
/* artifacts.h: the files a kp-fetch store holds, as its index or a
 * stream of artifact records names them (kp-records(5), ARTIFACT) */
#ifndef ARTIFACTS_H
#define ARTIFACTS_H

#include <stddef.h>

typedef struct {
	char *source, *path;	/* where the file came from */
	char *file;	/* the object to open: STORE/objects/ab/cdef... */
	char *url;	/* the URL it was fetched from, or NULL */
	size_t seq;	/* position among the records read */
} kp_artifact;

/* Every artifact of a store directory (its index.ndjson), or of the
 * artifact records in a file or on standard input ("-"), each record
 * naming its store.  A later record for the same (source, path)
 * supersedes an earlier one; the result is sorted by (source, path).
 * Other record types are skipped.  An index line torn by a crash is named
 * and skipped, as kp-fetch does; records from a stream must all be whole.
 * A path or object with "..", "." or empty components, or an absolute
 * one, is an error (exit 2, naming the record): it would name a file
 * outside its source or store. */
kp_artifact *kp_artifacts_read(const char *store, const char *records, size_t *n);
void kp_artifacts_free(kp_artifact *a, size_t n);
/* the artifact (source, path) of a sorted array, or NULL */
const kp_artifact *kp_artifact_find(const kp_artifact *a, size_t n,
    const char *source, const char *path);

#endif
