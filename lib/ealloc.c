/* ealloc.c: allocation that dies with a message instead of failing, so
 * every call site stays one line. */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

void *
emalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		err(KP_EXIT_BAD, "malloc %zu bytes", n);
	return p;
}

void *
ecalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		err(KP_EXIT_BAD, "calloc %zu x %zu bytes", nmemb, size);
	return p;
}

void *
erealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		err(KP_EXIT_BAD, "realloc %zu bytes", n);
	return p;
}

void *
ereallocarray(void *p, size_t nmemb, size_t size)
{
	if (!(p = reallocarray(p, nmemb ? nmemb : 1, size ? size : 1)))
		err(KP_EXIT_BAD, "reallocarray %zu x %zu bytes", nmemb, size);
	return p;
}

char *
estrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		err(KP_EXIT_BAD, "strdup");
	return p;
}

char *
estrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		err(KP_EXIT_BAD, "strndup");
	return p;
}
