/* SPDX-License-Identifier: GPL-2.0-or-later */
/* die.c: the one form of diagnostics: "prog: FILE:LINE:COL: message". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

/*
 * Control characters in caret notation, as cat -v and less show them: C0
 * as ^@ .. ^_ (ESC ^[, newline ^J, tab ^I), DEL as ^?, and the UTF-8 C1
 * controls U+0080..U+009F, which some terminals obey, as the ESC sequence
 * they stand for (CSI, U+009B, as ^[[).  Nothing is dropped, and a name
 * stays on its line.
 */
size_t
kp_visible(char *out, const char *s)
{
	const unsigned char *p;
	size_t n = 0;

#define PUT(c) do { if (out) out[n] = (char)(c); n++; } while (0)
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p < 0x20 || *p == 0x7f) {
			PUT('^');
			PUT(*p == 0x7f ? '?' : *p + 0x40);
		} else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			PUT('^');
			PUT('[');
			PUT(p[1] - 0x40);
			p++;
		} else
			PUT(*p);
	}
	PUT('\0');
#undef PUT
	return n;
}

/* s on stderr in its visible form (kp_visible) but for its tabs, which
 * neither end a line nor drive a terminal, and which a message quoting a
 * line of input (a MAINTAINERS entry) shows as they are; s as it is when
 * there is no memory for that */
static void
putvis(const char *s)
{
	size_t len;
	char *seg, *v;

	for (;;) {
		len = strcspn(s, "\t");
		seg = strndup(s, len);
		v = seg ? malloc(kp_visible(NULL, seg)) : NULL;
		if (v) {
			kp_visible(v, seg);
			fputs(v, stderr);
		} else
			fwrite(s, 1, len, stderr);
		free(v);
		free(seg);
		if (!s[len])
			return;
		fputc('\t', stderr);
		s += len + 1;
	}
}

/* Names in a message come from input (a record's kernel, a file name,
 * an option's argument): data, which must not end the line, forge the
 * next one or drive the terminal of whoever reads stderr.  So the whole
 * message is shown visible, tabs aside; no message of kp's means a
 * control character of its own. */
static void
vwarn_at(const char *file, long line, long col, const char *fmt, va_list ap)
{
	char *msg;

	fflush(stdout);
	kp_progress_break();
	fprintf(stderr, "%s: ", program_invocation_short_name);
	if (file) {
		putvis(file);
		if (line > 0)
			fprintf(stderr, ":%ld", line);
		if (line > 0 && col > 0)
			fprintf(stderr, ":%ld", col);
		fputs(": ", stderr);
	}
	if (vasprintf(&msg, fmt, ap) < 0)
		fputs("(no memory to say why)", stderr);
	else {
		putvis(msg);
		free(msg);
	}
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
