/* SPDX-License-Identifier: GPL-2.0-or-later */
/* shortg.c: see shortg.h.
 *
 * The idea is Grisu3's (Loitsch, "Printing Floating-Point Numbers
 * Quickly and Accurately with Integers", PLDI 2010), with a table of
 * 128-bit powers of ten as in Ryu (Adams, PLDI 2018): scale x by a power
 * of ten held as a wide integer, so that its 17 leading decimal digits
 * are the integer part of a fixed-point number, and give up when the
 * error of that integer arithmetic could change an answer.  Here the
 * fixed-point number has 64 fraction bits and is exact, or below the
 * truth by less than 1.125 of their units.  Exact, it decides ties and
 * the interval's ends too; inexact, a tie or an end can only lie within
 * that error when it is exactly one, which happens to integers above 2^63
 * (1e23 is a midpoint of two doubles): about 5 random bit patterns in a
 * million, none of the unit test's draws of computed statistics.
 *
 * x = m 2^q with m in [2^52, 2^53).  Its rounding interval, the reals
 * strtod reads as x, runs from the midpoint with its predecessor to the
 * midpoint with its successor: (4m - 2) 2^(q-2) to (4m + 2) 2^(q-2), or
 * from (4m - 1) 2^(q-2) when m = 2^52 (the predecessor is closer).  A
 * decimal reads back as x when it lies strictly inside; on an edge the
 * tie goes to the even mantissa, and we leave those to strtod. */
#include <stdint.h>
#include <string.h>

#include "shortg.h"

typedef unsigned __int128 u128;

struct pow10 {
	uint64_t hi, lo;	/* P, a 128-bit mantissa */
	int e;			/* 10^k = P 2^e, truncated */
};
#include "shortg-pow10.h"

static const uint64_t pow10u[] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
	1000000000, 10000000000, 100000000000, 1000000000000,
	10000000000000, 100000000000000, 1000000000000000,
	10000000000000000, 100000000000000000, 1000000000000000000,
	10000000000000000000u,
};

/* "00" to "99": two digits a division */
static const char pairs[] =
	"00010203040506070809101112131415161718192021222324"
	"25262728293031323334353637383940414243444546474849"
	"50515253545556575859606162636465666768697071727374"
	"75767778798081828384858687888990919293949596979899";

/* the fixed-point number, 64 fraction bits, of the integer n */
#define FIX(n) ((u128)(n) << 64)

/* floor(n P 2^-s) for n < 2^55, s in [58, 70] (or [55, 70] for P =
 * 2^127, 10^0): n P has fewer than 183 bits, the result fewer than 127.
 * When P is 10^k exactly (pex), the result is exact if no bit shifted out
 * is set, else below the truth by less than one unit; an inexact P adds
 * n times its truncation, shifted, less than 1/8: the truth is then in
 * (result, result + 1.125). */
static u128
mulshift(uint64_t n, const struct pow10 *p, int s, int pex, int *exact)
{
	u128 lo = (u128)n * p->lo;
	u128 top = (u128)n * p->hi + (lo >> 64);	/* bits 64..191 */

	if (s >= 64) {
		*exact = pex && (uint64_t)lo == 0 &&
		    (top & (((u128)1 << (s - 64)) - 1)) == 0;
		return top >> (s - 64);
	}
	*exact = pex && ((uint64_t)lo & ((1ULL << s) - 1)) == 0;
	return top << (64 - s) | (uint64_t)lo >> s;
}

/* v / 10^j, j <= 4, each a division by a constant (a multiplication) */
static uint64_t
divpow10(uint64_t v, int j)
{
	switch (j) {
	case 0:
		return v;
	case 1:
		return v / 10;
	case 2:
		return v / 100;
	case 3:
		return v / 1000;
	default:
		return v / 10000;
	}
}

/* Is the decimal c strictly inside (lo, hi), the rounding interval, or
 * on an end when x's mantissa is even (strtod's tie)?  1 yes, 0 no, -1
 * when an inexact end, one unit from c, leaves it open. */
static int
inside(u128 c, u128 lo, int loex, u128 hi, int hiex, int even)
{
	if (c < lo || (c == lo && !(loex && even)) || (c > hi + 1) ||
	    (c == hi + 1 && hiex) || (c == hi && hiex && !even))
		return 0;
	if ((c == lo + 1 && !loex) || (c == hi + 1 && !hiex))
		return -1;
	return 1;
}

/* d, P digits, times 10^(X - P + 1), in %.Pg's layout: the exponent form
 * (at least two exponent digits) when X < -4 or X >= P, else the fixed
 * one; trailing zeros of the fraction and a bare point dropped */
static int
layout(char *buf, int neg, uint64_t d, int P, int X)
{
	char buf24[24], *dig = buf24 + 24 - P, *p = buf;
	uint32_t part[3] = {
		d / 10000000000000000, d / 100000000 % 100000000, d % 100000000,
	};
	int i, j, n, ax;

	/* d < 10^17: 24 digits in three parts of 8, two at a time, the
	 * parts' divisions independent of each other */
	for (i = 0; i < 3; i++)
		for (j = 6; j >= 0; j -= 2, part[i] /= 100)
			memcpy(buf24 + 8 * i + j, pairs + part[i] % 100 * 2, 2);
	for (n = P; n > 1 && dig[n - 1] == '0'; n--)
		;
	if (neg)
		*p++ = '-';
	if (X < -4 || X >= P) {
		*p++ = dig[0];
		if (n > 1) {
			*p++ = '.';
			memcpy(p, dig + 1, n - 1);
			p += n - 1;
		}
		*p++ = 'e';
		*p++ = X < 0 ? '-' : '+';
		ax = X < 0 ? -X : X;
		if (ax >= 100)
			*p++ = '0' + ax / 100;
		*p++ = '0' + ax / 10 % 10;
		*p++ = '0' + ax % 10;
	} else if (X >= 0) {
		memcpy(p, dig, X + 1);
		p += X + 1;
		if (n > X + 1) {
			*p++ = '.';
			memcpy(p, dig + X + 1, n - X - 1);
			p += n - X - 1;
		}
	} else {
		*p++ = '0';
		*p++ = '.';
		memset(p, '0', -X - 1);
		p += -X - 1;
		memcpy(p, dig, n);
		p += n;
	}
	*p = '\0';
	return p - buf;
}

int
kp_fmt_shortg(char *buf, double x)
{
	const struct pow10 *p;
	uint64_t u, m, yi, g, d;
	u128 y, lo, hi, r, half, c;
	int be, q, e0, k, s, pex, yex, loex, hiex, big, P;

	memcpy(&u, &x, sizeof u);
	be = u >> 52 & 0x7ff;
	if (be == 0 || be == 0x7ff)
		return -1;
	m = (u & ((1ULL << 52) - 1)) | 1ULL << 52;
	q = be - 1075;
	/* 10^e0 <= x < 10^(e0 + 2): x's first digit is at 10^e0 or 10^(e0+1) */
	e0 = (q + 52) * 78913 >> 18;	/* 78913 / 2^18 ~ log10(2), exact
					 * floor here (an arithmetic shift) */
	/* 17 or 18 integer digits; but an integer below 2^63 is taken as it
	 * is (k = 0, up to 19 digits), exact where 10^-1 and 10^-2 would not
	 * be, so that its decimals on the ends of its interval are decided */
	k = 16 - e0;
	if (k < 0 && q + 52 < 63)
		k = 0;
	if (k < P10_MIN || k > P10_MAX)
		return -1;
	p = &p10tab[k - P10_MIN];
	pex = k >= 0 && p->e <= k;	/* P 2^e is 10^k exactly */
	s = -(q + p->e + 62);
	if (s < (k == 0 ? 55 : 58) || s > 70)
		return -1;
	/* x 10^k and the ends of its rounding interval, scaled alike */
	y = mulshift(4 * m, p, s, pex, &yex);
	lo = mulshift(4 * m - (m == 1ULL << 52 && be > 1 ? 1 : 2), p, s, pex,
	    &loex);
	hi = mulshift(4 * m + 2, p, s, pex, &hiex);
	if (y < FIX(pow10u[16]) || y >= FIX(pow10u[19]))
		return -1;
	/* y has 17 + big integer digits: x's first is at 10^(16 + big - k) */
	for (big = 0; y >= FIX(pow10u[17 + big]); big++)
		;
	yi = (uint64_t)(y >> 64);
	for (P = 15; P <= 17; P++) {
		/* round to P digits, to nearest, a tie to even as printf
		 * does: c = d g is the decimal */
		g = pow10u[17 - P + big];
		d = divpow10(yi, 17 - P + big);
		r = (u128)(yi - d * g) << 64 | (uint64_t)y;
		half = (u128)g << 63;
		if (r > half || (r == half && (!yex || d & 1)))
			d++;
		else if (r + 1 == half && !yex)
			return -1;	/* maybe a tie */
		c = (u128)(d * g) << 64;
		/* %.17g always reads back; a shorter one must be inside */
		if (P < 17) {
			switch (inside(c, lo, loex, hi, hiex, !(m & 1))) {
			case -1:
				return -1;
			case 0:
				continue;
			}
		}
		if (d == pow10u[P])	/* rounded up a digit: 9.99 -> 10.0 */
			return layout(buf, x < 0, d / 10, P, 17 + big - k);
		return layout(buf, x < 0, d, P, 16 + big - k);
	}
	return -1;	/* not reached */
}
