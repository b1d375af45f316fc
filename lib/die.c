/* SPDX-License-Identifier: GPL-2.0-or-later */
/* die.c: the one form of diagnostics: "prog: FILE:LINE:COL: message". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

/*
 * Format characters (Unicode's Cf, and the line and paragraph separators)
 * show nothing themselves and change what is around them: U+202E turns
 * the rest of a line right to left, so a name "x\u202Egnp.exe" reads as
 * "xexe.png", and a zero-width space makes two names that look alike
 * differ.  Those a name has no use for, all but the joiners of emoji
 * (U+200D and the variation selectors, which only choose a glyph):
 *   U+00AD soft hyphen, U+061C Arabic letter mark, U+180E,
 *   U+200B..U+200C, U+200E..U+200F, U+2028..U+202E, U+2060..U+206F,
 *   U+FEFF, U+FFF9..U+FFFB, and the tags U+E0000..U+E007F.
 */
int
kp_unseen(const unsigned char *p, long *cp)
{
	int n = 0;

	if (p[0] == 0xc2 && p[1] == 0xad)
		n = 2;
	else if (p[0] == 0xd8 && p[1] == 0x9c)
		n = 2;
	else if (p[0] == 0xe1 && p[1] == 0xa0 && p[2] == 0x8e)
		n = 3;
	else if (p[0] == 0xe2 && p[1] == 0x80 && ((p[2] >= 0x8b && p[2] <= 0x8f &&
	    p[2] != 0x8d) || (p[2] >= 0xa8 && p[2] <= 0xae)))
		n = 3;
	else if (p[0] == 0xe2 && p[1] == 0x81 && p[2] >= 0xa0 && p[2] <= 0xaf)
		n = 3;
	else if (p[0] == 0xef && ((p[1] == 0xbb && p[2] == 0xbf) ||
	    (p[1] == 0xbf && p[2] >= 0xb9 && p[2] <= 0xbb)))
		n = 3;
	else if (p[0] == 0xf3 && p[1] == 0xa0 && (p[2] == 0x80 || p[2] == 0x81) &&
	    p[3] >= 0x80 && p[3] <= 0xbf)
		n = 4;
	if (n == 2)
		*cp = (long)(p[0] & 0x1f) << 6 | (p[1] & 0x3f);
	else if (n == 3)
		*cp = (long)(p[0] & 0x0f) << 12 | (long)(p[1] & 0x3f) << 6 | (p[2] & 0x3f);
	else if (n == 4)
		*cp = (long)(p[0] & 0x07) << 18 | (long)(p[1] & 0x3f) << 12 |
		    (long)(p[2] & 0x3f) << 6 | (p[3] & 0x3f);
	return n;
}

/*
 * Control characters in caret notation, as cat -v and less show them: C0
 * as ^@ .. ^_ (ESC ^[, newline ^J, tab ^I), DEL as ^?, and the UTF-8 C1
 * controls U+0080..U+009F, which some terminals obey, as the ESC sequence
 * they stand for (CSI, U+009B, as ^[[).  Format characters (kp_unseen) as
 * <U+202E>.  Nothing is dropped, a name stays on its line, and what it
 * shows is in the order of its bytes.
 */
size_t
kp_visible(char *out, const char *s)
{
	const unsigned char *p;
	size_t n = 0;
	char u[16];
	long cp;
	int k, i;

#define PUT(c) do { if (out) out[n] = (char)(c); n++; } while (0)
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0xc2 && (k = kp_unseen(p, &cp))) {
			snprintf(u, sizeof u, "<U+%04lX>", cp);
			for (i = 0; u[i]; i++)
				PUT(u[i]);
			p += k - 1;
		} else if (*p < 0x20 || *p == 0x7f) {
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
	if (bad) {	/* not kp_die_at, which would flush fp again */
		fprintf(stderr, "%s: ", program_invocation_short_name);
		putvis(name);
		fprintf(stderr, ": write error: %s\n", strerror(bad));
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
