/* SPDX-License-Identifier: GPL-2.0-or-later */
/* html.c: the links of a directory index page (python -m http.server,
 * nginx autoindex, Apache), resolved against the page's URL.  No
 * network and no store here: the crawl in http.c decides what to follow,
 * and the fuzzer can drive this file alone. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kp.h"
#include "fetch.h"

/* %XX decoded; NULL when that yields a NUL byte */
char *
html_unescape(const char *s)
{
	char *r = emalloc(strlen(s) + 1), *o = r;
	int a, b;

	for (; *s; s++) {
		if (*s == '%' && (a = kp_hexval(s[1])) >= 0 && (b = kp_hexval(s[2])) >= 0) {
			if (!(*o++ = (char)(a * 16 + b))) {
				free(r);
				return NULL;
			}
			s += 2;
		} else
			*o++ = *s;
	}
	*o = '\0';
	return r;
}

static void
dotsegments(char *path)
{
	char *in = path, *o = path;

	while (*in) {
		size_t len = strcspn(in, "/");
		int slash = in[len] == '/';

		if (len == 1 && in[0] == '.') {
			;
		} else if (len == 2 && in[0] == '.' && in[1] == '.') {
			if (o > path + 1)
				for (o--; o > path && o[-1] != '/'; o--)
					;
		} else {
			memmove(o, in, len);
			o += len;
			if (slash)
				*o++ = '/';
		}
		in += len + slash;
		if (slash && len == 0 && o == path)
			*o++ = '/';
	}
	*o = '\0';
}

/* href resolved against the page's URL, or NULL when it is no link to
 * follow (a query, a fragment, another scheme); caller frees */
static char *
resolve(const char *page, const char *href)
{
	const char *auth, *pathstart;
	char *r, *p;
	size_t n;
	int scheme;

	if (!*href || *href == '?' || *href == '#')
		return NULL;
	/* RFC 3986: a reference that starts with a scheme is absolute,
	 * whatever follows the colon ("javascript:alert(1)" has no '/') */
	n = strspn(href, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789+-.");
	scheme = n > 0 && href[n] == ':' && isalpha((unsigned char)href[0]);
	if (scheme) {
		if (!((n == 4 && strncasecmp(href, "http", 4) == 0) ||
		    (n == 5 && strncasecmp(href, "https", 5) == 0)) ||
		    strncmp(href + n, "://", 3) != 0)
			return NULL;	/* mailto:, javascript:, data:, ... */
	}
	auth = strstr(page, "://") + 3;
	pathstart = auth + strcspn(auth, "/");
	if (scheme)
		r = estrdup(href);
	else if (href[0] == '/' && href[1] == '/') {
		n = (size_t)(strstr(page, "://") - page) + 1;
		r = emalloc(n + strlen(href) + 1);
		memcpy(r, page, n);
		strcpy(r + n, href);
	} else if (href[0] == '/') {
		n = (size_t)(pathstart - page);
		r = emalloc(n + strlen(href) + 1);
		memcpy(r, page, n);
		strcpy(r + n, href);
	} else {
		n = (size_t)(strrchr(pathstart, '/') ? strrchr(pathstart, '/') + 1 - page :
		    pathstart - page);
		r = emalloc(n + strlen(href) + 2);
		memcpy(r, page, n);
		if (r[n - 1] != '/')
			r[n++] = '/';
		strcpy(r + n, href);
	}
	r[strcspn(r, "?#")] = '\0';
	if (!(p = strstr(r, "://"))) {
		free(r);
		return NULL;
	}
	p += 3;
	p += strcspn(p, "/");
	if (*p)
		dotsegments(p);
	return r;
}

static void
entities(char *s)
{
	static const struct { const char *e; char c; } tab[] = {
		{ "&amp;", '&' }, { "&quot;", '"' }, { "&#39;", '\'' },
		{ "&#x27;", '\'' }, { "&lt;", '<' }, { "&gt;", '>' },
	};
	char *o = s;
	size_t i;

	while (*s) {
		for (i = 0; i < KP_LEN(tab); i++)
			if (strncmp(s, tab[i].e, strlen(tab[i].e)) == 0)
				break;
		if (i < KP_LEN(tab)) {
			*o++ = tab[i].c;
			s += strlen(tab[i].e);
		} else
			*o++ = *s++;
	}
	*o = '\0';
}

void
html_links(const char *pageurl, char *page, void (*fn)(void *, char *), void *arg)
{
	char *p = page, *v, *url;
	size_t n;
	char q;

	while ((p = strcasestr(p, "href"))) {
		p += 4;
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p != '=')
			continue;
		p++;
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p == '"' || *p == '\'') {
			q = *p++;
			n = strcspn(p, q == '"' ? "\"" : "'");
		} else
			n = strcspn(p, " \t\r\n>");
		v = estrndup(p, n);
		p += n;
		entities(v);
		url = resolve(pageurl, v);
		free(v);
		if (url)
			fn(arg, url);
	}
}
