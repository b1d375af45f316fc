/* SPDX-License-Identifier: GPL-2.0-or-later */
/* schbench.c: schbench (MMTests schbench): logs/schbench-<WORKERS>.log.
 * Each report is a header "<Kind> percentiles (unit) runtime N (s) ..."
 * followed by "  50.0th: V (n samples)" rows ('*' marks the headline
 * percentile); schbench prints a report per interval and a last one. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

void
schbench_parse(job *j)
{
	const vfile *fl, *f;
	size_t nf, i, n, k;
	char name[256], *line, *p, op[64];
	const char *t, *test = NULL;
	long conc, sub[3] = { 0 };
	int kind = -1;
	double v;
	vtext x;
	sample *s;
	static const char *const kinds[] = { "Wakeup", "Request", "RPS" };
	static const char *const tests[] = { "wakeup", "request", "rps" };

	fl = vt_list(j->t, j->logs, &nf);
	for (i = 0; i < nf; i++) {
		f = &fl[i];
		snprintf(name, sizeof(name), "%s", vt_base(f));
		n = strlen(name);
		if (strncmp(name, "schbench-", 9) != 0 || n < 5 || strcmp(name + n - 4, ".log"))
			continue;
		name[n - 4] = '\0';
		if (job_parse_long(name + 9, strlen(name + 9), &conc) < 0) {
			job_warn(j, f, 0, "not a schbench log name (schbench-WORKERS.log); skipped");
			continue;
		}
		if (vt_load(f, &x) < 0) {
			j->partial = 1;
			continue;
		}
		memset(sub, 0, sizeof(sub));
		kind = -1;
		while ((line = vt_line(&x, NULL))) {
			if (strstr(line, "percentiles")) {
				kind = -1;
				for (k = 0; k < KP_LEN(kinds); k++)
					if (!strncmp(line, kinds[k], strlen(kinds[k])))
						kind = k;
				if (kind >= 0) {
					sub[kind]++;
					test = tests[kind];
				}
				continue;
			}
			p = line + strspn(line, " \t*");
			n = strspn(p, "0123456789.");
			if (kind < 0 || !n || strncmp(p + n, "th:", 3) != 0) {
				if (!isspace((unsigned char)*line) && *line != '*')
					kind = -1;	/* a row belongs to the header above it */
				continue;
			}
			snprintf(op, sizeof(op), "p%.*s", (int)n, p);
			if (!(t = job_field(p + n + 3, 0, &k))) {
				job_bad(j, f, x.line, 0, "expected a value after the percentile");
				continue;
			}
			if (job_num(j, &x, line, t, k, &v) < 0)
				continue;
			s = job_add(j, f, x.line, v);
			s->bench = "schbench";
			s->test = test;
			s->op = job_str(j, op);
			if (kind == 2) {
				s->metric = "rps";
				s->unit = "requests/s";
				s->higher = 1;
			} else {
				s->metric = "latency";
				s->unit = "usec";
				s->higher = 0;
			}
			s->conc = conc;
			s->rep = 1;
			s->sub = sub[kind];
		}
		if (!sub[0] && !sub[1] && !sub[2])
			job_warn(j, f, 0, "no percentile report: schbench failed");
		vt_done(&x);
	}
	free((void *)fl);
	j->params = job_commands_params(j, "-m");
	if (!*j->params) {
		free(j->params);
		j->params = estrdup("schbench");
	}
}
