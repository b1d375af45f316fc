/* read.c: the records of the inputs: samples kept, by group, in 32
 * bytes each; every other record written on as it is read. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp-stats.h"

const char *const fname[NF] = {
	"exp", "key", "kernel", "job", "suite", "bench", "test", "op",
	"metric", "unit", "better", "instance", "run",
	"conc", "iter", "rep", "sub", "value", "type",
};

Sample *S;
size_t ns;
static size_t scap;

/* names of the inputs, for messages about samples read earlier, and the
 * number of lines before each: a sample keeps one 32-bit position */
static char **inname;
static uint64_t *inbase, nlines;
static uint32_t ninname;

const char *
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

/* string token i of d: its bytes and length, unescaped only if need be */
static const char *
jstr(kp_json *d, int i, size_t *len)
{
	const char *p;

	if (d->tok[i].esc) {
		p = kp_json_str(d, i);
		*len = strlen(p);
		return p;
	}
	*len = d->tok[i].len;
	return d->text + d->tok[i].off;
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
		p = jstr(d, i, &len);
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

void
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
			k = jstr(&d, i, &klen);
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
