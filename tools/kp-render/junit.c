/* SPDX-License-Identifier: GPL-2.0-or-later */
/* junit.c: -f junit, JUnit XML for CI systems: one testsuite per
 * baseline/target pair, one testcase per comparison, a failure per
 * regression, uncertain comparisons skipped (they decided nothing).
 * With --fail-on the gate decides: a failure per comparison that fails
 * it, a regression it does not fail on skipped with the finding as its
 * message, so that the failures agree with the exit status.  A testcase
 * is named by the kernel pair and the measurement (classname
 * base..target/suite/bench/test, name "op metric[conc]"): the same key
 * from run to run, and unique in a report of many pairs.  Slashes, as
 * the other formats name a measurement, not dots: a consumer that reads
 * a classname's dots as packages (Jenkins) would split kernel versions
 * and test names, which have dots of their own, at any of them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

void
junit_names(FILE *fp, const char *base, const char *target,
    const char *suite, const char *bench, const char *test, const char *op,
    const char *metric, long long conc)
{
	fputs("classname=\"", fp);
	xml_put(fp, base);
	fputs("..", fp);
	xml_put(fp, target);
	fputc('/', fp);
	xml_put(fp, suite);
	if (bench) {
		fputc('/', fp);
		xml_put(fp, bench);
	}
	if (test) {
		fputc('/', fp);
		xml_put(fp, test);
	}
	fputs("\" name=\"", fp);
	xml_put(fp, op);
	if (metric && *metric) {
		fputc(' ', fp);
		xml_put(fp, metric);
	}
	fprintf(fp, "[%lld]\"", conc);
}

static int
samepair(const Name *a, const Name *b)
{
	return strcmp(a->base_exp, b->base_exp) == 0 &&
	    strcmp(a->target_exp, b->target_exp) == 0;
}

static void
detail(FILE *fp, const CmpRec *c)
{
	char buf[256];
	double lo, hi, level;

	if (isnan(c->change_pct) && c->base_median == 0)
		snprintf(buf, sizeof(buf), "from 0");	/* kp(7): no percentage */
	else if (isnan(c->change_pct))
		snprintf(buf, sizeof(buf), "change n/a");
	else
		snprintf(buf, sizeof(buf), "%+.2f%%", c->change_pct);
	xml_put(fp, buf);
	if (!isnan(c->base_median) && !isnan(c->target_median)) {
		snprintf(buf, sizeof(buf), ", %.6g to %.6g", c->base_median,
		    c->target_median);
		xml_put(fp, buf);
		if (c->unit && *c->unit) {
			fputc(' ', fp);
			xml_put(fp, c->unit);
		}
	}
	/* the bounds of two histograms' buckets are no confidence
	 * interval (kp-hist(1)) */
	if (c->method == KP_M_HIST_BOUNDS && shown_interval(c, &lo, &hi, &level)) {
		snprintf(buf, sizeof(buf), " (bucket bounds %+.2f%% to %+.2f%%)",
		    lo, hi);
		xml_put(fp, buf);
	} else if (shown_interval(c, &lo, &hi, &level)) {
		snprintf(buf, sizeof(buf), " (%g%% interval %+.2f%% to %+.2f%%)",
		    level, lo, hi);
		xml_put(fp, buf);
	}
	/* what the verdict rests on: an assumed run noise, a starved side */
	if (noise_text(buf, sizeof(buf), c)) {
		xml_put(fp, "; ");
		xml_put(fp, buf);
	}
	if (cpu_text(buf, sizeof(buf), c)) {
		xml_put(fp, "; ");
		xml_put(fp, buf);
	}
	if (!isnan(c->q)) {
		snprintf(buf, sizeof(buf), ", q=%.3g", c->q);
		xml_put(fp, buf);
	}
	if (!isnan(c->score)) {
		snprintf(buf, sizeof(buf), ", score %.1f", c->score);
		xml_put(fp, buf);
	}
	if (c->reason && *c->reason) {
		fputs(", ", fp);
		xml_put(fp, c->reason);
	}
}

/* what a comparison's testcase is */
enum { PASSED, FAILED, SKIPPED };

static int
outcome(const Report *r, const Name *w)
{
	const Cmp *x;
	int fail;

	if (w->kept < 0)	/* no change (keep.c) */
		return PASSED;
	x = &r->cmp[w->kept];
	fail = r->gate ? x->fails : x->cls == KP_REGRESSION;
	if (fail && !r->report_only)
		return FAILED;
	if (fail || x->cls == KP_REGRESSION || x->cls == KP_UNCERTAIN)
		return SKIPPED;
	return PASSED;
}

static void
count(JCount *n, int o)
{
	n->tests++;
	n->failures += o == FAILED;
	n->skipped += o == SKIPPED;
}

/* one comparison's testcase */
static void
testcase(FILE *fp, const Report *r, const Name *w)
{
	const CmpRec *c;
	const Cmp *x;
	int fail;

	fputs("    <testcase ", fp);
	junit_names(fp, w->base_kernel, w->target_kernel, w->suite, w->bench,
	    w->test, w->op, w->metric, w->conc);
	if (w->kept < 0) {
		fputs("/>\n", fp);
		return;
	}
	x = &r->cmp[w->kept];
	c = &x->rec;
	fail = r->gate ? x->fails : x->cls == KP_REGRESSION;
	if (fail && !r->report_only) {
		fputs(">\n      <failure type=\"", fp);
		xml_put(fp, x->cls == KP_REGRESSION ? S(sev_name(c->severity)) :
		    class_name(x->cls));
		fputs("\" message=\"", fp);
		xml_put(fp, class_name(x->cls));
		fputs(": ", fp);
		detail(fp, c);
		fputs("\">", fp);
		xml_put(fp, class_name(x->cls));
		fputs(": ", fp);
		detail(fp, c);
		evidence_each(r, c, xml_put, fp);
		fputs("</failure>\n    </testcase>\n", fp);
	} else if (fail || x->cls == KP_REGRESSION) {
		/* report-only, or a regression the gate does not fail on */
		fputs(">\n      <skipped message=\"", fp);
		if (fail)
			fputs("report-only: would fail: ", fp);
		else
			fprintf(fp, "does not fail the gate%s: ",
			    triaged_away(c) ? " (triaged)" : "");
		xml_put(fp, class_name(x->cls));
		fputs("/", fp);
		xml_put(fp, S(sev_name(c->severity)));
		fputs(": ", fp);
		detail(fp, c);
		fputs("\"/>\n    </testcase>\n", fp);
	} else if (x->cls == KP_UNCERTAIN) {
		fputs(">\n      <skipped message=\"uncertain: ", fp);
		detail(fp, c);
		if (c->need_n >= 0)
			fprintf(fp, "; %lld %s per side would decide", c->need_n,
			    c->need_unit >= 0 ? kp_word(&kp_need_unit_v,
			    c->need_unit) : "units");
		fputs("\"/>\n    </testcase>\n", fp);
	} else
		fputs("/>\n", fp);
}

int
render_junit(Report *r, FILE *fp)
{
	const Name *w;
	size_t i, j, k;
	JCount all = { 0 }, one;
	FILE *cover;
	char *text = NULL, *stale, buf[64];
	size_t len = 0;

	/* what was not compared: errors, data that is not there, or the
	 * gate's failures; the testsuites open with their counts, so each
	 * is counted before it is written, and the comparisons' testcases
	 * go out as they are written */
	if (!(cover = open_memstream(&text, &len)))
		kp_die("cannot allocate memory");
	cover_junit(cover, r, &all);
	if (fclose(cover) != 0)
		kp_die("cannot allocate memory");
	names_sort(r);
	for (i = 0; i < r->nname; i++)
		count(&all, outcome(r, &r->name[i]));
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<testsuites name=\"kp\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"%zu\" skipped=\"%zu\">\n", all.tests, all.failures,
	    all.errors, all.skipped);
	fwrite(text, 1, len, fp);
	free(text);
	for (i = 0; i < r->nname; i = j) {
		w = &r->name[i];
		memset(&one, 0, sizeof(one));
		for (j = i; j < r->nname && samepair(w, &r->name[j]); j++)
			count(&one, outcome(r, &r->name[j]));
		fputs("  <testsuite name=\"", fp);
		xml_put(fp, w->base_kernel);
		fputs(" vs ", fp);
		xml_put(fp, w->target_kernel);
		fputs(" (", fp);
		xml_put(fp, w->base_exp);
		fputs("/", fp);
		xml_put(fp, w->target_exp);
		fprintf(fp, ")\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
		    "skipped=\"%zu\">\n", one.tests, one.failures, one.skipped);
		/* the gate's verdict, threshold and a stale baseline */
		stale = r->gate ? stale_runs(r, tally_exp_runs(r, w->base_exp,
		    w->target_exp)) : NULL;
		if (r->gate || stale) {
			fputs("    <properties>\n", fp);
			if (r->gate) {
				fprintf(fp, "      <property name=\"verdict\" "
				    "value=\"%s%s\"/>\n", r->report_only ?
				    "report-only: would " : "", r->fails ?
				    "FAIL" : "PASS");
				if (!isnan(gate_threshold(r))) {
					snprintf(buf, sizeof(buf), "%g", gate_threshold(r));
					fprintf(fp, "      <property name=\"threshold_pct\" "
					    "value=\"%s\"/>\n", buf);
				}
			}
			if (stale) {
				fputs("      <property name=\"stale\" value=\"", fp);
				xml_put(fp, stale);
				fputs("\"/>\n", fp);
			}
			fputs("    </properties>\n", fp);
		}
		free(stale);
		for (k = i; k < j; k++)
			testcase(fp, r, &r->name[k]);
		fputs("  </testsuite>\n", fp);
	}
	fputs("</testsuites>\n", fp);
	return KP_EXIT_OK;
}
