/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tap.h: Test Anything Protocol output for the C unit tests, run by prove. */
#ifndef TAP_H
#define TAP_H
#include <math.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_str(got, want, ...) tap_is_str((got), (want), __FILE__, __LINE__, __VA_ARGS__)
#define is_num(got, want, tol, ...) tap_is_num((got), (want), (tol), __FILE__, __LINE__, __VA_ARGS__)

static inline int
tap_ok(int pass, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#include <stdarg.h>
static inline int
tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", pass ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass) {
		tap_failed++;
		printf("#   Failed at %s line %d\n", file, line);
	}
	return pass;
}

static inline int
tap_is_str(const char *got, const char *want, const char *file, int line, const char *name)
{
	int pass = got && want ? strcmp(got, want) == 0 : got == want;

	if (!tap_ok(pass, file, line, "%s", name))
		printf("#   got: '%s'\n#   expected: '%s'\n", got ? got : "(null)", want ? want : "(null)");
	return pass;
}

/* tol: relative tolerance (0 for exact); NaN equals NaN */
static inline int
tap_is_num(double got, double want, double tol, const char *file, int line, const char *name)
{
	int pass;

	if (isnan(want))
		pass = isnan(got);
	else if (tol == 0)
		pass = got == want;
	else
		pass = fabs(got - want) <= tol * fmax(fabs(want), 1e-300);
	if (!tap_ok(pass, file, line, "%s", name))
		printf("#   got: %.17g\n#   expected: %.17g\n", got, want);
	return pass;
}

static inline int
done_testing(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
#endif
