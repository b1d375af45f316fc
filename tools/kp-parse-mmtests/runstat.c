/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runstat.c: what the runstat record of a benchmark says: its times
 * and exit status from tests-timestamp, and the deltas of the
 * /proc/vmstat and /proc/schedstat snapshots of tests-sysstate taken at
 * its begin and end. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

/* bad input in a run's own files: dies, or with -k warns */
static void
bad(const vfile *f, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void
bad(const vfile *f, long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	job_bad_input(f, line, 0, "ignored", fmt, ap);
	va_end(ap);
}

static void
cnt_add(counters *c, const char *k, size_t kn, long long v)
{
	c->k = kp_grow(c->k, c->n, sizeof(*c->k));
	c->v = kp_grow(c->v, c->n, sizeof(*c->v));
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

jstat *
jstat_get(iterinfo *it, const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < it->njs; i++)
		if (strlen(it->js[i].name) == n && !strncmp(it->js[i].name, name, n))
			return &it->js[i];
	it->js = kp_grow(it->js, it->njs, sizeof(*it->js));
	memset(&it->js[it->njs], 0, sizeof(*it->js));
	it->js[it->njs].name = estrndup(name, n);
	return &it->js[it->njs++];
}

void
jstat_free(jstat *st)
{
	free(st->name);
	cnt_free(&st->vm0);
	cnt_free(&st->vm1);
	cnt_free(&st->sc0);
	cnt_free(&st->sc1);
}

void
iter_read_timestamp(iterinfo *it, const vtree *t)
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
			if (job_getlong(l + 9, &it->start) < 0)
				bad(f, x.line, "expected an epoch time after \"start ::\"");
			else
				it->has_start = 1;
		} else if (!strncmp(l, "finish :: ", 10)) {
			if (job_getlong(l + 10, &it->finish) < 0)
				bad(f, x.line, "expected an epoch time after \"finish ::\"");
			else
				it->has_finish = 1;
		} else if (!strncmp(l, "test begin :: ", 14) || !strncmp(l, "test end :: ", 12)) {
			int end = l[5] == 'e';
			const char *p = l + (end ? 12 : 14);
			if (!(w = job_field(p, 0, &n)))
				continue;
			j = jstat_get(it, w, n);
			if (!end) {
				if (!(w = job_field(p, 1, &n)) || job_parse_long(w, n, &j->begin) < 0)
					bad(f, x.line, "expected \"test begin :: NAME EPOCH\"");
				else
					j->has_begin = 1;
			} else {
				if (!(w = job_field(p, 1, &n)) || job_parse_long(w, n, &j->end) < 0)
					bad(f, x.line, "expected \"test end :: NAME EPOCH STATUS\"");
				else if ((w = job_field(p, 2, &n)) && job_parse_long(w, n, &j->rc) == 0)
					j->has_end = 1;
				else
					bad(f, x.line, "expected an exit status after the end time");
			}
		} else if (!strncmp(l, "time :: ", 8)) {
			const char *p = l + 8;
			double v[3];
			int k;
			char *e;
			if (!(w = job_field(p, 0, &n)))
				continue;
			j = jstat_get(it, w, n);
			for (k = 0; k < 3; k++) {
				if (!(w = job_field(p, 1 + 2 * k, &n)))
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

/* Each benchmark's /proc/vmstat and /proc/schedstat snapshots at its
 * begin and end; the deltas show what else the machine did meanwhile. */
void
iter_read_sysstate(iterinfo *it, const vtree *t)
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
	iter_remember_hash(it, f, &x);
	while ((l = vt_line(&x, NULL))) {
		if (strstr(l, " :: ")) {
			mode = NONE;
			if (!strncmp(l, "version :: ", 11) && !it->version)
				it->version = estrdup(l + 11);
			else if (!strncmp(l, "arch :: ", 8) && !it->arch)
				it->arch = estrdup(l + 8);
			else if (!strncmp(l, "test begin :: ", 14) && (w = job_field(l + 14, 0, &n)))
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
			if (!(w = job_field(l, 0, &n)))
				break;
			if (!(l = (char *)job_field(l, 1, &(size_t){0})) ||
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
				if (!(w = job_field(l, 1 + k, &n)))
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

/* the change of each counter of a between a and b */
static void
counters_diff(const counters *a, const counters *b, kp_counts *out)
{
	size_t i, k;

	out->name = ereallocarray(NULL, a->n + 1, sizeof(*out->name));
	out->v = ereallocarray(NULL, a->n + 1, sizeof(*out->v));
	out->n = 0;
	for (i = 0; i < a->n; i++) {
		/* same order in both snapshots, except across a kernel change */
		k = i < b->n && !strcmp(a->k[i], b->k[i]) ? i : b->n;
		if (k == b->n)
			for (k = 0; k < b->n && strcmp(a->k[i], b->k[k]); k++)
				;
		if (k < b->n) {
			out->name[out->n] = a->k[i];
			out->v[out->n++] = b->v[k] - a->v[i];
		}
	}
}

/* the levels among the counters of b (kp_vmstat_level): their value at
 * the benchmark's end, which says more of them than their change */
static void
counters_level(const counters *b, kp_counts *out)
{
	size_t i;

	out->name = ereallocarray(NULL, b->n + 1, sizeof(*out->name));
	out->v = ereallocarray(NULL, b->n + 1, sizeof(*out->v));
	out->n = 0;
	for (i = 0; i < b->n; i++)
		if (kp_vmstat_level(b->k[i])) {
			out->name[out->n] = b->k[i];
			out->v[out->n++] = b->v[i];
		}
}

void
runstat_write(kp_w *w, const char *run, long iter, const job *j, const char *suite,
    const jstat *st)
{
	kp_runstat x;

	memset(&x, 0, sizeof(x));
	kp_has_range(&x.has, KP_RUNSTAT_RUN, KP_RUNSTAT_PARTIAL);
	x.run = (char *)run;
	x.iter = iter;
	x.job = (char *)j->job;
	x.suite = (char *)suite;
	x.params = j->params;
	x.begin = st->has_begin ? st->begin : KP_NULL_INT;
	x.end = st->has_end ? st->end : KP_NULL_INT;
	x.rc = st->has_end ? st->rc : KP_NULL_INT;
	x.user_s = st->has_time ? st->user : NAN;
	x.sys_s = st->has_time ? st->sys : NAN;
	x.elapsed_s = st->has_time ? st->elapsed : NAN;
	counters_diff(&st->vm0, &st->vm1, &x.vmstat);
	counters_level(&st->vm1, &x.vmstat_level);
	counters_diff(&st->sc0, &st->sc1, &x.schedstat);
	x.partial = j->partial;
	kp_rec_write(w, &kp_runstat_t, &x);
	free(x.vmstat.name);
	free(x.vmstat.v);
	free(x.vmstat_level.name);
	free(x.vmstat_level.v);
	free(x.schedstat.name);
	free(x.schedstat.v);
}
