/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numfmt.c: doubles to JSON text, exact (numparse.c reads them back) */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "shortg.h"

/* every power of ten up to 1e22 is exact in a double */
static const double pow10tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

#define TWO53 9007199254740992.0

/* decimal digits of u, right-aligned to end; returns the first digit */
static char *
utoa_rev(char *end, unsigned long long u)
{
	do {
		*--end = '0' + u % 10;
		u /= 10;
	} while (u);
	return end;
}

/* y / 10^k as fixed-point text ("5845.82", "0.000123") */
static size_t
fmt_fixed(char *buf, int neg, unsigned long long y, int k)
{
	char tmp[KP_NUMBUF], *d, *p = buf;
	size_t nd, ni;

	d = utoa_rev(tmp + sizeof tmp, y);
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

size_t
kp_fmt_num(char *buf, double x)
{
	double a, y;
	int k, n, neg;

	if (!isfinite(x)) {
		memcpy(buf, "null", 5);
		return 4;
	}
	neg = signbit(x) != 0;
	a = fabs(x);
	if (a < TWO53 && a == (double)(long long)a)
		return fmt_fixed(buf, neg, (unsigned long long)a, 0);
	/* Values with a few decimals (most measurements) are exact by
	 * construction: y and 10^k are exact doubles, so y / 10^k is the
	 * correctly rounded value of the decimal y e-k.  The first k that
	 * reproduces x gives the fewest digits.  |y| < 1e15 keeps the
	 * rounding error of a * 10^k far below 0.5, so rint finds y.  Up to
	 * 3 decimals this is quicker than kp_fmt_shortg; beyond, slower. */
	if (a >= 1e-4 && a < 1e15) {
		/* A value of 1 or 2 decimals has 3 as well (10 y and 100 y
		 * are as exact, and a * 10^3 is as near an integer): when 3
		 * do not reproduce it, nor do fewer, and most values here
		 * (a p, a df) need 15 digits or more. */
		y = rint(a * pow10tab[3]);
		if (y < 1e15 && y / pow10tab[3] != a)
			k = 4;
		else
			k = 1;
		for (; k <= 3; k++) {
			y = rint(a * pow10tab[k]);
			if (y >= 1e15)
				break;
			if (y / pow10tab[k] == a)
				return fmt_fixed(buf, neg, (unsigned long long)y, k);
		}
	}
	/* %.17g always reads back exactly; fewer digits are used when they
	 * do too.  A normal double has 15.95 digits, so two 15-digit decimals
	 * never read back as the same double: if a decimal of 15 digits or
	 * fewer reads back as x, %.15g finds it, and writes what the loop
	 * above would have with more decimals.  %g writes exponents as e+NN
	 * or e-NN, valid JSON.  kp_fmt_shortg writes the same text without
	 * printf or strtod, and leaves here the doubles it cannot decide. */
	if ((n = kp_fmt_shortg(buf, x)) >= 0)
		return n;
	/* Subnormals carry fewer than 15 significant digits: count up from 1. */
	for (k = a < DBL_MIN ? 1 : 15; k <= 17; k++) {
		n = snprintf(buf, KP_NUMBUF, "%.*g", k, x);
		if (k == 17 || strtod(buf, NULL) == x)
			break;
	}
	return n;
}

void
kp_fmt_si(char *buf, size_t sz, double v)
{
	double a = fabs(v);

	if (a >= 1e9)
		snprintf(buf, sz, "%.4gG", v / 1e9);
	else if (a >= 1e6)
		snprintf(buf, sz, "%.4gM", v / 1e6);
	else if (a >= 1e4)
		snprintf(buf, sz, "%.4gk", v / 1e3);
	else
		snprintf(buf, sz, "%.4g", v);
}
