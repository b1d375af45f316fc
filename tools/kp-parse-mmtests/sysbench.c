/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysbench.c: sysbench cpu and mutex (MMTests sysbenchcpu,
 * sysbenchmutex): logs/benchlog-<N>-_-<I>, one sysbench report each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

/* key: the line that holds the value; col: its 0-based column, or -1
 * for the last one */
static void
parse(job *j, const char *bench, const char *op, const char *metric, const char *unit,
    int higher, const char *key, int col)
{
	const vfile *fl, *f;
	size_t nf, i, n;
	char name[256], *line, *dash, *p;
	const char *t;
	long conc, rep, sub;
	double v;
	int k;
	vtext x;
	sample *s;

	fl = vt_list(j->t, j->logs, &nf);
	for (i = 0; i < nf; i++) {
		f = &fl[i];
		snprintf(name, sizeof(name), "%s", vt_base(f));
		if (strncmp(name, "benchlog-", 9) != 0)
			continue;
		p = name + 9;
		if (!(dash = strchr(p, '-')) || job_parse_long(p, dash - p, &conc) < 0 ||
		    !(dash = strrchr(p, '-')) || job_parse_long(dash + 1, strlen(dash + 1), &rep) < 0) {
			job_warn(j, f, 0, "not a sysbench log name (benchlog-THREADS-_-ITERATION); skipped");
			continue;
		}
		if (vt_load(f, &x) < 0) {
			j->partial = 1;
			continue;
		}
		sub = 0;
		while ((line = vt_line(&x, NULL))) {
			if (!strstr(line, key))
				continue;
			if (col < 0) {
				for (k = 0; job_field(line, k + 1, &n); k++)
					;
			} else {
				k = col;
			}
			if (!(t = job_field(line, k, &n))) {
				job_warn(j, f, x.line, "no value after \"%s\"", key);
				j->partial = 1;
				continue;
			}
			if (job_num(j, &x, line, t, n, &v) < 0)
				continue;
			s = job_add(j, f, x.line, v);
			s->bench = s->test = bench;
			s->op = op;
			s->metric = metric;
			s->unit = unit;
			s->higher = higher;
			s->conc = conc;
			s->rep = rep;
			s->sub = ++sub;
		}
		if (sub == 0) {
			job_warn(j, f, 0, "no \"%s\" line: sysbench did not finish", key);
			j->partial = 1;
		}
		vt_done(&x);
	}
	free((void *)fl);
	job_timed_logs(j, "benchlog-", "-_-", "");
	j->params = job_commands_params(j, "threads=");
}

/* MMTests calls events/sec lower-is-better (no preferhigher); it is a
 * throughput */
void
sysbenchcpu_parse(job *j)
{
	parse(j, "cpu", "events", "events/s", "events/s", 1, "events per second", -1);
}

void
sysbenchmutex_parse(job *j)
{
	parse(j, "mutex", "mutex", "latency-p95", "ms", 0, "95th percentile:", 2);
}
