/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchunit.c: the metrics kp-parse-mmtests writes, by benchmark and
 * metric name, with their unit and which way is better (see its parsers:
 * wis.c, futexbench.c, schbench.c, stressng.c, hackbench.c, unixbench.c).
 * A source that names the metric but not its unit takes it from here;
 * nothing here is a guess about a metric kp does not parse itself. */
#include <stddef.h>
#include <string.h>

#include "rec.h"
#include "benchunit.h"

static const kp_benchunit known[] = {
	{ "schbench", "rps", "requests/s", KP_HIGHER },
	{ "schbench", "latency", "usec", KP_LOWER },
	{ NULL, "ops", "ops/s", KP_HIGHER },	/* wis, futex-bench */
	{ NULL, "bogo-ops/s", "bogo-ops/s", KP_HIGHER },	/* stress-ng */
	{ NULL, "bogo-ops", "bogo-ops/s", KP_HIGHER },	/* stress-ng's own name */
	{ NULL, "time", "s", KP_LOWER },	/* hackbench */
	{ NULL, "loops", "loops", KP_HIGHER },	/* unixbench */
};

const kp_benchunit *
kp_benchunit_find(const char *bench, const char *metric)
{
	size_t i;

	if (!metric)
		return NULL;
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(known[i].metric, metric) == 0 &&
		    (!known[i].bench || (bench && strcmp(known[i].bench, bench) == 0)))
			return &known[i];
	return NULL;
}
