/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fetch-html.c: kp-fetch's reading of an HTML directory index.  Every
 * link it returns must be an absolute http(s) URL without a query, a
 * fragment or a dot segment (http.c then keeps those below the start);
 * a javascript: or mailto: href is no link. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../tools/kp-fetch/fetch.h"
#include "fuzz.h"

void html_links(const char *pageurl, char *page, void (*fn)(void *, char *), void *arg);

static const char page[] = "http://example.org/log/run/";

static void
link(void *arg, char *url)
{
	const char *path;
	size_t n;

	(void)arg;
	if (strncasecmp(url, "http://", 7) != 0 && strncasecmp(url, "https://", 8) != 0)
		fz_fail("not an http(s) URL: %s", url);
	if (strpbrk(url, "?#"))
		fz_fail("a query or fragment kept: %s", url);
	path = strstr(url, "://") + 3;
	path += strcspn(path, "/");
	n = strlen(path);
	if (strstr(path, "/../") || strstr(path, "/./") ||
	    (n >= 3 && strcmp(path + n - 3, "/..") == 0) ||
	    (n >= 2 && strcmp(path + n - 2, "/.") == 0))
		fz_fail("a dot segment left: %s", url);
	free(url);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	memcpy(s, data, size);
	s[size] = '\0';
	html_links(page, s, link, NULL);
	free(s);
	return 0;
}
