/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchunit.h: the unit and direction of the metrics kp-parse-mmtests
 * writes, for sources that give a benchmark's numbers without them (a
 * SQUAD metric submitted without a unit, LKFT's per-sample metrics). */
#ifndef BENCHUNIT_H
#define BENCHUNIT_H

typedef struct {
	const char *bench;	/* NULL: any benchmark */
	const char *metric;
	const char *unit;
	int better;	/* KP_HIGHER or KP_LOWER */
} kp_benchunit;

/* the known unit of metric of bench, or NULL */
const kp_benchunit *kp_benchunit_find(const char *bench, const char *metric);

#endif
