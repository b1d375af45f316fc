/* SPDX-License-Identifier: GPL-2.0-or-later */
/* identity.h: the run fields that define an experiment, kp-identify(1):
 * one table, read by kp-identify, which hashes them into exp and key,
 * and by kp-compare, which names the fields that kept two sides apart. */
#ifndef KP_IDENTITY_H
#define KP_IDENTITY_H

#include <stddef.h>

#include "coverage.h"
#include "select.h"

typedef struct {
	const char *name;
	int kernel;	/* of the kernel: in exp, not in key */
} kp_idfield;

extern const kp_idfield kp_idfields[];
extern const size_t kp_nidfields;

/* the kernel command line without BOOT_IMAGE= and initrd=, which name
 * the image file of each kernel under test; the caller frees it */
char *kp_id_cmdline(const char *s);

/* The key fields (kernel fields are not) whose values differ between
 * two run records, as kp-identify compares them: at most max into out,
 * in table order, values allocated (NULL when missing); the count. */
size_t kp_id_differ(const kp_fvs *a, const kp_fvs *b, kp_cov_diff *out,
    size_t max);
void kp_id_differ_free(kp_cov_diff *d, size_t n);

#endif
