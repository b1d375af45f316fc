/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hash.c: SHA-256 and the identity hash of a canonical key/value set.
 * The canonical text is what makes an id the same on every machine: keys
 * sorted bytewise, values with white space normalised. */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

struct pair {
	char *key, *val;
};

struct kp_canon {
	struct pair *p;
	size_t n, cap;
};

void
kp_sha256(const void *p, size_t n, unsigned char out[32])
{
	unsigned int len = 32;

	if (!EVP_Digest(p, n, out, &len, EVP_sha256(), NULL))
		kp_die_at(NULL, 0, 0, "SHA-256 failed");
}

void
kp_hex(const unsigned char *p, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[p[i] >> 4];
		out[2 * i + 1] = digits[p[i] & 15];
	}
	out[2 * n] = '\0';
}

int
kp_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

kp_canon *
kp_canon_new(void)
{
	return ecalloc(1, sizeof(kp_canon));
}

static int
isspace_ascii(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* trim and fold inner runs of white space to one space */
static char *
normalise(const char *s)
{
	char *out = emalloc(strlen(s) + 1), *o = out;
	int space = 0;

	while (isspace_ascii((unsigned char)*s))
		s++;
	for (; *s; s++) {
		if (isspace_ascii((unsigned char)*s)) {
			space = 1;
			continue;
		}
		if (space)
			*o++ = ' ';
		space = 0;
		*o++ = *s;
	}
	*o = '\0';
	return out;
}

/* a key given twice keeps its last value */
void
kp_canon_add(kp_canon *c, const char *key, const char *val)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->p[i].key, key) == 0) {
			free(c->p[i].val);
			c->p[i].val = normalise(val);
			return;
		}
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->p = ereallocarray(c->p, c->cap, sizeof(*c->p));
	}
	c->p[c->n].key = estrdup(key);
	c->p[c->n].val = normalise(val);
	c->n++;
}

void
kp_canon_reset(kp_canon *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->p[i].key);
		free(c->p[i].val);
	}
	c->n = 0;
}

void
kp_canon_free(kp_canon *c)
{
	if (!c)
		return;
	kp_canon_reset(c);
	free(c->p);
	free(c);
}

static int
paircmp(const void *a, const void *b)
{
	return strcmp(((const struct pair *)a)->key, ((const struct pair *)b)->key);
}

static size_t
put(char *o, const char *s, int iskey)
{
	size_t n = 0;

	for (; *s; s++) {
		if (*s == '\\' || *s == '\n' || (iskey && *s == '=')) {
			if (o) {
				o[n] = '\\';
				o[n + 1] = *s == '\n' ? 'n' : *s;
			}
			n += 2;
		} else {
			if (o)
				o[n] = *s;
			n++;
		}
	}
	return n;
}

char *
kp_canon_text(kp_canon *c, size_t *len)
{
	size_t i, n = 0;
	char *t;

	qsort(c->p, c->n, sizeof(*c->p), paircmp);
	for (i = 0; i < c->n; i++)
		n += put(NULL, c->p[i].key, 1) + put(NULL, c->p[i].val, 0) + 2;
	t = emalloc(n + 1);
	n = 0;
	for (i = 0; i < c->n; i++) {
		n += put(t + n, c->p[i].key, 1);
		t[n++] = '=';
		n += put(t + n, c->p[i].val, 0);
		t[n++] = '\n';
	}
	t[n] = '\0';
	if (len)
		*len = n;
	return t;
}

void
kp_canon_hash(kp_canon *c, char out[17])
{
	unsigned char md[32];
	size_t n;
	char *t = kp_canon_text(c, &n);

	kp_sha256(t, n, md);
	free(t);
	kp_hex(md, 8, out);
}
