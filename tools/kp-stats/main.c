/* kp-stats: sample records to stat and noise records.  See kp-stats(1).
 *
 * Samples are held as 40-byte records (value, group and interned unit
 * ids, where they were read), grouped by hash while reading and sorted
 * once per group at the end; every other record passes through as it is
 * read. */
#include <err.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kp.h"
#include "kp-stats.h"

/* fields of a sample, strings first, in Group.s order */
enum { FL_EXP, FL_KEY, FL_KERNEL, FL_JOB, FL_SUITE, FL_BENCH, FL_TEST, FL_OP,
	FL_METRIC, FL_UNIT, FL_BETTER, FL_INSTANCE, FL_RUN, NSTRF = FL_RUN + 1,
	FL_CONC = NSTRF, FL_ITER, FL_REP, FL_SUB, FL_VALUE, FL_TYPE, NF };
static const char *const fname[NF] = {
	"exp", "key", "kernel", "job", "suite", "bench", "test", "op",
	"metric", "unit", "better", "instance", "run",
	"conc", "iter", "rep", "sub", "value", "type",
};

static void usage(void);

/* interned strings: bytes in one arena, ids index offsets */
static char *arena;
static size_t arenalen, arenacap;
static size_t *soff;
static uint32_t *slen, *shash;
static uint32_t nstr, strcap;
static uint32_t *stab;	/* open addressing: id + 1, 0 empty */
static uint32_t stabsz;
static uint32_t *srank;	/* bytewise order of each id, set at the end */

static Sample *S;
static size_t ns, scap;

static Group *G;
static uint32_t ng, gcap;
static uint32_t *gtab, gtabsz;

static long warmup;
static kp_w *out;

/* names of the inputs, for messages about samples read earlier, and the
 * number of lines before each: a sample keeps one 32-bit position */
static char **inname;
static uint64_t *inbase, nlines;
static uint32_t ninname;

/* (instance, run) pairs: a run lies on one instance, so samples store
 * one index for both */
typedef struct {
	uint32_t inst, run;
} Pair;
static Pair *pairs;
static uint32_t npairs, paircap, *ptab, ptabsz;

static uint32_t
sinst(const Sample *x)
{
	return pairs[x->ri].inst;
}

static uint32_t
srun(const Sample *x)
{
	return pairs[x->ri].run;
}

static uint32_t
pairof(uint32_t inst, uint32_t run)
{
	static uint32_t last = UINT32_MAX;
	uint64_t h;
	uint32_t i, j, *t;

	if (last != UINT32_MAX && pairs[last].inst == inst && pairs[last].run == run)
		return last;
	if (2 * (npairs + 1) > ptabsz) {
		ptabsz = ptabsz ? 2 * ptabsz : 256;
		t = ecalloc(ptabsz, sizeof(*t));
		for (i = 0; i < npairs; i++) {
			h = ((uint64_t)pairs[i].inst << 32 | pairs[i].run) * 0x9e3779b97f4a7c15ULL;
			for (j = (uint32_t)(h >> 32) & (ptabsz - 1); t[j]; j = (j + 1) & (ptabsz - 1))
				;
			t[j] = i + 1;
		}
		free(ptab);
		ptab = t;
	}
	h = ((uint64_t)inst << 32 | run) * 0x9e3779b97f4a7c15ULL;
	for (j = (uint32_t)(h >> 32) & (ptabsz - 1); ptab[j]; j = (j + 1) & (ptabsz - 1))
		if (pairs[ptab[j] - 1].inst == inst && pairs[ptab[j] - 1].run == run)
			return last = ptab[j] - 1;
	if (npairs == paircap) {
		paircap = paircap ? 2 * paircap : 64;
		pairs = ereallocarray(pairs, paircap, sizeof(*pairs));
	}
	pairs[npairs].inst = inst;
	pairs[npairs].run = run;
	ptab[j] = npairs + 1;
	return last = npairs++;
}

/* the input and line of a position, for a message */
static const char *
posfile(uint32_t pos, long *line)
{
	uint32_t f = ninname;

	while (f > 1 && inbase[f - 1] >= pos)
		f--;
	*line = pos ? (long)(pos - inbase[f - 1]) : 0;
	return inname[f - 1];
}

/* per-field cache of the last string seen: samples come in runs of one
 * group, so most lookups end at one memcmp */
static struct {
	char *p;
	size_t len, cap;
	uint32_t id;
	int set;
} last[NSTRF];

static uint32_t
hashbytes(const char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	while (n--)
		h = (h ^ (unsigned char)*p++) * 0x100000001b3ULL;
	return (uint32_t)(h ^ (h >> 32));
}

static const char *
str(uint32_t id)
{
	return arena + soff[id];
}

static void
strgrow(void)
{
	uint32_t i, j, *t, sz = stabsz ? 2 * stabsz : 1024;

	t = ecalloc(sz, sizeof(*t));
	for (i = 0; i < nstr; i++) {
		for (j = shash[i] & (sz - 1); t[j]; j = (j + 1) & (sz - 1))
			;
		t[j] = i + 1;
	}
	free(stab);
	stab = t;
	stabsz = sz;
}

static uint32_t
intern(const char *p, size_t len)
{
	uint32_t h = hashbytes(p, len), j, id;

	if (2 * (nstr + 1) > stabsz)
		strgrow();
	for (j = h & (stabsz - 1); (id = stab[j]); j = (j + 1) & (stabsz - 1)) {
		id--;
		if (shash[id] == h && slen[id] == len &&
		    memcmp(arena + soff[id], p, len) == 0)
			return id;
	}
	if (nstr == strcap) {
		strcap = strcap ? 2 * strcap : 256;
		soff = ereallocarray(soff, strcap, sizeof(*soff));
		slen = ereallocarray(slen, strcap, sizeof(*slen));
		shash = ereallocarray(shash, strcap, sizeof(*shash));
	}
	while (arenalen + len + 1 > arenacap) {
		arenacap = arenacap ? 2 * arenacap : 4096;
		arena = erealloc(arena, arenacap);
	}
	memcpy(arena + arenalen, p, len);
	arena[arenalen + len] = '\0';
	soff[nstr] = arenalen;
	slen[nstr] = (uint32_t)len;
	shash[nstr] = h;
	arenalen += len + 1;
	stab[j] = nstr + 1;
	return nstr++;
}

static uint32_t
internf(int f, const char *p, size_t len)
{
	if (last[f].set && last[f].len == len && memcmp(last[f].p, p, len) == 0)
		return last[f].id;
	if (len + 1 > last[f].cap) {
		last[f].cap = len + 64;
		last[f].p = erealloc(last[f].p, last[f].cap);
	}
	memcpy(last[f].p, p, len);
	last[f].len = len;
	last[f].set = 1;
	return last[f].id = intern(p, len);
}

static uint32_t
grouphash(const uint32_t *s, long long conc)
{
	uint64_t h = (uint64_t)conc * 0x9e3779b97f4a7c15ULL;
	static const int k[] = { S_EXP, S_SUITE, S_BENCH, S_TEST, S_OP, S_METRIC };
	size_t i;

	for (i = 0; i < KP_LEN(k); i++)
		h = (h ^ s[k[i]]) * 0x100000001b3ULL;
	return (uint32_t)(h ^ (h >> 29));
}

static int
samegroup(const Group *g, const uint32_t *s, long long conc)
{
	return g->conc == conc && g->s[S_EXP] == s[S_EXP] &&
	    g->s[S_SUITE] == s[S_SUITE] && g->s[S_BENCH] == s[S_BENCH] &&
	    g->s[S_TEST] == s[S_TEST] && g->s[S_OP] == s[S_OP] &&
	    g->s[S_METRIC] == s[S_METRIC];
}

static void
ggrow(void)
{
	uint32_t i, j, *t, sz = gtabsz ? 2 * gtabsz : 1024;

	t = ecalloc(sz, sizeof(*t));
	for (i = 0; i < ng; i++) {
		for (j = grouphash(G[i].s, G[i].conc) & (sz - 1); t[j];
		    j = (j + 1) & (sz - 1))
			;
		t[j] = i + 1;
	}
	free(gtab);
	gtab = t;
	gtabsz = sz;
}

/* the group of a sample; a new group takes the sample's carried strings,
 * an old one must agree with them */
static uint32_t
group(kp_json *d, const uint32_t *s, long long conc, const int *tok)
{
	static uint32_t lastg = UINT32_MAX;
	static const int carried[] = { S_KEY, S_KERNEL, S_JOB, S_UNIT, S_BETTER };
	uint32_t j, id;
	size_t i;

	if (lastg != UINT32_MAX && samegroup(&G[lastg], s, conc))
		id = lastg;
	else {
		if (2 * (ng + 1) > gtabsz)
			ggrow();
		for (j = grouphash(s, conc) & (gtabsz - 1); (id = gtab[j]);
		    j = (j + 1) & (gtabsz - 1))
			if (samegroup(&G[id - 1], s, conc))
				break;
		if (id)
			id--;
		else {
			if (ng == gcap) {
				gcap = gcap ? 2 * gcap : 256;
				G = ereallocarray(G, gcap, sizeof(*G));
			}
			memset(&G[ng], 0, sizeof(G[ng]));
			memcpy(G[ng].s, s, sizeof(G[ng].s));
			G[ng].conc = conc;
			gtab[j] = ng + 1;
			id = ng++;
		}
	}
	lastg = id;
	for (i = 0; i < KP_LEN(carried); i++)
		if (G[id].s[carried[i]] != s[carried[i]])
			kp_rec_die(d, tok[carried[i]],
			    "\"%s\" is \"%s\" here and \"%s\" in earlier samples "
			    "of %s/%s/%s[%s %s] at %lld; expected one per group",
			    fname[carried[i]], str(s[carried[i]]),
			    str(G[id].s[carried[i]]), str(s[S_SUITE]),
			    str(s[S_BENCH]), str(s[S_TEST]), str(s[S_OP]),
			    str(s[S_METRIC]), conc);
	return id;
}

/* a switch, not a loop over fname: this runs for every member of every
 * record and was a third of the time */
static int
fieldof(const char *k, size_t len)
{
#define IS(name, f) if (memcmp(k, name, sizeof(name) - 1) == 0) return f
	switch (len) {
	case 2:
		IS("op", FL_OP);
		break;
	case 3:
		IS("exp", FL_EXP);
		IS("key", FL_KEY);
		IS("job", FL_JOB);
		IS("run", FL_RUN);
		IS("rep", FL_REP);
		IS("sub", FL_SUB);
		break;
	case 4:
		IS("type", FL_TYPE);
		IS("test", FL_TEST);
		IS("unit", FL_UNIT);
		IS("conc", FL_CONC);
		IS("iter", FL_ITER);
		break;
	case 5:
		IS("suite", FL_SUITE);
		IS("bench", FL_BENCH);
		IS("value", FL_VALUE);
		break;
	case 6:
		IS("kernel", FL_KERNEL);
		IS("metric", FL_METRIC);
		IS("better", FL_BETTER);
		break;
	case 8:
		IS("instance", FL_INSTANCE);
		break;
	}
	return -1;
#undef IS
}

/* kp_json_int with a fast path for the small counts samples carry: a
 * number token of at most 9 digits (the reader has checked its syntax) */
static int
jint(const kp_json *d, int i, long long *x)
{
	const kp_jtok *t = &d->tok[i];
	const char *p = d->text + t->off;
	long long v = 0;
	uint32_t k;

	if (t->type != KP_JNUM || t->len > 9)
		return kp_json_int(d, i, x);
	for (k = 0; k < t->len; k++) {
		if (p[k] < '0' || p[k] > '9')
			return kp_json_int(d, i, x);
		v = 10 * v + (p[k] - '0');
	}
	*x = v;
	return 0;
}

static int32_t
req_int32(kp_json *d, int i, int f)
{
	long long x;

	if (jint(d, i, &x) < 0 || x < INT32_MIN || x > INT32_MAX)
		kp_rec_die(d, i, "expected an integer for \"%s\"", fname[f]);
	return (int32_t)x;
}

static void
sample(kp_json *d, const int *tok)
{
	uint32_t s[NSTRF];
	const char *p;
	long long conc;
	double v;
	size_t len;
	int f, i;

	for (f = 0; f < FL_TYPE; f++)
		if (tok[f] < 0)
			kp_rec_die(d, 0, "a sample without \"%s\"; expected "
			    "the fields of kp-records(5)%s", fname[f],
			    f == FL_EXP || f == FL_KEY ?
			    " (kp-identify adds exp and key)" : "");
	for (f = 0; f < NSTRF; f++) {
		i = tok[f];
		if (d->tok[i].type != KP_JSTR)
			kp_rec_die(d, i, "expected a string for \"%s\"", fname[f]);
		if (d->tok[i].esc) {
			p = kp_json_str(d, i);
			len = strlen(p);
		} else {
			p = d->text + d->tok[i].off;
			len = d->tok[i].len;
		}
		s[f] = internf(f, p, len);
	}
	if (jint(d, tok[FL_CONC], &conc) < 0)
		kp_rec_die(d, tok[FL_CONC], "expected an integer for \"conc\"");
	if (kp_json_num(d, tok[FL_VALUE], &v) < 0)
		kp_rec_die(d, tok[FL_VALUE], "expected a number for \"value\"");
	if (!isfinite(v))
		kp_rec_die(d, tok[FL_VALUE], "value out of range; expected a "
		    "finite number");
	if (ns == scap) {
		scap = scap ? 2 * scap : 4096;
		S = ereallocarray(S, scap, sizeof(*S));
	}
	S[ns].v = v;
	S[ns].ri = pairof(s[FL_INSTANCE], s[FL_RUN]);
	S[ns].iter = req_int32(d, tok[FL_ITER], FL_ITER);
	S[ns].rep = req_int32(d, tok[FL_REP], FL_REP);
	S[ns].sub = req_int32(d, tok[FL_SUB], FL_SUB);
	S[ns].g = group(d, s, conc, tok);
	S[ns].pos = inbase[ninname - 1] + (uint64_t)d->line > UINT32_MAX ? 0 :
	    (uint32_t)(inbase[ninname - 1] + (uint64_t)d->line);
	if (S[ns].rep <= warmup)
		G[S[ns].g].ndrop++;
	else {
		G[S[ns].g].n++;
		ns++;
	}
}

/* the open input, in a static so that a reader still open when a
 * diagnostic exits is reachable, not a leak */
static kp_in *curin;

static void
input(const char *path)
{
	kp_in *in = curin = kp_in_open(path);
	int tok[NF], i, f, end;
	const char *k;
	size_t klen;
	kp_json d;

	inname = ereallocarray(inname, ninname + 1, sizeof(*inname));
	inbase = ereallocarray(inbase, ninname + 1, sizeof(*inbase));
	inbase[ninname] = nlines;
	inname[ninname++] = estrdup(kp_in_name(in));
	kp_json_init(&d);
	while (kp_rec_next(in, &d)) {
		for (f = 0; f < NF; f++)
			tok[f] = -1;
		end = (int)d.tok[0].next;
		for (i = 1; i < end; i = (int)d.tok[i + 1].next) {
			if (d.tok[i].esc) {
				k = kp_json_str(&d, i);
				klen = strlen(k);
			} else {
				k = d.text + d.tok[i].off;
				klen = d.tok[i].len;
			}
			if ((f = fieldof(k, klen)) >= 0 && tok[f] < 0)
				tok[f] = i + 1;
		}
		if (tok[FL_TYPE] < 0 || d.tok[tok[FL_TYPE]].type != KP_JSTR)
			kp_rec_type(&d);	/* dies, saying why */
		if (kp_json_streq(&d, tok[FL_TYPE], "sample"))
			sample(&d, tok);
		else
			kp_w_line(out, d.text, d.len);
	}
	nlines += (uint64_t)kp_in_lineno(in);
	kp_json_free(&d);
	kp_in_close(curin);
}

/* ranks: bytewise order of the interned strings */
static int
idcmp(const void *a, const void *b)
{
	return strcmp(str(*(const uint32_t *)a), str(*(const uint32_t *)b));
}

static void
rankstrings(void)
{
	uint32_t *ids = emalloc((nstr + 1) * sizeof(*ids)), i;

	for (i = 0; i < nstr; i++)
		ids[i] = i;
	qsort(ids, nstr, sizeof(*ids), idcmp);
	srank = emalloc((nstr + 1) * sizeof(*srank));
	for (i = 0; i < nstr; i++)
		srank[ids[i]] = i;
	free(ids);
}

/* samples into group order, in place (a cycle-leader bucket sort): no
 * second copy of the samples */
static void
bucket(void)
{
	size_t *next = emalloc((ng + 1) * sizeof(*next)), o = 0, i;
	uint32_t g;
	Sample t;

	for (g = 0; g < ng; g++) {
		G[g].off = next[g] = o;
		o += G[g].n;
	}
	for (g = 0; g < ng; g++) {
		while (next[g] < G[g].off + G[g].n) {
			i = next[g];
			if (S[i].g == g) {
				next[g]++;
				continue;
			}
			t = S[i];
			S[i] = S[next[t.g]];
			S[next[t.g]++] = t;
		}
	}
	free(next);
}

static int
unitcmp(const Sample *a, const Sample *b)
{
	if (a->ri != b->ri) {
		if (sinst(a) != sinst(b))
			return srank[sinst(a)] < srank[sinst(b)] ? -1 : 1;
		if (srun(a) != srun(b))
			return srank[srun(a)] < srank[srun(b)] ? -1 : 1;
	}
	if (a->iter != b->iter)
		return a->iter < b->iter ? -1 : 1;
	if (a->rep != b->rep)
		return a->rep < b->rep ? -1 : 1;
	if (a->sub != b->sub)
		return a->sub < b->sub ? -1 : 1;
	return 0;
}

static int
unitcmpq(const void *a, const void *b)
{
	return unitcmp(a, b);
}

static void
sortunits(Sample *s, size_t n)
{
	size_t i;

	/* parsers write samples in order: check before sorting */
	for (i = 1; i < n; i++)
		if (unitcmp(&s[i - 1], &s[i]) > 0)
			break;
	if (i < n)
		qsort(s, n, sizeof(*s), unitcmpq);
}

static int
groupcmp(const void *pa, const void *pb)
{
	static const int k[] = { S_EXP, S_SUITE, S_BENCH, S_TEST, S_OP, S_METRIC };
	const Group *a = &G[*(const uint32_t *)pa], *b = &G[*(const uint32_t *)pb];
	size_t i;

	for (i = 0; i < KP_LEN(k); i++)
		if (a->s[k[i]] != b->s[k[i]])
			return srank[a->s[k[i]]] < srank[b->s[k[i]]] ? -1 : 1;
	return (a->conc > b->conc) - (a->conc < b->conc);
}

static void
knum_or_null(const char *key, double x)
{
	kp_w_knum(out, key, x);	/* the writer prints null for NAN */
}

static void
idfields(const Group *g, const char *scope, int upto)
{
	static const int k[] = { S_EXP, S_KEY, S_KERNEL, S_JOB, S_SUITE,
		S_BENCH, S_TEST, S_OP, S_METRIC, S_UNIT, S_BETTER };
	size_t i;

	kp_w_obj(out);
	kp_w_kstr(out, "type", "stat");
	kp_w_kstr(out, "scope", scope);
	for (i = 0; i < KP_LEN(k) && (int)k[i] <= upto; i++)
		kp_w_kstr(out, fname[k[i]], str(g->s[k[i]]));
}

/* means of the contiguous units of one level: same(a, b) says whether
 * two neighbouring samples share a unit */
static size_t
levelmeans(const Sample *s, const double *v, size_t n, int level, double *m)
{
	size_t i, start = 0, k = 0;

	for (i = 1; i <= n; i++) {
		if (i < n && sinst(&s[i]) == sinst(&s[i - 1]) && (level < 1 ||
		    (srun(&s[i]) == srun(&s[i - 1]) && (level < 2 ||
		    (s[i].iter == s[i - 1].iter && (level < 3 ||
		    (s[i].rep == s[i - 1].rep && level < 4)))))))
			continue;
		m[k++] = kp_mean(v + start, i - start);
		start = i;
	}
	return k;
}

/* rollup state: the groups of the current test, suite and exp */
typedef struct {
	Brief *b;
	size_t n, cap;
} Roll;

static int
dblcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int
llcmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void
rollup(Roll *r, const Group *g, const char *scope, int upto)
{
	size_t i, j, tot = 0, mode = 0, modec = 0, c, inc = 0, ncv = 0;
	size_t unstable = 0, nl = 0, nmiss = 0;
	double *cv = emalloc((r->n + 1) * sizeof(*cv)), cvmax = NAN;
	long long *lv = emalloc((r->n + 1) * sizeof(*lv));
	long long *miss = emalloc((r->n + 1) * sizeof(*miss));
	int found;

	for (i = 0; i < r->n; i++) {
		tot += r->b[i].n;
		for (c = 0, j = 0; j < r->n; j++)
			c += r->b[j].n == r->b[i].n;
		if (c > modec || (c == modec && r->b[i].n > mode)) {
			modec = c;
			mode = r->b[i].n;
		}
		if (!isnan(r->b[i].cv)) {
			cv[ncv++] = r->b[i].cv;
			if (isnan(cvmax) || r->b[i].cv > cvmax)
				cvmax = r->b[i].cv;
		}
		/* lkp-tests: stable when (max - min) / min <= 20% and
		 * RSD <= 20%; not judged without a spread or a positive min */
		if (r->b[i].n >= 2 && r->b[i].min > 0 && !isnan(r->b[i].cv) &&
		    ((r->b[i].max - r->b[i].min) / r->b[i].min > 0.2 ||
		    r->b[i].cv > 0.2))
			unstable++;
		lv[nl++] = r->b[i].conc;
	}
	for (i = 0; i < r->n; i++)
		inc += r->b[i].n < mode;
	/* every level against every series (bench, test, op, metric) */
	qsort(lv, nl, sizeof(*lv), llcmp);
	for (i = 0, j = 0; i < nl; i++)
		if (i == 0 || lv[i] != lv[j - 1])
			lv[j++] = lv[i];
	nl = j;
	for (i = 0; i < r->n; i++) {
		if (i > 0 && memcmp(r->b[i].series, r->b[i - 1].series,
		    sizeof(r->b[i].series)) == 0)
			continue;
		for (c = 0; c < nl; c++) {
			found = 0;
			for (j = i; j < r->n && memcmp(r->b[j].series,
			    r->b[i].series, sizeof(r->b[i].series)) == 0; j++)
				if (r->b[j].conc == lv[c])
					found = 1;
			if (!found)
				miss[nmiss++] = lv[c];
		}
	}
	qsort(miss, nmiss, sizeof(*miss), llcmp);
	qsort(cv, ncv, sizeof(*cv), dblcmp);

	idfields(g, scope, upto);
	kp_w_kint(out, "n_groups", (long long)r->n);
	kp_w_kint(out, "n", (long long)tot);
	kp_w_kint(out, "incomplete_groups", (long long)inc);
	kp_w_key(out, "missing_conc");
	kp_w_arr(out);
	for (i = 0; i < nmiss; i++)
		if (i == 0 || miss[i] != miss[i - 1])
			kp_w_int(out, miss[i]);
	kp_w_end(out);
	knum_or_null("cv_median", kp_median(cv, ncv));
	knum_or_null("cv_max", cvmax);
	kp_w_kint(out, "unstable_groups", (long long)unstable);
	kp_w_end(out);
	r->n = 0;
	free(cv);
	free(lv);
	free(miss);
}

static void
addbrief(Roll *r, const Brief *b)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->b = ereallocarray(r->b, r->cap, sizeof(*r->b));
	}
	r->b[r->n++] = *b;
}

static int
ridcmp(const void *a, const void *b)
{
	uint32_t x = srank[*(const uint32_t *)a], y = srank[*(const uint32_t *)b];

	return (x > y) - (x < y);
}

static char *subtxt;
static size_t subtxt_len, subtxt_cap;

static void
subtxt_add(const char *p, size_t len)
{
	while (subtxt_len + len > subtxt_cap) {
		subtxt_cap = subtxt_cap ? 2 * subtxt_cap : 4096;
		subtxt = erealloc(subtxt, subtxt_cap);
	}
	memcpy(subtxt + subtxt_len, p, len);
	subtxt_len += len;
}

/* the stat record of one group, and its noise record */
static void
stat(Group *g, Brief *b, double *v, double *sv, double *m, uint32_t *ids)
{
	Sample *s = S + g->off;
	size_t n = g->n, i, j, k, ninst, nruns, niters, nreps;
	double mean, sd, lo, hi, cv, med, mad;
	const char *method;

	sortunits(s, n);
	for (i = 0; i < n; i++)
		sv[i] = v[i] = s[i].v;
	kp_sort(sv, n);
	for (i = 1; i < n; i++)
		if (unitcmp(&s[i - 1], &s[i]) == 0) {
			/* name the later of the two, and the earlier */
			long lj, lk;
			const char *fj, *fk;

			j = s[i].pos > s[i - 1].pos ? i : i - 1;
			k = i + i - 1 - j;
			fj = posfile(s[j].pos, &lj);
			fk = posfile(s[k].pos, &lk);
			kp_die_at(fj, lj, 0,
			    "a second sample of %s/%s/%s[%s %s] at %lld in run "
			    "\"%s\" iter %d rep %d sub %d (the first is at "
			    "%s:%ld); expected one",
			    str(g->s[S_SUITE]), str(g->s[S_BENCH]),
			    str(g->s[S_TEST]), str(g->s[S_OP]),
			    str(g->s[S_METRIC]), g->conc, str(srun(&s[i])),
			    s[i].iter, s[i].rep, s[i].sub, fk, lk);
		}
	mean = kp_mean(v, n);
	sd = kp_sd(v, n);
	cv = mean != 0 ? sd / mean : NAN;
	med = kp_median(sv, n);

	idfields(g, "group", S_BETTER);
	kp_w_kint(out, "conc", g->conc);
	/* runs: each run lies inside one instance, so distinct neighbours */
	for (i = 0, nruns = 0; i < n; i++)
		if (i == 0 || s[i].ri != s[i - 1].ri)
			ids[nruns++] = srun(&s[i]);
	qsort(ids, nruns, sizeof(*ids), ridcmp);
	for (i = 0, j = 0; i < nruns; i++)
		if (j == 0 || ids[i] != ids[j - 1])
			ids[j++] = ids[i];
	nruns = j;
	kp_w_key(out, "runs");
	kp_w_arr(out);
	for (i = 0; i < nruns; i++)
		kp_w_str(out, str(ids[i]));
	kp_w_end(out);
	kp_w_key(out, "instances");
	kp_w_arr(out);
	for (i = 0, ninst = 0; i < n; i++)
		if (i == 0 || sinst(&s[i]) != sinst(&s[i - 1])) {
			kp_w_str(out, str(sinst(&s[i])));
			ninst++;
		}
	kp_w_end(out);
	niters = n ? levelmeans(s, v, n, 2, m) : 0;
	nreps = n ? levelmeans(s, v, n, 3, m) : 0;
	kp_w_kint(out, "n", (long long)n);
	kp_w_kint(out, "n_dropped", (long long)g->ndrop);
	kp_w_kint(out, "n_instances", (long long)ninst);
	kp_w_kint(out, "n_runs", (long long)nruns);
	kp_w_kint(out, "n_iters", (long long)niters);
	kp_w_kint(out, "n_reps", (long long)nreps);
	knum_or_null("median", med);
	knum_or_null("mean", mean);
	knum_or_null("sd", sd);
	mad = kp_mad(sv, n);
	knum_or_null("mad", mad);
	knum_or_null("mad_scaled", 1.4826 * mad);
	knum_or_null("cv", cv);
	knum_or_null("min", n ? sv[0] : NAN);
	knum_or_null("max", n ? sv[n - 1] : NAN);
	knum_or_null("q1", kp_quantile(sv, n, 0.25));
	knum_or_null("q3", kp_quantile(sv, n, 0.75));
	knum_or_null("gmean", n ? kp_gmean(v, n) : NAN);
	knum_or_null("hmean", n ? kp_hmean(v, n) : NAN);
	ci_centre(sv, n, mean, sd, &lo, &hi, &method);
	knum_or_null("ci_low", lo);
	knum_or_null("ci_high", hi);
	kp_w_kstr(out, "ci_method", method);
	kp_w_kbool(out, "multimodal", multimodal(sv, n));
	kp_w_key(out, "per_instance");
	kp_w_arr(out);
	for (i = 0, j = 0; i <= n; i++) {
		if (n == 0 || (i < n && sinst(&s[i]) == sinst(&s[j])))
			continue;
		memcpy(m, v + j, (i - j) * sizeof(*m));
		kp_w_obj(out);
		kp_w_kstr(out, "instance", str(sinst(&s[j])));
		kp_w_kint(out, "n", (long long)(i - j));
		kp_w_knum(out, "median", kp_median_select(m, i - j));
		kp_w_knum(out, "mean", kp_mean(v + j, i - j));
		kp_w_end(out);
		j = i;
	}
	kp_w_end(out);
	/* a level whose units are single samples repeats obs.sub: format
	 * the values once (a third of the output time went to formatting) */
	subtxt_len = 0;
	subtxt_add("[", 1);
	for (i = 0; i < n; i++) {
		char buf[KP_NUMBUF];

		if (i)
			subtxt_add(",", 1);
		subtxt_add(buf, kp_fmt_num(buf, v[i]));
	}
	subtxt_add("]", 1);
	kp_w_key(out, "obs");
	kp_w_obj(out);
	for (k = 0; k < 5; k++) {
		static const char *const lname[] = { "instance", "run",
			"iter", "rep", "sub" };
		size_t nm = n && k < 4 ? levelmeans(s, v, n, (int)k, m) : n;

		kp_w_key(out, lname[k]);
		if (nm == n) {
			kp_w_raw(out, subtxt, subtxt_len);
			continue;
		}
		kp_w_arr(out);
		for (i = 0; i < nm; i++)
			kp_w_num(out, m[i]);
		kp_w_end(out);
	}
	kp_w_end(out);
	kp_w_end(out);

	b->series[0] = g->s[S_BENCH];
	b->series[1] = g->s[S_TEST];
	b->series[2] = g->s[S_OP];
	b->series[3] = g->s[S_METRIC];
	b->conc = g->conc;
	b->n = n;
	b->cv = cv;
	b->min = n ? sv[0] : NAN;
	b->max = n ? sv[n - 1] : NAN;

	if (nruns < 2)
		return;
	/* run medians, in the order of the runs array (ids) */
	kp_w_obj(out);
	kp_w_kstr(out, "type", "noise");
	for (k = 0; k < 9; k++) {
		static const int f[] = { S_EXP, S_KEY, S_KERNEL, S_JOB, S_SUITE,
			S_BENCH, S_TEST, S_OP, S_METRIC };
		kp_w_kstr(out, fname[f[k]], str(g->s[f[k]]));
	}
	kp_w_kint(out, "conc", g->conc);
	kp_w_kint(out, "n_runs", (long long)nruns);
	kp_w_key(out, "runs");
	kp_w_arr(out);
	for (i = 0; i < nruns; i++)
		kp_w_str(out, str(ids[i]));
	kp_w_end(out);
	lo = INFINITY;
	hi = -INFINITY;
	kp_w_key(out, "run_medians");
	kp_w_arr(out);
	for (k = 0; k < nruns; k++) {
		for (i = 0, j = 0; i < n; i++)
			if (srun(&s[i]) == ids[k])
				m[j++] = v[i];
		med = kp_median_select(m, j);
		kp_w_num(out, med);
		lo = fmin(lo, med);
		hi = fmax(hi, med);
	}
	kp_w_end(out);
	knum_or_null("noise_pct", lo > 0 ? 100 * (hi / lo - 1) : NAN);
	kp_w_end(out);
}

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
	bucket();
	for (i = 0; i < ng; i++) {
		order[i] = i;
		if (G[i].n > maxn)
			maxn = G[i].n;
	}
	qsort(order, ng, sizeof(*order), groupcmp);
	v = emalloc(maxn * sizeof(*v));
	sv = emalloc(maxn * sizeof(*sv));
	m = emalloc(maxn * sizeof(*m));
	ids = emalloc(maxn * sizeof(*ids));
	for (i = 0; i < ng; i++) {
		g = &G[order[i]];
		nx = i + 1 < ng ? &G[order[i + 1]] : NULL;
		stat(g, &b, v, sv, m, ids);
		addbrief(&rt, &b);
		addbrief(&rs, &b);
		addbrief(&re, &b);
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
