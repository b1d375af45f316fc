/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-stats.h: what the files of kp-stats share: one context, passed to
 * every function, and no state of their own. */
#ifndef KP_STATS_H
#define KP_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "kp.h"
#include "rec.h"
#include "sampleline.h"

/* One sample, 32 bytes: re-analysis holds tens of millions of them.
 * Strings are interned ids; the unit a sample belongs to at every level
 * is read off (inst, run, iter, rep).  pos says where it was read, for
 * the one error found only at the end (two samples of one unit). */
typedef struct {
	double v;
	uint32_t next;	/* the next sample of its group, NOSAMPLE none */
	uint32_t ri;	/* its (instance, run) pair */
	int32_t iter, rep, sub;
	uint32_t pos;	/* input line counted across all inputs; 0 unknown */
} Sample;

/* the strings of a sample kept as ids: those a group carries, in the
 * order of its stat record, then the instance and the run */
enum { S_EXP, S_KEY, S_KERNEL, S_JOB, S_SUITE, S_BENCH, S_TEST, S_OP,
	S_METRIC, S_UNIT, S_BETTER, NGSTR, S_INSTANCE = NGSTR, S_RUN, NSTR };
/* their fields of a sample record */
extern const int sfield[NSTR];

/* no sample: the end of a group's chain */
#define NOSAMPLE UINT32_MAX

/* a group: its samples are a chain in input order, from head to tail,
 * so that none moves (groups.c) */
typedef struct {
	uint32_t s[NGSTR];
	uint32_t head, tail;
	long long conc;
	size_t n, ndrop;
} Group;

/* what a roll-up needs to know of each group */
typedef struct {
	uint32_t series[4];	/* bench, test, op, metric */
	long long conc;
	size_t n;
	double cv, min, max;
} Brief;

/* the groups of the current test, suite or exp, for its roll-up */
typedef struct {
	Brief *b;
	size_t n;
} Roll;

/* (instance, run) pairs: a run lies on one instance, so samples store
 * one index for both */
typedef struct {
	uint32_t inst, run;
} Pair;

/* the strings, held once in an arena and named by 32-bit ids, and the
 * (instance, run) pairs (intern.c) */
typedef struct {
	char *arena;
	size_t arenalen, arenacap;
	size_t *off;
	uint32_t *len, *hash;
	uint32_t n;
	uint32_t *tab, tabsz;	/* open addressing: id + 1, 0 empty */
	uint32_t *rank;	/* bytewise order of each id, after rankstrings() */
	Pair *pairs;	/* by Sample.ri */
	uint32_t npairs, *ptab, ptabsz, lastpair;
} Strings;

/* the last string seen in each field: samples come in runs of one
 * group, so most lookups end at one memcmp (read.c) */
typedef struct {
	char *p;
	size_t len, cap;
	uint32_t id;
	int set;
} Last;

typedef struct {
	long warmup;	/* -w: repetitions up to this one are dropped */
	uint32_t shard, nshards;	/* -s: this shard of so many, from 1 */
	kp_w *out;	/* standard output */
	Strings str;
	/* samples.c: the samples kept (not dropped by -w), in blocks */
	Sample **blk;
	size_t ns, nblk;
	/* read.c: the names of the inputs, for messages about samples
	 * read earlier, and the number of lines before each: a sample
	 * keeps one 32-bit position */
	char **inname;
	uint64_t *inbase, nlines;
	uint32_t ninname;
	Last last[NSTR];
	kp_recix ix;
	kp_in *in;	/* the open input, reachable when a diagnostic exits */
	/* groups.c */
	Group *G;
	uint32_t ng, *gtab, gtabsz, lastg;
} Stats;

/* samples in a block: 2 MiB, a huge page */
#define SBLOCK (1u << 16)

/* sample i */
static inline Sample *
samp(const Stats *st, uint32_t i)
{
	return &st->blk[i / SBLOCK][i % SBLOCK];
}

/* the instance and run of a sample */
static inline uint32_t
sinst(const Stats *st, const Sample *x)
{
	return st->str.pairs[x->ri].inst;
}

static inline uint32_t
srun(const Stats *st, const Sample *x)
{
	return st->str.pairs[x->ri].run;
}

/* intern.c */
/* the id of the string p[0..len), added if new */
uint32_t str_intern(Strings *s, const char *p, size_t len);
/* the string of an id, NUL-terminated */
char *idstr(const Stats *st, uint32_t id);
/* set rank: call once, when every string is in */
void rankstrings(Strings *s);
/* the id of the pair (inst, run), added if new */
uint32_t str_pair(Strings *s, uint32_t inst, uint32_t run);
/* a hash table of ids + 1 (0 empty) grown to twice its size (min when
 * there is none) with ids 0..n-1 put back at hash(ctx, id) */
uint32_t *tab_grow(uint32_t *tab, uint32_t *sz, uint32_t min, uint32_t n,
    uint32_t (*hash)(const void *ctx, uint32_t id), const void *ctx);

/* samples.c: room for one more sample, the last of st->ns */
Sample *sample_new(Stats *st);

/* read.c */
/* read one input (NULL: standard input): samples into groups, every
 * other record written on as it is */
void read_input(Stats *st, const char *path);
/* the input and line of a position, for a message */
const char *posfile(const Stats *st, uint32_t pos, long *line);

/* groups.c */
/* the group of a sample of strings s (by S_ index) at conc; dies at
 * token tok[f] of d when a carried string disagrees with the group's,
 * or a new group's "better" is not a word of kp_better_v (with d NULL,
 * returns UINT32_MAX instead) */
uint32_t group_find(Stats *st, kp_json *d, const uint32_t *s, long long conc,
    const int *tok);
/* sample i, the last kept, to the end of group g's chain */
void group_link(Stats *st, uint32_t g, uint32_t i);
/* the samples of g, in input order, copied to out[0..g->n) */
void group_gather(const Stats *st, const Group *g, Sample *out);
/* order[0..ng) the group ids in output order (after rankstrings) */
void group_order(Stats *st, uint32_t *order);
/* order of samples by unit: instance, run, iter, rep, sub; 0 is one unit */
int unitcmp(const Stats *st, const Sample *a, const Sample *b);
/* the n samples at s by unitcmp */
void sortunits(const Stats *st, Sample *s, size_t n);

/* groupstat.c: the stat record of group g, of samples s[0..g->n) (put
 * in unit order), and its noise record; b gets its brief; scratch holds
 * room for 7 arrays of g->n values */
void group_stat(Stats *st, Group *g, Sample *s, Brief *b, double *scratch,
    uint32_t *ids, char **names);
/* the strings of g up to S_ index upto into the fields of rec, of type
 * t, from field first on (they are in the same order) */
void idfields(const Stats *st, const Group *g, void *rec, const kp_rtype *t,
    int first, int upto);

/* rollup.c */
/* add a group's brief to a roll-up */
void roll_add(Roll *r, const Brief *b);
/* the roll-up stat record of scope over r's groups, g the last; empties r */
void roll_write(Stats *st, Roll *r, const Group *g, int scope, int upto);

/* stats.c */
/* 95% interval of the centre of sorted[0..n) */
int ci_centre(const double *sorted, size_t n, double mean, double sd,
    double *lo, double *hi, int *method);
/* the gap rule: 1 if sorted[0..n) has more than one mode */
int gap_multimodal(const double *sorted, size_t n);

#endif
