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
void
md_put(FILE *fp, const char *s)
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
	md_put(fp, suite);
	fputc('/', fp);
	md_put(fp, bench);
	fputc('/', fp);
	md_put(fp, test);
	fputs("\\[", fp);
	md_put(fp, op);
	if (*metric)
		fputc(' ', fp);
	md_put(fp, metric);
	fputs("\\]", fp);
}

static void
header(FILE *fp, int withclass)
{
	fprintf(fp, "| %sSeverity | Measurement | Conc | Kernels | Change | "
	    "Interval | Score | q | Reason |\n", withclass ? "Class | " : "");
	fprintf(fp, "|%s---|---|---:|---|---:|---|---:|---:|---|\n",
	    withclass ? "---|" : "");
}

/* since which kernel and what is known of it, in the Kernels cell */
static void
history(FILE *fp, const kp_cmp *c)
{
	char buf[256];

	if (history_text(buf, sizeof(buf), c)) {
		fputs("<br>", fp);
		md_put(fp, buf);
	}
	if (triage_word(c->triage)) {
		fputs("<br>", fp);
		md_put(fp, triage_word(c->triage));
	}
}

static void
row(FILE *fp, const Report *r, const Cmp *x, int withclass)
{
	const kp_cmp *c = &x->rec;
	const char *modal = modal_sides(r, c);
	char buf[128];

	fputs("| ", fp);
	if (withclass) {
		md_put(fp, x->cls == KP_NCLASS ? "" : class_name(x->cls));
		fputs(" | ", fp);
	}
	md_put(fp, c->severity < 0 ? "-" : sev_name(c->severity));
	fputs(" | ", fp);
	name(fp, c->suite, c->bench, c->test, c->op, c->metric);
	fprintf(fp, " | %lld | ", c->conc);
	md_put(fp, c->base_kernel);
	fputs(" \u2192 ", fp);
	md_put(fp, c->target_kernel);
	history(fp, c);
	fputs(" | ", fp);
	pct(fp, c->change_pct);
	fputs(" | ", fp);
	/* the interval that decided the class, and its confidence */
	if (isnan(x->lo) || isnan(x->hi))
		fputs("n/a", fp);
	else
		fprintf(fp, "%+.1f%% to %+.1f%% (%g%%)", x->lo, x->hi, x->level);
	fputs(" | ", fp);
	num(fp, "%.1f", c->score);
	fputs(" | ", fp);
	num(fp, "%.3g", c->q);
	fputs(" | ", fp);
	md_put(fp, S(c->reason));
	if (noise_text(buf, sizeof(buf), c)) {
		fputs("; ", fp);
		md_put(fp, buf);
	}
	if (cpu_text(buf, sizeof(buf), c)) {
		fputs("; ", fp);
		md_put(fp, buf);
	}
	if (modal) {	/* kp-stats' caveat, as the text report's */
		fprintf(fp, "%smultimodal ", c->reason && *c->reason ?
		    "; " : "");
		md_put(fp, modal);
	}
	fputs(" |\n", fp);
}

static int
headline(const Cmp *c)
{
	return c->cls == KP_REGRESSION && c->sev <= KP_YELLOW;
}

int
render_md(Report *r, FILE *fp)
{
	const Cmp **v = by_severity(r);
	size_t i, j, nhead = 0, nrest = 0;

	for (i = 0; i < r->ncmp; i++) {
		if (headline(v[i]))
			nhead++;
		else if (v[i]->cls != KP_NO_CHANGE)
			nrest++;
	}
	cover_plain(fp, 1);	/* first: what the summary below rests on */
	subsys_plain(r, fp, 1);
	fprintf(fp, "## kp: %zu regressions (%zu red, %zu yellow)\n\n",
	    r->count[KP_REGRESSION], r->regsev[KP_RED],
	    r->regsev[KP_YELLOW]);
	fprintf(fp, "%zu comparisons: %zu regressions, %zu improvements, "
	    "%zu uncertain, %zu no change", r->ncmp, r->count[KP_REGRESSION],
	    r->count[KP_IMPROVEMENT], r->count[KP_UNCERTAIN],
	    r->count[KP_NO_CHANGE]);
	if (r->count[KP_NCLASS])
		fprintf(fp, ", %zu not classified", r->count[KP_NCLASS]);
	fputs(".\n\n", fp);
	if ((j = noise_assumed(r)))
		fprintf(fp, "Run noise assumed for %zu of %zu comparisons (no "
		    "reruns, no history): %s.\n\n", j, r->ncmp, noise_hint);
	if (nhead) {
		header(fp, 0);
		for (i = 0; i < r->ncmp; i++)
			if (headline(v[i]))
				row(fp, r, v[i], 0);
		fputc('\n', fp);
	}
	evidence_md(fp, r, v);
	if (r->nsys) {
		fputs("### Across concurrency levels\n\n", fp);
		fputs("| Direction | Measurement | Kernels | Levels affected | "
		    "Severity | Avg score | Median diffs | Systematic | "
		    "Combined p |\n", fp);
		fputs("|---|---|---|---|---|---:|---|---|---:|\n", fp);
		for (i = 0; i < r->nsys; i++) {
			const kp_sys *s = &r->sys[i].rec;
			int sev, n = 0;

			fputs("| ", fp);
			md_put(fp, kp_word(&kp_direction_v, s->direction));
			fputs(" | ", fp);
			name(fp, s->suite, s->bench, s->test, s->op, s->metric);
			fputs(" | ", fp);
			md_put(fp, s->base_kernel);
			fputs(" \u2192 ", fp);
			md_put(fp, s->target_kernel);
			fprintf(fp, " | %zu of %zu (", s->affected.n,
			    s->levels.n);
			for (j = 0; j < s->affected.n; j++)
				fprintf(fp, "%s%lld", j ? ", " : "",
				    s->affected.v[j]);
			fputs(") | ", fp);
			for (sev = 0; sev <= KP_NSEV; sev++) {
				if (s->severity_counts[sev] == 0)
					continue;
				fputs(n++ ? ", " : "", fp);
				md_put(fp, sev_name(sev));
				fprintf(fp, ": %lld", s->severity_counts[sev]);
			}
			fputs(" | ", fp);
			num(fp, "%.1f", s->avg_score);
			fputs(" | ", fp);
			pct(fp, s->change_min_pct);
			fputs(" to ", fp);
			pct(fp, s->change_max_pct);
			fprintf(fp, " | %s", s->systematic ? "yes" : "no");
			if (s->missing.n)
				fprintf(fp, " (%zu lvls missing)", s->missing.n);
			fputs(" | ", fp);
			num(fp, "%.3g", s->p_combined);
			fputs(" |\n", fp);
		}
		fputc('\n', fp);
	}
	if (r->ntriage) {
		char buf[2048];

		fputs("### Known findings\n\n", fp);
		for (i = 0; i < r->ntriage; i++) {
			known_text(buf, sizeof(buf), &r->triage[i]);
			fputs("- ", fp);
			md_put(fp, buf);
			fputc('\n', fp);
		}
		fputc('\n', fp);
	}
	if (nrest) {
		fprintf(fp, "<details><summary>Other findings (%zu)"
		    "</summary>\n\n", nrest);
		header(fp, 1);
		for (i = 0; i < r->ncmp; i++)
			if (!headline(v[i]) && v[i]->cls != KP_NO_CHANGE)
				row(fp, r, v[i], 1);
		fputs("\n</details>\n", fp);
	}
	free(v);
	return KP_EXIT_OK;
}
