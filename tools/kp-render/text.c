/* text.c: -f text, the summary engineers already read */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

static const char *const sev_colour[NSEVRANK] = {
	"\033[31m", "\033[33m", "\033[32m", "", "" };

static void
pct(FILE *fp, double x, int prec)
{
	if (isnan(x))
		fputs("n/a", fp);
	else
		fprintf(fp, "%+.*f%%", prec, x);
}

static void
levels(FILE *fp, const long long *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(fp, "%s%lld", i ? ", " : "", v[i]);
}

static void
upper(FILE *fp, const char *s)
{
	for (; *s; s++)
		fputc(toupper((unsigned char)*s), fp);
}

static void
group(FILE *fp, const Sys *s, int colour)
{
	size_t i;

	fprintf(fp, "%s%s/%s/%s[%s%s%s]%s\n", colour ? "\033[1m" : "",
	    s->suite, s->bench, s->test, s->op, *s->metric ? " " : "",
	    s->metric, colour ? "\033[0m" : "");
	fprintf(fp, "  Kernels: %s -> %s\n", s->base_kernel, s->target_kernel);
	fprintf(fp, "  Experiments: %s vs %s\n", s->base_exp, s->target_exp);
	fprintf(fp, "  Concurrency lvls affected: %zu (", s->naffected);
	levels(fp, s->affected, s->naffected);
	fputs(")\n", fp);
	fputs("  Severity:", fp);
	for (i = 0; i < s->nsev; i++) {
		fputs(i ? ", " : " ", fp);
		upper(fp, s->sevname[i]);
		fprintf(fp, ": %lld", s->sevcount[i]);
	}
	if (s->nsev == 0)
		fputs(" -", fp);
	fputc('\n', fp);
	if (isnan(s->avg_score))
		fputs("  Avg Score: n/a\n", fp);
	else
		fprintf(fp, "  Avg Score: %.1f\n", s->avg_score);
	fputs("  Median diffs: [", fp);
	pct(fp, s->change_min, 2);
	fputs(" to ", fp);
	pct(fp, s->change_max, 2);
	fputs("]\n", fp);
	if (!s->systematic) {
		fprintf(fp, "  Not systematic: %zu of %zu tested lvls (",
		    s->naffected, s->nlevels);
		levels(fp, s->levels, s->nlevels);
		fputs(")", fp);
		if (s->nuncertain) {
			fputs("; uncertain at ", fp);
			levels(fp, s->uncertain, s->nuncertain);
		}
		fputs("\n", fp);
	}
	if (s->nmissing) {
		fprintf(fp, "  Missing lvls: %zu (", s->nmissing);
		levels(fp, s->missing, s->nmissing);
		fputs(") expected but not tested\n", fp);
	}
	if (!isnan(s->p_combined))
		fprintf(fp, "  Combined p: %.3g (%s)\n", s->p_combined,
		    S(s->combine_method));
}

/* What a reader must know before trusting a line, from kp-classify's
 * reason: the test saw one run a side, or the benchmark was starved. */
static void
caveats(FILE *fp, const char *reason)
{
	const char *p;
	int share;

	if (!reason)
		return;
	if (strstr(reason, "single-run:"))
		fputs(" {single run}", fp);
	if ((p = strstr(reason, "interference:target-cpu-share-")) &&
	    sscanf(p, "interference:target-cpu-share-%d%%", &share) == 1)
		fprintf(fp, " {starved? CPU share %d%% of baseline}", share);
}

int
render_text(Report *r, FILE *fp, int colour)
{
	const Cmp **v, *c;
	size_t i, n;
	int sev, first;
	const char *on, *off;

	strip_report(r);
	v = by_severity(r);
	fprintf(fp, "Classification Summary (%zu total regressions):\n",
	    r->count[CL_REGRESSION]);
	for (sev = 0; sev < NSEVRANK; sev++) {
		if (r->regsev[sev] == 0)
			continue;
		on = colour ? sev_colour[sev] : "";
		off = colour && *on ? "\033[0m" : "";
		fprintf(fp, "%s%c%s (%zu):%s\n", on, toupper(
		    (unsigned char)sev_names[sev][0]), sev_names[sev] + 1,
		    r->regsev[sev], off);
		for (i = 0; i < r->ncmp; i++) {
			c = v[i];
			if (c->cls != CL_REGRESSION || c->sev != sev)
				continue;
			fprintf(fp, "  - %s/%s%s%s[%lld] exp:%s/%s (%s / %s) ",
			    c->test, c->op, *c->metric ? " " : "", c->metric,
			    c->conc, c->base_exp, c->target_exp,
			    c->base_kernel, c->target_kernel);
			pct(fp, c->change, 1);
			if (isnan(c->score))
				fputs(" [Score: n/a]", fp);
			else
				fprintf(fp, " [Score: %.1f]", c->score);
			caveats(fp, c->reason);
			fputc('\n', fp);
		}
	}

	for (i = n = 0; i < r->nsys; i++)
		n += strcmp(r->sys[i].direction, "regression") == 0;
	if (n)
		fprintf(fp, "\nRegressions across concurrency levels (%zu "
		    "group%s):\n", n, n == 1 ? "" : "s");
	for (i = 0; i < r->nsys; i++)
		if (strcmp(r->sys[i].direction, "regression") == 0) {
			fputc('\n', fp);
			group(fp, &r->sys[i], colour);
		}

	fprintf(fp, "\nImprovements: %zu", r->count[CL_IMPROVEMENT]);
	for (i = 0, first = 1; i < r->nsys; i++) {
		const Sys *s = &r->sys[i];

		if (strcmp(s->direction, "improvement") != 0)
			continue;
		fprintf(fp, "%s%s/%s/%s[%s%s%s] at %zu lvls", first ?
		    "; across levels: " : ", ", s->suite, s->bench, s->test,
		    s->op, *s->metric ? " " : "", s->metric, s->naffected);
		first = 0;
	}
	fprintf(fp, "\nUncertain: %zu", r->count[CL_UNCERTAIN]);
	for (i = n = 0, first = 1; i < r->ncmp; i++) {
		c = v[i];
		if (c->cls != CL_UNCERTAIN || c->need_n < 0)
			continue;
		/* briefly: the list is for a glance, the csv has them all */
		if (++n > 5) {
			fputs(", ...", fp);
			break;
		}
		if (first)
			fputs(" (units per side that would decide:", fp);
		fprintf(fp, "%s%s/%s%s%s[%lld] %lld", first ? " " : ", ",
		    c->test, c->op, *c->metric ? " " : "", c->metric,
		    c->conc, c->need_n);
		first = 0;
	}
	if (!first)
		fputc(')', fp);
	fprintf(fp, "\nNo change: %zu\n", r->count[CL_NOCHANGE]);
	if (r->count[CL_UNCLASSIFIED])
		fprintf(fp, "Not classified: %zu (kp-classify did not run)\n",
		    r->count[CL_UNCLASSIFIED]);
	free(v);
	return KP_EXIT_OK;
}
