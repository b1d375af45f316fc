/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numfmt: kp_fmt_num must read back bit for bit and be as short as
 * Python's repr; kp_parse_num must follow the JSON grammar and round
 * correctly (checked against glibc's strtod, which does) */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "../tap.h"

static uint64_t rs = 0x9e3779b97f4a7c15ULL;

static uint64_t
rnd(void)	/* xorshift64* */
{
	rs ^= rs >> 12;
	rs ^= rs << 25;
	rs ^= rs >> 27;
	return rs * 2685821657736338717ULL;
}

static double
from_bits(uint64_t u)
{
	double x;

	memcpy(&x, &u, sizeof x);
	return x;
}

static uint64_t
bits(double x)
{
	uint64_t u;

	memcpy(&u, &x, sizeof u);
	return u;
}

static const double p10[] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8 };

/* a double of one of the kinds that matter, chosen by r */
static double
sample(unsigned kind)
{
	double x;

	switch (kind % 6) {
	case 0:	/* any bit pattern */
		do
			x = from_bits(rnd());
		while (!isfinite(x));
		return x;
	case 1:	/* a measurement with a few decimals */
		x = (double)(rnd() % 100000000) / p10[rnd() % 9];
		return rnd() & 1 ? -x : x;
	case 2:	/* an integer, some beyond 2^53 */
		x = (double)(rnd() >> (rnd() % 64));
		return rnd() & 1 ? -x : x;
	case 3:	/* subnormal */
		return from_bits((rnd() & 0x000fffffffffffffULL) | (rnd() & 1ULL) << 63);
	case 4:	/* near the ends of the exponent range */
		x = ldexp(1 + (double)(rnd() >> 11) / 9007199254740992.0,
			rnd() & 1 ? 1023 - (int)(rnd() % 8) : -1022 + (int)(rnd() % 8));
		return x;
	default:	/* short decimals with an exponent */
		x = (double)(rnd() % 1000) * pow(10, (int)(rnd() % 40) - 20);
		return x;
	}
}

static int
json_number_ok(const char *s)
{
	double x;

	return kp_parse_num(s, strlen(s), &x) == 0;
}

static void
known(double x, const char *want)
{
	char b[KP_NUMBUF];

	kp_fmt_num(b, x);
	ok(strcmp(b, want) == 0, "%a prints %s (%s)", x, want, b);
}

static void
parse_ok(const char *s, double want)
{
	double x = 12345;

	ok(kp_parse_num(s, strlen(s), &x) == 0 && bits(x) == bits(want),
		"parse %s", s);
}

static void
parse_bad(const char *s)
{
	double x;

	ok(kp_parse_num(s, strlen(s), &x) == -1, "reject \"%s\"", s);
}

/* Python's repr is the shortest round-trip text (David Gay's
 * algorithm); ours must carry the same digits and exponent */
static void
digits(const char *s, char *dig, int *exp10)
{
	const char *p = s;
	int n = 0, intdig = 0, point = 0, lead = 0;

	if (*p == '-')
		p++;
	for (; *p && *p != 'e' && *p != 'E'; p++) {
		if (*p == '.') {
			point = 1;
			continue;
		}
		if (!point)
			intdig++;
		dig[n++] = *p;
	}
	dig[n] = '\0';
	/* value = 0.DIG x 10^exp10, DIG without leading or trailing zeros */
	while (dig[lead] == '0')
		lead++;
	memmove(dig, dig + lead, n - lead + 1);
	n -= lead;
	while (n > 0 && dig[n - 1] == '0')
		dig[--n] = '\0';
	*exp10 = intdig - lead + (*p ? atoi(p + 1) : 0);
}

static void
versus_python(void)
{
	FILE *fp;
	char cmd[512], in[256], line[64], b[KP_NUMBUF];
	char d1[40], d2[40];
	int fd, i, n = 20000, bad = 0, e1 = 0, e2 = 0;
	double *xs = malloc(n * sizeof *xs);

	if (access("/usr/bin/python3", X_OK) != 0) {
		printf("ok %d # skip python3 not found\n", ++tap_n);
		return;
	}
	snprintf(in, sizeof in, "%s/kp-numfmt.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : P_tmpdir);
	if ((fd = mkstemp(in)) < 0 || !(fp = fdopen(fd, "w"))) {
		ok(0, "temporary file");
		return;
	}
	for (i = 0; i < n; i++) {
		xs[i] = sample(i);
		fprintf(fp, "%a\n", xs[i]);
	}
	fclose(fp);
	snprintf(cmd, sizeof cmd, "/usr/bin/python3 -c 'import sys\n"
		"for l in open(sys.argv[1]): print(repr(float.fromhex(l)))' %s", in);
	fp = popen(cmd, "r");
	for (i = 0; fp && i < n && fgets(line, sizeof line, fp); i++) {
		line[strcspn(line, "\n")] = '\0';
		kp_fmt_num(b, xs[i]);
		if (strcmp(line, "0.0") == 0 || strcmp(line, "-0.0") == 0)
			continue;
		digits(line, d1, &e1);
		digits(b, d2, &e2);
		if (strcmp(d1, d2) != 0 || e1 != e2) {
			if (bad++ < 5)
				printf("# %a: python %s, kp %s\n", xs[i], line, b);
		}
	}
	ok(fp && i == n && pclose(fp) == 0, "python printed %d values", n);
	ok(bad == 0, "same shortest digits as python repr for %d values (%d differ)", n, bad);
	unlink(in);
	free(xs);
}

int
main(void)
{
	char b[KP_NUMBUF], c[KP_NUMBUF];
	long i, n = 1000000, bad = 0, badstrtod = 0, badjson = 0, longer = 0;
	double x, y;
	size_t len;
	int e;

	/* kp_fmt_si: the form every report shows a value in */
	kp_fmt_si(c, sizeof(c), 2406060);
	is_str(c, "2.406M", "kp_fmt_si: 2406060 is 2.406M, not 2.40606e+06");
	kp_fmt_si(c, sizeof(c), -12345);
	is_str(c, "-12.35k", "kp_fmt_si: -12345 is -12.35k");
	kp_fmt_si(c, sizeof(c), 5845.82);
	is_str(c, "5846", "kp_fmt_si: below 10000 four digits, no suffix");
	kp_fmt_si(c, sizeof(c), 3.2e9);
	is_str(c, "3.2G", "kp_fmt_si: 3.2e9 is 3.2G");
	known(5845.82, "5845.82");
	known(0.1, "0.1");
	known(0.3, "0.3");
	known(0.1 + 0.2, "0.30000000000000004");
	known(-0.0, "-0");
	known(0.0, "0");
	known(1, "1");
	known(-42, "-42");
	known(5892188, "5892188");
	known(9007199254740991.0, "9007199254740991");
	known(9007199254740992.0, "9007199254740992");
	known(1e22, "1e+22");
	known(1.5e300, "1.5e+300");
	known(1e-7, "1e-07");
	known(0.0001, "0.0001");
	known(123.456e-3, "0.123456");
	known(DBL_MAX, "1.7976931348623157e+308");
	known(DBL_MIN, "2.2250738585072014e-308");
	known(DBL_TRUE_MIN, "5e-324");
	known(NAN, "null");
	known(INFINITY, "null");
	known(-INFINITY, "null");

	parse_ok("0", 0.0);
	parse_ok("-0", -0.0);
	parse_ok("5845.82", 5845.82);
	parse_ok("1e22", 1e22);
	parse_ok("1E+2", 100);
	parse_ok("-1.5e-3", -1.5e-3);
	parse_ok("0.000001", 1e-6);
	parse_ok("123456789012345678901234567890", 123456789012345678901234567890.0);
	parse_ok("2.2250738585072011e-308", 2.2250738585072011e-308);
	parse_ok("4.9e-324", 4.9e-324);
	parse_ok("1e400", INFINITY);
	parse_ok("1e-400", 0.0);
	parse_ok("0e999999999999", 0.0);
	parse_ok("9007199254740993", 9007199254740992.0);
	parse_ok("0.1000000000000000055511151231257827021181583404541015625", 0.1);
	parse_bad("");
	parse_bad("-");
	parse_bad("01");
	parse_bad("1.");
	parse_bad(".5");
	parse_bad("+1");
	parse_bad("1e");
	parse_bad("1e+");
	parse_bad("0x10");
	parse_bad("NaN");
	parse_bad("Infinity");
	parse_bad("1 ");
	parse_bad("1.5.5");

	/* the property: print, read back (ours and glibc's), same bits */
	for (i = 0; i < n; i++) {
		x = sample(i);
		len = kp_fmt_num(b, x);
		if (len >= KP_NUMBUF || strlen(b) != len)
			bad++;
		if (kp_parse_num(b, len, &y) != 0 || bits(y) != bits(x)) {
			if (bad++ < 5)
				printf("# %a printed %s read %a\n", x, b, y);
		}
		if (bits(strtod(b, NULL)) != bits(x))
			badstrtod++;
		if (!json_number_ok(b))
			badjson++;
		/* never more than 17 significant digits */
		digits(b, c, &e);
		if (strlen(c) > 17 && longer++ < 5)
			printf("# %s has more than 17 digits\n", b);
		snprintf(c, sizeof c, "%.17g", x);
		/* and our parser agrees with glibc on the %.17g text */
		if (kp_parse_num(c, strlen(c), &y) != 0 || bits(y) != bits(strtod(c, NULL)))
			badstrtod++;
	}
	ok(bad == 0, "%ld random doubles print and read back bit for bit (%ld failed)", n, bad);
	ok(badstrtod == 0, "strtod agrees bit for bit (%ld failed)", badstrtod);
	ok(badjson == 0, "every printed number is a JSON number (%ld not)", badjson);
	ok(longer == 0, "never more than 17 digits (%ld had)", longer);
	versus_python();
	return done_testing();
}
