/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unixbench.c: one UnixBench program run directly (MMTests unixbenchd):
 * logs/unixbenchd.log holds "COUNT|loops|1|lps" per run, commands.log the
 * program and its parameter ("./pgms/syscall 2 getpid").  The value is
 * the loop count of one run of DURATION seconds, not a rate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

void
unixbench_parse(job *j)
{
	const vfile *f;
	char *line, *prog = NULL, *p, test[300];
	const char *t, *bench, *tst;
	size_t n;
	long rep = 0;
	double v;
	vtext x;
	sample *s;

	if ((f = vt_find(j->t, j->logs, "commands.log")) && vt_load(f, &x) == 0) {
		while ((line = vt_line(&x, NULL)))
			if (strstr(line, "pgms/")) {
				prog = estrdup(line + strspn(line, " \t"));
				break;
			}
		vt_done(&x);
	}
	if (!prog) {
		kp_warn_at(j->where, 0, 0, "%s: no pgms/ command in commands.log: program unknown",
		    j->job);
		j->partial = 1;
		j->params = estrdup("");
		return;
	}
	j->params = estrdup(prog);
	t = job_field(prog, 0, &n);
	for (p = (char *)t + n; p > t && p[-1] != '/'; p--)
		;
	bench = job_strn(j, p, t + n - p);
	if ((t = job_field(prog, 2, &n))) {
		snprintf(test, sizeof(test), "%s-%.*s", bench, (int)n, t);
		tst = job_str(j, test);
	} else {
		tst = bench;
	}
	free(prog);
	if (!(f = vt_find(j->t, j->logs, "unixbenchd.log"))) {
		kp_warn_at(j->where, 0, 0, "%s: no unixbenchd.log", j->job);
		j->partial = 1;
		return;
	}
	if (vt_load(f, &x) < 0) {
		j->partial = 1;
		return;
	}
	while ((line = vt_line(&x, NULL))) {
		if (strncmp(line, "COUNT|", 6) != 0)
			continue;
		n = strcspn(line + 6, "|");
		if (job_num(j, &x, line, line + 6, n, &v) < 0)
			continue;
		s = job_add(j, f, x.line, v);
		s->bench = s->op = bench;
		s->test = tst;
		s->metric = "loops";
		s->unit = "loops";
		s->higher = 1;
		s->conc = 1;
		s->rep = ++rep;
		s->sub = 1;
	}
	if (rep == 0) {
		job_warn(j, f, 0, "no COUNT lines: the program printed no result");
		j->partial = 1;
	}
	vt_done(&x);
}
