/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coverage.h: the coverage record (kp-records(5)): what was expected or
 * compared, and what is missing, partial, new, kept apart or merged.
 * One record says one thing about one unit; the record's fields and
 * their order are spelled here and in coverage.c only. */
#ifndef COVERAGE_H
#define COVERAGE_H

#include <stddef.h>

#include "kp.h"

/* what a record is about: a plan's results, or a comparison */
enum kp_cov_scope { KP_COV_PLAN, KP_COV_COMPARE, KP_COV_NSCOPE };

/* what it says */
enum kp_cov_kind {
	KP_COV_COMPARED,	/* compared, or found as expected, whole */
	KP_COV_MISSING,	/* expected (or on the baseline side) and absent */
	KP_COV_PARTIAL,	/* present with fewer units than expected */
	KP_COV_NEW,	/* present and not expected (or on the target side only) */
	KP_COV_APART,	/* kept apart by identity: fields that differ */
	KP_COV_MERGED,	/* several runs taken as one under a label */
	KP_COV_UNCOMPARED,	/* present and not compared: why says why */
	KP_COV_NKIND
};

/* the unit it names */
enum kp_cov_level {
	KP_COV_LPLAN, KP_COV_LJOB, KP_COV_LINSTANCE, KP_COV_LREPETITION,
	KP_COV_LBENCHMARK, KP_COV_LRUN, KP_COV_LEXP, KP_COV_LGROUP,
	KP_COV_LPAIR, KP_COV_LKERNEL, KP_COV_NLEVEL
};

extern const char *const kp_cov_scope_name[KP_COV_NSCOPE];
extern const char *const kp_cov_kind_name[KP_COV_NKIND];
extern const char *const kp_cov_level_name[KP_COV_NLEVEL];

/* one field that differs between two sides: its name and both values
 * (NULL is null) */
typedef struct {
	const char *field, *base, *target;
} kp_cov_diff;

/* Strings and arrays are not owned by the record when it is written;
 * after kp_coverage_read() strings point into the document (valid until
 * its next parse) and the arrays are the caller's to free with
 * kp_coverage_free().  NULL strings are null; counts of -1 are null. */
typedef struct {
	enum kp_cov_scope scope;
	enum kp_cov_kind kind;
	enum kp_cov_level level;
	const char *name;	/* the unit */
	const char *plan, *job, *instance;	/* where it lies, when known */
	const char *base, *target;	/* the sides of a comparison */
	long long expected, found;	/* units inside it */
	const char **absent;	/* which units inside it are missing */
	size_t nabsent;
	kp_cov_diff *differ;	/* kind apart */
	size_t ndiffer;
	const char **runs;	/* kind merged: the runs; else those it rests on */
	size_t nruns;
	const char *label;	/* kind merged: the label they share */
	const char *why;	/* kind uncompared (and apart): the cause, and
				 * what would compare it */
} kp_coverage;

/* a record with every optional field null or empty */
void kp_coverage_init(kp_coverage *c, enum kp_cov_scope scope,
    enum kp_cov_kind kind, enum kp_cov_level level, const char *name);
void kp_coverage_write(kp_w *w, const kp_coverage *c);
/* the coverage record of d (type "coverage"); dies naming file:line:col
 * when a field is missing or wrong */
void kp_coverage_read(kp_json *d, kp_coverage *c);
void kp_coverage_free(kp_coverage *c);	/* the arrays of a record read */
/* index of name in a table of n names, or -1 */
int kp_cov_lookup(const char *const *names, int n, const char *name);

#endif
