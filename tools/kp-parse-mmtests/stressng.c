/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stressng.c: stress-ng --metrics-brief (MMTests stressng):
 * logs/stressng-<N>-<I>.log, a table after the "(secs)" header line; the
 * sample is "bogo ops/s (real time)", the 6th column, as in MMTests'
 * extract-report.pl. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

/* stress-ng >= 0.15 prints these after the table: counts, not measurements */
static int
notmeasure(const char *row, const char *tok0, size_t n0)
{
	static const char *const words[] = {
		"metrics untrustworthy:", "successful run completed",
		"unsuccessful run completed", "run completed",
	};
	size_t i;

	if (n0 && tok0[n0 - 1] == ':')
		return 1;	/* skipped: passed: failed: */
	for (i = 0; i < KP_LEN(words); i++)
		if (!strncmp(row, words[i], strlen(words[i])))
			return 1;
	return 0;
}

void
stressng_parse(job *j)
{
	const vfile *fl, *f;
	size_t nf, i, n0, n;
	char name[256], *line, *row, *p, *dash, opt[300];
	const char *t0, *t;
	long conc, rep, sub;
	double v[6];
	int intable, k, bad;
	vtext x;
	sample *s;
	const char *stressor = NULL;

	fl = vt_list(j->t, j->logs, &nf);
	for (i = 0; i < nf; i++) {
		f = &fl[i];
		snprintf(name, sizeof(name), "%s", vt_base(f));
		n = strlen(name);
		if (strncmp(name, "stressng-", 9) != 0 || n < 4 || strcmp(name + n - 4, ".log") != 0)
			continue;
		name[n - 4] = '\0';
		if (!(dash = strchr(name + 9, '-')) ||
		    job_parse_long(name + 9, dash - (name + 9), &conc) < 0 ||
		    job_parse_long(dash + 1, strlen(dash + 1), &rep) < 0) {
			job_warn(j, f, 0, "not a stress-ng log name (stressng-TASKS-ITERATION.log); skipped");
			continue;
		}
		if (vt_load(f, &x) < 0) {
			j->partial = 1;
			continue;
		}
		intable = 0;
		sub = 0;
		while ((line = vt_line(&x, NULL))) {
			if (!intable) {
				intable = strstr(line, "(secs)") != NULL;
				continue;
			}
			row = (p = strstr(line, "] ")) ? p + 2 : line;
			row += strspn(row, " \t");
			if (!*row)
				continue;
			t0 = job_field(row, 0, &n0);
			t = job_field(row, 1, &n);
			if (!t || notmeasure(row, t0, n0) ||
			    (*t != '.' && (*t < '0' || *t > '9'))) {
				if (!t || notmeasure(row, t0, n0))
					continue;
				job_warn(j, f, x.line, "not a stress-ng metrics row; ignored");
				continue;
			}
			for (bad = 0, k = 1; k <= 5 && !bad; k++) {
				if (!(t = job_field(row, k, &n))) {
					job_bad(j, f, x.line, 0,
					    "row has %d columns, expected 6 or more (bogo ops/s real time is the 6th)", k);
					bad = 1;
				} else if (job_num(j, &x, line, t, n, &v[k]) < 0) {
					bad = 1;
				}
			}
			if (bad)
				continue;
			s = job_add(j, f, x.line, v[5]);
			s->bench = s->test = s->op = job_strn(j, t0, n0);
			stressor = s->bench;
			s->metric = "bogo-ops/s";
			s->unit = "bogo-ops/s";
			s->higher = 1;
			s->conc = conc;
			s->rep = rep;
			s->sub = ++sub;
		}
		if (sub == 0) {
			job_warn(j, f, 0, "no stress-ng metrics row (did the stressor fail?)");
			j->partial = 1;
		}
		vt_done(&x);
	}
	free((void *)fl);
	job_timed_logs(j, "stressng-", "-", ".log");
	snprintf(opt, sizeof(opt), "--%s", stressor ? stressor : "");
	j->params = job_commands_params(j, stressor ? opt : NULL);
}
