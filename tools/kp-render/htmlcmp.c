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
	const Test *t = &s->r->test[c->test_idx];
	const char *cls = class_names[c->cls];
	char pc[96];

	fprintf(fp, "<div class=\"verdict %s\"><b>", c->cls == CL_UNCLASSIFIED ?
	    "none" : cls);
	if (c->cls == CL_UNCLASSIFIED)
		fputs("Not classified", fp);
	else if (c->cls == CL_NOCHANGE)
		fputs("No change", fp);
	else
		fprintf(fp, "%c%s", cls[0] - 'a' + 'A', cls + 1);
	fputs("</b>", fp);
	if (c->severity && strcmp(c->severity, "none")) {
		fprintf(fp, " <span class=\"sev %s\">", sev_names[h_sevidx(c)]);
		h_esc(fp, c->severity);
		fputs("</span>", fp);
	}
	if (isfinite(c->score)) {
		fputs(", score ", fp);
		h_num(fp, c->score);
	}
	fputs(": ", fp);
	h_esc(fp, t->metric);
	if (isfinite(c->change)) {
		fprintf(fp, " %s %.1f%%", c->change < 0 ? "fell" : "rose",
		    fabs(c->change));
		if (isfinite(c->ci_low) && isfinite(c->ci_high)) {
			fputs(" (95% CI ", fp);
			h_pct(fp, c->ci_low);
			fputs(" to ", fp);
			h_pct(fp, c->ci_high);
			fputs(")", fp);
		}
	} else
		fputs(" has no change estimate", fp);
	fputs(", median ", fp);
	fprintf(fp, "%.6g &rarr; %.6g", c->base_median, c->target_median);
	fputs(" ", fp);
	h_esc(fp, t->unit);
	fprintf(fp, " (%s is better); q ", strcmp(t->better, "lower") ?
	    "higher" : "lower");
	h_num(fp, c->q);
	fputs(", ", fp);
	h_esc(fp, c->method ? c->method : "no test");
	fputs(" on ", fp);
	h_esc(fp, c->obs_level ? c->obs_level : "-");
	fprintf(fp, " units, n %lld vs %lld.</div>\n", c->n_base, c->n_target);
	if (h_interf(c->reason, pc, sizeof(pc)))
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

	snprintf(title, sizeof(title), "%s[%s %s] conc %lld %s vs %s", t->test,
	    t->op, t->metric, c->conc, c->base_kernel, c->target_kernel);
	h_head(fp, title);
	h_crumbs(fp, s, t->suite_idx, c->test_idx, c);
	fputs("<h1>", fp);
	h_measname(fp, t);
	fprintf(fp, " at conc %lld</h1>\n<p class=\"sub\">", c->conc);
	h_pairname(fp, s, c->pair);
	fputs(" &middot; experiments <code>", fp);
	h_esc(fp, c->base_exp);
	fputs("</code> vs <code>", fp);
	h_esc(fp, c->target_exp);
	fputs("</code> &middot; ", fp);
	h_esc(fp, t->unit);
	fputs(", ", fp);
	h_esc(fp, t->better);
	fputs(" is better</p>\n", fp);
	verdict(fp, s, c);
	i = c - s->r->cmp;
	h_cmptable(fp, s, &i, 1, 0);

	/* only the runs the comparison used: an experiment can have more */
	bs = h_samplesof(s, c, c->base_exp, c->base_runs, c->nbase_runs, &nb);
	ts = h_samplesof(s, c, c->target_exp, c->target_runs, c->ntarget_runs,
	    &nt);
	fromstat = nb + nt == 0;
	if (fromstat) {
		free(bs);
		free(ts);
		bv = h_statsamples(s, c, c->base_exp, &nb);
		tv = h_statsamples(s, c, c->target_exp, &nt);
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

	fputs("<h2>Runs</h2>\n", fp);
	h_runtable(fp, s, c);
	fputs("<h2 id=\"interference\">Interference evidence</h2>\n", fp);
	h_runstats(fp, s, c);

	if (nb + nt > 0 && !fromstat) {
		fputs("<h2>Sources</h2>\n<table class=\"sort\"><thead><tr>"
		    "<th>side</th><th>instance</th><th>run</th><th>iter</th>"
		    "<th>rep</th><th>sub</th><th>value</th><th>source</th></tr>"
		    "</thead><tbody>\n", fp);
		for (i = 0; i < nb + nt; i++) {
			Sample *m = i < nb ? bs[i] : ts[i - nb];
			char buf[KP_NUMBUF];

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
	}
	free(bs);
	free(ts);
	free(bv);
	free(tv);
	h_foot(fp);
	h_close(s, fp, page);
}
