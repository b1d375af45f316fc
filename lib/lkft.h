/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lkft.h: LKFT's per-sample names of MMTests results taken back to the
 * fields kp-parse-mmtests gives the same samples.  See lkft.c. */
#ifndef LKFT_H
#define LKFT_H

typedef struct {
	const char *job, *suite, *bench, *test, *op, *metric, *unit;
	int better;	/* KP_HIGHER or KP_LOWER */
	long long conc, iter, rep, sub;
	char *buf;	/* holds the strings */
} kp_lkft;

/* The case name <module>_<op>_<iteration>_<sample> (the last component
 * of a SQUAD metric's name): 0, or -1 with *why saying what is wrong or
 * which benchmark's names cannot be taken back.  kp_lkft_free after 0. */
int kp_lkft_name(const char *name, kp_lkft *s, const char **why);
void kp_lkft_free(kp_lkft *s);

#endif
