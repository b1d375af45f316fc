/* kp-stats.h: what the files of kp-stats share. */
#include <stddef.h>
#include <stdint.h>

/* One sample: 40 bytes.  Strings are interned ids; the unit a sample
 * belongs to at every level is read off (inst, run, iter, rep).  file and
 * line say where it was read, for the one error found only at the end (two
 * samples of one unit). */
/* 32 bytes a sample: re-analysis holds tens of millions of them */
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

/* stats.c */
int ci_centre(const double *sorted, size_t n, double mean, double sd,
    double *lo, double *hi, const char **method);
int multimodal(const double *sorted, size_t n);
