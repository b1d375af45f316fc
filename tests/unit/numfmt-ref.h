/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numfmt-ref.h: the reference kp_fmt_num must agree with byte for byte
 * (lib/numfmt.c as it was before lib/shortg.c, printf and strtod doing
 * the digits), and the kinds of doubles it is checked and timed on.
 * Shared by tests/unit/numfmt-ref.c and bench/numfmt.c. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"

static const double ref_pow10tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static size_t
ref_fmt_fixed(char *buf, int neg, unsigned long long y, int k)
{
	char tmp[KP_NUMBUF], *d = tmp + sizeof tmp, *p = buf;
	size_t nd, ni;

	do {
		*--d = '0' + y % 10;
		y /= 10;
	} while (y);
	nd = tmp + sizeof tmp - d;
	if (neg)
		*p++ = '-';
	if (nd <= (size_t)k) {
		*p++ = '0';
		*p++ = '.';
		memset(p, '0', k - nd);
		p += k - nd;
		memcpy(p, d, nd);
		p += nd;
	} else {
		ni = nd - k;
		memcpy(p, d, ni);
		p += ni;
		if (k) {
			*p++ = '.';
			memcpy(p, d + ni, k);
			p += k;
		}
	}
	*p = '\0';
	return p - buf;
}

/* the printf part alone: the shortest of %.15g, %.16g, %.17g that
 * strtod reads back (from 1 digit up for subnormals) */
static size_t
ref_fmt_printf(char *buf, double x)
{
	int k, n = 0;

	for (k = fabs(x) < DBL_MIN ? 1 : 15; k <= 17; k++) {
		n = snprintf(buf, KP_NUMBUF, "%.*g", k, x);
		if (k == 17 || strtod(buf, NULL) == x)
			break;
	}
	return n;
}

/* kp_fmt_num before lib/shortg.c */
static size_t
ref_fmt_num(char *buf, double x)
{
	double a, y;
	int k, neg;

	if (!isfinite(x)) {
		memcpy(buf, "null", 5);
		return 4;
	}
	neg = signbit(x) != 0;
	a = fabs(x);
	if (a < 9007199254740992.0 && a == (double)(long long)a)
		return ref_fmt_fixed(buf, neg, (unsigned long long)a, 0);
	if (a >= 1e-4 && a < 1e15) {
		for (k = 1; k <= 17; k++) {
			y = rint(a * ref_pow10tab[k]);
			if (y >= 1e15)
				break;
			if (y / ref_pow10tab[k] == a)
				return ref_fmt_fixed(buf, neg, (unsigned long long)y, k);
		}
	}
	return ref_fmt_printf(buf, x);
}

static uint64_t ref_rs = 0x9e3779b97f4a7c15ULL;

static uint64_t
ref_rnd(void)	/* xorshift64* */
{
	ref_rs ^= ref_rs >> 12;
	ref_rs ^= ref_rs << 25;
	ref_rs ^= ref_rs >> 27;
	return ref_rs * 2685821657736338717ULL;
}

static double
ref_unit(void)	/* uniform in [0, 1) */
{
	return (double)(ref_rnd() >> 11) / 9007199254740992.0;
}

/* the kinds of doubles to check and time: the name, and a draw */
enum { REF_BITS, REF_SHORT, REF_BENCH, REF_MEAN, REF_PVALUE, REF_EDGE, REF_NKIND };
static const char *const ref_kind[] = {
	"random bits", "samples with 1-3 decimals", "data in [1e-3, 1e6]", "means of 2-decimal values",
	"p-values in [1e-300, 1]", "layout edges and ties",
};

static double
ref_sample(int kind)
{
	uint64_t u;
	double x, s;
	int i, n;

	switch (kind) {
	case REF_BITS:	/* any finite bit pattern */
		do {
			u = ref_rnd();
			memcpy(&x, &u, sizeof x);
		} while (!isfinite(x));
		return x;
	case REF_SHORT:	/* a measurement as written: 12345.678 */
		return (double)(ref_rnd() % 100000000) / ref_pow10tab[1 + ref_rnd() % 3];
	case REF_BENCH:	/* half uniform, half uniform in the logarithm */
		if (ref_rnd() & 1)
			return 1e-3 + ref_unit() * (1e6 - 1e-3);
		return 1e-3 * pow(1e9, ref_unit());
	case REF_MEAN:	/* a mean of 2..50 measurements with 0..3 decimals */
		n = 2 + ref_rnd() % 49;
		s = ref_rnd() % 4;
		for (x = 0, i = 0; i < n; i++)
			x += (double)(ref_rnd() % 1000000) / ref_pow10tab[(int)s];
		return x / n;
	case REF_PVALUE:	/* uniform in the logarithm, or in [0, 1) */
		return ref_rnd() & 1 ? pow(10, -300 * ref_unit()) : ref_unit();
	default:	/* where %g changes layout, rounds up a digit, or ties */
		switch (ref_rnd() % 6) {
		case 0:	/* 1e-5..1e-3 and 1e14..1e17 */
			return ref_rnd() & 1 ? pow(10, -5 + 2 * ref_unit()) :
				pow(10, 14 + 3 * ref_unit());
		case 1:	/* a few ulps from a power of ten: 9.99..e-5 rounds to 0.0001 */
			x = pow(10, (int)(ref_rnd() % 617) - 308);
			for (i = ref_rnd() % 8; i > 0; i--)
				x = nextafter(x, ref_rnd() & 1 ? INFINITY : 0);
			return x;
		case 2:	/* integers near and above 2^53: midpoints are integers */
			x = 9007199254740992.0 + (double)((int)(ref_rnd() % 20001) - 10000);
			return ldexp(x, ref_rnd() % 12);
		case 3:	/* dyadic fractions: the 15th-17th digit can be a tie */
			x = (double)(ref_rnd() >> (ref_rnd() % 14 + 11));
			return ldexp(x, -(int)(ref_rnd() % 8) - 1);
		case 4:	/* 15 to 17 nines, then carry */
			x = 1 - ldexp(ref_unit(), -46);
			return x * pow(10, (int)(ref_rnd() % 40) - 20);
		default:	/* short decimals with any exponent */
			return (double)(ref_rnd() % 100000) * pow(10, (int)(ref_rnd() % 600) - 300);
		}
	}
}
