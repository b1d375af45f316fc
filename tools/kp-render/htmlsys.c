/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: tests that moved across concurrency levels */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

static int
cmpin(const Cmp *c, int test, int pair, const char *bexp, const char *texp)
{
	return c->test_idx == test && c->pair == pair &&
	    (bexp == NULL || !strcmp(c->rec.base_exp, bexp)) &&
	    (texp == NULL || !strcmp(c->rec.target_exp, texp));
}

/* "regressed at 1, 2; uncertain at 4; no change at 3": the levels by class */
static void
bylevel(FILE *fp, struct hsite *s, int test, int pair, const char *bexp,
    const char *texp)
{
	static const int cls[] = { KP_REGRESSION, KP_IMPROVEMENT,
	    KP_UNCERTAIN, KP_NO_CHANGE, KP_NCLASS };
	static const char *const word[] = { "regressed", "improved",
	    "uncertain", "no change", "not classified" };
	const List *l = &s->r->tcmp[test];
	long long *lv = emalloc((l->n + 1) * sizeof(*lv));
	int k, i, n, any = 0;

	for (k = 0; k < (int)KP_LEN(cls); k++) {
		for (n = i = 0; i < l->n; i++) {
			const Cmp *c = &s->r->cmp[l->v[i]];
			if (cmpin(c, test, pair, bexp, texp) && c->cls == cls[k])
				lv[n++] = c->rec.conc;
		}
		if (n == 0)
			continue;
		qsort(lv, n, sizeof(*lv), h_bylonglong);
		fprintf(fp, "%s%s at ", any++ ? "; " : "", word[k]);
		for (i = 0; i < n; i++)
			fprintf(fp, "%s%lld", i ? ", " : "", lv[i]);
	}
	free(lv);
}

/* regressions of one group that kp-classify flagged for interference */
static int
interfcount(struct hsite *s, int test, int pair, const char *bexp,
    const char *texp, int *nreg, char *pct, size_t sz)
{
	const List *l = &s->r->tcmp[test];
	int i, n = 0;

	*nreg = 0;
	pct[0] = '\0';
	for (i = 0; i < l->n; i++) {
		const Cmp *c = &s->r->cmp[l->v[i]];
		char b[96];
		if (!cmpin(c, test, pair, bexp, texp) || c->cls != KP_REGRESSION)
			continue;
		(*nreg)++;
		if (h_interf(&c->rec, b, sizeof(b)) && n++ == 0)
			snprintf(pct, sz, "%s", b);
	}
	return n;
}

static void
sysfacts(FILE *fp, const Sys *y)
{
	const long long *n = y->rec.severity_counts;
	int sev, any = 0;

	for (sev = 0; sev <= KP_NSEV; sev++)
		if (n[sev])
			fprintf(fp, "%s%s %lld", any++ ? ";" : "severity ",
			    sev_name(sev), n[sev]);
	if (any)
		fputs(", ", fp);
	fputs("change ", fp);
	h_pct(fp, y->rec.change_min_pct);
	fputs(" to ", fp);
	h_pct(fp, y->rec.change_max_pct);
	fputs(", average score ", fp);
	h_num(fp, y->rec.avg_score);
	if (!isfinite(y->rec.p_combined)) {
		/* kp-systematic leaves levels tested inside one run out */
		fputs(", no combined test (no level replicated across runs)", fp);
	} else {
		fputs(", combined p ", fp);
		h_num(fp, y->rec.p_combined);
		if (isfinite(y->rec.q_combined)) {
			fputs(" (q ", fp);
			h_num(fp, y->rec.q_combined);
			fputs(")", fp);
		}
		if (y->rec.combine_method >= 0)
			fprintf(fp, " by %s", kp_word(&kp_combine_v,
			    y->rec.combine_method));
	}
}

static void
interfnote(FILE *fp, struct hsite *s, int test, int pair, const char *bexp,
    const char *texp)
{
	char pc[96];
	int nreg, n = interfcount(s, test, pair, bexp, texp, &nreg, pc,
	    sizeof(pc));

	if (n == 0)
		return;
	fprintf(fp, "<div class=\"intf\"><b>Interference:</b> %d of %d "
	    "regressed levels were flagged by kp-classify (%s): the benchmark "
	    "got less of the machine in the target runs, so the slowdown may be "
	    "the machine (starvation), not the kernel. Check the CPU time on the "
	    "test pages before bisecting.</div>\n", n, nreg, pc);
}

/* why the systematic flag was, or was not, raised for one pair */
void
h_sysnote(FILE *fp, struct hsite *s, int test, int pair)
{
	Report *r = s->r;
	int i, any = 0;

	for (i = 0; i < r->tsys[test].n; i++) {
		const Sys *y = &r->sys[r->tsys[test].v[i]];
		if (y->pair != pair)
			continue;
		any++;
		fprintf(fp, "<div class=\"note%s\"><b>", y->rec.systematic ?
		    " sys" : "");
		h_pairname(fp, s, pair);
		fputs(":</b> ", fp);
		if (y->rec.systematic) {
			fputs("<b>systematic ", fp);
			fputs(kp_word(&kp_direction_v, y->rec.direction), fp);
			fprintf(fp, "</b>: every tested level moved (%zu of %zu) "
			    "&mdash; ", y->rec.affected.n, y->rec.levels.n);
		} else {
			fputs("<b>not systematic</b>: ", fp);
			fputs(kp_word(&kp_direction_v, y->rec.direction), fp);
			fprintf(fp, " at %zu of %zu tested levels", y->rec.affected.n,
			    y->rec.levels.n);
			if (y->rec.missing.n) {
				fputs(", expected levels not tested: ", fp);
				h_levels(fp, y->rec.missing.v, y->rec.missing.n);
			}
			fputs("; systematic needs every level &mdash; ", fp);
		}
		bylevel(fp, s, test, pair, y->rec.base_exp, y->rec.target_exp);
		fputs(".<br>", fp);
		sysfacts(fp, y);
		fputs(".</div>\n", fp);
		interfnote(fp, s, test, pair, y->rec.base_exp, y->rec.target_exp);
	}
	if (!any) {
		int nreg, nimp = 0;
		char pc[96];

		interfcount(s, test, pair, NULL, NULL, &nreg, pc, sizeof(pc));
		for (i = 0; i < r->tcmp[test].n; i++) {
			const Cmp *c = &r->cmp[r->tcmp[test].v[i]];
			nimp += cmpin(c, test, pair, NULL, NULL) &&
			    c->cls == KP_IMPROVEMENT;
		}
		fputs("<div class=\"note\"><b>", fp);
		h_pairname(fp, s, pair);
		fputs(":</b> not systematic: ", fp);
		bylevel(fp, s, test, pair, NULL, NULL);
		fputs(nreg + nimp ? ". Fewer than two levels moved the same way, "
		    "so kp-systematic wrote no group.</div>\n" :
		    ". No level regressed or improved.</div>\n", fp);
		interfnote(fp, s, test, pair, NULL, NULL);
	}
}

static int
bysys(const void *a, const void *b)
{
	const Sys *x = *(Sys *const *)a;
	const Sys *y = *(Sys *const *)b;
	double sx = isfinite(x->rec.avg_score) ? x->rec.avg_score : -1;
	double sy = isfinite(y->rec.avg_score) ? y->rec.avg_score : -1;

	if (x->rec.systematic != y->rec.systematic)
		return y->rec.systematic - x->rec.systematic;
	if (x->rec.direction != y->rec.direction)
		return x->rec.direction - y->rec.direction;	/* regression first */
	if (x->rec.affected.n != y->rec.affected.n)
		return y->rec.affected.n < x->rec.affected.n ? -1 : 1;
	return sx < sy ? 1 : sx > sy ? -1 : 0;
}

/* the kernel page's list of groups across concurrency levels */
void
h_systable(FILE *fp, struct hsite *s, int pair)
{
	const List *l = &s->r->psys[pair];
	Sys **v = emalloc((l->n + 1) * sizeof(*v));
	int i, n = 0;

	for (i = 0; i < l->n; i++)
		v[n++] = &s->r->sys[l->v[i]];
	if (n == 0) {
		fputs("<p>No group moved at two or more concurrency levels "
		    "(no <code>sys</code> records for this pair).</p>\n", fp);
		free(v);
		return;
	}
	qsort(v, n, sizeof(*v), bysys);
	fprintf(fp, "<p>%d tests moved the same way at two or more "
	    "concurrency levels; systematic means at every tested level.</p>\n"
	    "<table class=\"sort\"><thead><tr><th>verdict</th><th>measurement"
	    "</th><th>levels</th><th>why (class by level)</th><th>severity, "
	    "change, score, combined p</th><th>interference</th></tr></thead>"
	    "<tbody>\n", n);
	for (i = 0; i < n; i++) {
		Sys *y = v[i];
		char pc[96];
		int nreg, ni = y->test_idx >= 0 ? interfcount(s, y->test_idx, pair,
		    y->rec.base_exp, y->rec.target_exp, &nreg, pc, sizeof(pc)) : 0;

		fprintf(fp, "<tr><td class=\"cls\" data-v=\"%d\">", !y->rec.systematic);
		if (y->rec.systematic)
			fprintf(fp, "<span class=\"%s\">systematic ",
			    y->rec.direction == KP_DIR_IMPROVEMENT ? "sysi" : "sys");
		else
			fputs("<span class=\"cls\">not systematic ", fp);
		fputs(kp_word(&kp_direction_v, y->rec.direction), fp);
		fputs("</span></td><td>", fp);
		if (y->test_idx >= 0)
			h_testlink(fp, s, y->test_idx);
		else {
			h_esc(fp, y->rec.suite);
			putc('/', fp);
			h_esc(fp, y->rec.bench);
			putc('/', fp);
			h_esc(fp, y->rec.test);
		}
		fprintf(fp, "</td><td class=\"n\" data-v=\"%zu\">%zu of %zu</td>"
		    "<td>", y->rec.affected.n, y->rec.affected.n, y->rec.levels.n);
		if (y->test_idx >= 0)
			bylevel(fp, s, y->test_idx, pair, y->rec.base_exp,
			    y->rec.target_exp);
		if (y->rec.missing.n) {
			fputs("; not tested: ", fp);
			h_levels(fp, y->rec.missing.v, y->rec.missing.n);
		}
		fputs("</td><td>", fp);
		sysfacts(fp, y);
		fputs("</td><td>", fp);
		if (ni)
			fprintf(fp, "<span class=\"chip intf\">%d of %d regressed "
			    "levels: %s</span>", ni, nreg, pc);
		else
			fputs("-", fp);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
	free(v);
}
