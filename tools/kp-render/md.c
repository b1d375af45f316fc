/* md.c: -f md, GitHub-flavoured Markdown for CI comments: the red and
 * yellow regressions in a table, the rest folded away */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

/* A name must stay inside its table cell and must not turn into markup:
 * pipes, backticks, emphasis, links and HTML are escaped with a backslash
 * (CommonMark allows it before any ASCII punctuation), controls become
 * spaces. */
static void
put(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			fputc(' ', fp);
		else {
			if (strchr("\\`*_[]<>|~&#!", *s))
				fputc('\\', fp);
			fputc(*s, fp);
		}
	}
}

static void
pct(FILE *fp, double x)
{
	if (isnan(x))
		fputs("n/a", fp);
	else
		fprintf(fp, "%+.1f%%", x);
}

static void
num(FILE *fp, const char *fmt, double x)
{
	if (isnan(x))
		fputs("n/a", fp);
	else
		fprintf(fp, fmt, x);
}

static void
name(FILE *fp, const char *suite, const char *bench, const char *test,
    const char *op, const char *metric)
{
	put(fp, suite);
	fputc('/', fp);
	put(fp, bench);
	fputc('/', fp);
	put(fp, test);
	fputs("\\[", fp);
	put(fp, op);
	if (*metric)
		fputc(' ', fp);
	put(fp, metric);
	fputs("\\]", fp);
}

static void
header(FILE *fp, int withclass)
{
	fprintf(fp, "| %sSeverity | Measurement | Conc | Kernels | Change | "
	    "95%% CI | Score | q | Reason |\n", withclass ? "Class | " : "");
	fprintf(fp, "|%s---|---|---:|---|---:|---|---:|---:|---|\n",
	    withclass ? "---|" : "");
}

static void
row(FILE *fp, const Cmp *c, int withclass)
{
	fputs("| ", fp);
	if (withclass) {
		put(fp, c->cls == CL_UNCLASSIFIED ? "" : class_names[c->cls]);
		fputs(" | ", fp);
	}
	put(fp, c->severity && *c->severity ? c->severity : "-");
	fputs(" | ", fp);
	name(fp, c->suite, c->bench, c->test, c->op, c->metric);
	fprintf(fp, " | %lld | ", c->conc);
	put(fp, c->base_kernel);
	fputs(" \u2192 ", fp);
	put(fp, c->target_kernel);
	fputs(" | ", fp);
	pct(fp, c->change);
	fputs(" | ", fp);
	if (isnan(c->ci_low) || isnan(c->ci_high))
		fputs("n/a", fp);
	else
		fprintf(fp, "%+.1f%% to %+.1f%%", c->ci_low, c->ci_high);
	fputs(" | ", fp);
	num(fp, "%.1f", c->score);
	fputs(" | ", fp);
	num(fp, "%.3g", c->q);
	fputs(" | ", fp);
	put(fp, S(c->reason));
	fputs(" |\n", fp);
}

static int
headline(const Cmp *c)
{
	return c->cls == CL_REGRESSION && c->sev <= SEV_YELLOW;
}

int
render_md(Report *r, FILE *fp)
{
	const Cmp **v = by_severity(r);
	size_t i, j, nhead = 0, nrest = 0;

	for (i = 0; i < r->ncmp; i++) {
		if (headline(v[i]))
			nhead++;
		else if (v[i]->cls != CL_NOCHANGE)
			nrest++;
	}
	fprintf(fp, "## kp: %zu regressions (%zu red, %zu yellow)\n\n",
	    r->count[CL_REGRESSION], r->regsev[SEV_RED],
	    r->regsev[SEV_YELLOW]);
	fprintf(fp, "%zu comparisons: %zu regressions, %zu improvements, "
	    "%zu uncertain, %zu no change", r->ncmp, r->count[CL_REGRESSION],
	    r->count[CL_IMPROVEMENT], r->count[CL_UNCERTAIN],
	    r->count[CL_NOCHANGE]);
	if (r->count[CL_UNCLASSIFIED])
		fprintf(fp, ", %zu not classified", r->count[CL_UNCLASSIFIED]);
	fputs(".\n\n", fp);
	if (nhead) {
		header(fp, 0);
		for (i = 0; i < r->ncmp; i++)
			if (headline(v[i]))
				row(fp, v[i], 0);
		fputc('\n', fp);
	}
	if (r->nsys) {
		fputs("### Across concurrency levels\n\n", fp);
		fputs("| Direction | Measurement | Kernels | Levels affected | "
		    "Severity | Avg score | Median diffs | Systematic | "
		    "Combined p |\n", fp);
		fputs("|---|---|---|---|---|---:|---|---|---:|\n", fp);
		for (i = 0; i < r->nsys; i++) {
			const Sys *s = &r->sys[i];

			fputs("| ", fp);
			put(fp, s->direction);
			fputs(" | ", fp);
			name(fp, s->suite, s->bench, s->test, s->op, s->metric);
			fputs(" | ", fp);
			put(fp, s->base_kernel);
			fputs(" \u2192 ", fp);
			put(fp, s->target_kernel);
			fprintf(fp, " | %zu of %zu (", s->naffected,
			    s->nlevels);
			for (j = 0; j < s->naffected; j++)
				fprintf(fp, "%s%lld", j ? ", " : "",
				    s->affected[j]);
			fputs(") | ", fp);
			for (j = 0; j < s->nsev; j++) {
				fputs(j ? ", " : "", fp);
				put(fp, s->sevname[j]);
				fprintf(fp, ": %lld", s->sevcount[j]);
			}
			fputs(" | ", fp);
			num(fp, "%.1f", s->avg_score);
			fputs(" | ", fp);
			pct(fp, s->change_min);
			fputs(" to ", fp);
			pct(fp, s->change_max);
			fprintf(fp, " | %s", s->systematic ? "yes" : "no");
			if (s->nmissing)
				fprintf(fp, " (%zu lvls missing)", s->nmissing);
			fputs(" | ", fp);
			num(fp, "%.3g", s->p_combined);
			fputs(" |\n", fp);
		}
		fputc('\n', fp);
	}
	if (nrest) {
		fprintf(fp, "<details><summary>Other findings (%zu)"
		    "</summary>\n\n", nrest);
		header(fp, 1);
		for (i = 0; i < r->ncmp; i++)
			if (!headline(v[i]) && v[i]->cls != CL_NOCHANGE)
				row(fp, v[i], 1);
		fputs("\n</details>\n", fp);
	}
	free(v);
	return KP_EXIT_OK;
}
