/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statline.c: a stat line as kp-stats lays it out, read without the JSON
 * reader, as sampleline.c reads samples: the reader's tokens and the
 * lookup of every name were half of kp-compare's reading.
 *
 * The line is taken only when the JSON reader parses it without a word:
 * {"type":"stat","scope":"group", then members named as fields of
 * kp_stat_t, each after the one before in the table (so none twice), and
 * nothing else.  A value is a string of ASCII with no control character
 * or backslash, a JSON number, true, false, null, or an array or object
 * of such values nested at most DEPTH deep, an object of at most MAXKEY
 * members with none twice.  No white space, no escape.  Anything else,
 * valid or not, is left to the JSON reader, which says what is wrong
 * with it.  What a value means (a number in range, a field's type) is
 * the caller's to check. */
#include <string.h>

#include "rec.h"
#include "jsonnum.h"
#include "statline.h"

enum { DEPTH = 8, MAXKEY = 16 };

/* a plain string's bytes at p (after its opening quote): the closing
 * quote, or NULL */
static const char *
plain(const char *p, const char *end)
{
	const char *q = kp_json_special(p, end);

	return q < end && *q == '"' ? q : NULL;
}

static int
word(const char *p, const char *end, const char *w, size_t n)
{
	return (size_t)(end - p) >= n && memcmp(p, w, n) == 0;
}

/* a value at p, depth levels in: its end, or NULL */
static const char *
value(const char *p, const char *end, int depth)
{
	const char *key[MAXKEY], *q;
	size_t klen[MAXKEY], n = 0, i;

	if (p == end)
		return NULL;
	switch (*p) {
	case '"':
		return (q = plain(p + 1, end)) ? q + 1 : NULL;
	case 't':
		return word(p, end, "true", 4) ? p + 4 : NULL;
	case 'f':
		return word(p, end, "false", 5) ? p + 5 : NULL;
	case 'n':
		return word(p, end, "null", 4) ? p + 4 : NULL;
	case '[':
		if (depth == DEPTH)
			return NULL;
		if (++p < end && *p == ']')
			return p + 1;
		for (;;) {
			/* most arrays are of numbers (obs): value()'s own
			 * case for one, without a call for each */
			if (p < end && (*p == '-' || (*p >= '0' && *p <= '9')))
				p = kp_json_number_end(p, end);
			else
				p = value(p, end, depth + 1);
			if (!p || p == end)
				return NULL;
			if (*p == ']')
				return p + 1;
			if (*p++ != ',')
				return NULL;
		}
	case '{':
		if (depth == DEPTH)
			return NULL;
		if (++p < end && *p == '}')
			return p + 1;
		for (;;) {
			if (p == end || *p != '"' || n == MAXKEY ||
			    !(q = plain(p + 1, end)))
				return NULL;
			key[n] = p + 1;
			klen[n] = (size_t)(q - p - 1);
			for (i = 0; i < n; i++)	/* the reader refuses a name twice */
				if (klen[i] == klen[n] &&
				    memcmp(key[i], key[n], klen[n]) == 0)
					return NULL;
			n++;
			p = q + 1;
			if (p == end || *p++ != ':' ||
			    !(p = value(p, end, depth + 1)) || p == end)
				return NULL;
			if (*p == '}')
				return p + 1;
			if (*p++ != ',')
				return NULL;
		}
	default:
		return kp_json_number_end(p, end);
	}
}

int
kp_stat_line(const char *line, size_t len, kp_sval *v)
{
	static const char head[] = "{\"type\":\"stat\",\"scope\":\"group\"";
	const char *p = line + sizeof(head) - 1, *end = line + len, *q;
	const kp_field *fl = kp_stat_t.f;
	int f = KP_STAT_SCOPE + 1, k;

	if (len < sizeof(head) || memcmp(line, head, sizeof(head) - 1) != 0 ||
	    line[len - 1] != '}')
		return 0;
	for (k = 0; k < KP_STAT_NF; k++)
		v[k].p = NULL;
	v[KP_STAT_SCOPE].p = line + sizeof(head) - 7;
	v[KP_STAT_SCOPE].len = 5;
	v[KP_STAT_SCOPE].str = 1;
	end--;	/* the '}' */
	while (p < end) {
		/* ,"name": with a name of the table after the last one */
		if (*p++ != ',' || p == end || *p++ != '"')
			return 0;
		for (; f < KP_STAT_NF; f++)
			if (end - p > fl[f].len && p[fl[f].len] == '"' &&
			    memcmp(p, fl[f].name, fl[f].len) == 0)
				break;
		if (f == KP_STAT_NF)
			return 0;
		p += fl[f].len + 1;
		if (p == end || *p++ != ':' || !(q = value(p, end, 1)))
			return 0;
		v[f].str = *p == '"';
		v[f].p = p + v[f].str;
		v[f].len = (size_t)(q - p) - 2 * (size_t)v[f].str;
		p = q;
		f++;
	}
	return p == end;
}
