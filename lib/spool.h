/* SPDX-License-Identifier: GPL-2.0-or-later */
/* spool.h: record lines kept on disk, in the order put, read back once
 * (or each where it was put).
 *
 * A tool that must see its whole input before it can write some records
 * (kp-classify, kp-triage) puts those lines here instead of in memory,
 * so its memory does not grow with the night's comparisons.  Each line
 * keeps the name of its input and its line number for the messages about
 * it.  The file is in TMPDIR (else /tmp) and unlinked at once, so it goes
 * with the process however that ends. */
#ifndef SPOOL_H
#define SPOOL_H

#include <stddef.h>

typedef struct kp_spool kp_spool;

/* what names the lines in messages ("cmp records") */
kp_spool *kp_spool_new(const char *what);
/* file is copied when it differs from the previous line's; returns
 * where the line is, for kp_spool_at */
long long kp_spool_put(kp_spool *sp, const char *text, size_t len,
    const char *file, long lineno);
size_t kp_spool_count(const kp_spool *sp);
/* the next line in the order put, NUL-terminated and valid until the
 * next call; 0 after the last */
int kp_spool_next(kp_spool *sp, const char **text, size_t *len,
    const char **file, long *lineno);
/* the line put at pos, in any order (kp-render's csv reads its lines
 * sorted by name), as kp_spool_next gives it; not mixed with
 * kp_spool_next */
void kp_spool_at(kp_spool *sp, long long pos, const char **text, size_t *len);
void kp_spool_free(kp_spool *sp);	/* NULL is fine */

#endif
