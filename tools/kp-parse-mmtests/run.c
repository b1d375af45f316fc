/* run.c: finding MMTests runs in a tree, their metadata, and the run,
 * runstat and sample records of each iteration. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

/* MMTests finds the parser of a job by stripping "-suffix" parts of its
 * name until a shellpack matches (wis-futex -> wis) */
const parser parsers[] = {
	{ "futexbench", "futexbench", futexbench_parse },
	{ "hackbench", "hackbench", hackbench_parse },
	{ "schbench", "schbench", schbench_parse },
	{ "stressng", "stressng", stressng_parse },
	{ "sysbenchcpu", "sysbench", sysbenchcpu_parse },
	{ "sysbenchmutex", "sysbench", sysbenchmutex_parse },
	{ "unixbenchd", "unixbench", unixbench_parse },
	{ "wis", "wis", wis_parse },
	{ NULL, NULL, NULL }
};

/* ---- helpers for the parsers ---- */

int
parse_long(const char *s, size_t n, long *out)
{
	char buf[32], *e;

	if (n == 0 || n >= sizeof(buf) || !isdigit((unsigned char)s[0]))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	*out = strtol(buf, &e, 10);
	return *e || errno ? -1 : 0;
}

const char *
field(const char *s, int nth, size_t *len)
{
	for (;;) {
		s += strspn(s, " \t");
		if (!*s)
			return NULL;
		*len = strcspn(s, " \t");
		if (nth-- == 0)
			return s;
		s += *len;
	}
}

const char *
job_strn(job *j, const char *s, size_t n)
{
	size_t i;

	for (i = j->nstrs; i-- > 0; )
		if (strlen(j->strs[i]) == n && !strncmp(j->strs[i], s, n))
			return j->strs[i];
	if (j->nstrs == j->capstrs) {
		j->capstrs = j->capstrs ? 2 * j->capstrs : 16;
		j->strs = ereallocarray(j->strs, j->capstrs, sizeof(*j->strs));
	}
	return j->strs[j->nstrs++] = estrndup(s, n);
}

const char *
job_str(job *j, const char *s)
{
	return job_strn(j, s, strlen(s));
}

sample *
job_add(job *j, const vfile *f, long line, double value)
{
	sample *s;
	char buf[PATH_MAX + 32];

	if (j->n == j->cap) {
		j->cap = j->cap ? 2 * j->cap : 64;
		j->s = ereallocarray(j->s, j->cap, sizeof(*j->s));
	}
	s = &j->s[j->n++];
	memset(s, 0, sizeof(*s));
	s->value = value;
	snprintf(buf, sizeof(buf), "%s:%ld", f->shown, line);
	s->src = estrdup(buf);
	return s;
}

void
job_bad(job *j, const vfile *f, long line, long col, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!kflag)
		kp_die_at(f->shown, line, col, "%s", msg);
	kp_warn_at(f->shown, line, col, "%s; skipped", msg);
	j->partial = 1;
}

void
job_warn(job *j, const vfile *f, long line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	kp_warn_at(f->shown, line, 0, "%s", msg);
	j->partial = 1;
}

void
job_timed_logs(job *j, const char *prefix, const char *mid, const char *suffix)
{
	const vfile *fl;
	const char *base, *dash;
	char want[512];
	size_t nf, i;

	fl = vt_list(j->t, j->logs, &nf);
	for (i = 0; i < nf; i++) {
		base = vt_base(&fl[i]);
		if (strncmp(base, "time-", 5) != 0 || !(dash = strrchr(base, '-')) ||
		    dash == base + 4)
			continue;
		snprintf(want, sizeof(want), "%s%.*s%s%s%s", prefix,
		    (int)(dash - base - 5), base + 5, mid, dash + 1, suffix);
		if (!vt_find(j->t, j->logs, want))
			job_warn(j, &fl[i], 0, "no %s beside it: the samples of "
			    "this run of the benchmark are missing", want);
	}
	free((void *)fl);
}

int
job_num(job *j, const vtext *x, const char *line, const char *s, size_t n, double *out)
{
	char buf[64], *e;

	if (n > 0 && n < sizeof(buf)) {
		memcpy(buf, s, n);
		buf[n] = '\0';
		errno = 0;
		*out = strtod(buf, &e);
		if (!*e && e != buf && !errno && (isdigit((unsigned char)buf[0]) ||
		    ((buf[0] == '-' || buf[0] == '.') && (isdigit((unsigned char)buf[1]) || buf[1] == '.'))))
			return 0;
	}
	job_bad(j, x->vf, x->line, (long)(s - line) + 1,
	    "\"%.*s\" is not a number, expected the benchmark's value here", (int)(n > 40 ? 40 : n), s);
	return -1;
}

char *
commands_params(job *j, const char *opt)
{
	const vfile *f;
	vtext x;
	char *line, *out = NULL, *p;
	size_t olen = 0, n, ol = opt ? strlen(opt) : 0, k;
	const char *w;
	int nextn, i;
	char buf[4096];

	if (!(f = vt_find(j->t, j->logs, "commands.log")) || vt_load(f, &x) < 0)
		return estrdup("");
	while ((line = vt_line(&x, NULL))) {
		k = 0;
		nextn = 0;
		for (i = 0; (w = field(line, i, &n)); i++) {
			if (k)
				buf[k++] = ' ';
			if (k + n + 2 >= sizeof(buf))
				break;
			if (nextn && parse_long(w, n, &(long){0}) == 0) {
				buf[k++] = 'N';
			} else if (ol && opt[ol - 1] == '=' && (p = memmem(w, n, opt, ol)) &&
			    parse_long(p + ol, n - (p + ol - w), &(long){0}) == 0) {
				memcpy(buf + k, w, p + ol - w);
				k += p + ol - w;
				buf[k++] = 'N';
			} else {
				memcpy(buf + k, w, n);
				k += n;
			}
			nextn = ol && n == ol && !strncmp(w, opt, n);
		}
		buf[k] = '\0';
		if (!k)
			continue;
		/* one command per concurrency level and iteration: keep each once */
		if (out) {
			for (p = out; p; p = strstr(p, "; ")) {
				if (p != out)
					p += 2;
				if (!strncmp(p, buf, k) && (!p[k] || !strncmp(p + k, "; ", 2)))
					break;
				if (p == out && !strstr(p, "; ")) {
					p = NULL;
					break;
				}
			}
			if (p)
				continue;
		}
		out = erealloc(out, olen + k + 3);
		if (olen) {
			memcpy(out + olen, "; ", 2);
			olen += 2;
		}
		memcpy(out + olen, buf, k + 1);
		olen += k;
	}
	vt_done(&x);
	return out ? out : estrdup("");
}

/* ---- runs ---- */

static void
bad(const vfile *f, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void
bad(const vfile *f, long line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!kflag)
		kp_die_at(f->shown, line, 0, "%s", msg);
	kp_warn_at(f->shown, line, 0, "%s; ignored", msg);
}

static char *
join(const char *a, const char *b)
{
	char *s;
	size_t na = strlen(a), nb = strlen(b);

	if (!na)
		return estrdup(b);
	if (!nb)
		return estrdup(a);
	s = emalloc(na + nb + 2);
	memcpy(s, a, na);
	s[na] = '/';
	memcpy(s + na + 1, b, nb + 1);
	return s;
}

static char *
firstline(const vtree *t, const char *dir, const char *name)
{
	const vfile *f = vt_find(t, dir, name);
	vtext x;
	char *l, *r = NULL;

	if (f && vt_load(f, &x) == 0) {
		if ((l = vt_line(&x, NULL)))
			r = estrdup(l);
		vt_done(&x);
	}
	return r;
}

static long
start_of(const vtree *t, const char *dir)
{
	char *it = join(dir, "iter-0"), *l;
	long v = 0;

	if ((l = firstline(t, it, "tests-timestamp")) && !strncmp(l, "start :: ", 9)) {
		v = strtol(l + 9, NULL, 10);
	} else {
		free(l);
		if ((l = firstline(t, dir, "mmtests-activity")))
			v = strtol(l, NULL, 10);
	}
	free(l);
	free(it);
	return v;
}

static int
isiter(const char *s, long *n)
{
	return !strncmp(s, "iter-", 5) && parse_long(s + 5, strlen(s + 5), n) == 0;
}

void
runs_find(const vtree *t, run **runs, size_t *nruns)
{
	size_t i, k, depth, n = *nruns;
	const char *rel, *p, *b;
	char *dir, *it, *l;
	run *r = *runs;

	for (i = 0; i < t->n; i++) {
		rel = t->f[i].rel;
		p = strrchr(rel, '/');
		p = p ? p + 1 : rel;
		/* compressed copies count too: every file may be */
		b = vt_base(&t->f[i]);
		if (!strcmp(b, "mmtests-activity"))
			dir = estrndup(rel, p > rel ? (size_t)(p - rel - 1) : 0);
		else if (!strcmp(b, "tests-activity") && p - rel >= 7 && !strncmp(p - 7, "iter-0/", 7))
			dir = estrndup(rel, p - rel >= 8 ? (size_t)(p - rel - 8) : 0);
		else
			continue;
		for (depth = 0, p = dir; *p; p++)
			depth += *p == '/';
		if (*dir && depth + 1 > 3) {
			free(dir);
			continue;
		}
		for (k = *nruns; k < n; k++)
			if (r[k].t == t && !strcmp(r[k].dir, dir))
				break;
		if (k < n) {
			free(dir);
			continue;
		}
		r = ereallocarray(r, n + 1, sizeof(*r));
		memset(&r[n], 0, sizeof(r[n]));
		r[n].t = t;
		r[n].dir = dir;
		if ((p = strrchr(dir, '/')))
			r[n].name = estrdup(p + 1);
		else if (*dir)
			r[n].name = estrdup(dir);
		else
			r[n].name = estrdup((p = strrchr(t->name, '/')) ? p + 1 : t->name);
		r[n].start = start_of(t, dir);
		it = join(dir, "iter-0");
		if ((l = firstline(t, it, "kernel.version")) && (p = field(l, 1, &k)))
			r[n].host = estrndup(p, k);
		else
			r[n].host = estrdup("unknown");
		free(l);
		free(it);
		{
			char buf[PATH_MAX];
			snprintf(buf, sizeof(buf), "%s@%s:%ld", r[n].name, r[n].host, r[n].start);
			r[n].id = estrdup(buf);
		}
		n++;
	}
	*runs = r;
	*nruns = n;
}

void
run_free(run *r)
{
	free(r->dir);
	free(r->name);
	free(r->host);
	free(r->id);
}

/* ---- one iteration ---- */

typedef struct {
	char **k;
	long long *v;
	size_t n, cap;
} counters;

typedef struct {
	char *name;
	long begin, end, rc;
	int has_begin, has_end, has_time;
	double user, sys, elapsed;
	counters vm0, vm1, sc0, sc1;
} jstat;

typedef struct {
	const run *r;
	char *dir;	/* iter-N */
	long iter;
	char *uname, *release, *arch, *cpu_model, *os, *cmdline, *toolchain;
	char *version;
	char cpu_topology[17], kconfig[17];
	long cpus, start, finish;
	long long mem_kb;
	int has_cpus, has_start, has_finish, has_mem, warnings;
	jstat *js;
	size_t njs;
	/* hashes computed while a file was read anyway */
	const vfile *hf[8];
	char hh[8][17];
	size_t nh;
} iterinfo;

static void
cnt_add(counters *c, const char *k, size_t kn, long long v)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 256;
		c->k = ereallocarray(c->k, c->cap, sizeof(*c->k));
		c->v = ereallocarray(c->v, c->cap, sizeof(*c->v));
	}
	c->k[c->n] = estrndup(k, kn);
	c->v[c->n++] = v;
}

static void
cnt_free(counters *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->k[i]);
	free(c->k);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

static jstat *
jstat_get(iterinfo *it, const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < it->njs; i++)
		if (strlen(it->js[i].name) == n && !strncmp(it->js[i].name, name, n))
			return &it->js[i];
	it->js = ereallocarray(it->js, it->njs + 1, sizeof(*it->js));
	memset(&it->js[it->njs], 0, sizeof(*it->js));
	it->js[it->njs].name = estrndup(name, n);
	return &it->js[it->njs++];
}

static int
getlong(const char *s, long *v)
{
	size_t n;
	const char *t = field(s, 0, &n);

	return t ? parse_long(t, n, v) : -1;
}

static void
read_timestamp(iterinfo *it, const vtree *t)
{
	const vfile *f = vt_find(t, it->dir, "tests-timestamp");
	vtext x;
	char *l;
	const char *w;
	size_t n;
	jstat *j;

	if (!f) {
		kp_warn_at(t->shown, 0, 0, "%s/%s: no tests-timestamp: benchmark times and exit statuses unknown",
		    it->r->dir, it->dir);
		return;
	}
	if (vt_load(f, &x) < 0)
		return;
	while ((l = vt_line(&x, NULL))) {
		if (!strncmp(l, "start :: ", 9)) {
			if (getlong(l + 9, &it->start) < 0)
				bad(f, x.line, "expected an epoch time after \"start ::\"");
			else
				it->has_start = 1;
		} else if (!strncmp(l, "finish :: ", 10)) {
			if (getlong(l + 10, &it->finish) < 0)
				bad(f, x.line, "expected an epoch time after \"finish ::\"");
			else
				it->has_finish = 1;
		} else if (!strncmp(l, "test begin :: ", 14) || !strncmp(l, "test end :: ", 12)) {
			int end = l[5] == 'e';
			const char *p = l + (end ? 12 : 14);
			if (!(w = field(p, 0, &n)))
				continue;
			j = jstat_get(it, w, n);
			if (!end) {
				if (!(w = field(p, 1, &n)) || parse_long(w, n, &j->begin) < 0)
					bad(f, x.line, "expected \"test begin :: NAME EPOCH\"");
				else
					j->has_begin = 1;
			} else {
				if (!(w = field(p, 1, &n)) || parse_long(w, n, &j->end) < 0)
					bad(f, x.line, "expected \"test end :: NAME EPOCH STATUS\"");
				else if ((w = field(p, 2, &n)) && parse_long(w, n, &j->rc) == 0)
					j->has_end = 1;
				else
					bad(f, x.line, "expected an exit status after the end time");
			}
		} else if (!strncmp(l, "time :: ", 8)) {
			const char *p = l + 8;
			double v[3];
			int k;
			char *e;
			if (!(w = field(p, 0, &n)))
				continue;
			j = jstat_get(it, w, n);
			for (k = 0; k < 3; k++) {
				if (!(w = field(p, 1 + 2 * k, &n)))
					break;
				v[k] = strtod(w, &e);
				if (e != w + n)
					break;
			}
			if (k < 3) {
				bad(f, x.line, "expected \"time :: NAME U user S system E elapsed\"");
				continue;
			}
			j->user = v[0];
			j->sys = v[1];
			j->elapsed = v[2];
			j->has_time = 1;
		}
	}
	vt_done(&x);
}

static void
remember_hash(iterinfo *it, const vfile *f, const vtext *x)
{
	unsigned char md[32];

	if (it->nh == KP_LEN(it->hf))
		return;
	kp_sha256(x->buf, x->len, md);
	kp_hex(md, 8, it->hh[it->nh]);
	it->hf[it->nh++] = f;
}

/* Each benchmark's /proc/vmstat and /proc/schedstat snapshots at its
 * begin and end; the deltas show what else the machine did meanwhile. */
static void
read_sysstate(iterinfo *it, const vtree *t)
{
	const vfile *f = vt_find(t, it->dir, "tests-sysstate");
	vtext x;
	char *l, *e;
	const char *w;
	size_t n;
	jstat *cur = NULL;
	counters *c = NULL;
	enum { NONE, VM, SC, MEM } mode = NONE;
	long long v;
	int k;

	if (!f || vt_load(f, &x) < 0)
		return;
	remember_hash(it, f, &x);
	while ((l = vt_line(&x, NULL))) {
		if (strstr(l, " :: ")) {
			mode = NONE;
			if (!strncmp(l, "version :: ", 11) && !it->version)
				it->version = estrdup(l + 11);
			else if (!strncmp(l, "arch :: ", 8) && !it->arch)
				it->arch = estrdup(l + 8);
			else if (!strncmp(l, "test begin :: ", 14) && (w = field(l + 14, 0, &n)))
				cur = jstat_get(it, w, n);
			else if (!strncmp(l, "test end :: ", 12))
				cur = NULL;
			else if (!strncmp(l, "file start :: /proc/meminfo", 27))
				mode = MEM;
			else if (cur && !strncmp(l, "file start :: /proc/vmstat", 26))
				mode = VM, c = &cur->vm0;
			else if (cur && !strncmp(l, "file end :: /proc/vmstat", 24))
				mode = VM, c = &cur->vm1;
			else if (cur && !strncmp(l, "file start :: /proc/schedstat", 29))
				mode = SC, c = &cur->sc0;
			else if (cur && !strncmp(l, "file end :: /proc/schedstat", 27))
				mode = SC, c = &cur->sc1;
			if (c && mode != NONE && mode != MEM && c->n)
				cnt_free(c);	/* a repeated snapshot replaces the last */
			continue;
		}
		switch (mode) {
		case MEM:
			if (!it->has_mem && !strncmp(l, "MemTotal:", 9)) {
				it->mem_kb = strtoll(l + 9, &e, 10);
				it->has_mem = e > l + 9;
			}
			break;
		case VM:
			if (!(w = field(l, 0, &n)))
				break;
			if (!(l = (char *)field(l, 1, &(size_t){0})) ||
			    (v = strtoll(l, &e, 10), *e && *e != ' ')) {
				bad(f, x.line, "expected a /proc/vmstat line \"name value\"");
				break;
			}
			cnt_add(c, w, n, v);
			break;
		case SC:
			/* "cpuN f1..f9": sum each field over CPUs */
			if (strncmp(l, "cpu", 3) != 0 || !isdigit((unsigned char)l[3]))
				break;
			if (!c->n) {
				static const char *const names[] = { "yld_count", "legacy",
					"sched_count", "sched_goidle", "ttwu_count",
					"ttwu_local", "rq_cpu_time", "run_delay", "pcount" };
				for (k = 0; k < 9; k++)
					if (k != 1)
						cnt_add(c, names[k], strlen(names[k]), 0);
			}
			for (k = 0; k < 9; k++) {
				if (!(w = field(l, 1 + k, &n)))
					break;
				v = strtoll(w, &e, 10);
				if (k == 1)
					continue;
				c->v[k < 1 ? k : k - 1] += v;
			}
			break;
		case NONE:
			break;
		}
	}
	vt_done(&x);
}

static char *
value_after(const char *l, const char *key)
{
	const char *p = strstr(l, key);
	size_t n;

	if (!p)
		return NULL;
	p += strlen(key);
	p += strspn(p, " \t");
	n = strlen(p);
	while (n && isspace((unsigned char)p[n - 1]))
		n--;
	return estrndup(p, n);
}

static void
read_dmesg(iterinfo *it, const vtree *t)
{
	const vfile *f = vt_find(t, it->dir, "dmesg");
	vtext x;
	char *l, *p;
	int depth;
	const char *s;

	if (!f || vt_load(f, &x) < 0)
		return;
	remember_hash(it, f, &x);
	while ((l = vt_line(&x, NULL))) {
		if (strstr(l, "WARNING:") || strstr(l, "Oops:"))
			it->warnings++;
		if (!it->cmdline && (p = strstr(l, "Command line: ")))
			it->cmdline = estrdup(p + 14);
		/* Linux version V (user@host) (gcc ..., GNU ld ...) #1 ... */
		if (!it->toolchain && (p = strstr(l, "Linux version "))) {
			p = strchr(p, '(');
			for (depth = 0; p && *p; p++) {
				depth += (*p == '(') - (*p == ')');
				if (!depth)
					break;
			}
			if (p && *p && (p = strchr(p, '('))) {
				for (s = p, depth = 0; *s; s++) {
					depth += (*s == '(') - (*s == ')');
					if (!depth)
						break;
				}
				if (*s)
					it->toolchain = estrndup(p + 1, s - p - 1);
			}
		}
	}
	vt_done(&x);
}

static void
read_meta(iterinfo *it, const vtree *t)
{
	const vfile *f;
	vtext x;
	char *l, *v;
	size_t fn, i;
	const vfile *fl;

	if ((l = firstline(t, it->dir, "kernel.version"))) {
		size_t n;
		const char *w = field(l, 2, &n);
		it->uname = l;
		if (w)
			it->release = estrndup(w, n);
	}
	if ((f = vt_find(t, it->dir, "lscpu.txt")) && vt_load(f, &x) == 0) {
		while ((l = vt_line(&x, NULL))) {
			if (!it->cpu_model && !strncmp(l, "Model name:", 11))
				it->cpu_model = value_after(l, "Model name:");
			else if (!it->has_cpus && !strncmp(l, "CPU(s):", 7))
				it->has_cpus = getlong(l + 7, &it->cpus) == 0;
			else if (!it->arch && !strncmp(l, "Architecture:", 13))
				it->arch = value_after(l, "Architecture:");
		}
		vt_done(&x);
	}
	if ((f = vt_find(t, it->dir, "cpu-topology-mmtests.txt")))
		vt_hash16(f, it->cpu_topology);
	if ((f = vt_find(t, it->dir, "os-release")) && vt_load(f, &x) == 0) {
		while ((l = vt_line(&x, NULL)))
			if (!strncmp(l, "PRETTY_NAME=", 12)) {
				v = l + 12;
				i = strlen(v);
				if (i >= 2 && (*v == '"' || *v == '\'') && v[i - 1] == *v) {
					v[i - 1] = '\0';
					v++;
				}
				it->os = estrdup(v);
				break;
			}
		vt_done(&x);
	}
	fl = vt_list(t, it->dir, &fn);
	for (i = 0; i < fn; i++)
		if (!strncmp(vt_base(&fl[i]), "kconfig-", 8)) {
			vt_hash16(&fl[i], it->kconfig);
			break;
		}
	free((void *)fl);
	read_timestamp(it, t);
	read_sysstate(it, t);
	read_dmesg(it, t);
}

static void
iter_free(iterinfo *it)
{
	size_t i;

	for (i = 0; i < it->njs; i++) {
		free(it->js[i].name);
		cnt_free(&it->js[i].vm0);
		cnt_free(&it->js[i].vm1);
		cnt_free(&it->js[i].sc0);
		cnt_free(&it->js[i].sc1);
	}
	free(it->js);
	free(it->dir);
	free(it->uname);
	free(it->release);
	free(it->arch);
	free(it->cpu_model);
	free(it->os);
	free(it->cmdline);
	free(it->toolchain);
	free(it->version);
}

/* ---- writing ---- */

static const char *const runkeys[] = {
	"type", "run", "run_name", "iter", "kernel", "kernel_sha", "uname", "host",
	"instance", "instance_type", "arch", "cpu_model", "cpus", "cpu_topology",
	"mem_kb", "os", "cmdline", "toolchain", "kconfig_hash", "framework",
	"framework_version", "start", "finish", "dmesg_warnings", "files", "src", NULL
};

/* --meta replaces what was read, as a string */
static void
kstr(kp_w *w, const run *r, const char *key, const char *v)
{
	const char *m = meta_get(r, key);

	kp_w_key(w, key);
	if (m || v)
		kp_w_str(w, m ? m : v);
	else
		kp_w_null(w);
}

static void
kint(kp_w *w, const run *r, const char *key, int have, long long v)
{
	const char *m = meta_get(r, key);

	kp_w_key(w, key);
	if (m)
		kp_w_str(w, m);
	else if (have)
		kp_w_int(w, v);
	else
		kp_w_null(w);
}

static void
kopt(kp_w *w, const char *key, int have, long long v)
{
	if (have)
		kp_w_kint(w, key, v);
	else
		kp_w_knull(w, key);
}

static void
write_files(kp_w *w, iterinfo *it, const vtree *t)
{
	size_t n, i, k;
	const vfile *fl = vt_list(t, it->dir, &n);
	const char *b;
	char h[17];

	kp_w_key(w, "files");
	kp_w_obj(w);
	for (i = 0; i < n; i++) {
		b = strrchr(fl[i].rel, '/');
		b = b ? b + 1 : fl[i].rel;
		/* these three are in the record field by field */
		if (!strcmp(b, "tests-timestamp") || !strcmp(b, "tests-activity") ||
		    !strcmp(b, "kernel.version"))
			continue;
		for (k = 0; k < it->nh; k++)
			if (!strcmp(it->hf[k]->rel, fl[i].rel))
				break;
		if (k < it->nh)
			kp_w_kstr(w, b, it->hh[k]);
		else if (vt_hash16(&fl[i], h) == 0)
			kp_w_kstr(w, b, h);
	}
	kp_w_end(w);
	free((void *)fl);
}

static void
write_run(kp_w *w, iterinfo *it)
{
	const run *r = it->r;
	const vtree *t = r->t;
	char *src;

	kp_w_obj(w);
	kp_w_kstr(w, "type", "run");
	kstr(w, r, "run", r->id);
	kstr(w, r, "run_name", r->name);
	kp_w_kint(w, "iter", it->iter);
	kstr(w, r, "kernel", it->release);
	kstr(w, r, "kernel_sha", NULL);
	kstr(w, r, "uname", it->uname);
	kstr(w, r, "host", r->host);
	kstr(w, r, "instance", r->host);
	kstr(w, r, "instance_type", NULL);
	kstr(w, r, "arch", it->arch);
	kstr(w, r, "cpu_model", it->cpu_model);
	kint(w, r, "cpus", it->has_cpus, it->cpus);
	kstr(w, r, "cpu_topology", *it->cpu_topology ? it->cpu_topology : NULL);
	kint(w, r, "mem_kb", it->has_mem, it->mem_kb);
	kstr(w, r, "os", it->os);
	kstr(w, r, "cmdline", it->cmdline);
	kstr(w, r, "toolchain", it->toolchain);
	kstr(w, r, "kconfig_hash", *it->kconfig ? it->kconfig : NULL);
	kstr(w, r, "framework", "mmtests");
	kstr(w, r, "framework_version", it->version);
	kint(w, r, "start", it->has_start, it->start);
	kint(w, r, "finish", it->has_finish, it->finish);
	kint(w, r, "dmesg_warnings", 1, it->warnings);
	write_files(w, it, t);
	src = join(t->shown, r->dir);
	kstr(w, r, "src", src);
	free(src);
	meta_extra(w, r, runkeys);
	kp_w_end(w);
}

static void
write_counters(kp_w *w, const char *key, const counters *a, const counters *b)
{
	size_t i, k;

	kp_w_key(w, key);
	kp_w_obj(w);
	for (i = 0; i < a->n; i++) {
		/* same order in both snapshots, except across a kernel change */
		k = i < b->n && !strcmp(a->k[i], b->k[i]) ? i : b->n;
		if (k == b->n)
			for (k = 0; k < b->n && strcmp(a->k[i], b->k[k]); k++)
				;
		if (k < b->n)
			kp_w_kint(w, a->k[i], b->v[k] - a->v[i]);
	}
	kp_w_end(w);
}

static int
cmpsample(const void *a, const void *b)
{
	const sample *x = a, *y = b;
	int c;

	if ((c = strcmp(x->bench, y->bench)) || (c = strcmp(x->test, y->test)) ||
	    (c = strcmp(x->op, y->op)) || (c = strcmp(x->metric, y->metric)))
		return c;
	if (x->conc != y->conc)
		return x->conc < y->conc ? -1 : 1;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	return (x->sub > y->sub) - (x->sub < y->sub);
}

typedef struct {
	job j;
	const parser *p;
	jstat *st;
} jobrun;

static const parser *
find_parser(const char *name)
{
	char buf[256], *d;
	const parser *p;

	snprintf(buf, sizeof(buf), "%s", name);
	for (;;) {
		for (p = parsers; p->name; p++)
			if (!strcmp(p->name, buf))
				return p;
		if (!(d = strrchr(buf, '-')))
			return NULL;
		*d = '\0';
	}
}

static void
unknown(const char *name, const char *where)
{
	static char **seen;
	static size_t nseen;
	size_t i;

	if (sflag)
		kp_die_at(where, 0, 0, "unknown benchmark %s (known: futexbench-*, hackbench-*, "
		    "schbench, stressng, sysbenchcpu, sysbenchmutex, unixbenchd, wis-*)", name);
	for (i = 0; i < nseen; i++)
		if (!strcmp(seen[i], name))
			return;
	seen = ereallocarray(seen, nseen + 1, sizeof(*seen));
	seen[nseen++] = estrdup(name);
	kp_warn_at(where, 0, 0, "unknown benchmark %s: skipped (-s makes this an error)", name);
}

static int
cmpjob(const void *a, const void *b)
{
	return strcmp(((const jobrun *)a)->j.job, ((const jobrun *)b)->j.job);
}

static void
do_iter(kp_w *w, const run *r, const char *itname, long iter)
{
	iterinfo it;
	const vtree *t = r->t;
	jobrun *jr = NULL;
	size_t njr = 0, i, k, nsub;
	char **subs, *logs, *where;
	const char *kernel, *instance;

	memset(&it, 0, sizeof(it));
	it.r = r;
	it.dir = join(r->dir, itname);
	it.iter = iter;
	read_meta(&it, t);

	/* the jobs: those tests-timestamp names and those that left logs */
	subs = vt_subdirs(t, it.dir, &nsub);
	for (i = 0; i < nsub; i++) {
		logs = join(it.dir, subs[i]);
		where = join(logs, "logs");
		if (vt_isdir(t, where))
			jstat_get(&it, subs[i], strlen(subs[i]));
		free(where);
		free(logs);
		free(subs[i]);
	}
	free(subs);
	for (i = 0; i < it.njs; i++) {
		jstat *st = &it.js[i];
		const parser *p = find_parser(st->name);
		char *jd = join(it.dir, st->name);
		char *shown = join(t->shown, jd);
		jobrun *x;

		if (!p) {
			unknown(st->name, shown);
			free(jd);
			free(shown);
			continue;
		}
		jr = ereallocarray(jr, njr + 1, sizeof(*jr));
		x = &jr[njr++];
		memset(x, 0, sizeof(*x));
		x->p = p;
		x->st = st;
		x->j.t = t;
		x->j.job = st->name;
		x->j.logs = join(jd, "logs");
		x->j.where = join(shown, "logs");
		free(jd);
		free(shown);
	}
	qsort(jr, njr, sizeof(*jr), cmpjob);
	for (i = 0; i < njr; i++) {
		job *j = &jr[i].j;
		jstat *st = jr[i].st;

		if (vt_isdir(t, j->logs))
			jr[i].p->parse(j);
		else
			kp_warn_at(j->where, 0, 0, "%s: no logs directory: the benchmark left no results", j->job);
		if (!j->params)
			j->params = estrdup("");
		if (j->n)
			qsort(j->s, j->n, sizeof(*j->s), cmpsample);
		for (k = 1; k < j->n; k++)
			if (!cmpsample(&j->s[k - 1], &j->s[k])) {
				if (!kflag)
					kp_die_at(j->s[k].src, 0, 0, "the same measurement as %s", j->s[k - 1].src);
				kp_warn_at(j->s[k].src, 0, 0, "the same measurement as %s; kept both", j->s[k - 1].src);
				j->partial = 1;
			}
		if (!st->has_end) {
			kp_warn_at(j->where, 0, 0, "%s: never ended (no \"test end\" in tests-timestamp); "
			    "%zu samples kept, marked partial", j->job, j->n);
			j->partial = 1;
		} else if (st->rc != 0) {
			kp_warn_at(j->where, 0, 0, "%s: exit status %ld; %zu samples kept, marked partial",
			    j->job, st->rc, j->n);
			j->partial = 1;
		} else if (j->n == 0) {
			kp_warn_at(j->where, 0, 0, "%s: no samples", j->job);
			j->partial = 1;
		}
	}

	write_run(w, &it);
	for (i = 0; i < njr; i++) {
		job *j = &jr[i].j;
		jstat *st = jr[i].st;

		kp_w_obj(w);
		kp_w_kstr(w, "type", "runstat");
		kp_w_kstr(w, "run", meta_get(r, "run") ? meta_get(r, "run") : r->id);
		kp_w_kint(w, "iter", iter);
		kp_w_kstr(w, "job", j->job);
		kp_w_kstr(w, "suite", jr[i].p->suite);
		kp_w_kstr(w, "params", j->params);
		kopt(w, "begin", st->has_begin, st->begin);
		kopt(w, "end", st->has_end, st->end);
		kopt(w, "rc", st->has_end, st->rc);
		if (st->has_time) {
			kp_w_knum(w, "user_s", st->user);
			kp_w_knum(w, "sys_s", st->sys);
			kp_w_knum(w, "elapsed_s", st->elapsed);
		} else {
			kp_w_knull(w, "user_s");
			kp_w_knull(w, "sys_s");
			kp_w_knull(w, "elapsed_s");
		}
		write_counters(w, "vmstat", &st->vm0, &st->vm1);
		write_counters(w, "schedstat", &st->sc0, &st->sc1);
		kp_w_kbool(w, "partial", j->partial);
		kp_w_end(w);
	}
	kernel = meta_get(r, "kernel") ? meta_get(r, "kernel") : it.release ? it.release : "unknown";
	instance = meta_get(r, "instance") ? meta_get(r, "instance") : r->host;
	for (i = 0; i < njr; i++) {
		job *j = &jr[i].j;

		for (k = 0; k < j->n; k++) {
			sample *s = &j->s[k];

			kp_w_obj(w);
			kp_w_kstr(w, "type", "sample");
			kp_w_kstr(w, "run", meta_get(r, "run") ? meta_get(r, "run") : r->id);
			kp_w_kint(w, "iter", iter);
			kp_w_kstr(w, "kernel", kernel);
			kp_w_kstr(w, "instance", instance);
			kp_w_kstr(w, "job", j->job);
			kp_w_kstr(w, "suite", jr[i].p->suite);
			kp_w_kstr(w, "bench", s->bench);
			kp_w_kstr(w, "test", s->test);
			kp_w_kstr(w, "op", s->op);
			kp_w_kstr(w, "metric", s->metric);
			kp_w_kstr(w, "unit", s->unit);
			kp_w_kstr(w, "better", s->higher ? "higher" : "lower");
			kp_w_kint(w, "conc", s->conc);
			kp_w_kint(w, "rep", s->rep);
			kp_w_kint(w, "sub", s->sub);
			kp_w_knum(w, "value", s->value);
			kp_w_kstr(w, "src", s->src);
			kp_w_end(w);
			free(s->src);
		}
		for (k = 0; k < j->nstrs; k++)
			free(j->strs[k]);
		free(j->strs);
		free(j->s);
		free(j->params);
		free((char *)j->logs);
		free((char *)j->where);
	}
	free(jr);
	iter_free(&it);
}

static int
cmpiter(const void *a, const void *b)
{
	long x = strtol(*(char *const *)a + 5, NULL, 10);
	long y = strtol(*(char *const *)b + 5, NULL, 10);

	return (x > y) - (x < y);
}

void
run_emit(kp_w *w, const run *r)
{
	char **subs;
	size_t n, i, k;
	long iter;

	subs = vt_subdirs(r->t, r->dir, &n);
	for (i = k = 0; i < n; i++) {
		if (isiter(subs[i], &iter))
			subs[k++] = subs[i];
		else
			free(subs[i]);
	}
	/* iter-10 after iter-2, unlike MMTests' glob */
	qsort(subs, k, sizeof(*subs), cmpiter);
	if (!k)
		kp_warn_at(r->t->shown, 0, 0, "%s%sno iter-N directories: run %s has no results",
		    r->dir, *r->dir ? ": " : "", r->name);
	for (i = 0; i < k; i++) {
		isiter(subs[i], &iter);
		do_iter(w, r, subs[i], iter);
		free(subs[i]);
	}
	free(subs);
}
