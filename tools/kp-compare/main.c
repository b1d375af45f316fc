/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-compare: pair each target experiment with its baseline and compare
 * every measurement they share.  See kp-compare(1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"

static const char synopsis[] =
    "usage: kp-compare [-S] [-b sel] [-t sel] [-p pairs] [-m method] [-s i/n] [file ...]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'b', NULL, "sel",
	    "the baseline: the stats this selection selects" },
	{ 't', NULL, "sel",
	    "the target: the stats this selection selects" },
	{ 'p', NULL, "pairs",
	    "a file of pairs, one a line" },
	{ 'S', NULL, NULL,
	    "leave the stat records out of the output" },
	{ 's', NULL, "i/n",
	    "shard i of n: compare only the ith range of pairs" },
	{ 'm', NULL, "method",
	    "the test (see METHODS in the man page)" },
	{ 0 }
};

/* -m: the tests, in the order of enum method */
static const char *const mnames[] = { "moderated", "sweep", "welch-log",
	"welch", "mwu", "mmtests-cidiff", "paired" };
static const kp_vocab methods = { mnames, (int)KP_LEN(mnames), NULL, "a method" };

/* what kp-compare reads of a stat record */
static kp_has
statfields(void)
{
	return kp_has_of(KP_STAT_EXP, KP_STAT_KEY, KP_STAT_KERNEL, KP_STAT_JOB,
	    KP_STAT_SUITE, KP_STAT_BENCH, KP_STAT_TEST, KP_STAT_OP,
	    KP_STAT_METRIC, KP_STAT_UNIT, KP_STAT_BETTER, KP_STAT_CONC,
	    KP_STAT_GROUP, KP_STAT_SERIES_ID, KP_STAT_RUNS, KP_STAT_INSTANCES,
	    KP_STAT_MEDIAN, KP_STAT_MEAN, KP_STAT_CV, KP_STAT_MULTIMODAL,
	    KP_STAT_PER_INSTANCE, KP_STAT_OBS, -1);
}

Stat *
keep_stat(Compare *c, kp_stat *x, char *file, long lineno, int own, int once)
{
	char group[KP_IDSZ];
	Stat *s;
	size_t k;
	int isnew;

	/* an older record's ids come from kp_rec_upgrade */
	snprintf(group, sizeof(group), "%s", x->group);
	k = kp_strmap_add(c->groups, group, strlen(group), &isnew);
	if (once && !isnew)
		return NULL;
	c->stats = hold_grow(c->stats, c->nstats, sizeof(*c->stats));
	s = &c->stats[c->nstats++];
	memset(s, 0, sizeof(*s));
	s->file = file;
	s->line = lineno;
	memcpy(s->group, group, sizeof(group));
	snprintf(s->series, sizeof(s->series), "%s", x->series_id);
	if (own)
		free(x->group);	/* the map's copy is the one held */
	x->group = (char *)kp_strmap_key(c->groups, k, NULL);
	hold_stat(&c->hold, s, x, own);
	s->side.median = s->s.median;
	s->side.mean = s->s.mean;
	s->side.cv = s->s.cv;
	s->side.better = kp_word(&kp_better_v, s->s.better);
	if (!c->anyfield) {
		s->f.v = hold_array(&c->hold, 1, sizeof(*s->f.v));
		s->f.v[0].name = (char *)KP_FNAME(kp_stat_t, KP_STAT_KERNEL);
		s->f.v[0].val = s->s.kernel;
		s->f.n = 1;
	}
	return s;
}

/* a stat record, parsed into d: what fast_stat() did not take */
static void
readstat(Compare *c, kp_json *d, const kp_has *want, kp_recix *ix, char *file)
{
	char buf[512], group[KP_IDSZ];
	Stat *s, *first;
	kp_stat x;
	long k;

	kp_rec_read(d, &kp_stat_t, &x, want, ix);
	kp_rec_upgrade(d, &kp_stat_t, &x, want);
	snprintf(group, sizeof(group), "%s", x.group);
	k = kp_strmap_find(c->groups, group, strlen(group));
	s = keep_stat(c, &x, file, d->line, 1, 0);
	if (k >= 0) {
		first = &c->stats[k];
		kp_rec_die(d, -1, "a second stat record of %s of experiment %s "
		    "(group %s; the first is at %s:%ld); expected one per group",
		    stat_name(s, buf, sizeof(buf)), s->s.exp, s->group, first->file,
		    first->line);
	}
	if (s->side.nobs[LV_SUB] == 0)
		kp_rec_die(d, -1, "expected at least one value in obs.sub");
	if (c->anyfield)
		kp_fvs_read(d, &s->f);
}

static void
readrun(Compare *c, kp_json *d)
{
	static const kp_has want = { { 1u << KP_RUN_RUN, 0 } };
	kp_run r;
	Run *x;

	kp_rec_read(d, &kp_run_t, &r, &want, NULL);
	c->runs = kp_grow(c->runs, c->nruns, sizeof(*c->runs));
	x = &c->runs[c->nruns++];
	x->run = r.run;
	kp_fvs_read(d, &x->f);
}

/* Every record of a file: the stats whole, the run records; every record
 * copied by the first shard (all but the stats with -S). */
static void
readfile(Compare *c, const char *path)
{
	kp_in *in = kp_in_open(path);
	kp_has want = statfields();
	kp_recix ix = { 0 };
	char *file = estrdup(kp_in_name(in)), *line;	/* named by its stats */
	size_t len;
	kp_json d;

	kp_json_init(&d);
	while ((line = kp_in_record(in, &len))) {
		/* the default pairs need no field as text: a stat line
		 * read off its layout */
		if (!c->anyfield && fast_stat(c, &want, line, len,
		    kp_in_lineno(in), file)) {
			if (c->shard == 1 && !c->nostats)
				kp_w_line(c->w, line, len);
			c->nall++;
			continue;
		}
		kp_rec_parse(in, &d, line, len);
		if (c->shard == 1 &&
		    (!c->nostats || strcmp(kp_rec_type(&d), kp_stat_t.name)))
			kp_w_line(c->w, d.text, d.len);
		if (kp_rec_is(&d, &kp_stat_t)) {
			readstat(c, &d, &want, &ix, file);
			c->nall++;
		} else if (kp_rec_is(&d, &kp_run_t))
			readrun(c, &d);
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* the JSON string at *p up to its closing quote, into buf, when it has
 * no escape and fits; *p then past the quote */
static int
plainstr(const char **p, const char *end, char *buf, size_t sz)
{
	const char *q = *p;

	while (q < end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20)
		q++;
	if (q == end || *q != '"' || (size_t)(q - *p) >= sz)
		return 0;
	memcpy(buf, *p, (size_t)(q - *p));
	buf[q - *p] = '\0';
	*p = q + 1;
	return 1;
}

/* The key and kernel of a stat record of scope group as kp-stats writes
 * it, read off the start of its line: the first reading needs only
 * them, and parsing the unit values of every stat was most of its time.
 * 0 for any other line, which is parsed. */
static int
statprefix(const char *line, size_t len, char *key, size_t ksz, char *kern,
    size_t nsz)
{
	static const char head[] = "{\"type\":\"stat\",\"scope\":\"group\",\"exp\":\"";
	static const char k[] = ",\"key\":\"", n[] = ",\"kernel\":\"";
	const char *p = line + sizeof(head) - 1, *end = line + len;
	char exp[128];

	if (len < sizeof(head) - 1 || memcmp(line, head, sizeof(head) - 1) ||
	    !plainstr(&p, end, exp, sizeof(exp)) ||
	    (size_t)(end - p) < sizeof(k) - 1 || memcmp(p, k, sizeof(k) - 1))
		return 0;
	p += sizeof(k) - 1;
	if (!plainstr(&p, end, key, ksz) ||
	    (size_t)(end - p) < sizeof(n) - 1 || memcmp(p, n, sizeof(n) - 1))
		return 0;
	p += sizeof(n) - 1;
	return plainstr(&p, end, kern, nsz);
}

/* A shard's first reading of the fileno-th file: the records copied (by
 * the first shard), the run records, and of each stat its key and kernel
 * into kn and where it is into c->at.  A stat record is parsed whole by
 * the shards that hold it (readheld). */
static void
readindex(Compare *c, const char *path, Kernels *kn, uint32_t fileno)
{
	static const kp_has light = { { 1u << KP_STAT_KEY | 1u << KP_STAT_KERNEL, 0 } };
	kp_in *in = kp_in_open(path);
	kp_recix lix = { 0 };
	char err[256], key[256], kern[1024], *line;
	size_t len, col;
	long lineno;
	kp_stat x;
	kp_json d;
	int stat;

	kp_json_init(&d);
	while ((line = kp_in_record(in, &len))) {
		lineno = kp_in_lineno(in);
		if ((stat = statprefix(line, len, key, sizeof(key), kern,
		    sizeof(kern))) == 0) {
			d.file = kp_in_name(in);
			d.line = lineno;
			if (kp_json_parse(&d, line, len, err, sizeof(err), &col) < 0)
				kp_die_at(d.file, d.line, col, "%s", err);
			if (kp_rec_is(&d, &kp_stat_t)) {
				kp_rec_read(&d, &kp_stat_t, &x, &light, &lix);
				/* a name cut short could join two kernels */
				if (strlen(x.key) >= sizeof(key) ||
				    strlen(x.kernel) >= sizeof(kern))
					kp_die_at(d.file, d.line, 0, "a stat "
					    "record's %s is over %zu bytes: "
					    "expected a comparison key or "
					    "kernel name for -s", strlen(x.key)
					    >= sizeof(key) ? "key" : "kernel",
					    strlen(x.key) >= sizeof(key) ?
					    sizeof(key) - 1 : sizeof(kern) - 1);
				snprintf(key, sizeof(key), "%s", x.key);
				snprintf(kern, sizeof(kern), "%s", x.kernel);
				kp_rec_free(&kp_stat_t, &x);
				stat = 1;
			} else if (kp_rec_is(&d, &kp_run_t))
				readrun(c, &d);
		}
		if (c->shard == 1 && (!c->nostats || (!stat &&
		    strcmp(kp_rec_type(&d), kp_stat_t.name))))
			kp_w_line(c->w, line, len);
		if (stat) {
			c->at = kp_grow(c->at, c->nall, sizeof(*c->at));
			c->at[c->nall].file = fileno;
			c->at[c->nall].line = lineno;
			c->at[c->nall++].kk = (uint32_t)kernels_add(kn, key, kern);
		}
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* A shard's second reading of the fileno-th file: the stats it holds,
 * whole, from *pos on in c->at; only their lines are parsed. */
static void
readheld(Compare *c, const char *path, uint32_t fileno,
    const unsigned char *keep, size_t *pos)
{
	kp_in *in = kp_in_open(path);
	kp_has want = statfields();
	kp_recix ix = { 0 };
	char *file = estrdup(kp_in_name(in)), err[256], *line;
	size_t len, col;
	kp_json d;

	kp_json_init(&d);
	while (*pos < c->nall && c->at[*pos].file == fileno &&
	    (line = kp_in_line(in, &len))) {
		if (kp_in_lineno(in) != c->at[*pos].line)
			continue;
		if (keep[c->at[(*pos)++].kk] && !fast_stat(c, &want, line, len,
		    kp_in_lineno(in), file)) {
			d.file = file;
			d.line = kp_in_lineno(in);
			if (kp_json_parse(&d, line, len, err, sizeof(err), &col) < 0)
				kp_die_at(d.file, d.line, col, "%s", err);
			readstat(c, &d, &want, &ix, file);
		}
	}
	kp_json_free(&d);
	kp_in_close(in);
}

/* the pairs [*lo, *hi) of np that shard i of n compares: ranges as even
 * as whole pairs allow, in order, so that the shards' outputs one after
 * the other are one run's */
static void
shardrange(const Compare *c, size_t np, size_t *lo, size_t *hi)
{
	*lo = np * (c->shard - 1) / c->nshards;
	*hi = np * c->shard / c->nshards;
}

/* keep[kk]: does the shard hold the stats of (key, kernel) pair kk? */
static unsigned char *
keeps(Compare *c, const Kernels *kn)
{
	size_t n = kn->kk ? kp_strmap_len(kn->kk) : 0, kk, len;
	unsigned char *keep = ecalloc(n + 1, 1);
	const char *key, *kern;
	char cl[32];

	for (kk = 0; kk < n; kk++) {
		key = kp_strmap_key(kn->keys, kn->kkkey[kk], &len);
		kern = kp_strmap_key(kn->kerns, kn->kkkern[kk], &len);
		snprintf(cl, sizeof(cl), "%zu", sel_kclass(c, kern));
		keep[kk] = kp_strmap_findv(c->need, key, cl, NULL) >= 0 ||
		    kp_strmap_find(c->needk, kern, strlen(kern)) >= 0;
	}
	return keep;
}

/* What a shard holds, by (key, kernel) pair of kn: the stats of the keys
 * of its pairs whose kernel is in the class of either side; the first
 * shard also those of its lone kernels (their coverage records), and
 * every stat of the baseline of a lone kernel (a baseline under another
 * key: "apart").  A stat's own kernel decides, not the kernels of its run
 * records, which the default pairs do not use. */
static unsigned char *
shardneed(Compare *c, const Kernels *kn, Pair *p, size_t lo, size_t hi,
    const Lone *lone, size_t nlone)
{
	char **kern, cl[2][32];
	long *base, j;
	int *reason, isnew;
	size_t i, k;

	c->need = kp_strmap_new();
	c->needk = kp_strmap_new();
	for (i = lo; i < hi; i++) {
		snprintf(cl[0], sizeof(cl[0]), "%zu", sel_kclass(c, p[i].bname));
		snprintf(cl[1], sizeof(cl[1]), "%zu", sel_kclass(c, p[i].tname));
		for (k = 0; k < p[i].nkeys; k++) {
			kp_strmap_addv(c->need, &isnew, p[i].keys[k], cl[0], NULL);
			kp_strmap_addv(c->need, &isnew, p[i].keys[k], cl[1], NULL);
		}
	}
	if (c->shard != 1 || !nlone)
		return keeps(c, kn);
	allkernelsof(kn, &kern, &base, &reason);
	for (i = 0; i < nlone; i++) {
		snprintf(cl[0], sizeof(cl[0]), "%zu", sel_kclass(c, lone[i].kern));
		kp_strmap_addv(c->need, &isnew, lone[i].key, cl[0], NULL);
		j = kp_strmap_find(kn->kerns, lone[i].kern, strlen(lone[i].kern));
		if (base[j] >= 0)
			kp_strmap_add(c->needk, kern[base[j]], strlen(kern[base[j]]),
			    &isnew);
	}
	free(kern);
	free(base);
	free(reason);
	return keeps(c, kn);
}

/* no pair at all: said as a record, so that no report reads as "no
 * regressions" when nothing was compared */
static void
nothing(Compare *c)
{
	kp_coverage cov;

	kp_coverage_init(&cov, KP_COV_COMPARE, KP_COV_UNCOMPARED, KP_COV_LPAIR, "-");
	cov.why = c->nall ? "no kernel has a baseline; see the other coverage "
	    "records, or give -b and -t" : "the input has no stat records";
	cov.expected = (long long)c->nall;
	cov.found = 0;
	kp_coverage_write(c->w, &cov);
	kp_warn("nothing compared: %s", cov.why);
}

int
main(int argc, char *argv[])
{
	static Compare c;	/* reachable to the end, as the stats are */
	static Pair one, *pairs;
	static Kernels kn;
	Lone *lone = NULL;
	size_t np = 0, nlone = 0, i, lo, hi, pos;
	unsigned char *keep;
	const char *pfile = NULL;
	char list[256], extra;
	int ch, m;

	c.m = M_SWEEP;
	c.shard = c.nshards = 1;
	while ((ch = kp_getopt(argc, argv, synopsis, options)) != -1) {
		switch (ch) {
		case 'b':
			add_selector(&one.b, optarg, NULL, 0);
			break;
		case 'm':
			if ((m = kp_vocab_find(&methods, optarg, strlen(optarg))) < 0)
				kp_die("unknown method \"%s\": expected %s", optarg,
				    kp_vocab_list(&methods, list, sizeof(list)));
			c.m = (enum method)m;
			break;
		case 'p':
			pfile = optarg;
			break;
		case 's':
			if (sscanf(optarg, "%u/%u%c", &c.shard, &c.nshards, &extra) != 2 ||
			    c.nshards < 1 || c.nshards > 256 || c.shard < 1 ||
			    c.shard > c.nshards)
				kp_die("-s %s: expected i/n, a shard i of n, 1 <= i <= n <= 256",
				    optarg);
			break;
		case 'S':
			c.nostats = 1;
			break;
		case 't':
			add_selector(&one.t, optarg, NULL, 0);
			break;
		default:
			kp_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	if (!one.b.n != !one.t.n || (pfile && one.b.n))
		kp_usage(synopsis);

	c.anyfield = one.b.n || pfile;
	c.w = kp_w_open(stdout, "<stdout>");
	c.groups = kp_strmap_new();
	if (c.nshards > 1 && !c.anyfield) {
		/* the default pairs by shard: the pairs from every stat's key
		 * and kernel, then the stats of this shard's pairs alone */
		if (argc == 0)
			kp_die("-s: expected files, not the standard input: "
			    "a shard reads its input twice");
		c.kernmap = kp_strmap_new();
		c.kclassmap = kp_strmap_new();
		for (i = 0; i < (size_t)argc; i++)
			readindex(&c, argv[i], &kn, (uint32_t)i);
		pairs = kernel_pairs(&kn, &np, &lone, &nlone);
		shardrange(&c, np, &lo, &hi);
		keep = shardneed(&c, &kn, pairs, lo, hi, lone, nlone);
		for (i = 0, pos = 0; i < (size_t)argc; i++)
			readheld(&c, argv[i], (uint32_t)i, keep, &pos);
		free(keep);
		index_stats(&c);
	} else {
		if (argc == 0)
			readfile(&c, "-");
		for (i = 0; i < (size_t)argc; i++)
			readfile(&c, argv[i]);
		index_stats(&c);
		for (i = 0; i < c.nstats; i++)
			kernels_add(&kn, c.stats[i].s.key, c.stats[i].s.kernel);
		if (pfile)
			pairs = read_pairs(pfile, &np);
		else if (one.b.n) {
			one.bname = kp_sel_name(&one.b);
			one.tname = kp_sel_name(&one.t);
			one.chosen = 1;
			pairs = &one;
			np = 1;
		} else
			pairs = kernel_pairs(&kn, &np, &lone, &nlone);
		shardrange(&c, np, &lo, &hi);
	}
	/* the lone kernels' coverage comes before the pairs', as the
	 * first shard's */
	if (c.shard == 1)
		lonely(&c, &kn, lone, nlone);
	for (i = lo; i < hi; i++) {
		if (pairs[i].keys)
			pair_keys(&c, &pairs[i]);
		compare_pair(&c, &pairs[i]);
	}
	if (np == 0 && c.shard == 1)
		nothing(&c);
	kp_w_close(c.w);
	return KP_EXIT_OK;
}
