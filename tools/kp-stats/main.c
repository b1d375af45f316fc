/* kp-stats: sample records to stat and noise records.  See kp-stats(1).
 *
 * Samples are held as 32-byte records (value, group and interned unit
 * ids, where they were read), grouped by hash while reading and sorted
 * once per group at the end; every other record passes through as it is
 * read. */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "kp-stats.h"

long warmup;
kp_w *out;

/* the stat records of the groups in order, each roll-up after its last
 * group */
static void
output(void)
{
	uint32_t *order = emalloc((ng + 1) * sizeof(*order)), i, *ids;
	size_t maxn = 1;
	double *v, *sv, *m;
	Roll rt = { 0 }, rs = { 0 }, re = { 0 };
	Group *g, *nx;
	Brief b;

	rankstrings();
	group_bucket();
	group_order(order);
	for (i = 0; i < ng; i++)
		if (G[i].n > maxn)
			maxn = G[i].n;
	v = emalloc(maxn * sizeof(*v));
	sv = emalloc(maxn * sizeof(*sv));
	m = emalloc(maxn * sizeof(*m));
	ids = emalloc(maxn * sizeof(*ids));
	for (i = 0; i < ng; i++) {
		g = &G[order[i]];
		nx = i + 1 < ng ? &G[order[i + 1]] : NULL;
		group_stat(g, &b, v, sv, m, ids);
		roll_add(&rt, &b);
		roll_add(&rs, &b);
		roll_add(&re, &b);
		if (!nx || nx->s[S_EXP] != g->s[S_EXP] ||
		    nx->s[S_SUITE] != g->s[S_SUITE] ||
		    nx->s[S_BENCH] != g->s[S_BENCH] || nx->s[S_TEST] != g->s[S_TEST])
			rollup(&rt, g, "test", S_TEST);
		if (!nx || nx->s[S_EXP] != g->s[S_EXP] ||
		    nx->s[S_SUITE] != g->s[S_SUITE])
			rollup(&rs, g, "suite", S_SUITE);
		if (!nx || nx->s[S_EXP] != g->s[S_EXP])
			rollup(&re, g, "exp", S_JOB);
	}
	free(rt.b);
	free(rs.b);
	free(re.b);
	free(order);
	free(v);
	free(sv);
	free(m);
	free(ids);
}

static void
usage(void)
{
	fprintf(stderr, "usage: kp-stats [-w n] [file ...]\n");
	exit(KP_EXIT_BAD);
}

int
main(int argc, char *argv[])
{
	char *end;
	int c;

	while ((c = getopt(argc, argv, "w:")) != -1) {
		switch (c) {
		case 'w':
			warmup = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end || warmup < 0 || warmup > INT32_MAX)
				errx(KP_EXIT_BAD, "-w %s: expected a number of "
				    "repetitions, 0 or more", optarg);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;

	out = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		input(NULL);
	for (; *argv; argv++)
		input(*argv);
	output();
	kp_w_close(out);
	return KP_EXIT_OK;
}
