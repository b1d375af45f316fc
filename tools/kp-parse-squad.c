/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-parse-squad: run and sample records from SQUAD results that
 * kp-fetch stored (squad+URL sources): one run per testrun, one sample
 * per value of each metric's measurement_list.  See kp-parse-squad(1). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "kp.h"
#include "rec.h"
#include "artifacts.h"
#include "benchunit.h"
#include "lkft.h"
#include "runmeta.h"
#include "toolchain.h"

static const char synopsis[] =
    "usage: kp-parse-squad [-b unit=better] [-s store] [-t metric=unit] [file]";

/* the options, one line each for --help, as in the man page */
static const struct kp_option options[] = {
	{ 'b', NULL, "unit=better",
	    "metrics in unit are better higher or lower; may be repeated" },
	{ 's', NULL, "store",
	    "read the store's index instead of artifact records" },
	{ 't', NULL, "metric=unit",
	    "metrics named metric submitted without a unit are in unit" },
	{ 0 }
};

/* TuxSuite builds stored by kp-fetch tuxsuite+URL sources: what each
 * built, with the compiler's full version and the config's hash */
typedef struct {
	char *sha, *arch, *toolchain, *kconfig_hash;
} TuxBuild;

/* one kp-parse-squad: the options, the store, the output */
struct sq {
	kp_artifact *arts;
	size_t narts;
	kp_w *w;
	int nbad;	/* data left out: exit 2 at the end */
	char **seen;	/* the testruns written: server and id */
	size_t nseen;
	/* what is not the lab's: testruns without one of its metrics
	 * (SQUAD's TuxSuite backend's build and boot testruns), and other
	 * metrics */
	long nforeign_tr, nforeign_m;
	/* -t: the unit of metrics named METRIC submitted without one */
	struct {
		char *metric, *unit;
	} *tunit;
	size_t ntunit;
	/* -b: units whose direction the table of better_of does not know */
	struct {
		char *unit;
		int better;
	} *ubetter;
	size_t nubetter;
	TuxBuild *tuxb;	/* the TuxSuite builds of the store */
	size_t ntuxb;
};


/* A metric is the lab's when its name follows kp's convention
 * (JOB/SUITE/BENCH/TEST/OP/METRIC[@CONC], six components) or LKFT's
 * per-sample one (json-to-lava.py: <module>_<op>_<iteration>_<sample>
 * as the last component); everything else (build warnings, durations,
 * boot results) is another service's. */
enum { FOREIGN, KPNAME, LKFTNAME };

static int
name_kind(const char *name)
{
	const char *last = strrchr(name, '/'), *p, *u[2] = { NULL };
	int slashes = 0;

	for (p = name; *p; p++)
		slashes += *p == '/';
	if (slashes == 5)
		return KPNAME;
	last = last ? last + 1 : name;
	/* the last two '_'-fields all digits, something before them */
	for (p = last + strlen(last); p > last; p--)
		if (p[-1] == '_') {
			if (!u[0])
				u[0] = p;
			else {
				u[1] = p;
				break;
			}
		}
	/* <module>_#Cmd_..., <module>_#CONFIG-...: the commands and the
	 * configuration as names, not samples */
	if (strchr(last, '_') && strchr(last, '_')[1] == '#')
		return FOREIGN;
	if (!u[1] || u[1] - 1 == last || !*u[0] || u[0] - u[1] < 2 ||
	    strspn(u[0], "0123456789") != strlen(u[0]) ||
	    strspn(u[1], "0123456789") != (size_t)(u[0] - 1 - u[1]))
		return FOREIGN;
	return LKFTNAME;
}


/* a JSON document of the store */
typedef struct {
	char *text;
	kp_json d;
	const kp_artifact *a;
	int ok;
} Doc;

static void
load(struct sq *sq, Doc *x, const char *source, const char *path, int required)
{
	char err[256];
	size_t len, col;

	memset(x, 0, sizeof(*x));
	kp_json_init(&x->d);
	if (!(x->a = kp_artifact_find(sq->arts, sq->narts, source, path))) {
		if (required) {
			kp_warn("%s %s: missing; expected it beside the testrun "
			    "(did kp-fetch fail?)", source, path);
			sq->nbad++;
		}
		return;
	}
	if (!(x->text = kp_slurp(x->a->file, &len)))
		kp_die("%s: %s", x->a->file, strerror(errno));
	if (kp_json_parse(&x->d, x->text, len, err, sizeof(err), &col) == -1 ||
	    x->d.tok[0].type != KP_JOBJ) {
		kp_warn("%s %s:1:%zu: %s", source, path, col, *err ? err :
		    "expected a JSON object");
		sq->nbad++;
		return;
	}
	x->ok = 1;
}

static void
unload(Doc *x)
{
	free(x->text);
	kp_json_free(&x->d);
}

/* the string at key in object i of x (a dotted key walks down), or NULL */
static const char *
str(Doc *x, int i, const char *key)
{
	char part[128];
	const char *dot;
	int v;

	if (!x->ok)
		return NULL;
	for (;;) {
		dot = strchr(key, '.');
		snprintf(part, sizeof(part), "%.*s", dot ? (int)(dot - key) :
		    (int)strlen(key), key);
		if (x->d.tok[i].type != KP_JOBJ || (v = kp_json_get(&x->d, i, part)) < 0)
			return NULL;
		if (!dot)
			break;
		i = v;
		key = dot + 1;
	}
	return x->d.tok[v].type == KP_JSTR && x->d.tok[v].len ?
	    kp_json_str(&x->d, v) : NULL;
}

/* the first of the keys that x has, or NULL */
static const char *
first(Doc *x, const char *const *keys)
{
	const char *s;

	for (; *keys; keys++)
		if ((s = str(x, 0, *keys)))
			return s;
	return NULL;
}

/* ISO 8601 as SQUAD writes it (2026-12-01T10:00:00.123456Z, or with an
 * offset) to epoch seconds; -1 when it is not that */
static long long
epoch(const char *s)
{
	struct tm tm = { 0 };
	int n = 0, oh = 0, om = 0;
	char sign;
	long long t;

	if (!s || sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon,
	    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &n) != 6)
		return -1;
	s += n;
	if (*s == '.')
		for (s++; isdigit((unsigned char)*s); s++)
			;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	t = (long long)timegm(&tm);
	if (*s == 'Z' && !s[1])
		return t;
	if ((*s == '+' || *s == '-') && sscanf(s + 1, "%2d:%2d", &oh, &om) == 2) {
		sign = *s;
		return sign == '+' ? t - oh * 3600 - om * 60 : t + oh * 3600 + om * 60;
	}
	return *s ? -1 : t;
}

/* Which way is better, by unit: rates up, times down.  -b settles the
 * others; a unit in neither is an error, not a guess. */
static int
better_of(struct sq *sq, const char *unit)
{
	static const char *const higher[] = { "ops", "lps", "bogo-ops", "events",
		"transactions", "iops", "score", "requests", "ops/s", NULL };
	static const char *const lower[] = { "ns", "us", "usec", "ms", "msec",
		"s", "sec", "secs", "seconds", "cycles", "nsec", NULL };
	const char *const *p;
	size_t i, n = strlen(unit);

	for (i = 0; i < sq->nubetter; i++)
		if (strcmp(sq->ubetter[i].unit, unit) == 0)
			return sq->ubetter[i].better;
	for (p = higher; *p; p++)
		if (strcasecmp(*p, unit) == 0)
			return KP_HIGHER;
	for (p = lower; *p; p++)
		if (strcasecmp(*p, unit) == 0)
			return KP_LOWER;
	if ((n > 2 && strcmp(unit + n - 2, "/s") == 0) ||
	    (n > 4 && strcmp(unit + n - 4, "/sec") == 0))
		return KP_HIGHER;
	return -1;
}

/* kconfig_hash: the .config attached as "config", hashed as
 * kp-parse-mmtests hashes the one MMTests keeps */
static char *
confighash(struct sq *sq, const char *source, const char *path)
{
	const kp_artifact *a;
	unsigned char md[32];
	char hex[65], *text;
	size_t len;

	if (!(a = kp_artifact_find(sq->arts, sq->narts, source, path)))
		return NULL;
	if (!(text = kp_slurp(a->file, &len)))
		kp_die("%s: %s", a->file, strerror(errno));
	kp_sha256(text, len, md);
	kp_hex(md, 32, hex);
	free(text);
	hex[16] = '\0';
	return estrdup(hex);
}


static void
tux_index(struct sq *sq)
{
	char path[4096], *dir;
	const char *v;
	size_t i, n;
	Doc st, mt;

	for (i = 0; i < sq->narts; i++) {
		n = strlen(sq->arts[i].path);
		if (strncmp(sq->arts[i].source, "tuxsuite+", 9) || strncmp(sq->arts[i].path,
		    "builds/", 7) || n < 12 || strcmp(sq->arts[i].path + n - 12, "/status.json"))
			continue;
		load(sq, &st, sq->arts[i].source, sq->arts[i].path, 0);
		if (!st.ok || !(v = str(&st, 0, "git_sha"))) {
			unload(&st);
			continue;
		}
		dir = estrndup(sq->arts[i].path, n - 12);
		sq->tuxb = kp_grow(sq->tuxb, sq->ntuxb, sizeof(*sq->tuxb));
		sq->tuxb[sq->ntuxb].sha = estrdup(v);
		v = str(&st, 0, "target_arch");
		sq->tuxb[sq->ntuxb].arch = v ? estrdup(v) : NULL;
		snprintf(path, sizeof(path), "%s/metadata.json", dir);
		load(sq, &mt, sq->arts[i].source, path, 0);
		if (!(v = str(&mt, 0, "compiler.version_full")) &&
		    !(v = str(&st, 0, "tuxmake_metadata.compiler.version_full")))
			v = str(&st, 0, "toolchain");
		sq->tuxb[sq->ntuxb].toolchain = v ? kp_toolchain(v) : NULL;
		snprintf(path, sizeof(path), "%s/config", dir);
		sq->tuxb[sq->ntuxb++].kconfig_hash = confighash(sq, sq->arts[i].source, path);
		unload(&mt);
		unload(&st);
		free(dir);
	}
}

static int
same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* What the TuxSuite build of the run's commit (and architecture) says:
 * the compiler's full version over a toolchain's name, and the config's
 * hash.  Builds of one commit that disagree settle nothing. */
static void
from_tuxsuite(struct sq *sq, kp_run *r, char **tc, char **kh, int full)
{
	const TuxBuild *m = NULL;
	size_t i;

	if (!r->kernel_sha)
		return;
	for (i = 0; i < sq->ntuxb; i++) {
		if (strcmp(sq->tuxb[i].sha, r->kernel_sha) || (r->arch && sq->tuxb[i].arch &&
		    strcmp(r->arch, sq->tuxb[i].arch)))
			continue;
		if (m && (!same(m->toolchain, sq->tuxb[i].toolchain) ||
		    !same(m->kconfig_hash, sq->tuxb[i].kconfig_hash))) {
			kp_warn("TuxSuite builds of %s disagree on the toolchain or "
			    "the config; neither taken", r->kernel_sha);
			return;
		}
		m = &sq->tuxb[i];
	}
	if (!m)
		return;
	if (m->toolchain && (!r->toolchain || !full)) {
		free(*tc);
		r->toolchain = *tc = estrdup(m->toolchain);
	}
	if (m->kconfig_hash && !r->kconfig_hash)
		r->kconfig_hash = *kh = estrdup(m->kconfig_hash);
}

/* the LKFT case in a metric's name: from its component of MMTests'
 * module (shellpack...), since an operation of the older spelling keeps
 * its '/' (events/sec-4); else the last component */
static const char *
lkft_case(const char *name)
{
	const char *p = strstr(name, "/shellpack"), *last = strrchr(name, '/');

	if (strncmp(name, "shellpack", 9) == 0)
		return name;
	return p ? p + 1 : last ? last + 1 : name;
}

/* one of LKFT's per-sample metrics, .../<module>_<op>_<iteration>_<sample>
 * (json-to-lava.py): one value, its place and names taken back by
 * kp_lkft_name to what kp-parse-mmtests gives the same sample */
static void
lkft_metric(struct sq *sq, kp_sample *x, const char *where, const char *name,
    Doc *m)
{
	const char *why;
	kp_lkft l;
	double v;
	int ml, i = -1;

	if (kp_lkft_name(lkft_case(name), &l, &why) == -1) {
		kp_warn("%s: metric \"%s\": LKFT's per-sample naming: %s; left out",
		    where, name, why);
		sq->nbad++;
		return;
	}
	ml = kp_json_get(&m->d, 0, "measurement_list");
	if (ml >= 0 && m->d.tok[ml].type == KP_JARR && m->d.tok[ml].n == 1)
		i = kp_json_first(&m->d, ml);
	else if (!(ml >= 0 && m->d.tok[ml].type == KP_JARR && m->d.tok[ml].n > 1))
		i = kp_json_get(&m->d, 0, "result");
	if (i < 0 || kp_json_num(&m->d, i, &v) == -1 || !isfinite(v)) {
		kp_warn("%s: metric \"%s\": expected one number, a sample; left out",
		    where, name);
		sq->nbad++;
		kp_lkft_free(&l);
		return;
	}
	x->job = (char *)l.job;
	x->suite = (char *)l.suite;
	x->bench = (char *)l.bench;
	x->test = (char *)l.test;
	x->op = (char *)l.op;
	x->metric = (char *)l.metric;
	x->unit = (char *)l.unit;
	x->better = l.better;
	x->conc = l.conc;
	x->iter = l.iter;
	x->rep = l.rep;
	x->sub = l.sub;
	x->src = (char *)where;
	x->value = v;
	kp_rec_write(sq->w, &kp_sample_t, x);
	kp_lkft_free(&l);
}

/* one metric line: JOB/SUITE/BENCH/TEST/OP/METRIC[@CONC] */
static void
metric(struct sq *sq, kp_sample *x, const char *src, long line, Doc *m,
    long long iters)
{
	const char *name = str(m, 0, "name"), *unit = str(m, 0, "unit");
	char *c[6], *buf, *at, *end, where[4300];
	int n = 0, ml, i, b;
	long long conc = 1;
	double v;

	snprintf(where, sizeof(where), "%s:%ld", src, line);
	if (!name) {
		kp_warn("%s: a metric without \"name\"; left out", where);
		sq->nbad++;
		return;
	}
	if ((n = name_kind(name)) == FOREIGN) {
		sq->nforeign_m++;
		return;
	}
	if (n == LKFTNAME) {
		lkft_metric(sq, x, where, name, m);
		return;
	}
	n = 0;
	buf = estrdup(name);
	for (c[n++] = buf, at = buf; n < 6 && (at = strchr(at, '/')); c[n++] = ++at)
		*at = '\0';
	if (n != 6 || strchr(c[5], '/') || !*c[0] || !*c[1] || !*c[2] ||
	    !*c[3] || !*c[4] || !*c[5]) {
		kp_warn("%s: metric \"%s\": expected JOB/SUITE/BENCH/TEST/OP/METRIC"
		    "[@CONC]; left out", where, name);
		sq->nbad++;
		free(buf);
		return;
	}
	if ((at = strchr(c[5], '@'))) {
		*at++ = '\0';
		errno = 0;
		conc = strtoll(at, &end, 10);
		if (errno || end == at || *end || conc < 1) {
			kp_warn("%s: metric \"%s\": expected a concurrency level "
			    "(a whole number from 1) after '@'; left out", where, name);
			sq->nbad++;
			free(buf);
			return;
		}
	}
	/* a metric submitted without a unit (SQUAD keeps null): -t, else
	 * the unit kp-parse-mmtests gives that metric, else unknown */
	b = -1;
	if (!unit) {
		const kp_benchunit *k;
		size_t t;

		for (t = 0; t < sq->ntunit && !unit; t++)
			if (strcmp(sq->tunit[t].metric, c[5]) == 0)
				unit = sq->tunit[t].unit;
		if (!unit && (k = kp_benchunit_find(c[2], c[5]))) {
			unit = k->unit;
			b = k->better;
		}
		if (!unit)
			unit = "";
	}
	if (b < 0)
		b = better_of(sq, unit);
	if (b < 0) {
		if (*unit)
			kp_warn("%s: metric \"%s\": unit \"%s\" does not say whether "
			    "higher or lower is better; expected -b %s=higher or "
			    "-b %s=lower; left out", where, name, unit, unit, unit);
		else
			kp_warn("%s: metric \"%s\": no unit, and \"%s\" is no metric "
			    "kp knows; expected -t %s=UNIT, or -b =higher or -b =lower "
			    "for metrics without a unit; left out", where, name,
			    c[5], c[5]);
		sq->nbad++;
		free(buf);
		return;
	}
	x->job = c[0];
	x->suite = c[1];
	x->bench = c[2];
	x->test = c[3];
	x->op = c[4];
	x->metric = c[5];
	x->unit = (char *)unit;
	x->better = b;
	x->conc = conc;
	x->sub = 1;
	x->src = where;
	ml = kp_json_get(&m->d, 0, "measurement_list");
	if (ml >= 0 && m->d.tok[ml].type == KP_JARR && m->d.tok[ml].n > 0) {
		long long k = 0, per = m->d.tok[ml].n / iters;

		if (m->d.tok[ml].n % iters) {
			kp_warn("%s: metric \"%s\": %u values, not %lld iterations of "
			    "equally many; left out", where, name, m->d.tok[ml].n, iters);
			sq->nbad++;
			free(buf);
			return;
		}
		for (i = kp_json_first(&m->d, ml); i >= 0 && (uint32_t)i < m->d.tok[ml].next;
		    i = (int)m->d.tok[i].next, k++) {
			x->iter = k / per;
			x->rep = k % per + 1;
			if (kp_json_num(&m->d, i, &v) == -1 || !isfinite(v)) {
				kp_warn("%s: metric \"%s\": value %lld of "
				    "measurement_list is not a number; left out",
				    where, name, k + 1);
				sq->nbad++;
				continue;
			}
			x->value = v;
			kp_rec_check(&kp_sample_t, x, where, 0);
			kp_rec_write(sq->w, &kp_sample_t, x);
		}
	} else if ((i = kp_json_get(&m->d, 0, "result")) >= 0 &&
	    kp_json_num(&m->d, i, &v) == 0) {
		/* a metric submitted as one number has no list; a number
		 * JSON allows and a double does not hold (1e999) is none */
		if (!isfinite(v)) {
			kp_warn("%s: metric \"%s\": \"result\" is not a finite "
			    "number; left out", where, name);
			sq->nbad++;
			free(buf);
			return;
		}
		x->iter = 0;
		x->rep = 1;
		x->value = v;
		kp_rec_check(&kp_sample_t, x, where, 0);
		kp_rec_write(sq->w, &kp_sample_t, x);
	} else {
		kp_warn("%s: metric \"%s\": no measurement_list and no result; "
		    "left out", where, name);
		sq->nbad++;
	}
	free(buf);
}

/* whether the testrun has a metric of the lab: its "metrics" is a link
 * (null when it has none) and a stored line names one; a testrun whose
 * metrics were not stored is the lab's, so that its loss is named */
static int
lab_metrics(struct sq *sq, const char *source, const char *dir, Doc *tr,
    long long *lkiters)
{
	const kp_artifact *ma;
	char path[4096], *line;
	const char *name, *why;
	int i, found = 0, k;
	size_t len;
	kp_lkft l;
	kp_in *in;
	Doc m;

	*lkiters = 0;
	if ((i = kp_json_get(&tr->d, 0, "metrics")) >= 0 && tr->d.tok[i].type == KP_JNULL)
		return 0;
	snprintf(path, sizeof(path), "%s/metrics.ndjson", dir);
	if (!(ma = kp_artifact_find(sq->arts, sq->narts, source, path)))
		return 1;
	in = kp_in_open(ma->file);
	while ((line = kp_in_line(in, &len))) {
		memset(&m, 0, sizeof(m));
		kp_json_init(&m.d);
		/* a line that is not JSON is named when it is read */
		if (!len || kp_json_parse(&m.d, line, len, NULL, 0, NULL) == -1 ||
		    m.d.tok[0].type != KP_JOBJ)
			found |= len > 0;
		else {
			m.ok = 1;
			name = str(&m, 0, "name");
			k = name ? name_kind(name) : KPNAME;
			found |= k != FOREIGN;
			/* the iterations LKFT's names hold, for the run records */
			if (k == LKFTNAME && kp_lkft_name(lkft_case(name), &l, &why) == 0) {
				if (l.iter + 1 > *lkiters)
					*lkiters = l.iter + 1;
				kp_lkft_free(&l);
			}
		}
		kp_json_free(&m.d);
	}
	kp_in_close(in);
	return found;
}

static void
testrun(struct sq *sq, const char *source, const char *dir)
{
	static const char *const inst_keys[] = { "instance", "hostname", NULL };
	static const char *const type_keys[] = { "instance_type", "dut", NULL };
	static const char *const arch_keys[] = { "target_arch", "arch", NULL };
	Doc tr, env, md, bld, bmd, tux, m;
	char path[4096], *bdir, *runid = NULL, *tc = NULL, *kh, *line, src[4200];
	const char *s, *name, *inst, *v, *itkey;
	long long start, iters = 1, id = -1, lkiters;
	const kp_artifact *ma;
	char cpath[4096], tname[32];
	int full = 0;
	kp_run r;
	kp_sample x;
	kp_in *in;
	size_t len;
	int i;

	snprintf(path, sizeof(path), "%s/testrun.json", dir);
	load(sq, &tr, source, path, 1);
	snprintf(path, sizeof(path), "%s/environment.json", dir);
	load(sq, &env, source, path, 0);
	snprintf(path, sizeof(path), "%s/metadata.json", dir);
	load(sq, &md, source, path, 0);
	bdir = estrndup(dir, (size_t)(strstr(dir, "/testruns/") - dir));
	snprintf(path, sizeof(path), "%s/build.json", bdir);
	load(sq, &bld, source, path, 1);
	snprintf(path, sizeof(path), "%s/metadata.json", bdir);
	load(sq, &bmd, source, path, 0);
	snprintf(path, sizeof(path), "%s/attachments/metadata.json", dir);
	load(sq, &tux, source, path, 0);
	if (!tr.ok || !bld.ok || !str(&bld, 0, "version"))
		goto out;
	/* one testrun stored by two sources (the project and one of its
	 * builds) is one run: the same id on the same server.  Not its
	 * "url", which is the server's to say: a server giving every
	 * testrun one url made eight runs one. */
	if ((i = kp_json_get(&tr.d, 0, "id")) >= 0)
		kp_json_int(&tr.d, i, &id);
	if (id >= 0) {
		const char *host = strstr(source, "://");
		char key[4200];

		host = host ? host + 3 : source;
		snprintf(key, sizeof(key), "%.*s#%lld",
		    (int)(host + strcspn(host, "/") - source), source, id);
		for (i = 0; i < (int)sq->nseen; i++)
			if (strcmp(sq->seen[i], key) == 0)
				goto out;
		sq->seen = kp_grow(sq->seen, sq->nseen, sizeof(*sq->seen));
		sq->seen[sq->nseen++] = estrdup(key);
	}
	/* a testrun without one of the lab's metrics is another service's
	 * (a build or a boot from SQUAD's TuxSuite backend: "metrics" is
	 * null, or only build warnings and durations): no run of the lab */
	if (!lab_metrics(sq, source, dir, &tr, &lkiters)) {
		sq->nforeign_tr++;
		goto out;
	}
	/* the MMTests iterations the metrics hold, one after another: the
	 * plan's MMTEST_ITERATIONS, passed on as metadata under that name or
	 * as LKFT's collector records it, MMTESTS_ITERATIONS */
	itkey = md.ok && kp_json_get(&md.d, 0, "MMTEST_ITERATIONS") >= 0 ?
	    "MMTEST_ITERATIONS" : "MMTESTS_ITERATIONS";
	if ((v = str(&md, 0, itkey)) ||
	    (i = md.ok ? kp_json_get(&md.d, 0, itkey) : -1) >= 0) {
		char *end;

		errno = 0;
		iters = v ? strtoll(v, &end, 10) : -1;
		if (!v && kp_json_int(&md.d, i, &iters) == -1)
			iters = -1;
		if ((v && (errno || *end || end == v)) || iters < 1 || iters > 1000) {
			kp_warn("%s %s/metadata.json: %s is not a whole "
			    "number from 1 to 1000; taken as 1", source, dir, itkey);
			sq->nbad++;
			iters = 1;
		}
	}

	if (lkiters > 1000) {
		kp_warn("%s %s: LKFT's names give %lld iterations; expected at most "
		    "1000", source, dir, lkiters);
		sq->nbad++;
		goto out;
	}
	if (lkiters > iters)
		iters = lkiters;

	/* the testrun's machine: what its metadata calls it, else its job */
	name = str(&tr, 0, "job_id");
	if (!(inst = first(&md, inst_keys)))
		inst = name;
	if (!inst) {
		snprintf(tname, sizeof(tname), "testrun-%lld", id);
		inst = tname;
	}
	if ((start = epoch(str(&tr, 0, "datetime"))) < 0)
		start = epoch(str(&bld, 0, "datetime"));
	runid = kp_run_id(name ? name : inst, inst, 1, start < 0 ? 0 : start);

	memset(&r, 0, sizeof(r));
	kp_has_range(&r.has, KP_RUN_RUN, KP_RUN_FINISH);
	kp_has_set(&r.has, KP_RUN_ENV);
	kp_has_set(&r.has, KP_RUN_SRC);
	r.run = runid;
	r.run_name = (char *)(name ? name : inst);
	r.iter = 0;
	r.kernel = (char *)str(&bld, 0, "version");
	/* the build's commit and compiler: the testrun's metadata, the
	 * build's, then TuxMake's metadata.json */
	if (!(v = str(&md, 0, "git_sha")) && !(v = str(&bmd, 0, "git_sha")) &&
	    !(v = str(&tux, 0, "git.git_commit")))
		v = str(&bmd, 0, "git.git_commit");
	r.kernel_sha = (char *)v;
	r.host = r.instance = (char *)inst;
	if (!(v = first(&md, type_keys)))
		v = first(&bmd, type_keys);
	r.instance_type = (char *)v;
	if (!(v = first(&md, arch_keys)) && !(v = first(&bmd, arch_keys)))
		v = str(&tux, 0, "build.target_arch");
	r.arch = (char *)v;
	/* the compiler's full version, else (after TuxSuite's build, below)
	 * the toolchain's name */
	/* SQUAD's TuxSuite backend puts TuxMake's metadata.json into the
	 * build testrun's metadata, so the build's (the union of its
	 * testruns') has the compiler nested, as the attachment has it */
	if ((v = str(&tux, 0, "compiler.version_full")) ||
	    (v = str(&md, 0, "compiler.version_full")) ||
	    (v = str(&md, 0, "compiler_version_full")) ||
	    (v = str(&bmd, 0, "compiler.version_full")) ||
	    (v = str(&bmd, 0, "compiler_version_full")))
		full = 1;
	else if ((v = str(&md, 0, "toolchain")) || (v = str(&bmd, 0, "toolchain")))
		full = 0;
	if (v)
		r.toolchain = tc = kp_toolchain(v);
	snprintf(cpath, sizeof(cpath), "%s/attachments/config", dir);
	r.kconfig_hash = kh = confighash(sq, source, cpath);
	if (!kh) {
		/* the build's config, from its TuxSuite metadata (kp-fetch) */
		snprintf(cpath, sizeof(cpath), "%s/config", bdir);
		r.kconfig_hash = kh = confighash(sq, source, cpath);
	}
	if (!full || !r.kconfig_hash)
		from_tuxsuite(sq, &r, &tc, &kh, full);
	r.framework = (char *)str(&md, 0, "framework");
	r.framework_version = (char *)str(&md, 0, "framework_version");
	r.start.type = start < 0 ? KP_JNULL : KP_JNUM;
	snprintf(src, sizeof(src), "%lld", start);
	r.start.text = start < 0 ? NULL : src;
	r.finish.type = KP_JNULL;
	r.cpus.type = r.mem_kb.type = r.dmesg_warnings.type = KP_JNULL;
	r.env = (char *)((s = str(&env, 0, "slug")) ? s : str(&env, 0, "name"));
	/* the API URL the testrun came from; never a local path a server
	 * said (a store fetched before kp-fetch refused one): kp-render
	 * -f html copies a local src into the site */
	r.src = (char *)(tr.a->url && (strncmp(tr.a->url, "http://", 7) == 0 ||
	    strncmp(tr.a->url, "https://", 8) == 0) ? tr.a->url : tr.a->path);
	kp_has_clear(&r.has, KP_RUN_FILES);
	/* a run record per iteration, as kp-parse-mmtests writes them */
	kp_rec_check(&kp_run_t, &r, r.src, 0);
	for (r.iter = 0; r.iter < iters; r.iter++)
		kp_rec_write(sq->w, &kp_run_t, &r);

	memset(&x, 0, sizeof(x));
	kp_has_range(&x.has, KP_SAMPLE_RUN, KP_SAMPLE_VALUE);
	kp_has_set(&x.has, KP_SAMPLE_SRC);
	x.run = runid;
	x.iter = 0;
	x.kernel = r.kernel;
	x.instance = (char *)inst;
	snprintf(path, sizeof(path), "%s/metrics.ndjson", dir);
	if (!(ma = kp_artifact_find(sq->arts, sq->narts, source, path))) {
		kp_warn("%s %s: missing: the run has no samples (did kp-fetch "
		    "fail?)", source, path);
		sq->nbad++;
	} else {
		snprintf(src, sizeof(src), "%s%s%s", source,
		    source[strlen(source) - 1] == '/' ? "" : "/", path);
		in = kp_in_open(ma->file);
		while ((line = kp_in_line(in, &len))) {
			char err[256];
			size_t col;

			if (!len)
				continue;
			memset(&m, 0, sizeof(m));
			kp_json_init(&m.d);
			if (kp_json_parse(&m.d, line, len, err, sizeof(err), &col) == -1 ||
			    m.d.tok[0].type != KP_JOBJ) {
				kp_warn("%s:%ld:%zu: %s; left out", src, kp_in_lineno(in),
				    col, *err ? err : "expected a metric object");
				sq->nbad++;
			} else {
				m.ok = 1;
				metric(sq, &x, src, kp_in_lineno(in), &m, iters);
			}
			kp_json_free(&m.d);
		}
		kp_in_close(in);
	}
	free(tc);
	free(kh);
out:
	free(runid);
	free(bdir);
	unload(&tr);
	unload(&env);
	unload(&md);
	unload(&bld);
	unload(&bmd);
	unload(&tux);
}

/* builds/VERSION/testruns/ID/testrun.json: its directory's length, or 0 */
static size_t
testrun_dir(const char *path)
{
	const char *t = strstr(path, "/testruns/"), *id;
	size_t n = strlen(path);

	if (strncmp(path, "builds/", 7) || !t || n < 13 ||
	    strcmp(path + n - 13, "/testrun.json"))
		return 0;
	id = t + 10;
	if (strspn(id, "0123456789") != (size_t)(path + n - 13 - id) || id == path + n - 13)
		return 0;
	return n - 13;
}

int
main(int argc, char *argv[])
{
	struct sq ctx = { 0 }, *sq = &ctx;
	const char *store = NULL;
	char *eq, *dir, *index;
	size_t i, n, seen = 0;
	int c, b;

	while ((c = kp_getopt(argc, argv, synopsis, options)) != -1)
		switch (c) {
		case 'b':
			/* an empty UNIT: metrics submitted without one */
			if (!(eq = strchr(optarg, '=')) ||
			    (b = kp_vocab_find(&kp_better_v, eq + 1, strlen(eq + 1))) < 0) {
				kp_warn("-b %s: expected UNIT=higher or UNIT=lower", optarg);
				kp_usage(synopsis);
			}
			sq->ubetter = kp_grow(sq->ubetter, sq->nubetter, sizeof(*sq->ubetter));
			sq->ubetter[sq->nubetter].unit = estrndup(optarg, (size_t)(eq - optarg));
			sq->ubetter[sq->nubetter++].better = b;
			break;
		case 's':
			store = optarg;
			break;
		case 't':
			if (!(eq = strchr(optarg, '=')) || eq == optarg || !eq[1]) {
				kp_warn("-t %s: expected METRIC=UNIT", optarg);
				kp_usage(synopsis);
			}
			sq->tunit = kp_grow(sq->tunit, sq->ntunit, sizeof(*sq->tunit));
			sq->tunit[sq->ntunit].metric = estrndup(optarg, (size_t)(eq - optarg));
			sq->tunit[sq->ntunit++].unit = estrdup(eq + 1);
			break;
		default:
			kp_usage(synopsis);
		}
	argc -= optind;
	argv += optind;
	if (argc > 1 || (store && argc))
		kp_usage(synopsis);
	if (store) {
		if (asprintf(&index, "%s/index.ndjson", store) < 0)
			kp_die("out of memory");
		sq->arts = kp_artifacts_read(store, index, &sq->narts);
		free(index);
	} else
		sq->arts = kp_artifacts_read(NULL, argc ? argv[0] : "-", &sq->narts);
	tux_index(sq);
	sq->w = kp_w_open(stdout, "<stdout>");
	for (i = 0; i < sq->narts; i++) {
		if (strncmp(sq->arts[i].source, "squad+", 6) ||
		    !(n = testrun_dir(sq->arts[i].path)))
			continue;
		dir = estrndup(sq->arts[i].path, n);
		testrun(sq, sq->arts[i].source, dir);
		free(dir);
		seen++;
	}
	kp_w_close(sq->w);
	if (sq->nforeign_tr || sq->nforeign_m)
		kp_warn("skipped what is not the lab's: %ld testrun%s without its "
		    "metrics (SQUAD's builds and boots) and %ld other metric%s",
		    sq->nforeign_tr, sq->nforeign_tr == 1 ? "" : "s", sq->nforeign_m,
		    sq->nforeign_m == 1 ? "" : "s");
	if (!seen)
		kp_warn("no SQUAD testrun among %zu artifacts; expected the records "
		    "of kp-fetch squad+URL sources", sq->narts);
	kp_artifacts_free(sq->arts, sq->narts);
	return sq->nbad ? KP_EXIT_BAD : KP_EXIT_OK;
}
