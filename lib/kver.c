/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kver.c: Linux kernel version strings and their order.
 *
 * Accepted: tags (v6.12, v6.12-rc3, v6.12.1), git describe strings
 * (v6.12-45-gabcdef0, v6.13-rc1-2-g1234abc, -dirty), and uname -r forms
 * (6.17.0-rc2+, 6.1.0-27-amd64, 6.12.0-rc3-00045-gabcdef0).  The leading
 * 'v' is optional.  Order, from the key (major, minor, mainline rc, patch,
 * stable rc, commits, dirty, local):
 *   v6.12-rc3 < v6.12 < v6.12-45-gabc < v6.12.1-rc1 < v6.12.1 < v6.13-rc1
 * A describe string sorts after its tag and before the next one. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

static int
number(const char **s, int *out)
{
	long v = 0;
	const char *p = *s;

	if (!isdigit((unsigned char)*p))
		return -1;
	while (isdigit((unsigned char)*p)) {
		v = v * 10 + (*p++ - '0');
		if (v > INT_MAX / 10)
			return -1;
	}
	*out = (int)v;
	*s = p;
	return 0;
}

/* length of a '-'-separated token */
static size_t
toklen(const char *s)
{
	return strcspn(s, "-");
}

static int
alldigits(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static int
isgsha(const char *s, size_t n)
{
	size_t i;

	if (n < 5 || n > 41 || s[0] != 'g')
		return 0;
	for (i = 1; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

int
kp_kver_parse(const char *s, kp_kver *v)
{
	size_t n, len;
	const char *t;

	memset(v, 0, sizeof(*v));
	if (*s == 'v')
		s++;
	if (number(&s, &v->major) < 0 || *s++ != '.' || number(&s, &v->minor) < 0)
		return -1;
	if (*s == '.' && isdigit((unsigned char)s[1])) {
		s++;
		if (number(&s, &v->patch) < 0)
			return -1;
	}
	len = strlen(s);
	if (len > 0 && s[len - 1] == '+') {
		v->dirty = 1;
		len--;
	}
	if (len == 0)
		return 0;
	if (*s != '-')
		return -1;
	t = s + 1;
	if (--len == 0)
		return -1;
	/* -rcN */
	n = toklen(t);
	if (n > len)
		n = len;
	if (n > 2 && strncmp(t, "rc", 2) == 0 && alldigits(t + 2, n - 2)) {
		v->rc = atoi(t + 2);
		if (v->rc <= 0)
			return -1;
		t += n;
		len -= n;
		if (len > 0) {
			t++;
			len--;
		}
	}
	/* -N-gSHA (describe or CONFIG_LOCALVERSION_AUTO) */
	n = toklen(t);
	if (n > len)
		n = len;
	if (len > n && alldigits(t, n)) {
		size_t m = toklen(t + n + 1);

		if (m > len - n - 1)
			m = len - n - 1;
		if (isgsha(t + n + 1, m)) {
			v->commits = atoi(t);
			memcpy(v->sha, t + n + 2, m - 1);
			v->sha[m - 1] = '\0';
			t += n + 1 + m;
			len -= n + 1 + m;
			if (len > 0) {
				t++;
				len--;
			}
		}
	}
	if (len >= 5 && strncmp(t + len - 5, "dirty", 5) == 0 &&
	    (len == 5 || t[len - 6] == '-')) {
		v->dirty = 1;
		len = len == 5 ? 0 : len - 6;
	}
	if (len >= sizeof(v->local))
		return -1;
	memcpy(v->local, t, len);
	v->local[len] = '\0';
	return 0;
}

static int
icmp(long a, long b)
{
	return (a > b) - (a < b);
}

int
kp_kver_cmp(const kp_kver *a, const kp_kver *b)
{
	int c;
	long arc = a->rc ? a->rc : INT_MAX, brc = b->rc ? b->rc : INT_MAX;

	if ((c = icmp(a->major, b->major)) || (c = icmp(a->minor, b->minor)))
		return c;
	/* a mainline rc precedes the release and every stable point */
	if ((c = icmp(a->patch ? INT_MAX : arc, b->patch ? INT_MAX : brc)))
		return c;
	if ((c = icmp(a->patch, b->patch)))
		return c;
	if ((c = icmp(a->patch ? arc : INT_MAX, b->patch ? brc : INT_MAX)))
		return c;
	if ((c = icmp(a->commits, b->commits)) || (c = icmp(a->dirty, b->dirty)))
		return c;
	if ((c = strcmp(a->local, b->local)))
		return c > 0 ? 1 : -1;
	return strcmp(a->sha, b->sha) > 0 ? 1 : strcmp(a->sha, b->sha) < 0 ? -1 : 0;
}

int
kp_kver_is_release(const kp_kver *v)
{
	return v->patch == 0 && v->rc == 0 && v->commits == 0 && !v->dirty &&
	    v->local[0] == '\0';
}

int
kp_kver_is_stable(const kp_kver *v)
{
	return v->patch > 0 && v->rc == 0 && v->commits == 0 && !v->dirty &&
	    v->local[0] == '\0';
}

int
kp_kver_same(const char *a, const char *b)
{
	kp_kver x, y;

	if (strcmp(a, b) == 0)
		return 1;
	return kp_kver_parse(a, &x) == 0 && kp_kver_parse(b, &y) == 0 &&
	    kp_kver_cmp(&x, &y) == 0;
}
