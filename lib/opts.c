/* SPDX-License-Identifier: GPL-2.0-or-later */
/* opts.c: what the options of every tool share: --help and --version,
 * the usage message, and option values checked whole. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

void
kp_std_options(int argc, char *const argv[], const char *synopsis)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (strcmp(argv[i], "--help") == 0) {
			puts(synopsis);
			efshut(stdout, "<stdout>");
			exit(KP_EXIT_OK);
		}
		if (strcmp(argv[i], "--version") == 0) {
			printf("%s %s\n", program_invocation_short_name, VERSION);
			efshut(stdout, "<stdout>");
			exit(KP_EXIT_OK);
		}
	}
}

void
kp_usage(const char *synopsis)
{
	fflush(stdout);
	fprintf(stderr, "%s\n", synopsis);
	exit(KP_EXIT_BAD);
}

long long
kp_opt_ll(const char *opt, const char *s, long long min, long long max,
    const char *what)
{
	long long v;
	char *end;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || *end || errno || v < min || v > max)
		kp_die("%s %s: expected %s", opt, s, what);
	return v;
}

double
kp_opt_dbl(const char *opt, const char *s, double min, double max,
    const char *what)
{
	double v;
	char *end;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !(v >= min && v <= max))
		kp_die("%s %s: expected %s", opt, s, what);
	return v;
}
