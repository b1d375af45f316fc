/* SPDX-License-Identifier: GPL-2.0-or-later */
/* select.h: choosing the sides of a comparison (select.c), and the
 * default baseline of a kernel (baseline.c). */
#ifndef KP_SELECT_H
#define KP_SELECT_H

#include <stddef.h>

#include "kp.h"

/* a record's members as text, for selection: each string, number and
 * literal, and each string of an array (under the array's name) */
typedef struct {
	char *name, *val;
} kp_fv;

typedef struct {
	kp_fv *v;
	size_t n;
} kp_fvs;

void kp_fvs_read(kp_json *d, kp_fvs *out);
void kp_fvs_free(kp_fvs *f);

/* one selector: FIELD=VALUE; VERSION is kernel=VERSION */
typedef struct {
	char *field, *val;
} kp_selector;

/* a selection: its selectors (zero it before use) */
typedef struct {
	kp_selector *s;
	size_t n;
	char *name;	/* kp_sel_name's */
} kp_sel;

/* add a selector; -1 when arg is neither VERSION nor FIELD=VALUE */
int kp_sel_add(kp_sel *s, const char *arg);
/* the selection as given: "v6.17,run_name=rerun" */
const char *kp_sel_name(kp_sel *s);
/* does a record match: its fields and those of its run records, as
 * sets[0..nsets) */
int kp_sel_match(const kp_sel *s, const kp_fvs *const *sets, size_t nsets);

/* the default baseline of each kernel of one key, kp-compare(1): a
 * release, or a release candidate or commit of the next version, against
 * the highest earlier release present; a stable point release, a commit
 * after a release or a local build of one against that release; a commit
 * or local build on top of a release candidate against that rc tag when
 * present.  Only tagged releases (and rc tags, for builds on them) are
 * baselines; of several names of one release, the
 * first named is the baseline of a later version, and the last the
 * baseline of a build on top of it.  kern[0..n) are distinct names in
 * the order first seen.  base[i] gets the index of kernel i's baseline,
 * or -1; why[i], when base[i] is -1 and i is no baseline either, the
 * reason: KP_BASE_UNORDERED (not a version), KP_BASE_NO_RELEASE (its
 * release is missing), KP_BASE_NO_EARLIER (no earlier release present);
 * else KP_BASE_OK. */
enum { KP_BASE_OK, KP_BASE_UNORDERED, KP_BASE_NO_RELEASE, KP_BASE_NO_EARLIER };
void kp_baselines(char *const *kern, size_t n, long *base, int *why);

#endif
