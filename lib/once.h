/* SPDX-License-Identifier: GPL-2.0-or-later */
/* once.h: records that must come once per key.  A stage that adds up
 * its input (units of a kernel, runs of a side) would count a record
 * given twice (a file concatenated twice, two stores of one run) as
 * twice the evidence; it refuses the second naming both places, as
 * kp-compare and kp-stats do. */
#ifndef ONCE_H
#define ONCE_H

#include <stddef.h>

#include "kp.h"

typedef struct kp_once kp_once;

kp_once *kp_once_new(void);
void kp_once_free(kp_once *o);	/* NULL is fine */
/* The record d has the key made of the C strings after "what", ended by
 * a NULL: the first time, remembered with d's file and line; the second
 * time, exit 2 naming d's place and the first's: "a second WHAT (the
 * first is at FILE:LINE); expected one". */
void kp_once_check(kp_once *o, const kp_json *d, const char *what, ...);

#endif
