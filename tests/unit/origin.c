/* SPDX-License-Identifier: GPL-2.0-or-later */
/* origin.c: kp-fetch's origins (tools/kp-fetch/origin.c), the rule that
 * a credential goes only to the origin its source named.  The default
 * ports are the case a test over a local server cannot reach (it would
 * need ports 80 and 443): https://h and https://h:443 are one origin,
 * http://h:80 and https://h:80 are two. */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "../../tools/kp-fetch/fetch.h"
#include "../tap.h"

static void
origin_is(const char *url, const char *want)
{
	char *o = origin_of(url);

	is_str(o, want, url);
	free(o);
}

int
main(void)
{
	static const struct { const char *a, *b; int same; } pairs[] = {
		{ "https://h/x", "https://h:443/y", 1 },
		{ "HTTPS://H.Example/", "https://h.example:443", 1 },
		{ "http://h/", "http://h:80/", 1 },
		{ "https://user:pw@h/", "https://h/", 1 },
		{ "https://h/", "http://h/", 0 },
		{ "https://h/", "https://h:8443/", 0 },
		{ "https://h:80/", "http://h:80/", 0 },
		{ "http://h:443/", "https://h/", 0 },
		{ "https://h/", "https://h.evil/", 0 },
		{ "https://h/", "https://evil/?https://h/", 0 },
		{ "https://h/", "https://h@evil/", 0 },
	};
	struct cred c;
	char *o;
	size_t i;

	origin_is("https://h", "https://h:443");
	origin_is("https://h:443/a/b?c", "https://h:443");
	origin_is("http://h", "http://h:80");
	origin_is("HTTP://H:8080/x", "http://h:8080");
	origin_is("https://u:p@h/", "https://h:443");
	origin_is("no url", NULL);
	for (i = 0; i < KP_LEN(pairs); i++) {
		o = origin_of(pairs[i].a);
		ok(same_origin(pairs[i].b, o) == pairs[i].same, "%s and %s: %s",
		    pairs[i].a, pairs[i].b, pairs[i].same ? "one origin" : "two");
		free(o);
	}
	ok(!same_origin("https://h/", NULL), "no origin is no one's");

	cred_set(&c, "https://h", "Authorization", "Token ", "secret");
	is_str(cred_for(&c, "https://h:443/next"), "Authorization: Token secret",
	    "the credential goes to its origin with the port spelled out");
	is_str(cred_for(&c, "https://H/api/"), "Authorization: Token secret",
	    "... and in another case");
	ok(cred_for(&c, "http://h/") == NULL, "not over plain http");
	ok(cred_for(&c, "https://h:8443/") == NULL, "not to another port");
	ok(cred_for(&c, "https://h.evil/") == NULL, "not to another host");
	cred_free(&c);
	ok(c.hdr == NULL && c.origin == NULL, "freed");
	cred_set(&c, "https://h", "Authorization", "Token ", "");
	ok(cred_for(&c, "https://h/") == NULL, "an empty token is none");
	cred_free(&c);
	return done_testing();
}
