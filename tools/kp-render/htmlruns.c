/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the runs behind a comparison, side by side */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kp.h"
#include "strmap.h"
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

/* the run metadata shown side by side, in the order of the table */
static const int shown[] = {
	KP_RUN_KERNEL, KP_RUN_KERNEL_SHA, KP_RUN_EXP, KP_RUN_INSTANCE,
	KP_RUN_INSTANCE_TYPE, KP_RUN_HOST, KP_RUN_ARCH, KP_RUN_CPU_MODEL,
	KP_RUN_CPUS, KP_RUN_MEM_KB, KP_RUN_CPU_TOPOLOGY, KP_RUN_OS,
	KP_RUN_CMDLINE, KP_RUN_TOOLCHAIN, KP_RUN_KCONFIG_HASH, KP_RUN_FRAMEWORK,
	KP_RUN_FRAMEWORK_VERSION, KP_RUN_DMESG_WARNINGS, KP_RUN_START,
	KP_RUN_FINISH, KP_RUN_UNAME, KP_RUN_SRC,
};

/* field f of a run record as text, as the record has it: NULL for null */
static const char *
text(const Run *u, int f)
{
	const kp_field *fd = &kp_run_t.f[f];
	const char *p;

	if (u == NULL)
		return NULL;
	p = (const char *)&u->rec + fd->off;
	return fd->kind == KP_F_SCALAR ? ((const kp_scalar *)p)->text :
	    *(char *const *)p;
}

/* the n runs of a comparison: its baseline's, then its target's */
static const char *
runname(const Cmp *c, size_t i)
{
	size_t nb = c->rec.base_runs.n;

	return i < nb ? c->rec.base_runs.v[i] : c->rec.target_runs.v[i - nb];
}

/*
 * The experiment each side of the comparison names, the ids its page's
 * header shows.  A run record's own exp is another id (kp-records(5),
 * IDENTITY): it covers the run fields only, the comparison's adds the
 * suite, job and parameters, so the table names both, each for what it is.
 */
#define RUNEXP "the run record's exp: an id of its run fields only; the " \
	"comparison's experiment (the row above) adds the suite, job and " \
	"parameters"

static void
expsrow(FILE *fp, const Cmp *c, size_t nb, size_t nr)
{
	size_t i;
	int diff = strcmp(S(c->rec.base_exp), S(c->rec.target_exp)) != 0;

	fprintf(fp, "<tr%s><td title=\"the experiment the comparison names "
	    "on this side, as its page's header does\">exp</td>", diff ?
	    " class=\"diff\"" : "");
	for (i = 0; i < nr; i++) {
		fputs("<td class=\"mono\">", fp);
		h_esc(fp, i < nb ? S(c->rec.base_exp) : S(c->rec.target_exp));
		fputs("</td>", fp);
	}
	fputs("</tr>\n", fp);
}

static void
runtable(FILE *fp, struct hsite *s, const Cmp *c)
{
	size_t nb = c->rec.base_runs.n, nr = nb + c->rec.target_runs.n, i, k;
	const Run **r;
	const char *v, *v0;
	int f, diff;

	if (nr == 0) {
		fputs("<p>The comparison names no runs.</p>\n", fp);
		return;
	}
	r = ecalloc(nr, sizeof(*r));
	for (i = 0; i < nr; i++)
		r[i] = index_run(s->r, runname(c, i));
	fputs("<p>Rows where the baseline and target runs differ are "
	    "highlighted.</p>\n<table><thead><tr><th>field</th>", fp);
	for (i = 0; i < nr; i++) {
		fprintf(fp, "<th>%s<br><span class=\"mono\">", i < nb ?
		    "baseline" : "target");
		h_esc(fp, runname(c, i));
		fputs("</span></th>", fp);
	}
	fputs("</tr></thead><tbody>\n", fp);
	expsrow(fp, c, nb, nr);
	for (k = 0; k < KP_LEN(shown); k++) {
		f = shown[k];
		v0 = text(r[0], f);
		for (i = 1, diff = 0; i < nr; i++) {
			v = text(r[i], f);
			if ((v == NULL) != (v0 == NULL) || (v && strcmp(v, v0)))
				diff = 1;
		}
		/* start and finish differ between any two runs */
		if (f == KP_RUN_START || f == KP_RUN_FINISH || f == KP_RUN_SRC)
			diff = 0;
		if (f == KP_RUN_EXP)
			fprintf(fp, "<tr%s><td title=\"%s\">run exp</td>", diff ?
			    " class=\"diff\"" : "", RUNEXP);
		else
			fprintf(fp, "<tr%s><td>%s</td>", diff ?
			    " class=\"diff\"" : "", kp_run_t.f[f].name);
		for (i = 0; i < nr; i++) {
			v = text(r[i], f);
			fputs("<td class=\"mono\">", fp);
			if (r[i] == NULL)
				fputs("<i>no run record</i>", fp);
			else if (v == NULL)
				fputs("-", fp);
			else if (f == KP_RUN_SRC)
				h_srclink(fp, s, v);
			else if (f == KP_RUN_START || f == KP_RUN_FINISH)
				when(fp, v);
			else
				h_esc(fp, v);
			fputs("</td>", fp);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
	free(r);
}

/* a runstat of the comparison's job, or of its suite when either has none */
static int
ofjob(const Cmp *c, const kp_runstat *r)
{
	if (c->rec.job && r->job)
		return strcmp(c->rec.job, r->job) == 0;
	return r->suite && strcmp(c->rec.suite, r->suite) == 0;
}

static int
byint(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

void
h_cpushare(FILE *fp, struct hsite *s, const Cmp *c)
{
	double cpu[2] = { 0, 0 }, wall[2] = { 0, 0 };
	int side, nrun[2] = { 0, 0 };
	char pc[96];

	/*
	 * The share of the machine each side gave the benchmark, CPU time
	 * over wall-clock time summed over its runs and iterations, as
	 * kp-classify measures interference; and CPU time per run.
	 */
	for (side = 0; side < 2; side++) {
		const kp_strs *runs = side ? &c->rec.target_runs :
		    &c->rec.base_runs;
		size_t j;
		int seen, e;

		for (j = 0; j < runs->n; j++) {
			const List *l = index_runstats(s->r, runs->v[j]);

			for (seen = e = 0; l && e < l->n; e++) {
				const kp_runstat *r = &s->r->rs[l->v[e]];
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
		int flagged = h_interf(&c->rec, pc, sizeof(pc));
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
}

/* the runstats of the runs, in the order read */
static void
runstats(FILE *fp, struct hsite *s, const Cmp *c)
{
	int k, n, any = 0, *rs;
	size_t i, nr;
	const List *l;

	nr = c->rec.base_runs.n + c->rec.target_runs.n;
	for (i = n = 0; i < nr; i++)
		if ((l = index_runstats(s->r, runname(c, i))))
			n += l->n;
	rs = emalloc((n + 1) * sizeof(*rs));
	for (i = n = 0; i < nr; i++)
		if ((l = index_runstats(s->r, runname(c, i)))) {
			memcpy(rs + n, l->v, l->n * sizeof(*rs));
			n += l->n;
		}
	if (n)
		qsort(rs, n, sizeof(*rs), byint);
	for (k = 0; k < n; k++) {
		const kp_runstat *r = &s->r->rs[rs[k]];
		int base;

		if (k && rs[k] == rs[k - 1])
			continue;
		base = h_inlist(c->rec.base_runs.v, c->rec.base_runs.n, r->run);
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

const char *
h_runspage(struct hsite *s, const Cmp *c)
{
	char *key = NULL, title[1024];
	size_t i, len = 0, k;
	int isnew;
	FILE *fp;

	/* the key: the job and both lists of runs, separated by controls */
	for (i = 0; i < c->rec.base_runs.n + c->rec.target_runs.n; i++) {
		const char *r = runname(c, i);
		key = erealloc(key, len + strlen(r) + 3);
		len += (size_t)sprintf(key + len, "%s%s", r,
		    i + 1 == c->rec.base_runs.n ? "\x1e" : "\x1f");
	}
	key = erealloc(key, len + strlen(S(c->rec.job)) + 1);
	strcpy(key + len, S(c->rec.job));
	k = kp_strmap_add(s->runsmap, key, strlen(key), &isnew);
	if (!isnew) {
		free(key);
		return s->runspage[k];
	}
	s->runspage = kp_grow(s->runspage, k, sizeof(*s->runspage));
	h_name(s->runspage[k], sizeof(s->runspage[k]), "runs-",
	    S(c->rec.job), key, "html");
	free(key);
	fp = h_open(s, s->runspage[k]);
	snprintf(title, sizeof(title), "runs of %s: %s vs %s", S(c->rec.job),
	    c->rec.base_kernel, c->rec.target_kernel);
	h_head(fp, title);
	h_crumbs(fp, s, -1, -1);
	fputs("<h1>The runs of ", fp);
	h_esc(fp, S(c->rec.job));
	fputs(": ", fp);
	h_pairname(fp, s, c->pair);
	fputs("</h1>\n<p class=\"sub\">Every comparison of this job on "
	    "these runs links here.</p>\n<h2>Runs</h2>\n", fp);
	runtable(fp, s, c);
	fputs("<h2>CPU time</h2>\n", fp);
	runstats(fp, s, c);
	h_foot(fp);
	h_close(s, fp, s->runspage[k]);
	return s->runspage[k];
}
