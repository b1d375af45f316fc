/* SPDX-License-Identifier: GPL-2.0-or-later */
/* futexbench.c: perf bench futex (MMTests futexbench-*): logs/workloads
 * names the workloads, logs/<wl>-<N>.log holds one perf bench output per
 * thread count.  Per-thread throughput lines ("[thread  0] futexes: ...
 * [ 3451712 ops/sec ]") and per-run latency lines ("[Run 1]: Wokeup 4 of
 * 4 threads in 0.0510 ms") are samples; the "Averaged ..." summary is
 * computed from them and is not kept twice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"

void
futexbench_parse(job *j)
{
	const vfile *fl, *f;
	size_t nf, i, n;
	char name[256], *line, *p, *dash, test[300];
	const char *t, *bench, *tst;
	long conc, sub;
	int shared, lat;
	double v;
	vtext x;
	sample *s;

	fl = vt_list(j->t, j->logs, &nf);
	for (i = 0; i < nf; i++) {
		f = &fl[i];
		snprintf(name, sizeof(name), "%s", vt_base(f));
		n = strlen(name);
		if (n < 5 || strcmp(name + n - 4, ".log"))
			continue;
		name[n - 4] = '\0';
		if (!(dash = strrchr(name, '-')) || job_parse_long(dash + 1, strlen(dash + 1), &conc) < 0)
			continue;	/* not a per-thread-count log */
		*dash = '\0';
		{
			char failed[300];
			snprintf(failed, sizeof(failed), "%s-%ld.failed", name, conc);
			if (vt_find(j->t, j->logs, failed))
				job_warn(j, f, 0, "%s exists: this run failed", failed);
		}
		bench = job_str(j, name);
		if (vt_load(f, &x) < 0) {
			j->partial = 1;
			continue;
		}
		/* the summary line says which kind of futex: [private] or [shared] */
		shared = strstr(x.buf, "[shared]") != NULL;
		snprintf(test, sizeof(test), "%s-%s", name, shared ? "shared" : "private");
		tst = job_str(j, test);
		sub = 0;
		while ((line = vt_line(&x, NULL))) {
			lat = 0;
			if ((p = strstr(line, "futexes:")) || (p = strstr(line, "futex:"))) {
				if (!(p = strstr(p, "[ ")))
					continue;
				t = job_field(p + 2, 0, &n);
				if (!t || !strstr(t + n, "ops/sec")) {
					job_bad(j, f, x.line, 0, "expected \"[ N ops/sec ]\"");
					continue;
				}
			} else if (!strncmp(line, "[Run ", 5) && (strstr(line, "Wokeup") ||
			    strstr(line, "Requeued") || strstr(line, "Avg per-thread latency"))) {
				if (!(p = strstr(line, " in ")) || !(t = job_field(p + 4, 0, &n))) {
					job_bad(j, f, x.line, 0, "expected \"in X ms\"");
					continue;
				}
				lat = 1;
			} else {
				continue;
			}
			if (job_num(j, &x, line, t, n, &v) < 0)
				continue;
			s = job_add(j, f, x.line, v);
			s->bench = s->op = bench;
			s->test = tst;
			s->metric = lat ? "latency" : "ops";
			s->unit = lat ? "ms" : "ops/s";
			s->higher = !lat;
			s->conc = conc;
			s->rep = 1;
			s->sub = ++sub;
		}
		if (sub == 0)
			job_warn(j, f, 0, "no per-thread or per-run result lines");
		vt_done(&x);
	}
	free((void *)fl);
	j->params = job_commands_params(j, "-t");
	if (!*j->params) {
		free(j->params);
		j->params = estrdup("perf bench futex");
	}
}
