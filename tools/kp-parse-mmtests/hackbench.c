/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hackbench.c: perf bench sched messaging (MMTests hackbench-*):
 * logs/hackbench-<GROUPS>, one "Total time: S [sec]" line per run
 * appended, as MMTests' parse-results reads them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

void
hackbench_parse(job *j)
{
	const vfile *fl, *f;
	size_t nf, i, n;
	char name[256], *line, *p, params[300];
	const char *bench, *t;
	long conc, rep;
	double v;
	vtext x;
	sample *s;

	/* hackbench-process-pipes -> process-pipes */
	bench = job_str(j, strncmp(j->job, "hackbench-", 10) ? j->job : j->job + 10);
	fl = vt_list(j->t, j->logs, &nf);
	for (i = 0; i < nf; i++) {
		f = &fl[i];
		snprintf(name, sizeof(name), "%s", vt_base(f));
		if (strncmp(name, "hackbench-", 10) != 0)
			continue;
		if (job_parse_long(name + 10, strlen(name + 10), &conc) < 0) {
			job_warn(j, f, 0, "not a hackbench log name (hackbench-GROUPS); skipped");
			continue;
		}
		if (vt_load(f, &x) < 0) {
			j->partial = 1;
			continue;
		}
		rep = 0;
		while ((line = vt_line(&x, NULL))) {
			if (!(p = strstr(line, "Total time:")))
				continue;
			if (!(t = job_field(p, 2, &n))) {
				job_bad(j, f, x.line, 0, "expected a time after \"Total time:\"");
				continue;
			}
			if (job_num(j, &x, line, t, n, &v) < 0)
				continue;
			s = job_add(j, f, x.line, v);
			s->bench = s->test = bench;
			s->op = "time";
			s->metric = "time";
			s->unit = "s";
			s->higher = 0;
			s->conc = conc;
			s->rep = ++rep;
			s->sub = 1;
		}
		if (rep == 0)
			job_warn(j, f, 0, "no \"Total time:\" line: hackbench failed");
		vt_done(&x);
	}
	free((void *)fl);
	j->params = job_commands_params(j, "-g");
	if (!*j->params) {
		free(j->params);
		snprintf(params, sizeof(params), "perf bench sched messaging %s", bench);
		j->params = estrdup(params);
	}
}
