/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strmap.h: strings to dense indexes 0, 1, 2, ... in the order they were
 * first added.
 *
 * Tools that group records by a name, or by a tuple of names, look each
 * record's group up here instead of scanning the groups so far, which is
 * quadratic in the records.  Because indexes follow first appearance,
 * arrays indexed by them keep the order a linear scan would have given,
 * so output does not change.
 *
 * Keys are byte strings of a given length (they may hold NUL) and are
 * copied.  A tuple of C strings is one key: each string followed by a
 * NUL, so distinct tuples are distinct keys. */
#ifndef STRMAP_H
#define STRMAP_H

#include <stddef.h>

typedef struct kp_strmap kp_strmap;

kp_strmap *kp_strmap_new(void);
void kp_strmap_free(kp_strmap *m);	/* NULL is fine */
size_t kp_strmap_len(const kp_strmap *m);	/* keys added so far */
/* index of key, added as index kp_strmap_len() when new; *isnew (when
 * not NULL) says which */
size_t kp_strmap_add(kp_strmap *m, const char *key, size_t len, int *isnew);
/* index of key, or -1 when it was never added */
long kp_strmap_find(const kp_strmap *m, const char *key, size_t len);
/* key i as added, NUL-terminated; its length in *len when not NULL */
const char *kp_strmap_key(const kp_strmap *m, size_t i, size_t *len);
/* the same for the tuple of C strings given as the arguments after the
 * first, ended by a NULL */
size_t kp_strmap_addv(kp_strmap *m, int *isnew, ...);
long kp_strmap_findv(kp_strmap *m, ...);

#endif
