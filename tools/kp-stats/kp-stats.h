/* kp-stats.h: what the files of kp-stats share. */
#ifndef KP_STATS_H
#define KP_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "kp.h"

/* One sample, 32 bytes: re-analysis holds tens of millions of them.
 * Strings are interned ids; the unit a sample belongs to at every level
 * is read off (inst, run, iter, rep).  pos says where it was read, for
 * the one error found only at the end (two samples of one unit). */
typedef struct {
	double v;
	uint32_t g;	/* group */
	uint32_t ri;	/* its (instance, run) pair */
	int32_t iter, rep, sub;
	uint32_t pos;	/* input line counted across all inputs; 0 unknown */
} Sample;

/* strings a group carries, in the order of kp-records(5) */
enum { S_EXP, S_KEY, S_KERNEL, S_JOB, S_SUITE, S_BENCH, S_TEST, S_OP,
	S_METRIC, S_UNIT, S_BETTER, NGSTR };

/* fields of a sample, strings first, in Group.s order */
enum { FL_EXP, FL_KEY, FL_KERNEL, FL_JOB, FL_SUITE, FL_BENCH, FL_TEST, FL_OP,
	FL_METRIC, FL_UNIT, FL_BETTER, FL_INSTANCE, FL_RUN, NSTRF = FL_RUN + 1,
	FL_CONC = NSTRF, FL_ITER, FL_REP, FL_SUB, FL_VALUE, FL_TYPE, NF };

typedef struct {
	uint32_t s[NGSTR];
	long long conc;
	size_t n, ndrop, off;
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
	size_t n, cap;
} Roll;

/* (instance, run) pairs: a run lies on one instance, so samples store
 * one index for both */
typedef struct {
	uint32_t inst, run;
} Pair;

/* main.c */
extern long warmup;	/* -w: repetitions up to this one are dropped */
extern kp_w *out;	/* standard output */

/* intern.c */
extern Pair *pairs;	/* by Sample.ri */
extern uint32_t *srank;	/* bytewise order of each string id, after rankstrings() */
/* the id of the string p[0..len), added if new */
uint32_t intern(const char *p, size_t len);
/* the string of an id, NUL-terminated */
const char *str(uint32_t id);
/* set srank: call once, when every string is in */
void rankstrings(void);
/* the id of the pair (inst, run), added if new */
uint32_t pairof(uint32_t inst, uint32_t run);
/* a hash table of ids + 1 (0 empty) grown to twice its size (min when
 * there is none) with ids 0..n-1 put back at hash(id) */
uint32_t *tab_grow(uint32_t *tab, uint32_t *sz, uint32_t min, uint32_t n,
    uint32_t (*hash)(uint32_t id));

/* the instance and run of a sample */
static inline uint32_t
sinst(const Sample *x)
{
	return pairs[x->ri].inst;
}

static inline uint32_t
srun(const Sample *x)
{
	return pairs[x->ri].run;
}

/* read.c */
extern const char *const fname[NF];	/* the record's names of the fields */
extern Sample *S;	/* the samples kept (not dropped by -w) */
extern size_t ns;
/* read one input (NULL: standard input): samples into groups, every
 * other record written on as it is */
void input(const char *path);
/* the input and line of a position, for a message */
const char *posfile(uint32_t pos, long *line);

/* groups.c */
extern Group *G;
extern uint32_t ng;
/* the group of a sample of strings s (by FL_ index) at conc; dies at
 * token tok[f] of d when a carried string disagrees with the group's */
uint32_t group(kp_json *d, const uint32_t *s, long long conc, const int *tok);
/* S into group order, setting each G[].off */
void group_bucket(void);
/* order[0..ng) the group ids in output order (after rankstrings) */
void group_order(uint32_t *order);
/* order of samples by unit: instance, run, iter, rep, sub; 0 is one unit */
int unitcmp(const Sample *a, const Sample *b);
/* the n samples at s by unitcmp */
void sortunits(Sample *s, size_t n);

/* groupstat.c: the stat record of group g into out, and its noise
 * record; b gets its brief; v, sv, m and ids are scratch of g->n */
void group_stat(Group *g, Brief *b, double *v, double *sv, double *m, uint32_t *ids);
/* open a stat record of scope with g's strings up to S_ index upto */
void idfields(const Group *g, const char *scope, int upto);

/* rollup.c */
/* add a group's brief to a roll-up */
void roll_add(Roll *r, const Brief *b);
/* the roll-up stat record of scope over r's groups, g the last; empties r */
void rollup(Roll *r, const Group *g, const char *scope, int upto);

/* stats.c */
/* 95% interval of the centre of sorted[0..n) */
int ci_centre(const double *sorted, size_t n, double mean, double sd,
    double *lo, double *hi, const char **method);
/* the gap rule: 1 if sorted[0..n) has more than one mode */
int multimodal(const double *sorted, size_t n);

#endif
