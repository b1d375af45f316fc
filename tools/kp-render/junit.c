/* junit.c: -f junit, JUnit XML for CI systems: one testsuite per
 * baseline/target pair, one testcase per comparison, a failure per
 * regression, uncertain comparisons skipped (they decided nothing) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"

/* XML 1.0 forbids C0 controls other than tab, newline and carriage
 * return even as character references; they are dropped */
static void
put(FILE *fp, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&apos;", fp); break;
		case '\t': fputs("&#9;", fp); break;
		case '\n': fputs("&#10;", fp); break;
		case '\r': fputs("&#13;", fp); break;
		default:
			if ((unsigned char)*s >= 0x20)
				fputc(*s, fp);
		}
	}
}

static int
samepair(const Cmp *a, const Cmp *b)
{
	return strcmp(a->rec.base_exp, b->rec.base_exp) == 0 &&
	    strcmp(a->rec.target_exp, b->rec.target_exp) == 0;
}

static void
detail(FILE *fp, const kp_cmp *c)
{
	char buf[256];
	double lo, hi, level;

	if (isnan(c->change_pct))
		snprintf(buf, sizeof(buf), "change n/a");
	else
		snprintf(buf, sizeof(buf), "%+.2f%%", c->change_pct);
	put(fp, buf);
	if (shown_interval(c, &lo, &hi, &level)) {
		snprintf(buf, sizeof(buf), " (%g%% interval %+.2f%% to %+.2f%%)",
		    level, lo, hi);
		put(fp, buf);
	}
	/* what the verdict rests on: an assumed run noise, a starved side */
	if (noise_text(buf, sizeof(buf), c)) {
		put(fp, "; ");
		put(fp, buf);
	}
	if (cpu_text(buf, sizeof(buf), c)) {
		put(fp, "; ");
		put(fp, buf);
	}
	if (!isnan(c->q)) {
		snprintf(buf, sizeof(buf), ", q=%.3g", c->q);
		put(fp, buf);
	}
	if (!isnan(c->score)) {
		snprintf(buf, sizeof(buf), ", score %.1f", c->score);
		put(fp, buf);
	}
	if (c->reason && *c->reason) {
		fputs(", ", fp);
		put(fp, c->reason);
	}
}

int
render_junit(Report *r, FILE *fp)
{
	const Cmp **v = by_name(r);
	const kp_cmp *c;
	size_t i, j, k, tests, fails, skips, ncov;

	cover_lines(&ncov);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<testsuites name=\"kp\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"%zu\" skipped=\"%zu\">\n", r->ncmp + ncov,
	    r->count[KP_REGRESSION], cover_errors(), r->count[KP_UNCERTAIN]);
	/* what was not compared, as errors: data that is not there */
	cover_junit(fp);
	for (i = 0; i < r->ncmp; i = j) {
		tests = fails = skips = 0;
		for (j = i; j < r->ncmp && samepair(v[i], v[j]); j++) {
			tests++;
			fails += v[j]->cls == KP_REGRESSION;
			skips += v[j]->cls == KP_UNCERTAIN;
		}
		c = &v[i]->rec;
		fputs("  <testsuite name=\"", fp);
		put(fp, c->base_kernel);
		fputs(" vs ", fp);
		put(fp, c->target_kernel);
		fputs(" (", fp);
		put(fp, c->base_exp);
		fputs("/", fp);
		put(fp, c->target_exp);
		fprintf(fp, ")\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
		    "skipped=\"%zu\">\n", tests, fails, skips);
		for (k = i; k < j; k++) {
			c = &v[k]->rec;
			fputs("    <testcase classname=\"", fp);
			put(fp, c->suite);
			fputc('.', fp);
			put(fp, c->bench);
			fputc('.', fp);
			put(fp, c->test);
			fputs("\" name=\"", fp);
			put(fp, c->op);
			if (*c->metric)
				fputc(' ', fp);
			put(fp, c->metric);
			fprintf(fp, "[%lld]\"", c->conc);
			if (v[k]->cls == KP_REGRESSION) {
				fputs(">\n      <failure type=\"", fp);
				put(fp, S(sev_name(c->severity)));
				fputs("\" message=\"", fp);
				detail(fp, c);
				fputs("\">regression: ", fp);
				detail(fp, c);
				evidence_each(r, c, put, fp);
				fputs("</failure>\n    </testcase>\n", fp);
			} else if (v[k]->cls == KP_UNCERTAIN) {
				fputs(">\n      <skipped message=\"uncertain: ",
				    fp);
				detail(fp, c);
				if (c->need_n >= 0)
					fprintf(fp, "; %lld %s per side "
					    "would decide", c->need_n,
					    c->need_unit >= 0 ? kp_word(&kp_need_unit_v,
					    c->need_unit) : "units");
				fputs("\"/>\n    </testcase>\n", fp);
			} else {
				fputs("/>\n", fp);
			}
		}
		fputs("  </testsuite>\n", fp);
	}
	fputs("</testsuites>\n", fp);
	free(v);
	return KP_EXIT_OK;
}
