/* SPDX-License-Identifier: GPL-2.0-or-later */
/* units.c: an instance of one side of a pair as a unit, numbered by a
 * map.  Its name is interned (hold.c: one copy of each name), so the
 * name's address is the instance: a key of the side and that address is
 * hashed where the side and the name as text were joined into a tuple,
 * and the pair-wide tests (offset.c, family.c) look up every instance
 * of every group, several times. */
#include <string.h>

#include "compare.h"

typedef struct {
	char side;
	char name[sizeof(char *)];
	char fam[sizeof(size_t)];
} Key;

/* the key of instance name on side t, and of family k when with is set */
static size_t
key(Key *x, int t, const char *name, size_t k, int with)
{
	x->side = (char)t;
	memcpy(x->name, &name, sizeof(name));
	memcpy(x->fam, &k, sizeof(k));
	return with ? sizeof(*x) : offsetof(Key, fam);
}

size_t
unit_add(kp_strmap *m, int t, const char *name, int *isnew)
{
	Key x;

	return kp_strmap_add(m, (const char *)&x, key(&x, t, name, 0, 0), isnew);
}

long
unit_find(kp_strmap *m, int t, const char *name)
{
	Key x;

	return kp_strmap_find(m, (const char *)&x, key(&x, t, name, 0, 0));
}

size_t
unit_fam_add(kp_strmap *m, int t, const char *name, size_t k, int *isnew)
{
	Key x;

	return kp_strmap_add(m, (const char *)&x, key(&x, t, name, k, 1), isnew);
}
