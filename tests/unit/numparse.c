/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numparse: kp_parse_num must give the double glibc's strtod gives, bit
 * for bit, on every number: its own fast paths (Clinger's, Eisel and
 * Lemire's) decide most of them without strtod.  Millions of strings of
 * each kind below; numparse N runs N million of each kind instead of 0.4. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "../tap.h"

static uint64_t rs = 0x2545f4914f6cdd1dULL;

static uint64_t
rnd(void)	/* xorshift64* */
{
	rs ^= rs >> 12;
	rs ^= rs << 25;
	rs ^= rs >> 27;
	return rs * 2685821657736338717ULL;
}

static uint64_t
bits(double x)
{
	uint64_t u;

	memcpy(&u, &x, sizeof(u));
	return u;
}

static double
from_bits(uint64_t u)
{
	double x;

	memcpy(&x, &u, sizeof(x));
	return x;
}

static long nbad;
static char firstbad[128];

/* s against strtod; counts and keeps the first that differs */
static void
check(const char *s)
{
	double x, want = strtod(s, NULL);

	if (kp_parse_num(s, strlen(s), &x) != 0 || bits(x) != bits(want)) {
		if (!nbad++)
			snprintf(firstbad, sizeof(firstbad), "%s", s);
	}
}

static void
report(const char *what, long n)
{
	ok(nbad == 0, "%ld %s: as strtod bit for bit (%ld differ%s%s)", n,
	    what, nbad, nbad ? ", first " : "", nbad ? firstbad : "");
	nbad = 0;
}

/* a finite double of random bits, at most 2^-1000 .. 2^1000 when near */
static double
rnd_double(int near)
{
	double x;

	do {
		x = from_bits(rnd());
	} while (!isfinite(x) || (near && (fabs(x) > 1e300 || fabs(x) < 1e-300)));
	return x;
}

/* n random digits, the first not 0, as a number with its point at
 * dot (0: none) and an exponent of e (none when noexp) */
static void
decimal(char *buf, int n, int dot, int e, int noexp)
{
	char *p = buf;
	int i;

	if (rnd() & 1)
		*p++ = '-';
	if (dot > 0 && dot < n) {
		for (i = 0; i < n; i++) {
			if (i == dot)
				*p++ = '.';
			*p++ = (char)('0' + (i ? rnd() % 10 : 1 + rnd() % 9));
		}
	} else if (dot < 0) {	/* 0.000ddd */
		*p++ = '0';
		*p++ = '.';
		for (i = 0; i < -dot; i++)
			*p++ = '0';
		for (i = 0; i < n; i++)
			*p++ = (char)('0' + (i ? rnd() % 10 : 1 + rnd() % 9));
	} else {
		for (i = 0; i < n; i++)
			*p++ = (char)('0' + (i ? rnd() % 10 : 1 + rnd() % 9));
	}
	if (!noexp)
		p += sprintf(p, "%c%s%d", rnd() & 1 ? 'e' : 'E',
		    e < 0 ? "-" : rnd() & 1 ? "+" : "", abs(e));
	*p = '\0';
}

int
main(int argc, char *argv[])
{
	static const char *edge[] = {
		"0", "-0", "0.0", "1", "-1", "9007199254740992",
		"9007199254740993", "9007199254740995", "18014398509481985",
		"18446744073709551615", "9999999999999999999",
		"2.2250738585072014e-308", "2.2250738585072011e-308",
		"2.2250738585072009e-308", "4.9406564584124654e-324",
		"2.4703282292062327e-324", "2.4703282292062328e-324",
		"1.7976931348623157e308", "1.7976931348623158e308",
		"1.7976931348623159e308", "1e308", "1e309", "1e-324", "1e-400",
		"1e400", "0.1", "0.30000000000000004", "123456789012345678e-5",
		"7.2057594037927933e16", "1.00000000000000011102230246251565e0",
		"5e-324", "1e23", "8.98846567431158e307", "3.0540316421170e-320",
		"0.000000000000000000000000000000000000001234567890123456789",
	};
	long n = 400000, i;
	char buf[128];
	int k, d;
	double x;
	uint64_t m;

	if (argc > 1)
		n = atol(argv[1]) * 1000000;
	for (i = 0; i < (long)KP_LEN(edge); i++)
		check(edge[i]);
	report("edge cases", (long)KP_LEN(edge));

	/* as kp writes doubles: the shortest that reads back, 17 digits at
	 * most, and 15, 16, 18 and 19 digits too */
	for (i = 0; i < n; i++) {
		x = rnd_double(i & 1);
		snprintf(buf, sizeof(buf), "%.*g", 15 + (int)(i % 5), x);
		check(buf);
		snprintf(buf, sizeof(buf), "%.17g", x * 1e-3);
		check(buf);
	}
	report("doubles as %.15g to %.19g", 2 * n);

	/* near a tie: an integer between 2^53 and 2^64 at or next to the
	 * half way between two doubles, and the same scaled by 10^-k */
	for (i = 0; i < n; i++) {
		k = 1 + (int)(rnd() % 11);	/* 2^53 .. 2^64 */
		m = ((rnd() >> 11 | 1ULL << 52) << k) | 1ULL << (k - 1);
		m += (uint64_t)(rnd() % 3) - 1;
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)m);
		check(buf);
		snprintf(buf, sizeof(buf), "%llue%d", (unsigned long long)m,
		    (int)(rnd() % 50) - 25);
		check(buf);
	}
	report("integers near a tie", 2 * n);

	/* random decimals of 1-19 digits (and a few more), the point
	 * anywhere, exponents across the range */
	for (i = 0; i < n; i++) {
		d = 1 + (int)(rnd() % 22);
		decimal(buf, d, (int)(rnd() % (d + 1)), (int)(rnd() % 700) - 350,
		    0);
		check(buf);
		decimal(buf, d, -(int)(rnd() % 8), 0, 1);
		check(buf);
		decimal(buf, 16 + (int)(rnd() % 4), (int)(rnd() % 4),
		    (int)(rnd() % 60) - 30, rnd() & 1);
		check(buf);
	}
	report("random decimals", 3 * n);

	/* the data's: values in the thousands with 1-6 decimals, and ratios
	 * near 1 in full */
	for (i = 0; i < n; i++) {
		x = (double)(rnd() % 100000000) / 1000.0;
		snprintf(buf, sizeof(buf), "%.*f", 1 + (int)(rnd() % 6), x);
		check(buf);
		x = 1 + ((double)(rnd() >> 11) / 9007199254740992.0 - 0.5) / 10;
		snprintf(buf, sizeof(buf), "%.17g", x);
		check(buf);
		snprintf(buf, sizeof(buf), "%.16g", x / 7);
		check(buf);
	}
	report("data-like values", 3 * n);
	return done_testing();
}
