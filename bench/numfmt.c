/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numfmt: nanoseconds of CPU per kp_fmt_num call, the printf algorithm
 * it replaced (tests/unit/numfmt-ref.h) against lib/numfmt.c today, on
 * the same doubles, for each kind of double the unit test draws.  Run
 * by hand, not by make check:
 *
 *	make build/bench/numfmt && build/bench/numfmt [N]
 *
 * N doubles of each kind (default 1000000), best of 3 passes each. */
#include <time.h>

#include "../tests/unit/numfmt-ref.h"
#include "shortg.h"

static double
cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static size_t
shortg(char *buf, double x)
{
	int n = kp_fmt_shortg(buf, x);

	return n < 0 ? ref_fmt_printf(buf, x) : (size_t)n;
}

/* the best of 3 passes over xs, in ns a call; *sum keeps the calls */
static double
timed(size_t (*fmt)(char *, double), const double *xs, long n, size_t *sum)
{
	char b[KP_NUMBUF];
	double t, best = 1e300;
	long i;
	int pass;

	for (pass = 0; pass < 3; pass++) {
		t = cpu_ns();
		for (i = 0; i < n; i++)
			*sum += fmt(b, xs[i]);
		t = cpu_ns() - t;
		if (t < best)
			best = t;
	}
	return best / n;
}

int
main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 1000000;
	double *xs = malloc(n * sizeof *xs), before, after, pf, sg;
	size_t sum = 0;
	int k;

	if (!xs || n <= 0)
		return 2;
	/* kp_fmt_num before and after, then their 15-17 digit part alone:
	 * the printf loop and lib/shortg.c (falling back to it) */
	printf("%-28s %10s %10s %8s %10s %10s\n", "doubles", "before ns", "after ns",
		"speedup", "printf ns", "shortg ns");
	for (k = 0; k < REF_NKIND; k++) {
		for (i = 0; i < n; i++)
			xs[i] = ref_sample(k);
		before = timed(ref_fmt_num, xs, n, &sum);
		after = timed(kp_fmt_num, xs, n, &sum);
		pf = timed(ref_fmt_printf, xs, n, &sum);
		sg = timed(shortg, xs, n, &sum);
		printf("%-28s %10.1f %10.1f %7.1fx %10.1f %10.1f\n", ref_kind[k], before, after,
			before / after, pf, sg);
	}
	free(xs);
	return sum == 0;
}
