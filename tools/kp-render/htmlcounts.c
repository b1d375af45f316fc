/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: a pair's comparisons counted, its data warnings */
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "render.h"
#include "strmap.h"
#include "html.h"
#include "htmlpage.h"

/* the comparisons of a pair (in a suite) are those of s->pcmp[pair] */
static int
inscope(const Cmp *c, int suite)
{
	return suite < 0 || c->suite_idx == suite;
}

/* the experiments compared in a pair (and suite), to find their roll-ups */
static kp_strmap *
pairexps(struct hsite *s, int pair, int suite)
{
	kp_strmap *m = kp_strmap_new();
	int i;

	for (i = 0; i < s->r->pcmp[pair].n; i++) {
		Cmp *c = &s->r->cmp[s->r->pcmp[pair].v[i]];
		if (!inscope(c, suite))
			continue;
		kp_strmap_add(m, c->rec.base_exp, strlen(c->rec.base_exp), NULL);
		kp_strmap_add(m, c->rec.target_exp, strlen(c->rec.target_exp), NULL);
	}
	return m;
}

static int
rollin(struct hsite *s, kp_rollup *r, kp_strmap *exps, int suite)
{
	if (r->scope != KP_SCOPE_TEST ||
	    kp_strmap_find(exps, r->exp, strlen(r->exp)) < 0)
		return 0;
	return suite < 0 || (r->suite && !strcmp(r->suite, s->r->suite[suite]));
}

void
h_count(struct hsite *s, int pair, int suite, struct counts *k)
{
	kp_strmap *exps, *tests;
	char *seen = NULL;	/* by test: 1 incomplete, 2 unstable before */
	int i, t, isnew;

	size_t j;

	memset(k, 0, sizeof(*k));
	for (i = 0; i < s->r->pcmp[pair].n; i++) {
		Cmp *c = &s->r->cmp[s->r->pcmp[pair].v[i]];
		if (!inscope(c, suite))
			continue;
		k->n++;
		k->modal += h_modalany(s, c);
		if (c->cls == KP_REGRESSION) {
			char b[96];
			k->reg[h_sevidx(c)]++;
			k->interf += h_interf(&c->rec, b, sizeof(b));
		}
		else if (c->cls == KP_IMPROVEMENT)
			k->imp[h_sevidx(c)]++;
		else if (c->cls == KP_UNCERTAIN)
			k->unc++;
		else if (c->cls == KP_NO_CHANGE)
			k->noc++;
		else
			k->uncl++;
	}
	for (i = 0; i < s->r->psys[pair].n; i++) {
		Sys *y = &s->r->sys[s->r->psys[pair].v[i]];
		if (!y->rec.systematic || (suite >= 0 &&
		    strcmp(y->rec.suite, s->r->suite[suite])))
			continue;
		if (y->rec.direction == KP_DIR_IMPROVEMENT)
			k->sysimp++;
		else
			k->sysreg++;
	}
	/* tests, not roll-ups: both kernels of a pair have one per test, so
	 * a test counts once, at its first roll-up that says so */
	exps = pairexps(s, pair, suite);
	tests = kp_strmap_new();
	for (j = 0; j < s->r->nroll; j++) {
		kp_rollup *r = &s->r->roll[j];
		int inc, uns;

		if (!rollin(s, r, exps, suite))
			continue;
		t = (int)kp_strmap_addv(tests, &isnew, S(r->suite), S(r->bench),
		    S(r->test), NULL);
		if (isnew) {
			seen = kp_grow(seen, t, 1);
			seen[t] = 0;
		}
		inc = r->incomplete_groups > 0 || r->missing_conc.n > 0;
		uns = r->unstable_groups > 0;
		k->incomplete += inc && !(seen[t] & 1);
		k->unstable += uns && !(seen[t] & 2);
		seen[t] |= inc | uns << 1;
	}
	free(seen);
	kp_strmap_free(tests);
	kp_strmap_free(exps);
}

/* the long words break at a soft hyphen: the fifteen headings of a pair's
 * counts must fit 1024 pixels */
void
h_countshead(FILE *fp)
{
	fputs("<th title=\"comparisons: one per test and concurrency level\">"
	    "cmp</th><th>regr. red</th><th>yellow</th><th>green</th>"
	    "<th title=\"kp-classify calls every improvement green\">"
	    "improve&shy;ments</th><th>un&shy;certain</th>"
	    "<th>no change</th><th title=\"regressions whose target runs got "
	    "less CPU time than the baseline's (kp-classify): the machine, not "
	    "the kernel, may be the cause\">inter&shy;ference</th>"
	    "<th title=\"groups of one test that move the same way at every "
	    "concurrency level (kp-systematic)\">system&shy;atic</th>"
	    "<th title=\"tests with missing concurrency levels or incomplete "
	    "groups\">incom&shy;plete</th><th title=\"tests with groups whose "
	    "coefficient of variation is high (kp-stats)\">unstable</th>"
	    "<th title=\"comparisons with a multimodal group on either "
	    "side: " H_MODAL "\">multi&shy;modal</th>", fp);
}

static void
cell(FILE *fp, int v, const char *cls)
{
	if (v == 0)
		fputs("<td class=\"z\">0</td>", fp);
	else if (cls)
		fprintf(fp, "<td class=\"n\" data-v=\"%d\"><span class=\"sev %s\">"
		    "%d</span></td>", v, cls, v);
	else
		fprintf(fp, "<td class=\"n\">%d</td>", v);
}

void
h_countscells(FILE *fp, const struct counts *k)
{
	int i, n;

	fprintf(fp, "<td class=\"n\">%d</td>", k->n);
	for (i = 0; i < KP_SEV_NONE; i++)
		cell(fp, k->reg[i] + (i == KP_GREEN ? k->reg[KP_SEV_NONE] : 0),
		    sev_name(i));
	/* one column: improvements have no severity worth a column each */
	for (i = n = 0; i <= KP_SEV_NONE; i++)
		n += k->imp[i];
	cell(fp, n, NULL);
	cell(fp, k->unc, NULL);
	cell(fp, k->noc, NULL);
	if (k->interf)
		fprintf(fp, "<td class=\"n\" data-v=\"%d\"><span class=\"chip "
		    "intf\">%d</span></td>", k->interf, k->interf);
	else
		fputs("<td class=\"z\">0</td>", fp);
	if (k->sysreg + k->sysimp == 0)
		fputs("<td class=\"z\">0</td>", fp);
	else {
		fprintf(fp, "<td class=\"n\" data-v=\"%d\">", k->sysreg);
		if (k->sysreg)
			fprintf(fp, "<span class=\"sys\">%d regr.</span> ",
			    k->sysreg);
		if (k->sysimp)
			fprintf(fp, "<span class=\"sysi\">%d impr.</span>",
			    k->sysimp);
		fputs("</td>", fp);
	}
	cell(fp, k->incomplete, NULL);
	cell(fp, k->unstable, NULL);
	cell(fp, k->modal, NULL);
}

/* data completeness and stability warnings from the stat roll-ups */
void
h_rolls(FILE *fp, struct hsite *s, int pair, int suite)
{
	Report *m = s->r;
	kp_strmap *exps;
	size_t i;
	int any = 0;
	long e;

	exps = pairexps(s, pair, suite);
	for (i = 0; i < m->nroll; i++)
		any += rollin(s, &m->roll[i], exps, suite) &&
		    (m->roll[i].incomplete_groups || m->roll[i].missing_conc.n ||
		    m->roll[i].unstable_groups);
	/* worth knowing, but below the findings: folded */
	if (any)
		fprintf(fp, "<details><summary>Data quality: %d warning%s from "
		    "the stat roll-ups (incomplete groups, missing levels, "
		    "unstable groups)</summary>\n", any, any == 1 ? "" : "s");
	for (i = 0, any = 0; i < m->nroll; i++) {
		kp_rollup *r = &m->roll[i];
		const char *kernel = "?";

		if (!rollin(s, r, exps, suite) ||
		    (r->incomplete_groups == 0 && r->missing_conc.n == 0 &&
		    r->unstable_groups == 0))
			continue;
		if ((e = kp_strmap_find(m->expmap, r->exp, strlen(r->exp))) >= 0)
			kernel = m->expkernel[e];
		if (!any++)
			fputs("<ul class=\"warn\">\n", fp);
		fputs("<li>", fp);
		h_esc(fp, kernel);
		fputs(" <code>", fp);
		h_esc(fp, r->exp);
		fputs("</code> ", fp);
		h_esc(fp, r->bench);
		putc('/', fp);
		h_esc(fp, r->test);
		fputs(": ", fp);
		if (r->incomplete_groups)
			fprintf(fp, "%lld of %lld groups incomplete; ",
			    r->incomplete_groups, r->n_groups);
		if (r->missing_conc.n) {
			fputs("concurrency levels missing: ", fp);
			h_levels(fp, r->missing_conc.v, r->missing_conc.n);
			fputs("; ", fp);
		}
		if (r->unstable_groups) {
			fprintf(fp, "%lld of %lld groups unstable (cv max ",
			    r->unstable_groups, r->n_groups);
			h_num(fp, 100 * r->cv_max);
			fputs("%)", fp);
		}
		fputs("</li>\n", fp);
	}
	if (any)
		fputs("</ul></details>\n", fp);
	kp_strmap_free(exps);
}

/* why comparisons are uncertain, by kp-classify's rule and caveats (the
 * typed fields why and caveats); how many are unclassified */
static void
reasons(FILE *fp, struct hsite *s, int pair, int suite)
{
	int why[32], cnt[32], nseen = 0, i, j;
	unsigned cav[32];

	for (i = 0; i < s->r->pcmp[pair].n; i++) {
		Cmp *c = &s->r->cmp[s->r->pcmp[pair].v[i]];

		if (!inscope(c, suite) || c->cls != KP_UNCERTAIN)
			continue;
		for (j = 0; j < nseen && (why[j] != c->rec.why ||
		    cav[j] != c->rec.caveats); j++)
			;
		if (j == nseen) {
			if (nseen == (int)KP_LEN(why))
				continue;
			why[nseen] = c->rec.why;
			cav[nseen] = c->rec.caveats;
			cnt[nseen++] = 0;
		}
		cnt[j]++;
	}
	/* folded: unfolded, a pair's row was as tall as its list of reasons
	 * (160 pixels at 1024) and the counts beside it blank */
	for (i = j = 0; i < nseen; i++)
		j += cnt[i];
	if (nseen)
		fprintf(fp, "<details><summary>%d uncertain: %d reason%s"
		    "</summary>", j, nseen, nseen == 1 ? "" : "s");
	for (i = 0; i < nseen; i++) {
		fprintf(fp, "%s%d&times; ", i ? "<br>" : "", cnt[i]);
		h_chips(fp, why[i], cav[i], NULL);
	}
	if (nseen)
		fputs("</details>", fp);
	for (i = j = 0; i < s->r->pcmp[pair].n; i++)
		j += inscope(&s->r->cmp[s->r->pcmp[pair].v[i]], suite) &&
		    s->r->cmp[s->r->pcmp[pair].v[i]].cls == KP_NCLASS;
	if (j)
		fprintf(fp, "%s<b>%d not classified</b> (no class: run "
		    "kp-classify)", nseen ? "; " : "", j);
}

void
h_pairtable(FILE *fp, struct hsite *s, int suite)
{
	struct counts k;
	int p;

	fputs("<table class=\"sort\"><thead><tr><th>baseline</th><th>target</th>",
	    fp);
	h_countshead(fp);
	fputs("<th>uncertain because</th></tr></thead><tbody>\n", fp);
	for (p = 0; p < s->r->npair; p++) {
		h_count(s, p, suite, &k);
		/* the kernel page lists every pair, a suite page those it has */
		if (suite >= 0 && k.n == 0)
			continue;
		fprintf(fp, "<tr><td><a href=\"#pair%d\">", p);
		h_esc(fp, s->r->pair[p].base_kernel);
		fprintf(fp, "</a></td><td><a href=\"#pair%d\">", p);
		h_esc(fp, s->r->pair[p].target_kernel);
		fputs("</a></td>", fp);
		h_countscells(fp, &k);
		fputs("<td class=\"why fold\">", fp);
		reasons(fp, s, p, suite);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
}

void
h_pairhead(FILE *fp, struct hsite *s, int pair)
{
	fprintf(fp, "<h2 id=\"pair%d\">", pair);
	h_pairname(fp, s, pair);
	fputs("</h2>\n", fp);
}
