/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-stats: sample records to stat and noise records.  See kp-stats(1).
 *
 * Samples are held as 32-byte records (value, group and interned unit
 * ids, where they were read), grouped by hash while reading and sorted
 * once per group at the end; every other record passes through as it is
 * read. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "kp-stats.h"

static const char synopsis[] = "usage: kp-stats [-s i/n] [-w n] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 's', NULL, "i/n",
	    "shard i of n: keep only the samples of the ith range of ids" },
	{ 'w', NULL, "n",
	    "drop the first n repetitions of each iteration as warm-up" },
	{ 0 }
};

/* the stat records of the groups in order, each roll-up after its last
 * group */
static void
output(Stats *st)
{
	uint32_t *order = emalloc((st->ng + 1) * sizeof(*order)), i, *ids;
	size_t maxn = 1;
	double *scratch;
	char **names;
	Roll rt = { 0 }, rs = { 0 }, re = { 0 };
	Group *g, *nx;
	Sample *s;
	Brief b;

	rankstrings(&st->str);
	group_order(st, order);
	for (i = 0; i < st->ng; i++)
		if (st->G[i].n > maxn)
			maxn = st->G[i].n;
	scratch = ereallocarray(NULL, 7 * maxn, sizeof(*scratch));
	ids = ereallocarray(NULL, maxn, sizeof(*ids));
	names = ereallocarray(NULL, 2 * maxn, sizeof(*names));
	s = ereallocarray(NULL, maxn, sizeof(*s));
	for (i = 0; i < st->ng; i++) {
		g = &st->G[order[i]];
		nx = i + 1 < st->ng ? &st->G[order[i + 1]] : NULL;
		/* groups in output order lie all over memory: fetch the one
		 * after next, and the first sample of the next, meanwhile */
		if (i + 2 < st->ng)
			__builtin_prefetch(&st->G[order[i + 2]]);
		if (nx && nx->n)
			__builtin_prefetch(samp(st, nx->head));
		group_gather(st, g, s);
		group_stat(st, g, s, &b, scratch, ids, names);
		roll_add(&rt, &b);
		roll_add(&rs, &b);
		roll_add(&re, &b);
		if (!nx || nx->s[S_EXP] != g->s[S_EXP] ||
		    nx->s[S_SUITE] != g->s[S_SUITE] ||
		    nx->s[S_BENCH] != g->s[S_BENCH] || nx->s[S_TEST] != g->s[S_TEST])
			roll_write(st, &rt, g, KP_SCOPE_TEST, S_TEST);
		if (!nx || nx->s[S_EXP] != g->s[S_EXP] ||
		    nx->s[S_SUITE] != g->s[S_SUITE])
			roll_write(st, &rs, g, KP_SCOPE_SUITE, S_SUITE);
		if (!nx || nx->s[S_EXP] != g->s[S_EXP])
			roll_write(st, &re, g, KP_SCOPE_EXP, S_JOB);
	}
	free(rt.b);
	free(rs.b);
	free(re.b);
	free(order);
	free(scratch);
	free(ids);
	free(names);
	free(s);
}

int
main(int argc, char *argv[])
{
	static Stats st;	/* reachable to the end, as its samples are */
	char extra;
	int c;

	st.shard = st.nshards = 1;
	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (c) {
		case 's':
			if (sscanf(optarg, "%" SCNu32 "/%" SCNu32 "%c", &st.shard,
			    &st.nshards, &extra) != 2 || st.nshards < 1 ||
			    st.nshards > 256 || st.shard < 1 || st.shard > st.nshards)
				kp_die("-s %s: expected i/n, a shard i of n, 1 <= i <= n <= 256",
				    optarg);
			break;
		case 'w':
			st.warmup = kp_opt_ll("-w", optarg, 0, INT32_MAX,
			    "a number of repetitions, 0 or more");
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;

	st.out = kp_w_open(stdout, "<stdout>");
	if (argc == 0)
		read_input(&st, NULL);
	for (; *argv; argv++)
		read_input(&st, *argv);
	output(&st);
	kp_w_close(st.out);
	return KP_EXIT_OK;
}
