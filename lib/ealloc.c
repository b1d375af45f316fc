/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ealloc.c: allocation that dies with a message instead of failing, so
 * every call site stays one line. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

void *
emalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		kp_die("malloc %zu bytes: %s", n, strerror(errno));
	return p;
}

void *
ecalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		kp_die("calloc %zu x %zu bytes: %s", nmemb, size, strerror(errno));
	return p;
}

void *
erealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		kp_die("realloc %zu bytes: %s", n, strerror(errno));
	return p;
}

void *
ereallocarray(void *p, size_t nmemb, size_t size)
{
	if (!(p = reallocarray(p, nmemb ? nmemb : 1, size ? size : 1)))
		kp_die("reallocarray %zu x %zu bytes: %s", nmemb, size, strerror(errno));
	return p;
}

char *
estrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		kp_die("strdup: %s", strerror(errno));
	return p;
}

char *
estrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		kp_die("strndup: %s", strerror(errno));
	return p;
}

void *
kp_grow(void *p, size_t n, size_t size)
{
	if (n & (n - 1))
		return p;
	return ereallocarray(p, n ? 2 * n : 1, size);
}

void *
kp_reserve(void *p, size_t *cap, size_t need)
{
	size_t c = *cap ? *cap : 64;

	if (need <= *cap)
		return p;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			kp_die("out of memory: a buffer of %zu bytes", need);
		c *= 2;
	}
	*cap = c;
	return erealloc(p, c);
}
