/* SPDX-License-Identifier: GPL-2.0-or-later */
/* wis.c: will-it-scale (MMTests wis-*): logs/benchlog-<test>_<model>-<N>,
 * one "min:.. max:.. total:N" line per measured second; total (the sum
 * over tasks) is the sample, as in MMTests' parse-results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

void
wis_parse(job *j)
{
	const vfile *fl, *f;
	size_t nf, i, n;
	char name[256], *dash, *us, *line, *p, *list, *w;
	const char *bench, *test, *model;
	long conc, sub, maxsub = 0;
	int done, measuring;
	double v;
	vtext x;
	sample *s;
	char workloads[1024] = "", models[256] = "";

	if ((f = vt_find(j->t, j->logs, "workloads")) && vt_load(f, &x) == 0) {
		if ((line = vt_line(&x, NULL)))
			snprintf(workloads, sizeof(workloads), "%s", line);
		vt_done(&x);
	}
	if ((f = vt_find(j->t, j->logs, "models")) && vt_load(f, &x) == 0) {
		if ((line = vt_line(&x, NULL)))
			snprintf(models, sizeof(models), "%s", line);
		vt_done(&x);
	}
	fl = vt_list(j->t, j->logs, &nf);
	for (i = 0; i < nf; i++) {
		f = &fl[i];
		if (strncmp(vt_base(f), "benchlog-", 9) != 0)
			continue;
		snprintf(name, sizeof(name), "%s", vt_base(f) + 9);
		if (!(dash = strrchr(name, '-')) || job_parse_long(dash + 1, strlen(dash + 1), &conc) < 0 || conc < 1) {
			job_warn(j, f, 0, "not a will-it-scale log name (benchlog-TEST_MODEL-TASKS); skipped");
			continue;
		}
		*dash = '\0';
		/* test names have '_' (page_fault1), models do not */
		if ((us = strrchr(name, '_'))) {
			*us = '\0';
			model = us + 1;
		} else {
			model = NULL;
		}
		bench = job_str(j, name);
		if (model) {
			char t[300];
			snprintf(t, sizeof(t), "%s-%s", name, model);
			test = job_str(j, t);
		} else {
			test = bench;
		}
		if (vt_load(f, &x) < 0) {
			j->partial = 1;
			continue;
		}
		sub = 0;
		done = 0;
		measuring = 0;
		while ((line = vt_line(&x, NULL))) {
			if (!strncmp(line, "measurement", 11))
				measuring = 1;
			if (!strncmp(line, "average:", 8))
				done = 1, measuring = 0;
			if (!(p = strstr(line, "total:"))) {
				/* between "measurement" and "average:" every line
				 * is a second's total: a damaged one is a lost
				 * sample, not noise to skip */
				if (measuring && strncmp(line, "measurement", 11) &&
				    line[strspn(line, " \t")])
					job_bad(j, f, x.line, 1, "expected \"min:N max:N "
					    "total:N\" (one line per measured second)");
				continue;
			}
			p += 6;
			n = strcspn(p, " \t");
			if (job_num(j, &x, line, p, n, &v) < 0)
				continue;
			s = job_add(j, f, x.line, v);
			s->bench = bench;
			s->test = test;
			s->op = bench;
			s->metric = "ops";
			s->unit = "ops/s";
			s->higher = 1;
			s->conc = conc;
			s->rep = 1;
			s->sub = ++sub;
		}
		if (sub == 0)
			job_warn(j, f, 0, "no \"total:\" lines: the benchmark printed no measurement");
		else if (!done)
			job_warn(j, f, 0, "no \"average:\" line after the \"total:\" lines: "
			    "the benchmark did not finish");
		if (sub > maxsub)
			maxsub = sub;
		vt_done(&x);
	}
	/* every workload the driver listed must have left a log */
	/* a list written with other whitespace names the same workloads */
	for (list = estrdup(workloads), w = strtok(list, ", \t"); w; w = strtok(NULL, ", \t")) {
		for (i = 0; i < j->n; i++)
			if (!strcmp(j->s[i].bench, w))
				break;
		if (i == j->n) {
			kp_warn_at(j->where, 0, 0, "%s: workload %s listed in workloads has no benchlog",
			    j->job, w);
			j->partial = 1;
		}
	}
	free(list);
	free((void *)fl);
	job_timed_logs(j, "benchlog-", "-", "");
	{
		char params[sizeof(workloads) + sizeof(models) + 64];
		snprintf(params, sizeof(params), "will-it-scale workloads=%s models=%s samples=%ld",
		    workloads, models, maxsub);
		j->params = estrdup(params);
	}
}
