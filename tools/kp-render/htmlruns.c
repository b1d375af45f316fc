/* kp-render -f html: the runs behind a comparison, side by side */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

/* epoch seconds as UTC, the number kept */
static void
when(FILE *fp, const char *v)
{
	char buf[32], *end;
	long long t = strtoll(v, &end, 10);
	time_t tt = (time_t)t;
	struct tm tm;

	if (*v == '\0' || *end != '\0' || gmtime_r(&tt, &tm) == NULL ||
	    strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S UTC", &tm) == 0) {
		h_esc(fp, v);
		return;
	}
	fprintf(fp, "%s (%s)", buf, v);
}

void
h_runtable(FILE *fp, struct hsite *s, const Cmp *c)
{
	size_t nb = c->nbase_runs, nr = nb + c->ntarget_runs, i;
	const Run **r;
	int f;

	if (nr == 0) {
		fputs("<p>The comparison names no runs.</p>\n", fp);
		return;
	}
	r = ecalloc(nr, sizeof(*r));
	for (i = 0; i < nr; i++)
		r[i] = run_of(s->r, i < nb ? c->base_runs[i] :
		    c->target_runs[i - nb]);
	fputs("<p>Rows where the baseline and target runs differ are "
	    "highlighted.</p>\n<table><thead><tr><th>field</th>", fp);
	for (i = 0; i < nr; i++) {
		fprintf(fp, "<th>%s<br><span class=\"mono\">", i < nb ?
		    "baseline" : "target");
		h_esc(fp, i < nb ? c->base_runs[i] : c->target_runs[i - nb]);
		fputs("</span></th>", fp);
	}
	fputs("</tr></thead><tbody>\n", fp);
	for (f = 0; f < RF_N; f++) {
		int diff = 0;
		const char *v0 = r[0] ? r[0]->f[f] : NULL;

		for (i = 1; i < nr; i++) {
			const char *v = r[i] ? r[i]->f[f] : NULL;
			if ((v == NULL) != (v0 == NULL) || (v && strcmp(v, v0)))
				diff = 1;
		}
		/* start and finish differ between any two runs */
		if (f == RF_start || f == RF_finish || f == RF_src)
			diff = 0;
		fprintf(fp, "<tr%s><td>%s</td>", diff ? " class=\"diff\"" : "",
		    run_field[f]);
		for (i = 0; i < nr; i++) {
			fputs("<td class=\"mono\">", fp);
			if (r[i] == NULL)
				fputs("<i>no run record</i>", fp);
			else if (r[i]->f[f] == NULL)
				fputs("-", fp);
			else if (f == RF_src)
				h_srclink(fp, s, r[i]->f[f]);
			else if (f == RF_start || f == RF_finish)
				when(fp, r[i]->f[f]);
			else
				h_esc(fp, r[i]->f[f]);
			fputs("</td>", fp);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
	free(r);
}

/* a runstat of the comparison's job, or of its suite when either has none */
static int
ofjob(const Cmp *c, const Runstat *r)
{
	if (c->job && r->job)
		return strcmp(c->job, r->job) == 0;
	return r->suite && strcmp(c->suite, r->suite) == 0;
}

static int
byint(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

void
h_runstats(FILE *fp, struct hsite *s, const Cmp *c)
{
	double cpu[2] = { 0, 0 }, wall[2] = { 0, 0 };
	int k, n, any = 0, side, nrun[2] = { 0, 0 }, *rs;
	size_t i;
	const List *l;
	char pc[96];

	/*
	 * The share of the machine each side gave the benchmark, CPU time
	 * over wall-clock time summed over its runs and iterations, as
	 * kp-classify measures interference; and CPU time per run.
	 */
	for (side = 0; side < 2; side++) {
		char **runs = side ? c->target_runs : c->base_runs;
		size_t nr = side ? c->ntarget_runs : c->nbase_runs, j;
		int seen, e;

		for (j = 0; j < nr; j++) {
			const List *l = runstats_of(s->r, runs[j]);

			for (seen = e = 0; l && e < l->n; e++) {
				const Runstat *r = &s->r->rs[l->v[e]];
				if (!ofjob(c, r) ||
				    !isfinite(r->user_s) || !isfinite(r->sys_s) ||
				    !isfinite(r->elapsed_s))
					continue;
				cpu[side] += r->user_s + r->sys_s;
				wall[side] += r->elapsed_s;
				seen = 1;
			}
			nrun[side] += seen;
		}
	}
	if (nrun[0] && nrun[1] && wall[0] > 0 && wall[1] > 0 && cpu[0] > 0) {
		int flagged = h_interf(c->reason, pc, sizeof(pc));
		double sb = cpu[0] / wall[0], st = cpu[1] / wall[1];

		fprintf(fp, "<div class=\"%s\">CPU share of the benchmark "
		    "(user + sys over elapsed, all runs and iterations): baseline "
		    "%.2f, target %.2f CPUs: <b>target %.0f%% of baseline</b>. "
		    "CPU time per run: baseline %.1f s (%d run%s), target %.1f s "
		    "(%d run%s).%s</div>\n", flagged ? "intf" : "note", sb, st,
		    100 * st / sb, cpu[0] / nrun[0], nrun[0], nrun[0] == 1 ? "" :
		    "s", cpu[1] / nrun[1], nrun[1], nrun[1] == 1 ? "" : "s",
		    flagged ? " kp-classify flagged this as interference: the "
		    "benchmark kept fewer CPUs busy, which is what a competing "
		    "load (or a throttled machine) looks like, not a slower "
		    "kernel path." : "");
	}
	/* the runstats of the runs, in the order read */
	for (side = n = 0; side < 2; side++)
		for (i = 0; i < (side ? c->ntarget_runs : c->nbase_runs); i++)
			if ((l = runstats_of(s->r, side ? c->target_runs[i] :
			    c->base_runs[i])))
				n += l->n;
	rs = emalloc((n + 1) * sizeof(*rs));
	for (side = n = 0; side < 2; side++)
		for (i = 0; i < (side ? c->ntarget_runs : c->nbase_runs); i++)
			if ((l = runstats_of(s->r, side ? c->target_runs[i] :
			    c->base_runs[i]))) {
				memcpy(rs + n, l->v, l->n * sizeof(*rs));
				n += l->n;
			}
	if (n)
		qsort(rs, n, sizeof(*rs), byint);
	for (k = 0; k < n; k++) {
		const Runstat *r = &s->r->rs[rs[k]];
		int base;

		if (k && rs[k] == rs[k - 1])
			continue;
		base = h_inlist(c->base_runs, c->nbase_runs, r->run);
		if (!ofjob(c, r))
			continue;
		if (!any++)
			fputs("<p>One runstat per job, run and iteration: it covers "
			    "every concurrency level of the job. (user+sys)/elapsed "
			    "is the CPUs the benchmark kept busy; well below the "
			    "threads it ran, or lower on one side, points to "
			    "interference.</p>\n"
			    "<table><thead><tr><th>side</th><th>run</th><th>iter"
			    "</th><th>job</th><th>user s</th><th>sys s</th>"
			    "<th>elapsed s</th><th>(user+sys)/elapsed</th>"
			    "<th>rc</th><th>partial</th></tr></thead><tbody>\n",
			    fp);
		fprintf(fp, "<tr><td>%s</td><td class=\"mono\">", base ?
		    "baseline" : "target");
		h_esc(fp, r->run);
		fprintf(fp, "</td><td class=\"n\">%lld</td><td>", r->iter);
		h_esc(fp, r->job);
		fputs("</td><td class=\"n\">", fp);
		h_num(fp, r->user_s);
		fputs("</td><td class=\"n\">", fp);
		h_num(fp, r->sys_s);
		fputs("</td><td class=\"n\">", fp);
		h_num(fp, r->elapsed_s);
		fputs("</td><td class=\"n\">", fp);
		h_num(fp, r->elapsed_s > 0 ? (r->user_s + r->sys_s) /
		    r->elapsed_s : NAN);
		fputs("</td><td class=\"n\">", fp);
		if (r->rc >= 0)
			fprintf(fp, "%lld", r->rc);
		else
			fputs("-", fp);
		fprintf(fp, "</td><td%s>%s</td></tr>\n", r->partial ?
		    " class=\"warn\"" : "", r->partial ? "yes" : "no");
	}
	free(rs);
	if (any)
		fputs("</tbody></table>\n", fp);
	else
		fputs("<p>No runstat records for these runs.</p>\n", fp);
}
