/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numparse.c: JSON number text to the correctly rounded double, the
 * double strtod gives, mostly without strtod: its multi-precision path
 * was a third of the reader's time on stat records (17-digit means). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

/* 10^k truncated to 128 bits, shared with kp_fmt_shortg (shortg.c) */
struct pow10 {
	uint64_t hi, lo;	/* P, a 128-bit mantissa */
	int e;			/* 10^k = P 2^e, truncated */
};
#include "shortg-pow10.h"

typedef unsigned __int128 u128;

/* every power of ten up to 1e22 is exact in a double */
static const double pow10tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* m 10^k, m > 0 exact, correctly rounded into *out, by Eisel and Lemire
 * ("Number parsing at a gigabyte per second", 2021): the top 128 bits
 * of m times the truncated 10^k are the exact product's or one less, so
 * the 53 bits and the rounding they give are the exact product's unless
 * the low word is all ones (a carry could reach them) or the bits below
 * the rounding bit read as an exact half (a tie, or just above one).
 * Those, subnormals, overflow and k out of the table return -1, and
 * strtod decides.  tests/unit/numparse.c checks it against strtod bit
 * for bit on millions of random and data-like strings. */
static int
lemire(uint64_t m, int k, double *out)
{
	const struct pow10 *p;
	uint64_t w, high, low, mant, bits;
	int lz, shift, exp2;
	u128 a, b;

	if (k < P10_MIN || k > P10_MAX)
		return -1;
	p = &p10tab[k - P10_MIN];
	lz = __builtin_clzll(m);
	w = m << lz;
	a = (u128)w * p->hi;
	b = (u128)w * p->lo;
	high = (uint64_t)(a >> 64);
	low = (uint64_t)a + (uint64_t)(b >> 64);
	if (low < (uint64_t)a)
		high++;
	if (low == UINT64_MAX)
		return -1;
	shift = 9 + (int)(high >> 63);
	mant = high >> shift;	/* 54 bits: 53 and the rounding bit */
	if ((mant & 1) && (high & ((1ULL << (shift - 1)) - 1)) == 0 && low == 0)
		return -1;
	exp2 = shift + 129 + p->e - lz;
	/* a subnormal is rounded to fewer bits; the table starts at 1e-291,
	 * so none gets here today, but a longer table would bring them */
	if (exp2 < -1074)
		return -1;
	mant = (mant >> 1) + (mant & 1);
	if (mant == 1ULL << 53) {
		mant >>= 1;
		exp2++;
	}
	if (exp2 > 971)
		return -1;
	bits = (uint64_t)(exp2 + 1075) << 52 | (mant & ((1ULL << 52) - 1));
	memcpy(out, &bits, sizeof(*out));
	return 0;
}

int
kp_parse_num(const char *s, size_t len, double *out)
{
	const char *p = s, *end = s + len;
	unsigned long long m = 0;
	int neg = 0, nd = 0, dropped = 0, e10 = 0, eneg = 0, e = 0;
	char small[64], *copy;
	double x;

	if (p < end && *p == '-') {
		neg = 1;
		p++;
	}
	if (p == end || *p < '0' || *p > '9')
		return -1;
	if (*p == '0') {
		p++;
	} else {
		for (; p < end && *p >= '0' && *p <= '9'; p++) {
			if (nd < 19) {
				m = m * 10 + (*p - '0');
				nd++;
			} else {
				e10++;
				dropped |= *p != '0';
			}
		}
	}
	if (p < end && *p == '.') {
		p++;
		if (p == end || *p < '0' || *p > '9')
			return -1;
		if (m == 0)	/* leading zeros of 0.000x */
			for (; p < end && *p == '0'; p++)
				e10--;
		for (; p < end && *p >= '0' && *p <= '9'; p++) {
			if (nd < 19) {
				m = m * 10 + (*p - '0');
				nd++;
				e10--;
			} else {
				dropped |= *p != '0';
			}
		}
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			eneg = *p++ == '-';
		if (p == end || *p < '0' || *p > '9')
			return -1;
		for (; p < end && *p >= '0' && *p <= '9'; p++)
			if (e < 100000)
				e = e * 10 + (*p - '0');
		e10 += eneg ? -e : e;
	}
	if (p != end)
		return -1;
	/* Clinger's fast path: an exact mantissa times or divided by an
	 * exact power of ten is one correctly rounded operation. */
	if (!dropped && m < (1ULL << 53) && e10 >= -22 && e10 <= 22) {
		x = (double)m;
		x = e10 < 0 ? x / pow10tab[-e10] : x * pow10tab[e10];
		*out = neg ? -x : x;
		return 0;
	}
	if (m == 0) {
		*out = neg ? -0.0 : 0.0;
		return 0;
	}
	if (!dropped && lemire(m, e10, &x) == 0) {
		*out = neg ? -x : x;
		return 0;
	}
	/* the grammar is checked, so strtod sees nothing it would read
	 * differently (no hex, inf or nan) */
	copy = len < sizeof small ? small : emalloc(len + 1);
	memcpy(copy, s, len);
	copy[len] = '\0';
	*out = strtod(copy, NULL);
	if (copy != small)
		free(copy);
	return 0;
}
