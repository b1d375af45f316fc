/* SPDX-License-Identifier: GPL-2.0-or-later */
/* md.c: -f md, GitHub-flavoured Markdown for CI comments: the verdict
 * first, the red and yellow regressions in a table, the rest folded away,
 * and no longer than a comment may be (GitHub takes 65,536 characters):
 * what does not fit is counted in a line that says so. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

/* bytes, so that the characters are fewer than GitHub's 65,536 with room
 * for the line that says what was left out */
#define MD_LIMIT 60000

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
history(FILE *fp, const CmpRec *c)
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
	const CmpRec *c = &x->rec;
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
	if (isnan(c->change_pct) && c->base_median == 0)
		fputs("from 0", fp);	/* kp(7): no percentage */
	else
		pct(fp, c->change_pct);
	if (not_significant(c)) {	/* q not below kp-classify's alpha */
		fputc(' ', fp);
		md_put(fp, "~");	/* "\~": a tilde is strikethrough */
	}
	/* the values, as the gate's table shows them */
	if (!isnan(c->base_median) && !isnan(c->target_median)) {
		fprintf(fp, "<br>%.4g \u2192 %.4g", c->base_median,
		    c->target_median);
		if (c->unit && *c->unit) {
			fputc(' ', fp);
			md_put(fp, c->unit);
		}
	}
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
	/* why it is uncertain, in words (why); else the reason */
	md_put(fp, x->cls == KP_UNCERTAIN && c->why >= 0 ? why_text(c->why) :
	    S(c->reason));
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

/* a piece of the comment, written aside until it is known to fit */
typedef struct {
	FILE *fp;
	char *buf;
	size_t len;
} Mem;

static void
mem_open(Mem *m)
{
	m->buf = NULL;
	m->len = 0;
	if (!(m->fp = open_memstream(&m->buf, &m->len)))
		kp_die("cannot allocate memory");
}

static void
mem_close(Mem *m)
{
	if (fclose(m->fp) != 0)
		kp_die("cannot allocate memory");
}

/* append m to out when it fits under the limit (with reserve bytes
 * left); 1 when it did */
static int
fits(Mem *out, Mem *m, size_t reserve)
{
	int ok;

	mem_close(m);
	fflush(out->fp);
	ok = out->len + m->len + reserve <= MD_LIMIT;
	if (ok)
		fwrite(m->buf, 1, m->len, out->fp);
	free(m->buf);
	return ok;
}

static const char *
plural(size_t n)
{
	return n == 1 ? "" : "s";
}

/* the headline: the gate's verdict when there is one, decided as the
 * exit status is (main.c), then the counts and a stale baseline */
static void
verdict(FILE *fp, const Report *r)
{
	size_t ncmp = r->tally.ncmp, nmiss = cover_missing(r);
	size_t nmeas = ncmp + nmiss, nreg = r->count[KP_REGRESSION], k;
	const PairTally *p;
	const char *word;
	char *why;

	if (r->gate) {
		word = r->fails ? "FAIL" : nreg ? "WARN" : "PASS";
		fprintf(fp, "## kp gate: %s%s: ", r->report_only ?
		    "REPORT-ONLY: would " : "", word);
		if (cover_nothing(r))
			fputs("nothing compared", fp);
		else {
			fprintf(fp, "%zu of %zu measurement%s regressed", nreg,
			    nmeas, plural(nmeas));
			if (!isnan(gate_threshold(r)))
				fprintf(fp, " past %g%%", gate_threshold(r));
			fprintf(fp, " (%zu red, %zu yellow)", r->regsev[KP_RED],
			    r->regsev[KP_YELLOW]);
			if (nmiss)
				fprintf(fp, "; %zu missing from the result", nmiss);
			if (!r->fails && nreg)
				fputs(", none of them failing the gate", fp);
		}
		fputs("\n\n", fp);
	} else if (cover_nothing(r))
		fputs("## kp: NOTHING COMPARED\n\n", fp);
	else
		fprintf(fp, "## kp: %zu regression%s (%zu red, %zu yellow)\n\n",
		    nreg, plural(nreg), r->regsev[KP_RED], r->regsev[KP_YELLOW]);
	fprintf(fp, "%zu comparison%s: %zu regression%s, %zu improvement%s, "
	    "%zu uncertain, %zu no change", ncmp, plural(ncmp), nreg,
	    plural(nreg), r->count[KP_IMPROVEMENT],
	    plural(r->count[KP_IMPROVEMENT]), r->count[KP_UNCERTAIN],
	    r->count[KP_NO_CHANGE]);
	if (r->count[KP_NCLASS])
		fprintf(fp, ", %zu not classified", r->count[KP_NCLASS]);
	fputs(".\n\n", fp);
	/* a gate's stale baseline, pair by pair (a lab's baseline kernel
	 * may well run after its targets), from the runs of every
	 * comparison of the pair (tally.c) */
	for (k = 0; r->gate && k < r->tally.npair; k++) {
		p = &r->tally.pair[k];
		if ((why = stale_runs(r, &p->runs))) {
			fputs("**STALE baseline** (", fp);
			md_put(fp, p->base_kernel);
			fputs(" \u2192 ", fp);
			md_put(fp, p->target_kernel);
			fputs("): ", fp);
			md_put(fp, why);
			fputs("\n\n", fp);
			free(why);
		}
	}
}

static int
headline(const Cmp *c)
{
	return c->cls == KP_REGRESSION && c->sev <= KP_YELLOW;
}

/* a folded section: its summary, then what fill writes */
static void
folded(Mem *out, const char *summary, size_t *left,
    void (*fill)(FILE *, const Report *, const Cmp **), const Report *r,
    const Cmp **v)
{
	Mem m, body;

	mem_open(&body);
	fill(body.fp, r, v);
	mem_close(&body);
	if (body.len == 0) {
		free(body.buf);
		return;
	}
	mem_open(&m);
	fprintf(m.fp, "<details><summary>%s</summary>\n\n", summary);
	fwrite(body.buf, 1, body.len, m.fp);
	fputs("\n</details>\n\n", m.fp);
	free(body.buf);
	if (!fits(out, &m, 512))
		(*left)++;
}

static void
fill_cover(FILE *fp, const Report *r, const Cmp **v)
{
	cover_plain(fp, r, 1);
}

static void
fill_subsys(FILE *fp, const Report *r, const Cmp **v)
{
	subsys_plain((Report *)r, fp, 1);
}

static void
fill_evidence(FILE *fp, const Report *r, const Cmp **v)
{
	evidence_md(fp, r, v);
}

static void
fill_sys(FILE *fp, const Report *r, const Cmp **v)
{
	size_t i, j;

	if (!r->nsys)
		return;
	fputs("| Direction | Measurement | Kernels | Levels affected | "
	    "Severity | Avg score | Changes | Systematic | "
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
		fprintf(fp, " | %zu of %zu (", s->affected.n, s->levels.n);
		for (j = 0; j < s->affected.n; j++)
			fprintf(fp, "%s%lld", j ? ", " : "", s->affected.v[j]);
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
}

static void
fill_known(FILE *fp, const Report *r, const Cmp **v)
{
	char buf[2048];
	size_t i;

	for (i = 0; i < r->ntriage; i++) {
		triage_known_text(buf, sizeof(buf), &r->triage[i]);
		fputs("- ", fp);
		md_put(fp, buf);
		fputc('\n', fp);
	}
}

/* rows of a table, each while it fits; the rest counted in *left */
static void
rows(Mem *out, const Report *r, const Cmp **v, int withclass,
    int (*want)(const Cmp *), size_t *left)
{
	Mem m;
	size_t i;

	header(out->fp, withclass);
	for (i = 0; i < r->ncmp; i++) {
		if (!want(v[i]))
			continue;
		if (*left) {
			(*left)++;
			continue;
		}
		mem_open(&m);
		row(m.fp, r, v[i], withclass);
		if (!fits(out, &m, 2048))
			(*left)++;
	}
	fputc('\n', out->fp);
}

static int
other(const Cmp *c)
{
	return !headline(c) && c->cls != KP_NO_CHANGE;
}

int
render_md(Report *r, FILE *fp)
{
	const Cmp **v = cmps_by_severity(r);
	size_t i, nhead = 0, nrest = 0, left = 0, lrows = 0, nassumed;
	char summary[128];
	Mem out;

	for (i = 0; i < r->ncmp; i++) {
		if (headline(v[i]))
			nhead++;
		else if (v[i]->cls != KP_NO_CHANGE)
			nrest++;
	}
	mem_open(&out);
	verdict(out.fp, r);	/* first: what a reader came for */
	if ((nassumed = noise_assumed(r)))
		fprintf(out.fp, "Run noise assumed for %zu of %zu comparisons (no "
		    "reruns, no history): %s.\n\n", nassumed, r->tally.ncmp,
		    noise_hint);
	if (nhead)
		rows(&out, r, v, 0, headline, &lrows);
	snprintf(summary, sizeof(summary), "Coverage");
	folded(&out, summary, &left, fill_cover, r, v);
	folded(&out, "Findings by subsystem", &left, fill_subsys, r, v);
	folded(&out, "Evidence beside the findings", &left, fill_evidence, r, v);
	folded(&out, "Across concurrency levels", &left, fill_sys, r, v);
	folded(&out, "Known findings", &left, fill_known, r, v);
	if (nrest) {
		fflush(out.fp);
		if (out.len + 4096 > MD_LIMIT)
			lrows += nrest;
		else {
			fprintf(out.fp, "<details><summary>Other findings (%zu)"
			    "</summary>\n\n", nrest);
			rows(&out, r, v, 1, other, &lrows);
			fputs("</details>\n", out.fp);
		}
	}
	if (lrows + left)
		fprintf(out.fp, "\n**%zu more in the full report** (%zu finding%s, "
		    "%zu section%s left out to fit a comment).\n", lrows + left,
		    lrows, plural(lrows), left, plural(left));
	mem_close(&out);
	fwrite(out.buf, 1, out.len, fp);
	free(out.buf);
	free(v);
	return KP_EXIT_OK;
}
