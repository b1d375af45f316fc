/* SPDX-License-Identifier: GPL-2.0-or-later */
/* toolchain.c: one name for one compiler, however it was read.
 *
 * The kernel's banner in dmesg ("Linux version ... (gcc (GCC) 15.3.0, GNU
 * ld (GNU Binutils) 2.46) #1 ..."), TuxMake's compiler.version_full (the
 * first line of `gcc --version`), SQUAD build metadata and a TuxSuite
 * toolchain name ("gcc-13") must give the same experiment when they
 * describe the same compiler, so kp-identify hashes this canonical form,
 * never the raw text.  Linker and packager text are dropped: build
 * metadata does not say which linker was used, and the packager's
 * revision is not the compiler's version. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "kp.h"
#include "toolchain.h"

/* the version at p: digits and dots ("15.3.0"), with a dot unless bare
 * is set ("13"); strict: not followed by more of a word ("12.2.0-14" is
 * a packager's revision, not a compiler's version).  Its length, or 0. */
static size_t
version_at(const char *p, const char *end, int bare, int strict)
{
	const char *q = p;
	int dots = 0;

	if (q >= end || !isdigit((unsigned char)*q))
		return 0;
	for (;;) {
		while (q < end && isdigit((unsigned char)*q))
			q++;
		if (q + 1 < end && *q == '.' && isdigit((unsigned char)q[1])) {
			q++;
			dots++;
			continue;
		}
		break;
	}
	if (strict && q < end && (isalnum((unsigned char)*q) || *q == '-' ||
	    *q == '_' || *q == '.'))
		return 0;
	return dots || bare ? (size_t)(q - p) : 0;
}

/* the first version in [p, end) that stands as a word of its own
 * outside parentheses: "gcc (Debian 12.2.0-14) 12.2.0" gives 12.2.0 */
static const char *
find_version(const char *p, const char *end, size_t *len)
{
	const char *q;
	int depth = 0;

	for (q = p; q < end; q++) {
		if (*q == '(')
			depth++;
		else if (*q == ')' && depth > 0)
			depth--;
		else if (depth == 0 && (q == p || q[-1] == ' ' || q[-1] == '\t') &&
		    (*len = version_at(q, end, 0, 1)))
			return q;
	}
	return NULL;
}

static const char *
findword(const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);
	const char *q;

	for (q = p; q + n <= end; q++)
		if (strncasecmp(q, w, n) == 0)
			return q;
	return NULL;
}

char *
kp_toolchain(const char *s)
{
	const char *p, *end, *v, *fam, *c;
	size_t len, n;
	char *out;
	int depth = 0;

	if (!s)
		return NULL;
	while (isspace((unsigned char)*s))
		s++;
	/* the compiler is what comes before the first ", " outside
	 * parentheses; the linker follows */
	for (end = s; *end; end++) {
		if (*end == '(')
			depth++;
		else if (*end == ')' && depth > 0)
			depth--;
		else if (*end == ',' && depth == 0)
			break;
	}
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	v = NULL;
	fam = NULL;
	len = 0;
	if ((c = findword(s, end, "clang version "))) {
		/* "Debian clang version 16.0.6 (15)", "Ubuntu clang version
		 * 14.0.0-1ubuntu1" */
		fam = "clang";
		if ((len = version_at(c + 14, end, 1, 0)))
			v = c + 14;
	} else if (findword(s, end, "gcc") || findword(s, end, "clang") ||
	    findword(s, end, "llvm")) {
		fam = findword(s, end, "gcc") ? "gcc" : "clang";
		/* gcc (GCC) 15.3.0; gcc version 9.3.0 (Ubuntu 9.3.0-17) */
		if (!(v = find_version(s, end, &len))) {
			/* a TuxMake toolchain name: gcc-13, clang-17, llvm-17 */
			for (p = end; p > s && isdigit((unsigned char)p[-1]); p--)
				;
			if (p > s && p[-1] == '-' && (len = version_at(p, end, 1, 1)))
				v = p;
		}
	}
	if (!fam || !v) {
		/* not a compiler we know: the text as given, trimmed */
		n = strlen(s);
		while (n > 0 && isspace((unsigned char)s[n - 1]))
			n--;
		return estrndup(s, n);
	}
	n = strlen(fam) + 1 + len + 1;
	out = emalloc(n);
	memcpy(out, fam, strlen(fam));
	out[strlen(fam)] = ' ';
	memcpy(out + strlen(fam) + 1, v, len);
	out[n - 1] = '\0';
	return out;
}
