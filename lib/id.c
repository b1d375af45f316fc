/* SPDX-License-Identifier: GPL-2.0-or-later */
/* id.c: the ids that let a record name the records it was made from, so
 * that no later stage rebuilds a key out of their fields. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>

#include "rec.h"

/* the first 8 bytes of the SHA-256 of the kind and each field, each
 * ended by a NUL byte, which no field holds: a field boundary cannot
 * move without changing the text hashed.  The digest is fetched once and
 * its context kept: a context made and an implicit fetch of EVP_sha256()
 * (a lock and a table lookup) for every id were 0.7 us an id, of which
 * kp-identify makes one a group of each run and kp-stats three a group */
static void
idof(char out[KP_IDSZ], const char *kind, ...)
{
	static EVP_MD *md;
	static EVP_MD_CTX *ctx;
	unsigned char h[EVP_MAX_MD_SIZE];
	unsigned int hlen;
	const char *s;
	va_list ap;

	if (!ctx && (!(md = EVP_MD_fetch(NULL, "SHA256", NULL)) ||
	    !(ctx = EVP_MD_CTX_new())))
		kp_die_at(NULL, 0, 0, "SHA-256 unavailable");
	if (!EVP_DigestInit_ex2(ctx, md, NULL))
		kp_die_at(NULL, 0, 0, "SHA-256 unavailable");
	EVP_DigestUpdate(ctx, kind, strlen(kind) + 1);
	va_start(ap, kind);
	while ((s = va_arg(ap, const char *)))
		EVP_DigestUpdate(ctx, s, strlen(s) + 1);
	va_end(ap);
	EVP_DigestFinal_ex(ctx, h, &hlen);
	kp_hex(h, 8, out);
}

void
kp_group_id(char out[KP_IDSZ], const char *exp, const char *suite,
    const char *bench, const char *test, const char *op, const char *metric,
    long long conc)
{
	char c[24];

	snprintf(c, sizeof(c), "%lld", conc);
	idof(out, "group", exp, suite, bench, test, op, metric, c, (char *)NULL);
}

void
kp_family_id(char out[KP_IDSZ], const char *base_exp, const char *target_exp,
    const char *suite, const char *bench, const char *test, const char *op,
    const char *metric)
{
	idof(out, "family", base_exp, target_exp, suite, bench, test, op,
	    metric, (char *)NULL);
}

void
kp_series_id(char out[KP_IDSZ], const char *key, const char *suite,
    const char *bench, const char *test, const char *op, const char *metric,
    long long conc)
{
	char c[24];

	snprintf(c, sizeof(c), "%lld", conc);
	idof(out, "series", key, suite, bench, test, op, metric, c,
	    (char *)NULL);
}
