/* SPDX-License-Identifier: GPL-2.0-or-later */
/* triage.h: kp-triage's known findings.  See kp-triage(1). */
#ifndef TRIAGE_H
#define TRIAGE_H

#include <stddef.h>

typedef struct {
	char *pattern;	/* fnmatch(3) on suite/bench/test/op/metric */
	long long conc;	/* -1: every level */
	char *since;	/* the kernel the finding began at, or NULL */
	int status;	/* enum KP_TRIAGE_* of rec.h */
	char *fixed_in, *link, *note;	/* or NULL */
	long line;	/* in the file, for messages */
	/* what the input said */
	size_t nfound;	/* regressions it matched */
	size_t nmeasured;	/* comparisons of its measurements */
	char *seen_fixed;	/* the kernel it was seen fixed in */
} Known;

/* read the triage file; dies naming line and column on anything but a
 * mapping with a list "findings" of known findings */
Known *triage_read(const char *path, size_t *n);

#endif
