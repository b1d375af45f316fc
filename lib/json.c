/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.c: strict RFC 8259 reader for one NDJSON line, into a flat token
 * array.  One pass, no allocation per token: the token array and the
 * string arena grow geometrically and are reused from line to line. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "kp.h"

void
kp_json_init(kp_json *d)
{
	memset(d, 0, sizeof *d);
}

void
kp_json_free(kp_json *d)
{
	free(d->tok);
	free(d->arena);
	memset(d, 0, sizeof *d);
}

typedef struct {
	kp_json *d;
	const char *s, *end;
	char *err;
	size_t errsz;
	size_t *col;
} parser;

static int
fail(parser *ps, const char *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int
fail(parser *ps, const char *at, const char *fmt, ...)
{
	va_list ap;

	if (ps->err && ps->errsz) {
		va_start(ap, fmt);
		vsnprintf(ps->err, ps->errsz, fmt, ap);
		va_end(ap);
	}
	if (ps->col)
		*ps->col = at - ps->s + 1;
	return -1;
}

/* a printable description of the byte at p, for messages */
static const char *
what(const char *p, const char *end, char *buf, size_t n)
{
	unsigned char c;

	if (p >= end)
		return "end of line";
	c = *p;
	if (c >= 0x21 && c < 0x7f)
		snprintf(buf, n, "'%c'", c);
	else
		snprintf(buf, n, "byte 0x%02x", c);
	return buf;
}

static void __attribute__((noinline))
growtok(kp_json *d)
{
	d->cap = d->cap ? d->cap * 2 : 64;
	d->tok = ereallocarray(d->tok, d->cap, sizeof *d->tok);
}

static inline uint32_t
newtok(kp_json *d, int type, const char *at, const char *base)
{
	kp_jtok *t;

	if (__builtin_expect(d->ntok == d->cap, 0))
		growtok(d);
	t = &d->tok[d->ntok];
	t->type = type;
	t->esc = 0;
	t->off = at - base;
	t->len = 0;
	t->next = d->ntok + 1;
	t->n = 0;
	t->dec = 0;
	return d->ntok++;
}

/* four hex digits at p (p + 4 <= end checked by the caller) */
static long
hex4(const char *p)
{
	int a = kp_hexval((unsigned char)p[0]), b = kp_hexval((unsigned char)p[1]);
	int c = kp_hexval((unsigned char)p[2]), e = kp_hexval((unsigned char)p[3]);

	if ((a | b | c | e) < 0)
		return -1;
	return a << 12 | b << 8 | c << 4 | e;
}

/* length of the well-formed UTF-8 sequence at p (first byte >= 0x80),
 * or 0 (Unicode 15, table 3-7: no overlongs, surrogates or > U+10FFFF) */
static int
utf8len(const unsigned char *p, const unsigned char *end)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xbf;
	int n, i;

	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else
		return 0;
	if (end - p < n || p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

int
kp_utf8_len(const unsigned char *p, const unsigned char *end)
{
	return utf8len(p, end);
}

/* the first byte at or after p that a string cannot hold as it is: '"',
 * '\\', a control character or a byte >= 0x80 (the start of UTF-8 to
 * check); end if none.  16 bytes at a time: a signed compare with 0x20
 * catches both control characters and bytes >= 0x80. */
const char *
kp_json_special(const char *p, const char *end)
{
	unsigned char c;

#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"');
	const __m128i bslash = _mm_set1_epi8('\\');
	const __m128i space = _mm_set1_epi8(0x20);

	while (end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)p);
		int mask = _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(
			_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)),
			_mm_cmplt_epi8(v, space)));

		if (mask)
			return p + __builtin_ctz(mask);
		p += 16;
	}
#endif
	for (; p < end; p++) {
		c = *p;
		if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
			return p;
	}
	return end;
}

/* the string whose opening quote is at p[-1]; returns the closing quote */
static const char *
scan_string(parser *ps, const char *p, kp_jtok *t)
{
	const char *end = ps->end, *q;
	unsigned char c;
	long u, v;
	int n;

	for (;;) {
		p = kp_json_special(p, end);
		if (p == end) {
			fail(ps, p, "unterminated string, expected '\"' before the end of line");
			return NULL;
		}
		c = *p;
		if (c == '"')
			return p;
		if (c < 0x20) {
			fail(ps, p, "control character U+%04X in a string, expected it escaped (\\u%04x)", c, c);
			return NULL;
		}
		if (c >= 0x80) {
			n = utf8len((const unsigned char *)p, (const unsigned char *)end);
			if (!n) {
				fail(ps, p, "invalid UTF-8 (byte 0x%02x) in a string, expected well-formed UTF-8", c);
				return NULL;
			}
			p += n;
			continue;
		}
		/* backslash */
		t->esc = 1;
		q = p;
		if (++p == end) {
			fail(ps, q, "unterminated escape, expected a character after '\\'");
			return NULL;
		}
		switch (*p) {
		case '"': case '\\': case '/': case 'b': case 'f':
		case 'n': case 'r': case 't':
			p++;
			continue;
		case 'u':
			break;
		default:
			fail(ps, q, "invalid escape '\\%c', expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
				*p >= 0x21 && *p < 0x7f ? *p : '?');
			return NULL;
		}
		if (end - p < 5 || (u = hex4(p + 1)) < 0) {
			fail(ps, q, "invalid \\u escape, expected four hex digits");
			return NULL;
		}
		p += 5;
		if (u == 0) {	/* kp reads a string as a C string: it would end there */
			fail(ps, q, "\\u0000 (NUL) in a string, expected text without NUL");
			return NULL;
		}
		if (u >= 0xdc00 && u <= 0xdfff) {
			fail(ps, q, "lone low surrogate \\u%04lx, expected a high surrogate before it", u);
			return NULL;
		}
		if (u >= 0xd800 && u <= 0xdbff) {
			if (end - p < 6 || p[0] != '\\' || p[1] != 'u' ||
			    (v = hex4(p + 2)) < 0xdc00 || v > 0xdfff) {
				fail(ps, q, "lone high surrogate \\u%04lx, expected a low surrogate \\uDC00-\\uDFFF after it", u);
				return NULL;
			}
			p += 6;
		}
	}
}

/* the number at p; returns the first byte after it */
static const char *
scan_number(parser *ps, const char *p)
{
	const char *end = ps->end, *s = p;

	if (*p == '-')
		p++;
	if (p == end || *p < '0' || *p > '9') {
		if (p < end && (*p == 'I' || *p == 'i'))
			fail(ps, s, "-Infinity is not JSON, expected a finite number");
		else
			fail(ps, p, "expected a digit after '-'");
		return NULL;
	}
	if (*p == '0') {
		p++;
		if (p < end && *p >= '0' && *p <= '9') {
			fail(ps, p - 1, "leading zero in a number, expected a digit 1-9 first (or 0 alone)");
			return NULL;
		}
	} else {
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
	if (p < end && *p == '.') {
		p++;
		if (p == end || *p < '0' || *p > '9') {
			fail(ps, p, "expected a digit after the decimal point");
			return NULL;
		}
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (p == end || *p < '0' || *p > '9') {
			fail(ps, p, "expected a digit in the exponent");
			return NULL;
		}
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
	return p;
}

#define SKIPWS(p, end) \
	while ((p) < (end) && (*(p) == ' ' || *(p) == '\t' || *(p) == '\n' || *(p) == '\r')) \
		(p)++

/* a member name: its raw text when it has no escape, else decoded */
struct name {
	const char *s;
	size_t n;
	uint32_t k;
};

static struct name
name_of(kp_json *d, uint32_t k)
{
	struct name m = { d->text + d->tok[k].off, d->tok[k].len, k };

	if (d->tok[k].esc)
		m.s = kp_json_strn(d, (int)k, &m.n);
	return m;
}

/* RFC 8259 says the names of an object should be unique, and readers
 * differ on which of two wins (kp took the first, jq the last): a record
 * with one name twice could mean two things, so it is refused.  Names go
 * into a small open-addressing table (FNV-1a), on the stack for the
 * objects of a record, so the check costs little on the reader's path. */
static int dup_name(parser *ps, uint32_t dup);

/* a hash of a name without an escape from its length and at most its
 * first and last 8 bytes: two loads, where FNV-1a over every byte was
 * most of the check's time; names that differ only in the middle of
 * long ones share a slot, and the compare of the bytes tells them apart */
static inline uint32_t
rawhash(const char *s, uint32_t n)
{
	uint64_t a = 0, b = 0;
	uint32_t x, y;

	if (n >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
	} else if (n >= 4) {	/* fixed sizes, not a call of memcpy */
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		a = (uint64_t)x << 32 | y;
	} else if (n)
		a = (unsigned char)s[0] | (unsigned char)s[n / 2] << 8 |
		    (uint32_t)(unsigned char)s[n - 1] << 16;
	return (uint32_t)((a * 0x9e3779b97f4a7c15u ^ (b + n) * 0xc2b2ae3d27d4eb4fu) >> 32);
}

/* The check of an object of up to 128 members whose names have no
 * escape (every object kp writes): a table of token indexes, 4 bytes a
 * slot, the names compared in the line.  1 when a name has an escape,
 * which unique_names then checks by its decoded text. */
static int
unique_raw(parser *ps, uint32_t obj, uint32_t n, int *ret)
{
	const kp_json *d = ps->d;
	const kp_jtok *t = d->tok;
	uint32_t v[256], i, k, h, j, cap;

	for (cap = 8; cap < 2 * n; cap *= 2)
		;
	memset(v, 0, cap * sizeof(*v));
	for (i = 0, k = obj + 1; i < n; i++, k = t[k + 1].next) {
		if (t[k].esc)
			return 1;
		h = rawhash(d->text + t[k].off, t[k].len) & (cap - 1);
		for (; (j = v[h]) != 0; h = (h + 1) & (cap - 1))
			if (t[j].len == t[k].len && memcmp(d->text + t[j].off,
			    d->text + t[k].off, t[k].len) == 0) {
				*ret = dup_name(ps, k);
				return 0;
			}
		v[h] = k;	/* k > obj >= 0: 0 is a free slot */
	}
	*ret = 0;
	return 0;
}

static int
unique_names(parser *ps, uint32_t obj)
{
	kp_json *d = ps->d;
	uint32_t n = d->tok[obj].n, i, k, h, cap, dup = 0;
	struct name small[256], *v = small, m;
	size_t c;
	int ret;

	if (n < 2)
		return 0;
	if (n <= 128 && unique_raw(ps, obj, n, &ret) == 0)
		return ret;
	/* only the slots used are cleared, and an object of up to 128
	 * members takes none from the heap: a table of 64 cleared for every
	 * object, and one allocated for every stat record (42 members), were
	 * a tenth of kp-compare's time */
	for (cap = 8; cap < 2 * n; cap *= 2)
		;
	if (cap > KP_LEN(small))
		v = ecalloc(cap, sizeof(*v));
	else
		memset(small, 0, cap * sizeof(*v));
	for (i = 0, k = obj + 1; i < n && !dup; i++, k = d->tok[k + 1].next) {
		m = name_of(d, k);
		for (h = 2166136261u, c = 0; c < m.n; c++)
			h = (h ^ (unsigned char)m.s[c]) * 16777619u;
		for (h &= cap - 1; v[h].s; h = (h + 1) & (cap - 1))
			if (v[h].n == m.n && memcmp(v[h].s, m.s, m.n) == 0) {
				dup = k;
				break;
			}
		v[h] = m;
	}
	if (v != small)
		free(v);
	if (!dup)
		return 0;
	return dup_name(ps, dup);
}

/* the refusal of the name at token dup, seen before in its object */
static int
dup_name(parser *ps, uint32_t dup)
{
	const kp_json *d = ps->d;

	return fail(ps, d->text + d->tok[dup].off - 1, "a second member \"%.*s\", "
	    "expected each name once", (int)d->tok[dup].len, d->text + d->tok[dup].off);
}

int
kp_json_parse(kp_json *d, const char *text, size_t len,
	char *err, size_t errsz, size_t *col)
{
	parser ps = { d, text, text + len, err, errsz, col };
	const char *p = text, *end = text + len, *q;
	uint32_t stack[KP_JSON_MAXDEPTH];
	int depth = 0;
	uint32_t i, top;
	char wb[16];

	d->text = text;
	d->len = len;
	d->ntok = 0;
	d->arenalen = 0;
	if (err && errsz)
		err[0] = '\0';
	if (col)
		*col = 0;
	if (len > UINT32_MAX - 1)
		return fail(&ps, p, "line longer than 4 GiB, expected a shorter record");
	/* decoded strings are never longer than their raw text, so an arena
	 * of len + 1 bytes holds them all and never moves while in use */
	if (d->arenacap < len + 1) {
		free(d->arena);
		d->arenacap = len + 1 > 4096 ? len + 1 : 4096;
		d->arena = emalloc(d->arenacap);
	}

	SKIPWS(p, end);
	if (p == end)
		return fail(&ps, p, "empty line, expected an object");
	if (*p != '{') {
		if (*p == '[')
			return fail(&ps, p, "top-level value is an array, expected an object");
		return fail(&ps, p, "unexpected %s at the top level, expected an object '{'",
			what(p, end, wb, sizeof wb));
	}

value:
	SKIPWS(p, end);
	if (p == end)
		return fail(&ps, p, "unexpected end of line, expected a value");
	switch (*p) {
	case '{':
	case '[':
		if (depth == KP_JSON_MAXDEPTH)
			return fail(&ps, p, "nesting deeper than %d, expected at most %d levels",
				KP_JSON_MAXDEPTH, KP_JSON_MAXDEPTH);
		i = newtok(d, *p == '{' ? KP_JOBJ : KP_JARR, p, text);
		stack[depth++] = i;
		p++;
		SKIPWS(p, end);
		if (p < end && (*p == '}' || *p == ']')) {
			if ((*p == '}') != (d->tok[i].type == KP_JOBJ))
				return fail(&ps, p, "unexpected '%c', expected '%c'",
					*p, d->tok[i].type == KP_JOBJ ? '}' : ']');
			goto close;
		}
		if (d->tok[i].type == KP_JOBJ)
			goto key;
		goto value;
	case '"':
		i = newtok(d, KP_JSTR, p + 1, text);
		q = scan_string(&ps, p + 1, &d->tok[i]);
		if (!q)
			return -1;
		d->tok[i].len = q - (p + 1);
		p = q + 1;
		break;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		i = newtok(d, KP_JNUM, p, text);
		q = scan_number(&ps, p);
		if (!q)
			return -1;
		d->tok[i].len = q - p;
		p = q;
		break;
	case 't':
		if (end - p < 4 || memcmp(p, "true", 4) != 0)
			goto badlit;
		i = newtok(d, KP_JTRUE, p, text);
		d->tok[i].len = 4;
		p += 4;
		break;
	case 'f':
		if (end - p < 5 || memcmp(p, "false", 5) != 0)
			goto badlit;
		i = newtok(d, KP_JFALSE, p, text);
		d->tok[i].len = 5;
		p += 5;
		break;
	case 'n':
		if (end - p < 4 || memcmp(p, "null", 4) != 0)
			goto badlit;
		i = newtok(d, KP_JNULL, p, text);
		d->tok[i].len = 4;
		p += 4;
		break;
	case 'N':
	case 'I':
		return fail(&ps, p, "NaN and Infinity are not JSON, expected a finite number or null");
	default:
		return fail(&ps, p, "unexpected %s, expected a value (object, array, string, number, true, false or null)",
			what(p, end, wb, sizeof wb));
	}

after:
	/* a value has ended; depth > 0 here */
	top = stack[depth - 1];
	d->tok[top].n++;
	SKIPWS(p, end);
	if (p == end)
		return fail(&ps, p, "unexpected end of line, expected ',' or '%c'",
			d->tok[top].type == KP_JOBJ ? '}' : ']');
	if (*p == ',') {
		p++;
		if (d->tok[top].type == KP_JOBJ)
			goto key;
		SKIPWS(p, end);
		if (p < end && *p == ']')
			return fail(&ps, p, "trailing comma before ']', expected a value");
		goto value;
	}
	if (*p == (d->tok[top].type == KP_JOBJ ? '}' : ']'))
		goto close;
	return fail(&ps, p, "unexpected %s after a value, expected ',' or '%c'",
		what(p, end, wb, sizeof wb), d->tok[top].type == KP_JOBJ ? '}' : ']');

close:
	/* *p closes the container at the top of the stack */
	top = stack[--depth];
	d->tok[top].next = d->ntok;
	d->tok[top].len = p + 1 - (text + d->tok[top].off);
	if (d->tok[top].type == KP_JOBJ && unique_names(&ps, top) != 0)
		return -1;
	p++;
	if (depth)
		goto after;
	SKIPWS(p, end);
	if (p != end)
		return fail(&ps, p, "unexpected %s after the object, expected the end of the line (one object per line)",
			what(p, end, wb, sizeof wb));
	return 0;

key:
	SKIPWS(p, end);
	if (p == end)
		return fail(&ps, p, "unexpected end of line, expected a member name");
	if (*p != '"') {
		if (*p == '}')
			return fail(&ps, p, "trailing comma before '}', expected a member name");
		return fail(&ps, p, "unexpected %s, expected a member name in double quotes",
			what(p, end, wb, sizeof wb));
	}
	i = newtok(d, KP_JSTR, p + 1, text);
	q = scan_string(&ps, p + 1, &d->tok[i]);
	if (!q)
		return -1;
	d->tok[i].len = q - (p + 1);
	p = q + 1;
	SKIPWS(p, end);
	if (p == end || *p != ':')
		return fail(&ps, p, "unexpected %s after a member name, expected ':'",
			what(p, end, wb, sizeof wb));
	p++;
	goto value;

badlit:
	return fail(&ps, p, "unexpected %s, expected a value (object, array, string, number, true, false or null)",
		what(p, end, wb, sizeof wb));
}

int
kp_json_get(const kp_json *d, int obj, const char *key)
{
	const kp_jtok *t = d->tok;
	size_t klen;
	uint32_t i;

	if (obj < 0 || (uint32_t)obj >= d->ntok || t[obj].type != KP_JOBJ)
		return -1;
	klen = strlen(key);
	for (i = obj + 1; i < t[obj].next; i = t[i + 1].next) {
		if (!t[i].esc) {
			if (t[i].len == klen && memcmp(d->text + t[i].off, key, klen) == 0)
				return i + 1;
		} else if (kp_json_streq(d, i, key)) {
			return i + 1;
		}
	}
	return -1;
}

int
kp_json_first(const kp_json *d, int i)
{
	if (i < 0 || (uint32_t)i >= d->ntok)
		return -1;
	if ((d->tok[i].type == KP_JOBJ || d->tok[i].type == KP_JARR) && d->tok[i].n)
		return i + 1;
	return -1;
}

/* put the UTF-8 encoding of code point u at o */
static char *
put_utf8(char *o, long u)
{
	if (u < 0x80) {
		*o++ = u;
	} else if (u < 0x800) {
		*o++ = 0xc0 | u >> 6;
		*o++ = 0x80 | (u & 0x3f);
	} else if (u < 0x10000) {
		*o++ = 0xe0 | u >> 12;
		*o++ = 0x80 | (u >> 6 & 0x3f);
		*o++ = 0x80 | (u & 0x3f);
	} else {
		*o++ = 0xf0 | u >> 18;
		*o++ = 0x80 | (u >> 12 & 0x3f);
		*o++ = 0x80 | (u >> 6 & 0x3f);
		*o++ = 0x80 | (u & 0x3f);
	}
	return o;
}

const char *
kp_json_str(kp_json *d, int i)
{
	kp_jtok *t;
	const char *p, *end;
	char *o, *start;
	long u, v;

	if (i < 0 || (uint32_t)i >= d->ntok || d->tok[i].type != KP_JSTR)
		return NULL;
	t = &d->tok[i];
	if (t->dec)
		return d->arena + t->dec - 1;
	/* the parser checked every escape, so decoding cannot fail */
	start = o = d->arena + d->arenalen;
	p = d->text + t->off;
	end = p + t->len;
	if (!t->esc) {
		memcpy(o, p, t->len);
		o += t->len;
	} else {
		while (p < end) {
			if (*p != '\\') {
				*o++ = *p++;
				continue;
			}
			p++;
			switch (*p++) {
			case 'b': *o++ = '\b'; break;
			case 'f': *o++ = '\f'; break;
			case 'n': *o++ = '\n'; break;
			case 'r': *o++ = '\r'; break;
			case 't': *o++ = '\t'; break;
			case 'u':
				u = hex4(p);
				p += 4;
				if (u >= 0xd800 && u <= 0xdbff) {
					v = hex4(p + 2);
					p += 6;
					u = 0x10000 + ((u - 0xd800) << 10) + (v - 0xdc00);
				}
				o = put_utf8(o, u);
				break;
			default: *o++ = p[-1]; break;
			}
		}
	}
	*o++ = '\0';
	t->dec = d->arenalen + 1;
	d->arenalen = o - d->arena;
	return start;
}

const char *
kp_json_strn(kp_json *d, int i, size_t *len)
{
	const char *s = kp_json_str(d, i), *p, *end;
	size_t n = 0;
	long u;

	if (!s)
		return NULL;
	if (!d->tok[i].esc) {
		*len = d->tok[i].len;
		return s;
	}
	/* count the decoded bytes again rather than store a length per token */
	p = d->text + d->tok[i].off;
	end = p + d->tok[i].len;
	while (p < end) {
		if (*p != '\\') {
			p++;
			n++;
		} else if (p[1] != 'u') {
			p += 2;
			n++;
		} else {
			u = hex4(p + 2);
			p += 6;
			if (u >= 0xd800 && u <= 0xdbff) {
				p += 6;
				n += 4;
			} else {
				n += u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
			}
		}
	}
	*len = n;
	return s;
}

int
kp_json_streq(const kp_json *d, int i, const char *s)
{
	const kp_jtok *t;
	const char *dec;

	if (i < 0 || (uint32_t)i >= d->ntok || d->tok[i].type != KP_JSTR)
		return 0;
	t = &d->tok[i];
	if (!t->esc)
		return strlen(s) == t->len && memcmp(d->text + t->off, s, t->len) == 0;
	/* Decoding only fills the document's arena and its cache, state the
	 * document owns for as long as the parse; documents are never
	 * defined const, so the cast is sound. */
	dec = kp_json_str((kp_json *)d, i);
	return strcmp(dec, s) == 0;
}

int
kp_json_num(const kp_json *d, int i, double *out)
{
	if (i < 0 || (uint32_t)i >= d->ntok || d->tok[i].type != KP_JNUM)
		return -1;
	return kp_parse_num(d->text + d->tok[i].off, d->tok[i].len, out);
}

int
kp_json_int(const kp_json *d, int i, long long *out)
{
	const char *p, *end;
	unsigned long long u = 0, lim;
	int neg = 0;
	double x;

	if (i < 0 || (uint32_t)i >= d->ntok || d->tok[i].type != KP_JNUM)
		return -1;
	p = d->text + d->tok[i].off;
	end = p + d->tok[i].len;
	if (memchr(p, '.', end - p) || memchr(p, 'e', end - p) || memchr(p, 'E', end - p)) {
		/* 2.0 or 1e3: an integer if exactly representable */
		if (kp_parse_num(p, end - p, &x) < 0 ||
		    !(x >= -9007199254740992.0 && x <= 9007199254740992.0) ||
		    x != (double)(long long)x)
			return -1;
		*out = (long long)x;
		return 0;
	}
	if (*p == '-') {
		neg = 1;
		p++;
	}
	lim = neg ? (unsigned long long)INT64_MAX + 1 : (unsigned long long)INT64_MAX;
	for (; p < end; p++) {
		if (u > (lim - (*p - '0')) / 10)
			return -1;
		u = u * 10 + (*p - '0');
	}
	*out = neg ? (long long)(0 - u) : (long long)u;
	return 0;
}

const char *
kp_json_raw(const kp_json *d, int i, size_t *len)
{
	const kp_jtok *t;

	if (i < 0 || (uint32_t)i >= d->ntok)
		return NULL;
	t = &d->tok[i];
	if (t->type == KP_JSTR) {
		*len = t->len + 2;
		return d->text + t->off - 1;
	}
	*len = t->len;
	return d->text + t->off;
}
