/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compare.h: kp-compare's parts, by purpose: reading and the loop over
 * pairs (main.c), which pairs (pairs.c), which stats a pair's sides hold
 * (select.c), one pair's groups, tests and records (compare.c), the side
 * of a group pooled over its stats (pool.c), the cmp record (write.c),
 * and the statistics of one comparison (test.c). */
#ifndef COMPARE_H
#define COMPARE_H

#include <stddef.h>

#include "kp.h"
#include "rec.h"
#include "coverage.h"
#include "select.h"
#include "strmap.h"

/* the levels of replication, as kp_level */
enum { LV_INSTANCE = KP_LV_INSTANCE, LV_RUN = KP_LV_RUN, LV_ITER = KP_LV_ITER,
	LV_REP = KP_LV_REP, LV_SUB = KP_LV_SUB, NLV = KP_NLV };

enum method { M_MODERATED, M_SWEEP, M_WELCHLOG, M_WELCH, M_MWU, M_CIDIFF, M_PAIRED };

typedef struct {	/* one side of a comparison, pooled over its stat records */
	double *obs[NLV];
	size_t nobs[NLV];
	char **inst;	/* per_instance names and locations (huber) */
	double *instloc;
	size_t ninst;
	double median, mean, cv;
	const char *better;
} Side;

typedef struct {	/* everything kp-compare computes for one group */
	int level;	/* LV_*, or -1 when no level has a unit on each side */
	size_t nb, nt;
	double change, change_mean, ci_lo, ci_hi;
	/* ci_lo and ci_hi as the last test left them, made by test_ci()
	 * for the record: each test but the last is replaced, and a t
	 * quantile for each was a tenth of kp-compare's time.  The
	 * interval of a difference of logs, or of means with the base mean
	 * taken as known; its difference, standard error and df */
	enum { CI_NONE, CI_LOG, CI_MEAN } ci;
	double ci_diff, ci_se, ci_df, ci_bmean;
	const char *method;
	double p, q, df, g, delta, cidiff, prior_df;
	int worse;
	/* for the moderated test, filled by test_group, finished by
	 * test_moderate once the prior of the pair is known */
	int logok;
	double ldiff, ls2, ld;	/* log-scale mean difference, pooled variance, df */
	/* for the sweep, filled by test_moderate, used by test_sweep */
	int modok;
	double se;	/* standard error of ldiff under the moderated variance */
	double shrink;	/* weight of the family mean, NAN when not borrowed */
	/* the closed test of its family (closed.c), NAN when it has none:
	 * the level's adjusted p inside the family, and the family's p */
	double ct_p, ct_fam;
	/* the family-wide test (family.c), NAN when it had too few units */
	double fam_change, fam_p, fam_q;
	long long fam_units;
	int fam_rel;	/* relative to the pair's other families */
} Result;

void test_group(const Side *b, const Side *t, enum method m, Result *r);
/* r->ci_lo and r->ci_hi, from the interval its last test left */
void test_ci(Result *r);
/* moderate every Result of one pair and level that asked for it; the
 * prior worth at most famcap times each group's own df (INFINITY: no cap) */
void test_moderate(Result **r, size_t n, double famcap);
typedef struct {	/* the concurrency levels of one measurement */
	Result **r;
	const Side **b, **t;	/* b[i] and t[i] are the sides of r[i] */
	size_t k;
	/* test_sweep's own */
	int ok;
	int *apart;
	/* test_famvar's: cs when every level took the family's variance,
	 * the interaction's mean square and its df */
	int cs;
	double mse, dfe;
	double *v, *y[2], c, tau2, mu, sw, s2, d;
} Family;

/* each level's variance from its family's instances x levels (a random
 * instance effect), every level already moderated */
void test_famvar(Family *f, size_t n);
/* borrow across the levels of each family of one pair, every level
 * already moderated */
void test_sweep(Family *f, size_t n);

/* closed.c */
/* the closed test of the levels of each family that test_famvar gave one
 * variance: ct_p and ct_fam of its Results, every level's p final */
void test_closed(Family *f, size_t n);
/* the same from every set of levels, none skipped by its bound: what
 * test_closed must equal, to the bit (tests/unit/closed.c) */
void test_closed_every(Family *f, size_t n);

/* the fields of a stat record kp-compare reads, named as in kp_stat,
 * and none it does not: a stat is held to the end, and kp_stat is most
 * of what one holds.  Of per_instance, n; its names and locations
 * (huber) and obs are in the stat's side. */
typedef struct {
	kp_has has;
	char *exp, *key, *kernel, *job, *suite, *bench, *test, *op, *metric, *unit;
	int better, multimodal;
	long long conc;
	char *group, *series_id;
	kp_strs runs, instances;
	double median, mean, cv;
	struct {
		size_t n;
	} per_instance;
} Held;

/* one stat record of scope group */
typedef struct {
	Held s;	/* the fields kp-compare reads */
	char *file;	/* where it was read */
	long line;
	char group[KP_IDSZ];	/* its group id, read or computed */
	char series[KP_IDSZ];	/* its series id (kp_series_id), read or computed */
	kp_fvs f;	/* its fields as text, for selection */
	Side side;
	size_t *rix;	/* the run records of its runs */
	size_t nrix;
	size_t *kc;	/* the kernel classes of it and of those run records */
	size_t nkc;
} Stat;

typedef struct {
	char *run;
	kp_fvs f;
} Run;

typedef struct {
	kp_sel b, t;
	const char *bname, *tname;
	int chosen;	/* by -b/-t or a pairs file: a side matching nothing is an error */
	const char *file;	/* the pairs file and line, or NULL */
	long line;
	char **keys;	/* only these keys (default pairing), or all */
	size_t *kix;	/* their indexes in keymap */
	size_t nkeys;
} Pair;

typedef struct {	/* stat indexes, ascending */
	size_t *v;
	size_t n;
} List;

typedef struct {	/* one measurement of one pair: its stats on each side */
	Stat **b, **t;
	size_t nb, nt;
	Side sb, st;
	Result r;
	/* its family id (kp_family_id), for groups on both sides: the unit
	 * the sweep, the shift and the discovery rate count */
	char family[KP_IDSZ];
	/* the instance arrays (instloc, obs[LV_INSTANCE]) of each side that
	 * offsets_remove() corrected, and the ones it replaced */
	double *own[2][2], *was[2][2];
} Group;

/* hold.c: where the held stats' names and arrays are */
typedef struct {
	kp_strmap *names;	/* every name, once */
	kp_strmap *lists;	/* every list of names (runs, hosts), once */
	char *last[16];	/* each string field's value in the last stat */
	char **lastlist[3];	/* its runs, instances and per_instance names */
	size_t lastn[3];
	char **tmp, **raw;	/* a list being interned, and as read */
	size_t tmpsz, rawsz;
	char *next;	/* the arena: the free part of its current block */
	size_t left;
} Hold;

/* fast.c's: a stat line's strings, lists and numbers, as kp_rec_read()
 * would give them, in blocks kept from line to line */
typedef struct {
	char *str;	/* the strings, each ended by a NUL */
	size_t strsz, nstr;
	char **ptr;	/* the lists of strings */
	size_t ptrsz;
	kp_inst *inst;	/* per_instance */
	size_t instsz;
	double *num[NLV];	/* obs, by level */
	size_t numsz[NLV];
	char id[2][KP_IDSZ];	/* an older record's group and series ids */
} Scratch;

typedef struct {
	enum method m;
	/* selections by -b, -t or -p can name any field, so each stat keeps
	 * its fields as text; the default pairs name kernels only, and
	 * the text of every field was most of the memory of a stat */
	int anyfield;
	int nostats;	/* -S: stat records not copied to the output */
	unsigned shard, nshards;	/* -s i/n: the ith range of pairs, from 1 */
	/* a shard's second reading keeps only the stats of its pairs: those
	 * of a (key, kernel class) in need, or of a kernel in needk (the
	 * first shard's lone kernels' baselines); NULL: keep every stat */
	kp_strmap *need, *needk;
	size_t nall;	/* stat records read, kept or not */
	/* the first reading's stat records, in order: the file (in argv),
	 * line and (key, kernel) pair of each, so that the second parses
	 * only the lines of the stats it holds */
	struct { uint32_t file, kk; long line; } *at;
	kp_w *w;
	Stat *stats;
	size_t nstats;
	Hold hold;	/* what the stats hold */
	Scratch scratch;
	Run *runs;
	size_t nruns;
	kp_strmap *groups;	/* group id -> stat index: each group once */
	/* Indexes built once all records are read, so that pairing and
	 * selecting cost time in proportion to the stats concerned, not to
	 * every stat for every pair.  A kernel class is the set of kernel
	 * names kp_kver_same() holds equal. */
	kp_strmap *keymap;	/* key -> index */
	List *bykey;
	kp_strmap *kclassmap;	/* canonical version -> kernel class */
	kp_strmap *kernmap;	/* kernel name -> index in kernclass */
	size_t *kernclass;
	List *byclass;	/* by kernel class */
	kp_strmap *kcmap;	/* (key index, kernel class) -> index in bykc */
	List *bykc;
} Compare;

/* a cause of warnings, counted, with one example */
typedef struct {
	char *text, *eg;
	size_t n;
} Cause;

typedef struct {
	Cause *v;
	size_t n;
	kp_strmap *m;
} Causes;

/* cover.c */
/* "suite/bench/test[op metric]@conc", a group's name in coverage records */
void cover_name(const Stat *s, char *buf, size_t sz);
void cause_add(Causes *cs, const char *text, const char *eg);
/* one warning per cause, "PREFIX: N UNIT TEXT, e.g. EXAMPLE"; empties cs */
void cause_warn(Causes *cs, const char *prefix, const char *unit);
/* the identity fields that differ between the runs of b and t (at
 * most 32, freed with kp_id_differ_free), the kp-identify options that
 * would match them in why, a cause for warnings in text */
size_t cover_differ(const Compare *c, const Stat *b, const Stat *t,
    kp_cov_diff *d, char *why, size_t wsz, char *text, size_t tsz);
/* the coverage records of pair p and its groups, and their warnings */
void cover_pair(Compare *c, const Pair *p, Group *g, size_t ng);

/* pairs.c */
/* the kernels of each key, each once, in order of first appearance:
 * what the default pairs are made of */
typedef struct {
	kp_strmap *keys;	/* key -> index */
	kp_strmap *kerns;	/* every kernel -> index */
	kp_strmap *kk;	/* (key, kernel) pairs seen */
	size_t **kern;	/* by key: its kernels, indexes in kerns */
	size_t *nkern;
	size_t *kkkey, *kkkern;	/* by (key, kernel) pair: its key and kernel */
} Kernels;

/* a kernel of a key that is neither compared nor a baseline */
typedef struct {
	char *key;
	char *kern;
	int why;	/* KP_BASE_* */
} Lone;

/* add a stat's key and kernel; the index of the (key, kernel) pair */
size_t kernels_add(Kernels *kn, const char *key, const char *kern);
/* every kernel of kn, in order of first appearance, and each one's
 * baseline among them (kp_baselines); their number */
size_t allkernelsof(const Kernels *kn, char ***kern, long **base, int **reason);
/* the default pairs: each kernel of a key against its baseline; the
 * kernels of a key that are neither, in *lone */
Pair *kernel_pairs(const Kernels *kn, size_t *np, Lone **lone, size_t *nlone);
/* p->kix: its keys' indexes in c->keymap (after index_stats) */
void pair_keys(Compare *c, Pair *p);
/* why the lone kernels were not compared: coverage records, warnings */
void lonely(Compare *c, const Kernels *kn, const Lone *lone, size_t nlone);
/* the pairs of a file of BASELINE TARGET lines */
Pair *read_pairs(const char *path, size_t *np);
/* a -b, -t or pairs-file selector; dies when it is malformed */
void add_selector(kp_sel *s, const char *arg, const char *file, long line);

/* select.c */
/* the indexes above, once every record is read */
void index_stats(Compare *c);
/* the kernel class of a kernel name (an index), made when new */
size_t sel_kclass(Compare *c, const char *name);
/* the stats that may match a side of pair p, ascending, in *n; NULL
 * when that may be any stat */
size_t *sel_candidates(Compare *c, const Pair *p, size_t *n);
/* does stat s match selection sel (its fields or its run records')? */
int sel_matches(const Compare *c, const kp_sel *sel, const Stat *s);

/* compare.c */
/* every cmp record of pair p */
void compare_pair(Compare *c, Pair *p);
/* "suite/bench/test[op metric] at conc", for messages */
const char *stat_name(const Stat *s, char *buf, size_t sz);

/* family.c */
/* the pair-wide shift record of pair p, and every group's family-wide
 * test, from its groups g[0..ng) */
void test_families(Compare *c, Pair *p, Group *g, size_t ng);
/* do the pair's instances each run 3 families or more? */
int instances_shared(const Group *g, size_t ng);

/* offset.c */
/* remove from every group's instance values each instance's offset common
 * to the pair's other families; the weight given to it (0: none) */
double offsets_remove(Group *g, size_t ng);

/* units.c: the instance name (interned: hold.c) of side t (0 the
 * baseline, 1 the target) in m, a map of a pair's units: its index, in
 * order of first appearance; unit_find's -1 when it has none.  With a
 * family index k, the unit in that family. */
size_t unit_add(kp_strmap *m, int t, const char *name, int *isnew);
long unit_find(kp_strmap *m, int t, const char *name);
size_t unit_fam_add(kp_strmap *m, int t, const char *name, size_t k,
    int *isnew);

/* pool.c */
/* the side of a group pooled over its stats s[0..n), which must not
 * share a run or an instance (side names it in the message) */
void pool_side(Stat **s, size_t n, Side *out, const char *side);

/* hold.c */
/* x, as kp_rec_read() and kp_rec_upgrade() left it (own: the blocks it
 * had are freed) or as fast_stat() left it (not own: they are its
 * scratch), moved into h, s->s and s->side (obs, per_instance): its
 * names interned, its arrays in h's arena */
void hold_stat(Hold *h, Stat *s, kp_stat *x, int own);
/* room for n elements of size bytes in h's arena */
void *hold_array(Hold *h, size_t n, size_t size);
/* kp_grow() of the stats array, mapped, not malloc's: never freed, nor
 * given to realloc or free; in huge pages where the kernel gives them */
void *hold_grow(void *p, size_t n, size_t size);

/* main.c */
/* x, read off line lineno of file, kept as the next stat: held (hold_stat,
 * own as there), its group indexed.  With once, NULL and nothing kept
 * when its group is held already; without, the caller has made sure it
 * is not, or dies. */
Stat *keep_stat(Compare *c, kp_stat *x, char *file, long lineno, int own,
    int once);

/* fast.c */
/* the stat record on line, read as kp_rec_read() would read the fields
 * in want (every one kp-compare reads) and kept (keep_stat); 0 when the
 * line is not laid out as kp-stats writes a stat, or has anything the
 * JSON reader or readstat() would refuse: nothing is kept then */
int fast_stat(Compare *c, const kp_has *want, const char *line, size_t len,
    long lineno, char *file);

/* write.c */
/* g->family, from the experiments of its sides (as its cmp record) */
void cmp_family(Group *g);
void write_cmp(Compare *c, Group *g);

#endif
