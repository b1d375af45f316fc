/* kp-render -f html: a comparison page, the evidence behind one cmp record */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

/* the comparison in one sentence, as a triage note would put it */
static void
verdict(FILE *fp, struct hsite *s, const Cmp *c)
{
	const kp_cmp *t = s->r->test[c->test_idx].first;
	const char *cls = class_name(c->cls);
	char pc[96];

	fprintf(fp, "<div class=\"verdict %s\"><b>", c->cls == KP_NCLASS ?
	    "none" : cls);
	if (c->cls == KP_NCLASS)
		fputs("Not classified", fp);
	else if (c->cls == KP_NO_CHANGE)
		fputs("No change", fp);
	else
		fprintf(fp, "%c%s", cls[0] - 'a' + 'A', cls + 1);
	fputs("</b>", fp);
	if (c->rec.severity >= 0 && c->rec.severity != KP_SEV_NONE)
		fprintf(fp, " <span class=\"sev %s\">%s</span>",
		    sev_name(h_sevidx(c)), sev_name(c->rec.severity));
	if (isfinite(c->rec.score)) {
		fputs(", score ", fp);
		h_num(fp, c->rec.score);
	}
	fputs(": ", fp);
	h_esc(fp, t->metric);
	if (isfinite(c->rec.change_pct)) {
		fprintf(fp, " %s %.1f%%", c->rec.change_pct < 0 ? "fell" : "rose",
		    fabs(c->rec.change_pct));
		if (isfinite(c->rec.ci_low_pct) && isfinite(c->rec.ci_high_pct)) {
			fputs(" (95% CI ", fp);
			h_pct(fp, c->rec.ci_low_pct);
			fputs(" to ", fp);
			h_pct(fp, c->rec.ci_high_pct);
			fputs(")", fp);
		}
	} else
		fputs(" has no change estimate", fp);
	fputs(", median ", fp);
	fprintf(fp, "%.6g &rarr; %.6g", c->rec.base_median, c->rec.target_median);
	fputs(" ", fp);
	h_esc(fp, t->unit);
	fprintf(fp, " (%s is better); q ", h_better(t));
	h_num(fp, c->rec.q);
	fprintf(fp, ", %s on %s units, n %lld vs %lld.</div>\n",
	    c->rec.method < 0 ? "no test" : kp_word(&kp_method_v, c->rec.method),
	    c->rec.obs_level < 0 ? "-" : kp_word(&kp_level_v, c->rec.obs_level),
	    c->rec.n_base, c->rec.n_target);
	if (h_interf(&c->rec, pc, sizeof(pc)))
		fprintf(fp, "<div class=\"intf\"><b>Interference:</b> kp-classify "
		    "found the %s; see <a href=\"#interference\">the CPU time "
		    "below</a>. A regression that comes with starvation is "
		    "suspect until the runs are repeated on a quiet machine.</div>"
		    "\n", pc);
}

void
h_cmp_page(struct hsite *s, Cmp *c)
{
	const Test *t = &s->r->test[c->test_idx];
	const char *page = h_cmppage(s, c);
	Sample **bs, **ts, *bv = NULL, *tv = NULL;
	FILE *fp = h_open(s, page);
	char svg[96], title[1024];
	int nb, nt, i, fromstat;

	snprintf(title, sizeof(title), "%s[%s %s] conc %lld %s vs %s",
	    t->first->test, t->first->op, t->first->metric, c->rec.conc,
	    c->rec.base_kernel, c->rec.target_kernel);
	h_head(fp, title);
	h_crumbs(fp, s, t->suite_idx, c->test_idx, c);
	fputs("<h1>", fp);
	h_measname(fp, t);
	fprintf(fp, " at conc %lld</h1>\n<p class=\"sub\">", c->rec.conc);
	h_pairname(fp, s, c->pair);
	fputs(" &middot; experiments <code>", fp);
	h_esc(fp, c->rec.base_exp);
	fputs("</code> vs <code>", fp);
	h_esc(fp, c->rec.target_exp);
	fputs("</code> &middot; ", fp);
	h_esc(fp, t->first->unit);
	fprintf(fp, ", %s is better</p>\n", h_better(t->first));
	verdict(fp, s, c);
	h_modalnote(fp, s, c);
	i = c - s->r->cmp;
	h_cmptable(fp, s, &i, 1, 0);

	/* only the runs the comparison used: an experiment can have more */
	bs = h_samplesof(s, c, 0, &nb);
	ts = h_samplesof(s, c, 1, &nt);
	fromstat = nb + nt == 0;
	if (fromstat) {
		free(bs);
		free(ts);
		bv = h_statsamples(s, c, 0, &nb);
		tv = h_statsamples(s, c, 1, &nt);
		bs = emalloc((nb + 1) * sizeof(*bs));
		ts = emalloc((nt + 1) * sizeof(*ts));
		for (i = 0; i < nb; i++)
			bs[i] = &bv[i];
		for (i = 0; i < nt; i++)
			ts[i] = &tv[i];
	}
	fputs("<h2>Observations</h2>\n", fp);
	if (fromstat && nb + nt > 0)
		fputs("<p class=\"legend\">No sample records were given, so the "
		    "values are the stat records' <code>obs.sub</code>, without "
		    "their source files; give the samples (kp-identify's output) "
		    "with -s for sources.</p>\n", fp);
	h_svgname(svg, sizeof(svg), page);
	if (nb + nt > 0) {
		svg_strip(s, svg, c, bs, nb, ts, nt);
		fprintf(fp, "<div class=\"fig\"><img src=\"%s\" alt=\"every "
		    "observation by instance, run and repetition\"></div>\n",
		    svg);
	} else
		fputs("<p>No sample or stat records for this comparison: pass "
		    "them through the pipeline or give them with -s.</p>\n", fp);
	if (h_scaling_has(s, c->test_idx))
		fprintf(fp, "<p class=\"legend\">Every kernel at every level of "
		    "this test: <a href=\"%s#scaling\">the scaling plot</a>.</p>"
		    "\n", s->testpage[c->test_idx]);

	fputs("<h2 id=\"interference\">Runs and interference evidence</h2>\n",
	    fp);
	h_cpushare(fp, s, c);
	fprintf(fp, "<p>The %zu baseline and %zu target runs side by side, "
	    "with the CPU time of each: <a href=\"%s\">their page</a>, which "
	    "every comparison of the job on these runs shares.</p>\n",
	    c->rec.base_runs.n, c->rec.target_runs.n, h_runspage(s, c));

	if (nb + nt > 0 && !fromstat) {
		fputs("<h2>Sources</h2>\n<table class=\"sort\"><thead><tr>"
		    "<th>side</th><th>instance</th><th>run</th><th>iter</th>"
		    "<th>rep</th><th>sub</th><th>value</th><th>source</th></tr>"
		    "</thead><tbody>\n", fp);
		for (i = 0; i < nb + nt; i++) {
			Sample *m = i < nb ? bs[i] : ts[i - nb];
			char buf[KP_NUMBUF];

			/* the first H_SOURCES_MAX of each side: a bound */
			if ((i < nb ? i : i - nb) >= H_SOURCES_MAX)
				continue;
			fprintf(fp, "<tr><td>%s</td><td>", i < nb ? "baseline" :
			    "target");
			h_esc(fp, m->instance);
			fputs("</td><td class=\"mono\">", fp);
			h_esc(fp, m->run);
			kp_fmt_num(buf, m->value);
			fprintf(fp, "</td><td class=\"n\">%lld</td><td class=\"n\">"
			    "%lld</td><td class=\"n\">%lld</td><td class=\"n\">"
			    "%s</td><td>", m->iter, m->rep, m->sub, buf);
			h_srclink(fp, s, m->src);
			fputs("</td></tr>\n", fp);
		}
		fputs("</tbody></table>\n", fp);
		if (nb > H_SOURCES_MAX || nt > H_SOURCES_MAX)
			fprintf(fp, "<p class=\"legend\">The first %d samples of "
			    "each side of %d and %d; the sample records have "
			    "them all.</p>\n", H_SOURCES_MAX, nb, nt);
	}
	free(bs);
	free(ts);
	free(bv);
	free(tv);
	h_foot(fp);
	h_close(s, fp, page);
}
