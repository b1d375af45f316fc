/* SPDX-License-Identifier: GPL-2.0-or-later */
/* die.c: the one form of diagnostics: "prog: FILE:LINE:COL: message". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

static void
vwarn_at(const char *file, long line, long col, const char *fmt, va_list ap)
{
	fflush(stdout);
	kp_progress_break();
	fprintf(stderr, "%s: ", program_invocation_short_name);
	if (file) {
		fputs(file, stderr);
		if (line > 0)
			fprintf(stderr, ":%ld", line);
		if (line > 0 && col > 0)
			fprintf(stderr, ":%ld", col);
		fputs(": ", stderr);
	}
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
kp_die_at(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_at(file, line, col, fmt, ap);
	va_end(ap);
	exit(KP_EXIT_BAD);
}

void
kp_warn_at(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_at(file, line, col, fmt, ap);
	va_end(ap);
}

/* A filter that exits 0 after a failed write has lost data silently:
 * EPIPE, a full disk and I/O errors all end here with exit 2. */
void
efshut(FILE *fp, const char *name)
{
	int bad = 0;

	if (fflush(fp) == EOF || ferror(fp))
		bad = errno ? errno : EIO;
	if (fclose(fp) == EOF && !bad)
		bad = errno ? errno : EIO;
	if (bad) {
		fprintf(stderr, "%s: %s: write error: %s\n",
		    program_invocation_short_name, name, strerror(bad));
		exit(KP_EXIT_BAD);
	}
}

void
kp_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_at(NULL, 0, 0, fmt, ap);
	va_end(ap);
	exit(KP_EXIT_BAD);
}

void
kp_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_at(NULL, 0, 0, fmt, ap);
	va_end(ap);
}
