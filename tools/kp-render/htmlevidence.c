/* SPDX-License-Identifier: GPL-2.0-or-later */
/* htmlevidence.c: on a comparison page, kp-evidence's record of its pair
 * of experiments: durations, command, dmesg warnings and the counters
 * that moved most, as tables.  The numbers are the record's. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"

static void
num(FILE *fp, double v, double sd)
{
	char b[32];

	fputs("<td class=\"n\">", fp);
	if (isnan(v)) {
		fputs("n/a</td>", fp);
		return;
	}
	fmt_si(b, sizeof(b), v);
	fputs(b, fp);
	if (!isnan(sd)) {
		fmt_si(b, sizeof(b), sd);
		fprintf(fp, " \u00b1%s", b);
	}
	fputs("</td>", fp);
}

/* the lines of v, but those of not (the target's, for the baseline) */
static void
warns(FILE *fp, const char *side, const kp_strs *v, const kp_strs *not)
{
	size_t i, k;

	for (i = 0; i < v->n; i++) {
		for (k = 0; not && k < not->n; k++)
			if (strcmp(not->v[k], v->v[i]) == 0)
				break;
		if (not && k < not->n)
			continue;
		fprintf(fp, "<li>%s: <code>", side);
		h_esc(fp, v->v[i]);
		fputs("</code></li>\n", fp);
	}
}

void
h_evidence(FILE *fp, struct hsite *s, const Cmp *c)
{
	const kp_evidence *e = evidence_of(s->r, &c->rec);
	size_t i;

	if (!h_finding(c) || (!e && !s->r->nev))
		return;
	/* a section of its test's page, which holds many: an id of its own */
	fprintf(fp, "<h4 id=\"e%zu\">Beside this finding</h4>\n",
	    (size_t)(c - s->r->cmp));
	if (!e) {
		fputs("<p>No evidence record for this pair of experiments "
		    "(kp-evidence(1) did not see it).</p>\n", fp);
		return;
	}
	if (e->base_params || e->target_params) {
		fputs("<p>Command: <code>", fp);
		h_esc(fp, e->base_params ? e->base_params : e->target_params);
		fputs("</code>", fp);
		if (e->base_params && e->target_params &&
		    strcmp(e->base_params, e->target_params) != 0) {
			fputs(" \u2192 <code>", fp);
			h_esc(fp, e->target_params);
			fputs("</code>", fp);
		}
		fputs("</p>\n", fp);
	}
	if (e->n_base == 0 || e->n_target == 0)
		fprintf(fp, "<p>No runstat records for the %s side: no "
		    "durations or counters.</p>\n", e->n_base == 0 ? "baseline" :
		    "target");
	if (e->missing.n) {
		fputs("<p>Runs without a runstat record:", fp);
		for (i = 0; i < e->missing.n; i++) {
			fputs(i ? ", <code>" : " <code>", fp);
			h_esc(fp, e->missing.v[i]);
			fputs("</code>", fp);
		}
		fputs("</p>\n", fp);
	}
	fputs("<table><thead><tr><th>side</th><th>runstats</th><th>user s</th>"
	    "<th>sys s</th><th>elapsed s</th><th>dmesg warnings</th></tr>"
	    "</thead><tbody>\n", fp);
	fprintf(fp, "<tr><td>baseline</td><td class=\"n\">%lld</td>", e->n_base);
	num(fp, e->base_user_s, NAN);
	num(fp, e->base_sys_s, NAN);
	num(fp, e->base_elapsed_s, NAN);
	if (e->base_dmesg_warnings == KP_NULL_INT)
		fputs("<td class=\"n\">n/a</td></tr>\n", fp);
	else
		fprintf(fp, "<td class=\"n\">%lld in %lld run%s</td></tr>\n",
		    e->base_dmesg_warnings, e->base_dmesg_runs,
		    e->base_dmesg_runs == 1 ? "" : "s");
	fprintf(fp, "<tr><td>target</td><td class=\"n\">%lld</td>", e->n_target);
	num(fp, e->target_user_s, NAN);
	num(fp, e->target_sys_s, NAN);
	num(fp, e->target_elapsed_s, NAN);
	if (e->target_dmesg_warnings == KP_NULL_INT)
		fputs("<td class=\"n\">n/a</td></tr>\n", fp);
	else
		fprintf(fp, "<td class=\"n\">%lld in %lld run%s</td></tr>\n",
		    e->target_dmesg_warnings, e->target_dmesg_runs,
		    e->target_dmesg_runs == 1 ? "" : "s");
	fputs("</tbody></table>\n", fp);
	/* only what the target says new, when the record says it */
	if (kp_has_get(&e->has, KP_EV_NEW_WARNINGS)) {
		if (e->new_warnings.n) {
			fputs("<ul class=\"warnings\">\n", fp);
			warns(fp, "new in the target", &e->new_warnings, NULL);
			fputs("</ul>\n", fp);
		}
	} else if (e->base_warnings.n + e->target_warnings.n) {
		fputs("<ul class=\"warnings\">\n", fp);
		warns(fp, "target", &e->target_warnings, NULL);
		warns(fp, "baseline only", &e->base_warnings, &e->target_warnings);
		fputs("</ul>\n", fp);
	}
	if (!e->counters.n)
		return;
	fprintf(fp, "<p>vmstat and schedstat: %zu of %lld counters, ",
	    e->counters.n, e->n_counters);
	switch (e->rank_by) {
	case KP_ER_POOLED_SD:
		fputs("ranked by the change over the pooled run-to-run standard "
		    "deviation (Cohen's d, kp-evidence(1)).", fp);
		break;
	case KP_ER_CHOSEN:
		fputs("those chosen with -E. <b>One run a side: not tested for "
		    "significance.</b>", fp);
		break;
	default:
		fputs("the largest relative changes. <b>One run a side: not "
		    "tested for significance.</b>", fp);
	}
	fputs(" Events are rates per second of elapsed time; levels their "
	    "value at the end.</p>\n", fp);
	fputs("<table><thead><tr><th>counter</th><th>kind</th><th>baseline"
	    "</th><th>target</th><th>change</th><th>d</th></tr></thead>"
	    "<tbody>\n", fp);
	for (i = 0; i < e->counters.n; i++) {
		const kp_ectr *k = (const kp_ectr *)e->counters.v + i;

		fputs("<tr><td><code>", fp);
		h_esc(fp, k->name);
		fputs("</code></td><td>", fp);
		h_esc(fp, k->source);
		fprintf(fp, " %s</td>", k->kind == KP_EK_RATE ? "per s" : "level");
		num(fp, k->base, k->base_sd);
		num(fp, k->target, k->target_sd);
		if (isnan(k->change_pct))
			fputs("<td class=\"n\">from 0</td>", fp);
		else
			fprintf(fp, "<td class=\"n\">%+.1f%%</td>", k->change_pct);
		if (isnan(k->d))
			fputs("<td class=\"n\">-</td></tr>\n", fp);
		else
			fprintf(fp, "<td class=\"n\">%+.2f</td></tr>\n", k->d);
	}
	fputs("</tbody></table>\n", fp);
}
