/* SPDX-License-Identifier: GPL-2.0-or-later */
/* shquote.c: values written into a shell script or a file the shell
 * sources (kp-plan's MMTests configuration).  A value goes in single
 * quotes, which keep everything but a quote literal; one with a control
 * character is refused instead: nothing keeps a newline out of a comment
 * line, and no name kp writes has one (kp-records(5), STRINGS). */
#include <stdlib.h>
#include <string.h>

#include "kp.h"

const char *
kp_ctl(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return s;
	return NULL;
}

char *
kp_shquote(const char *s)
{
	size_t n = 3;
	const char *p;
	char *out, *o;

	if (kp_ctl(s))
		return NULL;
	for (p = s; *p; p++)
		n += *p == '\'' ? 4 : 1;
	o = out = emalloc(n);
	*o++ = '\'';
	for (p = s; *p; p++)
		if (*p == '\'') {
			memcpy(o, "'\\''", 4);
			o += 4;
		} else
			*o++ = *p;
	*o++ = '\'';
	*o = '\0';
	return out;
}
