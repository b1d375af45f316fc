/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text.c: bytes a text parser must not take for text.
 *
 * A UTF-8 byte order mark opens files saved by some Windows editors: it is
 * not part of the first line, so it is skipped and the file read in full
 * (a parser that looked for '{' or '@' first saw the mark and chose the
 * wrong format).  A NUL byte ends a C string, so a parser working on lines
 * as strings lost the rest of the line or file without a word: a NUL is
 * refused, with its place, because no benchmark writes one in a log. */
#include <string.h>

#include "kp.h"

size_t
kp_text_bom(const char *buf, size_t len)
{
	return len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

int
kp_text_nul(const char *buf, size_t len, long *line, long *col)
{
	const char *nul = memchr(buf, '\0', len), *p, *bol = buf;
	long l = 1;

	if (!nul)
		return 0;
	for (p = buf; (p = memchr(p, '\n', (size_t)(nul - p))); bol = ++p)
		l++;
	*line = l;
	*col = (long)(nul - bol) + 1;
	return -1;
}

char *
kp_text(const char *name, char *buf, size_t *len)
{
	size_t skip = kp_text_bom(buf, *len);
	long line, col;

	if (kp_text_nul(buf + skip, *len - skip, &line, &col) != 0)
		kp_die_at(name, line, line == 1 ? col + (long)skip : col,
		    "a NUL byte: expected text");
	*len -= skip;
	return buf + skip;
}
