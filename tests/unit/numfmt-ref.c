/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numfmt-ref: kp_fmt_num writes the very bytes it wrote when printf and
 * strtod did its digits (tests/unit/numfmt-ref.h), and kp_fmt_shortg,
 * where it answers, the bytes of the printf loop; checked on the
 * doubles where that could go wrong and on many drawn at random.
 * `numfmt-ref.t N` draws N of each kind instead of the default. */
#include "numfmt-ref.h"
#include "shortg.h"
#include "../tap.h"

static long checked, differ, unread, gaveup, normals;

static void
check(double x)
{
	char got[KP_NUMBUF], want[KP_NUMBUF];
	int n;
	uint64_t a, b;
	double y;

	checked++;
	kp_fmt_num(got, x);
	ref_fmt_num(want, x);
	if (strcmp(got, want) != 0 && differ++ < 5)
		printf("# %a: kp_fmt_num %s, reference %s\n", x, got, want);
	/* the generator alone, also on what kp_fmt_num answers before it */
	if (isfinite(x) && fabs(x) >= DBL_MIN) {
		normals++;
		if ((n = kp_fmt_shortg(got, x)) < 0) {
			gaveup++;
		} else {
			ref_fmt_printf(want, x);
			if ((strcmp(got, want) != 0 || (size_t)n != strlen(got)) &&
			    differ++ < 5)
				printf("# %a: kp_fmt_shortg %s, printf %s\n", x, got, want);
		}
	}
	if (!isfinite(x))
		return;
	kp_fmt_num(got, x);
	y = strtod(got, NULL);
	memcpy(&a, &x, sizeof a);
	memcpy(&b, &y, sizeof b);
	if (a != b && unread++ < 5)
		printf("# %a printed %s reads back as %a\n", x, got, y);
}

/* x and its neighbours, n ulps either side */
static void
around(double x, int n)
{
	double lo = x, hi = x;
	int i;

	check(x);
	for (i = 0; i < n; i++) {
		check(lo = nextafter(lo, -INFINITY));
		check(hi = nextafter(hi, INFINITY));
	}
}

/* what: the kind; per: give-ups allowed per 10000 normal
 * doubles (a generator that always gave up would pass the rest) */
static void
report(const char *what, long per)
{
	ok(differ == 0, "%s: %ld doubles, the same bytes as the reference (%ld differ)",
		what, checked, differ);
	ok(unread == 0, "%s: every one reads back (%ld do not)", what, unread);
	ok(gaveup * 10000 <= normals * per,
		"%s: the generator decides all but %ld of %ld normal doubles",
		what, gaveup, normals);
	checked = differ = unread = gaveup = normals = 0;
}

int
main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 100000;
	int k, e;
	double x;

	/* specials: zeros, subnormals, the ends of the range, non-finite */
	check(0.0), check(-0.0), check(NAN), check(INFINITY), check(-INFINITY);
	around(DBL_TRUE_MIN, 50), around(DBL_MIN, 50), around(DBL_MAX, 50);
	around(-DBL_MIN, 5), around(-DBL_MAX, 5);
	/* every power of two, and of ten as strtod reads it */
	for (e = -1074; e <= 1023; e++)
		around(ldexp(1, e), 2);
	for (e = -323; e <= 308; e++) {
		char s[16];

		snprintf(s, sizeof s, "1e%d", e);
		around(strtod(s, NULL), 3);
	}
	/* integers near 2^53, and where %g's layout switches */
	around(9007199254740992.0, 2000);
	around(1e-5, 2000), around(1e-4, 2000), around(1e-3, 2000);
	around(1e14, 2000), around(1e15, 2000), around(1e16, 2000), around(1e17, 2000);
	/* 17-digit ties: (2^52 + odd) / 4 ends in 25 and has 18 digits */
	for (i = 1; i < 20000; i += 2)
		check(ldexp(4503599627370496.0 + i, -2));
	/* the tests of numfmt.c that name their bytes */
	check(0.1 + 0.2), check(5845.82), check(1.5e300);
	report("edge cases", 10);

	for (k = 0; k < REF_NKIND; k++) {
		for (i = 0; i < n; i++) {
			x = ref_sample(k);
			check(x);
			check(-x);
		}
		/* it gives up on ties and ends it cannot prove: integers
		 * above 2^63 whose short decimal ends the interval (1e23) */
		report(ref_kind[k], k == REF_EDGE ? 10 : 1);
	}
	return done_testing();
}
