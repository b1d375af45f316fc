/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text.c: -f text, the summary engineers already read */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "strmap.h"
#include "render.h"

static const char *const sev_colour[KP_NSEV + 1] = {
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
group(FILE *fp, const kp_sys *s, int colour)
{
	int sev, n = 0;

	fprintf(fp, "%s%s/%s/%s[%s%s%s]%s\n", colour ? "\033[1m" : "",
	    s->suite, s->bench, s->test, s->op, *s->metric ? " " : "",
	    s->metric, colour ? "\033[0m" : "");
	fprintf(fp, "  Kernels: %s -> %s\n", s->base_kernel, s->target_kernel);
	fprintf(fp, "  Experiments: %s vs %s\n", s->base_exp, s->target_exp);
	fprintf(fp, "  Concurrency lvls affected: %zu (", s->affected.n);
	levels(fp, s->affected.v, s->affected.n);
	fputs(")\n", fp);
	fputs("  Severity:", fp);
	for (sev = 0; sev <= KP_NSEV; sev++) {
		if (s->severity_counts[sev] == 0)
			continue;
		fputs(n++ ? ", " : " ", fp);
		upper(fp, sev_name(sev));
		fprintf(fp, ": %lld", s->severity_counts[sev]);
	}
	if (n == 0)
		fputs(" -", fp);
	fputc('\n', fp);
	if (isnan(s->avg_score))
		fputs("  Avg Score: n/a\n", fp);
	else
		fprintf(fp, "  Avg Score: %.1f\n", s->avg_score);
	fputs("  Changes: [", fp);	/* the range of the levels' changes */
	pct(fp, s->change_min_pct, 2);
	fputs(" to ", fp);
	pct(fp, s->change_max_pct, 2);
	fputs("]\n", fp);
	if (!s->systematic) {
		/* what each level says: "regressed at 2 of 4 levels (1, 2),
		 * uncertain at 2 (3, 4)" */
		fprintf(fp, "  Not systematic: %s at %zu of %zu level%s (",
		    s->direction == KP_DIR_IMPROVEMENT ? "improved" : "regressed",
		    s->affected.n, s->levels.n, s->levels.n == 1 ? "" : "s");
		levels(fp, s->affected.v, s->affected.n);
		fputs(")", fp);
		if (s->uncertain.n) {
			fprintf(fp, ", uncertain at %zu (", s->uncertain.n);
			levels(fp, s->uncertain.v, s->uncertain.n);
			fputs(")", fp);
		}
		if (s->opposite.n) {
			fprintf(fp, ", %s at %zu (", s->direction ==
			    KP_DIR_IMPROVEMENT ? "regressed" : "improved",
			    s->opposite.n);
			levels(fp, s->opposite.v, s->opposite.n);
			fputs(")", fp);
		}
		fputs("\n", fp);
	}
	if (s->missing.n) {
		fprintf(fp, "  Missing lvls: %zu (", s->missing.n);
		levels(fp, s->missing.v, s->missing.n);
		fputs(") expected but not tested\n", fp);
	}
	if (!isnan(s->p_combined))
		fprintf(fp, "  Combined p: %.3g (%s)\n", s->p_combined,
		    S(kp_word(&kp_combine_v, s->combine_method)));
	if (triage_word(s->triage))
		fprintf(fp, "  Triage: %s%s%s\n", triage_word(s->triage),
		    s->triage_link ? ", " : "", S(s->triage_link));
}

/* What a reader must know before trusting a line: the test saw one run
 * a side, the benchmark was starved (kp-classify's interference), or a
 * side's values fall apart into clusters (kp-stats' multimodal). */
static void
caveats(FILE *fp, const Report *r, const CmpRec *c)
{
	const char *modal = modal_sides(r, c);
	char buf[128];

	if (c->one_run == 1)
		fputs(" {single run}", fp);
	if (cpu_text(buf, sizeof(buf), c))
		fprintf(fp, " {%s}", buf);
	if (noise_text(buf, sizeof(buf), c))
		fprintf(fp, " {%s}", buf);
	if (modal)
		fprintf(fp, " {multimodal %s}", modal);
}

/* a side's centre and spread: "3.091M ±1.2%" */
static void
side(FILE *fp, double median, double cv)
{
	char b[32];

	if (isnan(median)) {
		fputs("n/a", fp);
		return;
	}
	fmt_si(b, sizeof(b), median);
	fputs(b, fp);
	if (isfinite(cv))
		fprintf(fp, " \u00b1%.1f%%", 100 * fabs(cv));
}

/* the runs of a side by the names people gave them, the first few */
static void
runs(FILE *fp, const Report *r, const kp_strs *v)
{
	const Run *u;
	size_t i;

	for (i = 0; i < v->n && i < 3; i++) {
		u = index_run(r, v->v[i]);
		fprintf(fp, "%s%s", i ? ", " : "", u && u->rec.run_name ?
		    u->rec.run_name : v->v[i]);
	}
	if (v->n > 3)
		fprintf(fp, ", +%zu more", v->n - 3);
}

/* since which kernel (kp-trend, kp-triage) and what is known of it */
static void
history(FILE *fp, const CmpRec *c)
{
	char buf[256];

	if (history_text(buf, sizeof(buf), c))
		fprintf(fp, " {%s}", buf);
	if (triage_word(c->triage))
		fprintf(fp, " [%s%s%s]", triage_word(c->triage),
		    c->triage_link ? ": " : "", S(c->triage_link));
}

/* a comparison in two lines: what changed, by how much and how sure;
 * then between which kernels, runs and experiments; evshown: the pairs
 * whose evidence is shown already */
static void
finding(FILE *fp, const Report *r, const CmpRec *c, int why,
    kp_strmap *evshown)
{
	char name[1024];
	double lo, hi, level;

	measurement_name(name, sizeof(name), c);
	fprintf(fp, "  - %s at %lld: ", name, c->conc);
	side(fp, c->base_median, c->base_cv);
	fputs(" -> ", fp);
	side(fp, c->target_median, c->target_cv);
	fprintf(fp, "%s%s, ", *c->unit ? " " : "", c->unit);
	pct(fp, c->change_pct, 1);
	if (shown_interval(c, &lo, &hi, &level))	/* the one that decided */
		fprintf(fp, " (%g%% interval %+.1f%%..%+.1f%%)", level, lo, hi);
	if (not_significant(c))	/* benchstat's mark: q not below alpha */
		fputs(" ~", fp);
	if (isnan(c->score))
		fputs(" [Score: n/a]", fp);
	else
		fprintf(fp, " [Score: %.1f]", c->score);
	caveats(fp, r, c);
	history(fp, c);
	/* the rule in words (why); the reason of a record without one */
	if (why && c->why >= 0)
		fprintf(fp, " (%s)", why_text(c->why));
	else if (why && c->reason && *c->reason)
		fprintf(fp, " (%s)", c->reason);
	fprintf(fp, "\n      %s (", c->base_kernel);
	runs(fp, r, &c->base_runs);
	fprintf(fp, ") -> %s (", c->target_kernel);
	runs(fp, r, &c->target_runs);
	fprintf(fp, "); exp %s/%s\n", c->base_exp, c->target_exp);
	if (c->class == KP_REGRESSION || c->class == KP_IMPROVEMENT)
		evidence_plain(fp, r, c, "      ", evshown);
}

/* the improvements and the uncertain comparisons, most severe first, up
 * to TEXT_LISTED of each: a glance, where the csv has them all */

static void
listed(FILE *fp, const Report *r, const Cmp **v, int cls, const char *title,
    kp_strmap *evshown)
{
	size_t i, n = 0;

	if (r->count[cls] == 0)
		return;
	fprintf(fp, "\n%s (%zu", title, r->count[cls]);
	if (r->count[cls] > TEXT_LISTED)
		fprintf(fp, ", the first %d", TEXT_LISTED);
	fputs("):\n", fp);
	for (i = 0; i < r->ncmp && n < TEXT_LISTED; i++)
		if (v[i]->cls == cls) {
			finding(fp, r, &v[i]->rec, 1, evshown);
			n++;
		}
}

static const char *
plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* where a pair's run-to-run noise came from: its comparisons' caveat
 * noise-assumed and run_sd_source (kp-classify), or their own runs
 * (noise_kind) */
static void
noise_from(FILE *fp, const PairTally *p)
{
	size_t k, shown = 0;
	static const char *const how[4] = { "assumed", "from reruns",
	    "from a history", "seen across runs" };

	for (k = 0; k < 4; k++) {
		if (p->noise[k] == 0)
			continue;
		fprintf(fp, "%s%s", shown++ ? ", " : "; run noise ", how[k]);
		if (p->noise[k] < p->n)
			fprintf(fp, " for %zu", p->noise[k]);
	}
}

/*
 * First, a line per baseline/target pair that says it all at a glance:
 * "v6.17 \u2192 v6.18: 12 regressions (0 red), 1 improvement, 13 uncertain
 * (9 not significant), 0 no change; 26 of 26 compared; run noise assumed";
 * counted over every comparison as it was read (tally.c)
 */
static void
verdicts(FILE *fp, const Report *r)
{
	const Tally *t = &r->tally;
	size_t k;
	long long found, expected;

	for (k = 0; k < t->npair; k++) {
		const PairTally *p = &t->pair[k];
		const size_t *cnt = p->cnt;

		fprintf(fp, "%s \u2192 %s: %zu %s (%zu red), %zu %s, %zu "
		    "uncertain", p->base_kernel, p->target_kernel,
		    cnt[KP_REGRESSION], plural(cnt[KP_REGRESSION], "regression",
		    "regressions"), p->red, cnt[KP_IMPROVEMENT],
		    plural(cnt[KP_IMPROVEMENT], "improvement", "improvements"),
		    cnt[KP_UNCERTAIN]);
		if (p->ns)
			fprintf(fp, " (%zu not significant)", p->ns);
		fprintf(fp, ", %zu no change", cnt[KP_NO_CHANGE]);
		if (cnt[KP_NCLASS])
			fprintf(fp, ", %zu not classified", cnt[KP_NCLASS]);
		if (cover_pair(r, p->base_kernel, p->target_kernel, &found,
		    &expected) && expected >= 0)
			fprintf(fp, "; %lld of %lld compared", found, expected);
		else
			fprintf(fp, "; %zu compared", p->n);
		noise_from(fp, p);
		fputc('\n', fp);
	}
	if (t->npair)
		fputc('\n', fp);
}

int
render_text(Report *r, FILE *fp)
{
	int colour = r->colour;
	const Cmp **v;
	const CmpRec *c;
	size_t i, n;
	int sev, first;
	const char *on, *off;
	kp_strmap *evshown;	/* the pairs whose evidence is shown */

	evshown = kp_strmap_new();
	v = cmps_by_severity(r);
	verdicts(fp, r);	/* first: what a reader came for */
	cover_plain(fp, r, 0);	/* then what the summary below rests on */
	subsys_plain(r, fp, 0);
	fprintf(fp, "Classification Summary (%zu total regressions):\n",
	    r->count[KP_REGRESSION]);
	for (sev = 0; sev <= KP_NSEV; sev++) {
		if (r->regsev[sev] == 0)
			continue;
		on = colour ? sev_colour[sev] : "";
		off = colour && *on ? "\033[0m" : "";
		fprintf(fp, "%s%c%s (%zu):%s\n", on, toupper(
		    (unsigned char)sev_name(sev)[0]), sev_name(sev) + 1,
		    r->regsev[sev], off);
		for (i = 0; i < r->ncmp; i++) {
			if (v[i]->cls != KP_REGRESSION || v[i]->sev != sev)
				continue;
			finding(fp, r, &v[i]->rec, 0, evshown);
		}
	}

	for (i = n = 0; i < r->nsys; i++)
		n += r->sys[i].rec.direction == KP_DIR_REGRESSION;
	if (n)
		fprintf(fp, "\nRegressions across concurrency levels (%zu "
		    "group%s):\n", n, n == 1 ? "" : "s");
	for (i = 0; i < r->nsys; i++)
		if (r->sys[i].rec.direction == KP_DIR_REGRESSION) {
			fputc('\n', fp);
			group(fp, &r->sys[i].rec, colour);
		}

	fprintf(fp, "\nImprovements: %zu", r->count[KP_IMPROVEMENT]);
	for (i = 0, first = 1; i < r->nsys; i++) {
		const kp_sys *s = &r->sys[i].rec;

		if (s->direction != KP_DIR_IMPROVEMENT)
			continue;
		fprintf(fp, "%s%s/%s/%s[%s%s%s] at %zu lvls", first ?
		    "; across levels: " : ", ", s->suite, s->bench, s->test,
		    s->op, *s->metric ? " " : "", s->metric, s->affected.n);
		first = 0;
	}
	fprintf(fp, "\nUncertain: %zu", r->count[KP_UNCERTAIN]);
	for (i = n = 0, first = 1; i < r->ncmp; i++) {
		c = &v[i]->rec;
		if (v[i]->cls != KP_UNCERTAIN || c->need_n < 0)
			continue;
		/* briefly: the list is for a glance, the csv has them all */
		if (++n > TEXT_NEEDS) {
			fputs(", ...", fp);
			break;
		}
		if (first)
			fputs(" (units per side that would decide:", fp);
		fprintf(fp, "%s%s/%s%s%s[%lld] %lld%s%s", first ? " " : ", ",
		    c->test, c->op, *c->metric ? " " : "", c->metric,
		    c->conc, c->need_n, c->need_unit >= 0 ? " " : "",
		    c->need_unit >= 0 ? kp_word(&kp_need_unit_v, c->need_unit) : "");
		first = 0;
	}
	if (!first)
		fputc(')', fp);
	fprintf(fp, "\nNo change: %zu\n", r->count[KP_NO_CHANGE]);
	if ((n = noise_assumed(r)))
		fprintf(fp, "Run noise assumed for %zu of %zu comparisons (no "
		    "reruns, no history): %s.\n", n, r->tally.ncmp, noise_hint);
	if (r->count[KP_NCLASS])
		fprintf(fp, "Not classified: %zu (kp-classify did not run)\n",
		    r->count[KP_NCLASS]);
	listed(fp, r, v, KP_IMPROVEMENT, "Improvements", evshown);
	listed(fp, r, v, KP_UNCERTAIN, "Uncertain, and why", evshown);
	if (r->ntriage) {
		char buf[2048];

		fprintf(fp, "\nKnown findings (%zu):\n", r->ntriage);
		for (i = 0; i < r->ntriage; i++) {
			triage_known_text(buf, sizeof(buf), &r->triage[i]);
			fprintf(fp, "  - %s\n", buf);
		}
	}
	kp_strmap_free(evshown);
	free(v);
	return KP_EXIT_OK;
}
