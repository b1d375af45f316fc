/* SPDX-License-Identifier: GPL-2.0-or-later */
/* origin.c: the origin of a URL (scheme, host, port), as the web's
 * same-origin rule compares them, and the credential that belongs to one.
 *
 * A source's token goes only to the origin the user named: a link that a
 * server hands out can point anywhere, and a listing's next page or an
 * artifact's download_url on another host must never carry it.  The URL
 * is taken apart by libcurl, the parser that will connect to it, so that
 * what is compared is what is dialled: the scheme and host in lowercase,
 * the port made explicit (80, 443), user information ignored. */
#include <curl/curl.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kp.h"
#include "fetch.h"

char *
origin_of(const char *url)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *host = NULL, *port = NULL, *o = NULL, *c;

	if (!u)
		kp_die("out of memory");
	if (curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK) {
		if (asprintf(&o, "%s://%s:%s", scheme, host, port) < 0)
			kp_die("out of memory");
		for (c = o; *c; c++)
			*c = (char)tolower((unsigned char)*c);
	}
	curl_free(scheme);
	curl_free(host);
	curl_free(port);
	curl_url_cleanup(u);
	return o;
}

/* url without its user information when it has some ("user:pass@",
 * "user@"), for a message that must not repeat a password; NULL when it
 * has none.  libcurl's parser says, as for the origin. */
char *
url_userinfo_cut(const char *url)
{
	CURLU *u = curl_url();
	char *user = NULL, *pass = NULL, *out = NULL, *s = NULL;

	if (!u)
		kp_die("out of memory");
	if (curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK) {
		curl_url_get(u, CURLUPART_USER, &user, 0);
		curl_url_get(u, CURLUPART_PASSWORD, &pass, 0);
	}
	if ((user || pass) && curl_url_set(u, CURLUPART_USER, NULL, 0) == CURLUE_OK &&
	    curl_url_set(u, CURLUPART_PASSWORD, NULL, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_URL, &s, 0) == CURLUE_OK)
		out = estrdup(s);
	else if (user || pass)
		out = estrdup("the URL");
	if (pass)
		explicit_bzero(pass, strlen(pass));
	curl_free(user);
	curl_free(pass);
	curl_free(s);
	curl_url_cleanup(u);
	return out;
}

/* The query parameters that sign a URL (an S3 or GCS presigned URL, a
 * token=, an Azure sig=): a credential for whoever reads the URL, in a
 * record, the store's index, a report's src or a message.  p is the
 * start of a parameter: 1 when its name is one.  The API keys and
 * passwords some servers take in a query are as secret. */
static int
signs(const char *p)
{
	static const char *const v[] = { "x-amz-", "x-goog-", "signature=",
		"sig=", "token=", "credential=", "access_token=",
		"private_token=", "key=", "api_key=", "apikey=", "password=",
		"secret=", NULL };
	const char *const *s;

	for (s = v; *s; s++)
		if (strncasecmp(p, *s, strlen(*s)) == 0)
			return 1;
	return 0;
}

const char *
url_signed(const char *url)
{
	const char *q = strchr(url, '?'), *p;

	if (q)
		for (p = q + 1; *p; p += strcspn(p, "&") + (p[strcspn(p, "&")] != 0))
			if (signs(p))
				return q;
	return NULL;
}

/* Every signing parameter's value in s (the query of each URL it holds)
 * as REDACTED; a parameter's name and the rest stay, to say which URL it
 * was.  A value ends where a URL's query does in a message: at '&', '#',
 * a quote, an angle bracket or white space. */
char *
url_redact(const char *s)
{
	char *buf = NULL, *r;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		kp_die("out of memory");
	while (*s) {
		fputc(*s, fp);
		if ((*s == '?' || *s == '&') && signs(s + 1) &&
		    (r = strpbrk(s + 1, "=&#\"'<> \t\r\n")) && *r == '=') {
			fwrite(s + 1, 1, (size_t)(r + 1 - (s + 1)), fp);
			fputs("REDACTED", fp);
			s = r + 1 + strcspn(r + 1, "&#\"'<> \t\r\n");
			continue;
		}
		s++;
	}
	if (fclose(fp) != 0)
		kp_die("out of memory");
	return buf;
}

int
same_origin(const char *url, const char *origin)
{
	char *o;
	int same;

	if (!origin)
		return 0;
	o = origin_of(url);
	same = o && strcmp(o, origin) == 0;
	free(o);
	return same;
}

void
cred_set(struct cred *c, const char *url, const char *hdrname,
    const char *scheme, const char *token)
{
	memset(c, 0, sizeof(*c));
	if (!token || !*token)
		return;
	if (!(c->origin = origin_of(url)))
		return;
	if (asprintf(&c->hdr, "%s: %s%s", hdrname, scheme, token) < 0)
		kp_die("out of memory");
}

void
cred_free(struct cred *c)
{
	if (c->hdr) {
		explicit_bzero(c->hdr, strlen(c->hdr));
		free(c->hdr);
	}
	free(c->origin);
	memset(c, 0, sizeof(*c));
}

const char *
cred_for(const struct cred *c, const char *url)
{
	return c && c->hdr && same_origin(url, c->origin) ? c->hdr : NULL;
}
