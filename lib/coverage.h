/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coverage.h: the coverage record (kp-records(5)): what was expected or
 * compared, and what is missing, partial, new, kept apart or merged.
 * One record says one thing about one unit.  Its fields are those of the
 * table kp_cov_t (rec.h, rectab.c); kp_coverage is the view a writer
 * fills with strings it keeps, and a reader gets from kp_coverage_read. */
#ifndef COVERAGE_H
#define COVERAGE_H

#include <stddef.h>

#include "kp.h"
#include "rec.h"

/* the words of scope, kind and level: kp_cov_*_v.name */
extern const char *const kp_cov_scope_name[KP_COV_NSCOPE];
extern const char *const kp_cov_kind_name[KP_COV_NKIND];
extern const char *const kp_cov_level_name[KP_COV_NLEVEL];

/* one field that differs between two sides: its name and both values
 * (NULL is null) */
typedef struct {
	const char *field, *base, *target;
} kp_cov_diff;

/* Strings and arrays are not owned by the record when it is written.
 * After kp_coverage_read() they belong to rec, the record read through
 * its table, which kp_coverage_free() frees (kp_rec_free).  NULL strings
 * are null; counts of -1 are null; conc 0 is null. */
typedef struct {
	enum kp_cov_scope scope;
	enum kp_cov_kind kind;
	enum kp_cov_level level;
	const char *name;	/* the unit */
	/* level group: the measurement, as fields (schema 2) */
	const char *suite, *bench, *test, *op, *metric;
	long long conc;
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
	kp_cov rec;	/* read: what the fields above point into */
} kp_coverage;

/* a record with every optional field null or empty */
void kp_coverage_init(kp_coverage *c, enum kp_cov_scope scope,
    enum kp_cov_kind kind, enum kp_cov_level level, const char *name);
/* level group: the measurement's fields, and name from them as
 * suite/bench/test[op metric]@conc (kp-records(5)) into buf */
void kp_coverage_group(kp_coverage *c, const char *suite, const char *bench,
    const char *test, const char *op, const char *metric, long long conc,
    char *buf, size_t sz);
void kp_coverage_write(kp_w *w, const kp_coverage *c);
/* the coverage record of d (type "coverage"); dies naming file:line:col
 * when a field is missing or wrong */
void kp_coverage_read(kp_json *d, kp_coverage *c);
void kp_coverage_free(kp_coverage *c);	/* a record read */
/* index of name in a table of n names, or -1 */
int kp_cov_lookup(const char *const *names, int n, const char *name);

#endif
