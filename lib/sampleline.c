/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sampleline.c: a sample line as kp's writers lay it out, read without
 * the JSON reader: its tokens, the checks of every name and the tree
 * were 30% of kp-stats and half of kp-identify.
 *
 * The line is taken only when it is one the JSON reader reads without a
 * word: {"type":"sample", then members named as fields of kp_sample_t,
 * each after the one before in the table (so none twice), each value a
 * string of ASCII with no control character or backslash, or a JSON
 * number, and nothing else: no white space, no escape, no other value.  Anything
 * else, valid or not, is left to the JSON reader, which says what is
 * wrong with it. */
#include <string.h>

#include "rec.h"
#include "jsonnum.h"
#include "sampleline.h"

/* the n bytes at a and b are the same: names are short, and a call of
 * memcmp() for each was a seventh of kp-identify */
static int
same(const char *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

int
kp_sample_line(const char *line, size_t len, kp_sval *v)
{
	static const char head[] = "{\"type\":\"sample\"";
	const char *p = line + sizeof(head) - 1, *end = line + len, *q;
	const kp_field *fl = kp_sample_t.f;
	int f = 0, k;

	if (len < sizeof(head) || memcmp(line, head, sizeof(head) - 1) != 0 ||
	    line[len - 1] != '}')
		return 0;
	for (k = 0; k < KP_SAMPLE_NF; k++)
		v[k].p = NULL;
	end--;	/* the '}' */
	while (p < end) {
		/* ,"name": with a name of the table after the last one */
		if (*p++ != ',' || p == end || *p++ != '"')
			return 0;
		for (; f < KP_SAMPLE_NF; f++)
			if (end - p > fl[f].len && p[fl[f].len] == '"' &&
			    same(p, fl[f].name, fl[f].len))
				break;
		if (f == KP_SAMPLE_NF)
			return 0;
		p += fl[f].len + 1;
		if (p == end || *p++ != ':' || p == end)
			return 0;
		if (*p == '"') {
			q = kp_json_special(++p, end);
			if (q == end || *q != '"')
				return 0;
			v[f].str = 1;
		} else {
			if (!(q = kp_json_number_end(p, end)))
				return 0;
			v[f].str = 0;
		}
		v[f].p = p;
		v[f].len = (size_t)(q - p);
		p = q + v[f].str;
		f++;
	}
	return p == end;
}
